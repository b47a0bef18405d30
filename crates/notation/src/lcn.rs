//! lcn (to be written).

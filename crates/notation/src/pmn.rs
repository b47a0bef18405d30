//! pmn (to be written).

//! pcn (to be written).

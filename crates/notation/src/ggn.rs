//! ggn (to be written).

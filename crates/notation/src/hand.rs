//! hand (to be written).

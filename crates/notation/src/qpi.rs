//! qpi (to be written).

//! snn (to be written).

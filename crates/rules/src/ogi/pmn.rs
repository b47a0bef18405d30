//! PMN.

//! The Ōgi rule system. (To be written.)

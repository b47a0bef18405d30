//! The Chess rule system. (To be written.)

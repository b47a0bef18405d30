//! The position commands for ogi. (To be written.)
use std::process::ExitCode;

use crate::cmd;
use crate::games::PositionInput;

/// `tegoma moves` for ogi.
pub fn moves(_a: &cmd::moves::Args, _input: &PositionInput) -> ExitCode {
    crate::fail("NotImplemented", "ogi moves are not implemented yet")
}

/// `tegoma perft` for ogi.
pub fn perft(_a: &cmd::perft::Args, _input: &PositionInput) -> ExitCode {
    crate::fail("NotImplemented", "ogi perft is not implemented yet")
}

/// `tegoma status` for ogi.
pub fn status(_a: &cmd::status::Args, _input: &PositionInput) -> ExitCode {
    crate::fail("NotImplemented", "ogi status is not implemented yet")
}

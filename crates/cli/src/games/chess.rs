//! The position commands for chess. (To be written.)
use std::process::ExitCode;

use crate::cmd;
use crate::games::PositionInput;

/// `tegoma moves` for chess.
pub fn moves(_a: &cmd::moves::Args, _input: &PositionInput) -> ExitCode {
    crate::fail("NotImplemented", "chess moves are not implemented yet")
}

/// `tegoma perft` for chess.
pub fn perft(_a: &cmd::perft::Args, _input: &PositionInput) -> ExitCode {
    crate::fail("NotImplemented", "chess perft is not implemented yet")
}

/// `tegoma status` for chess.
pub fn status(_a: &cmd::status::Args, _input: &PositionInput) -> ExitCode {
    crate::fail("NotImplemented", "chess status is not implemented yet")
}

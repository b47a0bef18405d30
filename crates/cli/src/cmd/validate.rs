//! `tegoma validate KIND TEXT` (to be written).
use std::process::ExitCode;

/// Arguments of `tegoma validate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The notation: pin epin sin snn qpi cell hand feen pmn cgsn lcn ggn pcn.
    pub kind: String,
    /// The text, or `-` to read standard input (one input per line; one document for lcn, ggn
    /// and pcn, whose TEXT is otherwise a file path).
    pub text: String,
}

/// Runs `tegoma validate`.
pub fn run(_a: Args) -> ExitCode {
    crate::fail("NotImplemented", "validate is not implemented yet")
}

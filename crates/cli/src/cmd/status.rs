//! `tegoma status [GAME] [--feen FEEN | --fen FEN]`
use std::process::ExitCode;

/// Arguments of `tegoma status`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub position: super::PositionArgs,
}

/// Runs `tegoma status`: the inferable CGSN statuses that hold, space-separated (`-` when
/// none).
pub fn run(a: Args) -> ExitCode {
    match a.position.position(Ok) {
        Ok(p) => {
            let s = p.statuses();
            crate::print_lines([if s.is_empty() {
                "-".to_string()
            } else {
                s.to_string()
            }])
        }
        Err(e) => crate::fail_with(&e),
    }
}

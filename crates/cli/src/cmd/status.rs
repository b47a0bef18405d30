//! `tegoma status [GAME] [--feen FEEN | --fen FEN] [--json]`
use std::process::ExitCode;

/// Arguments of `tegoma status`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub position: super::PositionArgs,
    /// One JSON object: `{"statuses":["check","checkmate"]}` (`[]` when none).
    #[arg(long)]
    pub json: bool,
}

/// Runs `tegoma status`: the inferable CGSN statuses that hold, space-separated (`-` when
/// none).
pub fn run(a: Args) -> ExitCode {
    match a.position.position(Ok) {
        Ok(p) => {
            let s = p.statuses();
            if a.json {
                let names: Vec<&str> = s.iter().map(|x| x.as_str()).collect();
                return crate::print_lines([serde_json::json!({ "statuses": names })]);
            }
            crate::print_lines([if s.is_empty() {
                "-".to_string()
            } else {
                s.to_string()
            }])
        }
        Err(e) => crate::fail_with(&e),
    }
}

//! `tegoma perft DEPTH [GAME] [--feen FEEN | --fen FEN] [--divide [--san | --uci]] [--no-bulk]
//! [--no-privilege] [--bench]`
use std::process::ExitCode;
use std::time::Instant;

use tegoma_notation::Invalid;

/// The deepest perft the command runs (deeper ones would not end in any useful time).
const MAX_PERFT_DEPTH: u32 = 15;

/// Arguments of `tegoma perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The depth in plies.
    pub depth: u32,
    #[command(flatten)]
    pub position: super::PositionArgs,
    /// First print `MOVE COUNT` for each root move (PMN unless `--san` or `--uci`).
    #[arg(long)]
    pub divide: bool,
    /// With `--divide`: root moves in SAN (chess).
    #[arg(long, requires = "divide", conflicts_with = "uci")]
    pub san: bool,
    /// With `--divide`: root moves as UCI strings (chess), to compare with other engines.
    #[arg(long, requires = "divide")]
    pub uci: bool,
    /// Play every leaf move instead of counting the last ply from the move list.
    #[arg(long)]
    pub no_bulk: bool,
    /// Ōgi: every capture demotes (no King's privilege), as engines without it count.
    #[arg(long)]
    pub no_privilege: bool,
    /// Also print the time and the nodes per second (two lines before `nodes`).
    #[arg(long)]
    pub bench: bool,
}

/// Runs `tegoma perft`: with `--divide` a `MOVE COUNT` line per root move (sorted), then
/// `nodes N`.
pub fn run(a: Args) -> ExitCode {
    let no_privilege = a.no_privilege;
    let pos = match a.position.position(|r| {
        if no_privilege {
            Ok(r.without_privilege()?)
        } else {
            Ok(r)
        }
    }) {
        Ok(p) => p,
        Err(e) => return crate::fail_with(&e),
    };
    if a.depth > MAX_PERFT_DEPTH {
        return crate::fail(
            "DepthTooLarge",
            format!("depth {} exceeds {MAX_PERFT_DEPTH}", a.depth),
        );
    }
    let start = Instant::now();
    let bulk = !a.no_bulk;
    let mut lines = Vec::new();
    let nodes = if a.divide && a.depth > 0 {
        let rows = match pos.divide(a.depth, bulk, super::moves::format(a.san, a.uci)) {
            Ok(r) => r,
            Err(e) => return crate::fail_with(&Invalid::from(e)),
        };
        lines.extend(rows.iter().map(|(m, n)| format!("{m} {n}")));
        rows.iter().map(|r| r.1).sum()
    } else {
        pos.perft(a.depth, bulk)
    };
    if a.bench {
        let secs = start.elapsed().as_secs_f64();
        lines.push(format!("time {secs:.3} s"));
        lines.push(format!("nps {:.0}", nodes as f64 / secs.max(1e-9)));
    }
    lines.push(format!("nodes {nodes}"));
    crate::print_lines(lines)
}

//! `tegoma perft DEPTH [GAME] [--feen FEEN | --fen FEN] [--divide [--san | --uci]] [--no-bulk]
//! [--no-privilege] [--bench] [--json]`
//!
//! A run that lasts more than a second reports its progress on standard error, at most once a
//! second: root moves done, nodes counted so far, time. (The environment variable
//! `TEGOMA_PROGRESS_AFTER_MS` changes when the first report comes, for tests.)
use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde_json::json;
use tegoma_game::{AnyPosition, MoveFormat};
use tegoma_notation::Invalid;

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
    /// One JSON object per line: `{"move":M,"nodes":N}` per root move with `--divide`, then
    /// `{"depth":D,"nodes":N}` (with `"seconds"` and `"nps"` under `--bench`).
    #[arg(long)]
    pub json: bool,
}

/// Progress on standard error for runs longer than a second.
struct Progress {
    depth: u32,
    start: Instant,
    next: Duration,
    roots: usize,
    roots_done: usize,
    nodes: u64,
}

impl Progress {
    fn add(&mut self, nodes: u64) {
        self.nodes += nodes;
        let t = self.start.elapsed();
        if t >= self.next {
            crate::out::diagnostic(format_args!(
                "progress: perft {}: {}/{} root moves done, {} nodes so far, {:.1} s",
                self.depth,
                self.roots_done,
                self.roots,
                self.nodes,
                t.as_secs_f64()
            ));
            self.next = t + Duration::from_secs(1);
        }
    }
}

/// The leaf count of `pos` at `depth`, split over the moves of the first `split` plies so that
/// progress can be reported between the parts.
fn count(pos: &AnyPosition, depth: u32, bulk: bool, split: u32, progress: &mut Progress) -> u64 {
    if split == 0 || depth <= 2 {
        let n = pos.perft(depth, bulk);
        progress.add(n);
        return n;
    }
    let moves = pos.legal_moves(MoveFormat::Pmn).unwrap_or_default();
    let mut total = 0;
    for m in moves {
        let mut next = pos.clone();
        // A legal move, written by the rule system itself, plays back.
        if next.play(&m).is_ok() {
            total += count(&next, depth - 1, bulk, split - 1, progress);
        }
    }
    total
}

/// `(root move in format, leaf count)` for every root move (sorted), with progress.
fn divide(
    pos: &AnyPosition,
    depth: u32,
    bulk: bool,
    format: MoveFormat,
    progress: &mut Progress,
) -> Result<Vec<(String, u64)>, Invalid> {
    let moves = pos.legal_moves(format)?;
    progress.roots = moves.len();
    let mut rows = Vec::with_capacity(moves.len());
    for m in moves {
        let mut next = pos.clone();
        next.play(&m).map_err(|e| Invalid {
            kind: "IllegalMove",
            message: format!("root move {m} does not play back: {e}"),
        })?;
        let n = if depth == 1 {
            progress.add(1);
            1
        } else {
            count(&next, depth - 1, bulk, 1, progress)
        };
        progress.roots_done += 1;
        rows.push((m, n));
    }
    rows.sort();
    Ok(rows)
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
    let start = Instant::now();
    let first_report = std::env::var("TEGOMA_PROGRESS_AFTER_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(Duration::from_secs(1), Duration::from_millis);
    let mut progress = Progress {
        depth: a.depth,
        start,
        next: first_report,
        roots: 0,
        roots_done: 0,
        nodes: 0,
    };
    let bulk = !a.no_bulk;
    let mut lines = Vec::new();
    let format = if a.divide {
        super::moves::format(a.san, a.uci)
    } else {
        MoveFormat::Pmn
    };
    let nodes = if a.depth >= 3 || a.divide && a.depth > 0 {
        let rows = match divide(&pos, a.depth, bulk, format, &mut progress) {
            Ok(r) => r,
            Err(e) => return crate::fail_with(&e),
        };
        if a.divide {
            lines.extend(rows.iter().map(|(m, n)| {
                if a.json {
                    json!({ "move": m, "nodes": n }).to_string()
                } else {
                    format!("{m} {n}")
                }
            }));
        }
        rows.iter().map(|r| r.1).sum()
    } else {
        pos.perft(a.depth, bulk)
    };
    let secs = start.elapsed().as_secs_f64();
    let nps = nodes as f64 / secs.max(1e-9);
    if a.json {
        let mut o = json!({ "depth": a.depth, "nodes": nodes });
        if a.bench {
            o["seconds"] = json!(secs);
            o["nps"] = json!(nps.round());
        }
        lines.push(o.to_string());
    } else {
        if a.bench {
            lines.push(format!("time {secs:.3} s"));
            lines.push(format!("nps {nps:.0}"));
        }
        lines.push(format!("nodes {nodes}"));
    }
    crate::print_lines(lines)
}

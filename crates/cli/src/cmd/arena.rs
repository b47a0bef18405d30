//! `tegoma match`: a match between two engines (UCI or SEI commands), with Tegoma's match as the
//! arbiter. The flags follow cutechess-cli and fastchess; the logic is in `tegoma-arena`.
//!
//! A progress line per game goes to standard error; the result (wins, draws, losses, Elo with
//! its 95% interval, SPRT) to standard output, as text or as one JSON object (`--json`).
use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

use serde_json::json;
use tegoma_arena::game::Termination;
use tegoma_arena::openings::{random_openings_where, read_openings};
use tegoma_arena::player::Timeouts;
use tegoma_arena::stats::{elo_text, Sprt, SprtModel, SprtState, MIN_GAMES, MIN_PAIRS};
use tegoma_arena::tc::Tc;
use tegoma_arena::tournament::{self, Config, Finished, Outputs};
use tegoma_arena::{EngineSpec, Proto};
use tegoma_game::replay::result_mark;
use tegoma_game::rules::Uci;
use tegoma_game::Rules;

/// Arguments of `tegoma match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (`chess`, `ogi`, `kogoma`, …).
    #[arg(long, default_value = "chess")]
    pub rules: String,
    /// Ōgi without the King's privilege (every capture demotes); implied when an engine speaks
    /// UCI in Ōgi (Fairy-Stockfish has no privilege).
    #[arg(long)]
    pub no_privilege: bool,
    /// An engine, twice (A then B; scores are A's):
    /// `cmd=COMMAND,proto=uci|sei,name=NAME,dir=PATH,option.NAME=VALUE`.
    #[arg(
        long = "engine",
        required = true,
        num_args = 1,
        allow_hyphen_values = true
    )]
    pub engines: Vec<String>,
    /// The number of games (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Time control `[MOVES/]TIME[+INC]` in seconds, e.g. `10+0.1`, `40/60` (default `10+0.1`;
    /// with `--nodes`, `600+1`, a safety net only).
    #[arg(long)]
    pub tc: Option<String>,
    /// Nodes per move, as cutechess-cli's `nodes=`: engines get `go nodes N` (UCI) or
    /// `limits.nodes` (SEI) instead of the clock, which still runs as a safety net. Results then
    /// hardly depend on the machine's load.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: Option<u64>,
    /// Milliseconds an engine may exceed its time without losing.
    #[arg(long, default_value_t = 0)]
    pub timemargin: u64,
    /// Games played at once (each with its own two engine processes).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// A file of start positions, one a line: FEEN, or FEN/EPD for chess.
    #[arg(long, conflicts_with = "random_openings")]
    pub openings: Option<String>,
    /// Random openings of this many plies, seeded by `--seed` (default when no file: 8; at most
    /// 10 000 distinct openings, cycled).
    #[arg(long)]
    pub random_openings: Option<usize>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Keep only random openings that Tegoma's engine scores within this many centipawns of
    /// equal (a search of `--balance-nodes` nodes; others are drawn again), as balanced books
    /// do for cutechess or fastchess: random lines are often lost for one side already.
    #[arg(long, conflicts_with = "openings")]
    pub balanced: Option<u32>,
    /// Keep random openings that are already lost for one side. By default a random line that
    /// Tegoma's engine scores beyond 400 centipawns for either side after a search of 2 000
    /// nodes (a piece left hanging, a mate coming) is drawn again; `--balanced` replaces that
    /// filter with its own.
    #[arg(long, conflicts_with_all = ["openings", "balanced"])]
    pub keep_lost_openings: bool,
    /// The nodes of `--balanced`'s search.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub balance_nodes: u64,
    /// Write the games as PGN here (chess only: refused for other games, which PGN cannot hold;
    /// use `--pcn`).
    #[arg(long)]
    pub pgn: Option<String>,
    /// Write the games as PCN here, one record a line (JSON Lines).
    #[arg(long)]
    pub pcn: Option<String>,
    /// A sequential probability ratio test (fastchess's generalized SPRT on the pairs):
    /// `elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=logistic|normalized]`; the match stops when it
    /// decides.
    #[arg(long, num_args = 1.., value_delimiter = ' ')]
    pub sprt: Option<Vec<String>>,
    /// Adjudicate a draw after this many plies.
    #[arg(long, default_value_t = 1000)]
    pub max_plies: usize,
    /// The event name in the records.
    #[arg(long, default_value = "tegoma match")]
    pub event: String,
    /// Seconds an engine may take to start and answer its handshake.
    #[arg(long, default_value_t = 30)]
    pub start_timeout: u64,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// No progress lines.
    #[arg(long)]
    pub quiet: bool,
}

/// The default filter of random openings: a line scored beyond this many centipawns for either
/// side is drawn again (`--keep-lost-openings` keeps it).
const LOST_OPENING_CP: u32 = 400;

/// The nodes of the default filter's search.
const LOST_OPENING_NODES: u64 = 2_000;

fn create(path: &str) -> std::io::Result<Box<dyn Write + Send>> {
    Ok(Box::new(BufWriter::new(File::create(path)?)))
}

fn progress(f: &Finished<'_>, names: &[String; 2]) {
    let r = f.record;
    let outcome = r.game.outcome();
    let statuses = outcome.map(|o| o.statuses.to_string()).unwrap_or_default();
    let detail = r.detail();
    let s = f.standing;
    let elo = s
        .estimate()
        .map(|(e, _)| format!(", Elo {}", e.text()))
        .unwrap_or_default();
    let sprt = s
        .sprt
        .map(|(llr, _)| format!(", LLR {llr:.2}"))
        .unwrap_or_default();
    eprintln!(
        "game {}/{} ({}): {} - {} {} {}{}{} | {}: {}W {}D {}L{elo}{sprt}",
        f.number,
        s.planned,
        f.opening,
        r.names[0],
        r.names[1],
        result_mark(outcome.as_ref()),
        statuses,
        if detail.is_empty() { "" } else { ": " },
        detail,
        names[0],
        s.wdl.wins,
        s.wdl.draws,
        s.wdl.losses,
    );
}

/// Runs `tegoma match`.
pub fn run(a: Args) -> ExitCode {
    let fail = |kind: &str, msg: String| -> ExitCode { crate::fail(kind, msg) };
    if a.engines.len() != 2 {
        return fail(
            "Usage",
            format!("two --engine are needed, {} given", a.engines.len()),
        );
    }
    let mut engines = Vec::new();
    for e in &a.engines {
        match EngineSpec::parse(e) {
            Ok(s) => engines.push(s),
            Err(err) => return fail("InvalidEngine", err.to_string()),
        }
    }
    let mut rules = match Rules::by_name(&a.rules) {
        Ok(r) => r,
        Err(e) => return fail("UnknownGame", e.to_string()),
    };
    // A UCI engine plays a variant as Fairy-Stockfish defines it (Ōgi: no King's privilege).
    let uci_variant = matches!(rules.formats().uci, Uci::Variant(_))
        && engines.iter().any(|e| e.proto == Proto::Uci);
    if a.no_privilege {
        rules = match rules.without_privilege() {
            Ok(r) => r,
            Err(e) => return fail("Unsupported", e.to_string()),
        };
    } else if uci_variant {
        rules = rules.clone().without_privilege().unwrap_or(rules);
    }
    let tc_text =
        a.tc.clone()
            .unwrap_or_else(|| if a.nodes.is_some() { "600+1" } else { "10+0.1" }.to_string());
    let tc = match Tc::parse(&tc_text) {
        Ok(t) => t,
        Err(e) => return fail("InvalidTimeControl", e.to_string()),
    };
    let sprt = match &a.sprt {
        Some(items) => match Sprt::parse(&items.join(" ")) {
            Ok(s) => Some(s),
            Err(e) => return fail("InvalidSprt", e.to_string()),
        },
        None => None,
    };
    if a.games == 0 || a.games > 1_000_000 {
        return fail("Usage", "--games must be from 1 to 1000000".into());
    }
    if a.random_openings.is_some_and(|n| n > 200) {
        return fail("Usage", "--random-openings is at most 200 plies".into());
    }
    if a.pgn.is_some() && !rules.formats().pgn {
        // Refused before anything is written: PGN is chess notation.
        let e = tournament::ArenaError::PgnUnsupported {
            rules: rules.name().to_string(),
        };
        return fail("Unsupported", e.to_string());
    }
    let openings = match &a.openings {
        Some(path) => read_openings(&rules, path),
        None => {
            let mut engine = tegoma_engine::Engine::new(rules.clone());
            // `--balanced CP` with its nodes, else the default "not already lost" filter.
            let filter = match a.balanced {
                Some(cp) => Some((cp, a.balance_nodes)),
                None if a.keep_lost_openings => None,
                None => Some((LOST_OPENING_CP, LOST_OPENING_NODES)),
            };
            let mut accept = |m: &tegoma_game::AnyMatch| {
                filter.is_none_or(|(cp, nodes)| {
                    engine
                        .evaluate(m, nodes)
                        .is_ok_and(|score| score.unsigned_abs() <= cp)
                })
            };
            random_openings_where(
                &rules,
                a.random_openings.unwrap_or(8),
                // At most 10 000 distinct openings; longer matches cycle through them.
                a.games.div_ceil(2).min(10_000),
                a.seed,
                &mut accept,
            )
        }
    };
    let openings = match openings {
        Ok(o) => o,
        Err(e) => return fail("InvalidOpenings", e.to_string()),
    };
    let mut outputs = Outputs {
        pgn: None,
        pcn: None,
    };
    for (path, slot, what) in [
        (&a.pgn, &mut outputs.pgn, "PGN"),
        (&a.pcn, &mut outputs.pcn, "PCN"),
    ] {
        if let Some(p) = path {
            match create(p) {
                Ok(w) => *slot = Some(w),
                Err(e) => return fail("Io", format!("cannot create the {what} file {p}: {e}")),
            }
        }
    }
    let names = [engines[0].name.clone(), engines[1].name.clone()];
    let engines: [EngineSpec; 2] = [engines[0].clone(), engines[1].clone()];
    let config = Config {
        rules,
        engines,
        games: a.games,
        tc,
        nodes: a.nodes,
        margin_ms: a.timemargin,
        concurrency: a.concurrency.max(1),
        openings,
        sprt,
        max_plies: a.max_plies.max(1),
        event: a.event.clone(),
        timeouts: Timeouts {
            start: std::time::Duration::from_secs(a.start_timeout.max(1)),
            ..Timeouts::default()
        },
    };
    let quiet = a.quiet;
    let mut terminations = [0usize; 4];
    let result = tournament::run(&config, outputs, |f| {
        match f.record.termination {
            Termination::IllegalMove { .. } => terminations[0] += 1,
            Termination::TimeForfeit { .. } => terminations[1] += 1,
            Termination::Abandoned { .. } => terminations[2] += 1,
            Termination::Adjudicated => terminations[3] += 1,
            // A match's games end; only `tegoma play` leaves one.
            Termination::Normal | Termination::Unterminated => {}
        }
        if !quiet {
            progress(f, &names);
        }
    });
    let standing = match result {
        Ok(s) => s,
        Err(e @ tournament::ArenaError::Unsupported { .. })
        | Err(e @ tournament::ArenaError::PgnUnsupported { .. }) => {
            return fail("Unsupported", e.to_string())
        }
        Err(e) => return fail("Match", e.to_string()),
    };
    let estimate = standing.estimate();
    let wdl = standing.wdl;
    let sprt_state = standing.sprt.map(|(llr, st)| {
        let word = match st {
            SprtState::Continue => "continue",
            SprtState::AcceptH0 => "H0 accepted",
            SprtState::AcceptH1 => "H1 accepted",
        };
        (llr, word)
    });
    let lines = if a.json {
        let est = estimate.map(|(e, model)| {
            json!({
                "model": model, "n": e.n, "score": e.score,
                "elo": finite(e.elo), "elo_low": finite(e.elo_low), "elo_high": finite(e.elo_high),
                "too_few": e.too_few,
            })
        });
        let mut v = json!({
            "rules": config.rules.name(),
            "engines": names,
            "games": standing.finished,
            "wins": wdl.wins, "draws": wdl.draws, "losses": wdl.losses,
            "score": wdl.score(),
            "pentanomial": standing.pairs.0,
            "elo": est,
            "illegal_moves": terminations[0], "time_losses": terminations[1],
            "crashes": terminations[2], "adjudicated": terminations[3],
            "failures_by_engine": standing.failures,
        });
        if let (Some(s), Some((llr, word))) = (&config.sprt, sprt_state) {
            let (lo, hi) = s.bounds();
            v["sprt"] = json!({"llr": llr, "lower": lo, "upper": hi, "state": word,
                "elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta,
                "model": model_name(s.model)});
        }
        vec![v.to_string()]
    } else {
        let mut l = vec![
            format!(
                "{} vs {} ({}, {} games, tc {})",
                names[0],
                names[1],
                config.rules.name(),
                standing.finished,
                config.tc.text
            ),
            format!(
                "score of {}: {}W {}D {}L  {:.1}%",
                names[0],
                wdl.wins,
                wdl.draws,
                wdl.losses,
                wdl.score() * 100.0
            ),
        ];
        if let Some((e, model)) = estimate {
            let unit = if model == "pentanomial" {
                "pairs"
            } else {
                "games"
            };
            if e.too_few {
                let least = if model == "pentanomial" {
                    MIN_PAIRS
                } else {
                    MIN_GAMES
                };
                let counted = if e.n == 1 {
                    &unit[..unit.len() - 1]
                } else {
                    unit
                };
                l.push(format!(
                    "Elo difference: {} (too few {unit} for an interval: {} {counted}, at \
                     least {least} needed)",
                    elo_text(e.elo),
                    e.n
                ));
            } else {
                let margin = e.elo_margin();
                let margin = if margin.is_finite() {
                    format!(" ± {margin:.1}")
                } else {
                    String::new()
                };
                l.push(format!(
                    "Elo difference: {}{margin} (95%, {model}, {} {unit})",
                    elo_text(e.elo),
                    e.n
                ));
                l.push(format!(
                    "interval: [{}, {}]",
                    elo_text(e.elo_low),
                    elo_text(e.elo_high)
                ));
            }
        }
        let p = standing.pairs.0;
        l.push(format!(
            "pairs (0, 0.5, 1, 1.5, 2 points): {} {} {} {} {}",
            p[0], p[1], p[2], p[3], p[4]
        ));
        l.push(format!(
            "endings: {} illegal moves, {} time losses, {} crashes, {} adjudicated",
            terminations[0], terminations[1], terminations[2], terminations[3]
        ));
        if let (Some(s), Some((llr, word))) = (&config.sprt, sprt_state) {
            let (lo, hi) = s.bounds();
            l.push(format!(
                "SPRT elo0={} elo1={} alpha={} beta={}{}: LLR {llr:.3} (bounds {lo:.3}, {hi:.3}): {word}",
                s.elo0,
                s.elo1,
                s.alpha,
                s.beta,
                if s.model == SprtModel::Normalized {
                    " model=normalized"
                } else {
                    ""
                }
            ));
        }
        l
    };
    crate::print_lines(lines)
}

fn model_name(m: SprtModel) -> &'static str {
    match m {
        SprtModel::Logistic => "logistic",
        SprtModel::Normalized => "normalized",
    }
}

fn finite(x: f64) -> serde_json::Value {
    if x.is_finite() {
        // No negative zero in the output.
        json!(x + 0.0)
    } else if x > 0.0 {
        json!("+inf")
    } else {
        json!("-inf")
    }
}

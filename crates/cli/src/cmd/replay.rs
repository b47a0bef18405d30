//! `tegoma replay FILE [--format pgn|pcn] [--tsv | --json] [--fide-draws]`: replays every game
//! of a PGN or PCN record (several PCN records as JSON Lines or a JSON array), one line per game
//! on standard output; each game that could not be read or had an illegal ply is an `error:`
//! line on standard error, the other games are still replayed, and the exit code is 1.
use std::process::ExitCode;

use serde_json::{json, Value};
use tegoma_game::replay::{self, GameReport};
use tegoma_game::AutomaticDraws;
use tegoma_notation::Invalid;
use tegoma_pgn::replay::{self as pgn_replay, RecordFormat};

use crate::input::{self, FormatArg, Record};
use crate::out::Out;

/// Arguments of `tegoma replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A PGN or PCN file, or `-` for standard input.
    pub file: String,
    /// The record format (default: detected from the file name, else from the first bytes).
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// Tab-separated output: index, plies, statuses, result, final FEEN (a game that could not
    /// be read: `-` plies, `-` statuses, result `error`, `-` FEEN).
    #[arg(long, conflicts_with = "json")]
    pub tsv: bool,
    /// One JSON object per game (see docs/cli.md).
    #[arg(long)]
    pub json: bool,
    /// Draws as FIDE's Laws make them automatic, for records of games played under them: the
    /// fifth occurrence of a position and 75 moves without capture or pawn move end a game; the
    /// third occurrence and the fifty-move rule are claims (a claimed draw shows as the record's
    /// result). Default: ruling R3 (third occurrence, 100 plies).
    #[arg(long)]
    pub fide_draws: bool,
}

fn line(r: &GameReport) -> String {
    let mut s = format!(
        "game {}: {} plies, statuses {}, result {}, {}",
        r.index,
        r.plies,
        replay::statuses_text(r.statuses),
        r.result,
        r.feen
    );
    if let Some(d) = &r.disagreement {
        s.push_str(&format!(" (the record says {d})"));
    }
    s
}

fn tsv(r: &GameReport) -> String {
    if r.error.is_some() {
        format!("{}\t-\t-\terror\t-", r.index)
    } else {
        r.tsv()
    }
}

fn json_line(r: &GameReport) -> String {
    let statuses: Vec<&str> = r.statuses.iter().map(|s| s.as_str()).collect();
    let mut o = match &r.error {
        Some(e) => json!({
            "game": r.index,
            "error": { "kind": e.kind, "message": e.message },
        }),
        None => json!({
            "game": r.index,
            "plies": r.plies,
            "statuses": statuses,
            "result": r.result,
            "feen": r.feen,
        }),
    };
    if let Some(b) = &r.bad_ply {
        o["illegal"] = json!({
            "ply": b.ply,
            "move": b.text,
            "kind": b.reason.kind,
            "message": b.reason.message,
        });
    }
    if let Some(d) = &r.disagreement {
        o["recorded"] = Value::String(d.clone());
    }
    o.to_string()
}

/// The `error:` line's kind and explanation for a game that failed, if it did.
fn problem(r: &GameReport) -> Option<(&'static str, String)> {
    if let Some(e) = &r.error {
        return Some((
            e.kind,
            format!("game {}: unreadable: {}", r.index, e.message),
        ));
    }
    r.bad_ply.as_ref().map(|b| {
        (
            b.reason.kind,
            format!(
                "game {}: illegal ply {} ({}): {}",
                r.index, b.ply, b.text, b.reason.message
            ),
        )
    })
}

/// Runs `tegoma replay`.
pub fn run(a: Args) -> ExitCode {
    let (format, reader) = match input::open(&a.file, a.format) {
        Ok(x) => x,
        Err(e) => return crate::fail("Io", format!("{}: {e}", a.file)),
    };
    let mut out = Out::new();
    let mut bad = false;
    let mut each = |r: GameReport| {
        if let Some((kind, text)) = problem(&r) {
            bad = true;
            crate::out::error(kind, text);
        }
        let text = if a.json {
            json_line(&r)
        } else if a.tsv {
            tsv(&r)
        } else if r.error.is_none() {
            line(&r)
        } else {
            return;
        };
        out.line(text);
    };
    let draws = a.fide_draws.then_some(AutomaticDraws::FIDE);
    match format {
        RecordFormat::Pgn => pgn_replay::replay_pgn_stream_with(reader, draws, &mut each),
        RecordFormat::Pcn => {
            for (i, record) in input::records(format, reader) {
                let report = match record {
                    Ok(Record::Pcn(pcn)) => replay::replay_pcn_with(i, &pcn, draws),
                    Ok(Record::Pgn(g)) => pgn_replay::replay_pgn_game_with(i, &g, draws),
                    Err(e) => failed(i, e),
                };
                each(report);
            }
        }
    }
    out.finish(!bad)
}

/// The report of a record that could not be read.
fn failed(index: usize, error: Invalid) -> GameReport {
    GameReport {
        index,
        plies: 0,
        statuses: tegoma_notation::cgsn::StatusSet::EMPTY,
        result: "*",
        feen: String::new(),
        bad_ply: None,
        error: Some(error),
        disagreement: None,
    }
}

//! `tegoma convert --to feen|fen|pcn|pgn [--format pgn|pcn] [--fide-draws] INPUT`
//!
//! Records: every game is converted on its own; a game that cannot be read or converted is an
//! `error:` line on standard error (with its index), the others are still converted, and the
//! exit code is 1. Several PCN records are written as JSON Lines (one compact record per line),
//! one record pretty-printed (ruling R8).
use std::process::ExitCode;

use tegoma_game::record;
use tegoma_game::{AnyPosition, AutomaticDraws, Rules, Unsupported};
use tegoma_notation::pcn::Pcn;
use tegoma_notation::Invalid;
use tegoma_pgn::replay::RecordFormat;
use tegoma_pgn::{write_game, PgnGame};

use crate::input::{self, FormatArg, Record};
use crate::out::Out;

/// Arguments of `tegoma convert`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The target format: `feen` or `fen` (a position), `pcn` or `pgn` (a game record).
    #[arg(long)]
    pub to: String,
    /// The record format of INPUT (default: detected from the file name, else from the first
    /// bytes).
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// Records: draws as FIDE's Laws make them automatic (fifth occurrence, 75 moves), for games
    /// played under them that go on after a third occurrence or fifty moves (as `replay
    /// --fide-draws`). Default: ruling R3.
    #[arg(long)]
    pub fide_draws: bool,
    /// The position text, or the record's file path (`-` for standard input).
    #[arg(allow_hyphen_values = true)]
    pub input: String,
}

/// Runs `tegoma convert`.
pub fn run(a: Args) -> ExitCode {
    match a.to.as_str() {
        // A chess position, FEN <-> FEEN (the input's format is recognised).
        "feen" | "fen" => convert_position(&a.to, &a.input),
        "pcn" | "pgn" => convert_record(&a),
        other => crate::fail(
            "UnknownFormat",
            format!("unknown target format {other:?} (expected feen, fen, pcn or pgn)"),
        ),
    }
}

/// One record, read and checked, as a canonical PCN record (every ply replayed), with the
/// warnings of its conversion.
fn to_pcn(
    record: Record,
    draws: Option<AutomaticDraws>,
) -> Result<(Pcn, Vec<tegoma_pgn::Warning>), Invalid> {
    match record {
        Record::Pgn(g) => Ok(tegoma_pgn::pgn_to_pcn_with(&g, draws)?),
        Record::Pcn(p) => {
            let m = input::pcn_match(&p, draws)?;
            Ok((record::match_to_pcn(&m, Some(&p))?, Vec::new()))
        }
    }
}

/// The warnings of a second leg (PCN -> PGN) that the first (-> PCN) has not given already: a
/// record's stated result that the replay contradicts is said once (the first leg keeps it as
/// `outcome.stated`, which the second would report again).
fn second_leg(
    first: &[tegoma_pgn::Warning],
    second: Vec<tegoma_pgn::Warning>,
) -> Vec<tegoma_pgn::Warning> {
    let said = |k| first.iter().any(|w| w.kind == k);
    second
        .into_iter()
        .filter(|w| !(w.kind == tegoma_pgn::WarningKind::OutcomeDisagrees && said(w.kind)))
        .collect()
}

/// Warnings of a game's conversion (what a form cannot hold), on standard error (R9).
fn warn(i: usize, warnings: &[tegoma_pgn::Warning]) {
    for w in warnings {
        crate::out::diagnostic(format_args!("warning: game {i}: {w}"));
    }
}

/// The PGN text of a game.
fn pgn_text(g: &PgnGame) -> Result<String, Invalid> {
    let mut buf = Vec::new();
    write_game(&mut buf, g).map_err(|e| Invalid {
        kind: "InvalidPgn",
        message: format!("cannot be written as PGN: {e}"),
    })?;
    String::from_utf8(buf).map_err(|_| Invalid {
        kind: "InvalidPgn",
        message: "the PGN writer wrote text that is not UTF-8".to_string(),
    })
}

/// A converted record.
enum Converted {
    /// A PCN record.
    Pcn(Box<Pcn>),
    /// The text of a PGN game.
    Pgn(String),
}

/// PGN → PCN or PCN → PGN (a record already in the target format is checked and rewritten
/// canonically), game by game.
fn convert_record(a: &Args) -> ExitCode {
    let (format, reader) = match input::open(&a.input, a.format) {
        Ok(x) => x,
        Err(e) => return crate::fail("Io", format!("{}: {e}", a.input)),
    };
    let draws = a.fide_draws.then_some(AutomaticDraws::FIDE);
    let to_pgn = a.to == "pgn";
    let mut out = Out::new();
    let mut bad = false;
    // PCN: the first record waits until it is known whether the input has a second (JSON
    // Lines) or not (one pretty-printed record).
    let mut first: Option<Pcn> = None;
    for (i, record) in input::records(format, reader) {
        if out.failed() {
            break;
        }
        // A second record in the input: the output is JSON Lines, whatever failed.
        if i == 1 {
            if let Some(f) = first.take() {
                out.line(compact(&f));
            }
        }
        let converted = record.and_then(|r| to_pcn(r, draws));
        if let Ok((_, ws)) = &converted {
            warn(i, ws);
        }
        let converted = match converted {
            Ok((pcn, first_ws)) if to_pgn => tegoma_pgn::pcn_to_pgn_with(&pcn, draws)
                .map_err(Invalid::from)
                .and_then(|(g, ws)| {
                    warn(i, &second_leg(&first_ws, ws));
                    pgn_text(&g)
                })
                .map(Converted::Pgn),
            Ok((pcn, _)) => Ok(Converted::Pcn(Box::new(pcn))),
            Err(e) => Err(e),
        };
        match converted {
            Err(e) => {
                bad = true;
                let what = if format == RecordFormat::Pgn {
                    "game"
                } else {
                    "record"
                };
                crate::out::error(e.kind, format_args!("{what} {i}: {}", e.message));
            }
            Ok(Converted::Pgn(text)) => {
                // The writer ends every game with a blank line: games follow one another.
                out.text(&text);
            }
            Ok(Converted::Pcn(pcn)) => {
                if i == 0 {
                    first = Some(*pcn);
                    continue;
                }
                out.line(compact(&pcn));
            }
        }
    }
    if let Some(f) = first {
        out.text(&f.to_json());
    }
    out.finish(!bad)
}

/// A PCN record on one line (JSON Lines).
fn compact(pcn: &Pcn) -> String {
    pcn.to_value().to_string()
}

/// `--to feen|fen`: a position from FEEN (any game, recognised by its last field, the
/// style-turn field) or FEN (chess), written in the other notation.
fn convert_position(to: &str, text: &str) -> ExitCode {
    let is_feen = text.rsplit(' ').next().is_some_and(|f| f.contains('/'));
    let pos = if is_feen {
        AnyPosition::from_feen(None, text)
    } else {
        // FEEN has no place for the FEN's halfmove clock and move number: say so (R9).
        if to == "feen" {
            if let Ok((_, ws)) = tegoma_pgn::fen_to_feen(text) {
                ws.iter()
                    .for_each(|w| crate::out::diagnostic(format_args!("warning: {w}")));
            }
        }
        AnyPosition::from_fen(Rules::chess(), text)
    };
    let written = pos.and_then(|p| match to {
        "feen" => Ok(p.feen()),
        _ => p
            .fen()
            .ok_or_else(|| Unsupported::new("FEN", p.rules().name()).into()),
    });
    match written {
        Ok(t) => crate::print_lines([t]),
        Err(e) => crate::fail_with(&Invalid::from(e)),
    }
}

//! `tegoma convert --to feen|fen|pcn|pgn INPUT`
use std::io::{self, Write};
use std::process::ExitCode;

use tegoma_game::pgn::{write_game, PgnReader};
use tegoma_game::record;
use tegoma_game::replay::RecordFormat;
use tegoma_game::{AnyPosition, Rules, Unsupported};
use tegoma_notation::Invalid;

/// Arguments of `tegoma convert`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The target format: `feen` or `fen` (a position), `pcn` or `pgn` (a game record).
    #[arg(long)]
    pub to: String,
    /// The position text, or the record's file path (`-` for standard input).
    pub input: String,
}

/// Runs `tegoma convert`.
pub fn run(a: Args) -> ExitCode {
    match a.to.as_str() {
        // A chess position, FEN <-> FEEN (the input's format is recognised).
        "feen" | "fen" => convert_position(&a.to, &a.input),
        "pcn" | "pgn" => convert_record(&a.to, &a.input),
        other => crate::fail(
            "UnknownFormat",
            format!("unknown target format {other:?} (expected feen, fen, pcn or pgn)"),
        ),
    }
}

/// PGN → PCN (one JSON document per game, separated by a blank line) or PCN → PGN; a record
/// already in the target format is checked and rewritten canonically.
fn convert_record(to: &str, file: &str) -> ExitCode {
    let (format, reader) = match super::replay::open(file) {
        Ok(x) => x,
        Err(e) => return crate::fail("Io", format!("{file}: {e}")),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match format {
        RecordFormat::Pgn => {
            for (i, game) in PgnReader::new(reader).enumerate() {
                // Warnings (what a form cannot hold) go to standard error (R9).
                let warn = |ws: Vec<record::Warning>| {
                    ws.iter().for_each(|w| eprintln!("warning: game {i}: {w}"))
                };
                let converted = game.map_err(tegoma_notation::Invalid::from).and_then(|g| {
                    let (pcn, ws) = record::pgn_to_pcn_with_warnings(&g)?;
                    warn(ws);
                    match to {
                        "pcn" => Ok(pcn.to_json()),
                        _ => {
                            let (back, ws) = record::pcn_to_pgn_with_warnings(&pcn)?;
                            warn(ws);
                            Ok(pgn_text(&back))
                        }
                    }
                });
                match converted {
                    Ok(text) => {
                        if i > 0 {
                            let _ = writeln!(out);
                        }
                        let _ = write!(out, "{text}");
                    }
                    Err(e) => {
                        let _ = out.flush();
                        drop(out);
                        return crate::fail(e.kind, format!("game {i}: {}", e.message));
                    }
                }
            }
        }
        RecordFormat::Pcn => {
            let converted = super::replay::read_pcn(reader).and_then(|pcn| match to {
                "pgn" => {
                    let (game, ws) = record::pcn_to_pgn_with_warnings(&pcn)?;
                    ws.iter().for_each(|w| eprintln!("warning: {w}"));
                    Ok(pgn_text(&game))
                }
                _ => {
                    Ok(record::match_to_pcn(&record::match_from_pcn(&pcn)?, Some(&pcn))?.to_json())
                }
            });
            match converted {
                Ok(text) => {
                    let _ = write!(out, "{text}");
                }
                Err(e) => {
                    drop(out);
                    return crate::fail(e.kind, e.message);
                }
            }
        }
    }
    let _ = out.flush();
    ExitCode::SUCCESS
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
            if let Ok((_, ws)) = record::fen_to_feen(text) {
                ws.iter().for_each(|w| eprintln!("warning: {w}"));
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

fn pgn_text(g: &tegoma_game::pgn::PgnGame) -> String {
    let mut buf = Vec::new();
    // Writing into memory cannot fail.
    let _ = write_game(&mut buf, g);
    String::from_utf8_lossy(&buf).into_owned()
}

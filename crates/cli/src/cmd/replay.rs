//! `tegoma replay FILE [--tsv] [--fide-draws]`: replays every game of a PGN or PCN record
//! (detected), one line per game; exit code 1 if any game had an illegal ply or could not be
//! read.
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::ExitCode;

use tegoma_game::replay::{self, GameReport, RecordFormat};
use tegoma_game::AutomaticDraws;
use tegoma_notation::pcn::{Pcn, MAX_DOCUMENT_BYTES};

/// Arguments of `tegoma replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A PGN or PCN file (detected), or `-` for standard input.
    pub file: String,
    /// Tab-separated output: index, plies, statuses, result, final FEEN.
    #[arg(long)]
    pub tsv: bool,
    /// Draws as FIDE's Laws make them automatic, for records of games played under them: the
    /// fifth occurrence of a position and 75 moves without capture or pawn move end a game; the
    /// third occurrence and the fifty-move rule are claims (a claimed draw shows as the record's
    /// result). Default: ruling R3 (third occurrence, 100 plies).
    #[arg(long)]
    pub fide_draws: bool,
}

/// Opens FILE (or standard input for `-`) buffered, with its first bytes for detection.
pub(crate) fn open(file: &str) -> io::Result<(RecordFormat, Box<dyn BufRead>)> {
    let mut reader: Box<dyn BufRead> = if file == "-" {
        Box::new(BufReader::with_capacity(1 << 16, io::stdin()))
    } else {
        Box::new(BufReader::with_capacity(1 << 16, File::open(file)?))
    };
    let head = reader.fill_buf()?;
    let format = replay::detect(file, &head[..head.len().min(4096)]);
    Ok((format, reader))
}

/// Reads a PCN document of at most [`MAX_DOCUMENT_BYTES`] (plus one byte, so that the parser
/// reports the excess).
pub(crate) fn read_pcn(reader: Box<dyn BufRead>) -> Result<Pcn, tegoma_notation::Invalid> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_DOCUMENT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| tegoma_notation::Invalid {
            kind: "Io",
            message: e.to_string(),
        })?;
    let text = String::from_utf8(bytes).map_err(|_| tegoma_notation::Invalid {
        kind: "NotUtf8",
        message: "a PCN document is UTF-8 text".to_string(),
    })?;
    Ok(Pcn::parse(&text)?)
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

fn problem(r: &GameReport) -> Option<String> {
    if let Some(e) = &r.error {
        return Some(format!("game {}: unreadable: {e}", r.index));
    }
    r.bad_ply.as_ref().map(|b| {
        format!(
            "game {}: illegal ply {} ({}): {}",
            r.index, b.ply, b.text, b.reason
        )
    })
}

/// Runs `tegoma replay`.
pub fn run(a: Args) -> ExitCode {
    let (format, reader) = match open(&a.file) {
        Ok(x) => x,
        Err(e) => return crate::fail("Io", format!("{}: {e}", a.file)),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut bad = false;
    let mut each = |r: GameReport| {
        if let Some(p) = problem(&r) {
            bad = true;
            if a.tsv {
                eprintln!("{p}");
            } else {
                let _ = writeln!(out, "{p}");
            }
        }
        if r.error.is_none() || a.tsv {
            let text = if a.tsv { r.tsv() } else { line(&r) };
            let _ = writeln!(out, "{text}");
        }
    };
    let draws = a.fide_draws.then_some(AutomaticDraws::FIDE);
    match format {
        RecordFormat::Pgn => replay::replay_pgn_stream_with(reader, draws, &mut each),
        RecordFormat::Pcn => match read_pcn(reader) {
            Ok(pcn) => each(replay::replay_pcn_with(0, &pcn, draws)),
            Err(e) => {
                drop(out);
                return crate::fail(e.kind, e.message);
            }
        },
    }
    let _ = out.flush();
    if bad {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

//! Record inputs shared by `convert` and `replay`: a file or standard input, its format (named
//! with `--format` or detected), and its records one at a time (PGN games, or PCN records as
//! ruling R8 lays them out: one record, JSON Lines or a JSON array).
use std::fs::File;
use std::io::{self, BufRead, BufReader};

use tegoma_game::record;
use tegoma_game::{AnyMatch, AutomaticDraws};
use tegoma_notation::pcn::stream::Records;
use tegoma_notation::pcn::Pcn;
use tegoma_notation::Invalid;
use tegoma_pgn::replay::{self, RecordFormat};
use tegoma_pgn::{PgnGame, PgnReader};

/// The record format named on the command line (`--format pgn|pcn`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// PGN (chess).
    Pgn,
    /// PCN (JSON or TOML; several records as JSON Lines or a JSON array).
    Pcn,
}

/// Opens FILE (or standard input for `-`) buffered, in the named format or the detected one.
pub fn open(file: &str, named: Option<FormatArg>) -> io::Result<(RecordFormat, Box<dyn BufRead>)> {
    let mut reader: Box<dyn BufRead> = if file == "-" {
        Box::new(BufReader::with_capacity(1 << 16, io::stdin()))
    } else {
        Box::new(BufReader::with_capacity(1 << 16, File::open(file)?))
    };
    let format = match named {
        Some(FormatArg::Pgn) => RecordFormat::Pgn,
        Some(FormatArg::Pcn) => RecordFormat::Pcn,
        None => {
            let head = reader.fill_buf()?;
            replay::detect(file, &head[..head.len().min(4096)])
        }
    };
    Ok((format, reader))
}

/// One record of either format.
pub enum Record {
    /// A PGN game.
    Pgn(PgnGame),
    /// A PCN record.
    Pcn(Box<Pcn>),
}

/// The records of an input, numbered from 0; a record that cannot be read is an error in its
/// place and the next ones are still read.
pub fn records(
    format: RecordFormat,
    reader: Box<dyn BufRead>,
) -> Box<dyn Iterator<Item = (usize, Result<Record, Invalid>)>> {
    match format {
        RecordFormat::Pgn => Box::new(
            PgnReader::new(reader)
                .map(|g| g.map(Record::Pgn).map_err(Invalid::from))
                .enumerate(),
        ),
        RecordFormat::Pcn => Box::new(
            Records::new(reader)
                .map(|r| r.map(|p| Record::Pcn(Box::new(p))).map_err(Invalid::from))
                .enumerate(),
        ),
    }
}

/// Replays a PCN record into a match ([`record::match_from_pcn_with`], which refuses a ply the
/// clock would leave out silently).
///
/// # Errors
/// The setup, a refused ply, or a ply played after the flag fell (its number and why).
pub fn pcn_match(pcn: &Pcn, draws: Option<AutomaticDraws>) -> Result<AnyMatch, Invalid> {
    Ok(record::match_from_pcn_with(pcn, draws)?)
}

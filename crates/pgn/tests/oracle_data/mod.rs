//! The frozen python-chess oracle games (written by `scripts/python_chess_oracle.py`; its
//! docstring gives the format), stored as gzip shards of at most 400 games each
//! (`tests/data/python_chess_games.N.tsv.gz`, none above 1 MB) and read here as one text.
//! Shared by the tests that use them and, through `#[path]`, by the PGN benches.

use std::io::Read;
use std::sync::OnceLock;

use flate2::read::GzDecoder;

const SHARDS: [(&str, &[u8]); 3] = [
    (
        "python_chess_games.0.tsv.gz",
        include_bytes!("../data/python_chess_games.0.tsv.gz"),
    ),
    (
        "python_chess_games.1.tsv.gz",
        include_bytes!("../data/python_chess_games.1.tsv.gz"),
    ),
    (
        "python_chess_games.2.tsv.gz",
        include_bytes!("../data/python_chess_games.2.tsv.gz"),
    ),
];

/// The whole TSV: the shards decompressed and concatenated in order (each starts with the same
/// `#` comment lines, which every reader skips). Decompressed once per process.
pub fn tsv() -> &'static str {
    static TSV: OnceLock<String> = OnceLock::new();
    TSV.get_or_init(|| {
        let mut text = String::new();
        for (name, gz) in SHARDS {
            GzDecoder::new(gz)
                .read_to_string(&mut text)
                .unwrap_or_else(|e| panic!("tests/data/{name}: {e}"));
        }
        text
    })
}

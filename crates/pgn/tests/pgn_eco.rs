//! Real opening lines: Debian's `pgn-extract` package ships `eco.pgn` (2014 ECO lines in
//! `/usr/share/pgn-extract/eco.pgn` in pgn-extract 19.04). The file is not copied into the
//! repository: this test reads it where the package put it, or from `TEGOMA_ECO_PGN`, and fails
//! (saying how to get it) when neither exists. CI (`.ci/run`) installs the package:
//! `apt-get install pgn-extract`.

use std::fs::File;
use std::io::BufReader;

use tegoma_pgn::{game_to_string, PgnReader, PgnResult};

#[path = "support/eco.rs"]
mod eco;
use eco::eco_path;

#[test]
fn eco_pgn_reads_whole_without_error() {
    let path = eco_path();
    let reader = PgnReader::new(BufReader::new(File::open(&path).unwrap()));
    let mut games = 0usize;
    let mut plies = 0usize;
    for (i, game) in reader.enumerate() {
        let game = game.unwrap_or_else(|e| panic!("{}: game {i}: {e}", path.display()));
        // Every line is classified and unfinished.
        let eco = game
            .tag("ECO")
            .unwrap_or_else(|| panic!("game {i} has no ECO tag"));
        assert!(
            eco.len() == 3 && ('A'..='E').contains(&eco.chars().next().unwrap()),
            "{eco}"
        );
        assert!(game.tag("Opening").is_some(), "game {i}");
        assert!(!game.moves.is_empty(), "game {i}");
        assert_eq!(game.result, Some(PgnResult::Unknown), "game {i}");
        // Write and read back.
        let export = game.to_export();
        let text = game_to_string(&export).unwrap();
        let back = PgnReader::new(text.as_bytes()).next().unwrap().unwrap();
        assert_eq!(back, export, "game {i}");
        games += 1;
        plies += game.moves.len();
    }
    eprintln!("{}: {games} games, {plies} plies", path.display());
    // pgn-extract 19.04's file (254,744 bytes) holds 2014 lines and 20,697 main-line plies, as
    // python-chess 1.11.2 counts them (`chess.pgn.read_game`, games with an ECO tag).
    if std::fs::metadata(&path).unwrap().len() == 254_744 {
        assert_eq!((games, plies), (2014, 20_697));
    } else {
        assert!(games >= 2000, "{games} games");
    }
}

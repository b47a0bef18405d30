//! Real opening lines: every line of Debian's `pgn-extract` `eco.pgn` (2014 SAN lines,
//! `/usr/share/pgn-extract/eco.pgn`, or the file named by `TEGOMA_ECO_PGN`) replayed through the
//! chess rules without an illegal ply. Fails, saying how to get the file, when it is absent
//! (`apt-get install -y pgn-extract`; `.ci/run` installs it).

use std::fs::File;
use std::io::BufReader;

use tegoma_pgn::replay::replay_pgn_stream;

#[path = "support/eco.rs"]
mod eco;
use eco::eco_path;

#[test]
fn eco_lines_replay_without_error() {
    let path = eco_path();
    let mut games = 0;
    let mut plies = 0;
    let mut mates = 0;
    replay_pgn_stream(BufReader::new(File::open(&path).unwrap()), |r| {
        assert!(
            r.is_ok(),
            "{}: game {}: {:?} {:?}",
            path.display(),
            r.index,
            r.error,
            r.bad_ply
        );
        games += 1;
        plies += r.plies;
        if r.result != "*" {
            mates += 1;
        }
    });
    assert!(games >= 2000, "{games} games");
    assert!(plies > 10 * games, "{plies} plies");
    assert!(mates <= 5, "opening lines rarely end the game: {mates}");
}

//! The input shared by the PGN benches: the frozen python-chess oracle games
//! (`tests/data/python_chess_games.*.tsv.gz`) written as one multi-game PGN.

use std::path::PathBuf;

use tegoma_game::pgn::{game_to_string, Comment, PgnGame, PgnResult};

#[path = "../../tests/oracle_data/mod.rs"]
mod oracle_data;

/// The oracle games as one PGN text.
pub fn oracle_pgn() -> String {
    let mut out = String::new();
    let mut game: Option<PgnGame> = None;
    let flush = |g: Option<PgnGame>, out: &mut String| {
        if let Some(g) = g {
            out.push_str(&game_to_string(&g).expect("valid tags"));
        }
    };
    for line in oracle_data::tsv().lines() {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "G" => {
                flush(game.take(), &mut out);
                let mut g = PgnGame::default();
                g.set_tag("Event", "tegoma python-chess oracle");
                g.set_tag("Site", "?");
                g.set_tag("Date", "2026.11.22");
                g.set_tag("Round", f[1]);
                g.set_tag("White", "Random, Seeded");
                g.set_tag("Black", "Random, Biased");
                g.set_tag("Result", f[4]);
                g.set_tag("Seed", f[2]);
                g.set_tag("Termination", f[5]);
                g.result = PgnResult::parse(f[4]);
                g.comments.push(Comment {
                    ply: 0,
                    text: format!("python-chess oracle game {}", f[1]),
                });
                game = Some(g);
            }
            "P" => {
                if let Some(g) = game.as_mut() {
                    g.moves.push(f[4].parse().expect("oracle SAN"));
                }
            }
            _ => {}
        }
    }
    flush(game, &mut out);
    out
}

/// The benches' input and its path: the file named by `TEGOMA_PGN_BENCH_FILE` when set, else
/// [`oracle_pgn`], also written to `target/pgn-bench/oracle-games.pgn` (under `CARGO_TARGET_DIR`
/// when set) so that `scripts/pgn_bench.py` times python-chess on the same bytes.
#[allow(dead_code)] // each bench uses what it needs
pub fn bench_input() -> (String, Vec<u8>) {
    if let Some(path) = std::env::var_os("TEGOMA_PGN_BENCH_FILE") {
        let bytes = std::fs::read(&path).expect("TEGOMA_PGN_BENCH_FILE readable");
        return (PathBuf::from(path).display().to_string(), bytes);
    }
    let text = oracle_pgn();
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    let dir = target.join("pgn-bench");
    let path = dir.join("oracle-games.pgn");
    if std::fs::create_dir_all(&dir).is_ok() {
        let _ = std::fs::write(&path, &text);
    }
    (path.display().to_string(), text.into_bytes())
}

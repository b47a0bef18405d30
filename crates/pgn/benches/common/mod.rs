//! The input shared by the PGN benches: the frozen python-chess oracle games
//! (`tests/data/python_chess_games.*.tsv.gz`) written as one multi-game PGN.

use std::path::PathBuf;

use tegoma_pgn::{game_to_string, ChessMatch, Comment, PgnGame, PgnResult};

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

/// A small deterministic generator (SplitMix64), so that the corpus is the same on every run.
#[allow(dead_code)]
struct SplitMix(u64);

#[allow(dead_code)]
impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `count` seeded random legal games (seed `seed`), written by the PGN writer with eleven tags
/// each (the seven-tag roster plus `WhiteElo`, `BlackElo`, `ECO`, `TimeControl`) and no comment.
/// Each game is played by the chess rules until it ends (any R3 ending) or reaches a length
/// drawn between 20 and 199 plies; a move is a capture when one exists with probability 2/5,
/// else any legal move. An unfinished game gets a drawn result (a resignation or agreement).
#[allow(dead_code)]
pub fn random_pgn(count: usize, seed: u64) -> String {
    use tegoma_game::Match;
    use tegoma_rules::chess::MoveList;
    use tegoma_rules::systems::Chess;

    let mut rng = SplitMix(seed);
    let mut out = String::new();
    let mut list = MoveList::new();
    for n in 0..count {
        let mut m = Match::new(Chess);
        let cap = 20 + rng.below(180);
        while m.plies().len() < cap && !m.is_over() {
            m.position().legal_moves_into(&mut list);
            let captures: Vec<_> = list.iter().filter(|mv| mv.is_capture()).copied().collect();
            let mv = if !captures.is_empty() && rng.below(5) < 2 {
                captures[rng.below(captures.len())]
            } else {
                list.as_slice()[rng.below(list.len())]
            };
            m.play_move(mv, None).expect("a legal move");
        }
        let result = match m.outcome() {
            Some(o) => tegoma_game::replay::result_mark(Some(&o)),
            None => ["1-0", "0-1", "1/2-1/2"][rng.below(3)],
        };
        let mut g = PgnGame::default();
        g.set_tag("Event", "Rated blitz game");
        g.set_tag("Site", "https://example.invalid/tegoma");
        g.set_tag("Date", "2026.11.23");
        g.set_tag("Round", "-");
        g.set_tag("White", &format!("player{}", rng.below(5000)));
        g.set_tag("Black", &format!("player{}", rng.below(5000)));
        g.set_tag("Result", result);
        g.set_tag("WhiteElo", &(1200 + rng.below(1500)).to_string());
        g.set_tag("BlackElo", &(1200 + rng.below(1500)).to_string());
        g.set_tag(
            "ECO",
            &format!("{}{:02}", ["A", "B", "C", "D", "E"][n % 5], rng.below(100)),
        );
        g.set_tag("TimeControl", "180+2");
        g.result = PgnResult::parse(result);
        g.moves = m
            .san_plies()
            .iter()
            .map(|s| s.parse().expect("SAN written reads back"))
            .collect();
        out.push_str(&game_to_string(&g).expect("valid tags"));
    }
    out
}

/// The corpus of `benches/pgn_vs_peer.rs`: the 1,000 python-chess oracle games ([`oracle_pgn`])
/// followed by 11,000 seeded random games ([`random_pgn`], seed 12), 12,000 games in all, also
/// written to `target/pgn-bench/corpus-12k.pgn` (under `CARGO_TARGET_DIR` when set). With
/// `TEGOMA_PGN_BENCH_FILE` set, that file instead.
#[allow(dead_code)]
pub fn corpus() -> (String, Vec<u8>) {
    if let Some(path) = std::env::var_os("TEGOMA_PGN_BENCH_FILE") {
        let bytes = std::fs::read(&path).expect("TEGOMA_PGN_BENCH_FILE readable");
        return (PathBuf::from(path).display().to_string(), bytes);
    }
    let mut text = oracle_pgn();
    text.push_str(&random_pgn(11_000, 12));
    let path = target_dir().join("pgn-bench").join("corpus-12k.pgn");
    if std::fs::create_dir_all(path.parent().expect("a parent")).is_ok() {
        let _ = std::fs::write(&path, &text);
    }
    (path.display().to_string(), text.into_bytes())
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"))
}

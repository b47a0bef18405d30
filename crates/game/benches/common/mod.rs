//! The input shared by the PGN benches: the frozen python-chess oracle games
//! (`tests/data/python_chess_games.tsv`) written as one multi-game PGN.

use tegoma_game::pgn::{game_to_string, Comment, PgnGame, PgnResult};

const DATA: &str = include_str!("../../tests/data/python_chess_games.tsv");

/// The oracle games as one PGN text.
pub fn oracle_pgn() -> String {
    let mut out = String::new();
    let mut game: Option<PgnGame> = None;
    let flush = |g: Option<PgnGame>, out: &mut String| {
        if let Some(g) = g {
            out.push_str(&game_to_string(&g).expect("valid tags"));
        }
    };
    for line in DATA.lines() {
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

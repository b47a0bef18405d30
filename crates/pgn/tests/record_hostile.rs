//! Hostile records: truncated files, huge numbers, deep nesting, a million-ply game, random
//! bytes. Each gives an error or a result: never a panic, a hang or unbounded memory.

use proptest::prelude::*;
use tegoma_game::record::match_from_pcn;
use tegoma_game::replay::{replay_pcn, GameReport};
use tegoma_notation::pcn::Pcn;
use tegoma_pgn::record::{pcn_to_pgn, pgn_to_pcn};
use tegoma_pgn::replay::replay_pgn_stream;

const START: &str = "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c";

fn replay_all(text: &[u8]) -> Vec<GameReport> {
    let mut out = Vec::new();
    replay_pgn_stream(text, |r| out.push(r));
    out
}

/// Everything a record can go through, on arbitrary text.
fn pcn_everything(text: &str) {
    if let Ok(p) = Pcn::parse(text) {
        let _ = replay_pcn(0, &p);
        let _ = match_from_pcn(&p);
        let _ = pcn_to_pgn(&p);
    }
}

#[test]
fn truncated_records() {
    let pcn = format!(
        r#"{{"setup": "{START}", "plies": ["e2-e4", "e7-e5"], "outcome": {{"result": "draw"}}}}"#
    );
    for n in 0..pcn.len() {
        if pcn.is_char_boundary(n) {
            pcn_everything(&pcn[..n]);
        }
    }
    let pgn =
        "[Event \"x\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n\n1. Rh8# {mate} (1. Rh7) 1-0\n";
    for n in 0..pgn.len() {
        for r in replay_all(&pgn.as_bytes()[..n]) {
            let _ = r.tsv();
        }
    }
}

#[test]
fn huge_numbers() {
    for periods in [
        r#"[{"time": 1e308, "inc": 1e308, "moves": 1e300}]"#,
        r#"[{"time": 18446744073709551616, "moves": 18446744073709551615}]"#,
        r#"[{"time": -1}]"#,
        r#"[{"time": 10, "moves": 0}]"#,
        r#"[{"time": 10, "moves": 1.5}]"#,
        r#"["fast"]"#,
    ] {
        let text = format!(
            r#"{{"setup": "{START}", "periods": {periods}, "plies": [{{"move": "e2-e4", "seconds": 1e308}}]}}"#
        );
        pcn_everything(&text);
    }
    // A huge halfmove clock and move number in a PGN FEN tag.
    let pgn = "[FEN \"k7/8/1K6/8/8/8/8/7R w - - 99999999999999999999 99999999999999999999\"]\n\n1. Rh8# 1-0\n";
    let r = replay_all(pgn.as_bytes());
    assert_eq!(r.len(), 1);
}

#[test]
fn deep_nesting() {
    let deep = format!(
        r#"{{"setup": "{START}", "meta": {{"x": {}1{}}}}}"#,
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    assert!(Pcn::parse(&deep).is_err());
    let toml = format!(
        "setup = \"{START}\"\nx = {}1{}\n",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    assert!(Pcn::parse(&toml).is_err());
    let pgn = format!("1. e4 {} e5 *\n", "(".repeat(100_000));
    let r = replay_all(pgn.as_bytes());
    assert!(r.iter().any(|g| g.error.is_some()));
}

#[test]
fn a_million_ply_game() {
    // Knight shuffles: the third occurrence ends the game at ply 8; the rest is refused at ply
    // 9 without being played.
    let mut pgn = String::from("[Event \"long\"]\n\n");
    for i in 0..250_000 {
        pgn.push_str(&format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * i + 1, 2 * i + 2));
    }
    pgn.push_str("*\n");
    let r = replay_all(pgn.as_bytes());
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].plies, 8);
    assert_eq!(r[0].bad_ply.as_ref().unwrap().ply, 9);
    assert!(pgn_to_pcn(
        &tegoma_pgn::PgnReader::new(pgn.as_bytes())
            .next()
            .unwrap()
            .unwrap()
    )
    .is_err());
    // As PCN: too large a document is refused before parsing.
    let mut pcn = format!(r#"{{"setup": "{START}", "plies": ["#);
    for _ in 0..250_000 {
        pcn.push_str(r#""g1-f3","g8-f6","f3-g1","f6-g8","#);
    }
    pcn.push_str(r#""e2-e4"]}"#);
    assert!(Pcn::parse(&pcn).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn pgn_replay_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        for r in replay_all(&bytes) {
            let _ = r.tsv();
        }
    }

    #[test]
    fn pgn_replay_of_mutated_games_never_panics(
        cut in 0usize..120,
        junk in "[ -~]{0,12}",
    ) {
        let base = "[Event \"e\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 0 1\"]\n\n1. Rh7 Kb8 2. Rh8# 1-0\n\n1. e4 e5 2. Nf3 Nc6 *\n";
        let cut = cut.min(base.len());
        let text = format!("{}{}{}", &base[..cut], junk, &base[cut..]);
        for r in replay_all(text.as_bytes()) {
            let _ = r.tsv();
        }
        // The SAN fast path agrees with move-by-move play on whatever the mutation left.
        tegoma_pgn::replay::fuzz_replay(text.as_bytes());
    }

    /// Random legal games written in SAN, some moves respelled (no check sign, full origin,
    /// zeros for castling) and one replaced by random SAN: the fast path and move-by-move play
    /// agree on every ply, the ending and the first bad ply.
    #[test]
    fn san_fast_path_agrees_on_random_games(
        picks in proptest::collection::vec(any::<u32>(), 0..120),
        spell in proptest::collection::vec(0u8..4, 120),
        bad_at in 0usize..160,
        bad in "[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8]",
    ) {
        use tegoma_rules::chess::{MoveList, Position};
        let mut p = Position::startpos();
        let mut list = MoveList::new();
        let mut out = Vec::new();
        for (i, &pick) in picks.iter().enumerate() {
            if i == bad_at {
                out.push(bad.clone());
            }
            p.legal_moves_into(&mut list);
            if list.is_empty() {
                break;
            }
            let mv = list[pick as usize % list.len()];
            let san = p.to_san(mv);
            let uci = mv.to_uci();
            out.push(match spell[i] {
                1 => san.trim_end_matches(['+', '#']).to_string(),
                2 if san.starts_with(['N', 'B', 'R', 'Q', 'K']) => {
                    let tail = san.trim_start_matches(|c: char| c.is_ascii_uppercase());
                    let to = &uci[2..4];
                    let capture = if tail.contains('x') { "x" } else { "" };
                    format!("{}{}{capture}{to}", &san[..1], &uci[..2])
                }
                3 => san.replace('O', "0"),
                _ => san,
            });
            p.play_unchecked(mv);
        }
        let text = format!("{} *\n", out.join(" "));
        tegoma_pgn::replay::fuzz_replay(text.as_bytes());
    }

    /// Random SAN-shaped movetexts (mostly illegal somewhere): the fast path and move-by-move
    /// play stop at the same ply with the same position.
    #[test]
    fn san_fast_path_agrees_on_random_movetext(
        moves in proptest::collection::vec(
            "([NBRQK]?[a-h]?[1-8]?x?[a-h][1-8](=[NBRQ])?|O-O|O-O-O)[+#]?",
            0..40,
        ),
        fen in prop::sample::select(vec![
            "",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ]),
    ) {
        let tags = if fen.is_empty() { String::new() } else { format!("[FEN \"{fen}\"]\n\n") };
        let text = format!("{tags}{} *\n", moves.join(" "));
        tegoma_pgn::replay::fuzz_replay(text.as_bytes());
    }

    #[test]
    fn pcn_readers_never_panic(
        plies in proptest::collection::vec("[a-h][1-8][-+~][a-h][1-8]", 0..12),
        secs in proptest::collection::vec(any::<f64>(), 0..12),
    ) {
        let items: Vec<String> = plies
            .iter()
            .zip(secs.iter().chain(std::iter::repeat(&0.0)))
            .map(|(p, s)| format!(r#"{{"move": "{p}", "seconds": {}}}"#, if s.is_finite() { s.abs().to_string() } else { "0".into() }))
            .collect();
        let text = format!(r#"{{"setup": "{START}", "periods": [{{"time": 5, "moves": 1}}], "plies": [{}]}}"#, items.join(","));
        pcn_everything(&text);
    }
}

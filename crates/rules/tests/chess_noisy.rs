//! The captures-and-promotions generator (`Position::noisy_moves_into`) gives exactly the legal
//! moves that capture or promote, in every position of the perft suite's trees.
use tegoma_rules::chess::{MoveList, Position};

const SUITE: &str = include_str!("chess_data/perftsuite.epd");

/// Compares both generators at `pos` and below it to `depth`; returns the positions seen.
fn walk(pos: &Position, depth: u32) -> u64 {
    let all = pos.legal_moves();
    let mut expected: Vec<_> = all
        .iter()
        .copied()
        .filter(|m| m.is_capture() || m.promotion_role().is_some())
        .collect();
    let mut noisy = MoveList::new();
    pos.noisy_moves_into(&mut noisy);
    let mut got: Vec<_> = noisy.as_slice().to_vec();
    let key = |m: &tegoma_rules::chess::Move| m.to_uci();
    expected.sort_by_key(key);
    got.sort_by_key(key);
    assert_eq!(got, expected, "{}", pos.to_fen());
    let mut n = 1;
    if depth > 0 {
        for &m in all.iter() {
            n += walk(&pos.after_unchecked(m), depth - 1);
        }
    }
    n
}

#[test]
fn noisy_moves_are_the_legal_captures_and_promotions() {
    let mut seen = 0;
    for (i, line) in SUITE.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let fen = line.split(';').next().unwrap().trim();
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        // The first positions (start, Kiwipete, ...) one ply deeper.
        seen += walk(&pos, if i < 8 { 3 } else { 2 });
    }
    assert!(seen > 100_000, "{seen}");
}

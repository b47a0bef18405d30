//! Differential test against Fairy-Stockfish (PyPI `pyffish` with `oracles/ogi.ini`): positions
//! from seeded random play and Fairy-Stockfish's perft counts at depths 1-3, frozen into
//! `data/ogi_fsf_perft.txt` by `scripts/ogi_oracle.py` (depths 1-2 by pyffish; depth 3 by a native
//! build of the same Fairy-Stockfish source, after checking that it agrees with pyffish at depths
//! 1-2 on every position). Fairy-Stockfish has neither the King's
//! privilege nor sennichite, so the comparison is with the no-privilege, history-free counts.
use tegoma_rules::ogi::{Move, MoveList, PerftOptions, Position};

const DATA: &str = include_str!("data/ogi_fsf_perft.txt");

struct Row<'a> {
    feen: &'a str,
    counts: Vec<Option<u64>>,
    moveset: Option<&'a str>,
}

fn rows() -> Vec<Row<'static>> {
    DATA.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split(';');
            let feen = f.next().unwrap();
            let fields: Vec<&str> = f.collect();
            let counts = fields.iter().take(3).map(|c| c.parse().ok()).collect();
            Row {
                feen,
                counts,
                moveset: fields.get(3).copied(),
            }
        })
        .collect()
}

const NO_PRIVILEGE: PerftOptions = PerftOptions {
    privilege: false,
    bulk: true,
};

#[test]
fn the_frozen_data_is_large_enough() {
    let r = rows();
    assert!(r.len() >= 1000, "{} positions", r.len());
    let d3 = r
        .iter()
        .filter(|r| r.counts.get(2).copied().flatten().is_some())
        .count();
    assert!(d3 >= 1000, "{d3} positions with depth 3");
}

#[test]
fn feen_round_trips_on_every_oracle_position() {
    for r in rows() {
        let p = Position::from_feen(r.feen).unwrap_or_else(|e| panic!("{}: {e}", r.feen));
        assert_eq!(p.to_feen(), r.feen);
        assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    }
}

#[test]
fn perft_depths_1_and_2_match_fairy_stockfish() {
    for r in rows() {
        let p = Position::from_feen(r.feen).unwrap();
        for d in 1..=2u32 {
            if let Some(expected) = r.counts[d as usize - 1] {
                assert_eq!(
                    p.perft_with(d, NO_PRIVILEGE),
                    expected,
                    "{} depth {d}",
                    r.feen
                );
            }
        }
    }
}

#[test]
fn perft_depth_3_matches_fairy_stockfish() {
    let mut n = 0;
    for r in rows() {
        if let Some(Some(expected)) = r.counts.get(2) {
            let p = Position::from_feen(r.feen).unwrap();
            assert_eq!(
                p.perft_with(3, NO_PRIVILEGE),
                *expected,
                "{} depth 3",
                r.feen
            );
            n += 1;
        }
    }
    assert!(n > 0);
}

/// A move as Fairy-Stockfish writes it in UCI: `e3e4`, `e6e7+`, `S@c3` (drops uppercase).
fn fsf_uci(m: Move) -> String {
    let sq = |s: tegoma_rules::kit::Square| s.to_string();
    match m.from() {
        None => format!("{}@{}", m.role().letter() as char, sq(m.to())),
        Some(f) => format!(
            "{}{}{}",
            sq(f),
            sq(m.to()),
            if m.is_promotion() { "+" } else { "" }
        ),
    }
}

fn fnv1a(s: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The legal move sets themselves (not only their sizes) equal Fairy-Stockfish's: the data holds
/// the FNV-1a hash of its sorted UCI move list for each position.
#[test]
fn legal_move_sets_match_fairy_stockfish() {
    let mut l = MoveList::new();
    let mut n = 0;
    for r in rows() {
        let Some(expected) = r.moveset else { continue };
        let p = Position::from_feen(r.feen).unwrap();
        p.moves_with(false, &mut l);
        let mut v: Vec<String> = l.iter().map(|&m| fsf_uci(m)).collect();
        v.sort();
        assert_eq!(fnv1a(&v.join(" ")), expected, "{}: {}", r.feen, v.join(" "));
        n += 1;
    }
    assert!(n >= 1000, "{n} move sets");
}

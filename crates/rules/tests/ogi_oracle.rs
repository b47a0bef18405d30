//! Differential test against Fairy-Stockfish (PyPI `pyffish` with `oracles/ogi.ini`): positions
//! from seeded random play and Fairy-Stockfish's perft counts at depths 1-3, frozen into
//! `data/ogi_fsf_perft.txt` by `scripts/ogi_oracle.py`. Fairy-Stockfish has neither the King's
//! privilege nor sennichite, so the comparison is with the no-privilege, history-free counts.
use tegoma_rules::ogi::{PerftOptions, Position};

const DATA: &str = include_str!("data/ogi_fsf_perft.txt");

struct Row<'a> {
    feen: &'a str,
    counts: Vec<Option<u64>>,
}

fn rows() -> Vec<Row<'static>> {
    DATA.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split(';');
            let feen = f.next().unwrap();
            let counts = f.map(|c| c.parse().ok()).collect();
            Row { feen, counts }
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
    assert!(d3 >= 100, "{d3} positions with depth 3");
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

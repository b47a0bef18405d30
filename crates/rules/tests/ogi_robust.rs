//! No input panics: arbitrary strings as FEEN and as PMN (in positions from random play).
use proptest::prelude::*;
use tegoma_rules::ogi::{MoveList, Position};

fn positions() -> Vec<Position> {
    let mut out = vec![Position::startpos()];
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut l = MoveList::new();
    let mut p = Position::startpos();
    for _ in 0..200 {
        p.legal_moves_into(&mut l);
        if l.is_empty() {
            p = Position::startpos();
            continue;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        p.play_unchecked(l.as_slice()[(seed % l.len() as u64) as usize]);
        out.push(p);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn pmn_never_panics(s in "[a-j0-9+*=/.~\\-^'KkIiRrBbSsNnLlPpQ]{0,30}", i in 0usize..200) {
        let ps = positions();
        let p = &ps[i % ps.len()];
        if let Ok(m) = p.parse_pmn(&s) {
            // whatever parses is a legal move, and formats back to a form that parses to it
            let mut l = MoveList::new();
            p.legal_moves_into(&mut l);
            prop_assert!(l.contains(m));
            prop_assert_eq!(p.parse_pmn(&p.move_to_pmn(m)), Ok(m));
        }
    }

    #[test]
    fn feen_never_panics(s in "[1-9/ +^'KkIiRrBbSsNnLlPpQOoC]{0,80}") {
        if let Ok(p) = Position::from_feen(&s) {
            prop_assert_eq!(Position::from_feen(&p.to_feen()), Ok(p));
            let _ = p.statuses();
            let _ = p.perft(2);
        }
    }
}

//! Chess against Ōgi: no input panics. Arbitrary strings as FEEN (and mutations of valid
//! positions, which reach the checks a random string seldom does) and as PMN in positions from
//! random play of both army orders; what is accepted round-trips.
use proptest::prelude::*;
use tegoma_rules::chess_ogi::{MoveList, Position, START_CHESS_FIRST, START_OGI_FIRST};

fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut l = MoveList::new();
    for start in [START_CHESS_FIRST, START_OGI_FIRST] {
        let mut p = Position::from_feen(start).unwrap();
        out.push(p);
        for _ in 0..150 {
            p.legal_moves_into(&mut l);
            if l.is_empty() {
                p = Position::from_feen(start).unwrap();
                continue;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            p.play_unchecked(l.as_slice()[(seed % l.len() as u64) as usize]);
            out.push(p);
        }
    }
    out
}

fn check_accepted(p: &Position) -> Result<(), TestCaseError> {
    prop_assert_eq!(Position::from_feen(&p.to_feen()), Ok(*p));
    let _ = p.statuses();
    let _ = p.outcome();
    let _ = p.perft(2);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn pmn_never_panics(s in "[a-j0-9+*=/.~\\-^'KkIiRrBbSsNnLlPpQq]{0,30}", i in 0usize..300) {
        let ps = positions();
        let p = &ps[i % ps.len()];
        if let Ok(m) = p.parse_pmn(&s) {
            prop_assert!(p.legal_moves().contains(m));
            prop_assert_eq!(p.parse_pmn(&p.move_to_pmn(m)), Ok(m));
        }
    }

    #[test]
    fn feen_never_panics(s in "[1-9/ +\\-^'KkIiRrBbSsNnLlPpQqOoCc]{0,80}") {
        if let Ok(p) = Position::from_feen(&s) {
            check_accepted(&p)?;
        }
    }

    #[test]
    fn mutated_positions_never_panic(i in 0usize..300, at in 0usize..120, with in "[1-8/ +\\-^'KkIiRrBbSsNnLlPpQqOoCc]{1,3}") {
        let ps = positions();
        let feen = ps[i % ps.len()].to_feen();
        let at = at.min(feen.len());
        if !feen.is_char_boundary(at) {
            return Ok(());
        }
        let mut s = feen.clone();
        s.insert_str(at, &with);
        if let Ok(p) = Position::from_feen(&s) {
            check_accepted(&p)?;
        }
    }
}

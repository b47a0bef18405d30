//! Ōgi start-position perft against the published counts of `oracles/README.md` (two
//! independent generators, the no-privilege row also Fairy-Stockfish).
use tegoma_rules::ogi::{PerftOptions, Position};

const WITH_PRIVILEGE: [u64; 6] = [25, 625, 14_850, 358_253, 8_614_327, 211_171_273];
const NO_PRIVILEGE: [u64; 6] = [25, 625, 14_850, 358_251, 8_614_226, 211_155_062];

fn opts(privilege: bool, bulk: bool) -> PerftOptions {
    PerftOptions { privilege, bulk }
}

#[test]
fn start_with_privilege_to_depth_5() {
    let p = Position::startpos();
    for d in 1..=5 {
        assert_eq!(
            p.perft_with(d, opts(true, true)),
            WITH_PRIVILEGE[d as usize - 1],
            "depth {d}"
        );
    }
}

#[test]
fn start_without_privilege_to_depth_5() {
    let p = Position::startpos();
    for d in 1..=5 {
        assert_eq!(
            p.perft_with(d, opts(false, true)),
            NO_PRIVILEGE[d as usize - 1],
            "depth {d}"
        );
    }
}

#[test]
fn bulk_and_no_bulk_agree_to_depth_4() {
    let p = Position::startpos();
    for privilege in [true, false] {
        assert_eq!(
            p.perft_with(4, opts(privilege, false)),
            p.perft_with(4, opts(privilege, true))
        );
    }
}

/// Sennichite along each line at depth 5: 8,614,158 (privilege) and 8,614,057 (none), as
/// `oracles/README.md` publishes.
#[test]
fn start_depth_5_with_sennichite_along_the_line() {
    let p = Position::startpos();
    assert_eq!(p.perft_sennichite(5, true), 8_614_158);
    assert_eq!(p.perft_sennichite(5, false), 8_614_057);
}

/// Depth 6, both rows. Run with
/// `cargo test --release -p tegoma-rules --test ogi_perft -- --ignored`.
#[test]
#[ignore]
fn start_depth_6_both_rows() {
    let p = Position::startpos();
    assert_eq!(p.perft_with(6, opts(true, true)), WITH_PRIVILEGE[5]);
    assert_eq!(p.perft_with(6, opts(false, true)), NO_PRIVILEGE[5]);
}

#[test]
fn no_bulk_alias_and_divide_sum() {
    let p = Position::startpos();
    assert_eq!(p.perft_no_bulk(3), 14_850);
    let d = p.perft_divide(3, PerftOptions::default());
    assert_eq!(d.len(), 25);
    assert_eq!(d.iter().map(|x| x.1).sum::<u64>(), 14_850);
}

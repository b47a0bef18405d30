//! `AnyMatch::move_as`: one typed move written in another format, without playing it.

use tegoma_game::{AnyMatch, MoveFormat, Rules};

#[test]
fn a_typed_move_is_written_in_pmn_and_san() {
    let mut m = AnyMatch::new(Rules::by_name("chess").unwrap());
    let pmn = |m: &AnyMatch, t: &str| m.move_as(t, MoveFormat::Pmn).map(Result::unwrap);
    let san = |m: &AnyMatch, t: &str| m.move_as(t, MoveFormat::San).map(Result::unwrap);
    assert_eq!(pmn(&m, "Nf3").as_deref(), Some("g1-f3"));
    assert_eq!(san(&m, "e2-e4").as_deref(), Some("e4"));
    assert_eq!(m.ply_count(), 0, "nothing is played");
    // Not a legal move here, or not a move at all.
    assert_eq!(pmn(&m, "e2-e5"), None);
    assert_eq!(pmn(&m, "hello"), None);
    for mv in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"] {
        m.play(mv, None).unwrap();
    }
    // The capture that mates, as the scholar's mate is written.
    assert_eq!(san(&m, "h5+f7").as_deref(), Some("Qxf7#"));
    assert_eq!(pmn(&m, "Qxf7#").as_deref(), Some("h5+f7"));
}

#[test]
fn a_rule_system_without_san_says_so() {
    let m = AnyMatch::new(Rules::by_name("ogi").unwrap());
    assert_eq!(
        m.move_as("e3-e4", MoveFormat::Pmn)
            .map(Result::unwrap)
            .as_deref(),
        Some("e3-e4")
    );
    assert!(matches!(m.move_as("e3-e4", MoveFormat::San), Some(Err(_))));
}

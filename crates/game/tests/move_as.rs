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

#[test]
fn every_legal_move_is_visited_once_in_the_listed_order() {
    let mut m = AnyMatch::new(Rules::by_name("chess").unwrap());
    let visited = |m: &AnyMatch, f: MoveFormat| {
        let mut out = Vec::new();
        m.for_each_legal_move(f, |s| out.push(s.to_string()))
            .map(|()| out)
    };
    let start = visited(&m, MoveFormat::Pmn).unwrap();
    // The 20 moves of the chess start position, each once.
    assert_eq!(start.len(), 20);
    let mut unique = start.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 20);
    assert!(start.iter().any(|s| s == "e2-e4") && start.iter().any(|s| s == "g1-f3"));
    assert_eq!(start, m.legal_moves_as(MoveFormat::Pmn).unwrap());
    assert!(visited(&m, MoveFormat::San)
        .unwrap()
        .contains(&"Nf3".to_string()));
    // Fool's mate: none once the match is over.
    for mv in ["f3", "e5", "g4", "Qh4#"] {
        m.play(mv, None).unwrap();
    }
    assert_eq!(visited(&m, MoveFormat::Pmn).unwrap(), Vec::<String>::new());
    let ogi = AnyMatch::new(Rules::by_name("ogi").unwrap());
    assert!(visited(&ogi, MoveFormat::San).is_err());
    assert!(!visited(&ogi, MoveFormat::Pmn).unwrap().is_empty());
}

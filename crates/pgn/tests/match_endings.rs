//! Every automatic ending and explicit event of a match, chess and Ōgi, with positions whose
//! outcome is derived by hand from the rules (R3, R4).

use tegoma_game::{AnyMatch, Match, MatchError};
use tegoma_notation::NotationError;
use tegoma_pgn::ChessMatch;
use tegoma_protocol::{Decision, Outcome, Side};
use tegoma_rules::chess::San;
use tegoma_rules::ogi;
use tegoma_rules::systems::{Chess, Ogi};

fn names(o: Outcome) -> String {
    o.statuses
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn checkmate_then_refuses_moves_and_takes_back() {
    let mut m = Match::new(Chess);
    for mv in ["f2-f3", "e5", "g2g4"] {
        assert_eq!(m.play(mv).unwrap(), None);
    }
    let o = m.play("Qh4#").unwrap().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::Second));
    assert_eq!(names(o), "checkmate");
    assert!(matches!(m.play("a2-a3"), Err(MatchError::Finished(_))));
    assert!(matches!(
        m.resign(Side::First),
        Err(MatchError::Finished(_))
    ));
    m.take_back().unwrap();
    assert_eq!(m.outcome(), None);
    assert_eq!(m.plies().len(), 3);
    m.play("Nc6").unwrap();
    assert_eq!(m.san_plies(), ["f3", "e5", "g4", "Nc6"]);
    assert_eq!(m.pmn_plies(), ["f2-f3", "e7-e5", "g2-g4", "b8-c6"]);
}

#[test]
fn stalemate_is_a_draw() {
    let mut m = Match::from_fen("k7/8/8/2Q5/8/8/8/7K w - - 0 1").unwrap();
    let o = m.play("c5-b6").unwrap().unwrap();
    assert_eq!(o.decision, Decision::Draw);
    assert_eq!(names(o), "stalemate");
}

#[test]
fn insufficient_material_is_a_draw() {
    let mut m = Match::from_fen("k7/8/8/8/8/8/1r6/KN6 w - - 0 1").unwrap();
    let o = m.play("Kxb2").unwrap().unwrap();
    assert_eq!(o.decision, Decision::Draw);
    assert_eq!(names(o), "insufficient");
}

#[test]
fn third_occurrence_is_a_draw() {
    let mut m = Match::new(Chess);
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for mv in shuffle.iter().chain(&shuffle[..3]) {
        assert_eq!(m.play(mv).unwrap(), None, "{mv}");
    }
    assert_eq!(m.occurrences(), 2); // the position after Ng1 twice
    let o = m.play("Ng8").unwrap().unwrap();
    assert_eq!(o.decision, Decision::Draw);
    assert_eq!(names(o), "repetition");
    assert_eq!(m.occurrences(), 3);
}

#[test]
fn movelimit_and_checkmate_beats_it() {
    let mut m = Match::from_fen("k7/8/8/8/8/8/8/KR6 w - - 99 60").unwrap();
    let o = m.play("b1-b2").unwrap().unwrap();
    assert_eq!((o.decision, names(o)), (Decision::Draw, "movelimit".into()));
    let mut m = Match::from_fen("k7/8/1K6/8/8/8/8/7R w - - 99 60").unwrap();
    let o = m.play("Rh8#").unwrap().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::First));
    assert_eq!(names(o), "checkmate,movelimit");
    // A pawn move resets the count.
    let mut m = Match::from_fen("k7/8/8/8/8/8/P7/K1R5 w - - 99 60").unwrap();
    assert_eq!(m.play("a3").unwrap(), None);
    assert_eq!(m.quiet_plies(), 0);
}

#[test]
fn chess_refuses_illegal_and_malformed_moves() {
    let mut m = Match::new(Chess);
    match m.play("e2-e5") {
        Err(MatchError::Refused { ply, error, .. }) => {
            assert_eq!(ply, 1);
            assert_eq!(error.kind(), "IllegalMove");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        m.play("e2-e5").unwrap_err().to_string(),
        "ply 1 (e2-e5): illegal move: not a legal move of this position"
    );
    assert!(matches!(m.play("zz9"), Err(MatchError::Refused { .. })));
    assert!(matches!(m.play("Nf6"), Err(MatchError::Refused { .. })));
    assert!(m.plies().is_empty() && m.outcome().is_none());
}

#[test]
fn resignation_and_agreement() {
    let mut m = Match::new(Chess);
    m.play("e4").unwrap();
    let o = m.resign(Side::First).unwrap();
    assert_eq!(o.decision, Decision::Win(Side::Second));
    assert_eq!(names(o), "resignation");
    let mut m = Match::new(Chess);
    assert_eq!(m.resign(Side::Second).unwrap().winner(), Some(Side::First));

    let mut m = Match::new(Chess);
    assert!(matches!(
        m.accept_draw(Side::Second),
        Err(MatchError::NoDrawOffer(_))
    ));
    m.offer_draw(Side::First).unwrap();
    m.play("e4").unwrap(); // the offerer's own move keeps the offer
    assert_eq!(m.draw_offer(), Some(Side::First));
    assert!(matches!(
        m.accept_draw(Side::First),
        Err(MatchError::NoDrawOffer(_))
    ));
    let o = m.accept_draw(Side::Second).unwrap();
    assert_eq!((o.decision, names(o)), (Decision::Draw, "agreement".into()));

    // An offer lapses when the opponent moves instead of accepting.
    let mut m = Match::new(Chess);
    m.offer_draw(Side::First).unwrap();
    m.play("e4").unwrap();
    m.play("e5").unwrap();
    assert_eq!(m.draw_offer(), None);
    assert!(m.accept_draw(Side::Second).is_err());
}

#[test]
fn time_forfeit_with_the_chess_exception() {
    // The opponent (Black) has only K+N: a draw.
    let mut m = Match::from_fen("k7/8/8/8/8/8/n7/KQ6 w - - 0 1").unwrap();
    let o = m.time_forfeit(Side::First).unwrap();
    assert_eq!((o.decision, names(o)), (Decision::Draw, "timelimit".into()));
    // K+B likewise; K alone likewise.
    let mut m = Match::from_fen("k7/8/8/8/8/8/b7/KQ6 w - - 0 1").unwrap();
    assert_eq!(
        m.time_forfeit(Side::First).unwrap().decision,
        Decision::Draw
    );
    let mut m = Match::from_fen("k7/8/8/8/8/8/8/KQ6 w - - 0 1").unwrap();
    assert_eq!(
        m.time_forfeit(Side::First).unwrap().decision,
        Decision::Draw
    );
    // K+N+N or a pawn can mate: the flagged side loses.
    let mut m = Match::from_fen("k7/8/8/8/8/8/nn6/KQ6 w - - 0 1").unwrap();
    assert_eq!(
        m.time_forfeit(Side::First).unwrap().decision,
        Decision::Win(Side::Second)
    );
    let mut m = Match::from_fen("k7/p7/8/8/8/8/8/KQ6 w - - 0 1").unwrap();
    assert_eq!(
        m.time_forfeit(Side::First).unwrap().decision,
        Decision::Win(Side::Second)
    );
    let mut m = Match::new(Chess);
    let o = m.time_forfeit(Side::Second).unwrap();
    assert_eq!(
        (o.decision, names(o)),
        (Decision::Win(Side::First), "timelimit".into())
    );
}

fn ogi_play(m: &mut Match<Ogi>, moves: &[&str]) {
    for mv in moves {
        assert_eq!(m.play(mv).unwrap(), None, "{mv}");
    }
}

#[test]
fn ogi_sennichite_through_the_match_the_offender_loses() {
    let mut m = Match::new(Ogi::default());
    ogi_play(&mut m, &["g2-h2", "b7-a7", "h2-g2", "a7-b7"]);
    let mut list = ogi::MoveList::new();
    m.legal_moves(&mut list);
    assert_eq!(list.len(), 24, "g2-h2 is no longer legal");
    match m.play("g2-h2") {
        Err(MatchError::Forfeit {
            ply,
            outcome,
            error,
            ..
        }) => {
            assert_eq!(ply, 5);
            assert_eq!(error.kind(), "IllegalMove");
            assert_eq!(
                error
                    .illegal()
                    .and_then(|e| e.reason.specific::<ogi::OgiReason>()),
                Some(&ogi::OgiReason::Sennichite)
            );
            assert_eq!(outcome.decision, Decision::Win(Side::Second));
            assert_eq!(names(outcome), "repetition");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(m.plies().len(), 4);
    assert!(m.is_over());
    // Taken back, the offence disappears and another move is fine.
    m.take_back().unwrap();
    m.play("a7-b7").unwrap();
    assert_eq!(m.play("g2-f2").unwrap(), None);
}

#[test]
fn ogi_illegal_move_loses_malformed_is_refused() {
    let mut m = Match::new(Ogi::default());
    assert!(matches!(m.play("zz"), Err(MatchError::Refused { .. })));
    assert!(!m.is_over());
    m.play("e3-e4").unwrap();
    match m.play("e6-e3") {
        Err(MatchError::Forfeit { outcome, .. }) => {
            assert_eq!(outcome.decision, Decision::Win(Side::First));
            assert_eq!(names(outcome), "illegalmove");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(m.play("e6-e5"), Err(MatchError::Finished(_))));
}

#[test]
fn ogi_king_capture_ends_the_game() {
    let mut m = AnyMatch::from_feen("4k^3/8/8/8/8/8/8/3K^R3 / O/o").unwrap();
    let o = m
        .play("e1+e8", None)
        .or_else(|_| m.play("e1-e8", None))
        .unwrap()
        .unwrap();
    assert_eq!(o.decision, Decision::Win(Side::First));
    assert_eq!(names(o), "mareking");
}

#[test]
fn ogi_movelimit_drops_do_not_reset() {
    // Each side has a rook to wander and a pawn in hand; no capture, no pawn move on the board.
    let mut m = Match::from_feen(Ogi::default(), "k^7/8/r7/8/8/R7/8/7K^ P/p O/o").unwrap();
    let mut list = ogi::MoveList::new();
    let mut plies = 0;
    while !m.is_over() {
        m.legal_moves(&mut list);
        let mv = *list
            .iter()
            .find(|mv| mv.captured().is_none() && (mv.role() != ogi::Role::Pawn || mv.is_drop()))
            .expect("a quiet move");
        let _ = m.play_move(mv, None);
        plies += 1;
        assert!(plies <= 100);
    }
    let o = m.outcome().unwrap();
    assert_eq!(plies, 100);
    assert_eq!((o.decision, names(o)), (Decision::Draw, "movelimit".into()));
}

fn line(sans: &[&str]) -> Vec<San> {
    sans.iter().map(|s| s.parse().unwrap()).collect()
}

/// The SAN line replay (the PGN fast path) ends where the move-by-move match ends: checkmate
/// and stalemate found after the last move or before a move that follows them, and the endings
/// that do not depend on the legal moves decided together with them.
#[test]
fn san_line_endings_match_move_by_move_play() {
    // Checkmate as the last move, then as a move followed by another.
    let mut m = Match::new(Chess);
    let o = m
        .play_san_line(line(&["f3", "e5", "g4", "Qh4#"]))
        .unwrap()
        .unwrap();
    assert_eq!(
        (o.decision, names(o)),
        (Decision::Win(Side::Second), "checkmate".into())
    );
    let mut m = Match::new(Chess);
    match m.play_san_line(line(&["f3", "e5", "g4", "Qh4#", "a3"])) {
        Err(MatchError::Finished(o)) => assert_eq!(names(o), "checkmate"),
        other => panic!("{other:?}"),
    }
    assert_eq!(m.plies().len(), 4);
    // Stalemate (Black to move, no legal move, not in check), then a move after it.
    let fen = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1";
    let mut m = Match::from_fen(fen).unwrap();
    let o = m.play_san_line(line(&["Qf7"])).unwrap().unwrap();
    assert_eq!((o.decision, names(o)), (Decision::Draw, "stalemate".into()));
    let mut m = Match::from_fen(fen).unwrap();
    match m.play_san_line(line(&["Qf7", "Kh7"])) {
        Err(MatchError::Finished(o)) => assert_eq!(names(o), "stalemate"),
        other => panic!("{other:?}"),
    }
    // Checkmate on the 100th quiet ply: both statuses, the checkmate decides.
    let mut m = Match::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 99 80").unwrap();
    let o = m.play_san_line(line(&["Qf8#"])).unwrap().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::First));
    assert_eq!(names(o), "checkmate,movelimit");
    // A line that goes on: no outcome.
    let mut m = Match::new(Chess);
    assert_eq!(m.play_san_line(line(&["e4", "e5", "Nf3"])).unwrap(), None);
    assert_eq!(m.outcome(), None);
}

/// R4 `nomove`: Gote drops a Silver on the last empty square of a board Sente fills with pieces
/// that cannot move (none attacks a8 or h8, each blocked by its own side); Sente is left without a
/// legal move (no empty square to drop on either) and loses.
#[test]
fn ogi_nomove_through_the_match() {
    let feen = "1BSSSSBk^/BRSSSSRB/SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/SSSSSSSS/K^SSSSSSS /s o/O";
    let mut m = Match::from_feen(Ogi::default(), feen).unwrap();
    assert_eq!(m.outcome(), None);
    let o = m.play("s*a8").unwrap().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::Second));
    assert_eq!(names(o), "nomove");
    assert!(matches!(m.play("K^a1-a2"), Err(MatchError::Finished(_))));
}

/// `AutomaticDraws::FIDE`: the third occurrence and the 100th quiet ply no longer end a chess
/// match; the fifth occurrence and the 150th quiet ply do. Move by move and through a SAN line.
#[test]
fn fide_automatic_draws() {
    use tegoma_game::AutomaticDraws;
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let shuffled =
        |times: usize| -> Vec<&str> { shuffle.iter().copied().cycle().take(4 * times).collect() };
    // R3: the start position's third occurrence after 8 plies.
    let mut m = Match::new(Chess);
    let o = m.play_san_line(line(&shuffled(2))).unwrap().unwrap();
    assert_eq!(
        (o.decision, names(o)),
        (Decision::Draw, "repetition".into())
    );
    // FIDE: plays on; the fifth occurrence (16 plies) draws, move by move and in a line.
    let mut m = Match::new(Chess).with_automatic_draws(AutomaticDraws::FIDE);
    assert_eq!(m.automatic_draws(), AutomaticDraws::FIDE);
    assert_eq!(m.play_san_line(line(&shuffled(3))).unwrap(), None);
    assert_eq!(m.occurrences(), 4);
    let mut outcome = None;
    for san in shuffled(1) {
        outcome = m.play(san).unwrap();
    }
    assert_eq!(names(outcome.unwrap()), "repetition");
    let mut m = Match::new(Chess).with_automatic_draws(AutomaticDraws::FIDE);
    assert_eq!(
        names(m.play_san_line(line(&shuffled(4))).unwrap().unwrap()),
        "repetition"
    );
    assert_eq!(m.plies().len(), 16);
    // The move limit: 100 quiet plies under R3, 150 under FIDE.
    let fen = |halfmove: u32| format!("4k3/8/8/8/8/8/8/R3K3 w - - {halfmove} 90");
    let mut m = Match::from_fen(&fen(99)).unwrap();
    assert_eq!(names(m.play("Ra2").unwrap().unwrap()), "movelimit");
    let mut m = Match::from_fen(&fen(99))
        .unwrap()
        .with_automatic_draws(AutomaticDraws::FIDE);
    assert_eq!(m.play("Ra2").unwrap(), None);
    let mut m = Match::from_fen(&fen(149))
        .unwrap()
        .with_automatic_draws(AutomaticDraws::FIDE);
    assert_eq!(
        names(m.play_san_line(line(&["Ra2"])).unwrap().unwrap()),
        "movelimit"
    );
    // A start position past R3's limit is over at once under R3, not under FIDE.
    assert!(Match::from_fen(&fen(120)).unwrap().is_over());
    let m = Match::from_fen(&fen(120))
        .unwrap()
        .with_automatic_draws(AutomaticDraws::FIDE);
    assert!(!m.is_over());
}

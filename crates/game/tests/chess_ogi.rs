//! Chess against Ōgi in a match (ruling R13): each player's history rules are its own rule
//! system's. A Chess player's move that makes a third occurrence draws; the Ōgi player's moves
//! are bound by sennichite (a repeating move loses) and never draw by repetition; an illegal
//! move of the Chess player is refused, of the Ōgi player it forfeits; the move limit counts
//! both armies' pawns and every capture, drops excepted. Expected values are worked out by hand.

use tegoma_game::{AnyMatch, AutomaticDraws, Match, MatchError, MatchRules, Rules};
use tegoma_notation::cgsn::Status;
use tegoma_protocol::{Decision, RuleSystem, Side};
use tegoma_rules::systems::ChessOgi;

/// Both Kings alone: the Chess King (first) on e1, the Ōgi King (second) on e8.
const KINGS: &str = "4k^3/8/8/8/8/8/8/4K^3 / C/o";

fn kings() -> Match<ChessOgi> {
    Match::from_feen(ChessOgi, KINGS).unwrap()
}

fn play_all(m: &mut Match<ChessOgi>, moves: &[&str]) -> Option<tegoma_protocol::Outcome> {
    let mut last = None;
    for mv in moves {
        last = m.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    last
}

#[test]
fn the_game_is_found_by_name_and_by_both_style_pairs() {
    let r = Rules::by_name("chess-ogi").unwrap();
    assert_eq!(r.display_name(), "Chess against Ōgi");
    assert_eq!(r.id(), "tegoma.chess-ogi/1");
    assert_eq!(r.starts().len(), 2);
    for start in r.starts() {
        let m = AnyMatch::from_feen(start).unwrap();
        assert_eq!(m.rules().name(), "chess-ogi");
        assert_eq!(m.feen(), start);
    }
    // Chess and Ōgi keep their own pairs.
    assert_eq!(
        AnyMatch::from_feen(ChessOgi.initial_feen())
            .unwrap()
            .rules()
            .name(),
        "chess-ogi"
    );
    let chess = Rules::by_name("chess").unwrap().starts()[0];
    assert_eq!(AnyMatch::from_feen(chess).unwrap().rules().name(), "chess");
    // Another game's styles are refused by name.
    let g = tegoma_game::generic_from_feen(KINGS).unwrap();
    assert!(Rules::by_name("chess").unwrap().check_styles(&g).is_err());
    assert!(r.check_styles(&g).is_ok());
}

#[test]
fn a_third_occurrence_made_by_the_ogi_player_goes_on_and_by_the_chess_player_draws() {
    let mut m = kings();
    // S0 (Chess to move) comes back after plies 4 and 8, each time by an Ōgi move (d8-e8,
    // then f8-e8: different moves, so sennichite does not bite); the Ōgi player's rules know
    // no draw by repetition.
    let o = play_all(
        &mut m,
        &[
            "e1-f1", "e8-d8", "f1-e1", "d8-e8", "e1-f1", "e8-f8", "f1-e1", "f8-e8",
        ],
    );
    assert_eq!(o, None);
    assert_eq!(m.occurrences(), 3);
    // The Chess player's e1-f1 makes the third occurrence of (Kf1, ke8, Ōgi to move).
    let o = m.play("e1-f1").unwrap().unwrap();
    assert_eq!(o.decision, Decision::Draw);
    assert!(o.statuses.contains(Status::Repetition));
}

#[test]
fn a_move_of_the_ogi_player_that_repeats_itself_loses_by_sennichite() {
    let mut m = kings();
    play_all(&mut m, &["e1-f1", "e8-d8", "f1-e1", "d8-e8", "e1-f1"]);
    // e8-d8 from (Kf1, ke8) produced (Kf1, kd8) at ply 2: the same move to the same position.
    let e = m.play("e8-d8").unwrap_err();
    let MatchError::Forfeit { outcome, .. } = e else {
        panic!("{e}")
    };
    assert_eq!(outcome.decision, Decision::Win(Side::First));
    assert!(outcome.statuses.contains(Status::Repetition));
}

#[test]
fn an_illegal_move_is_refused_for_the_chess_player_and_loses_for_the_ogi_player() {
    // The Chess King may not step next to... onto a square the Ōgi King attacks? The Kings are
    // far apart: e1-e3 is no King move at all.
    let mut m = kings();
    assert!(matches!(m.play("e1-e3"), Err(MatchError::Refused { .. })));
    assert!(m.outcome().is_none());
    m.play("e1-e2").unwrap();
    let e = m.play("e8-e6").unwrap_err();
    let MatchError::Forfeit { outcome, .. } = e else {
        panic!("{e}")
    };
    assert_eq!(outcome.decision, Decision::Win(Side::First));
    assert!(outcome.statuses.contains(Status::Illegalmove));
    // Both army orders: with the Ōgi army first, the first player's illegal move loses.
    let mut m = Match::from_feen(ChessOgi, "4K^3/8/8/8/8/8/8/4k^3 / O/c").unwrap();
    let e = m.play("e8-e6").unwrap_err();
    assert!(matches!(e, MatchError::Forfeit { .. }), "{e}");
    assert_eq!(m.outcome().unwrap().decision, Decision::Win(Side::Second));
}

#[test]
fn the_move_limit_counts_captures_pawns_of_both_armies_but_not_drops() {
    let rules = ChessOgi;
    let p = rules
        .import(&tegoma_game::generic_from_feen("4k^3/4p3/8/8/8/8/4+P3/4K^3 /r C/o").unwrap())
        .unwrap();
    let reads = |p: &tegoma_rules::chess_ogi::Position, s: &str| p.parse_pmn(s).unwrap();
    // A chess pawn's move resets.
    assert!(rules.resets_move_limit(&p, reads(&p, "e2-e4")));
    let q = p.after_unchecked(reads(&p, "e1-d1"));
    // An Ōgi pawn's move resets; a drop does not; a King's move does not.
    assert!(rules.resets_move_limit(&q, reads(&q, "e7-e6")));
    assert!(!rules.resets_move_limit(&q, reads(&q, "r*a5")));
    assert!(!rules.resets_move_limit(&q, reads(&q, "e8-d8")));
    // After the limit's quiet plies, the match is drawn (the limit set to 6 here: 100 under
    // R13).
    assert_eq!(rules.move_limit(), 100);
    let mut m = kings().with_automatic_draws(AutomaticDraws {
        occurrences: 3,
        quiet_plies: 6,
    });
    let o = play_all(
        &mut m,
        &["e1-f1", "e8-d8", "f1-f2", "d8-c8", "f2-f3", "c8-b8"],
    )
    .unwrap();
    assert_eq!(o.decision, Decision::Draw);
    assert!(o.statuses.contains(Status::Movelimit));
}

#[test]
fn a_match_ends_by_each_army_s_endings() {
    // The Chess King mated by an Ōgi rook along the first rank.
    let mut m = Match::from_feen(ChessOgi, "4k^3/8/8/8/8/8/6+P+P/7K^ /r o/C").unwrap();
    let o = m.play("r*a1").unwrap().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::Second));
    assert!(o.statuses.contains(Status::Checkmate));
    // The Ōgi King captured (its player left it attacked).
    let mut m = Match::from_feen(ChessOgi, "4k^3/8/8/8/8/8/8/K^3R3 / C/o").unwrap();
    let o = m.play("e1+e8").unwrap().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::First));
    assert!(o.statuses.contains(Status::Mareking));
    // The Ōgi player without a move loses (its King walled in by its own stuck pieces).
    let mut m = Match::from_feen(ChessOgi, "k^l6/pp6/pp6/pp6/pp6/pp6/pp6/pp4K^1 / C/o").unwrap();
    let o = m.play("g1-h1").unwrap().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::First));
    assert!(o.statuses.contains(Status::Nomove));
}

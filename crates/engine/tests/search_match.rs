//! A match searched as a value ([`Engine::search_match`]) and the same match searched as text
//! ([`SearchRequest::from_match`]: its start in FEEN, its plies in PMN) give the same answer at
//! a fixed depth, with the same options: same best move, same line, score and node count, in
//! chess, Ōgi and Kogoma, from positions whose history has cycles (repetitions, and in Ōgi and
//! Kogoma moves that sennichite forbids).

mod common;

use common::Rng;
use tegoma_engine::{Engine, EngineOptions, Level, Limits, SearchRequest};
use tegoma_game::{AnyMatch, MatchError, MoveFormat, Rules};

/// The reverse of a PMN board move (`e1-e2` → `e2-e1`), if it is one.
fn reverse(pmn: &str) -> Option<String> {
    let (a, b) = pmn.split_once('-')?;
    if b.contains(['=', '/', '+', '*']) || a.contains(['*', '+']) {
        return None;
    }
    Some(format!("{b}-{a}"))
}

/// Both searches of `m` with fresh engines of the same options, compared.
fn same_answer(m: &AnyMatch, options: &EngineOptions, depth: u32) {
    let mut text = Engine::new(m.rules().clone());
    text.set_options(options.clone());
    let by_text = text
        .search(
            &SearchRequest::from_match(m, Limits::depth(depth)),
            &mut |_| {},
        )
        .expect("the text search");
    let mut value = Engine::new(m.rules().clone());
    value.set_options(options.clone());
    let by_value = value
        .search_match(m, Limits::depth(depth), &mut |_| {})
        .expect("the search of the match");
    let written = |mv: &Option<tegoma_game::AnyMove>, after: Option<&str>| {
        mv.as_ref().map(|mv| {
            let mut at = m.clone();
            if let Some(first) = after {
                at.play(first, None).expect("the best move is legal");
            }
            at.write_move(mv).expect("a legal move")
        })
    };
    let plies = m.pmn_plies();
    assert_eq!(
        written(&by_value.best, None),
        by_text.best,
        "{} after {plies:?}",
        m.rules().name()
    );
    assert_eq!(
        written(&by_value.ponder, by_text.best.as_deref()),
        by_text.ponder,
        "{} after {plies:?}",
        m.rules().name()
    );
    assert_eq!(by_value.info.pv, by_text.info.pv);
    assert_eq!(by_value.info.score, by_text.info.score);
    assert_eq!(by_value.info.nodes, by_text.info.nodes);
    if let Some(best) = &by_value.best {
        assert!(m.legal_moves().contains(best), "the best move is legal");
    }
}

/// Random games of `name` that often undo their own last move (cycles), both searches compared
/// every few plies; returns how many positions had a move forbidden by their history.
fn compare(name: &str, seed: u64) -> usize {
    let rules = Rules::by_name(name).expect("a registered game");
    let mut rng = Rng(seed);
    let mut forbidden = 0;
    let options = [
        EngineOptions::default(),
        EngineOptions {
            level: Level::new(4).expect("a level"),
            seed: 7,
            ..EngineOptions::default()
        },
    ];
    for game in 0..3 {
        let mut m = AnyMatch::new(rules.clone());
        let mut last: [Option<String>; 2] = [None, None];
        for ply in 0..40 {
            if m.outcome().is_some() {
                break;
            }
            let legal = m.legal_moves_as(MoveFormat::Pmn).expect("PMN");
            if ply % 6 == 5 {
                let fresh = AnyMatch::from_feen(&m.feen()).expect("a position");
                if fresh.legal_moves().len() != legal.len() {
                    forbidden += 1;
                }
                same_answer(&m, &options[(game + ply) % 2], 3);
            }
            let side = m.side_to_move().index();
            let undo = last[side]
                .as_deref()
                .and_then(reverse)
                .filter(|r| legal.contains(r) && rng.below(4) != 0);
            let mv = undo.unwrap_or_else(|| legal[rng.below(legal.len())].clone());
            last[side] = Some(mv.clone());
            m.play(&mv, None).expect("a legal move");
        }
    }
    forbidden
}

#[test]
fn chess_searched_as_a_value_or_as_text_gives_the_same_move() {
    compare("chess", 11);
    // Knights out and back: the start position has occurred twice (once more is a draw), and
    // so have the positions after the knights' first moves.
    let mut m = AnyMatch::new(Rules::chess());
    for mv in ["g1-f3", "g8-f6", "f3-g1", "f6-g8", "g1-f3"] {
        m.play(mv, None).unwrap();
    }
    same_answer(&m, &EngineOptions::default(), 4);
}

#[test]
fn ogi_searched_as_a_value_or_as_text_gives_the_same_move() {
    let forbidden = compare("ogi", 12);
    assert!(forbidden > 0, "no position where sennichite forbids a move");
}

#[test]
fn kogoma_searched_as_a_value_or_as_text_gives_the_same_move() {
    compare("kogoma", 13);
}

#[test]
fn a_match_of_another_game_is_refused() {
    let mut engine = Engine::new(Rules::chess());
    let ogi = AnyMatch::new(Rules::ogi());
    assert!(engine
        .search_match(&ogi, Limits::depth(1), &mut |_| {})
        .is_err());
    // A move of Ōgi played in chess: a typed error, the match unchanged.
    let mut ogi_engine = Engine::new(Rules::ogi());
    let best = ogi_engine
        .search_match(&ogi, Limits::depth(2), &mut |_| {})
        .unwrap()
        .best
        .unwrap();
    let mut chess = AnyMatch::new(Rules::chess());
    assert!(matches!(
        chess.play_move(&best, None),
        Err(MatchError::OtherGame { .. })
    ));
    assert!(matches!(
        chess.write_move(&best),
        Err(MatchError::OtherGame { .. })
    ));
    assert_eq!(chess.ply_count(), 0);
    // The same move, legal in Ōgi's initial position, played there.
    let mut played = ogi.clone();
    played.play_move(&best, None).unwrap();
    assert_eq!(played.ply_count(), 1);
    // Not legal for the other side: an error (in Ōgi an illegal move loses), not a panic.
    let mut again = played.clone();
    assert!(matches!(
        again.play_move(&best, None),
        Err(MatchError::Forfeit { .. } | MatchError::Refused { .. })
    ));
    assert_eq!(again.ply_count(), 1);
}

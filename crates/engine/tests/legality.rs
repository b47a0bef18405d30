//! The engine never plays an illegal move: positions of random games of every game (chess,
//! Ōgi, Kogoma, Chess against Ōgi), with many repetitions so that sennichite forbids moves, each searched with
//! a small budget; the move found must be one of the match's legal moves (the match layer
//! applies sennichite on its own, from the game's plies).

mod common;

use common::Rng;
use tegoma_engine::{Engine, Limits, SearchRequest};
use tegoma_game::{AnyMatch, MoveFormat, Rules};

/// The reverse of a PMN board move (`e1-e2` → `e2-e1`), if it is one.
fn reverse(pmn: &str) -> Option<String> {
    let (a, b) = pmn.split_once('-')?;
    if b.contains(['=', '/', '+', '*']) || a.contains(['*', '+']) {
        return None;
    }
    Some(format!("{b}-{a}"))
}

/// Plays `games` games of `plies` plies; at every position the engine searches (`limits`)
/// and its move must be legal in the match. Moves actually played: the engine's at times,
/// undoing one's own last move often (cycles, so sennichite bites), random otherwise.
fn check_game(name: &str, games: usize, plies: usize, limits: &Limits, seed: u64) -> usize {
    let rules = Rules::by_name(name).unwrap();
    let mut engine = Engine::new(rules.clone());
    let mut rng = Rng(seed);
    let mut checked = 0;
    let mut forbidden_seen = 0;
    for _ in 0..games {
        let mut m = AnyMatch::new(rules.clone());
        let mut last: [Option<String>; 2] = [None, None];
        for ply in 0..plies {
            if m.outcome().is_some() {
                break;
            }
            let legal = m.legal_moves_as(MoveFormat::Pmn).unwrap();
            let request = SearchRequest::from_match(&m, limits.clone());
            let r = engine.search(&request, &mut |_| {}).unwrap();
            let best = r.best.expect("a move while the game goes on");
            assert!(
                legal.contains(&best),
                "{name}: {best} is not legal after {:?} (legal: {legal:?})",
                m.pmn_plies()
            );
            checked += 1;
            // Moves the position allows but sennichite forbids.
            let all = tegoma_game::AnyPosition::from_feen(Some(rules.clone()), &m.feen())
                .unwrap()
                .legal_moves(MoveFormat::Pmn)
                .unwrap();
            forbidden_seen += all.len() - legal.len();
            let side = ply % 2;
            let undo = last[side]
                .as_deref()
                .and_then(reverse)
                .filter(|u| legal.contains(u));
            let choice = match (rng.below(10), undo) {
                (0..=5, Some(u)) => u,
                (0..=2, None) => best,
                _ => legal[rng.below(legal.len())].clone(),
            };
            last[side] = Some(choice.clone());
            m.play(&choice, None).unwrap();
        }
    }
    if engine.rules().name() != "chess" {
        assert!(forbidden_seen > 0, "{name}: the games never met sennichite");
    }
    checked
}

#[test]
fn never_an_illegal_move_light() {
    let limits = Limits {
        nodes: Some(400),
        depth: Some(4),
        ..Limits::default()
    };
    let mut total = 0;
    total += check_game("chess", 14, 60, &limits, 1);
    total += check_game("ogi", 8, 60, &limits, 2);
    total += check_game("kogoma", 8, 60, &limits, 3);
    total += check_game("chess-ogi", 8, 60, &limits, 4);
    assert!(total >= 1000, "{total} positions");
}

#[test]
#[ignore = "heavy: over 10 000 positions (a few minutes); run with --ignored"]
fn never_an_illegal_move_heavy() {
    let limits = Limits {
        nodes: Some(2_000),
        depth: Some(6),
        ..Limits::default()
    };
    let mut total = 0;
    for seed in 10..14 {
        total += check_game("chess", 20, 100, &limits, seed);
        total += check_game("ogi", 20, 100, &limits, seed + 100);
        total += check_game("kogoma", 20, 100, &limits, seed + 200);
        total += check_game("chess-ogi", 20, 100, &limits, seed + 300);
    }
    assert!(total >= 10_000, "{total} positions");
}

/// Sennichite forbids the move the engine prefers: after a cycle that played it from the same
/// position, the engine must choose another.
#[test]
fn sennichite_forbids_the_obvious_move() {
    let rules = Rules::ogi();
    let mut engine = Engine::new(rules.clone());
    let mut tried = 0;
    // Positions after a few seeded random opening moves.
    for seed in 1..40u64 {
        let mut rng = Rng(seed);
        let mut m = AnyMatch::new(rules.clone());
        for _ in 0..(2 + rng.below(6)) * 2 {
            let legal = m.legal_moves_as(MoveFormat::Pmn).unwrap();
            m.play(&legal[rng.below(legal.len())], None).unwrap();
        }
        if m.outcome().is_some() {
            continue;
        }
        let plies = m.pmn_plies();
        let first = engine
            .search(
                &SearchRequest::from_match(&m, Limits::depth(3)),
                &mut |_| {},
            )
            .unwrap()
            .best
            .unwrap();
        // A cycle: the preferred move, a reversible answer, both undone.
        let Some(back) = reverse(&first) else {
            continue;
        };
        let mut cycle = m.clone();
        if cycle.play(&first, None).is_err() {
            continue;
        }
        let answers = cycle.legal_moves_as(MoveFormat::Pmn).unwrap();
        let Some((answer, answer_back)) = answers.iter().find_map(|a| {
            let r = reverse(a)?;
            let mut c = cycle.clone();
            c.play(a, None).ok()?;
            c.play(&back, None).ok()?;
            c.play(&r, None).ok()?;
            (c.outcome().is_none()).then(|| (a.clone(), r))
        }) else {
            continue;
        };
        for mv in [&answer, &back, &answer_back] {
            cycle.play(mv, None).unwrap();
        }
        // The same position as before `first`, which sennichite now forbids there.
        assert_eq!(cycle.feen(), m.feen());
        let legal = cycle.legal_moves_as(MoveFormat::Pmn).unwrap();
        assert!(!legal.contains(&first), "the match forbids {first}");
        let again = engine
            .search(
                &SearchRequest::from_match(&cycle, Limits::depth(3)),
                &mut |_| {},
            )
            .unwrap()
            .best
            .unwrap();
        assert_ne!(again, first, "after {plies:?}");
        assert!(legal.contains(&again));
        tried += 1;
    }
    assert!(
        tried >= 5,
        "only {tried} positions with a reversible preferred move"
    );
}

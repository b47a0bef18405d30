//! Fast games (1 s + 0.01 s per side) of the engine against itself, the match layer keeping
//! the clock as arbiter: no game may be lost on time. The light version plays two games per
//! run; the heavy one the 100.

use std::time::Instant;

use tegoma_engine::{Engine, Limits, SearchRequest, SideTime};
use tegoma_game::clock::{Clock, TimeControl};
use tegoma_game::{AnyMatch, Rules};
use tegoma_notation::cgsn::Status;

/// Plays one game; returns the number of plies. Panics on a time loss.
fn fast_game(rules: &Rules, opening: &[&str], max_plies: usize) -> usize {
    let mut engines = [Engine::new(rules.clone()), Engine::new(rules.clone())];
    let mut m =
        AnyMatch::new(rules.clone()).with_clock(Clock::new(TimeControl::fischer(1_000, 10)));
    for mv in opening {
        m.play(mv, Some(0)).unwrap();
    }
    let mut plies = 0;
    while m.outcome().is_none() && plies < max_plies {
        let side = m.side_to_move();
        let remaining_ms = m.clock().unwrap().remaining_ms(side);
        let limits = Limits {
            clock: Some(SideTime {
                remaining_ms,
                increment_ms: 10,
                ..SideTime::default()
            }),
            ..Limits::default()
        };
        let request = SearchRequest::from_match(&m, limits);
        let t = Instant::now();
        let r = engines[side.index()].search(&request, &mut |_| {}).unwrap();
        let elapsed = t.elapsed().as_millis() as u64;
        let best = r.best.expect("a legal move");
        m.play(&best, Some(elapsed)).unwrap();
        plies += 1;
    }
    if let Some(o) = m.outcome() {
        let times = m.ply_times();
        assert!(
            !o.statuses.contains(Status::Timelimit),
            "lost on time after {plies} plies: {o:?}; last ply times (ms) {:?}; {:?}",
            &times[times.len().saturating_sub(12)..],
            m.pmn_plies()
        );
    }
    plies
}

#[test]
fn fast_games_lose_nothing_on_time_light() {
    assert!(fast_game(&Rules::chess(), &["e2-e4"], 80) > 10);
    assert!(fast_game(&Rules::ogi(), &["e3-e4"], 80) > 10);
}

#[test]
#[ignore = "heavy: 100 games of 1 s + 0.01 s (a few minutes); run with --ignored"]
fn fast_games_lose_nothing_on_time() {
    let openings: [&[&str]; 5] = [
        &["e2-e4", "e7-e5"],
        &["d2-d4", "d7-d5"],
        &["c2-c4"],
        &["g1-f3", "g8-f6"],
        &["e2-e4", "c7-c5"],
    ];
    let ogi: [&[&str]; 5] = [
        &["e3-e4"],
        &["d3-d4"],
        &["c3-c4"],
        &["f3-f4"],
        &["e3-e4", "e6-e5"],
    ];
    for i in 0..40 {
        fast_game(&Rules::chess(), openings[i % 5], 400);
        fast_game(&Rules::ogi(), ogi[i % 5], 400);
    }
    for _ in 0..20 {
        fast_game(&Rules::by_name("kogoma").unwrap(), &[], 300);
    }
}

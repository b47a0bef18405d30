//! Clocks plugged into matches: Fischer, byōyomi, several periods; a flag ends the match on time
//! (with the chess exception of R3). Expected times are computed by hand from the periods.

use tegoma_game::clock::{Clock, Period, TimeControl};
use tegoma_game::Match;
use tegoma_protocol::{Decision, Side};
use tegoma_rules::systems::{Chess, Ogi};

#[test]
fn fischer_increment_and_flag() {
    let mut m = Match::new(Chess).with_clock(Clock::new(TimeControl::fischer(10_000, 2_000)));
    m.play_timed("e4", Some(3_000)).unwrap();
    assert_eq!(m.clock().unwrap().remaining_ms(Side::First), 9_000);
    m.play_timed("e5", Some(11_000)).unwrap(); // 10 s + 0: exhausted before the increment
    let o = m.outcome().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::First));
    assert_eq!(o.statuses.to_string(), "timelimit");
    assert_eq!(m.plies().len(), 1, "the flagged ply is not played");
}

#[test]
fn byoyomi_after_main_time() {
    // 1 s main time, then 0.5 s per ply.
    let mut m = Match::new(Ogi::default()).with_clock(Clock::new(TimeControl::byoyomi(1_000, 500)));
    m.play_timed("e3-e4", Some(1_200)).unwrap(); // 1000 main + 200 of the first byoyomi
    assert_eq!(m.clock().unwrap().remaining_ms(Side::First), 500);
    m.play_timed("e6-e5", Some(100)).unwrap();
    m.play_timed("d3-d4", Some(499)).unwrap(); // in time: a fresh 500 ms afterwards
    assert_eq!(m.clock().unwrap().remaining_ms(Side::First), 500);
    m.play_timed("d6-d5", Some(100)).unwrap();
    assert!(!m.is_over());
    m.play_timed("c3-c4", Some(500)).unwrap(); // reaching zero flags
    let o = m.outcome().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::Second));
    assert_eq!(m.plies().len(), 4);
}

#[test]
fn several_periods_carry_time_over() {
    // 2 plies in 2 s, then 1 s sudden death.
    let tc = TimeControl::new(vec![
        Period::with_quota(2_000, 2),
        Period::sudden_death(1_000, 0),
    ])
    .unwrap();
    let mut m = Match::new(Chess).with_clock(Clock::new(tc));
    for (mv, ms) in [("e4", 900), ("e5", 10), ("Nf3", 900), ("Nc6", 10)] {
        m.play_timed(mv, Some(ms)).unwrap();
    }
    // White: 2000 - 1800 = 200 left, plus the next period's 1000.
    assert_eq!(m.clock().unwrap().remaining_ms(Side::First), 1_200);
    m.play_timed("Bb5", Some(1_199)).unwrap();
    assert!(!m.is_over());
    m.play_timed("a6", Some(10)).unwrap();
    m.play_timed("Ba4", Some(2)).unwrap(); // 1 ms left: flagged
    assert_eq!(m.outcome().unwrap().decision, Decision::Win(Side::Second));
}

#[test]
fn flag_against_a_lone_minor_piece_is_a_draw() {
    let p = tegoma_rules::chess::Position::from_fen("k7/8/8/8/8/8/n7/KQ6 w - - 0 1").unwrap();
    let m = Match::from_position(Chess, p);
    let mut m = m.with_clock(Clock::new(TimeControl::fischer(1_000, 0)));
    m.play_timed("Qb2", Some(5_000)).unwrap();
    let o = m.outcome().unwrap();
    assert_eq!(o.decision, Decision::Draw);
    assert_eq!(o.statuses.to_string(), "timelimit");
}

#[test]
fn take_back_restores_the_clock() {
    let mut m = Match::new(Chess).with_clock(Clock::new(TimeControl::fischer(10_000, 0)));
    m.play_timed("e4", Some(3_000)).unwrap();
    m.play_timed("e5", Some(4_000)).unwrap();
    m.take_back().unwrap();
    let c = m.clock().unwrap();
    assert_eq!(c.remaining_ms(Side::First), 7_000);
    assert_eq!(c.remaining_ms(Side::Second), 10_000);
    assert_eq!(c.to_move(), Side::Second);
}

//! Clock tests. Expected values are worked out by hand from the rules in the module doc.

use super::*;

fn in_time(side: Side, remaining_ms: u64) -> Tick {
    Tick::InTime { side, remaining_ms }
}

#[test]
fn fischer_increment_after_each_ply() {
    // 5 min + 3 s: First spends 10 s -> 300 - 10 + 3 = 293 s.
    let mut c = Clock::new(TimeControl::fischer(300_000, 3_000));
    assert_eq!(c.record_ply(10_000), Ok(in_time(Side::First, 293_000)));
    assert_eq!(c.record_ply(1_000), Ok(in_time(Side::Second, 302_000)));
    assert_eq!(c.record_ply(0), Ok(in_time(Side::First, 296_000)));
    assert_eq!(c.remaining_ms(Side::First), 296_000);
    assert_eq!(c.remaining_ms(Side::Second), 302_000);
    assert_eq!(c.state(Side::First).plies, 2);
    assert_eq!(c.state(Side::First).used_ms, 10_000);
    assert_eq!(c.to_move(), Side::Second);
    assert_eq!(c.flagged(), None);
}

#[test]
fn fischer_flag_exactly_at_zero() {
    // 1 s, no increment: spending exactly 1000 ms reaches zero, which is a flag.
    let mut c = Clock::new(TimeControl::fischer(1_000, 0));
    assert_eq!(c.record_ply(1_000), Ok(Tick::Flagged { side: Side::First }));
    assert_eq!(c.flagged(), Some(Side::First));
    assert_eq!(c.remaining_ms(Side::First), 0);
    // The clock has stopped.
    assert_eq!(c.record_ply(1), Err(ClockError::Flagged(Side::First)));
}

#[test]
fn fischer_one_ms_short_of_zero_is_in_time() {
    let mut c = Clock::new(TimeControl::fischer(1_000, 500));
    assert_eq!(c.record_ply(999), Ok(in_time(Side::First, 501)));
    // Second flags by spending more than everything.
    assert_eq!(
        c.record_ply(5_000),
        Ok(Tick::Flagged { side: Side::Second })
    );
}

#[test]
fn increment_does_not_save_a_flag() {
    // The increment is added only after a ply completed in time.
    let mut c = Clock::new(TimeControl::fischer(1_000, 60_000));
    assert_eq!(c.record_ply(1_500), Ok(Tick::Flagged { side: Side::First }));
}

#[test]
fn byoyomi_main_time_then_resetting_periods() {
    // 10 s main time, then 30 s per ply.
    let mut c = Clock::new(TimeControl::byoyomi(10_000, 30_000));
    // First: 4 s of main time -> 6 s left, still period 0.
    assert_eq!(c.record_ply(4_000), Ok(in_time(Side::First, 6_000)));
    assert_eq!(c.state(Side::First).period, 0);
    // Second: 25 s: main 10 s gone, 15 s of the 30 s byoyomi used; the ply completes the
    // quota of 1 so the byoyomi period restarts at 30 s.
    assert_eq!(c.record_ply(25_000), Ok(in_time(Side::Second, 30_000)));
    assert_eq!(c.state(Side::Second).period, 1);
    assert_eq!(c.state(Side::Second).repeats, 1);
    // First: 6 s main left, spends exactly 6 s -> main reaches zero, spill of 0, byoyomi ply
    // completes -> 30 s.
    assert_eq!(c.record_ply(6_000), Ok(in_time(Side::First, 30_000)));
    assert_eq!(c.state(Side::First).period, 1);
    // Second: 29.999 s in byoyomi: in time, reset to 30 s (no carry-over).
    assert_eq!(c.record_ply(29_999), Ok(in_time(Side::Second, 30_000)));
    // First: 1 s in byoyomi: reset to 30 s, not 59 s.
    assert_eq!(c.record_ply(1_000), Ok(in_time(Side::First, 30_000)));
    // Second: exactly 30 s in byoyomi: flag.
    assert_eq!(
        c.record_ply(30_000),
        Ok(Tick::Flagged { side: Side::Second })
    );
}

#[test]
fn byoyomi_overflow_beyond_both_periods_flags() {
    // Main 10 s, byoyomi 30 s: a first ply of 40 s uses 10 + 30 = all of it.
    let mut c = Clock::new(TimeControl::byoyomi(10_000, 30_000));
    assert_eq!(
        c.record_ply(40_000),
        Ok(Tick::Flagged { side: Side::First })
    );
    let mut c = Clock::new(TimeControl::byoyomi(10_000, 30_000));
    assert_eq!(c.record_ply(39_999), Ok(in_time(Side::First, 30_000)));
}

#[test]
fn canadian_blocks_of_plies() {
    // No main time, then 3 plies within 10 s, repeated afresh.
    let mut c = Clock::new(TimeControl::canadian(0, 10_000, 3));
    // First's first ply: main time 0 -> spill 0 into the block; 2 s used -> 8 s.
    assert_eq!(c.record_ply(2_000), Ok(in_time(Side::First, 8_000)));
    assert_eq!(c.record_ply(1), Ok(in_time(Side::Second, 9_999)));
    assert_eq!(c.record_ply(3_000), Ok(in_time(Side::First, 5_000)));
    assert_eq!(c.record_ply(1), Ok(in_time(Side::Second, 9_998)));
    // First's third ply completes the block: 5 s left is dropped, a new block of 10 s starts.
    assert_eq!(c.record_ply(4_000), Ok(in_time(Side::First, 10_000)));
    assert_eq!(c.state(Side::First).plies_in_period, 0);
    assert_eq!(c.state(Side::First).repeats, 1);
    // Second's third ply completes its block as well.
    assert_eq!(c.record_ply(1), Ok(in_time(Side::Second, 10_000)));
    // First's block: 9 s then 1 s -> exactly zero before the third ply: flag.
    assert_eq!(c.record_ply(9_000), Ok(in_time(Side::First, 1_000)));
    assert_eq!(c.record_ply(1), Ok(in_time(Side::Second, 9_999)));
    assert_eq!(c.record_ply(1_000), Ok(Tick::Flagged { side: Side::First }));
}

#[test]
fn classical_multi_period_carries_over() {
    // 2 plies in 100 s, then 1 ply in 50 s, then 30 s sudden death with 5 s increment.
    let tc = TimeControl::new(vec![
        Period::with_quota(100_000, 2),
        Period::with_quota(50_000, 1),
        Period::sudden_death(30_000, 5_000),
    ])
    .unwrap();
    let mut c = Clock::new(tc);
    assert_eq!(c.record_ply(10_000), Ok(in_time(Side::First, 90_000)));
    assert_eq!(c.record_ply(0), Ok(in_time(Side::Second, 100_000)));
    // Quota of 2 reached: 70 s left + 50 s of the second period.
    assert_eq!(c.record_ply(20_000), Ok(in_time(Side::First, 120_000)));
    assert_eq!(c.state(Side::First).period, 1);
    // Second's second ply completes its quota too: 100 s + 50 s.
    assert_eq!(c.record_ply(0), Ok(in_time(Side::Second, 150_000)));
    // Quota of 1 reached: 119 s + 30 s of sudden death; no increment yet (period 1 has none).
    assert_eq!(c.record_ply(1_000), Ok(in_time(Side::First, 149_000)));
    assert_eq!(c.state(Side::First).period, 2);
    assert_eq!(c.record_ply(0), Ok(in_time(Side::Second, 180_000)));
    // Sudden death with increment: 149 - 49 + 5 = 105 s.
    assert_eq!(c.record_ply(49_000), Ok(in_time(Side::First, 105_000)));
    assert_eq!(c.state(Side::First).period, 2);
    assert_eq!(c.state(Side::First).repeats, 0);
}

#[test]
fn quota_period_exhausted_flags_without_spilling() {
    // 40 moves in 2 h then 1 h: running out before the quota is a loss, not a spill.
    let tc = TimeControl::new(vec![
        Period::with_quota(7_200_000, 40),
        Period::sudden_death(3_600_000, 0),
    ])
    .unwrap();
    let mut c = Clock::new(tc);
    assert_eq!(
        c.record_ply(7_200_000),
        Ok(Tick::Flagged { side: Side::First })
    );
}

#[test]
fn repeated_classical_period_with_carry_over() {
    // 1 ply in 10 s, repeating with carry-over: 10 - 4 + 10 = 16, then 16 - 1 + 10 = 25.
    let tc = TimeControl::new(vec![Period::with_quota(10_000, 1)])
        .unwrap()
        .carry_over_on_repeat(true);
    let mut c = Clock::new(tc);
    assert_eq!(c.record_ply(4_000), Ok(in_time(Side::First, 16_000)));
    assert_eq!(c.record_ply(0), Ok(in_time(Side::Second, 20_000)));
    assert_eq!(c.record_ply(1_000), Ok(in_time(Side::First, 25_000)));
    assert_eq!(c.state(Side::First).repeats, 2);
}

#[test]
fn per_side_controls_and_second_to_move() {
    let mut c = Clock::with_controls(
        TimeControl::fischer(60_000, 0),
        TimeControl::fischer(30_000, 1_000),
    );
    c.set_to_move(Side::Second);
    assert_eq!(c.record_ply(5_000), Ok(in_time(Side::Second, 26_000)));
    assert_eq!(c.record_ply(5_000), Ok(in_time(Side::First, 55_000)));
    assert_eq!(c.control(Side::Second).periods()[0].increment_ms, 1_000);
}

#[test]
fn would_flag_does_not_change_state() {
    let c = Clock::new(TimeControl::fischer(1_000, 0));
    assert!(c.would_flag(1_000));
    assert!(!c.would_flag(999));
    assert_eq!(c.remaining_ms(Side::First), 1_000);
    assert_eq!(c.flagged(), None);
}

#[test]
fn huge_numbers_saturate() {
    // A huge increment saturates instead of overflowing.
    let mut c = Clock::new(TimeControl::fischer(u64::MAX, u64::MAX));
    assert_eq!(c.record_ply(0), Ok(in_time(Side::First, u64::MAX)));
    assert_eq!(
        c.record_ply(u64::MAX - 1),
        Ok(in_time(Side::Second, u64::MAX))
    );
    assert_eq!(
        c.record_ply(u64::MAX),
        Ok(Tick::Flagged { side: Side::First })
    );
    // Carry-over of huge periods saturates too.
    let tc = TimeControl::new(vec![Period::with_quota(u64::MAX, 1)])
        .unwrap()
        .carry_over_on_repeat(true);
    let mut c = Clock::new(tc);
    assert_eq!(c.record_ply(1), Ok(in_time(Side::First, u64::MAX)));
    // Huge used time saturates.
    let mut c = Clock::new(TimeControl::byoyomi(u64::MAX, u64::MAX));
    c.record_ply(u64::MAX - 1).unwrap();
    c.record_ply(0).unwrap();
    c.record_ply(u64::MAX - 1).unwrap();
    assert_eq!(c.state(Side::First).used_ms, u64::MAX);
}

#[test]
fn many_plies_counters_do_not_overflow() {
    let mut c = Clock::new(TimeControl::byoyomi(0, 1_000));
    for _ in 0..10_000 {
        c.record_ply(999).unwrap();
    }
    assert_eq!(c.state(Side::First).plies, 5_000);
    assert_eq!(c.state(Side::First).repeats, 5_000);
    assert_eq!(c.flagged(), None);
}

#[test]
fn invalid_controls_are_refused() {
    assert_eq!(TimeControl::new(vec![]), Err(ClockError::NoPeriod));
    assert_eq!(
        TimeControl::new(vec![Period::with_quota(1, 0)]),
        Err(ClockError::ZeroQuota)
    );
    assert!(matches!(
        Period::from_seconds(-1.0, 0.0, None),
        Err(ClockError::InvalidDuration(_))
    ));
    assert!(matches!(
        Period::from_seconds(1.0, f64::NAN, None),
        Err(ClockError::InvalidIncrement(_))
    ));
    assert!(matches!(
        Period::from_seconds(f64::INFINITY, 0.0, None),
        Err(ClockError::InvalidDuration(_))
    ));
    assert_eq!(
        Period::from_seconds(1.0, 0.0, Some(0)),
        Err(ClockError::ZeroQuota)
    );
}

#[test]
fn pcn_seconds_convert_to_milliseconds() {
    assert_eq!(
        Period::from_seconds(300.0, 2.5, None),
        Ok(Period::sudden_death(300_000, 2_500))
    );
    assert_eq!(
        Period::from_seconds(30.0, 0.0, Some(1)),
        Ok(Period::with_quota(30_000, 1))
    );
    assert_eq!(
        Period::from_seconds(1e300, 0.0, Some(u64::MAX)),
        Ok(Period {
            duration_ms: u64::MAX,
            increment_ms: 0,
            quota: Some(u32::MAX)
        })
    );
}

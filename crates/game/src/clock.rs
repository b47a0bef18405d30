//! Game clocks: time controls as PCN `periods` describe them, and a two-sided clock driven by the
//! time each ply took.
//!
//! A [`TimeControl`] is a non-empty list of [`Period`]s. Each period has a duration, an increment
//! added after every ply completed in it, and an optional quota of plies (counted per side: a
//! "40 moves in 2 hours" period is a quota of 40 of the player's own plies). The rules, applied to
//! each side independently:
//!
//! 1. **Quota completed**: once a side has played the quota of plies of its current period, its
//!    next period begins. Moving on to a *different* entry of the list carries unused time over
//!    (classical controls: 40 moves in 2 h, then 1 h more). When the list is exhausted the *last*
//!    period repeats; by default a repetition starts from the period's duration afresh, with no
//!    carry-over (byōyomi `{time, moves: 1}`, Canadian `{time, moves: N}`);
//!    [`TimeControl::carry_over_on_repeat`] selects carry-over instead (FIDE-style repeated
//!    classical periods).
//! 2. **Time exhausted in a period without quota**: if a later entry exists, the excess spills into
//!    it and play goes on (main time, then byōyomi); otherwise the side has lost on time.
//! 3. **Time exhausted in a period with a quota**: the side has lost on time.
//! 4. **Exactly zero**: a side whose time reaches exactly zero has run out of it (FIDE 6.1: the
//!    flag falls when the clock shows zero). In a period without quota followed by another, that
//!    is a spill of zero milliseconds.
//!
//! The clock never reads a wall clock: the caller supplies the milliseconds each ply took. All
//! arithmetic saturates, so huge values give a flag or a huge remaining time, never a panic.
//!
//! ```
//! use tegoma_game::clock::{Clock, Period, TimeControl, Tick};
//! use tegoma_protocol::Side;
//!
//! // 3 minutes plus 2 seconds per ply.
//! let tc = TimeControl::fischer(180_000, 2_000);
//! let mut clock = Clock::new(tc);
//! assert_eq!(clock.record_ply(10_000).unwrap(), Tick::InTime { side: Side::First, remaining_ms: 172_000 });
//! assert_eq!(clock.remaining_ms(Side::First), 172_000);
//! assert_eq!(clock.to_move(), Side::Second);
//! ```

use tegoma_protocol::Side;

/// One period of a time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Period {
    /// Time granted when the period begins, in milliseconds.
    pub duration_ms: u64,
    /// Time added after each ply completed in this period, in milliseconds.
    pub increment_ms: u64,
    /// Number of the side's own plies to complete in the period; `None` for no quota (the period
    /// lasts until its time runs out).
    pub quota: Option<u32>,
}

impl Period {
    /// A period without quota (sudden death, main time), with an increment.
    pub fn sudden_death(duration_ms: u64, increment_ms: u64) -> Period {
        Period {
            duration_ms,
            increment_ms,
            quota: None,
        }
    }

    /// A period of `quota` plies, without increment.
    pub fn with_quota(duration_ms: u64, quota: u32) -> Period {
        Period {
            duration_ms,
            increment_ms: 0,
            quota: Some(quota),
        }
    }

    /// Builds a period from PCN-style values in seconds (`time`, `inc`, `moves`), rounding to the
    /// nearest millisecond. Negative, NaN or infinite seconds and a zero quota are refused;
    /// values beyond `u64` milliseconds saturate.
    pub fn from_seconds(time: f64, inc: f64, moves: Option<u64>) -> Result<Period, ClockError> {
        let duration_ms = seconds_to_ms(time).ok_or(ClockError::InvalidDuration(time))?;
        let increment_ms = seconds_to_ms(inc).ok_or(ClockError::InvalidIncrement(inc))?;
        let quota = match moves {
            None => None,
            Some(0) => return Err(ClockError::ZeroQuota),
            Some(n) => Some(u32::try_from(n).unwrap_or(u32::MAX)),
        };
        Ok(Period {
            duration_ms,
            increment_ms,
            quota,
        })
    }
}

fn seconds_to_ms(s: f64) -> Option<u64> {
    if !s.is_finite() || s < 0.0 {
        return None;
    }
    // `as` saturates for floats beyond the target range.
    Some((s * 1000.0).round() as u64)
}

/// Why a time control or a clock operation was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ClockError {
    /// A time control needs at least one period.
    #[error("a time control needs at least one period")]
    NoPeriod,
    /// A period's quota of plies is zero.
    #[error("a period's quota of plies must be at least 1")]
    ZeroQuota,
    /// A duration in seconds is negative, NaN or infinite.
    #[error("invalid period duration {0} s (expected a finite number >= 0)")]
    InvalidDuration(f64),
    /// An increment in seconds is negative, NaN or infinite.
    #[error("invalid period increment {0} s (expected a finite number >= 0)")]
    InvalidIncrement(f64),
    /// The clock has stopped: a side has already lost on time.
    #[error("the clock has stopped: {0} side has already run out of time")]
    Flagged(Side),
}

/// A time control: the periods both sides play under (PCN `periods`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TimeControl {
    periods: Vec<Period>,
    carry_over_on_repeat: bool,
}

impl TimeControl {
    /// A time control from its periods (at least one; a quota of zero is refused).
    pub fn new(periods: Vec<Period>) -> Result<TimeControl, ClockError> {
        if periods.is_empty() {
            return Err(ClockError::NoPeriod);
        }
        if periods.iter().any(|p| p.quota == Some(0)) {
            return Err(ClockError::ZeroQuota);
        }
        Ok(TimeControl {
            periods,
            carry_over_on_repeat: false,
        })
    }

    /// Fischer: one period of `base_ms` with `increment_ms` added after every ply.
    pub fn fischer(base_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl {
            periods: vec![Period::sudden_death(base_ms, increment_ms)],
            carry_over_on_repeat: false,
        }
    }

    /// Byōyomi: `main_ms` of main time, then every ply must be played within `byoyomi_ms`
    /// (the period restarts after each ply).
    pub fn byoyomi(main_ms: u64, byoyomi_ms: u64) -> TimeControl {
        TimeControl {
            periods: vec![
                Period::sudden_death(main_ms, 0),
                Period::with_quota(byoyomi_ms, 1),
            ],
            carry_over_on_repeat: false,
        }
    }

    /// Canadian overtime: `main_ms` of main time, then blocks of `plies` plies to be played within
    /// `block_ms` each (a new block starts afresh). `plies` of zero is treated as one.
    pub fn canadian(main_ms: u64, block_ms: u64, plies: u32) -> TimeControl {
        TimeControl {
            periods: vec![
                Period::sudden_death(main_ms, 0),
                Period::with_quota(block_ms, plies.max(1)),
            ],
            carry_over_on_repeat: false,
        }
    }

    /// Sets whether the unused time carries over when the last period repeats (default: no, as in
    /// byōyomi and Canadian overtime; yes for FIDE-style repeated classical periods).
    pub fn carry_over_on_repeat(mut self, yes: bool) -> TimeControl {
        self.carry_over_on_repeat = yes;
        self
    }

    /// Whether unused time carries over when the last period repeats.
    pub fn carries_over_on_repeat(&self) -> bool {
        self.carry_over_on_repeat
    }

    /// The periods, in order.
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    fn period(&self, index: usize) -> &Period {
        // `index` is kept below `len` by the clock; the fallback is the last period.
        self.periods
            .get(index)
            .unwrap_or(&self.periods[self.periods.len() - 1])
    }
}

/// The clock state of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SideClock {
    /// Index of the current period in [`TimeControl::periods`] (the last one repeats).
    pub period: usize,
    /// How many times the current period has begun again after the list was exhausted (0 the
    /// first time).
    pub repeats: u64,
    /// Time left in the current period, in milliseconds.
    pub remaining_ms: u64,
    /// Plies completed in the current period (towards its quota).
    pub plies_in_period: u32,
    /// Plies this side has completed in the match.
    pub plies: u64,
    /// Total time this side has used, in milliseconds (saturating).
    pub used_ms: u64,
}

impl SideClock {
    fn start(control: &TimeControl) -> SideClock {
        SideClock {
            period: 0,
            repeats: 0,
            remaining_ms: control.period(0).duration_ms,
            plies_in_period: 0,
            plies: 0,
            used_ms: 0,
        }
    }
}

/// What a recorded ply did to the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tick {
    /// The side completed its ply in time; `remaining_ms` is its time left afterwards (increment
    /// included, next period begun if the quota was reached).
    InTime {
        /// The side that played the ply.
        side: Side,
        /// Its remaining time afterwards.
        remaining_ms: u64,
    },
    /// The side ran out of time during the ply: it loses on time (`timelimit`), subject to the
    /// rule system's exceptions. The clock stops.
    Flagged {
        /// The side that ran out of time.
        side: Side,
    },
}

/// A clock for the two sides of a match.
///
/// Each call to [`Clock::record_ply`] stops the side to move's clock after the given time and
/// starts the opponent's. The clock is a small value: the match layer can keep copies to take
/// moves back.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Clock {
    controls: [TimeControl; 2],
    sides: [SideClock; 2],
    to_move: Side,
    flagged: Option<Side>,
}

impl Clock {
    /// A clock where both sides play under `control`, the first side to move.
    pub fn new(control: TimeControl) -> Clock {
        Clock::with_controls(control.clone(), control)
    }

    /// A clock where each side has its own time control (handicap or PCN per-side periods).
    pub fn with_controls(first: TimeControl, second: TimeControl) -> Clock {
        let sides = [SideClock::start(&first), SideClock::start(&second)];
        Clock {
            controls: [first, second],
            sides,
            to_move: Side::First,
            flagged: None,
        }
    }

    /// Sets the side whose clock runs (for a match starting with the second side to move).
    pub fn set_to_move(&mut self, side: Side) {
        self.to_move = side;
    }

    /// The side whose clock runs.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The time control of a side.
    pub fn control(&self, side: Side) -> &TimeControl {
        &self.controls[side.index()]
    }

    /// The clock state of a side (current period, time left, plies).
    pub fn state(&self, side: Side) -> &SideClock {
        &self.sides[side.index()]
    }

    /// Time left to a side in its current period, in milliseconds.
    pub fn remaining_ms(&self, side: Side) -> u64 {
        self.sides[side.index()].remaining_ms
    }

    /// The side that has run out of time, if any (the clock is then stopped).
    pub fn flagged(&self) -> Option<Side> {
        self.flagged
    }

    /// Would the side to move run out of time if it spent `elapsed_ms` on its ply now? (For a live
    /// clock polling the time being spent; no state changes.)
    pub fn would_flag(&self, elapsed_ms: u64) -> bool {
        let mut copy = self.clone();
        matches!(
            copy.record_ply(elapsed_ms),
            Ok(Tick::Flagged { .. }) | Err(_)
        )
    }

    /// Records a ply by the side to move that took `elapsed_ms` milliseconds, and gives the turn
    /// to the opponent. Refused once a side has flagged.
    pub fn record_ply(&mut self, elapsed_ms: u64) -> Result<Tick, ClockError> {
        if let Some(side) = self.flagged {
            return Err(ClockError::Flagged(side));
        }
        let side = self.to_move;
        let control = &self.controls[side.index()];
        let st = &mut self.sides[side.index()];
        st.used_ms = st.used_ms.saturating_add(elapsed_ms);

        // Consume the time, spilling over periods without quota into the next entry.
        let mut left = elapsed_ms;
        loop {
            let period = *control.period(st.period);
            if left < st.remaining_ms {
                st.remaining_ms -= left;
                break;
            }
            // Time exhausted in this period (reaching exactly zero counts).
            let has_next = st.period + 1 < control.periods.len();
            if period.quota.is_none() && has_next {
                left -= st.remaining_ms;
                st.period += 1;
                st.plies_in_period = 0;
                st.remaining_ms = control.period(st.period).duration_ms;
                continue;
            }
            st.remaining_ms = 0;
            self.flagged = Some(side);
            return Ok(Tick::Flagged { side });
        }

        // The ply is complete: increment, quota.
        let period = *control.period(st.period);
        st.remaining_ms = st.remaining_ms.saturating_add(period.increment_ms);
        st.plies = st.plies.saturating_add(1);
        st.plies_in_period = st.plies_in_period.saturating_add(1);
        if let Some(quota) = period.quota {
            if st.plies_in_period >= quota {
                st.plies_in_period = 0;
                if st.period + 1 < control.periods.len() {
                    st.period += 1;
                    let next = control.period(st.period).duration_ms;
                    st.remaining_ms = st.remaining_ms.saturating_add(next);
                } else {
                    st.repeats = st.repeats.saturating_add(1);
                    let next = period.duration_ms;
                    st.remaining_ms = if control.carry_over_on_repeat {
                        st.remaining_ms.saturating_add(next)
                    } else {
                        next
                    };
                }
            }
        }
        let remaining_ms = st.remaining_ms;
        self.to_move = side.flip();
        Ok(Tick::InTime { side, remaining_ms })
    }
}

#[cfg(test)]
mod tests;

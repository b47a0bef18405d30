//! What bounds a search ([`Limits`]: depth, nodes, time, clocks, a mate to find, pondering)
//! and what it reports (`multipv` variations), and how a clock becomes a time budget
//! ([`TimeBudget`]).

use std::time::Duration;

/// One side's clock as a protocol gives it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SideTime {
    /// Main time left, in milliseconds.
    pub remaining_ms: u64,
    /// Fischer increment added after each move, in milliseconds.
    pub increment_ms: u64,
    /// Byōyomi period length in milliseconds (0: none). Time spent within a period is free.
    pub byoyomi_ms: u64,
    /// Byōyomi periods left (ignored when `byoyomi_ms` is 0; at least 1 is assumed otherwise).
    pub periods: u32,
    /// Moves until the next time control (UCI `movestogo`, a quota period).
    pub moves_to_go: Option<u32>,
}

/// What bounds a search, and how many variations it reports. Every bound given applies; none
/// at all means "until stopped".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration (plies).
    pub depth: Option<u32>,
    /// Nodes to search, about (checked every few hundred nodes).
    pub nodes: Option<u64>,
    /// Exact thinking time in milliseconds.
    pub movetime_ms: Option<u64>,
    /// The clock of the side to move, from which a budget is derived.
    pub clock: Option<SideTime>,
    /// Search until stopped, whatever the other bounds (UCI `go infinite`).
    pub infinite: bool,
    /// Stop as soon as a mate in this many moves or fewer (for the side to move) is found
    /// (UCI `go mate N`). With no other bound the search also ends after `4 * N + 4` plies,
    /// mate found or not.
    pub mate: Option<u32>,
    /// Variations to search and report, best first (UCI `MultiPV`); 0 and 1 both mean one.
    /// Each is the best line of a root move not in the variations before it.
    pub multipv: usize,
    /// Think on the opponent's time (UCI `go ponder`): no bound applies until
    /// [`crate::StopHandle::ponderhit`]; from then on the other bounds apply, the clock's budget
    /// counting from the ponder hit. A search that ends while pondering waits for the ponder
    /// hit or `stop` before returning.
    pub ponder: bool,
}

impl Limits {
    /// A depth limit.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    /// A node limit.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
    /// A fixed time per move.
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime_ms: Some(ms),
            ..Limits::default()
        }
    }
    /// A mate search: stop at a mate in `moves` moves or fewer.
    pub fn mate(moves: u32) -> Limits {
        Limits {
            mate: Some(moves),
            ..Limits::default()
        }
    }
    /// The number of variations searched (`multipv`, at least 1).
    pub fn variations(&self) -> usize {
        self.multipv.max(1)
    }
}

/// The time a search may use: the aim `soft` (no iteration starts after three fifths of it);
/// at `hard` it stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeBudget {
    /// Aim: the search stops between iterations so as to end about here.
    pub soft: Duration,
    /// Never think longer than this.
    pub hard: Duration,
}

impl TimeBudget {
    /// The budget for `limits` (`None`: no time bound), keeping `overhead_ms` for the
    /// protocol's latency.
    ///
    /// Fischer: a share of the main time (1/(`moves_to_go` + 1), or 1/21 of it when no quota is
    /// given, 1/26 under 3 s) plus most of the increment, never more than a fraction of what is
    /// left. The search starts no iteration after three fifths of `soft` (the next would take
    /// longer).
    /// Byōyomi: most of a period is added (a period is lost only when overrun, so it is used);
    /// with no main time left, the budget is the period minus the overhead.
    pub fn of(limits: &Limits, overhead_ms: u64) -> Option<TimeBudget> {
        if limits.infinite {
            return None;
        }
        if let Some(ms) = limits.movetime_ms {
            let t = Duration::from_millis(ms.saturating_sub(overhead_ms).max(1));
            return Some(TimeBudget { soft: t, hard: t });
        }
        let c = limits.clock?;
        let byo = if c.byoyomi_ms > 0 { c.byoyomi_ms } else { 0 };
        let left = c.remaining_ms;
        // What may be spent of the main time without flagging, latency kept apart.
        let usable = left.saturating_sub(overhead_ms.min(left / 2));
        // Without a quota, 1/21 of the main time (1/26 under 3 s, where a machine's delays are
        // a larger share of the clock).
        let default_mtg = if c.remaining_ms < 3_000 { 25 } else { 20 };
        let mtg = u64::from(c.moves_to_go.unwrap_or(default_mtg).clamp(1, 50));
        let inc = c.increment_ms;
        // A low clock (under 40 overheads, or five increments) spends less than the
        // increment, so that a reserve builds up against delays the engine does not control.
        let low = left < (40 * overhead_ms.max(10)).max(5 * inc);
        let (share, inc_part) = if low {
            (usable / (2 * mtg + 2), inc / 3)
        } else {
            (usable / (mtg + 1), inc * 9 / 10)
        };
        let mut soft = share + inc_part;
        // Never more than a fraction of the main time left (more for a quota's last move).
        let cap = if mtg == 1 { usable * 3 / 4 } else { usable / 4 };
        // A low clock never goes past its aim: the average spent stays under the increment.
        let mut hard = if low {
            soft.min(usable / 2)
        } else {
            (soft * 4).min(cap.max(soft.min(usable / 2)))
        };
        soft = soft.min(hard);
        if byo > 0 {
            let period = byo.saturating_sub(overhead_ms).max(1);
            soft += period / 2;
            hard += period * 3 / 4;
            if left == 0 {
                soft = period / 2;
                hard = period * 3 / 4;
            }
        }
        let soft = soft.max(1);
        let hard = hard.max(soft);
        Some(TimeBudget {
            soft: Duration::from_millis(soft),
            hard: Duration::from_millis(hard),
        })
    }

    /// The aim scaled by how settled the search is, never past `hard`: `share` is the part of
    /// the last iteration's nodes spent on its best move (a move that takes most of them is
    /// rarely overturned), `stable` the iterations in a row that ended on that move, `drop`
    /// how far (centipawns) the score fell below the best of the three iterations before
    /// (a falling score is worth more time). From 0.4 to 2.5 times the aim.
    pub fn scaled_soft(&self, share: f64, stable: u32, drop: i32) -> Duration {
        // Our own figures, chosen by reasoning and measured in self-play at short controls
        // (2026-12-02, docs/measurements/engine.md).
        let by_share = (1.6 - 1.1 * share.clamp(0.0, 1.0)).clamp(0.55, 1.5);
        let by_stability = match stable {
            0 => 1.3,
            1 => 1.1,
            2 => 1.0,
            3 => 0.9,
            _ => 0.8,
        };
        let by_drop = 1.0 + f64::from(drop.clamp(0, 120)) / 240.0;
        let factor = (by_share * by_stability * by_drop).clamp(0.4, 2.5);
        self.soft.mul_f64(factor).min(self.hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(remaining_ms: u64, increment_ms: u64) -> Limits {
        Limits {
            clock: Some(SideTime {
                remaining_ms,
                increment_ms,
                ..SideTime::default()
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn budgets_stay_within_the_clock() {
        for left in [0, 1, 5, 20, 50, 100, 1_000, 10_000, 600_000] {
            for inc in [0, 10, 100, 2_000] {
                let b = TimeBudget::of(&clock(left, inc), 10).unwrap();
                assert!(b.soft <= b.hard);
                // A budget never exceeds the main time left (plus nothing: the increment
                // comes after the move).
                assert!(
                    b.hard.as_millis() as u64 <= left.max(1),
                    "{left} {inc} {b:?}"
                );
            }
        }
    }

    #[test]
    fn byoyomi_uses_the_period() {
        let l = Limits {
            clock: Some(SideTime {
                remaining_ms: 0,
                byoyomi_ms: 1_000,
                periods: 1,
                ..SideTime::default()
            }),
            ..Limits::default()
        };
        let b = TimeBudget::of(&l, 50).unwrap();
        assert!(
            b.hard.as_millis() <= 950 && b.soft.as_millis() >= 450,
            "{b:?}"
        );
    }

    #[test]
    fn the_aim_shrinks_when_settled_and_grows_when_not() {
        let b = TimeBudget {
            soft: Duration::from_millis(1_000),
            hard: Duration::from_millis(4_000),
        };
        let settled = b.scaled_soft(0.95, 6, 0);
        let unsettled = b.scaled_soft(0.3, 0, 0);
        let falling = b.scaled_soft(0.3, 0, 100);
        assert!(settled < Duration::from_millis(700), "{settled:?}");
        assert!(unsettled > Duration::from_millis(1_300), "{unsettled:?}");
        assert!(falling > unsettled);
        // Never past the hard bound.
        let tight = TimeBudget {
            soft: Duration::from_millis(1_000),
            hard: Duration::from_millis(1_100),
        };
        assert_eq!(tight.scaled_soft(0.0, 0, 500), tight.hard);
    }

    #[test]
    fn movetime_and_infinite() {
        assert_eq!(
            TimeBudget::of(&Limits::movetime(100), 10).unwrap().hard,
            Duration::from_millis(90)
        );
        let l = Limits {
            infinite: true,
            movetime_ms: Some(5),
            ..Limits::default()
        };
        assert!(TimeBudget::of(&l, 0).is_none());
        assert!(TimeBudget::of(&Limits::depth(3), 0).is_none());
    }
}

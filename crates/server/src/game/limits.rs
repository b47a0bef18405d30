//! What a game allows its seats and its clients, and how long it stays in memory: the bounds
//! that keep one game (or one hostile seat or spectator) from exhausting the server.

use std::time::Duration;

/// The per-game limits of a hub (every field a `tegoma serve` flag; see `docs/server.md`).
#[derive(Debug, Clone, PartialEq)]
pub struct GameLimits {
    /// The most games kept in memory at once: past it, the games idle longest (no client
    /// connected, no command in flight) leave memory. Default 2,000.
    pub max_resident: usize,
    /// How long an unfinished game with no client connected and no command stays in memory
    /// (then it is read again from the database when asked for, or when its clock or the
    /// engine needs it). Default 5 minutes.
    pub idle_unload: Duration,
    /// The same for a finished game. Default 1 minute.
    pub finished_unload: Duration,
    /// Draw offers a side may make in one game. Default 3.
    pub max_draw_offers: u32,
    /// Take-back requests a side may make in one game. Default 5.
    pub max_takeback_offers: u32,
    /// Actions (moves, resignation, offers and answers) a seat may send a second, sustained,
    /// through HTTP and WebSocket together. Default 10.
    pub seat_rate: f64,
    /// The burst of actions allowed above [`GameLimits::seat_rate`]. Default 20.
    pub seat_burst: f64,
    /// The events a game keeps for clients that reconnect with `?since=N` (older ones are read
    /// from the record, `GET /api/games/ID`). Default 64.
    pub replay_events: usize,
    /// How often the server pings a WebSocket client. Default 20 s.
    pub ws_ping: Duration,
    /// How long a WebSocket client may take to answer a ping, or to take a message the server
    /// writes to it, before it is disconnected (close code 4000, reconnect). Default 30 s.
    pub ws_timeout: Duration,
    /// Messages a WebSocket client may be behind the game's stream before it is disconnected
    /// (close code 4000: reconnect with `?since=`). Default 256.
    pub ws_backlog: usize,
}

impl Default for GameLimits {
    fn default() -> Self {
        GameLimits {
            max_resident: 2000,
            idle_unload: Duration::from_secs(300),
            finished_unload: Duration::from_secs(60),
            max_draw_offers: 3,
            max_takeback_offers: 5,
            seat_rate: 10.0,
            seat_burst: 20.0,
            replay_events: 64,
            ws_ping: Duration::from_secs(20),
            ws_timeout: Duration::from_secs(30),
            ws_backlog: 256,
        }
    }
}

/// A token bucket: `rate` tokens a second up to `burst`.
#[derive(Debug, Clone)]
pub(crate) struct Bucket {
    tokens: f64,
    last: std::time::Instant,
}

impl Bucket {
    /// A full bucket.
    pub(crate) fn full(burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            last: std::time::Instant::now(),
        }
    }

    /// Takes a token: `Ok(())`, or the whole seconds until one is there.
    pub(crate) fn take(&mut self, rate: f64, burst: f64) -> Result<(), u64> {
        let now = std::time::Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * rate).min(burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else if rate > 0.0 {
            Err(((1.0 - self.tokens) / rate).ceil().max(1.0) as u64)
        } else {
            Err(60)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let mut b = Bucket::full(3.0);
        for _ in 0..3 {
            assert_eq!(b.take(1.0, 3.0), Ok(()));
        }
        assert_eq!(b.take(1.0, 3.0), Err(1), "empty: a token in about a second");
        let mut slow = Bucket::full(1.0);
        assert_eq!(slow.take(0.25, 1.0), Ok(()));
        assert_eq!(slow.take(0.25, 1.0), Err(4), "a token every 4 s");
    }
}

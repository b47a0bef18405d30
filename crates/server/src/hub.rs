//! The games this process runs: started on demand from the database, one task each; on
//! PostgreSQL, a listener that wakes a game when another process stored one of its events.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use tegoma_protocol::Side;

use crate::error::ApiError;
use crate::game::{self, new_match, GameHandle, GameLimits, Registry};
use crate::opponent::Opponent;
use crate::store::{now_ms, GameRow, Store, CHANNEL};
use crate::token;
use crate::view::side_name;

/// The games of this process and the shared database.
pub struct Hub {
    store: Store,
    opponent: Arc<dyn Opponent>,
    games: Registry,
    starting: tokio::sync::Mutex<()>,
    limits: std::sync::RwLock<Arc<GameLimits>>,
}

/// How long a finished game stays in memory with no command and no one holding it by default
/// (then it is served from the database again when asked for).
pub const UNLOAD_AFTER: Duration = Duration::from_secs(60);

/// How often the waker looks for games whose clock or engine needs them.
const WAKE_EVERY: Duration = Duration::from_millis(250);
/// How far ahead the waker looks (well within [`game::WAKE_MARGIN_MS`]).
const WAKE_AHEAD_MS: i64 = 1_000;
/// The waker reads the due games in pages of this many.
const WAKE_PAGE: i64 = 256;
/// How often the waker goes through every due game again, the games in memory included (their
/// stored wake time is a bound in the past while they are in memory).
const WAKE_SWEEP: Duration = Duration::from_secs(30);

/// A new game: its id and the tokens of its human seats.
#[derive(Debug, Clone)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// (side, token) of each human seat.
    pub seats: Vec<(Side, String)>,
}

impl Hub {
    /// A hub on a store, with the computer opponent to use and the default [`GameLimits`].
    pub fn new(store: Store, opponent: Arc<dyn Opponent>) -> Arc<Hub> {
        Hub::with_limits(store, opponent, GameLimits::default())
    }

    /// A hub on a store, with the computer opponent to use and the games' limits.
    pub fn with_limits(store: Store, opponent: Arc<dyn Opponent>, limits: GameLimits) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            opponent,
            games: Arc::new(Mutex::new(HashMap::new())),
            starting: tokio::sync::Mutex::new(()),
            limits: std::sync::RwLock::new(Arc::new(limits)),
        })
    }

    /// The games' limits (those of games started from now on).
    pub fn limits(&self) -> Arc<GameLimits> {
        self.limits
            .read()
            .map(|l| l.clone())
            .unwrap_or_else(|e| e.into_inner().clone())
    }

    /// Sets the games' limits, for games started afterwards.
    pub fn set_limits(&self, limits: GameLimits) {
        if let Ok(mut l) = self.limits.write() {
            *l = Arc::new(limits);
        }
    }

    /// Sets how long a finished game stays in memory once nothing uses it (default
    /// [`UNLOAD_AFTER`]); for games started afterwards.
    pub fn unload_finished_after(&self, grace: Duration) {
        let mut l = (*self.limits()).clone();
        l.finished_unload = grace;
        self.set_limits(l);
    }

    /// The number of games running in this process (in memory).
    pub fn loaded(&self) -> usize {
        self.games.lock().map(|g| g.len()).unwrap_or(0)
    }

    /// Whether the game `id` is in memory.
    pub fn is_loaded(&self, id: &str) -> bool {
        self.lookup(id).is_some()
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Starts the hub's background work: the waker, which starts the games whose clock falls
    /// or whose engine is to move (found through the database's index, [`Store::due`]: no game
    /// is loaded before the server listens) and, on PostgreSQL, the listener of other
    /// processes' events. Returns the number of games due now.
    ///
    /// # Errors
    /// Database errors.
    pub async fn resume(self: &Arc<Hub>) -> Result<usize, ApiError> {
        let due = self.store.due(now_ms(), None, WAKE_PAGE).await?.len();
        let hub = Arc::downgrade(self);
        tokio::spawn(waker(hub));
        if self.store.is_postgres() {
            let mut listener = sqlx::postgres::PgListener::connect(self.store.url())
                .await
                .map_err(|e| ApiError::unavailable(format!("LISTEN: {e}")))?;
            listener
                .listen(CHANNEL)
                .await
                .map_err(|e| ApiError::unavailable(format!("LISTEN: {e}")))?;
            let hub = Arc::downgrade(self);
            tokio::spawn(async move {
                loop {
                    let n = match listener.recv().await {
                        Ok(n) => n,
                        Err(e) => {
                            tracing::warn!("LISTEN: {e}");
                            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                            continue;
                        }
                    };
                    let Some(hub) = hub.upgrade() else { break };
                    let (id, what) = n.payload().split_once(':').unwrap_or((n.payload(), ""));
                    let handle = hub.games.lock().ok().and_then(|g| g.get(id).cloned());
                    if let Some(h) = handle {
                        if what == crate::meet::NOTIFY {
                            h.meet_reload();
                        } else {
                            h.catch_up();
                        }
                    }
                }
            });
        }
        Ok(due)
    }

    /// Creates a game.
    ///
    /// # Errors
    /// A bad game description (unknown rules, FEEN, periods, level) or a database error.
    pub async fn create(
        &self,
        rules: &str,
        feen: Option<&str>,
        periods: Option<&Value>,
        engine: Option<(Side, u8)>,
    ) -> Result<Created, ApiError> {
        let m = new_match(rules, feen, periods)?;
        let token = |side: Side| -> Result<Option<String>, ApiError> {
            if engine.map(|e| e.0) == Some(side) {
                Ok(None)
            } else {
                token::fresh()
                    .map(Some)
                    .map_err(|e| ApiError::internal(e.to_string()))
            }
        };
        let first = token(Side::First)?;
        let second = token(Side::Second)?;
        let id = token::fresh_id().map_err(|e| ApiError::internal(e.to_string()))?;
        let created_ms = now_ms();
        // The engine to move first: the game must be woken if this process stops now.
        let engine_first = engine.is_some_and(|e| e.0 == m.side_to_move());
        let row = GameRow {
            id: id.clone(),
            rules: m.rules().name().to_string(),
            start_feen: m.start_feen(),
            periods: periods.map(Value::to_string),
            engine_side: engine.map(|e| side_name(e.0).to_string()),
            engine_level: engine.map(|e| i64::from(e.1)),
            first_hash: first.as_deref().map(token::hash),
            second_hash: second.as_deref().map(token::hash),
            created_ms,
            wake_ms: engine_first.then_some(created_ms),
        };
        self.store.insert_game(&row).await?;
        let mut seats = Vec::new();
        if let Some(t) = first {
            seats.push((Side::First, t));
        }
        if let Some(t) = second {
            seats.push((Side::Second, t));
        }
        if engine.is_some() {
            // The engine may have the first move.
            let _ = self.get(&id).await?;
        }
        Ok(Created { id, seats })
    }

    /// The running game of this id, started from the database when needed; `None` when no game
    /// has this id.
    ///
    /// # Errors
    /// Database errors.
    pub async fn get(&self, id: &str) -> Result<Option<GameHandle>, ApiError> {
        if id.len() > 64 {
            return Ok(None);
        }
        if let Some(h) = self.lookup(id) {
            return Ok(Some(h));
        }
        let _guard = self.starting.lock().await;
        if let Some(h) = self.lookup(id) {
            return Ok(Some(h));
        }
        let Some(row) = self.store.game(id).await? else {
            return Ok(None);
        };
        let limits = self.limits();
        let registry = Arc::downgrade(&self.games);
        let h = game::start(
            row,
            self.store.clone(),
            self.opponent.clone(),
            registry,
            limits.clone(),
        )
        .await?;
        let over = if let Ok(mut g) = self.games.lock() {
            g.insert(id.to_string(), h.clone());
            g.len().saturating_sub(limits.max_resident)
        } else {
            0
        };
        if over > 0 {
            self.unload_idlest(over);
        }
        Ok(Some(h))
    }

    /// Asks the `n` games idle longest that nothing else holds to leave memory (each leaves
    /// when it is idle: no client, no command, no engine thinking, no clock about to fall).
    fn unload_idlest(&self, n: usize) {
        let mut idle: Vec<(i64, GameHandle)> = match self.games.lock() {
            Ok(g) => g
                .values()
                .filter(|h| h.tx.strong_count() == 1)
                .map(|h| (h.shared.active_ms.load(Ordering::Relaxed), h.clone()))
                .collect(),
            Err(_) => return,
        };
        let n = n.min(idle.len());
        if n == 0 {
            return;
        }
        idle.select_nth_unstable_by_key(n - 1, |(at, _)| *at);
        for (_, h) in idle.into_iter().take(n) {
            h.unload();
        }
    }

    fn lookup(&self, id: &str) -> Option<GameHandle> {
        self.games.lock().ok().and_then(|g| g.get(id).cloned())
    }
}

/// The waker: every [`WAKE_EVERY`], starts the games whose stored wake time has come (their
/// own timers then end them on time, or their engine moves), reading the due games after the
/// last one seen, and all of them again every [`WAKE_SWEEP`]. Ends with the hub.
async fn waker(hub: std::sync::Weak<Hub>) {
    let mut after: Option<(i64, String)> = None;
    let mut swept = Instant::now();
    loop {
        let Some(hub) = hub.upgrade() else { break };
        if swept.elapsed() >= WAKE_SWEEP {
            after = None;
            swept = Instant::now();
        }
        let until = now_ms() + WAKE_AHEAD_MS;
        loop {
            let from = after.as_ref().map(|(w, id)| (*w, id.as_str()));
            let due = match hub.store.due(until, from, WAKE_PAGE).await {
                Ok(d) => d,
                Err(e) => {
                    tracing::warn!("waker: {e}");
                    break;
                }
            };
            let full = due.len() as i64 == WAKE_PAGE;
            for (id, wake) in due {
                if !hub.is_loaded(&id) {
                    if let Err(e) = hub.get(&id).await {
                        tracing::warn!(game = %id, "waking: {e}");
                    }
                }
                after = Some((wake, id));
            }
            if !full {
                break;
            }
        }
        // Games in memory in use: a client connected or a command in flight.
        let active = hub.games.lock().map_or(0, |g| {
            g.values().filter(|h| h.tx.strong_count() > 1).count()
        });
        crate::metrics::games_active(active);
        drop(hub);
        tokio::time::sleep(WAKE_EVERY).await;
    }
}

/// The side a token holds in a game.
///
/// # Errors
/// 403 `WrongToken` when it holds none.
pub fn seat_of(row: &GameRow, token: &str) -> Result<Side, ApiError> {
    let h = token::hash(token);
    for (side, stored) in [
        (Side::First, &row.first_hash),
        (Side::Second, &row.second_hash),
    ] {
        if let Some(s) = stored {
            if token::same(s, &h) {
                return Ok(side);
            }
        }
    }
    Err(ApiError::wrong_token())
}

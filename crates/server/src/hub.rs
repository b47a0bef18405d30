//! The games this process runs: started on demand from the database, one task each; on
//! PostgreSQL, a listener that wakes a game when another process stored one of its events.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::Value;
use tegoma_protocol::Side;

use crate::error::ApiError;
use crate::game::{self, new_match, GameHandle, Registry};
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
    unload_after_ms: AtomicU64,
}

/// How long a finished game stays in memory with no command and no one holding it (then it is
/// served from the database again when asked for).
pub const UNLOAD_AFTER: Duration = Duration::from_secs(60);

/// A new game: its id and the tokens of its human seats.
#[derive(Debug, Clone)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// (side, token) of each human seat.
    pub seats: Vec<(Side, String)>,
}

impl Hub {
    /// A hub on a store, with the computer opponent to use.
    pub fn new(store: Store, opponent: Arc<dyn Opponent>) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            opponent,
            games: Arc::new(Mutex::new(HashMap::new())),
            starting: tokio::sync::Mutex::new(()),
            unload_after_ms: AtomicU64::new(UNLOAD_AFTER.as_millis() as u64),
        })
    }

    /// Sets how long a finished game stays in memory once nothing uses it (default
    /// [`UNLOAD_AFTER`]); for games started afterwards.
    pub fn unload_finished_after(&self, grace: Duration) {
        self.unload_after_ms
            .store(grace.as_millis() as u64, Ordering::Relaxed);
    }

    /// The number of games running in this process (in memory).
    pub fn loaded(&self) -> usize {
        self.games.lock().map(|g| g.len()).unwrap_or(0)
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Starts the tasks of every unfinished game (their clocks run again) and, on PostgreSQL,
    /// the listener of other processes' events.
    ///
    /// # Errors
    /// Database errors.
    pub async fn resume(self: &Arc<Hub>) -> Result<usize, ApiError> {
        let ids = self.store.unfinished().await?;
        for id in &ids {
            let _ = self.get(id).await?;
        }
        if self.store.is_postgres() {
            let mut listener = sqlx::postgres::PgListener::connect(self.store.url())
                .await
                .map_err(|e| ApiError::internal(format!("LISTEN: {e}")))?;
            listener
                .listen(CHANNEL)
                .await
                .map_err(|e| ApiError::internal(format!("LISTEN: {e}")))?;
            let hub = Arc::downgrade(self);
            tokio::spawn(async move {
                loop {
                    let n = match listener.recv().await {
                        Ok(n) => n,
                        Err(e) => {
                            eprintln!("tegoma-server: LISTEN: {e}");
                            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                            continue;
                        }
                    };
                    let Some(hub) = hub.upgrade() else { break };
                    let id = n.payload().split(':').next().unwrap_or("");
                    let handle = hub.games.lock().ok().and_then(|g| g.get(id).cloned());
                    if let Some(h) = handle {
                        h.catch_up();
                    }
                }
            });
        }
        Ok(ids.len())
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
        let row = GameRow {
            id: id.clone(),
            rules: m.rules().name().to_string(),
            start_feen: m.start_feen(),
            periods: periods.map(Value::to_string),
            engine_side: engine.map(|e| side_name(e.0).to_string()),
            engine_level: engine.map(|e| i64::from(e.1)),
            first_hash: first.as_deref().map(token::hash),
            second_hash: second.as_deref().map(token::hash),
            created_ms: now_ms(),
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
        let grace = Duration::from_millis(self.unload_after_ms.load(Ordering::Relaxed));
        let registry = (Arc::downgrade(&self.games), grace);
        let h = game::start(row, self.store.clone(), self.opponent.clone(), registry).await?;
        if let Ok(mut g) = self.games.lock() {
            g.insert(id.to_string(), h.clone());
        }
        Ok(Some(h))
    }

    fn lookup(&self, id: &str) -> Option<GameHandle> {
        self.games.lock().ok().and_then(|g| g.get(id).cloned())
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

//! The database: games and their numbered events, on SQLite (embedded, the default) or
//! PostgreSQL, through sqlx's `Any` driver with portable SQL; PostgreSQL `LISTEN/NOTIFY` tells
//! the other server processes sharing the database that a game has new events.

mod records;
mod writer;

pub use records::RecordRow;

use std::path::Path;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use std::borrow::Cow;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyConnection, AnyPool, Executor, Row};
use tokio::sync::{mpsc, oneshot};

use writer::Write;

/// Stores a new game (parameters: its [`GameRow`] fields in order, without the finish flag).
/// `$N` parameters, which SQLite and PostgreSQL both read (SQLite by position).
const INSERT_GAME: &str = "INSERT INTO games (id, rules, start_feen, periods, engine_side, \
     engine_level, first_hash, second_hash, created_ms, finished, wake_ms) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10)";

/// Marks the game `$1` finished (it never needs waking again).
const FINISH_GAME: &str = "UPDATE games SET finished = 1, wake_ms = NULL WHERE id = $1";

/// Sets the wake time of the game `$2` to `$1` (see [`GameRow::wake_ms`]); parameters in the
/// order they appear (SQLite numbers `$N` parameters by their first appearance).
const SET_WAKE: &str = "UPDATE games SET wake_ms = $1 WHERE id = $2";

/// SQLite: appends an event unless its number is taken (then no row changes).
const SQLITE_APPEND: &str = "INSERT OR IGNORE INTO events (game_id, seq, kind, data, at_ms) \
     VALUES ($1, $2, $3, $4, $5)";

/// The channel of `NOTIFY` messages (`game_id:seq`).
pub const CHANNEL: &str = "tegoma_events";

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A database error, with what was being done.
#[derive(Debug, thiserror::Error)]
#[error("database: {what}: {source}")]
pub struct StoreError {
    what: &'static str,
    #[source]
    source: Box<dyn std::error::Error + Send + Sync>,
}

impl StoreError {
    /// A database error while doing `what`.
    pub(crate) fn new(what: &'static str, source: sqlx::Error) -> StoreError {
        StoreError {
            what,
            source: Box::new(source),
        }
    }
}

fn ctx(what: &'static str) -> impl FnOnce(sqlx::Error) -> StoreError {
    move |source| StoreError {
        what,
        source: Box::new(source),
    }
}

/// A stored game's fixed part.
#[derive(Debug, Clone)]
pub struct GameRow {
    /// Its identifier.
    pub id: String,
    /// The rule system's name.
    pub rules: String,
    /// The start position (FEEN).
    pub start_feen: String,
    /// The PCN periods (JSON array), if the game is timed.
    pub periods: Option<String>,
    /// The side the engine plays (`first`/`second`), if any.
    pub engine_side: Option<String>,
    /// The engine's level.
    pub engine_level: Option<i64>,
    /// SHA-256 of the first seat's token.
    pub first_hash: Option<String>,
    /// SHA-256 of the second seat's token.
    pub second_hash: Option<String>,
    /// Creation time, ms since the epoch.
    pub created_ms: i64,
    /// When the server must next act on the game with no client connected (its clock's flag,
    /// the engine's move), ms since the epoch: never later than that moment (a lower bound;
    /// exact when the game left memory), `None` when never. The hub's waker loads the games
    /// that are due ([`Store::due`]).
    pub wake_ms: Option<i64>,
}

/// One stored event.
#[derive(Debug, Clone)]
pub struct EventRow {
    /// Its number in the game (from 1).
    pub seq: i64,
    /// Its kind (`move`, `resign`, ...).
    pub kind: String,
    /// Its data (JSON).
    pub data: String,
    /// When it happened, ms since the epoch.
    pub at_ms: i64,
}

/// Whether an append went in, or another writer took that number first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Append {
    /// Stored.
    Stored,
    /// The number is taken (another process appended first): catch up and retry.
    Conflict,
}

/// The schema's migrations, embedded (applied in order at start, recorded by sqlx).
fn migrator() -> Migrator {
    let mut m = Migrator::DEFAULT;
    m.migrations = Cow::Owned(vec![
        Migration::new(
            1,
            Cow::Borrowed("games"),
            MigrationType::Simple,
            Cow::Borrowed(include_str!("../migrations/0001_games.sql")),
            false,
        ),
        Migration::new(
            2,
            Cow::Borrowed("wake"),
            MigrationType::Simple,
            Cow::Borrowed(include_str!("../migrations/0002_wake.sql")),
            false,
        ),
        Migration::new(
            3,
            Cow::Borrowed("seats"),
            MigrationType::Simple,
            Cow::Borrowed(include_str!("../migrations/0003_seats.sql")),
            false,
        ),
        Migration::new(
            4,
            Cow::Borrowed("records"),
            MigrationType::Simple,
            Cow::Borrowed(include_str!("../migrations/0004_records.sql")),
            false,
        ),
    ]);
    m
}

/// The database.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    postgres: bool,
    url: String,
    /// SQLite on a file: the one writer (group commit, a thread of its own); `None` on
    /// PostgreSQL and in memory, where writes go through the pool.
    writer: Option<mpsc::Sender<Write>>,
}

/// The file of an SQLite URL (`sqlite://PATH` or `sqlite:PATH`, without its `?` options);
/// `None` for an in-memory database or another URL.
fn sqlite_file(url: &str) -> Option<&str> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty() && !path.contains(":memory:") && !path.starts_with("file:")).then_some(path)
}

/// Hands `w` to the SQLite writer and waits for its answer.
async fn write<T>(
    writer: &mpsc::Sender<Write>,
    w: Write,
    answer: oneshot::Receiver<Result<T, StoreError>>,
    what: &'static str,
) -> Result<T, StoreError> {
    let gone = || StoreError {
        what,
        source: "the SQLite writer stopped".into(),
    };
    writer.send(w).await.map_err(|_| gone())?;
    answer.await.map_err(|_| gone())?
}

/// The settings of every SQLite connection.
async fn sqlite_pragmas(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    conn.execute("PRAGMA busy_timeout = 10000").await?;
    // Pages of 2 KiB for a new file (an existing one keeps its size): every event rewrites
    // its game's page of the events' index, and the log and its copy back into the database
    // write whole pages. Under the load benchmark's 1,000 games, 4 KiB pages wrote about
    // 5 KB to the disk a move and 2 KiB pages about 3.6 KB (and less of the machine's time
    // went to the virtual disk); 1 KiB pages wrote about the same bytes in a third more pages
    // (see `docs/measurements/server-load.md`, 2026-12-02). Set before the log is turned on,
    // as SQLite asks.
    conn.execute("PRAGMA page_size = 2048").await?;
    conn.execute("PRAGMA journal_mode = WAL").await?;
    // WAL with NORMAL sync: a committed transaction survives a crash of the process
    // (SIGKILL); only a power loss may lose the last commits.
    conn.execute("PRAGMA synchronous = NORMAL").await?;
    // 32 MiB of page cache (the default is 2 MiB): the events' index stays in memory.
    conn.execute("PRAGMA cache_size = -32768").await?;
    // The log is copied back into the database by a task of its own (`checkpointer`), off the
    // writer's path; the writer's own checkpoint after a commit (a pause of every game waiting
    // for it) is only the bound on the log's size: 40,000 pages (160 MiB).
    conn.execute("PRAGMA wal_autocheckpoint = 40000").await?;
    Ok(())
}

impl Store {
    /// Opens (creating an SQLite file when needed) and migrates the database at `url`
    /// (`sqlite://path`, `sqlite::memory:`, `postgres://...`).
    ///
    /// # Errors
    /// When the database cannot be reached or migrated.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let postgres = url.starts_with("postgres:") || url.starts_with("postgresql:");
        let mut full = url.to_string();
        if !postgres && !full.contains("mode=") && !full.contains(":memory:") {
            full.push_str(if full.contains('?') {
                "&mode=rwc"
            } else {
                "?mode=rwc"
            });
        }
        let options = AnyConnectOptions::from_str(&full).map_err(ctx("reading the URL"))?;
        let max = if postgres { 16 } else { 4 };
        let pool = AnyPoolOptions::new()
            .max_connections(max)
            .min_connections(1)
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if !postgres {
                        sqlite_pragmas(conn).await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options.clone())
            .await
            .map_err(ctx("connecting"))?;
        migrator().run(&pool).await.map_err(|e| StoreError {
            what: "migrating",
            source: e.into(),
        })?;
        let writer = match sqlite_file(url) {
            Some(path) if !postgres => Some(writer::start(Path::new(path))?),
            _ => None,
        };
        Ok(Store {
            pool,
            postgres,
            url: url.to_string(),
            writer,
        })
    }

    /// Whether the database is PostgreSQL (several processes may share it).
    pub fn is_postgres(&self) -> bool {
        self.postgres
    }

    /// The connection pool (the seats' reads and writes, [`crate::meet`]).
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// The URL the store was opened with.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stores a new game.
    ///
    /// # Errors
    /// Database errors.
    pub async fn insert_game(&self, g: &GameRow) -> Result<(), StoreError> {
        if let Some(w) = &self.writer {
            let (reply, answer) = oneshot::channel();
            return write(
                w,
                Write::Game(Box::new(g.clone()), reply),
                answer,
                "storing a game",
            )
            .await;
        }
        sqlx::query(INSERT_GAME)
            .bind(&g.id)
            .bind(&g.rules)
            .bind(&g.start_feen)
            .bind(&g.periods)
            .bind(&g.engine_side)
            .bind(g.engine_level)
            .bind(&g.first_hash)
            .bind(&g.second_hash)
            .bind(g.created_ms)
            .bind(g.wake_ms)
            .execute(&self.pool)
            .await
            .map_err(ctx("storing a game"))?;
        Ok(())
    }

    /// A stored game.
    ///
    /// # Errors
    /// Database errors.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, rules, start_feen, periods, engine_side, engine_level, first_hash, \
             second_hash, created_ms, wake_ms FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(ctx("reading a game"))?;
        row.map(|r| {
            Ok(GameRow {
                id: r.try_get(0)?,
                rules: r.try_get(1)?,
                start_feen: r.try_get(2)?,
                periods: r.try_get(3)?,
                engine_side: r.try_get(4)?,
                engine_level: r.try_get(5)?,
                first_hash: r.try_get(6)?,
                second_hash: r.try_get(7)?,
                created_ms: r.try_get(8)?,
                wake_ms: r.try_get(9)?,
            })
        })
        .transpose()
        .map_err(ctx("reading a game"))
    }

    /// The games not finished.
    ///
    /// # Errors
    /// Database errors.
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE finished = 0")
            .fetch_all(&self.pool)
            .await
            .map_err(ctx("listing games"))?;
        rows.iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, _>>()
            .map_err(ctx("listing games"))
    }

    /// The games due to be woken by `until` (ms since the epoch) whose `(wake_ms, id)` comes
    /// after `after`, in that order, at most `limit` of them: `(id, wake_ms)` (through the
    /// index on `(wake_ms, id)`).
    ///
    /// # Errors
    /// Database errors.
    pub async fn due(
        &self,
        until: i64,
        after: Option<(i64, &str)>,
        limit: i64,
    ) -> Result<Vec<(String, i64)>, StoreError> {
        let (wake, id) = after.unwrap_or((i64::MIN, ""));
        let rows = sqlx::query(
            "SELECT id, wake_ms FROM games WHERE wake_ms IS NOT NULL AND wake_ms <= $1 \
             AND (wake_ms > $2 OR (wake_ms = $2 AND id > $3)) ORDER BY wake_ms, id LIMIT $4",
        )
        .bind(until)
        .bind(wake)
        .bind(id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(ctx("finding the games to wake"))?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(ctx("finding the games to wake"))
    }

    /// The number of games stored.
    ///
    /// # Errors
    /// Database errors.
    pub async fn count_games(&self) -> Result<i64, StoreError> {
        sqlx::query("SELECT COUNT(*) FROM games")
            .fetch_one(&self.pool)
            .await
            .and_then(|r| r.try_get(0))
            .map_err(ctx("counting games"))
    }

    /// The number of events stored in the game `id`.
    ///
    /// # Errors
    /// Database errors.
    pub async fn count_events(&self, id: &str) -> Result<i64, StoreError> {
        sqlx::query("SELECT COUNT(*) FROM events WHERE game_id = $1")
            .bind(id)
            .fetch_one(&self.pool)
            .await
            .and_then(|r| r.try_get(0))
            .map_err(ctx("counting events"))
    }

    /// Sets a game's [`GameRow::wake_ms`].
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_wake(&self, id: &str, wake_ms: Option<i64>) -> Result<(), StoreError> {
        if let Some(w) = &self.writer {
            let (reply, answer) = oneshot::channel();
            let wake = Write::Wake(id.to_string(), wake_ms, reply);
            return write(w, wake, answer, "setting a game's wake time").await;
        }
        sqlx::query(SET_WAKE)
            .bind(wake_ms)
            .bind(id)
            .execute(&self.pool)
            .await
            .map_err(ctx("setting a game's wake time"))?;
        Ok(())
    }

    /// The number of moves stored in each game that has any, `(game id, moves)` (for the load
    /// benchmark's check that no acknowledged move is lost or duplicated).
    ///
    /// # Errors
    /// Database errors.
    pub async fn moves_per_game(&self) -> Result<Vec<(String, i64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT game_id, COUNT(*) FROM events WHERE kind = 'move' GROUP BY game_id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(ctx("counting moves"))?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(ctx("counting moves"))
    }

    /// Marks a game finished.
    ///
    /// # Errors
    /// Database errors.
    pub async fn set_finished(&self, id: &str) -> Result<(), StoreError> {
        if let Some(w) = &self.writer {
            let (reply, answer) = oneshot::channel();
            let finished = Write::Finished(id.to_string(), reply);
            return write(w, finished, answer, "finishing a game").await;
        }
        sqlx::query(FINISH_GAME)
            .bind(id)
            .execute(&self.pool)
            .await
            .map_err(ctx("finishing a game"))?;
        Ok(())
    }

    /// The events of a game numbered above `after`, in order.
    ///
    /// # Errors
    /// Database errors.
    pub async fn events(&self, id: &str, after: i64) -> Result<Vec<EventRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, kind, data, at_ms FROM events WHERE game_id = $1 AND seq > $2 \
             ORDER BY seq",
        )
        .bind(id)
        .bind(after)
        .fetch_all(&self.pool)
        .await
        .map_err(ctx("reading events"))?;
        rows.iter()
            .map(|r| {
                Ok(EventRow {
                    seq: r.try_get(0)?,
                    kind: r.try_get(1)?,
                    data: r.try_get(2)?,
                    at_ms: r.try_get(3)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(ctx("reading events"))
    }

    /// Appends an event with the next number; [`Append::Conflict`] when the number is taken.
    /// Committed before it returns (the caller acknowledges only afterwards). On PostgreSQL, the
    /// other processes are notified in the same transaction.
    ///
    /// # Errors
    /// Database errors other than the number being taken.
    pub async fn append(&self, id: &str, e: &EventRow) -> Result<Append, StoreError> {
        self.append_waking(id, e, None).await
    }

    /// As [`Store::append`], setting the game's [`GameRow::wake_ms`] to `wake` in the same
    /// transaction when it is given.
    ///
    /// # Errors
    /// Database errors other than the number being taken.
    pub async fn append_waking(
        &self,
        id: &str,
        e: &EventRow,
        wake: Option<i64>,
    ) -> Result<Append, StoreError> {
        let started = std::time::Instant::now();
        let appended = self.append_inner(id, e, wake).await;
        crate::metrics::storage_latency(started.elapsed());
        if e.kind == "move" && matches!(appended, Ok(Append::Stored)) {
            crate::metrics::move_stored();
        }
        appended
    }

    async fn append_inner(
        &self,
        id: &str,
        e: &EventRow,
        wake: Option<i64>,
    ) -> Result<Append, StoreError> {
        if let Some(w) = &self.writer {
            let (reply, answer) = oneshot::channel();
            let event = Write::Event {
                id: id.to_string(),
                event: e.clone(),
                wake,
                reply,
            };
            return write(w, event, answer, "appending an event").await;
        }
        let mut tx = self.pool.begin().await.map_err(ctx("appending an event"))?;
        let sql = if self.postgres {
            "INSERT INTO events (game_id, seq, kind, data, at_ms) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT DO NOTHING"
        } else {
            SQLITE_APPEND
        };
        let done = sqlx::query(sql)
            .bind(id)
            .bind(e.seq)
            .bind(&e.kind)
            .bind(&e.data)
            .bind(e.at_ms)
            .execute(&mut *tx)
            .await
            .map_err(ctx("appending an event"))?;
        if done.rows_affected() == 0 {
            let _ = tx.rollback().await;
            return Ok(Append::Conflict);
        }
        if let Some(wake) = wake {
            sqlx::query(SET_WAKE)
                .bind(wake)
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(ctx("setting a game's wake time"))?;
        }
        if self.postgres {
            sqlx::query("SELECT COUNT(*) FROM (SELECT pg_notify($1, $2)) AS n")
                .bind(CHANNEL)
                .bind(format!("{id}:{}", e.seq))
                .execute(&mut *tx)
                .await
                .map_err(ctx("notifying"))?;
        }
        tx.commit().await.map_err(ctx("committing an event"))?;
        Ok(Append::Stored)
    }
}

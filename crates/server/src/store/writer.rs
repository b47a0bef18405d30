//! SQLite's one writer: a thread of its own with its own connection, through which every write
//! goes (events, new games, finished games).
//!
//! Why a thread and not a task: under load the runtime's queues hold thousands of ready tasks,
//! and a writer task waits behind them each time it is woken (after every statement), while every
//! game's moves wait for its commit. Why one writer: SQLite has one writer at a time; a second
//! connection that writes waits for the lock in SQLite's busy handler, which sleeps for up to
//! tens of milliseconds, stalling every game behind it.
//!
//! The writer takes every write waiting and stores them in one transaction, so a batch costs one
//! commit: new games first, then the events, then the games that ended (neither can concern an
//! event of the same batch: a game's first event follows its creation's answer, its end follows
//! its last event's). Each answer is sent once the commit is done.
//!
//! The writer speaks to SQLite through sqlx, as the rest of the store does: one SQLite driver.
//! Its connection and the checkpointer's are sqlx's [`SqliteConnection`]s, each driven by a
//! single-threaded runtime on the thread of its own (sqlx runs each SQLite connection's
//! statements on a worker thread of its own; see `docs/measurements/server-load.md`,
//! 2026-12-06, for the load benchmark with this writer and with the `rusqlite` one before it).
//!
//! Group commit: when the batch before held more than one write (games are writing
//! concurrently), the writer waits [`GATHER`] after a batch's first write before taking the
//! others, so that one commit serves more of them (PostgreSQL's `commit_delay` with
//! `commit_siblings`, for the same reason). A lone write (one game, an idle server) is never
//! delayed. Measured in the load benchmark (1,000 games): batches of about 3 writes without
//! the wait, the writer's CPU per move 25-27 µs; with 1-2 ms of wait, 16-17 µs.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection, Row};
use tokio::sync::{mpsc, oneshot};

use super::{
    Append, EventRow, GameRow, StoreError, FINISH_GAME, INSERT_GAME, SET_WAKE, SQLITE_APPEND,
};

/// The most writes taken into one transaction.
const MAX_BATCH: usize = 512;

/// How long the writer gathers a batch once writes come concurrently (see the module's
/// documentation).
const GATHER: Duration = Duration::from_millis(1);

/// How often the checkpointer copies the log back into the database.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// The checkpointer's passes end when at most this many pages of the log are left for the
/// writer's own checkpoint (its pause).
const TAIL: i64 = 256;

/// The most passes of the checkpointer in one tick (each copies what the writer appended during
/// the one before, so the log left shrinks quickly while the writer keeps its pace).
const PASSES: usize = 4;

/// A write waiting for the writer, with where its answer goes.
pub(super) enum Write {
    /// An event of a game: [`Append::Conflict`] when its number is taken (by another process
    /// writing the same file).
    /// With `wake`, the game's wake time is set in the same transaction when the event goes in.
    Event {
        id: String,
        event: EventRow,
        wake: Option<i64>,
        reply: oneshot::Sender<Result<Append, StoreError>>,
    },
    /// A game's wake time (see [`GameRow::wake_ms`]).
    Wake(String, Option<i64>, oneshot::Sender<Result<(), StoreError>>),
    /// A new game.
    Game(Box<GameRow>, oneshot::Sender<Result<(), StoreError>>),
    /// A game that ended.
    Finished(String, oneshot::Sender<Result<(), StoreError>>),
}

fn error(what: &'static str) -> impl Fn(sqlx::Error) -> StoreError {
    move |e| StoreError {
        what,
        source: Box::new(e),
    }
}

/// Opens a connection to the database file at `path` with the settings every writer needs.
async fn open(path: &Path) -> Result<SqliteConnection, StoreError> {
    // The same settings as the pool's connections (see `sqlite_pragmas`), but for a page
    // cache of 4 MiB instead of 32. When a B-tree page splits, SQLite sorts the new pages by
    // number and swaps two of them through a key it never uses otherwise (the page of the
    // locking byte, number 524,289 with pages of 2 KiB: `balance_nonroot`); the cache then
    // believes it holds pages past the end of the database, and the end of the transaction
    // scans its whole table to drop them (`pcache1TruncateUnsafe`, reached from
    // `pager_end_transaction`). Each game's page of the events' index splits every few dozen
    // events, so many of the writer's batches pay a scan that grows with the cache:
    // with 8 MiB, 3.2% of the server's time under the load benchmark and 26 µs of the writer a
    // move; with 4 MiB (2 MiB the same) 22 µs (found with `gdb` on the running benchmark;
    // 2026-12-02 in `docs/measurements/server-load.md`). The writer's pages in use (the
    // events' last pages, one per game being played, and the index's inner pages) fit in 4 MiB
    // for the benchmark's 1,000 games; more read what they miss from the log or the file.
    // Foreign keys off (SQLite's default; sqlx turns them on): the schema has none.
    SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .busy_timeout(Duration::from_secs(10))
        .foreign_keys(false)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .pragma("cache_size", "-4096")
        .pragma("wal_autocheckpoint", "40000")
        .disable_statement_logging()
        .connect()
        .await
        .map_err(error("connecting"))
}

/// A single-threaded runtime driving one connection on its thread.
fn runtime() -> Result<tokio::runtime::Runtime, StoreError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| StoreError {
            what: "starting the writer",
            source: Box::new(e),
        })
}

/// Starts the writer and the checkpointer on the database file at `path`, each on a thread of
/// its own with its connection; the writer stops when every sender is dropped, the
/// checkpointer after it.
pub(super) fn start(path: &Path) -> Result<mpsc::Sender<Write>, StoreError> {
    let (tx, rx) = mpsc::channel(4096);
    let weak = tx.downgrade();
    let tail = Arc::new(AtomicBool::new(false));
    let wanted = tail.clone();
    start_on_connection(
        "sqlite-writer",
        "starting the writer",
        "the writer's thread ended",
        path,
        move |conn| async move { run(conn, rx, &wanted).await },
    )?;
    start_on_connection(
        "sqlite-checkpoint",
        "starting the checkpointer",
        "the checkpointer's thread ended",
        path,
        move |conn| async move { checkpointer(conn, weak, &tail).await },
    )?;
    Ok(tx)
}

/// Starts the thread `name` with a runtime and a connection to `path` of its own, runs `body`
/// on that connection, and returns once the connection is open (or with why it is not: `what`
/// failed, or `ended` when the thread ended first).
fn start_on_connection<F, Fut>(
    name: &str,
    what: &'static str,
    ended: &'static str,
    path: &Path,
    body: F,
) -> Result<(), StoreError>
where
    F: FnOnce(SqliteConnection) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()>,
{
    let (opened, ready) = std::sync::mpsc::sync_channel(1);
    let path = path.to_path_buf();
    spawn(name, what, move || {
        let connected = runtime().map(|rt| {
            let conn = rt.block_on(open(&path));
            (rt, conn)
        });
        match connected {
            Ok((rt, Ok(conn))) => {
                let _ = opened.send(Ok(()));
                rt.block_on(body(conn));
            }
            Ok((_, Err(e))) | Err(e) => {
                let _ = opened.send(Err(e));
            }
        }
    })?;
    ready.recv().map_err(|_| StoreError {
        what,
        source: ended.into(),
    })?
}

/// Starts a named thread running `f`.
fn spawn(
    name: &str,
    what: &'static str,
    f: impl FnOnce() + Send + 'static,
) -> Result<(), StoreError> {
    thread::Builder::new()
        .name(name.into())
        .spawn(f)
        .map(drop)
        .map_err(|e| StoreError {
            what,
            source: Box::new(e),
        })
}

/// Copies the write-ahead log back into the database file twice a second (passive checkpoints:
/// they never block the writer, which goes on appending meanwhile), for as long as the writer
/// lives. A page written by many commits in between (a game's page of the events' index, one
/// commit per batch) is copied once.
///
/// The log starts again from its beginning only when a write begins after a checkpoint that
/// copied all of it, which a checkpoint running beside a busy writer never does: the log used to
/// grow to the writer's bound (40,000 pages, about 1.3 s under the load benchmark's 1,000 games)
/// and the writer's own checkpoint then copied thousands of pages and synced them while every
/// game waited (pauses of 40-80 ms about every 1.3 s, measured). So each tick makes up to
/// [`PASSES`] passes, each copying what was appended during the one before, until at most
/// [`TAIL`] pages are left, then asks the writer (`tail`) to copy those between two batches:
/// a short pause, after which its next write starts the log again.
async fn checkpointer(
    mut conn: SqliteConnection,
    writer: mpsc::WeakSender<Write>,
    tail: &AtomicBool,
) {
    loop {
        thread::sleep(CHECKPOINT_EVERY);
        if writer.upgrade().is_none() {
            break;
        }
        tick(&mut conn, tail).await;
    }
}

/// One tick of the [`checkpointer`]: its passes, then `tail` set once what is left is short.
/// Each pass copies the log as it was when the pass began (its answer: busy, pages in the log,
/// pages copied); the writer appends meanwhile. A failed checkpoint is retried at the next tick
/// (the writer's bound still holds).
async fn tick(conn: &mut SqliteConnection, tail: &AtomicBool) {
    passes(conn, tail, async || ()).await;
}

/// One passive checkpoint: the pages in the log when it began (`None` when it failed).
async fn checkpoint(conn: &mut SqliteConnection) -> Option<i64> {
    let row = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(conn)
        .await
        .ok()?;
    row.try_get::<i64, _>(1).ok()
}

/// The passes of a [`tick`], with `between` called after each pass that did not end it (where
/// the writer appends while the checkpointer runs; the tests put the writer's steps there).
async fn passes(conn: &mut SqliteConnection, tail: &AtomicBool, mut between: impl AsyncFnMut()) {
    let mut before = None;
    for _ in 0..PASSES {
        let Some(log) = checkpoint(conn).await else {
            return;
        };
        // The log started again since the pass before, or grew little during it: what is
        // left is short.
        if before.is_some_and(|b| log < b || log - b <= TAIL) {
            tail.store(true, Ordering::Relaxed);
            return;
        }
        before = Some(log);
        between().await;
    }
}

/// The writer's part of a tick: when the checkpointer asked (`tail`), copies the log's last
/// pages, between two batches; its next write then starts the log again. A failure leaves them
/// to the next tick.
async fn copy_tail(conn: &mut SqliteConnection, tail: &AtomicBool) {
    if tail.swap(false, Ordering::Relaxed) {
        let _ = checkpoint(conn).await;
    }
}

/// The writer's loop: one transaction per batch of waiting writes. (Its thread's runtime runs
/// nothing else: waiting on its thread, with [`thread::sleep`], delays no other task.)
async fn run(mut conn: SqliteConnection, mut rx: mpsc::Receiver<Write>, tail: &AtomicBool) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    let mut concurrent = false;
    while let Some(first) = rx.recv().await {
        if concurrent {
            thread::sleep(GATHER);
        }
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(w) => batch.push(w),
                Err(_) => break,
            }
        }
        concurrent = batch.len() > 1;
        match store(&mut conn, &batch).await {
            Ok(outcomes) => {
                for (w, stored) in batch.drain(..).zip(outcomes) {
                    answer(w, |_| Ok(stored));
                }
            }
            Err(e) => {
                let message = e.to_string();
                for w in batch.drain(..) {
                    answer(w, |what| {
                        Err(StoreError {
                            what,
                            source: message.clone().into(),
                        })
                    });
                }
            }
        }
        copy_tail(&mut conn, tail).await;
    }
}

/// Sends `w`'s answer: `result` given what `w` was doing; an event's `true` is
/// [`Append::Stored`], `false` [`Append::Conflict`].
fn answer(w: Write, result: impl Fn(&'static str) -> Result<bool, StoreError>) {
    match w {
        Write::Event { reply, .. } => {
            let r = result("appending an event").map(|stored| {
                if stored {
                    Append::Stored
                } else {
                    Append::Conflict
                }
            });
            let _ = reply.send(r);
        }
        Write::Game(_, reply) => {
            let _ = reply.send(result("storing a game").map(|_| ()));
        }
        Write::Finished(_, reply) => {
            let _ = reply.send(result("finishing a game").map(|_| ()));
        }
        Write::Wake(_, _, reply) => {
            let _ = reply.send(result("setting a game's wake time").map(|_| ()));
        }
    }
}

/// Stores a batch in one transaction: for each write, whether it went in (an event whose number
/// is taken did not; the other writes always do). All or nothing. (Each statement is prepared
/// once per connection: sqlx keeps them.)
async fn store(conn: &mut SqliteConnection, batch: &[Write]) -> Result<Vec<bool>, StoreError> {
    let mut tx = conn.begin().await.map_err(error("beginning a batch"))?;
    let mut stored = vec![true; batch.len()];
    for w in batch {
        if let Write::Game(g, _) = w {
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
                .execute(&mut *tx)
                .await
                .map_err(error("storing a game"))?;
        }
    }
    for (w, stored) in batch.iter().zip(&mut stored) {
        if let Write::Event {
            id,
            event: e,
            wake: when,
            ..
        } = w
        {
            let n = sqlx::query(SQLITE_APPEND)
                .bind(id)
                .bind(e.seq)
                .bind(&e.kind)
                .bind(&e.data)
                .bind(e.at_ms)
                .execute(&mut *tx)
                .await
                .map_err(error("appending an event"))?
                .rows_affected();
            *stored = n == 1;
            if let (true, Some(when)) = (*stored, when) {
                sqlx::query(SET_WAKE)
                    .bind(when)
                    .bind(id)
                    .execute(&mut *tx)
                    .await
                    .map_err(error("setting a game's wake time"))?;
            }
        }
    }
    for w in batch {
        if let Write::Wake(id, when, _) = w {
            sqlx::query(SET_WAKE)
                .bind(when)
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(error("setting a game's wake time"))?;
        }
    }
    for w in batch {
        if let Write::Finished(id, _) = w {
            sqlx::query(FINISH_GAME)
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(error("finishing a game"))?;
        }
    }
    tx.commit().await.map_err(error("committing a batch"))?;
    Ok(stored)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::Executor;

    /// A scratch database in its own directory (removed by the test): the writer's connection
    /// with a table `t (x TEXT)`, and the checkpointer's.
    async fn scratch(name: &str) -> (std::path::PathBuf, SqliteConnection, SqliteConnection) {
        let dir = std::env::temp_dir().join(format!("tegoma-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("log.db");
        let mut writer = open(&path).await.unwrap();
        let checkpoints = open(&path).await.unwrap();
        writer.execute("CREATE TABLE t (x TEXT)").await.unwrap();
        (dir, writer, checkpoints)
    }

    #[tokio::test]
    async fn ticks_ask_for_the_tail_once_the_log_stops_growing() {
        let (dir, mut writer, mut checkpoints) = scratch("tail").await;
        let tail = AtomicBool::new(false);
        tick(&mut checkpoints, &tail).await;
        assert!(
            tail.load(Ordering::Relaxed),
            "an idle writer: the tail is asked"
        );
        copy_tail(&mut writer, &tail).await;
        assert!(!tail.load(Ordering::Relaxed), "the writer took it");
        drop((writer, checkpoints));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The log's checkpoint sequence number, in its header (bytes 12 to 15, big-endian): SQLite
    /// adds one each time the log starts again from its beginning.
    fn restarts(dir: &Path) -> u32 {
        let header = std::fs::read(dir.join("log.db-wal")).unwrap();
        u32::from_be_bytes(header[12..16].try_into().unwrap())
    }

    const INSERT: &str = "INSERT INTO t (x) VALUES (printf('%01000d', random()))";

    async fn begin(writer: &mut SqliteConnection) {
        writer.execute("BEGIN IMMEDIATE").await.unwrap();
        writer.execute(INSERT).await.unwrap();
    }

    async fn commit(writer: &mut SqliteConnection) {
        writer.execute("COMMIT").await.unwrap();
    }

    /// A writer that never pauses, with a tick beside it, step by step: the writer's
    /// transaction always straddles a pass of the checkpointer (it began before the pass
    /// ended, and commits after), as a busy writer's do. Then no write begins after a checkpoint
    /// that copied the whole log, so the log never starts again by itself (the first half, the
    /// control: the writer never copies the tail); when the writer copies the tail it was asked
    /// for between two transactions, its next transaction starts the log again (the second
    /// half). The same in threads, where the writer outruns the ticks, depends on how long the
    /// disk takes to sync each checkpoint, which no test controls.
    #[tokio::test]
    async fn the_log_starts_again_under_a_writer_that_never_pauses() {
        let (dir, mut writer, mut checkpoints) = scratch("restart").await;
        for _ in 0..100 {
            writer.execute(INSERT).await.unwrap();
        }
        let tail = AtomicBool::new(false);
        for copies_the_tail in [false, true] {
            let before = restarts(&dir);
            // A transaction open across each pass; the tick stops at its second pass, the log
            // having grown by one transaction only.
            begin(&mut writer).await;
            passes(&mut checkpoints, &tail, async || {
                commit(&mut writer).await;
                begin(&mut writer).await;
            })
            .await;
            commit(&mut writer).await;
            assert!(tail.load(Ordering::Relaxed), "the tail is asked for");
            if copies_the_tail {
                copy_tail(&mut writer, &tail).await;
            } else {
                tail.store(false, Ordering::Relaxed);
            }
            begin(&mut writer).await;
            commit(&mut writer).await;
            let after = restarts(&dir);
            if copies_the_tail {
                assert_eq!(after, before + 1, "the tail copied: the log starts again");
            } else {
                assert_eq!(after, before, "the tail left: the log goes on growing");
            }
        }
        drop((writer, checkpoints));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

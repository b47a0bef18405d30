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
//! Group commit: when the batch before held more than one write (games are writing
//! concurrently), the writer waits [`GATHER`] after a batch's first write before taking the
//! others, so that one commit serves more of them (PostgreSQL's `commit_delay` with
//! `commit_siblings`, for the same reason). A lone write (one game, an idle server) is never
//! delayed. Measured in the load benchmark (1,000 games): batches of about 3 writes without
//! the wait, the writer's CPU per move 25-27 µs; with 1-2 ms of wait, 16-17 µs.

use std::path::Path;
use std::thread;
use std::time::Duration;

use rusqlite::{params, Connection, OpenFlags};
use tokio::sync::{mpsc, oneshot};

use super::{Append, EventRow, GameRow, StoreError, FINISH_GAME, INSERT_GAME, SQLITE_APPEND};

/// The most writes taken into one transaction.
const MAX_BATCH: usize = 512;

/// How long the writer gathers a batch once writes come concurrently (see the module's
/// documentation).
const GATHER: Duration = Duration::from_millis(1);

/// How often the checkpointer copies the log back into the database.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// A write waiting for the writer, with where its answer goes.
pub(super) enum Write {
    /// An event of a game: [`Append::Conflict`] when its number is taken (by another process
    /// writing the same file).
    Event {
        id: String,
        event: EventRow,
        reply: oneshot::Sender<Result<Append, StoreError>>,
    },
    /// A new game.
    Game(Box<GameRow>, oneshot::Sender<Result<(), StoreError>>),
    /// A game that ended.
    Finished(String, oneshot::Sender<Result<(), StoreError>>),
}

fn error(what: &'static str) -> impl Fn(rusqlite::Error) -> StoreError {
    move |e| StoreError {
        what,
        source: Box::new(e),
    }
}

/// Opens a connection to the database file at `path` with the settings every writer needs.
fn open(path: &Path) -> Result<Connection, StoreError> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
        | OpenFlags::SQLITE_OPEN_CREATE
        | OpenFlags::SQLITE_OPEN_URI
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(error("connecting"))?;
    conn.busy_timeout(Duration::from_secs(10))
        .map_err(error("connecting"))?;
    // The same settings as the pool's connections (see `sqlite_pragmas`), but for a page
    // cache of 8 MiB instead of 32: SQLite scans its whole page cache's table at the end of
    // every transaction (`pcache1Truncate`), 2% of the server's time under load with 32 MiB
    // (measured with `perf` in the load benchmark); the writer's pages in use (the events'
    // last pages, one per game being played, and the index's inner pages) fit in 8 MiB.
    conn.execute_batch(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
         PRAGMA cache_size = -8192; PRAGMA wal_autocheckpoint = 40000;",
    )
    .map_err(error("connecting"))?;
    Ok(conn)
}

/// Starts the writer and the checkpointer on the database file at `path`; the writer stops
/// when every sender is dropped, the checkpointer after it.
pub(super) fn start(path: &Path) -> Result<mpsc::Sender<Write>, StoreError> {
    let conn = open(path)?;
    let checkpoints = open(path)?;
    let (tx, rx) = mpsc::channel(4096);
    let weak = tx.downgrade();
    spawn("sqlite-writer", "starting the writer", move || {
        run(conn, rx)
    })?;
    let checkpoint = move || checkpointer(checkpoints, weak);
    spawn("sqlite-checkpoint", "starting the checkpointer", checkpoint)?;
    Ok(tx)
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

/// Copies the write-ahead log back into the database file twice a second (a passive
/// checkpoint: it never blocks the writer, which goes on appending meanwhile), for as long as
/// the writer lives. A page written by many commits in between (a game's page of the events'
/// index, one commit per batch) is copied once. The writer's own checkpoint after a commit (a
/// pause of every game waiting for it) is only the bound on the log's size (40,000 pages).
fn checkpointer(conn: Connection, writer: mpsc::WeakSender<Write>) {
    loop {
        thread::sleep(CHECKPOINT_EVERY);
        if writer.upgrade().is_none() {
            break;
        }
        // A failed checkpoint is retried at the next tick (the writer's bound still holds).
        let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
    }
}

/// The writer's loop: one transaction per batch of waiting writes.
fn run(mut conn: Connection, mut rx: mpsc::Receiver<Write>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    let mut concurrent = false;
    while let Some(first) = rx.blocking_recv() {
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
        match store(&mut conn, &batch) {
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
    }
}

/// Stores a batch in one transaction: for each write, whether it went in (an event whose number
/// is taken did not; the other writes always do). All or nothing.
fn store(conn: &mut Connection, batch: &[Write]) -> Result<Vec<bool>, StoreError> {
    let tx = conn.transaction().map_err(error("beginning a batch"))?;
    let mut stored = vec![true; batch.len()];
    {
        let mut game = tx
            .prepare_cached(INSERT_GAME)
            .map_err(error("storing a game"))?;
        for w in batch {
            if let Write::Game(g, _) = w {
                game.execute(params![
                    g.id,
                    g.rules,
                    g.start_feen,
                    g.periods,
                    g.engine_side,
                    g.engine_level,
                    g.first_hash,
                    g.second_hash,
                    g.created_ms
                ])
                .map_err(error("storing a game"))?;
            }
        }
        let mut event = tx
            .prepare_cached(SQLITE_APPEND)
            .map_err(error("appending an event"))?;
        for (w, stored) in batch.iter().zip(&mut stored) {
            if let Write::Event { id, event: e, .. } = w {
                let n = event
                    .execute(params![id, e.seq, e.kind, e.data, e.at_ms])
                    .map_err(error("appending an event"))?;
                *stored = n == 1;
            }
        }
        let mut finished = tx
            .prepare_cached(FINISH_GAME)
            .map_err(error("finishing a game"))?;
        for w in batch {
            if let Write::Finished(id, _) = w {
                finished.execute([id]).map_err(error("finishing a game"))?;
            }
        }
    }
    tx.commit().map_err(error("committing a batch"))?;
    Ok(stored)
}

//! One game's owner: a task with an inbox that alone changes the game. Its [`AnyMatch`] judges
//! every move and ending; every event is numbered and stored before it is acknowledged and
//! published; the clock's flag is the task's own timer.

mod act;
mod events;
mod publish;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use tegoma_game::clock::Clock;
use tegoma_game::record::time_control;
use tegoma_game::{AnyMatch, MatchError, Rules};
use tegoma_notation::cgsn::Status;
use tegoma_notation::NotationError;
use tegoma_protocol::{Outcome, Side};
use tokio::sync::{broadcast, mpsc, oneshot};

use crate::error::ApiError;
use crate::opponent::Opponent;
use crate::store::{now_ms, Append, EventRow, GameRow, Store};
use crate::view::{side_from, side_name, time_to_flag};
pub use events::new_match;
use events::Logged;
use publish::Views;

/// What a seat asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Play a move (PMN; SAN or UCI too for chess).
    Move(String),
    /// Resign.
    Resign,
    /// Offer, accept or decline a draw.
    Draw(Offer),
    /// Ask for, accept or decline a take-back.
    Takeback(Offer),
}

/// The three answers to an offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    /// Make an offer (or accept the opponent's pending one).
    Offer,
    /// Accept the opponent's offer.
    Accept,
    /// Decline the opponent's offer (or withdraw one's own).
    Decline,
}

impl Offer {
    /// From its JSON name (`offer`, `accept`, `decline`; absent = offer).
    pub fn parse(s: Option<&str>) -> Option<Offer> {
        match s {
            None | Some("offer") => Some(Offer::Offer),
            Some("accept") => Some(Offer::Accept),
            Some("decline") => Some(Offer::Decline),
            _ => None,
        }
    }

    /// Its JSON name.
    pub fn name(self) -> &'static str {
        match self {
            Offer::Offer => "offer",
            Offer::Accept => "accept",
            Offer::Decline => "decline",
        }
    }

    /// This answer against the offer pending from `pending` (if any), `opp` being the
    /// opponent: an offer meets the opponent's as an acceptance; an acceptance needs one
    /// (`NoOffer`, with `missing` as the message).
    fn against(self, pending: Option<Side>, opp: Side, missing: &str) -> Result<Offer, ApiError> {
        match self {
            Offer::Offer if pending == Some(opp) => Ok(Offer::Accept),
            Offer::Accept if pending != Some(opp) => Err(ApiError::conflict("NoOffer", missing)),
            other => Ok(other),
        }
    }
}

/// A published event: the full message sent to every client of the game (shared by all of
/// them without a copy).
pub type Published = axum::extract::ws::Utf8Bytes;

/// An action's answer once it is stored: the new event's number and the game's state (JSON).
#[derive(Debug, Clone)]
pub struct Acked {
    /// The number of the event the action stored.
    pub seq: i64,
    /// The game's whole state after it (the `"game"` of the state message), JSON text, when
    /// it was asked for.
    pub state: Option<Arc<str>>,
}

/// Which messages a subscriber gets after each event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Feed {
    /// An `update`: what the event changed in the game's picture (the web board's stream).
    #[default]
    Updates,
    /// An `event`: the event itself with the side to move, the clock and the outcome, for
    /// clients that keep their own board (bots, engines); see [`crate::view::event_message`].
    Events,
}

/// What a new subscriber gets: the live stream, the events it missed, the current state.
pub struct Subscription {
    /// Later events.
    pub live: broadcast::Receiver<Published>,
    /// Events after the number the client gave (each `{"seq", "kind", "data", "at_ms"}`).
    pub missed: Vec<Value>,
    /// The current state message.
    pub state: Published,
}

pub(crate) enum Cmd {
    Act {
        side: Side,
        action: Action,
        whole: bool,
        reply: oneshot::Sender<Result<Acked, ApiError>>,
    },
    Subscribe {
        since: i64,
        feed: Feed,
        reply: oneshot::Sender<Subscription>,
    },
    Snapshot {
        reply: oneshot::Sender<(AnyMatch, GameRow)>,
    },
    CatchUp,
    EngineMove {
        seq: i64,
        pmn: Option<String>,
    },
}

/// The messages a game's stream keeps for a client that reads late; a client further behind
/// gets the whole state again.
pub const STREAM_CAPACITY: usize = 256;

/// The stream in `slot` when it has a subscriber.
fn listened(slot: &Option<broadcast::Sender<Published>>) -> Option<&broadcast::Sender<Published>> {
    slot.as_ref().filter(|o| o.receiver_count() > 0)
}

/// The running games of a process, by id (the hub's map).
pub type Registry = Arc<std::sync::Mutex<std::collections::HashMap<String, GameHandle>>>;

/// A handle on a running game.
#[derive(Clone)]
pub struct GameHandle {
    pub(crate) tx: mpsc::Sender<Cmd>,
    /// The game's stored fixed part (seats' hashes, engine).
    pub row: Arc<GameRow>,
}

impl GameHandle {
    async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Cmd) -> Result<T, ApiError> {
        let (tx, rx) = oneshot::channel();
        self.tx
            .send(make(tx))
            .await
            .map_err(|_| ApiError::internal("the game's task has stopped"))?;
        rx.await
            .map_err(|_| ApiError::internal("the game's task has stopped"))
    }

    /// Performs a seat's action; its event number and the game's whole state once it is
    /// stored (and published).
    ///
    /// # Errors
    /// The action's typed refusal.
    pub async fn act(&self, side: Side, action: Action) -> Result<Acked, ApiError> {
        self.ask(|reply| Cmd::Act {
            side,
            action,
            whole: true,
            reply,
        })
        .await?
    }

    /// As [`GameHandle::act`], for a client of the event stream, which gets the state there:
    /// the event number only (`state` is `None`).
    ///
    /// # Errors
    /// The action's typed refusal.
    pub async fn act_streamed(&self, side: Side, action: Action) -> Result<Acked, ApiError> {
        self.ask(|reply| Cmd::Act {
            side,
            action,
            whole: false,
            reply,
        })
        .await?
    }

    /// Subscribes to the game's events, with those after `since`.
    ///
    /// # Errors
    /// When the game's task has stopped.
    pub async fn subscribe(&self, since: i64) -> Result<Subscription, ApiError> {
        self.subscribe_to(since, Feed::Updates).await
    }

    /// Subscribes to the game's events in the given [`Feed`], with those after `since`.
    ///
    /// # Errors
    /// When the game's task has stopped.
    pub async fn subscribe_to(&self, since: i64, feed: Feed) -> Result<Subscription, ApiError> {
        self.ask(|reply| Cmd::Subscribe { since, feed, reply })
            .await
    }

    /// The match as it stands.
    ///
    /// # Errors
    /// When the game's task has stopped.
    pub async fn snapshot(&self) -> Result<(AnyMatch, GameRow), ApiError> {
        self.ask(|reply| Cmd::Snapshot { reply }).await
    }

    /// Tells the task that another process stored events.
    pub fn catch_up(&self) {
        let _ = self.tx.try_send(Cmd::CatchUp);
    }
}

struct Game {
    row: Arc<GameRow>,
    periods: Option<Value>,
    m: AnyMatch,
    seq: i64,
    log: Vec<Logged>,
    /// The last event's kind and the PMN of its move ([`Game::log_event`]).
    last_kind: String,
    last_moved: Option<String>,
    turn_start: Option<i64>,
    draw_offer: Option<Side>,
    takeback_offer: Option<Side>,
    engine: Option<(Side, u8)>,
    engine_busy: bool,
    /// What clients were last sent.
    views: Views,
    /// The ply stored as event `.0`, its PMN and its entry, written when it was played.
    played: Option<(i64, String, String)>,
    /// The match changed and the database could not be read again: the task ends (the game
    /// is started again from the database when asked for).
    broken: bool,
    store: Store,
    opponent: Arc<dyn Opponent>,
    /// The `update` stream ([`Feed::Updates`]) and the `event` stream ([`Feed::Events`]), each
    /// made at its first subscriber (a channel's [`STREAM_CAPACITY`] slots are about 16 KB);
    /// each message is written only when its stream has a subscriber ([`listened`]).
    out: Option<broadcast::Sender<Published>>,
    out_events: Option<broadcast::Sender<Published>>,
    me: mpsc::WeakSender<Cmd>,
    /// The hub's map, and how long the game stays there once finished and unused.
    registry: (
        std::sync::Weak<std::sync::Mutex<HashMap<String, GameHandle>>>,
        Duration,
    ),
}

/// Starts the task of a stored game: replays its events from the database.
///
/// # Errors
/// Database errors, or a stored game that no longer builds.
pub(crate) async fn start(
    row: GameRow,
    store: Store,
    opponent: Arc<dyn Opponent>,
    registry: (
        std::sync::Weak<std::sync::Mutex<HashMap<String, GameHandle>>>,
        Duration,
    ),
) -> Result<GameHandle, ApiError> {
    let periods: Option<Value> = match &row.periods {
        Some(p) => Some(serde_json::from_str(p).map_err(|e| ApiError::internal(e.to_string()))?),
        None => None,
    };
    let m = new_match(&row.rules, Some(&row.start_feen), periods.as_ref())?;
    let engine = match (&row.engine_side, row.engine_level) {
        (Some(s), Some(l)) => side_from(s).map(|s| (s, l.clamp(1, 8) as u8)),
        _ => None,
    };
    let (tx, rx) = mpsc::channel(256);
    let row = Arc::new(row);
    let mut g = Game {
        row: row.clone(),
        periods,
        views: Views::new(&m),
        m,
        seq: 0,
        log: Vec::new(),
        last_kind: String::new(),
        last_moved: None,
        turn_start: None,
        draw_offer: None,
        takeback_offer: None,
        engine,
        engine_busy: false,
        played: None,
        broken: false,
        store,
        opponent,
        out: None,
        out_events: None,
        me: tx.downgrade(),
        registry,
    };
    let events = g.store.events(&g.row.id, 0).await?;
    for e in events {
        g.apply_stored(&e);
    }
    tokio::spawn(g.run(rx));
    Ok(GameHandle { tx, row })
}

impl Game {
    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        self.maybe_engine();
        loop {
            let deadline = self.deadline();
            let sleep = async {
                match deadline {
                    Some(d) => {
                        let wait = (d - now_ms()).max(0) as u64;
                        tokio::time::sleep(Duration::from_millis(wait)).await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            let finished = self.m.outcome().is_some();
            let grace = self.registry.1;
            let idle = async {
                if finished {
                    tokio::time::sleep(grace).await;
                } else {
                    std::future::pending::<()>().await;
                }
            };
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    None => break,
                    Some(c) => self.handle(c).await,
                },
                () = sleep => self.flag().await,
                () = idle => if self.unload() {
                    // Commands sent before the hub forgot the game are still answered.
                    rx.close();
                    while let Some(c) = rx.recv().await {
                        self.handle(c).await;
                    }
                    break;
                },
            }
            if self.broken {
                self.forget();
                break;
            }
        }
    }

    /// Leaves the hub's map (the game is started again from the database when asked for).
    fn forget(&self) {
        if let Some(map) = self.registry.0.upgrade() {
            if let Ok(mut map) = map.lock() {
                map.remove(&self.row.id);
            }
        }
    }

    /// Builds the match again from the database, after it was changed by an action whose event
    /// could not be stored (another process took its number, or the database failed); when the
    /// database cannot be read, the task ends ([`Game::broken`]).
    async fn reload(&mut self) {
        for _ in 0..3 {
            match self.store.events(&self.row.id, 0).await {
                Ok(events) => {
                    let Ok(m) = new_match(
                        &self.row.rules,
                        Some(&self.row.start_feen),
                        self.periods.as_ref(),
                    ) else {
                        break;
                    };
                    self.m = m;
                    self.seq = 0;
                    self.log.clear();
                    self.last_kind.clear();
                    self.last_moved = None;
                    self.turn_start = None;
                    self.draw_offer = None;
                    self.takeback_offer = None;
                    self.played = None;
                    for e in events {
                        self.apply_stored(&e);
                    }
                    return;
                }
                Err(e) => {
                    eprintln!("tegoma-server: game {}: reloading: {e}", self.row.id);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
        self.broken = true;
    }

    /// A finished game that received no command for the grace period leaves the hub's map
    /// when no one else holds a handle on it (a connected client does): the task ends, and the
    /// game is started again from the database when asked for. Under the map's lock, so that
    /// no new handle is given out meanwhile.
    fn unload(&self) -> bool {
        let Some(map) = self.registry.0.upgrade() else {
            return false;
        };
        let Ok(mut map) = map.lock() else {
            return false;
        };
        match map.get(&self.row.id) {
            Some(h) if h.tx.strong_count() == 1 => {
                map.remove(&self.row.id);
                true
            }
            _ => false,
        }
    }

    /// When the side to move's flag falls (ms since the epoch), if a clock runs.
    fn deadline(&self) -> Option<i64> {
        if self.m.outcome().is_some() {
            return None;
        }
        let start = self.turn_start?;
        let clock = self.m.clock()?;
        let left = time_to_flag(clock, self.m.side_to_move())?;
        Some(start.saturating_add(i64::try_from(left).unwrap_or(i64::MAX / 4)))
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Act {
                side,
                action,
                whole,
                reply,
            } => {
                let r = self.act(side, action, whole).await;
                let _ = reply.send(r);
            }
            Cmd::Subscribe { since, feed, reply } => {
                if self.store.is_postgres() {
                    // Another process may have stored events whose notification is on its way:
                    // a new client gets the database's state.
                    let _ = self.catch_up().await;
                }
                let stream = match feed {
                    Feed::Updates => &mut self.out,
                    Feed::Events => &mut self.out_events,
                };
                let live = stream
                    .get_or_insert_with(|| broadcast::channel(STREAM_CAPACITY).0)
                    .subscribe();
                let from = usize::try_from(since.max(0)).unwrap_or(usize::MAX);
                let missed = self
                    .log
                    .get(from..)
                    .unwrap_or_default()
                    .iter()
                    .map(|e| serde_json::from_str(&e.json).unwrap_or(Value::Null))
                    .collect();
                let state = self.state_message();
                let _ = reply.send(Subscription {
                    live,
                    missed,
                    state,
                });
            }
            Cmd::Snapshot { reply } => {
                let _ = reply.send((self.m.clone(), (*self.row).clone()));
            }
            Cmd::CatchUp => {
                let _ = self.catch_up().await;
            }
            Cmd::EngineMove { seq, pmn } => {
                self.engine_busy = false;
                if seq == self.seq {
                    if let (Some(pmn), Some((side, _))) = (pmn, self.engine) {
                        if let Err(e) = self.act(side, Action::Move(pmn), false).await {
                            eprintln!(
                                "tegoma-server: game {}: engine move refused: {e}",
                                self.row.id
                            );
                        }
                    }
                }
                self.maybe_engine();
            }
        }
    }

    /// Reads the events other processes stored and publishes them.
    async fn catch_up(&mut self) -> Result<(), ApiError> {
        let events = self.store.events(&self.row.id, self.seq).await?;
        for e in events {
            if e.seq != self.seq + 1 {
                break;
            }
            self.apply_stored(&e);
            self.publish();
        }
        self.maybe_engine();
        Ok(())
    }

    /// The side to move's flag fell by the server's clock.
    async fn flag(&mut self) {
        let Some(d) = self.deadline() else { return };
        if now_ms() < d {
            return;
        }
        let side = self.m.side_to_move();
        for _ in 0..3 {
            let data = json!({"side": side_name(side)});
            match self.store_event("timeout", data).await {
                Ok(true) => {
                    let _ = self.m.time_forfeit(side);
                    self.finished().await;
                    self.publish();
                    return;
                }
                Ok(false) => {
                    if self.catch_up().await.is_err() || self.m.outcome().is_some() {
                        return;
                    }
                }
                Err(e) => {
                    eprintln!("tegoma-server: game {}: {e}", self.row.id);
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    return;
                }
            }
        }
    }

    async fn finished(&mut self) {
        if self.m.outcome().is_some() {
            if let Err(e) = self.store.set_finished(&self.row.id).await {
                eprintln!("tegoma-server: game {}: {e}", self.row.id);
            }
        }
    }

    /// Starts the engine on a blocking thread when its seat is to move.
    fn maybe_engine(&mut self) {
        let Some((side, level)) = self.engine else {
            return;
        };
        if self.engine_busy || self.m.outcome().is_some() || self.m.side_to_move() != side {
            return;
        }
        let Some(me) = self.me.upgrade() else { return };
        self.engine_busy = true;
        let m = self.m.clone();
        let seq = self.seq;
        let opponent = self.opponent.clone();
        tokio::spawn(async move {
            let pmn = tokio::task::spawn_blocking(move || opponent.choose(&m, level))
                .await
                .ok()
                .flatten();
            let _ = me.send(Cmd::EngineMove { seq, pmn }).await;
        });
    }
}

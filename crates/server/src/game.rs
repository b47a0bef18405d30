//! One game's owner: a task with an inbox that alone changes the game. Its [`AnyMatch`] judges
//! every move and ending; every event is numbered and stored before it is acknowledged and
//! published; the clock's flag is the task's own timer.

mod act;
mod events;
mod limits;
mod publish;
mod seats;

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serde_json::Value;
use tegoma_game::clock::Clock;
use tegoma_game::record::time_control;
use tegoma_game::{AnyMatch, AnyMove, MatchError, Rules};
use tegoma_notation::cgsn::Status;
use tegoma_notation::NotationError;
use tegoma_protocol::{Decision, Outcome, Side};
use tokio::sync::{broadcast, mpsc, oneshot};

use crate::error::ApiError;
use crate::opponent::Opponent;
use crate::store::{now_ms, Append, EventRow, GameRow, Store};
use crate::view::{side_from, side_name, time_to_flag};
use crate::wire::{EndedEvent, MoveEvent, OfferEvent, SideEvent, StoredEvent, TakebackEvent};
pub use events::new_match;
use events::Logged;
pub use limits::GameLimits;
use publish::Views;
pub use seats::{MeetAsk, MeetDone};

/// What a seat asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Play a move (PMN; SAN or UCI too for chess).
    Move(String),
    /// Play a move given as a value (the computer's: [`crate::Opponent::choose`]).
    Play(AnyMove),
    /// Resign.
    Resign,
    /// Offer, accept or decline a draw.
    Draw(Offer),
    /// Ask for, accept or decline a take-back.
    Takeback(Offer),
    /// Play a ply of an imported record, with the time the record gives it (none: the ply is
    /// untimed, and counts 0 ms on a clock).
    Recorded(String, Option<u64>),
    /// End the game with the result an imported record states (see [`crate::records`]).
    Ended(Outcome),
}

/// The three answers to an offer (JSON: `"offer"`, `"accept"`, `"decline"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
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
}

/// A published event: the full message sent to every client of the game (shared by all of
/// them without a copy).
pub type Published = axum::extract::ws::Utf8Bytes;

/// A message of a game's stream: its text and the number of the event it follows (a client
/// that already has the state at that number skips it).
#[derive(Debug, Clone)]
pub struct Outgoing {
    /// The event number the message brings the client to (`i64::MAX` for the state sent after
    /// a change of the game's seats, [`crate::meet`], which every client gets).
    pub seq: i64,
    /// The message.
    pub text: Published,
}

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
    /// Later events' messages (those at or before [`Subscription::seq`] are to be skipped).
    pub live: broadcast::Receiver<Outgoing>,
    /// The events after the number the client gave, up to [`Subscription::seq`], as far back
    /// as the game keeps them ([`GameLimits::replay_events`]); each `{"seq", "kind", "data",
    /// "at_ms"}`.
    pub missed: Vec<Published>,
    /// How many events after the client's number are not in `missed` (older than what the
    /// game keeps: read them from the record).
    pub missing: i64,
    /// The current state message (shared by every subscriber of this event number).
    pub state: Published,
    /// The number of the last event the state holds.
    pub seq: i64,
}

pub(crate) enum Cmd {
    Act {
        side: Side,
        action: Action,
        whole: bool,
        reply: oneshot::Sender<Result<Acked, ApiError>>,
    },
    State {
        reply: oneshot::Sender<(i64, Published)>,
    },
    Snapshot {
        reply: oneshot::Sender<(AnyMatch, GameRow)>,
    },
    CatchUp,
    EngineMove {
        seq: i64,
        mv: Option<AnyMove>,
    },
    /// The hub holds too many games: leave memory if idle.
    Unload,
    /// Names, the free seat, rematches ([`crate::meet`]).
    Meet {
        ask: MeetAsk,
        reply: oneshot::Sender<Result<MeetDone, ApiError>>,
    },
    /// Another process changed the game's seats: read them again.
    MeetReload,
}

/// The running games of a process, by id (the hub's map).
pub type Registry = Arc<std::sync::Mutex<std::collections::HashMap<String, GameHandle>>>;

/// What a game's task shares with every connection to it, read without asking the task: its
/// two streams, its last state message and its last events.
pub struct Shared {
    /// The `update` stream ([`Feed::Updates`]) and the `event` stream ([`Feed::Events`]), each
    /// made at its first subscriber (a channel's slots are about 16 KB); each message is
    /// written only when its stream has a subscriber ([`Shared::listened`]).
    updates: OnceLock<broadcast::Sender<Outgoing>>,
    events: OnceLock<broadcast::Sender<Outgoing>>,
    /// Slots of each stream: a client further behind is disconnected.
    capacity: usize,
    snap: std::sync::Mutex<Snap>,
    /// When the game last had a command (ms since the epoch): the hub unloads the games idle
    /// longest first.
    pub(crate) active_ms: AtomicI64,
    /// On PostgreSQL another process may have stored events: the state is asked of the task,
    /// which reads them first.
    postgres: bool,
}

/// The state message at the last event, once written, and the last events' texts.
struct Snap {
    seq: i64,
    state: Option<Published>,
    recent: VecDeque<(i64, Published)>,
    keep: usize,
}

impl Shared {
    fn new(capacity: usize, keep: usize, postgres: bool) -> Shared {
        Shared {
            updates: OnceLock::new(),
            events: OnceLock::new(),
            capacity: capacity.max(1),
            snap: std::sync::Mutex::new(Snap {
                seq: 0,
                state: None,
                recent: VecDeque::new(),
                keep,
            }),
            active_ms: AtomicI64::new(now_ms()),
            postgres,
        }
    }

    fn stream(&self, feed: Feed) -> &OnceLock<broadcast::Sender<Outgoing>> {
        match feed {
            Feed::Updates => &self.updates,
            Feed::Events => &self.events,
        }
    }

    /// The stream of `feed` when it has a subscriber.
    pub(crate) fn listened(&self, feed: Feed) -> Option<&broadcast::Sender<Outgoing>> {
        self.stream(feed).get().filter(|o| o.receiver_count() > 0)
    }

    fn snap(&self) -> std::sync::MutexGuard<'_, Snap> {
        self.snap
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Records a stored event: the state message is written again when next asked for.
    fn logged(&self, seq: i64, json: &str) {
        let mut s = self.snap();
        s.seq = seq;
        s.state = None;
        if s.keep > 0 {
            if s.recent.len() >= s.keep {
                s.recent.pop_front();
            }
            s.recent.push_back((seq, Published::from(json)));
        }
    }

    /// Forgets the events (the game is replayed from the database).
    fn cleared(&self) {
        let mut s = self.snap();
        s.seq = 0;
        s.state = None;
        s.recent.clear();
    }

    /// The state message, when it was written at the last event.
    fn cached_state(&self) -> Option<(i64, Published)> {
        let s = self.snap();
        s.state.clone().map(|st| (s.seq, st))
    }

    /// The kept events numbered in `(since, upto]`, and how many of those are not kept.
    fn recent_after(&self, since: i64, upto: i64) -> (Vec<Published>, i64) {
        if since >= upto {
            return (Vec::new(), 0);
        }
        let s = self.snap();
        let missed: Vec<Published> = s
            .recent
            .iter()
            .filter(|(seq, _)| *seq > since && *seq <= upto)
            .map(|(_, t)| t.clone())
            .collect();
        let missing = (upto - since) - missed.len() as i64;
        (missed, missing.max(0))
    }
}

/// A handle on a running game.
#[derive(Clone)]
pub struct GameHandle {
    pub(crate) tx: mpsc::Sender<Cmd>,
    /// The game's stored fixed part (seats' hashes, engine).
    pub row: Arc<GameRow>,
    /// What the game shares with its connections.
    pub(crate) shared: Arc<Shared>,
}

impl GameHandle {
    async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Cmd) -> Result<T, ApiError> {
        let (tx, rx) = oneshot::channel();
        self.tx
            .send(make(tx))
            .await
            .map_err(|_| ApiError::unavailable("the game's task has stopped"))?;
        rx.await
            .map_err(|_| ApiError::unavailable("the game's task has stopped"))
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

    /// The state message and the number of its last event: written once per event by the
    /// game's task and shared by every client that asks.
    ///
    /// # Errors
    /// When the game's task has stopped.
    pub async fn state(&self) -> Result<(i64, Published), ApiError> {
        if !self.shared.postgres {
            if let Some(s) = self.shared.cached_state() {
                return Ok(s);
            }
        }
        self.ask(|reply| Cmd::State { reply }).await
    }

    /// Subscribes to the game's updates, with the events after `since`.
    ///
    /// # Errors
    /// When the game's task has stopped.
    pub async fn subscribe(&self, since: i64) -> Result<Subscription, ApiError> {
        self.subscribe_to(since, Feed::Updates).await
    }

    /// Subscribes to the game's stream of the given [`Feed`], with the events after `since`
    /// (as far back as the game keeps them). The work is the connection's, not the game's:
    /// the state message is shared, and the events are the game's last ones.
    ///
    /// # Errors
    /// When the game's task has stopped.
    pub async fn subscribe_to(&self, since: i64, feed: Feed) -> Result<Subscription, ApiError> {
        let capacity = self.shared.capacity;
        let live = self
            .shared
            .stream(feed)
            .get_or_init(|| broadcast::channel(capacity).0)
            .subscribe();
        let (seq, state) = self.state().await?;
        let (missed, missing) = self.shared.recent_after(since.max(0), seq);
        Ok(Subscription {
            live,
            missed,
            missing,
            state,
            seq,
        })
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

    /// Asks the task to leave memory if it is idle (the hub holds too many games).
    pub(crate) fn unload(&self) {
        let _ = self.tx.try_send(Cmd::Unload);
    }
}

struct Game {
    row: Arc<GameRow>,
    periods: Option<Value>,
    m: AnyMatch,
    seq: i64,
    /// The last event's text for clients, kind and the PMN of its move ([`Game::log_event`]).
    last: Option<Logged>,
    last_kind: String,
    last_moved: Option<String>,
    turn_start: Option<i64>,
    draw_offer: Option<Side>,
    takeback_offer: Option<Side>,
    /// Draw offers and take-back requests each side made (bounded by the limits).
    offers: [[u32; 2]; 2],
    /// Each seat's actions (rate-limited).
    seat_buckets: [limits::Bucket; 2],
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
    shared: Arc<Shared>,
    limits: Arc<GameLimits>,
    /// The game's wake time as stored ([`GameRow::wake_ms`]).
    stored_wake: Option<i64>,
    me: mpsc::WeakSender<Cmd>,
    /// The hub's map.
    registry: std::sync::Weak<std::sync::Mutex<HashMap<String, GameHandle>>>,
    /// Names, the free seat, the rematch ([`crate::meet`]).
    meet: crate::meet::Meet,
}

/// Draw offers' index in [`Game::offers`].
const DRAW: usize = 0;
/// Take-back requests' index in [`Game::offers`].
const TAKEBACK: usize = 1;

/// A game whose clock falls or whose engine moves within this margin is not unloaded (the
/// hub's waker looks this far ahead).
pub(crate) const WAKE_MARGIN_MS: i64 = 2_000;

/// Starts the task of a stored game: replays its events from the database.
///
/// # Errors
/// Database errors, or a stored game that no longer builds.
pub(crate) async fn start(
    row: GameRow,
    store: Store,
    opponent: Arc<dyn Opponent>,
    registry: std::sync::Weak<std::sync::Mutex<HashMap<String, GameHandle>>>,
    limits: Arc<GameLimits>,
) -> Result<GameHandle, ApiError> {
    let periods: Option<Value> = match &row.periods {
        Some(p) => Some(
            serde_json::from_str(p)
                .map_err(|e| ApiError::internal(format!("game {}: stored periods: {e}", row.id)))?,
        ),
        None => None,
    };
    let m = new_match(&row.rules, Some(&row.start_feen), periods.as_ref())
        .map_err(|e| ApiError::internal(format!("game {}: stored start: {e}", row.id)))?;
    let engine = match (&row.engine_side, row.engine_level) {
        (Some(s), Some(l)) => side_from(s).map(|s| (s, l.clamp(1, 8) as u8)),
        _ => None,
    };
    let (tx, rx) = mpsc::channel(64);
    let shared = Arc::new(Shared::new(
        limits.ws_backlog,
        limits.replay_events,
        store.is_postgres(),
    ));
    let stored_wake = row.wake_ms;
    let row = Arc::new(row);
    let burst = limits.seat_burst;
    let mut g = Game {
        row: row.clone(),
        periods,
        views: Views::new(&m),
        m,
        seq: 0,
        last: None,
        last_kind: String::new(),
        last_moved: None,
        turn_start: None,
        draw_offer: None,
        takeback_offer: None,
        offers: [[0; 2]; 2],
        seat_buckets: [limits::Bucket::full(burst), limits::Bucket::full(burst)],
        engine,
        engine_busy: false,
        played: None,
        broken: false,
        store,
        opponent,
        shared: shared.clone(),
        limits,
        stored_wake,
        me: tx.downgrade(),
        registry,
        meet: crate::meet::Meet::default(),
    };
    g.meet = crate::meet::load(&g.store, &g.row.id).await?;
    let events = g.store.events(&g.row.id, 0).await?;
    for e in &events {
        g.apply_stored(e)?;
    }
    crate::metrics::game_loaded();
    tokio::spawn(g.run(rx));
    Ok(GameHandle { tx, row, shared })
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
            let idle = if self.m.outcome().is_some() {
                self.limits.finished_unload
            } else {
                self.limits.idle_unload
            };
            let unload = tokio::select! {
                cmd = rx.recv() => match cmd {
                    None => break,
                    Some(Cmd::Unload) => true,
                    Some(c) => {
                        self.shared.active_ms.store(now_ms(), Ordering::Relaxed);
                        self.handle(c).await;
                        false
                    }
                },
                () = sleep => {
                    self.flag().await;
                    false
                }
                () = tokio::time::sleep(idle) => true,
            };
            if unload && self.unload().await {
                // Commands sent before the hub forgot the game are still answered.
                rx.close();
                while let Some(c) = rx.recv().await {
                    self.handle(c).await;
                }
                break;
            }
            if self.broken {
                self.forget();
                break;
            }
        }
        crate::metrics::game_unloaded();
    }

    /// Leaves the hub's map (the game is started again from the database when asked for).
    fn forget(&self) {
        if let Some(map) = self.registry.upgrade() {
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
                    self.last = None;
                    self.shared.cleared();
                    self.last_kind.clear();
                    self.last_moved = None;
                    self.turn_start = None;
                    self.draw_offer = None;
                    self.takeback_offer = None;
                    self.offers = [[0; 2]; 2];
                    self.played = None;
                    let mut replayed = true;
                    for e in &events {
                        if let Err(err) = self.apply_stored(e) {
                            tracing::error!(game = %self.row.id, "reloading: {err}");
                            replayed = false;
                            break;
                        }
                    }
                    if replayed {
                        return;
                    }
                    break;
                }
                Err(e) => {
                    tracing::warn!(game = %self.row.id, "reloading: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
        self.broken = true;
    }

    /// When the server must next act on the game with no client: the flag's fall, or now when
    /// the engine is to move; `None` when never (see [`GameRow::wake_ms`]).
    fn next_action(&self) -> Option<i64> {
        if self.m.outcome().is_some() {
            return None;
        }
        if self
            .engine
            .is_some_and(|(side, _)| side == self.m.side_to_move())
        {
            return Some(now_ms());
        }
        self.deadline()
    }

    /// The wake time to store with an event stored at `at_ms`: the event may bring the game's
    /// next action forward (a move starts the other clock), so a game that may ever need waking
    /// stores a bound no later than now, once while it is in memory (the exact time is stored
    /// when it leaves memory).
    fn wake_with(&self, at_ms: i64) -> Option<i64> {
        let may_wake = self.engine.is_some() || self.m.clock().is_some();
        (may_wake && self.stored_wake.is_none_or(|w| w > at_ms)).then_some(at_ms)
    }

    /// Leaves memory when nothing uses the game: no client connected and no command in flight
    /// (only the hub's map holds a handle), no engine thinking, no clock falling or engine move
    /// due within [`WAKE_MARGIN_MS`]. Its exact wake time is stored first, so that the hub's
    /// waker starts it again when its clock or engine needs it. Then it leaves the hub's map,
    /// under the map's lock, so that no new handle is given out meanwhile.
    async fn unload(&mut self) -> bool {
        if self.engine_busy || !self.unused() {
            return false;
        }
        let wake = self.next_action();
        if wake.is_some_and(|w| w <= now_ms() + WAKE_MARGIN_MS) {
            return false;
        }
        if wake != self.stored_wake {
            if let Err(e) = self.store.set_wake(&self.row.id, wake).await {
                tracing::warn!(game = %self.row.id, "kept in memory: {e}");
                return false;
            }
            self.stored_wake = wake;
        }
        let Some(map) = self.registry.upgrade() else {
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

    /// Whether only the hub's map holds a handle on the game.
    fn unused(&self) -> bool {
        self.me.strong_count() <= 1
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
                let r = match self.seat_buckets[side.index()]
                    .take(self.limits.seat_rate, self.limits.seat_burst)
                {
                    Ok(()) if self.meet.waiting() && action != Action::Resign => {
                        Err(crate::meet::waiting())
                    }
                    Ok(()) => self.act(side, action, whole).await,
                    Err(retry) => Err(ApiError::rate_limited(
                        "too many actions from this seat: slow down",
                        retry,
                    )),
                };
                let _ = reply.send(r);
            }
            Cmd::State { reply } => {
                if self.store.is_postgres() {
                    // Another process may have stored events whose notification is on its way:
                    // a new client gets the database's state.
                    let _ = self.catch_up().await;
                }
                let _ = reply.send(self.shared_state());
            }
            Cmd::Snapshot { reply } => {
                let _ = reply.send((self.m.clone(), (*self.row).clone()));
            }
            Cmd::CatchUp => {
                let _ = self.catch_up().await;
            }
            Cmd::EngineMove { seq, mv } => {
                self.engine_busy = false;
                if seq == self.seq {
                    if let (Some(mv), Some((side, _))) = (mv, self.engine) {
                        if let Err(e) = self.act(side, Action::Play(mv), false).await {
                            tracing::warn!(game = %self.row.id, "engine move refused: {e}");
                        }
                    }
                }
                self.maybe_engine();
            }
            Cmd::Unload => {}
            Cmd::Meet { ask, reply } => {
                let side = match &ask {
                    MeetAsk::Name(s, _) | MeetAsk::Rematch(s, _) => Some(*s),
                    MeetAsk::Join(_) => None,
                };
                let limited = side.map(|s| {
                    self.seat_buckets[s.index()].take(self.limits.seat_rate, self.limits.seat_burst)
                });
                let r = match limited {
                    Some(Err(retry)) => Err(ApiError::rate_limited(
                        "too many actions from this seat: slow down",
                        retry,
                    )),
                    _ => self.meet(ask).await,
                };
                let _ = reply.send(r);
            }
            Cmd::MeetReload => match crate::meet::load(&self.store, &self.row.id).await {
                Ok(m) => {
                    self.meet = m;
                    self.meet_changed();
                }
                Err(e) => tracing::warn!(game = %self.row.id, "reading the seats: {e}"),
            },
        }
    }

    /// The state message at the last event, written once and shared.
    fn shared_state(&mut self) -> (i64, Published) {
        if let Some(s) = self.shared.cached_state() {
            if s.0 == self.seq {
                return s;
            }
        }
        let state = self.state_message();
        let mut snap = self.shared.snap();
        snap.seq = self.seq;
        snap.state = Some(state.clone());
        (self.seq, state)
    }

    /// Reads the events other processes stored and publishes them.
    async fn catch_up(&mut self) -> Result<(), ApiError> {
        let events = self.store.events(&self.row.id, self.seq).await?;
        for e in events {
            if e.seq != self.seq + 1 {
                break;
            }
            self.apply_stored(&e)?;
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
            let event = StoredEvent::Timeout(SideEvent { side });
            match self.store_event(&event).await {
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
                    tracing::warn!(game = %self.row.id, "storing a time forfeit: {e}");
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    return;
                }
            }
        }
    }

    async fn finished(&mut self) {
        if self.m.outcome().is_some() {
            match self.store.set_finished(&self.row.id).await {
                Ok(()) => self.stored_wake = None,
                Err(e) => tracing::warn!(game = %self.row.id, "marking finished: {e}"),
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
            let mv = tokio::task::spawn_blocking(move || opponent.choose(&m, level))
                .await
                .ok()
                .flatten();
            let _ = me.send(Cmd::EngineMove { seq, mv }).await;
        });
    }
}

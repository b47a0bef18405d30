//! An SEI host (SEI 1.0, the Sashité Engine Interface, JSON Lines) as Sashité's published
//! engine (`sashite-sanki-sei-random-engine` 0.1.0) expects one, on the messages of
//! [`tegoma_game::sei`] (shared with `tegoma engine`): positions in canonical FEEN, moves in
//! canonical PMN, rule systems by id (`tegoma.ogi/1`).
//!
//! - [`SeiSession`]: one engine process and the request/event exchange (`hello`, `ping`,
//!   `configure`, `search`, `cancel`), usable on its own;
//! - [`SeiPlayer`]: the engine as the arbiter of `tegoma match` drives it: `hello` (version 1,
//!   and the match's rules id among the engine's `rules`), `configure` with the specification's
//!   options (only when it has some; values that read as integers or booleans are sent as
//!   such), `ping` as the readiness check, then per move a `search` with the match's start
//!   (`position`), its plies (`moves`), the two clocks (`clock.own` with its `deadline`, the
//!   time until the engine's flag falls, `clock.opp`, and `overhead`) or, in a match by nodes,
//!   `limits.nodes`; `roots` when the match allows fewer moves than the game's standard rules
//!   (Ōgi without the King's privilege, a sennichite-forbidden move). `cancel` when the time is
//!   up; the input closed at the end.
//!
//! An `error` event, or a line that is not an event, is a protocol breach: the engine loses the
//! game (`resignation`, PGN `Termination "abandoned"`).

use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::{json, Map, Value};
use tegoma_game::clock::{Clock, TimeControl};
use tegoma_game::sei::{self, Ev, Event};
use tegoma_game::{AnyMatch, AnyPosition, MoveFormat, Rules};
use tegoma_protocol::Side;

use crate::player::{EngineError, Player, Reply, Timeouts, Turn};
use crate::process::{Process, Read1};
use crate::spec::EngineSpec;

/// The transport allowance the host announces (`clock.overhead`, ms).
pub const OVERHEAD_MS: u64 = 20;

/// An engine process spoken to in SEI: requests numbered from 1, events read as they come.
pub struct SeiSession {
    name: String,
    process: Option<Process>,
    next_id: u64,
}

impl SeiSession {
    /// Starts the engine of `spec` (nothing is sent yet).
    ///
    /// # Errors
    /// [`EngineError::Start`] when the program cannot be started.
    pub fn spawn(spec: &EngineSpec) -> Result<SeiSession, EngineError> {
        let p = Process::spawn(spec).map_err(|e| EngineError::Start {
            name: spec.name.clone(),
            detail: format!("{}: {e}", spec.program),
        })?;
        Ok(SeiSession {
            name: spec.name.clone(),
            process: Some(p),
            next_id: 1,
        })
    }

    fn crashed(&mut self) -> EngineError {
        crate::process::crashed(&mut self.process, &self.name)
    }

    fn breach(&self, detail: String) -> EngineError {
        EngineError::Protocol {
            name: self.name.clone(),
            detail,
        }
    }

    /// Whether the process still runs.
    pub fn is_running(&mut self) -> bool {
        self.process.as_mut().is_some_and(Process::is_running)
    }

    /// Sends one line as it is (for tests of an engine's envelope checks).
    ///
    /// # Errors
    /// [`EngineError::Crashed`] when the engine no longer reads.
    pub fn send_raw(&mut self, line: &str) -> Result<(), EngineError> {
        if self.process.as_mut().is_some_and(|p| p.send(line)) {
            Ok(())
        } else {
            Err(self.crashed())
        }
    }

    /// Sends request `op` with `body`'s fields; returns its id.
    ///
    /// # Errors
    /// As [`SeiSession::send_raw`].
    pub fn send<B: Serialize>(&mut self, op: &str, body: &B) -> Result<u64, EngineError> {
        let id = self.next_id;
        self.next_id += 1;
        self.send_raw(&sei::request(id, op, body))?;
        Ok(id)
    }

    /// The next event (an `error` event included), or `None` at `deadline`. Blank lines are
    /// skipped.
    ///
    /// # Errors
    /// The engine crashed, or wrote a line that is not an event (a breach).
    pub fn read(&mut self, deadline: Instant) -> Result<Option<Event>, EngineError> {
        loop {
            let Some(p) = &mut self.process else {
                return Err(self.crashed());
            };
            match p.read(deadline) {
                Read1::Line(l) if l.trim().is_empty() => {}
                Read1::Line(l) => match Event::read(&l) {
                    Ok(e) => return Ok(Some(e)),
                    Err(why) => {
                        let shown: String = l.chars().take(120).collect();
                        return Err(self.breach(format!("not an SEI event ({why}): {shown}")));
                    }
                },
                Read1::Timeout => return Ok(None),
                Read1::Closed => return Err(self.crashed()),
            }
        }
    }

    /// Reads events until the terminal one of request `id` (its `done` or `error`), giving
    /// each other event to `each`; `None` at `deadline`.
    ///
    /// # Errors
    /// As [`SeiSession::read`]; a fatal error event (no `re`) is a breach.
    pub fn until(
        &mut self,
        id: u64,
        deadline: Instant,
        mut each: impl FnMut(&Event),
    ) -> Result<Option<Event>, EngineError> {
        loop {
            let Some(e) = self.read(deadline)? else {
                return Ok(None);
            };
            if e.ev == Ev::Error && e.re.is_none() {
                return Err(self.breach(e.line()));
            }
            if e.ends(id) {
                return Ok(Some(e));
            }
            each(&e);
        }
    }

    /// Sends a request and waits `within` for its terminal event (a `done` or an attached
    /// `error`, returned as it is).
    ///
    /// # Errors
    /// As [`SeiSession::until`]; [`EngineError::Timeout`] when no answer comes in time.
    pub fn ask<B: Serialize>(
        &mut self,
        op: &str,
        body: &B,
        within: Duration,
    ) -> Result<Event, EngineError> {
        let id = self.send(op, body)?;
        match self.until(id, Instant::now() + within, |_| {})? {
            Some(e) => Ok(e),
            None => Err(EngineError::Timeout {
                name: self.name.clone(),
            }),
        }
    }

    /// `hello` with version 1; the engine's `done`, which must choose version 1.
    ///
    /// # Errors
    /// As [`SeiSession::ask`]; a breach when the engine answers an error or no common version.
    pub fn open(&mut self, within: Duration) -> Result<Event, EngineError> {
        let e = self.ask("hello", &json!({"versions": [sei::VERSION]}), within)?;
        if e.ev != Ev::Done || e.version != Some(sei::VERSION) {
            return Err(self.breach(format!("no SEI version 1 in common: {}", e.line())));
        }
        Ok(e)
    }

    /// `ping`; how long the answer took.
    ///
    /// # Errors
    /// As [`SeiSession::ask`]; a breach when the answer is not an empty `done`.
    pub fn ping(&mut self, within: Duration) -> Result<Duration, EngineError> {
        let sent = Instant::now();
        let e = self.ask("ping", &(), within)?;
        if e.ev != Ev::Done {
            return Err(self.breach(e.line()));
        }
        Ok(sent.elapsed())
    }

    /// Closes the engine's input and waits `within` for it to exit (then kills it).
    pub fn close(&mut self, within: Duration) {
        if let Some(p) = self.process.take() {
            p.finish(Instant::now() + within);
        }
    }

    /// Closes the input and reports how the engine ended (`exited (exit status: 0)`, …).
    pub fn close_and_tell(&mut self, within: Duration) -> String {
        let Some(mut p) = self.process.take() else {
            return "not running".into();
        };
        p.close_input();
        let deadline = Instant::now() + within;
        while Instant::now() < deadline && p.is_running() {
            std::thread::sleep(Duration::from_millis(10));
        }
        p.death_note()
    }
}

/// An engine speaking SEI.
pub struct SeiPlayer {
    spec: EngineSpec,
    rules: Rules,
    timeouts: Timeouts,
    session: Option<SeiSession>,
}

/// A JSON value from an option's text: a number or boolean when it reads as one.
fn option_value(text: &str) -> Value {
    if let Ok(i) = text.parse::<i64>() {
        return json!(i);
    }
    match text {
        "true" => json!(true),
        "false" => json!(false),
        _ => json!(text),
    }
}

/// The time the side to move can spend before it flags (the smallest elapsed time the clock
/// counts as a flag).
fn time_to_flag(clock: &Clock) -> u64 {
    let (mut lo, mut hi) = (0u64, sei::MAX_INT);
    if !clock.would_flag(hi) {
        return hi;
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if clock.would_flag(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

fn carry_after(control: &TimeControl, index: usize) -> bool {
    index + 1 < control.periods().len() || control.carries_over_on_repeat()
}

/// One side's clock in SEI's terms: the time left in its current period, that period's
/// increment and quota (`togo` plies left, the period's `time`, whether unused time `carry`s
/// over), and the periods after it (`next`; the last one repeats).
///
/// ```
/// use tegoma_game::clock::{Clock, TimeControl};
/// use tegoma_protocol::Side;
/// // Byōyomi: 10 s of main time, then 3 s per ply.
/// let c = Clock::new(TimeControl::byoyomi(10_000, 3_000));
/// let s = tegoma_arena::sei::side_clock(&c, Side::First);
/// assert_eq!((s.remaining, s.togo), (10_000, None));
/// let next = s.next.unwrap();
/// assert_eq!((next[0].time, next[0].moves, next[0].carry), (3_000, Some(1), Some(false)));
/// ```
pub fn side_clock(clock: &Clock, side: Side) -> sei::SideClock {
    let st = clock.state(side);
    let control = clock.control(side);
    let periods = control.periods();
    let index = st.period.min(periods.len().saturating_sub(1));
    let mut s = sei::SideClock {
        remaining: st.remaining_ms.min(sei::MAX_INT),
        ..sei::SideClock::default()
    };
    if let Some(p) = periods.get(index) {
        s.inc = (p.increment_ms > 0).then_some(p.increment_ms);
        if let Some(q) = p.quota {
            s.togo = Some(u64::from(q.saturating_sub(st.plies_in_period).max(1)));
            s.time = Some(p.duration_ms);
            s.carry = Some(carry_after(control, index));
        }
    }
    let next: Vec<sei::Period> = periods
        .iter()
        .enumerate()
        .skip(index + 1)
        .map(|(i, p)| sei::Period {
            time: p.duration_ms,
            inc: (p.increment_ms > 0).then_some(p.increment_ms),
            moves: p.quota.map(u64::from),
            carry: p.quota.map(|_| carry_after(control, i)),
        })
        .collect();
    s.next = (!next.is_empty()).then_some(next);
    s
}

/// The `clock` of a search by the side to move of `clock`: its deadline is the time until its
/// flag falls.
pub fn search_clock(clock: &Clock) -> sei::Clock {
    let side = clock.to_move();
    let mut own = side_clock(clock, side);
    own.deadline = Some(time_to_flag(clock));
    sei::Clock {
        own,
        opp: Some(side_clock(clock, side.flip())),
        overhead: Some(OVERHEAD_MS),
    }
}

impl SeiPlayer {
    /// A player for the engine of `spec`, playing `rules` (started at the first game).
    pub fn new(spec: EngineSpec, rules: Rules, timeouts: Timeouts) -> SeiPlayer {
        SeiPlayer {
            spec,
            rules,
            timeouts,
            session: None,
        }
    }

    fn session(&mut self) -> Result<&mut SeiSession, EngineError> {
        match &mut self.session {
            Some(s) => Ok(s),
            None => Err(EngineError::Crashed {
                name: self.spec.name.clone(),
                detail: "not running".into(),
            }),
        }
    }

    fn start(&mut self) -> Result<(), EngineError> {
        let name = self.spec.name.clone();
        let start_err = |detail: String| EngineError::Start {
            name: name.clone(),
            detail,
        };
        let mut s = SeiSession::spawn(&self.spec)?;
        let hello = s
            .open(self.timeouts.start)
            .map_err(|e| start_err(e.to_string()))?;
        let id = self.rules.id();
        if !hello.rules.as_ref().is_some_and(|r| r.contains_key(&id)) {
            let offered: Vec<String> = hello.rules.iter().flat_map(|r| r.keys().cloned()).collect();
            return Err(start_err(format!(
                "does not play {id} (its rules: {})",
                offered.join(", ")
            )));
        }
        let options: Map<String, Value> = self
            .spec
            .options
            .iter()
            .map(|(k, v)| (k.clone(), option_value(v)))
            .collect();
        if !options.is_empty() {
            let e = s
                .ask(
                    "configure",
                    &json!({ "options": options }),
                    self.timeouts.start,
                )
                .map_err(|e| start_err(e.to_string()))?;
            if e.ev != Ev::Done {
                return Err(start_err(format!("configure refused: {}", e.line())));
            }
        }
        s.ping(self.timeouts.start)
            .map_err(|e| start_err(e.to_string()))?;
        self.session = Some(s);
        Ok(())
    }
}

/// One line of an SEI engine's output read as an event: `Ok(None)` for a blank line, the event
/// for a JSON object that is one, `Err` with what to report for anything else: a line that is
/// not an event (its first 120 characters quoted) or an `error` event (the whole event). A breach
/// of the protocol either way, which loses the game.
///
/// ```
/// use tegoma_arena::sei::read_message;
/// assert_eq!(read_message("  "), Ok(None));
/// let e = read_message(r#"{"re":2,"ev":"done","best":"e2-e4"}"#).unwrap().unwrap();
/// assert_eq!(e.best, Some(Some("e2-e4".to_string())));
/// assert!(read_message("bestmove e2e4").unwrap_err().starts_with("not an SEI event"));
/// assert!(read_message(r#"{"re":2,"ev":"error","code":"invalid"}"#).is_err());
/// ```
///
/// # Errors
/// The line is neither blank nor an event, or it is an `error` event.
pub fn read_message(line: &str) -> Result<Option<Event>, String> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let e = Event::read(line).map_err(|why| {
        format!(
            "not an SEI event ({why}): {}",
            line.chars().take(120).collect::<String>()
        )
    })?;
    if e.ev == Ev::Error {
        return Err(e.line());
    }
    Ok(Some(e))
}

/// What the record keeps of an `info` or `done`: `depth D score cp X` (or `score mate N`), when
/// its first variation has a score; `None` otherwise.
///
/// ```
/// use tegoma_arena::sei::{info_summary, read_message};
/// let e = read_message(r#"{"re":4,"ev":"info","depth":9,"variations":[{"pv":["e2-e4"],"score":{"cp":-12}}]}"#).unwrap().unwrap();
/// assert_eq!(info_summary(&e).as_deref(), Some("depth 9 score cp -12"));
/// ```
pub fn info_summary(e: &Event) -> Option<String> {
    let score = e.variations.as_ref()?.first()?.score.as_ref()?;
    let score = match (score.cp, score.mate) {
        (_, Some(m)) => format!("mate {m}"),
        (Some(cp), None) => format!("cp {cp}"),
        (None, None) => return None,
    };
    Some(match e.depth {
        Some(d) => format!("depth {d} score {score}"),
        None => format!("score {score}"),
    })
}

/// The move of a `done` as the engine wrote it (`null` when it has none), to be matched against
/// the legal moves' PMN.
pub fn move_text(e: &Event) -> String {
    match &e.best {
        Some(Some(s)) => s.clone(),
        _ => "null".to_string(),
    }
}

/// The match's legal moves when they are fewer than those of the rules the engine knows by the
/// id (the standard rules of the game, without the match's history): a match without the King's
/// privilege (against Fairy-Stockfish's rules), or a move sennichite forbids. The engine is then
/// told to search only these (`roots`).
fn restricted(m: &AnyMatch) -> Option<Vec<String>> {
    let allowed = m.legal_moves_as(MoveFormat::Pmn).ok()?;
    let standard = Rules::by_name(m.rules().name()).ok()?;
    let known = AnyPosition::from_generic(Some(standard), &m.position())
        .ok()?
        .legal_moves(MoveFormat::Pmn)
        .ok()?;
    (known.len() != allowed.len()).then_some(allowed)
}

/// The canonical PMN of every legal move of the match's position, sennichite-forbidden moves
/// included.
fn all_legal(m: &AnyMatch) -> Vec<String> {
    AnyPosition::from_generic(Some(m.rules().clone()), &m.position())
        .ok()
        .and_then(|p| p.legal_moves(MoveFormat::Pmn).ok())
        .unwrap_or_default()
}

impl Player for SeiPlayer {
    fn name(&self) -> &str {
        &self.spec.name
    }

    fn new_game(&mut self, _game: &AnyMatch) -> Result<(), EngineError> {
        if let Some(s) = &mut self.session {
            if !s.is_running() {
                self.session = None;
            }
        }
        if self.session.is_none() {
            self.start()?;
        }
        let within = self.timeouts.ready;
        let r = self.session()?.ping(within);
        if r.is_err() {
            self.session = None;
        }
        r.map(|_| ())
    }

    fn think(&mut self, turn: &Turn<'_>) -> Result<Reply, EngineError> {
        let mut search = sei::Search {
            rules: self.rules.id(),
            position: turn.game.start_feen(),
            moves: turn.game.pmn_plies(),
            ..sei::Search::default()
        };
        match (turn.nodes, turn.game.clock()) {
            (Some(n), _) => {
                search.limits = Some(sei::Limits {
                    nodes: Some(n.clamp(1, sei::MAX_INT)),
                    ..sei::Limits::default()
                })
            }
            (None, Some(c)) => search.clock = Some(search_clock(c)),
            (None, None) => {
                let ms = turn
                    .deadline
                    .saturating_duration_since(Instant::now())
                    .as_millis();
                search.clock = Some(sei::Clock {
                    own: sei::SideClock {
                        deadline: Some(ms.min(u128::from(sei::MAX_INT)) as u64),
                        remaining: ms.min(u128::from(sei::MAX_INT)) as u64,
                        ..sei::SideClock::default()
                    },
                    opp: None,
                    overhead: Some(OVERHEAD_MS),
                })
            }
        }
        search.roots = restricted(turn.game);
        let grace = self.timeouts.stop_grace;
        let s = self.session()?;
        let start = Instant::now();
        let id = s.send("search", &search)?;
        let mut info = None;
        let got = s.until(id, turn.deadline, |e| {
            if e.ev == Ev::Info {
                if let Some(i) = info_summary(e) {
                    info = Some(i);
                }
            }
        });
        let elapsed_ms = start.elapsed().as_millis().min(u128::from(u64::MAX)) as u64;
        match got {
            Ok(Some(e)) if e.ev == Ev::Error => {
                self.session = None;
                Err(EngineError::Protocol {
                    name: self.spec.name.clone(),
                    detail: e.line(),
                })
            }
            Ok(Some(e)) => {
                if let Some(i) = info_summary(&e) {
                    info = Some(i);
                }
                let text = move_text(&e);
                let pmn = all_legal(turn.game).into_iter().find(|p| *p == text);
                Ok(Reply {
                    text,
                    pmn,
                    elapsed_ms,
                    info,
                })
            }
            Ok(None) => {
                // Out of time: cancel; the engine ends its search with its `done`.
                let stopped = s.send("cancel", &()).is_ok()
                    && matches!(s.until(id, Instant::now() + grace, |_| {}), Ok(Some(_)));
                if !stopped {
                    self.session = None;
                }
                Err(EngineError::Timeout {
                    name: self.spec.name.clone(),
                })
            }
            Err(e) => {
                self.session = None;
                Err(e)
            }
        }
    }

    fn quit(&mut self) {
        if let Some(mut s) = self.session.take() {
            s.close(Duration::from_millis(500));
        }
    }
}

impl Drop for SeiPlayer {
    fn drop(&mut self) {
        self.quit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ogi(rules: Rules, feen: &str) -> AnyMatch {
        let g = tegoma_game::generic_from_feen(feen).unwrap();
        AnyMatch::from_position(rules, &g).unwrap()
    }

    /// The King can take a promoted rook: with the privilege off, the search is restricted to
    /// the moves without `/+R`.
    #[test]
    fn roots_without_the_privilege() {
        let feen = "k^7/8/8/8/8/8/4+r3/4K^3 / O/o";
        assert_eq!(restricted(&ogi(Rules::ogi(), feen)), None);
        let m = ogi(Rules::ogi().without_privilege().unwrap(), feen);
        let only = restricted(&m).expect("restricted");
        assert!(only.contains(&"e1+e2".to_string()), "{only:?}");
        assert!(only.iter().all(|mv| !mv.contains('/')), "{only:?}");
        assert_eq!(restricted(&AnyMatch::new(Rules::chess())), None);
    }
}

//! SEI 1.0, the Sashité Engine Interface, as Sashité's published engine speaks it
//! (`sashite-sanki-sei-random-engine` 0.1.0): JSON Lines on standard input and output, for every
//! rule system of the registry (`tegoma.chess/1`, `tegoma.ogi/1`, `tegoma.kogoma/1`, …). The
//! messages are [`tegoma_game::sei`]'s, shared with the match runner.
//!
//! | Host → engine | Engine → host |
//! |---------------|---------------|
//! | `{"id":1,"op":"hello","versions":[1]}` | `{"re":1,"ev":"done","versions":[1],"version":1,"engine":{..},"rules":{"tegoma.chess/1":{},..},"features":{"roots":{}},"options":{..}}` |
//! | `{"id":2,"op":"ping"}` | `{"re":2,"ev":"done"}`, at once, even while searching |
//! | `{"id":3,"op":"configure","options":{"level":4,"seed":7}}` | `{"re":3,"ev":"done"}` (the complete configuration, all or nothing) |
//! | `{"id":4,"op":"search","rules":ID,"position":FEEN,"moves":[PMN..],"clock":{..},"limits":{..},"fresh":true,"roots":[PMN..]}` | `{"re":4,"ev":"info",..}` lines, then `{"re":4,"ev":"done","best":PMN or null,"depth":..,"nodes":..,"elapsed":..,"variations":[{"pv":[..],"score":{"cp":..}}]}` |
//! | `{"id":5,"op":"cancel"}` | the running search's `done`, then `{"re":5,"ev":"done"}` |
//!
//! The options (`hello` lists them with their domains): `hash`, `threads` (up to the cores; a
//! `fresh` search after a configured `seed` runs on one thread, so that it replays),
//! `variations` (how many variations are searched, reported best first in `info` and `done`),
//! `level`, `seed` and `move_overhead_ms`. `limits.mate` N stops the search at a mate in N moves
//! or fewer, no deeper than 2N − 1 plies; `roots` restricts the root moves searched.
//!
//! Every request but `ping` first ends the running search (its `done` comes first). A search
//! with neither `clock` nor `limits` runs until then. With a clock, the `done` comes by
//! `own.deadline − overhead` (ms from the receipt of the search). Content errors are attached to
//! their request: `{"re":4,"ev":"error","code":"invalid"|"unsupported"|"illegal","path":
//! "/moves/3","message":".."}`, checked in that order, the first defect reported. Envelope
//! errors (not I-JSON, an `id` that does not increase, a request before `hello`, a second
//! `hello`) are fatal: `{"ev":"error","code":"invalid","message":..}`, and [`run`] returns an
//! error (`tegoma engine` exits with status 1). The end of the input ends the session (status 0).

use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};
use tegoma_game::sei::{
    self, no_fields, read_request, Configure, Event, Hello, Request, Search, Variation,
};
use tegoma_game::{generic_from_feen, AnyMatch, MoveFormat, Rules};
use tegoma_notation::pmn::Pmn;

use crate::engine::{Engine, EngineOptions, Info, SearchRequest, Start, StopHandle};
use crate::level::Level;
use crate::limits::{Limits, SideTime};
use crate::protocol::Out;
use crate::score::Score;

/// The protocol's version.
pub const VERSION: u64 = sei::VERSION;

/// Serves an SEI session; returns at the end of the input (after the running search ends).
///
/// # Errors
/// A failure to read the input, or a fatal envelope error (reported on the output first).
pub fn run<I: BufRead, W: Write + Send + 'static>(input: I, output: W) -> io::Result<()> {
    serve(crate::protocol::lines(input), Out::new(output))
}

/// The rule system named by an SEI id (`tegoma.<game>/1`).
pub fn rules_by_id(id: &str) -> Option<Rules> {
    sei::rules_by_id(id)
}

/// The SEI ids of every rule system this engine plays.
pub fn rules_ids() -> Vec<String> {
    sei::rules_ids()
}

/// The running search: its thread, and whether it has no bound.
struct Running {
    handle: JoinHandle<()>,
    infinite: bool,
}

struct Session<W: Write + Send + 'static> {
    out: Out<W>,
    engine: Arc<Mutex<Engine>>,
    stop: StopHandle,
    last_id: Option<u64>,
    opened: bool,
    running: Option<Running>,
    config: Config,
}

fn lock(e: &Mutex<Engine>) -> std::sync::MutexGuard<'_, Engine> {
    match e.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

pub(crate) fn serve<L, W>(lines: L, out: Out<W>) -> io::Result<()>
where
    L: Iterator<Item = io::Result<tegoma_game::lines::Line>>,
    W: Write + Send + 'static,
{
    let engine = Engine::new(Rules::default());
    let stop = engine.stop_handle();
    let mut s = Session {
        out,
        engine: Arc::new(Mutex::new(engine)),
        stop,
        last_id: None,
        opened: false,
        running: None,
        config: Config::default(),
    };
    for line in lines {
        let line = line?;
        let received = Instant::now();
        if line.cut {
            return s.fatal("a line longer than 1 MiB");
        }
        if line.replaced {
            return s.fatal("invalid encoding: a line is UTF-8 text");
        }
        if line.text.trim().is_empty() {
            continue;
        }
        let request = match read_request(&line.text, s.last_id, s.opened) {
            Ok(r) => r,
            Err(sei::Fatal(message)) => return s.fatal(&message),
        };
        s.last_id = Some(request.id);
        s.handle(request, received);
    }
    // The end of the input: a search without bound ends now, a bounded one ends by itself.
    if let Some(r) = s.running.take() {
        if r.infinite {
            s.stop.stop();
        }
        let _ = r.handle.join();
    }
    Ok(())
}

/// The most variations the `variations` option accepts.
pub const MAX_VARIATIONS: i64 = 256;

/// The options a `configure` may set: name, least and greatest value, about. `threads` goes up
/// to the machine's cores ([`crate::uci::max_threads`]).
fn options() -> [(&'static str, i64, i64, &'static str); 6] {
    [
        ("hash", 1, 4096, "Transposition table size (MB)."),
        (
            "threads",
            1,
            crate::uci::max_threads() as i64,
            "Search threads, up to the cores (a `fresh` search after a configured `seed` uses one, \
             so that it is reproducible).",
        ),
        (
            "variations",
            1,
            MAX_VARIATIONS,
            "Variations searched and reported, best first.",
        ),
        ("level", 1, 8, "Strength level, 8 the strongest."),
        (
            "seed",
            0,
            sei::MAX_INT as i64,
            "Seed of the lower levels' randomness.",
        ),
        (
            "move_overhead_ms",
            0,
            5000,
            "Milliseconds kept for latency on a clock (at least the host's overhead).",
        ),
    ]
}

fn default_of(name: &str) -> i64 {
    let d = EngineOptions::default();
    match name {
        "hash" => d.hash_mb as i64,
        "threads" => d.threads as i64,
        "variations" => 1,
        "level" => i64::from(d.level.get()),
        "seed" => d.seed as i64,
        _ => d.move_overhead_ms as i64,
    }
}

fn hello_done(id: u64, common: bool) -> Event {
    let rules: Map<String, Value> = rules_ids().into_iter().map(|r| (r, json!({}))).collect();
    let options: Map<String, Value> = options()
        .iter()
        .map(|(name, min, max, about)| {
            (
                name.to_string(),
                json!({"type": "int", "default": default_of(name), "min": min, "max": max, "about": about}),
            )
        })
        .collect();
    Event {
        re: Some(id),
        versions: Some(vec![VERSION]),
        version: common.then_some(VERSION),
        engine: Some(sei::EngineId {
            name: "tegoma".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
            author: Some(crate::AUTHOR.into()),
            about: Some(
                "Tegoma's engine: one alpha-beta search for every rule system of the registry."
                    .into(),
            ),
        }),
        rules: Some(rules),
        features: Some(Map::from_iter([("roots".to_string(), json!({}))])),
        options: Some(options),
        ..Event::done(id)
    }
}

/// A session's configuration: the engine's options, and what SEI keeps on its side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Config {
    /// Variations searched (the `variations` option, at least 1).
    variations: usize,
    /// Whether the configuration names a `seed` (a `fresh` search then runs on one thread).
    seeded: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            variations: 1,
            seeded: false,
        }
    }
}

/// The complete configuration of a `configure` (defaults for the options left out).
fn configure(c: &Configure) -> Result<(EngineOptions, Config), sei::Error> {
    let mut o = EngineOptions::default();
    let mut config = Config::default();
    let known = options();
    for (name, value) in &c.options {
        let at = format!("/options/{}", sei::token(name));
        let Some(&(_, min, max, _)) = known.iter().find(|o| o.0 == name) else {
            return Err(sei::Error::invalid(
                at,
                format!(
                    "unknown option `{}` (hash, threads, variations, level, seed, \
                     move_overhead_ms)",
                    name.chars().take(64).collect::<String>()
                ),
            ));
        };
        let n = value
            .as_i64()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| {
                sei::Error::invalid(&at, format!("`{name}` is an integer in [{min}, {max}]"))
            })?;
        match name.as_str() {
            "hash" => o.hash_mb = n as usize,
            "threads" => o.threads = n as usize,
            "variations" => config.variations = n as usize,
            "level" => o.level = Level::new(n as u8).unwrap_or(Level::FULL),
            "seed" => {
                o.seed = n as u64;
                config.seeded = true;
            }
            _ => o.move_overhead_ms = n as u64,
        }
    }
    Ok((o, config))
}

/// A search checked against the rules: what the engine is to search.
struct Checked {
    rules: Rules,
    search: Search,
    /// A legal move to report at once (the first root, or the first legal move).
    early: Option<String>,
    /// Whether the searched position ends the game (`best` is then `null`).
    terminal: bool,
}

fn well_formed(list: &[String], key: &str) -> Result<(), sei::Error> {
    for (i, text) in list.iter().enumerate() {
        let at = format!("/{key}/{i}");
        let pmn =
            Pmn::parse(text).map_err(|e| sei::Error::invalid(&at, format!("not PMN: {e}")))?;
        if matches!(pmn.form(), tegoma_notation::pmn::Form::Drop) && pmn.drop_piece().is_none() {
            return Err(sei::Error::invalid(at, "a drop names its piece"));
        }
    }
    Ok(())
}

/// Checks a search in SEI's order: `invalid` (shapes, FEEN and PMN syntax), `unsupported` (the
/// rules id, a position of other styles), `illegal` (a position not of the rules or not
/// canonical, an illegal or non-canonical move, a move after the end of the game).
fn check(fields: &Map<String, Value>) -> Result<Checked, sei::Error> {
    let search = Search::from_fields(fields)?;
    well_formed(&search.moves, "moves")?;
    well_formed(search.roots.as_deref().unwrap_or_default(), "roots")?;
    let generic = generic_from_feen(&search.position)
        .map_err(|e| sei::Error::invalid("/position", format!("not FEEN: {e}")))?;
    let rules = rules_by_id(&search.rules).ok_or_else(|| {
        sei::Error::unsupported(
            "/rules",
            format!(
                "rules `{}` are not implemented (known: {})",
                search.rules.chars().take(64).collect::<String>(),
                rules_ids().join(", ")
            ),
        )
    })?;
    rules
        .check_styles(&generic)
        .map_err(|e| sei::Error::unsupported("/position", e.to_string()))?;
    let mut game = AnyMatch::from_position(rules.clone(), &generic)
        .map_err(|e| sei::Error::illegal("/position", e.to_string()))?;
    if game.start_feen() != search.position {
        return Err(sei::Error::illegal(
            "/position",
            format!(
                "not the canonical FEEN of the position ({})",
                game.start_feen()
            ),
        ));
    }
    for (i, text) in search.moves.iter().enumerate() {
        let at = format!("/moves/{i}");
        if game.outcome().is_some() {
            return Err(sei::Error::illegal(at, "a move after the end of the game"));
        }
        let (_, written) = game
            .play_written(text, None)
            .map_err(|e| sei::Error::illegal(&at, e.to_string()))?;
        if written.pmn != *text {
            return Err(sei::Error::illegal(
                at,
                format!("not canonical PMN (the move is written {})", written.pmn),
            ));
        }
    }
    let legal = if game.outcome().is_some() {
        Vec::new()
    } else {
        game.legal_moves_as(MoveFormat::Pmn).unwrap_or_default()
    };
    let terminal = legal.is_empty();
    if let Some(roots) = &search.roots {
        for (i, r) in roots.iter().enumerate() {
            if terminal {
                return Err(sei::Error::illegal(
                    format!("/roots/{i}"),
                    "no move is legal in a terminal position",
                ));
            }
            if !legal.contains(r) {
                return Err(sei::Error::illegal(
                    format!("/roots/{i}"),
                    "not a legal move in canonical PMN here",
                ));
            }
        }
    }
    let early = match &search.roots {
        Some(r) => r.first().cloned(),
        None => legal.first().cloned(),
    };
    Ok(Checked {
        rules,
        search,
        early,
        terminal,
    })
}

/// One side's SEI clock as the engine's time manager reads it.
fn side_time(c: &sei::SideClock) -> SideTime {
    let mut t = SideTime {
        remaining_ms: c.remaining,
        increment_ms: c.inc.unwrap_or(0),
        moves_to_go: c.togo.map(|n| n.clamp(1, 1000) as u32),
        ..SideTime::default()
    };
    // A period of one ply granted afresh (byōyomi): the time left in it is free.
    let next = c.next.as_ref().and_then(|n| n.first());
    if c.togo == Some(1) && c.next.as_ref().is_none_or(|n| n.is_empty()) && c.carry != Some(true) {
        t.byoyomi_ms = c.remaining;
        t.remaining_ms = 0;
        t.periods = 1;
        t.moves_to_go = None;
    } else if let Some(p) = next.filter(|p| p.moves == Some(1) && p.carry != Some(true)) {
        t.byoyomi_ms = p.time;
        t.periods = 1;
    }
    t
}

fn score_of(s: Score) -> sei::Score {
    match s {
        Score::Centipawns(c) => sei::Score {
            cp: Some(i64::from(c)),
            ..sei::Score::default()
        },
        Score::Mate(m) => sei::Score {
            mate: Some(i64::from(m)),
            ..sei::Score::default()
        },
    }
}

fn millis(d: Duration) -> u64 {
    d.as_millis().min(u128::from(sei::MAX_INT)) as u64
}

fn info_event(id: u64, i: &Info, received: Instant) -> Event {
    Event {
        re: Some(id),
        depth: Some(u64::from(i.depth)),
        nodes: Some(i.nodes.min(sei::MAX_INT)),
        elapsed: Some(millis(received.elapsed())),
        variations: Some(variations_of(i)),
        ..Event::new(sei::Ev::Info)
    }
}

/// An iteration's variations, best first (the principal one alone when the search reports none).
fn variations_of(i: &Info) -> Vec<Variation> {
    if i.variations.is_empty() {
        return vec![Variation {
            pv: i.pv.clone(),
            score: Some(score_of(i.score)),
        }];
    }
    i.variations
        .iter()
        .map(|v| Variation {
            pv: v.pv.clone(),
            score: Some(score_of(v.score)),
        })
        .collect()
}

impl<W: Write + Send + 'static> Session<W> {
    fn send(&self, e: &Event) {
        self.out.line(&e.line());
    }

    fn fatal(&mut self, message: &str) -> io::Result<()> {
        self.end_search();
        self.send(&Event::fatal(sei::Code::Invalid, message));
        Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("SEI session ended by a fatal error: {message}"),
        ))
    }

    /// Ends the running search, if any: stops it and waits for its `done`.
    fn end_search(&mut self) {
        if let Some(r) = self.running.take() {
            self.stop.stop();
            let _ = r.handle.join();
        }
    }

    fn handle(&mut self, request: Request, received: Instant) {
        let id = request.id;
        if request.op == "ping" {
            match no_fields(&request.fields) {
                Ok(()) => self.send(&Event::done(id)),
                Err(e) => self.send(&e.event(id)),
            }
            return;
        }
        self.end_search();
        let answer = match request.op.as_str() {
            "hello" => Hello::from_fields(&request.fields).map(|h| {
                self.opened |= h.common();
                hello_done(id, h.common())
            }),
            "configure" => Configure::from_fields(&request.fields)
                .and_then(|c| configure(&c))
                .map(|(o, config)| {
                    lock(&self.engine).set_options(o);
                    self.config = config;
                    Event::done(id)
                }),
            "cancel" => no_fields(&request.fields).map(|()| Event::done(id)),
            "search" => match check(&request.fields) {
                Ok(c) => {
                    self.start(id, c, received);
                    return;
                }
                Err(e) => Err(e),
            },
            _ => Err(sei::Error::invalid("/op", "unknown operation")),
        };
        match answer {
            Ok(e) => self.send(&e),
            Err(e) => self.send(&e.event(id)),
        }
    }

    fn start(&mut self, id: u64, c: Checked, received: Instant) {
        if c.terminal {
            self.send(&Event {
                best: Some(None),
                ..Event::done(id)
            });
            return;
        }
        let s = &c.search;
        let mut limits = Limits::default();
        let mut deadline = None;
        let mut overhead = 0;
        if let Some(clock) = &s.clock {
            limits.clock = Some(side_time(&clock.own));
            overhead = clock.overhead.unwrap_or(0);
            let due = clock.own.deadline.unwrap_or(0).saturating_sub(overhead);
            // Stop a little before the due time: the answer still has to be written.
            let stop_at = due.saturating_sub((due / 50).clamp(2, 25));
            deadline = Some(received + Duration::from_millis(stop_at));
        }
        limits.multipv = self.config.variations;
        if let Some(l) = &s.limits {
            limits.depth = l.depth.map(|d| d.min(1000) as u32);
            limits.nodes = l.nodes;
            limits.movetime_ms = l.movetime;
            if let Some(m) = l.mate {
                // A mate in at most `m` moves: the search stops at one (`Limits::mate`), and
                // looks no deeper than such a mate lies (2m − 1 plies), the limit a hard cap.
                let m = m.min(500) as u32;
                let plies = (2 * m).saturating_sub(1);
                limits.depth = Some(limits.depth.map_or(plies, |d| d.min(plies)));
                limits.mate = Some(m);
            }
        }
        let infinite = s.infinite();
        limits.infinite = infinite;
        let mut request =
            SearchRequest::new(Start::Feen(s.position.clone()), s.moves.clone(), limits);
        request.search_moves = s.roots.clone().unwrap_or_default();
        let fresh = s.fresh;
        // A `fresh` search after a configured `seed` is reproducible: one thread.
        let one_thread = fresh && self.config.seeded;
        let early = c.early.clone();
        let rules = c.rules.clone();
        self.stop.reset();
        let stop = self.stop.clone();
        let engine = Arc::clone(&self.engine);
        let out = self.out.clone();
        let handle = std::thread::spawn(move || {
            let send = |e: &Event| out.line(&e.line());
            if let Some(mv) = early {
                send(&Event {
                    re: Some(id),
                    depth: Some(0),
                    nodes: Some(0),
                    elapsed: Some(millis(received.elapsed())),
                    variations: Some(vec![Variation {
                        pv: vec![mv],
                        score: None,
                    }]),
                    ..Event::new(sei::Ev::Info)
                });
            }
            // The deadline's watchdog: stops the search at the due time (ended by the search's
            // end, which drops the sender).
            let (tx, rx) = mpsc::channel::<()>();
            let watchdog = deadline.map(|at| {
                let stop = stop.clone();
                std::thread::spawn(move || {
                    let wait = at.saturating_duration_since(Instant::now());
                    if let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(wait) {
                        stop.stop();
                    }
                })
            });
            let mut engine = lock(&engine);
            engine.set_rules(rules);
            if fresh {
                engine.new_game();
            }
            let options = engine.options().clone();
            let mut o = options.clone();
            o.move_overhead_ms = o.move_overhead_ms.max(overhead.min(5000));
            if one_thread {
                o.threads = 1;
            }
            if o != options {
                engine.set_options(o);
            }
            let mut last_info: Option<Instant> = None;
            let result = engine.search(&request, &mut |i| {
                if last_info.is_none_or(|t| t.elapsed() >= Duration::from_millis(100)) {
                    last_info = Some(Instant::now());
                    send(&info_event(id, i, received));
                }
            });
            if engine.options() != &options {
                engine.set_options(options);
            }
            drop(engine);
            drop(tx);
            if let Some(w) = watchdog {
                let _ = w.join();
            }
            let event = match result {
                Ok(r) => {
                    let mut variations = variations_of(&r.info);
                    // The first variation starts with `best` (the move played).
                    if let Some(b) = &r.best {
                        if variations[0].pv.first() != Some(b) {
                            variations = vec![Variation {
                                pv: vec![b.clone()],
                                score: Some(score_of(r.info.score)),
                            }];
                        }
                    }
                    Event {
                        best: Some(r.best.clone()),
                        depth: Some(u64::from(r.info.depth)),
                        nodes: Some(r.info.nodes.min(sei::MAX_INT)),
                        elapsed: Some(millis(received.elapsed())),
                        variations: r.best.as_ref().map(|_| variations),
                        ..Event::done(id)
                    }
                }
                Err(e) => {
                    let code = match e.class() {
                        crate::ErrorClass::Invalid => sei::Code::Invalid,
                        crate::ErrorClass::Unsupported => sei::Code::Unsupported,
                        crate::ErrorClass::Illegal => sei::Code::Illegal,
                    };
                    sei::Error {
                        code,
                        path: None,
                        message: e.to_string(),
                    }
                    .event(id)
                }
            };
            send(&event);
        });
        self.running = Some(Running { handle, infinite });
    }
}

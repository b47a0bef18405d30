//! SEI 1.0, the Sashité Engine Interface: JSON Lines on standard input and output, for every
//! rule system.
//!
//! Every message is one JSON object on one line, with a `"type"`. Positions are FEEN, moves
//! PMN, rule systems are named by ids such as `tegoma.chess/1`, `tegoma.ogi/1`,
//! `tegoma.kogoma/1` (`tegoma.<game>/<version>`; version 1). The full contract, with
//! examples, is in the crate's `README.md` ("SEI 1.0"); in brief:
//!
//! | Client → engine | Engine → client |
//! |-----------------|-----------------|
//! | `{"type":"hello","protocol":"sei","version":"1.0"}` | `{"type":"hello","protocol":"sei","version":"1.0","engine":{"name":..,"author":..},"rules":[ids],"options":{..}}` |
//! | `{"type":"ping","id":"p1"}` | `{"type":"pong","id":"p1"}` |
//! | `{"type":"configure","options":{"hash":64,"level":5}}` | `{"type":"configured","options":{every option's value}}` |
//! | `{"type":"search","id":"s1","rules":"tegoma.ogi/1","position":FEEN,"moves":[PMN..],"limits":{..},"clock":{..},"searchmoves":[PMN..]}` | `{"type":"info","id":"s1",..}` lines, then one `{"type":"bestmove","id":"s1","move":PMN or null,..}` |
//! | `{"type":"cancel","id":"s1"}` | (the search ends with its `bestmove`) |
//! | `{"type":"quit"}` | (the engine exits) |
//!
//! Errors: `{"type":"error","id":..,"error":"invalid"|"unsupported"|"illegal","pointer":
//! "/moves/3","message":".."}`, the pointer (RFC 6901) naming the faulty part of the message.
//! A message is checked for `invalid` (not JSON, wrong types, values out of range, text that is
//! not FEEN or PMN) first, then `unsupported` (unknown message type, option, rules id or
//! protocol version, a search while another runs), then `illegal` (a position not of the
//! rules, a move that is not legal, sennichite). A message with an error has no other effect.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use serde_json::{json, Map, Value};
use tegoma_game::Rules;
use tegoma_notation::pmn::Pmn;
use tegoma_protocol::Side;

use crate::engine::{Engine, EngineError, ErrorClass, Info, SearchRequest, Start, StopHandle};
use crate::level::Level;
use crate::limits::{Limits, SideTime};
use crate::protocol::Out;
use crate::score::Score;

/// The protocol's version.
pub const VERSION: &str = "1.0";

/// Serves an SEI session; returns at `quit` or at the end of the input (after the running
/// search ends).
///
/// # Errors
/// Only a failure to read the input.
pub fn run<I: BufRead, W: Write + Send + 'static>(input: I, output: W) -> io::Result<()> {
    serve(crate::protocol::lines(input), Out::new(output))
}

/// An error answer: class, JSON Pointer, message.
#[derive(Debug)]
struct Fault {
    class: ErrorClass,
    pointer: String,
    message: String,
}

fn fault(class: ErrorClass, pointer: impl Into<String>, message: impl Into<String>) -> Fault {
    Fault {
        class,
        pointer: pointer.into(),
        message: message.into(),
    }
}

fn invalid(pointer: impl Into<String>, message: impl Into<String>) -> Fault {
    fault(ErrorClass::Invalid, pointer, message)
}

/// A JSON Pointer token (RFC 6901 escaping).
fn token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// The rule system named by an SEI id (`tegoma.<game>/1`).
pub fn rules_by_id(id: &str) -> Option<Rules> {
    let rest = id.strip_prefix("tegoma.")?;
    let (name, version) = rest.split_once('/')?;
    if version != "1" {
        return None;
    }
    let rules = Rules::by_name(name).ok()?;
    (rules.name() == name).then_some(rules)
}

/// The SEI ids of every rule system this engine plays.
pub fn rules_ids() -> Vec<String> {
    tegoma_game::registry::names()
        .filter_map(|n| Rules::by_name(n).ok())
        .map(|r| r.id())
        .collect()
}

struct Session<W: Write + Send + 'static> {
    out: Out<W>,
    engine: Arc<Mutex<Engine>>,
    stop: StopHandle,
    /// The running (or last) search: its id, its thread, and whether it has answered (set
    /// before the answer is written, so a client that read it may search again at once).
    search: Option<(String, JoinHandle<()>, Arc<AtomicBool>)>,
    /// Whether the running search has no bound (stopped at the end of the input).
    unbounded: bool,
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
    let engine = Engine::new(Rules::chess());
    let stop = engine.stop_handle();
    let mut s = Session {
        out,
        engine: Arc::new(Mutex::new(engine)),
        stop,
        search: None,
        unbounded: false,
    };
    for line in lines {
        let line = line?;
        if line.cut {
            s.error(None, invalid("", "message longer than 1 MiB"));
            continue;
        }
        if line.replaced {
            s.error(None, invalid("", "a message is UTF-8 text"));
            continue;
        }
        let line = line.text;
        if line.trim().is_empty() {
            continue;
        }
        let msg: Value = match serde_json::from_str(&line) {
            Ok(v) => v,
            Err(e) => {
                s.error(None, invalid("", format!("not JSON: {e}")));
                continue;
            }
        };
        let Some(obj) = msg.as_object() else {
            s.error(None, invalid("", "a message is a JSON object"));
            continue;
        };
        let id = obj.get("id").cloned();
        if let Some(v) = &id {
            if !v.is_string() {
                s.error(None, invalid("/id", "id is a string"));
                continue;
            }
        }
        let Some(kind) = obj.get("type").and_then(Value::as_str) else {
            s.error(id.as_ref(), invalid("/type", "type is a string"));
            continue;
        };
        let result = match kind {
            "hello" => s.hello(obj),
            "ping" => {
                let mut m = json!({"type": "pong"});
                if let Some(i) = &id {
                    m["id"] = i.clone();
                }
                s.send(&m);
                Ok(())
            }
            "configure" => s.configure(obj, id.as_ref()),
            "search" => s.start_search(obj),
            "cancel" => {
                s.cancel(id.as_ref().and_then(Value::as_str));
                Ok(())
            }
            "quit" => {
                s.stop.stop();
                s.wait();
                return Ok(());
            }
            other => Err(fault(
                ErrorClass::Unsupported,
                "/type",
                format!(
                    "unknown message type {:?} (hello, ping, configure, search, cancel, quit)",
                    other.chars().take(32).collect::<String>()
                ),
            )),
        };
        if let Err(f) = result {
            s.error(id.as_ref(), f);
        }
    }
    // End of input: let the running search finish (stop it if it never would).
    if s.unbounded {
        s.stop.stop();
    }
    s.wait();
    Ok(())
}

fn expect_u64(obj: &Map<String, Value>, key: &str, at: &str) -> Result<Option<u64>, Fault> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v.as_u64().map(Some).ok_or_else(|| {
            invalid(
                format!("{at}/{}", token(key)),
                format!("{key} is a non-negative integer"),
            )
        }),
    }
}

fn expect_strings(obj: &Map<String, Value>, key: &str) -> Result<Vec<String>, Fault> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(a)) => a
            .iter()
            .enumerate()
            .map(|(i, v)| {
                v.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| invalid(format!("/{key}/{i}"), "a move is a PMN string"))
            })
            .collect(),
        Some(_) => Err(invalid(
            format!("/{key}"),
            format!("{key} is an array of strings"),
        )),
    }
}

fn side_time(v: &Value, at: &str) -> Result<SideTime, Fault> {
    let Some(o) = v.as_object() else {
        return Err(invalid(at, "a side's clock is an object"));
    };
    for k in o.keys() {
        if ![
            "remaining_ms",
            "increment_ms",
            "byoyomi_ms",
            "periods",
            "moves_to_go",
        ]
        .contains(&k.as_str())
        {
            return Err(invalid(
                format!("{at}/{}", token(k)),
                "unknown clock field (remaining_ms, increment_ms, byoyomi_ms, periods, moves_to_go)",
            ));
        }
    }
    let remaining_ms = expect_u64(o, "remaining_ms", at)?
        .ok_or_else(|| invalid(format!("{at}/remaining_ms"), "remaining_ms is required"))?;
    Ok(SideTime {
        remaining_ms,
        increment_ms: expect_u64(o, "increment_ms", at)?.unwrap_or(0),
        byoyomi_ms: expect_u64(o, "byoyomi_ms", at)?.unwrap_or(0),
        periods: expect_u64(o, "periods", at)?
            .unwrap_or(0)
            .min(u64::from(u32::MAX)) as u32,
        moves_to_go: expect_u64(o, "moves_to_go", at)?.map(|n| n.clamp(1, 1000) as u32),
    })
}

/// A search message, checked for shape (`invalid`) before anything else.
struct Parsed {
    id: String,
    rules: String,
    position: Option<String>,
    moves: Vec<String>,
    search_moves: Vec<String>,
    limits: Limits,
    clock: Option<[SideTime; 2]>,
}

fn parse_search(obj: &Map<String, Value>) -> Result<Parsed, Fault> {
    const KEYS: [&str; 8] = [
        "type",
        "id",
        "rules",
        "position",
        "moves",
        "limits",
        "clock",
        "searchmoves",
    ];
    for k in obj.keys() {
        if !KEYS.contains(&k.as_str()) {
            return Err(invalid(
                format!("/{}", token(k)),
                format!("unknown field {k:?}"),
            ));
        }
    }
    let id = match obj.get("id") {
        Some(Value::String(s)) => s.clone(),
        _ => return Err(invalid("/id", "a search needs a string id")),
    };
    let rules = match obj.get("rules") {
        Some(Value::String(s)) => s.clone(),
        _ => {
            return Err(invalid(
                "/rules",
                "rules is a string such as \"tegoma.chess/1\"",
            ))
        }
    };
    let position = match obj.get("position") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => {
            tegoma_game::generic_from_feen(s)
                .map_err(|e| invalid("/position", format!("not FEEN: {e}")))?;
            Some(s.clone())
        }
        Some(_) => return Err(invalid("/position", "position is a FEEN string")),
    };
    let moves = expect_strings(obj, "moves")?;
    let search_moves = expect_strings(obj, "searchmoves")?;
    for (key, list) in [("moves", &moves), ("searchmoves", &search_moves)] {
        for (i, m) in list.iter().enumerate() {
            Pmn::parse_lenient(m)
                .map_err(|e| invalid(format!("/{key}/{i}"), format!("not PMN: {e}")))?;
        }
    }
    let mut limits = Limits::default();
    match obj.get("limits") {
        None | Some(Value::Null) => {}
        Some(Value::Object(l)) => {
            for k in l.keys() {
                if !["depth", "nodes", "movetime_ms", "infinite"].contains(&k.as_str()) {
                    return Err(invalid(
                        format!("/limits/{}", token(k)),
                        "unknown limit (depth, nodes, movetime_ms, infinite)",
                    ));
                }
            }
            limits.depth = expect_u64(l, "depth", "/limits")?.map(|d| d.clamp(1, 1000) as u32);
            limits.nodes = expect_u64(l, "nodes", "/limits")?;
            limits.movetime_ms = expect_u64(l, "movetime_ms", "/limits")?;
            limits.infinite = match l.get("infinite") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => *b,
                Some(_) => return Err(invalid("/limits/infinite", "infinite is a boolean")),
            };
        }
        Some(_) => return Err(invalid("/limits", "limits is an object")),
    }
    let clock = match obj.get("clock") {
        None | Some(Value::Null) => None,
        Some(Value::Object(c)) => {
            for k in c.keys() {
                if k != "first" && k != "second" {
                    return Err(invalid(
                        format!("/clock/{}", token(k)),
                        "a clock has the fields first and second",
                    ));
                }
            }
            let first = c
                .get("first")
                .ok_or_else(|| invalid("/clock/first", "the first player's clock is required"))?;
            let first = side_time(first, "/clock/first")?;
            let second = c
                .get("second")
                .ok_or_else(|| invalid("/clock/second", "the second player's clock is required"))?;
            Some([first, side_time(second, "/clock/second")?])
        }
        Some(_) => return Err(invalid("/clock", "clock is an object")),
    };
    Ok(Parsed {
        id,
        rules,
        position,
        moves,
        search_moves,
        limits,
        clock,
    })
}

fn score_json(s: Score) -> Value {
    match s {
        Score::Centipawns(c) => json!({"cp": c}),
        Score::Mate(m) => json!({"mate": m}),
    }
}

fn info_json(id: &str, i: &Info) -> Value {
    json!({
        "type": "info",
        "id": id,
        "depth": i.depth,
        "seldepth": i.seldepth,
        "score": score_json(i.score),
        "nodes": i.nodes,
        "nps": i.nps,
        "time_ms": i.time_ms,
        "pv": i.pv,
    })
}

fn options_json(o: &crate::EngineOptions) -> Value {
    json!({
        "hash": o.hash_mb,
        "threads": o.threads,
        "level": o.level.get(),
        "seed": o.seed,
        "move_overhead_ms": o.move_overhead_ms,
    })
}

fn engine_fault(e: &EngineError) -> Fault {
    let pointer = match e {
        EngineError::Position { .. } => "/position".to_string(),
        EngineError::Move { index, .. } => format!("/moves/{index}"),
        EngineError::SearchMove { index, .. } => format!("/searchmoves/{index}"),
        EngineError::Format(_) => String::new(),
    };
    fault(e.class(), pointer, e.to_string())
}

impl<W: Write + Send + 'static> Session<W> {
    fn send(&self, v: &Value) {
        self.out.line(&v.to_string());
    }

    fn error(&self, id: Option<&Value>, f: Fault) {
        let mut m = json!({
            "type": "error",
            "error": f.class.name(),
            "pointer": f.pointer,
            "message": f.message,
        });
        if let Some(i) = id {
            m["id"] = i.clone();
        }
        self.send(&m);
    }

    fn busy(&self) -> bool {
        self.search
            .as_ref()
            .is_some_and(|(_, h, answered)| !answered.load(Ordering::SeqCst) && !h.is_finished())
    }

    fn wait(&mut self) {
        if let Some((_, h, _)) = self.search.take() {
            let _ = h.join();
        }
    }

    fn cancel(&mut self, id: Option<&str>) {
        let matches = match (&self.search, id) {
            (Some((running, _, _)), Some(id)) => running == id,
            (Some(_), None) => true,
            (None, _) => false,
        };
        if matches {
            self.stop.stop();
            self.wait();
        }
    }

    fn hello(&self, obj: &Map<String, Value>) -> Result<(), Fault> {
        let protocol = obj.get("protocol");
        let version = obj.get("version");
        if protocol.is_some_and(|p| !p.is_string()) {
            return Err(invalid("/protocol", "protocol is a string"));
        }
        if version.is_some_and(|p| !p.is_string()) {
            return Err(invalid("/version", "version is a string"));
        }
        if let Some(p) = protocol.and_then(Value::as_str) {
            if p != "sei" {
                return Err(fault(
                    ErrorClass::Unsupported,
                    "/protocol",
                    "this engine speaks \"sei\"",
                ));
            }
        }
        if let Some(v) = version.and_then(Value::as_str) {
            if v.split('.').next() != Some("1") {
                return Err(fault(
                    ErrorClass::Unsupported,
                    "/version",
                    "this engine speaks SEI 1.x",
                ));
            }
        }
        let mut m = json!({
            "type": "hello",
            "protocol": "sei",
            "version": VERSION,
            "engine": {"name": crate::NAME, "author": crate::AUTHOR},
            "rules": rules_ids(),
            "options": {
                "hash": {"type": "integer", "default": 16, "min": 1, "max": 4096},
                "threads": {"type": "integer", "default": 1, "min": 1, "max": 1},
                "level": {"type": "integer", "default": 8, "min": 1, "max": 8},
                "seed": {"type": "integer", "default": 0, "min": 0},
                "move_overhead_ms": {"type": "integer", "default": 20, "min": 0, "max": 5000},
            },
        });
        if let Some(i) = obj.get("id") {
            m["id"] = i.clone();
        }
        self.send(&m);
        Ok(())
    }

    fn configure(&mut self, obj: &Map<String, Value>, id: Option<&Value>) -> Result<(), Fault> {
        let Some(options) = obj.get("options").and_then(Value::as_object) else {
            return Err(invalid("/options", "options is an object"));
        };
        let mut o = lock(&self.engine).options().clone();
        let mut unknown = None;
        for (k, v) in options {
            let at = format!("/options/{}", token(k));
            let n = v.as_u64();
            match k.as_str() {
                "hash" => match n {
                    Some(n @ 1..=4096) => o.hash_mb = n as usize,
                    _ => return Err(invalid(at, "hash is an integer from 1 to 4096 (MB)")),
                },
                "threads" => match n {
                    Some(n @ 1..) => o.threads = n as usize,
                    _ => return Err(invalid(at, "threads is a positive integer")),
                },
                "level" => match n.and_then(|n| u8::try_from(n).ok()).and_then(Level::new) {
                    Some(l) => o.level = l,
                    None => return Err(invalid(at, "level is an integer from 1 to 8")),
                },
                "seed" => match n {
                    Some(n) => o.seed = n,
                    None => return Err(invalid(at, "seed is a non-negative integer")),
                },
                "move_overhead_ms" => match n {
                    Some(n @ 0..=5000) => o.move_overhead_ms = n,
                    _ => return Err(invalid(at, "move_overhead_ms is an integer from 0 to 5000")),
                },
                _ => {
                    unknown.get_or_insert(at);
                }
            }
        }
        if let Some(at) = unknown {
            return Err(fault(
                ErrorClass::Unsupported,
                at,
                "unknown option (hash, threads, level, seed, move_overhead_ms)",
            ));
        }
        if self.busy() {
            return Err(fault(
                ErrorClass::Unsupported,
                "/type",
                "a search is running: cancel it before configuring",
            ));
        }
        self.wait();
        let mut engine = lock(&self.engine);
        engine.set_options(o);
        let mut m = json!({"type": "configured", "options": options_json(engine.options())});
        drop(engine);
        if let Some(i) = id {
            m["id"] = i.clone();
        }
        self.send(&m);
        Ok(())
    }

    fn start_search(&mut self, obj: &Map<String, Value>) -> Result<(), Fault> {
        let p = parse_search(obj)?;
        let rules = rules_by_id(&p.rules).ok_or_else(|| {
            fault(
                ErrorClass::Unsupported,
                "/rules",
                format!(
                    "unknown rules id {:?} (known: {})",
                    p.rules.chars().take(64).collect::<String>(),
                    rules_ids().join(", ")
                ),
            )
        })?;
        if self.busy() {
            return Err(fault(
                ErrorClass::Unsupported,
                "/type",
                "a search is running: cancel it first",
            ));
        }
        self.wait();
        let mut request = SearchRequest::new(
            p.position.map_or(Start::Initial, Start::Feen),
            p.moves,
            p.limits,
        );
        request.search_moves = p.search_moves;
        let side = {
            let mut engine = lock(&self.engine);
            engine.set_rules(rules);
            engine.check(&request).map_err(|e| engine_fault(&e))?
        };
        if let Some(c) = p.clock {
            request.limits.clock = Some(if side == Side::First { c[0] } else { c[1] });
        }
        let l = &request.limits;
        self.unbounded = l.infinite
            || (l.depth.is_none()
                && l.nodes.is_none()
                && l.movetime_ms.is_none()
                && l.clock.is_none());
        self.stop.reset();
        let engine = Arc::clone(&self.engine);
        let out = self.out.clone();
        let id = p.id.clone();
        let answered = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&answered);
        let handle = std::thread::spawn(move || {
            let mut engine = lock(&engine);
            let send = |v: Value| out.line(&v.to_string());
            let answer = |v: Value| {
                done.store(true, Ordering::SeqCst);
                send(v);
            };
            match engine.search(&request, &mut |i| send(info_json(&id, i))) {
                Ok(r) => answer(json!({
                    "type": "bestmove",
                    "id": id,
                    "move": r.best,
                    "ponder": r.ponder,
                    "score": score_json(r.info.score),
                    "depth": r.info.depth,
                    "nodes": r.info.nodes,
                    "time_ms": r.info.time_ms,
                    "pv": r.info.pv,
                })),
                Err(e) => {
                    let f = engine_fault(&e);
                    answer(json!({
                        "type": "error",
                        "id": id,
                        "error": f.class.name(),
                        "pointer": f.pointer,
                        "message": f.message,
                    }));
                }
            }
        });
        self.search = Some((p.id, handle, answered));
        Ok(())
    }
}

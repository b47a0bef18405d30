//! An SEI client (SEI 1.0, the Sashité Engine Interface, JSON Lines), following the messages
//! `tegoma engine` documents (crates/engine, "SEI 1.0"): positions in FEEN, moves in PMN, rule
//! systems by id (`tegoma.ogi/1`).
//!
//! - `{"type":"hello","protocol":"sei","version":"1.0"}` → `{"type":"hello",…}`;
//! - `{"type":"configure","options":{…}}` → `{"type":"configured",…}` (only when the
//!   specification has options; values that read as integers or booleans are sent as such);
//! - `{"type":"ping","id":"…"}` → `{"type":"pong","id":"…"}`, the readiness check;
//! - `{"type":"search","id":"…","rules":ID,"position":FEEN,"moves":[PMN…],"clock":{"first":
//!   {"remaining_ms","increment_ms"[,"moves_to_go"]},"second":{…}}}` (or, in a match by nodes,
//!   `"clock":null,"limits":{"nodes":N}`) → `{"type":"info",…}`
//!   lines (their `depth` and `score` kept for the record), then
//!   `{"type":"bestmove","id":"…","move":PMN or null}`; when the match allows fewer moves than
//!   the game's standard rules (Ōgi without the King's privilege, a sennichite-forbidden move),
//!   the search lists them under `searchmoves`;
//! - `{"type":"cancel","id":"…"}` when the time is up; `{"type":"quit"}` at the end.
//!
//! An `{"type":"error",…}` message, or a line that is not a JSON object, is a protocol breach:
//! the engine loses the game (`resignation`, PGN `Termination "abandoned"`).

use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};
use tegoma_game::{AnyMatch, AnyPosition, MoveFormat, Rules};

use crate::player::{EngineError, Player, Reply, Timeouts, Turn};
use crate::process::{Process, Read1};
use crate::spec::EngineSpec;

/// An engine speaking SEI.
pub struct SeiPlayer {
    spec: EngineSpec,
    rules: Rules,
    timeouts: Timeouts,
    process: Option<Process>,
    searches: u64,
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

impl SeiPlayer {
    /// A player for the engine of `spec`, playing `rules` (started at the first game).
    pub fn new(spec: EngineSpec, rules: Rules, timeouts: Timeouts) -> SeiPlayer {
        SeiPlayer {
            spec,
            rules,
            timeouts,
            process: None,
            searches: 0,
        }
    }

    fn crashed(&mut self) -> EngineError {
        crate::process::crashed(&mut self.process, &self.spec.name)
    }

    fn send(&mut self, msg: &Value) -> Result<(), EngineError> {
        let line = msg.to_string();
        let sent = self.process.as_mut().is_some_and(|p| p.send(&line));
        if sent {
            Ok(())
        } else {
            Err(self.crashed())
        }
    }

    /// Reads messages until `want` accepts one (an `error` message is a protocol error), or
    /// the deadline (`None`).
    fn wait_for(
        &mut self,
        deadline: Instant,
        mut want: impl FnMut(&Map<String, Value>) -> bool,
    ) -> Result<Option<Map<String, Value>>, EngineError> {
        loop {
            let Some(p) = &mut self.process else {
                return Err(self.crashed());
            };
            match p.read(deadline) {
                Read1::Line(l) => match read_message(&l) {
                    Ok(Some(m)) if want(&m) => return Ok(Some(m)),
                    Ok(_) => {}
                    Err(detail) => {
                        return Err(EngineError::Protocol {
                            name: self.spec.name.clone(),
                            detail,
                        })
                    }
                },
                Read1::Timeout => return Ok(None),
                Read1::Closed => return Err(self.crashed()),
            }
        }
    }

    fn ping(&mut self, within: Duration) -> Result<(), EngineError> {
        let id = format!("ready{}", self.searches);
        self.send(&json!({"type": "ping", "id": id}))?;
        let got = self.wait_for(Instant::now() + within, |m| {
            m.get("type").and_then(Value::as_str) == Some("pong")
                && m.get("id").and_then(Value::as_str) == Some(id.as_str())
        })?;
        match got {
            Some(_) => Ok(()),
            None => {
                self.process = None;
                Err(EngineError::Timeout {
                    name: self.spec.name.clone(),
                })
            }
        }
    }

    fn start(&mut self) -> Result<(), EngineError> {
        let name = self.spec.name.clone();
        let start_err = |detail: String| EngineError::Start {
            name: name.clone(),
            detail,
        };
        let p = Process::spawn(&self.spec)
            .map_err(|e| start_err(format!("{}: {e}", self.spec.program)))?;
        self.process = Some(p);
        self.send(&json!({"type": "hello", "protocol": "sei", "version": "1.0"}))
            .map_err(|e| start_err(e.to_string()))?;
        let deadline = Instant::now() + self.timeouts.start;
        match self.wait_for(deadline, |m| {
            m.get("type").and_then(Value::as_str) == Some("hello")
        }) {
            Ok(Some(_)) => {}
            Ok(None) => {
                self.process = None;
                return Err(start_err("no hello".into()));
            }
            Err(e) => return Err(start_err(e.to_string())),
        }
        let options: Map<String, Value> = self
            .spec
            .options
            .iter()
            .map(|(k, v)| (k.clone(), option_value(v)))
            .collect();
        if !options.is_empty() {
            self.send(&json!({"type": "configure", "options": options}))
                .map_err(|e| start_err(e.to_string()))?;
            let deadline = Instant::now() + self.timeouts.start;
            match self.wait_for(deadline, |m| {
                m.get("type").and_then(Value::as_str) == Some("configured")
            }) {
                Ok(Some(_)) => {}
                Ok(None) => {
                    self.process = None;
                    return Err(start_err("no answer to configure".into()));
                }
                Err(e) => return Err(start_err(e.to_string())),
            }
        }
        self.ping(self.timeouts.start)
            .map_err(|e| start_err(e.to_string()))
    }
}

fn clock_json(turn: &Turn<'_>) -> Value {
    match turn.clock {
        Some(c) => {
            let mut v = json!({
                "first": {"remaining_ms": c.remaining_ms[0], "increment_ms": c.increment_ms[0]},
                "second": {"remaining_ms": c.remaining_ms[1], "increment_ms": c.increment_ms[1]},
            });
            if let Some(n) = c.moves_to_go {
                let side = match turn.game.side_to_move() {
                    tegoma_protocol::Side::First => "first",
                    tegoma_protocol::Side::Second => "second",
                };
                v[side]["moves_to_go"] = json!(n);
            }
            v
        }
        None => Value::Null,
    }
}

/// `cp 35`, `mate -3`, or the score's JSON.
/// One line of an SEI engine's output read: `Ok(None)` for a blank line, the message for a
/// JSON object, `Err` with what to report for anything else: a line that is not a JSON object
/// (its first 120 characters quoted) or an `error` message (the whole message). A breach of the
/// protocol either way, which loses the game.
///
/// ```
/// use tegoma_arena::sei::read_message;
/// assert_eq!(read_message("  "), Ok(None));
/// let m = read_message(r#"{"type":"bestmove","id":"s1","move":"e2-e4"}"#).unwrap().unwrap();
/// assert_eq!(m["move"], "e2-e4");
/// assert!(read_message("bestmove e2e4").unwrap_err().starts_with("not a JSON object"));
/// assert!(read_message(r#"{"type":"error","error":"invalid"}"#).is_err());
/// ```
///
/// # Errors
/// The line is neither blank nor a JSON object, or it is an `error` message.
pub fn read_message(line: &str) -> Result<Option<Map<String, Value>>, String> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let Ok(Value::Object(m)) = serde_json::from_str::<Value>(line) else {
        return Err(format!(
            "not a JSON object: {}",
            line.chars().take(120).collect::<String>()
        ));
    };
    if m.get("type").and_then(Value::as_str) == Some("error") {
        return Err(Value::Object(m).to_string());
    }
    Ok(Some(m))
}

/// What the record keeps of an `info` message: `depth D score cp X` (or `score mate N`), when it
/// has a score; `None` for any other message.
///
/// ```
/// use tegoma_arena::sei::{info_summary, read_message};
/// let m = read_message(r#"{"type":"info","depth":9,"score":{"cp":-12}}"#).unwrap().unwrap();
/// assert_eq!(info_summary(&m).as_deref(), Some("depth 9 score cp -12"));
/// ```
pub fn info_summary(m: &Map<String, Value>) -> Option<String> {
    if m.get("type").and_then(Value::as_str) != Some("info") {
        return None;
    }
    let score = score_text(m.get("score")?);
    Some(match m.get("depth") {
        Some(d) => format!("depth {d} score {score}"),
        None => format!("score {score}"),
    })
}

/// The move of a `bestmove` message as the engine wrote it (`null` when it has none), to be
/// matched against the legal moves' PMN.
pub fn move_text(m: &Map<String, Value>) -> String {
    match m.get("move") {
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
        None => "null".to_string(),
    }
}

fn score_text(v: &Value) -> String {
    match v.as_object().and_then(|o| o.iter().next()) {
        Some((k, n)) => format!("{k} {n}"),
        None => v.to_string(),
    }
}

/// The match's legal moves when they are fewer than those of the rules the engine knows by the
/// id (the standard rules of the game, without the match's history): a match without the King's
/// privilege (against Fairy-Stockfish's rules), or a move sennichite forbids. The engine is then
/// told to search only these (`searchmoves`).
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
        if let Some(p) = &mut self.process {
            if !p.is_running() {
                self.process = None;
            }
        }
        if self.process.is_none() {
            self.start()?;
        }
        self.ping(self.timeouts.ready)
    }

    fn think(&mut self, turn: &Turn<'_>) -> Result<Reply, EngineError> {
        self.searches += 1;
        let id = format!("s{}", self.searches);
        let mut msg = json!({
            "type": "search",
            "id": id,
            "rules": self.rules.id(),
            "position": turn.game.start_feen(),
            "moves": turn.game.pmn_plies(),
            "clock": clock_json(turn),
        });
        if let Some(n) = turn.nodes {
            msg["limits"] = json!({ "nodes": n });
        }
        if let Some(allowed) = restricted(turn.game) {
            msg["searchmoves"] = json!(allowed);
        }
        self.send(&msg)?;
        let start = Instant::now();
        let mut info = None;
        let got = self.wait_for(turn.deadline, |m| {
            let ty = m.get("type").and_then(Value::as_str);
            if let Some(s) = info_summary(m) {
                info = Some(s);
            }
            ty == Some("bestmove") && m.get("id").and_then(Value::as_str) == Some(id.as_str())
        })?;
        let elapsed_ms = start.elapsed().as_millis().min(u128::from(u64::MAX)) as u64;
        match got {
            Some(m) => {
                let text = move_text(&m);
                let pmn = all_legal(turn.game).into_iter().find(|p| *p == text);
                Ok(Reply {
                    text,
                    pmn,
                    elapsed_ms,
                    info,
                })
            }
            None => {
                let _ = self.send(&json!({"type": "cancel", "id": id}));
                let grace = Instant::now() + self.timeouts.stop_grace;
                let stopped = matches!(
                    self.wait_for(grace, |m| {
                        m.get("type").and_then(Value::as_str) == Some("bestmove")
                    }),
                    Ok(Some(_))
                );
                if !stopped {
                    self.process = None;
                }
                Err(EngineError::Timeout {
                    name: self.spec.name.clone(),
                })
            }
        }
    }

    fn quit(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.send(&json!({"type": "quit"}).to_string());
            p.finish(Instant::now() + Duration::from_millis(500));
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
    fn searchmoves_without_the_privilege() {
        let feen = "k^7/8/8/8/8/8/4+r3/4K^3 / O/o";
        assert_eq!(restricted(&ogi(Rules::ogi(), feen)), None);
        let m = ogi(Rules::ogi().without_privilege().unwrap(), feen);
        let only = restricted(&m).expect("restricted");
        assert!(only.contains(&"e1+e2".to_string()), "{only:?}");
        assert!(only.iter().all(|mv| !mv.contains('/')), "{only:?}");
        assert_eq!(restricted(&AnyMatch::new(Rules::chess())), None);
    }
}

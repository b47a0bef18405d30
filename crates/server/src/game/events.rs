//! Events: what a stored event does to a game (the replay at start, the events other processes
//! stored), how the next one is stored, and how clients get one; and the match a stored game
//! starts from.

use super::*;
use crate::view::{push_int, push_json_str};

/// Builds the match of a stored game (no events applied).
///
/// # Errors
/// `UnknownGame`, a bad start position or bad periods.
pub fn new_match(
    rules: &str,
    feen: Option<&str>,
    periods: Option<&Value>,
) -> Result<AnyMatch, ApiError> {
    let rules =
        Rules::by_name(rules).map_err(|e| ApiError::unprocessable(e.kind(), e.to_string()))?;
    let mut m = match feen {
        None => AnyMatch::new(rules),
        Some(f) => {
            if f.len() > 4096 {
                return Err(ApiError::unprocessable(
                    "FeenTooLong",
                    "a FEEN has at most 4096 bytes",
                ));
            }
            let start = tegoma_game::generic_from_feen(f)
                .map_err(|e| ApiError::unprocessable(e.kind(), e.to_string()))?;
            AnyMatch::from_position(rules, &start)
                .map_err(|e| ApiError::unprocessable(e.kind(), e.to_string()))?
        }
    };
    if let Some(p) = periods {
        let list = p.as_array().filter(|a| a.len() <= 64).ok_or_else(|| {
            ApiError::unprocessable(
                "InvalidPeriods",
                "periods must be an array of at most 64 PCN periods",
            )
        })?;
        let tc = time_control(list)
            .map_err(|e| ApiError::unprocessable("InvalidPeriods", e.to_string()))?;
        m = m.with_clock(Clock::new(tc));
    }
    Ok(m)
}

impl Game {
    /// Stores the next event; `Ok(false)` when another process took its number.
    pub(super) async fn store_event(&mut self, kind: &str, data: Value) -> Result<bool, ApiError> {
        let e = EventRow {
            seq: self.seq + 1,
            kind: kind.to_string(),
            data: data.to_string(),
            at_ms: now_ms(),
        };
        match self.store.append(&self.row.id, &e).await? {
            Append::Stored => {
                self.seq = e.seq;
                self.log_event(&e, None);
                if matches!(kind, "move" | "takeback") {
                    self.turn_start = Some(e.at_ms);
                }
                Ok(true)
            }
            Append::Conflict => Ok(false),
        }
    }

    /// Applies a stored event (replay at start, or another process's event).
    pub(super) fn apply_stored(&mut self, e: &EventRow) {
        let data: Value = serde_json::from_str(&e.data).unwrap_or(Value::Null);
        let side = data.get("side").and_then(Value::as_str).and_then(side_from);
        match (e.kind.as_str(), side) {
            ("move", _) => {
                let text = data.get("move").and_then(Value::as_str).unwrap_or("");
                let elapsed = data.get("elapsed_ms").and_then(Value::as_u64);
                let _ = self.m.play(text, elapsed);
                self.draw_offer = self.draw_offer.filter(|&s| s == self.m.side_to_move());
                self.takeback_offer = None;
                self.turn_start = Some(e.at_ms);
            }
            ("timeout", Some(s)) => {
                let _ = self.m.time_forfeit(s);
            }
            ("resign", Some(s)) => {
                let _ = self.m.resign(s);
            }
            ("draw", Some(s)) => match data.get("action").and_then(Value::as_str) {
                Some("offer") => self.draw_offer = Some(s),
                Some("accept") => {
                    let _ = self.m.end(Outcome::draw(Status::Agreement));
                    self.draw_offer = None;
                }
                _ => self.draw_offer = None,
            },
            ("takeback", Some(s)) => match data.get("action").and_then(Value::as_str) {
                Some("offer") => self.takeback_offer = Some(s),
                Some("accept") => {
                    let n = data.get("plies").and_then(Value::as_u64).unwrap_or(1);
                    for _ in 0..n {
                        let _ = self.m.take_back();
                    }
                    self.takeback_offer = None;
                    self.draw_offer = None;
                    self.turn_start = if self.m.ply_count() == 0 {
                        None
                    } else {
                        Some(e.at_ms)
                    };
                }
                _ => self.takeback_offer = None,
            },
            _ => {}
        }
        let moved = (e.kind == "move")
            .then(|| data.get("move").and_then(Value::as_str).map(str::to_string))
            .flatten();
        self.seq = e.seq;
        self.log_event(e, moved);
    }
}

/// A stored event as clients get it: its JSON text (`{"seq", "kind", "data", "at_ms"}`,
/// written once and kept at its exact size: a game keeps every event's for the clients that
/// reconnect).
pub(crate) struct Logged {
    pub(super) json: Box<str>,
}

impl Logged {
    pub(super) fn of(e: &EventRow) -> Logged {
        let mut json = String::with_capacity(e.data.len() + e.kind.len() + 64);
        json.push_str(r#"{"seq":"#);
        push_int(&mut json, e.seq);
        json.push_str(r#","kind":"#);
        push_json_str(&mut json, &e.kind);
        json.push_str(r#","data":"#);
        json.push_str(if e.data.is_empty() { "null" } else { &e.data });
        json.push_str(r#","at_ms":"#);
        push_int(&mut json, e.at_ms);
        json.push('}');
        Logged {
            json: json.into_boxed_str(),
        }
    }
}

impl Game {
    /// Appends a stored event to the log: its text for clients, and what the views need of the
    /// last event (its kind, the PMN of its move).
    pub(super) fn log_event(&mut self, e: &EventRow, moved: Option<String>) {
        self.log.push(Logged::of(e));
        self.last_kind.clear();
        self.last_kind.push_str(&e.kind);
        self.last_moved = moved;
    }
}

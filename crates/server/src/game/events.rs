//! Events: what a stored event does to a game (the replay at start, the events other processes
//! stored), how the next one is stored, and how clients get one; and the match a stored game
//! starts from.

use serde::Deserialize;

use super::*;
use crate::view::{push_int, push_json_str};
use crate::wire::Period;

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
        check_periods(list)?;
        let tc = time_control(list)
            .map_err(|e| ApiError::unprocessable("InvalidPeriods", e.to_string()))?;
        m = m.with_clock(Clock::new(tc));
    }
    Ok(m)
}

/// The longest period, and the largest increment, a game's clock may have (seconds): one year.
pub const MAX_PERIOD_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// Each period's time at least 1 s and at most [`MAX_PERIOD_SECONDS`], its increment at most
/// that: `422 InvalidPeriods` naming the period otherwise (a period of 0 s loses on the first
/// move; one of 1e20 s is past what the clock can show).
fn check_periods(list: &[Value]) -> Result<(), ApiError> {
    for (i, p) in list.iter().enumerate() {
        let bad =
            |what: String| ApiError::unprocessable("InvalidPeriods", format!("period {i}: {what}"));
        let period = Period::deserialize(p).map_err(|e| bad(e.to_string()))?;
        let time = period.time.unwrap_or(0.0);
        if !(1.0..=MAX_PERIOD_SECONDS).contains(&time) {
            return Err(bad(format!(
                "time {time} s: a period lasts from 1 s to {MAX_PERIOD_SECONDS} s"
            )));
        }
        let inc = period.inc.unwrap_or(0.0);
        if !(0.0..=MAX_PERIOD_SECONDS).contains(&inc) {
            return Err(bad(format!(
                "increment {inc} s: from 0 s to {MAX_PERIOD_SECONDS} s"
            )));
        }
    }
    Ok(())
}

impl Game {
    /// Stores the next event; `Ok(false)` when another process took its number.
    pub(super) async fn store_event(&mut self, event: &StoredEvent) -> Result<bool, ApiError> {
        let e = EventRow {
            seq: self.seq + 1,
            kind: event.kind().to_string(),
            data: event
                .data()
                .map_err(|err| ApiError::internal(err.to_string()))?,
            at_ms: now_ms(),
        };
        match self.append(&e).await? {
            Append::Stored => {
                self.seq = e.seq;
                let moved = match event {
                    StoredEvent::Move(d) => Some(d.pmn.clone()),
                    _ => None,
                };
                self.log_event(&e, moved);
                if matches!(event, StoredEvent::Move(_) | StoredEvent::Takeback(_)) {
                    self.turn_start = Some(e.at_ms);
                }
                Ok(true)
            }
            Append::Conflict => Ok(false),
        }
    }

    /// Appends `e` to the game's log in the database, with the game's wake time when it must
    /// change ([`Game::wake_with`]).
    pub(super) async fn append(&mut self, e: &EventRow) -> Result<Append, ApiError> {
        let wake = self.wake_with(e.at_ms);
        let appended = self.store.append_waking(&self.row.id, e, wake).await?;
        if appended == Append::Stored && wake.is_some() {
            self.stored_wake = wake;
        }
        Ok(appended)
    }

    /// Applies a stored event (replay at start, or another process's event), read from its
    /// row.
    ///
    /// # Errors
    /// An event that cannot be read or does not apply to the game as it stands (the stored
    /// log is damaged): never dropped.
    pub(super) fn apply_stored(&mut self, e: &EventRow) -> Result<(), ApiError> {
        let event = StoredEvent::from_row(&e.kind, &e.data).map_err(|err| {
            ApiError::internal(format!(
                "game {}: stored event {} ({}): {err}",
                self.row.id, e.seq, e.kind
            ))
        })?;
        self.apply_event(&event, e)
    }

    /// Applies an event stored as `e` (its number and time; its kind and data are `event`).
    ///
    /// # Errors
    /// An event that does not apply to the game as it stands.
    pub(super) fn apply_event(
        &mut self,
        event: &StoredEvent,
        e: &EventRow,
    ) -> Result<(), ApiError> {
        let damaged = |what: String| {
            ApiError::internal(format!(
                "game {}: stored event {} ({}): {what}",
                self.row.id, e.seq, e.kind
            ))
        };
        let mut moved = None;
        match event {
            StoredEvent::Move(d) => {
                match self.m.play(&d.pmn, d.elapsed_ms) {
                    // Ōgi: an illegal move is stored as submitted, and loses (ruling R4).
                    Ok(_) | Err(MatchError::Forfeit { .. }) => {}
                    Err(err) => return Err(damaged(err.to_string())),
                }
                self.draw_offer = self.draw_offer.filter(|&s| s == self.m.side_to_move());
                self.takeback_offer = None;
                self.turn_start = Some(e.at_ms);
                moved = Some(d.pmn.clone());
            }
            StoredEvent::Timeout(d) => {
                self.m
                    .time_forfeit(d.side)
                    .map_err(|err| damaged(err.to_string()))?;
            }
            StoredEvent::Resign(d) => {
                self.m
                    .resign(d.side)
                    .map_err(|err| damaged(err.to_string()))?;
            }
            StoredEvent::Draw(OfferEvent { side, action }) => match action {
                Offer::Offer => {
                    self.draw_offer = Some(*side);
                    self.offers[DRAW][side.index()] += 1;
                }
                Offer::Accept => {
                    self.m
                        .end(Outcome::draw(Status::Agreement))
                        .map_err(|err| damaged(err.to_string()))?;
                    self.draw_offer = None;
                }
                Offer::Decline => self.draw_offer = None,
            },
            StoredEvent::Takeback(TakebackEvent {
                side,
                action,
                plies,
            }) => match action {
                Offer::Offer => {
                    self.takeback_offer = Some(*side);
                    self.offers[TAKEBACK][side.index()] += 1;
                }
                Offer::Accept => {
                    for _ in 0..plies.unwrap_or(1) {
                        self.m.take_back().map_err(|err| damaged(err.to_string()))?;
                    }
                    self.takeback_offer = None;
                    self.draw_offer = None;
                    self.turn_start = if self.m.ply_count() == 0 {
                        None
                    } else {
                        Some(e.at_ms)
                    };
                }
                Offer::Decline => self.takeback_offer = None,
            },
            StoredEvent::Ended(d) => {
                let decision = match d.result.as_str() {
                    "draw" => Decision::Draw,
                    r => {
                        Decision::Win(side_from(r).ok_or_else(|| damaged(format!("result {r:?}")))?)
                    }
                };
                let statuses = d
                    .statuses
                    .parse()
                    .map_err(|err| damaged(format!("statuses {:?}: {err}", d.statuses)))?;
                self.m
                    .end(Outcome { decision, statuses })
                    .map_err(|err| damaged(err.to_string()))?;
                self.draw_offer = None;
                self.takeback_offer = None;
            }
        }
        self.seq = e.seq;
        self.log_event(e, moved);
        Ok(())
    }
}

/// A stored event as clients get it: its JSON text (`{"seq", "kind", "data", "at_ms"}`,
/// written once).
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
    /// Records a stored event: its text for clients (kept among the game's last events for
    /// those that reconnect), and what the views need of it (its kind, the PMN of its move).
    pub(super) fn log_event(&mut self, e: &EventRow, moved: Option<String>) {
        let logged = Logged::of(e);
        self.shared.logged(e.seq, &logged.json);
        self.last = Some(logged);
        self.last_kind.clear();
        self.last_kind.push_str(&e.kind);
        self.last_moved = moved;
    }
}

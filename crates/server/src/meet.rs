//! Where players meet: each seat's display name, games offered in the lobby whose free seat
//! the first visitor takes with one click, and rematches with the seats swapped.
//!
//! What a game holds of these is its [`Meet`], stored in the `seats` table (one row per game
//! that has any) and kept by the game's task, which alone changes it (so that the database and
//! the game in memory agree) and writes it into the game's state (`names`, `open`, `rematch`).
//!
//! The free seat of an open game has its token made when the game is created, like any seat's,
//! its hash stored with the game's: the game in memory never changes its seats. The token
//! itself waits in the `seats` row until a visitor takes the seat; one `UPDATE` that clears it
//! decides who does (exactly one caller, on SQLite as on PostgreSQL, with one process or
//! several). A seat offered to anyone holds no secret worth hashing until it is taken.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use tegoma_protocol::Side;

use crate::error::ApiError;
use crate::game::{MeetAsk, MeetDone, Offer};
use crate::hub::Hub;
use crate::store::{now_ms, Store, StoreError};
use crate::view::{push_json_str, side_from, side_name};

mod store;
pub use store::*;

/// The longest display name, in characters (Unicode scalar values, not bytes).
pub const MAX_NAME_CHARS: usize = 40;

/// The most games `GET /api/lobby` lists (the newest).
pub const LOBBY_MAX: i64 = 100;

/// How long an open game's free seat is offered (ms): an hour after its creation the lobby no
/// longer lists it and `POST /api/games/{id}/join` answers `410 OpenSeatExpired` (the creator
/// still holds its seat and its invite link).
pub const OPEN_FOR_MS: i64 = 3_600_000;

/// A game's seats as players meet them: names, the seat offered in the lobby, the rematch.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Meet {
    /// Whether the game has a row in the `seats` table.
    pub stored: bool,
    /// Each seat's display name (by [`Side::index`]).
    pub names: [Option<String>; 2],
    /// The seat the game offered in the lobby, if it was created open.
    pub open_seat: Option<Side>,
    /// The free seat's token while it is offered (`None` once taken).
    pub open_token: Option<String>,
    /// When the seat was offered (ms since the epoch), while it is.
    pub open_ms: Option<i64>,
    /// A pending rematch offer: the side that made it.
    pub rematch_offer: Option<Side>,
    /// The rematch's game, once made.
    pub rematch_id: Option<String>,
}

impl Meet {
    /// Whether the game waits for a visitor to take its free seat.
    pub fn waiting(&self) -> bool {
        self.open_token.is_some()
    }

    /// The fields the game's state adds: `,"names":{"first","second"},"open":SIDE|null,
    /// "rematch":{"offer":SIDE|null,"game":ID|null}` (`open`: the seat still free).
    pub fn json_fields(&self) -> String {
        let mut out = String::with_capacity(128);
        out.push_str(r#","names":{"first":"#);
        push_opt(&mut out, self.names[0].as_deref());
        out.push_str(r#","second":"#);
        push_opt(&mut out, self.names[1].as_deref());
        out.push_str(r#"},"open":"#);
        let free = self.open_seat.filter(|_| self.waiting()).map(side_name);
        push_opt(&mut out, free);
        out.push_str(r#","rematch":{"offer":"#);
        push_opt(&mut out, self.rematch_offer.map(side_name));
        out.push_str(r#","game":"#);
        push_opt(&mut out, self.rematch_id.as_deref());
        out.push('}');
        out
    }
}

fn push_opt(out: &mut String, s: Option<&str>) {
    match s {
        Some(s) => push_json_str(out, s),
        None => out.push_str("null"),
    }
}

/// A display name as given: trimmed; empty is no name; at most [`MAX_NAME_CHARS`] characters
/// and no control character, else `422 InvalidName`.
///
/// # Errors
/// `422 InvalidName`, saying why.
pub fn check_name(raw: &str) -> Result<Option<String>, ApiError> {
    let name = raw.trim();
    if name.is_empty() {
        return Ok(None);
    }
    let n = name.chars().count();
    if n > MAX_NAME_CHARS {
        return Err(ApiError::unprocessable(
            "InvalidName",
            format!("a name has at most {MAX_NAME_CHARS} characters (this one has {n})"),
        ));
    }
    if let Some(c) = name.chars().find(|c| c.is_control()) {
        return Err(ApiError::unprocessable(
            "InvalidName",
            format!("a name holds no control character (U+{:04X})", c as u32),
        ));
    }
    Ok(Some(name.to_string()))
}

/// A `"name"` field as read: a string, or absent/`null` (no name); anything else is
/// `422 InvalidName`.
///
/// # Errors
/// `422 InvalidName`.
pub fn name_field(v: Option<&serde_json::Value>) -> Result<Option<String>, ApiError> {
    match v {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::String(s)) => check_name(s),
        Some(_) => Err(ApiError::unprocessable(
            "InvalidName",
            "name must be a string",
        )),
    }
}

/// The routes of this module: `GET /api/lobby`, `POST /api/games/{id}/name`, `/join`,
/// `/rematch`.
pub fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/lobby", get(lobby_route))
        .route("/api/games/{id}/name", post(name_route))
        .route("/api/games/{id}/join", post(join_route))
        .route("/api/games/{id}/rematch", post(rematch_route))
}

async fn lobby_route(State(hub): State<Arc<Hub>>) -> Result<Response, ApiError> {
    let games = lobby(hub.store(), now_ms()).await?;
    Ok(Json(Lobby { games }).into_response())
}

/// `POST /api/games/{id}/name` and `/join`: `{"name": NAME}`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct NameRequest {
    /// The name (absent, `null` or empty: none).
    #[serde(default)]
    pub name: Option<serde_json::Value>,
}

/// `200` to `POST /api/games/{id}/join`: the seat taken and its token.
#[derive(Debug, Clone, Serialize)]
pub struct Joined {
    /// The seat.
    #[serde(with = "crate::wire::side")]
    pub seat: Side,
    /// Its token.
    pub token: String,
}

fn state_answer(d: MeetDone) -> Response {
    match d {
        MeetDone::State(s) => {
            ([(header::CONTENT_TYPE, "application/json")], s.to_string()).into_response()
        }
        MeetDone::Joined(seat, token) => Json(Joined { seat, token }).into_response(),
    }
}

async fn name_route(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let (g, side) = crate::api::seated(&hub, &id, &headers).await?;
    let v: NameRequest = crate::api::read_body(&body, "the body must be {\"name\": NAME}")?;
    let name = name_field(v.name.as_ref())?;
    g.meet(MeetAsk::Name(side, name)).await.map(state_answer)
}

async fn join_route(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let v: NameRequest = crate::api::read_body(&body, "the body must be {\"name\": NAME}")?;
    let name = name_field(v.name.as_ref())?;
    let g = crate::api::game(&hub, &id).await?;
    g.meet(MeetAsk::Join(name)).await.map(state_answer)
}

async fn rematch_route(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let (g, side) = crate::api::seated(&hub, &id, &headers).await?;
    let o: crate::wire::OfferRequest =
        crate::api::read_body(&body, "action must be the string offer, accept or decline")?;
    let offer = o.action.unwrap_or(Offer::Offer);
    g.meet(MeetAsk::Rematch(side, offer))
        .await
        .map(state_answer)
}

/// The error of a join that came too late.
pub fn seat_taken() -> ApiError {
    ApiError::conflict(
        "SeatTaken",
        "another player took this seat first: pick another game in the lobby",
    )
}

/// The error of a join after [`OPEN_FOR_MS`].
pub fn seat_expired() -> ApiError {
    ApiError::new(
        StatusCode::GONE,
        "OpenSeatExpired",
        "this game waited too long for an opponent: the lobby no longer offers it",
    )
}

/// A finished game's rematch: a new game with the same rules, start and periods, each player
/// in the other seat with the same token (so with the other colour, or the other army), names
/// carried over; against the computer, the computer takes the other seat.
pub(crate) struct RematchPlan {
    /// The old game's row.
    pub row: crate::store::GameRow,
    /// The old game's names.
    pub names: [Option<String>; 2],
}

impl RematchPlan {
    /// Stores the new game; its id.
    pub(crate) async fn store(self, store: &Store) -> Result<String, ApiError> {
        let old = self.row;
        // The same start: each player takes the other seat, and with it the other colour (or,
        // where the players lead different armies, the other army).
        let start = &old.start_feen;
        let periods = match &old.periods {
            Some(p) => Some(
                serde_json::from_str::<serde_json::Value>(p)
                    .map_err(|e| ApiError::internal(e.to_string()))?,
            ),
            None => None,
        };
        let m = crate::game::new_match(&old.rules, Some(start), periods.as_ref())?;
        let engine_side = old
            .engine_side
            .as_deref()
            .and_then(side_from)
            .map(|s| s.flip());
        let id = crate::token::fresh_id().map_err(|e| ApiError::internal(e.to_string()))?;
        let created_ms = now_ms();
        let engine_first = engine_side == Some(m.side_to_move());
        let row = crate::store::GameRow {
            id: id.clone(),
            rules: m.rules().name().to_string(),
            start_feen: m.start_feen(),
            periods: old.periods.clone(),
            engine_side: engine_side.map(|s| side_name(s).to_string()),
            engine_level: old.engine_level,
            first_hash: old.second_hash.clone(),
            second_hash: old.first_hash.clone(),
            created_ms,
            wake_ms: engine_first.then_some(created_ms),
        };
        store.insert_game(&row).await?;
        let [a, b] = self.names;
        if a.is_some() || b.is_some() {
            let meet = Meet {
                names: [b, a],
                ..Meet::default()
            };
            insert(store, &id, &meet).await?;
        }
        Ok(id)
    }
}

/// The error of an action other than resigning while the free seat waits for a visitor.
pub fn waiting() -> ApiError {
    ApiError::conflict(
        "WaitingForOpponent",
        "no one has taken the other seat yet: the game starts when someone joins",
    )
}

/// What `POST /api/games` adds for meetings: the creator's name, an open game and the
/// creator's seat.
#[derive(Debug, Clone, Default)]
pub struct CreateMeet {
    /// The creator's name.
    pub name: Option<String>,
    /// The game is offered in the lobby.
    pub open: bool,
    /// The creator's seat (default first; in a game against the computer, the human's).
    pub seat: Option<Side>,
}

impl CreateMeet {
    /// Reads the fields `name`, `open` and `seat` of a creation request.
    ///
    /// # Errors
    /// `422 InvalidName`, `422 InvalidOpen` (`open` not a boolean), `422 InvalidSeat`.
    pub fn read(r: &crate::wire::CreateRequest) -> Result<CreateMeet, ApiError> {
        let name = name_field(r.name.as_ref())?;
        let open = match &r.open {
            None | Some(serde_json::Value::Null) => false,
            Some(serde_json::Value::Bool(b)) => *b,
            Some(_) => {
                return Err(ApiError::unprocessable(
                    "InvalidOpen",
                    "open must be true or false",
                ))
            }
        };
        let seat = match r.seat.as_ref() {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::String(s)) => Some(side_from(s).ok_or_else(bad_seat)?),
            Some(_) => return Err(bad_seat()),
        };
        Ok(CreateMeet { name, open, seat })
    }

    /// Checks an open game's other fields: played by two people, not imported.
    ///
    /// # Errors
    /// `422 InvalidOpen`.
    pub fn check(&self, engine: bool, imported: bool) -> Result<(), ApiError> {
        if self.open && (engine || imported) {
            return Err(ApiError::unprocessable(
                "InvalidOpen",
                "an open game is a new game between two people: no computer opponent, no import",
            ));
        }
        Ok(())
    }

    /// Stores the new game's seats and keeps the tokens the creator gets: all of them, but in
    /// an open game the free seat's token stays here. An open game (never started yet: no
    /// computer, no import) gets its row at once; another game's name is set through its task,
    /// which may be running already (the computer's first move, an import).
    ///
    /// # Errors
    /// Database errors.
    pub async fn store(
        &self,
        hub: &Hub,
        id: &str,
        seats: Vec<(Side, String)>,
    ) -> Result<Vec<(Side, String)>, ApiError> {
        let mine = match (self.seat, seats.as_slice()) {
            // Against the computer: the one human seat.
            (_, [(s, _)]) => *s,
            (Some(s), _) => s,
            (None, _) => Side::First,
        };
        let mut kept = seats;
        if self.open {
            let mut meet = Meet::default();
            meet.names[mine.index()] = self.name.clone();
            let free = mine.flip();
            meet.open_seat = Some(free);
            meet.open_token = kept
                .iter()
                .find(|(s, _)| *s == free)
                .map(|(_, t)| t.clone());
            meet.open_ms = Some(now_ms());
            kept.retain(|(s, _)| *s != free);
            insert(hub.store(), id, &meet).await?;
        } else if self.name.is_some() {
            let g = crate::api::game(hub, id).await?;
            g.meet(MeetAsk::Name(mine, self.name.clone())).await?;
        }
        Ok(kept)
    }
}

fn bad_seat() -> ApiError {
    ApiError::unprocessable("InvalidSeat", "seat must be \"first\" or \"second\"")
}

/// The players' names of a game as PCN writes them (`sides.first.name`), for its records; a
/// seat the computer holds is named after it.
///
/// # Errors
/// Database errors.
pub async fn pcn_sides(
    store: &Store,
    row: &crate::store::GameRow,
) -> Result<Option<serde_json::Map<String, serde_json::Value>>, StoreError> {
    let m = load(store, &row.id).await?;
    let engine = row.engine_side.as_deref().and_then(side_from);
    let mut sides = serde_json::Map::new();
    for side in [Side::First, Side::Second] {
        let name = match (&m.names[side.index()], engine) {
            (Some(n), _) => n.clone(),
            (None, Some(e)) if e == side => {
                format!("Tegoma engine (level {})", row.engine_level.unwrap_or(0))
            }
            _ => continue,
        };
        sides.insert(
            side_name(side).to_string(),
            serde_json::json!({ "name": name }),
        );
    }
    Ok((!sides.is_empty()).then_some(sides))
}

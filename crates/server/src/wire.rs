//! The server's typed edges: the serde types of what crosses them, read once where it enters
//! and written from values where it leaves.
//!
//! - [`StoredEvent`]: a game's stored event (the `kind` and `data` columns of the `events`
//!   table), in the format stored since the server's first release.
//! - [`Period`]: what the server checks of a PCN period.
//! - The HTTP API's bodies: [`CreateRequest`], [`MoveRequest`], [`OfferRequest`] in;
//!   [`GamesList`] (with [`GameInfo`], [`StartInfo`]), [`CreatedGame`], [`ErrorBody`] out (the game's state is written by
//!   [`crate::view`], once per event, and shared).
//! - The WebSocket's messages: [`ClientMessage`] in, [`ServerMessage`] out.
//!
//! Where a field's bad value has its own error kind (an opponent that is no opponent is
//! `InvalidOpponent`, a message's missing token `MissingToken`), the field is read as
//! [`Lenient`], which keeps its error for the caller to type.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use tegoma_protocol::Side;

use crate::game::Offer;

/// Sides as JSON names (`"first"`, `"second"`), for `#[serde(with = "side")]`.
pub mod side {
    use serde::{Deserialize, Deserializer, Serializer};
    use tegoma_protocol::Side;

    /// Writes a side's name.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(side: &Side, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(crate::view::side_name(*side))
    }

    /// Reads a side's name.
    ///
    /// # Errors
    /// Any other value than `"first"` or `"second"`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        crate::view::side_from(&name).ok_or_else(|| {
            serde::de::Error::invalid_value(
                serde::de::Unexpected::Str(&name),
                &"\"first\" or \"second\"",
            )
        })
    }
}

/// A game's stored event: its kind (the `kind` column, the enum's tag) and its data (the `data`
/// column, JSON). The JSON is the one stored since the server's first release, field for field
/// (a move `{"side", "move", "elapsed_ms"}`, a take-back accepted `{"side", "action", "plies"}`,
/// ...): databases written by earlier versions read as they are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "data", rename_all = "lowercase")]
pub enum StoredEvent {
    /// A ply: its PMN as the match wrote it (or, for an Ōgi illegal move that lost, as it was
    /// submitted).
    Move(MoveEvent),
    /// A side's flag fell.
    Timeout(SideEvent),
    /// A side resigned.
    Resign(SideEvent),
    /// A draw offer or its answer.
    Draw(OfferEvent),
    /// A take-back request or its answer.
    Takeback(TakebackEvent),
    /// The result an imported record states, which its moves do not reach by themselves
    /// (`1-0` after a resignation the record does not say): the game ends with it.
    Ended(EndedEvent),
}

/// The data of an imported record's stated ending.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndedEvent {
    /// The side to move when the record ended.
    #[serde(with = "side")]
    pub side: Side,
    /// `first`, `second` or `draw`.
    pub result: String,
    /// The CGSN statuses the record gives its end (often none: PGN holds the result only).
    #[serde(default)]
    pub statuses: String,
}

/// The data of a stored move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveEvent {
    /// Who played it.
    #[serde(with = "side")]
    pub side: Side,
    /// The move (PMN).
    #[serde(rename = "move")]
    pub pmn: String,
    /// The time the ply took on the server's clock (ms); absent when it was not measured: the
    /// game's first ply (no turn began before it), a ply of an imported record that gives no
    /// time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elapsed_ms: Option<u64>,
}

/// The data of an event that names a side only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideEvent {
    /// The side.
    #[serde(with = "side")]
    pub side: Side,
}

/// The data of a draw offer or answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferEvent {
    /// Who made it.
    #[serde(with = "side")]
    pub side: Side,
    /// What it was.
    pub action: Offer,
}

/// The data of a take-back request or answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakebackEvent {
    /// Who made it.
    #[serde(with = "side")]
    pub side: Side,
    /// What it was.
    pub action: Offer,
    /// The plies an accepted take-back undid (written with every acceptance; 1 when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plies: Option<u64>,
}

impl StoredEvent {
    /// Its kind, as stored in the `kind` column.
    pub fn kind(&self) -> &'static str {
        match self {
            StoredEvent::Move(_) => "move",
            StoredEvent::Timeout(_) => "timeout",
            StoredEvent::Resign(_) => "resign",
            StoredEvent::Draw(_) => "draw",
            StoredEvent::Takeback(_) => "takeback",
            StoredEvent::Ended(_) => "ended",
        }
    }

    /// Its data, JSON text as stored in the `data` column.
    ///
    /// # Errors
    /// serde_json's (none for these types: their fields are strings and numbers).
    pub fn data(&self) -> Result<String, serde_json::Error> {
        match self {
            StoredEvent::Move(d) => serde_json::to_string(d),
            StoredEvent::Timeout(d) | StoredEvent::Resign(d) => serde_json::to_string(d),
            StoredEvent::Draw(d) => serde_json::to_string(d),
            StoredEvent::Takeback(d) => serde_json::to_string(d),
            StoredEvent::Ended(d) => serde_json::to_string(d),
        }
    }

    /// Reads a stored event from its two columns.
    ///
    /// # Errors
    /// An unknown kind, data that is not JSON, or data without the kind's fields.
    pub fn from_row(kind: &str, data: &str) -> Result<StoredEvent, serde_json::Error> {
        // The enum's own (adjacent) tagging reads the two columns: `{"kind": K, "data": D}`.
        let mut text = String::with_capacity(kind.len() + data.len() + 24);
        text.push_str(r#"{"kind":"#);
        crate::view::push_json_str(&mut text, kind);
        text.push_str(r#","data":"#);
        text.push_str(data);
        text.push('}');
        serde_json::from_str(&text)
    }

    /// The side that made the event.
    pub fn side(&self) -> Side {
        match self {
            StoredEvent::Move(d) => d.side,
            StoredEvent::Timeout(d) | StoredEvent::Resign(d) => d.side,
            StoredEvent::Draw(d) => d.side,
            StoredEvent::Takeback(d) => d.side,
            StoredEvent::Ended(d) => d.side,
        }
    }
}

/// What the server checks of a PCN period (the match's clock reads the whole period): its
/// time (`time`, or `duration`) and increment (`inc`, or `increment`), in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
pub struct Period {
    /// The period's time (s).
    #[serde(default, alias = "duration")]
    pub time: Option<f64>,
    /// The increment per move (s).
    #[serde(default, alias = "increment")]
    pub inc: Option<f64>,
}

/// A field read on its own: its value, or why it could not be read (the message as a whole
/// still reads; the caller turns the error into the field's own error kind).
#[derive(Debug, Clone, PartialEq)]
pub struct Lenient<T>(pub Result<T, String>);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Lenient<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        Ok(Lenient(T::deserialize(v).map_err(|e| e.to_string())))
    }
}

/// Why a JSON object could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ObjectError {
    /// The text is not JSON (serde's message).
    Syntax(String),
    /// The JSON is not an object.
    NotAnObject,
    /// The object does not hold the type's fields (serde's message).
    Fields(String),
}

impl fmt::Display for ObjectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObjectError::Syntax(e) | ObjectError::Fields(e) => f.write_str(e),
            ObjectError::NotAnObject => f.write_str("the body must be a JSON object"),
        }
    }
}

/// Reads a JSON object into `T`.
///
/// # Errors
/// [`ObjectError`]: the text is not JSON, is not an object, or does not hold `T`'s fields.
pub fn read_object<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ObjectError> {
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
    if first != Some(&b'{') {
        // serde reads a struct from an array too: an object is asked for.
        return match serde_json::from_slice::<serde::de::IgnoredAny>(bytes) {
            Err(e) => Err(ObjectError::Syntax(e.to_string())),
            Ok(_) => Err(ObjectError::NotAnObject),
        };
    }
    serde_json::from_slice(bytes).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => ObjectError::Fields(e.to_string()),
        _ => ObjectError::Syntax(e.to_string()),
    })
}

/// `POST /api/games`: a new game, from a start (`rules`, `feen`) or a record to import (`pcn`
/// or `pgn`), with periods and a computer opponent. Every field may be absent or `null`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CreateRequest {
    /// The rule system's name (default: chess, or the one of `feen`).
    #[serde(default)]
    pub rules: Option<String>,
    /// The start position.
    #[serde(default)]
    pub feen: Option<String>,
    /// A PCN record to import (its setup, periods and plies).
    #[serde(default)]
    pub pcn: Option<String>,
    /// A PGN record to import.
    #[serde(default)]
    pub pgn: Option<String>,
    /// The PCN periods of the game's clock.
    #[serde(default)]
    pub periods: Option<Value>,
    /// The computer's seat (`422 InvalidOpponent` when it is no [`OpponentRequest`]).
    #[serde(default)]
    pub opponent: Option<Lenient<OpponentRequest>>,
    /// The creator's display name ([`crate::meet::CreateMeet`]).
    #[serde(default)]
    pub name: Option<Value>,
    /// Offer the other seat in the lobby (`true`/`false`).
    #[serde(default)]
    pub open: Option<Value>,
    /// The creator's seat (`"first"` or `"second"`).
    #[serde(default)]
    pub seat: Option<Value>,
}

/// The computer opponent asked for: `{"engine": LEVEL, "side": "first"|"second"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct OpponentRequest {
    /// The engine's level (1-8).
    pub engine: u64,
    /// The engine's seat (default: second).
    #[serde(default, with = "opt_side")]
    pub side: Option<Side>,
}

/// Optional sides as JSON names, for `#[serde(with = "opt_side")]`.
mod opt_side {
    use serde::{Deserialize, Deserializer};
    use tegoma_protocol::Side;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Side>, D::Error> {
        #[derive(Deserialize)]
        struct S(#[serde(with = "super::side")] Side);
        Ok(Option::<S>::deserialize(d)?.map(|s| s.0))
    }
}

/// `POST /api/games/{id}/moves`: `{"move": PMN}` (SAN or UCI too for chess).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct MoveRequest {
    /// The move.
    #[serde(rename = "move")]
    pub pmn: String,
}

/// `POST /api/games/{id}/draw` and `/takeback`: `{"action": "offer"|"accept"|"decline"}`
/// (absent or `null`: offer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
pub struct OfferRequest {
    /// The answer.
    #[serde(default)]
    pub action: Option<Offer>,
}

/// `GET /api/games`: every game the server plays.
#[derive(Debug, Clone, Serialize)]
pub struct GamesList {
    /// The games.
    pub games: Vec<GameInfo>,
}

/// One game of [`GamesList`].
#[derive(Debug, Clone, Serialize)]
pub struct GameInfo {
    /// Its rule system's name.
    pub name: String,
    /// Its name as shown.
    pub display: String,
    /// Its identifier.
    pub id: String,
    /// The styles of its start position (the FEEN's last field).
    pub styles: String,
    /// Its start position.
    pub start_feen: String,
    /// Whether its records can be written as PGN.
    pub pgn: bool,
    /// What the board needs to draw it: the squares, and each army's look by style letter
    /// (side names, pieces' outline and marks, piece names, how promotions are offered).
    pub look: tegoma_game::BoardLook,
    /// Its initial positions, one per pairing of its players' styles, the default first (the
    /// `start_feen`): a game whose players may lead different armies has several, and a lobby
    /// picks one by the army each player leads and the one moving first.
    pub starts: Vec<StartInfo>,
    /// Whether it has a page for players (`GET /api/games/{name}/guide`, Markdown).
    pub guide: bool,
}

/// One initial position of [`GameInfo`]: `{"styles": "C/o", "feen": "…"}`.
#[derive(Debug, Clone, Serialize)]
pub struct StartInfo {
    /// Its players' styles (the FEEN's style field): the first player's army's letter, then
    /// the second's (`C/o`: the first player leads Chess, the second Ōgi).
    pub styles: String,
    /// The position.
    pub feen: String,
}

/// `201` to `POST /api/games`: the game's id and the token of each human seat.
#[derive(Debug, Clone, Serialize)]
pub struct CreatedGame {
    /// The game's id.
    pub id: String,
    /// The seats' tokens.
    pub seats: Seats,
}

/// The token of each human seat (a seat the computer holds has none).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Seats {
    /// The first player's token.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// The second player's token.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second: Option<String>,
}

/// An error's body: `{"error": {"kind", "message"}}`.
#[derive(Debug, Clone, Serialize)]
pub struct ErrorBody<'a> {
    /// The error.
    pub error: ErrorDetail<'a>,
}

/// The inside of [`ErrorBody`].
#[derive(Debug, Clone, Serialize)]
pub struct ErrorDetail<'a> {
    /// The error's kind.
    pub kind: &'a str,
    /// The explanation.
    pub message: &'a str,
}

impl fmt::Display for ErrorBody<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = serde_json::to_string(self).map_err(|_| fmt::Error)?;
        f.write_str(&text)
    }
}

/// A message's type, as a client names it (`Unknown` for any other string).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MessageType {
    /// `ping`.
    Ping,
    /// `auth`.
    Auth,
    /// `move`.
    Move,
    /// `resign`.
    Resign,
    /// `draw`.
    Draw,
    /// `takeback`.
    Takeback,
    /// Any other type.
    #[serde(other)]
    Unknown,
}

/// A client's WebSocket message as read, each field on its own ([`crate::ws::read_message`]
/// turns it into a request or a typed error): `{"type", "ref", "token", "move", "action"}`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ClientMessage {
    /// Its type.
    #[serde(rename = "type", default)]
    pub kind: Option<Lenient<MessageType>>,
    /// The client's reference, sent back with the answer (any JSON; `null` too, kept as
    /// `Some(Value::Null)`).
    #[serde(rename = "ref", default, deserialize_with = "present")]
    pub reference: Option<Value>,
    /// `auth`: the seat's token.
    #[serde(default)]
    pub token: Option<Lenient<String>>,
    /// `move`: the move.
    #[serde(rename = "move", default)]
    pub pmn: Option<Lenient<String>>,
    /// `draw`, `takeback`: the answer (absent or `null`: offer).
    #[serde(default)]
    pub action: Option<Lenient<Option<Offer>>>,
}

/// A field that is present, whatever its value (`null` included).
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// A message the server sends a client in answer to one of its messages.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ServerMessage<'a> {
    /// The answer to a `ping`.
    Pong {
        /// The client's reference (`null` when it sent none).
        #[serde(rename = "ref")]
        reference: Option<&'a Value>,
    },
    /// The connection acts for `side` from now on.
    Authed {
        /// The seat.
        #[serde(with = "side")]
        side: Side,
        /// The client's reference.
        #[serde(rename = "ref")]
        reference: Option<&'a Value>,
    },
    /// The action is stored as event `seq`.
    Ack {
        /// The client's reference.
        #[serde(rename = "ref")]
        reference: Option<&'a Value>,
        /// The event's number.
        seq: i64,
    },
    /// The message was refused.
    Error {
        /// The error's kind.
        kind: &'a str,
        /// The explanation.
        message: &'a str,
        /// The client's reference, when it sent one.
        #[serde(rename = "ref", skip_serializing_if = "Option::is_none")]
        reference: Option<&'a Value>,
    },
}

impl ServerMessage<'_> {
    /// The message's JSON text.
    pub fn text(&self) -> String {
        // Strings, numbers and JSON values only: writing cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Events as databases hold them today, written by hand (the format of the server's first
    /// release): each reads, and is written back to the same text.
    #[test]
    fn events_in_the_stored_format_read_and_write_back_alike() {
        let rows = [
            (
                "move",
                r#"{"side":"first","move":"e2-e4","elapsed_ms":1234}"#,
                StoredEvent::Move(MoveEvent {
                    side: Side::First,
                    pmn: "e2-e4".into(),
                    elapsed_ms: Some(1234),
                }),
            ),
            (
                "move",
                r#"{"side":"second","move":"P*e5","elapsed_ms":0}"#,
                StoredEvent::Move(MoveEvent {
                    side: Side::Second,
                    pmn: "P*e5".into(),
                    elapsed_ms: Some(0),
                }),
            ),
            (
                "timeout",
                r#"{"side":"second"}"#,
                StoredEvent::Timeout(SideEvent { side: Side::Second }),
            ),
            (
                "resign",
                r#"{"side":"first"}"#,
                StoredEvent::Resign(SideEvent { side: Side::First }),
            ),
            (
                "draw",
                r#"{"side":"first","action":"offer"}"#,
                StoredEvent::Draw(OfferEvent {
                    side: Side::First,
                    action: Offer::Offer,
                }),
            ),
            (
                "draw",
                r#"{"side":"second","action":"accept"}"#,
                StoredEvent::Draw(OfferEvent {
                    side: Side::Second,
                    action: Offer::Accept,
                }),
            ),
            (
                "takeback",
                r#"{"side":"second","action":"decline"}"#,
                StoredEvent::Takeback(TakebackEvent {
                    side: Side::Second,
                    action: Offer::Decline,
                    plies: None,
                }),
            ),
            (
                "takeback",
                r#"{"side":"first","action":"accept","plies":2}"#,
                StoredEvent::Takeback(TakebackEvent {
                    side: Side::First,
                    action: Offer::Accept,
                    plies: Some(2),
                }),
            ),
        ];
        for (kind, data, expected) in rows {
            let read = StoredEvent::from_row(kind, data).expect(data);
            assert_eq!(read, expected, "{kind} {data}");
            assert_eq!(read.kind(), kind);
            assert_eq!(read.data().unwrap(), data);
        }
    }

    /// Events written by hand with spaces, other field orders, a missing time or extra fields
    /// (as an operator or an older tool may have stored them) read too.
    #[test]
    fn stored_events_read_leniently_where_the_old_reader_did() {
        let e = StoredEvent::from_row("move", r#"{ "move": "e2-e5", "side": "first" }"#).unwrap();
        assert_eq!(
            e,
            StoredEvent::Move(MoveEvent {
                side: Side::First,
                pmn: "e2-e5".into(),
                elapsed_ms: None,
            })
        );
        let e = StoredEvent::from_row("resign", r#"{"side":"second","note":"x"}"#).unwrap();
        assert_eq!(e, StoredEvent::Resign(SideEvent { side: Side::Second }));
    }

    /// What cannot be read is an error, never an event.
    #[test]
    fn unreadable_events_are_errors() {
        for (kind, data) in [
            ("move", r#"{"side":"first"}"#),
            ("move", r#"{"side":"third","move":"e4"}"#),
            ("castle", r#"{"side":"first"}"#),
            ("draw", r#"{"side":"first"}"#),
            ("draw", r#"{"side":"first","action":"maybe"}"#),
            ("resign", ""),
            ("resign", "not json"),
            ("resign", r#"{"side":"first"},"kind":"move""#),
        ] {
            assert!(StoredEvent::from_row(kind, data).is_err(), "{kind} {data}");
        }
    }
}

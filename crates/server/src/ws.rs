//! The game's event stream over WebSocket: every client gets every event (spectators too);
//! a client that sends its seat's token in an `auth` message may then act for that seat. The
//! query's `view` chooses the messages ([`Feed`]): `updates` (the default, what the web board
//! draws from) or `events` (the events alone, for clients that keep their own board).
//!
//! Hostile clients: a text message above [`MAX_MESSAGE`] bytes, a binary message, malformed
//! JSON or an unknown type gets a typed error; more than [`RATE`] messages a second (bursts of
//! [`BURST`]) get `RateLimited` and are dropped, and a client that keeps flooding is closed.
//! Nothing a client sends reaches another game.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::Uri;
use axum::response::Response;
use futures_util::SinkExt;
use serde_json::Value;
use tegoma_protocol::Side;
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

use crate::error::ApiError;
use crate::game::{Action, Feed, GameHandle, GameLimits, Offer, Outgoing};
use crate::hub::{seat_of, Hub};
use crate::wire::{read_object, ClientMessage, Lenient, MessageType, ServerMessage};

/// The largest message a client may send (bytes); larger ones get `MessageTooLarge`.
pub const MAX_MESSAGE: usize = 4096;
/// Messages per second allowed to a connection, sustained.
pub const RATE: f64 = 20.0;
/// The burst of messages allowed above the rate.
pub const BURST: f64 = 40.0;
/// Dropped messages after which a flooding connection is closed.
pub const MAX_DROPPED: u32 = 1000;
/// The read buffer of a connection (bytes). tungstenite zeroes it on every read, even one that
/// finds nothing: its default, 128 KiB, was the largest single cost of a move with thousands of
/// connections receiving small messages (measured with `perf` in the load benchmark); 8 KiB
/// still cost 4% of the process, and messages are about 1 KB now (an update), so 4 KiB (a
/// larger message takes two reads).
pub const READ_BUFFER: usize = 4 * 1024;
/// The close code of a client the server let go that should connect again with `?since=` its
/// last event number: it fell behind the game's stream, stopped taking messages, or stopped
/// answering pings.
pub const RECONNECT: u16 = 4000;

pub(crate) async fn upgrade(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    shutdown: Option<axum::Extension<crate::Shutdown>>,
    uri: Uri,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let query = |key: &str| {
        uri.query()
            .unwrap_or("")
            .split('&')
            .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
    };
    let feed = match query("view") {
        None | Some("updates") => Feed::Updates,
        Some("events") => Feed::Events,
        Some(_) => {
            return Err(ApiError::bad_request(
                "UnknownView",
                "view must be updates or events",
            ))
        }
    };
    let since =
        match query("since") {
            None => None,
            Some(s) => Some(s.parse::<i64>().map_err(|_| {
                ApiError::bad_request("InvalidSince", "since must be an event number")
            })?),
        };
    let g = hub.get(&id).await?.ok_or_else(ApiError::not_found)?;
    let limits = hub.limits();
    let shutdown = shutdown.map(|s| s.0).unwrap_or_default();
    Ok(ws
        .read_buffer_size(READ_BUFFER)
        .max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        .on_upgrade(move |socket| {
            // The server waits for the session (its close frame) when it shuts down.
            let tracker = shutdown.tracker();
            tracker.track_future(session(socket, g, since, feed, limits, shutdown))
        }))
}

struct Bucket {
    tokens: f64,
    last: Instant,
    dropped: u32,
    last_warning: Option<Instant>,
}

impl Bucket {
    fn allow(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * RATE).min(BURST);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            self.dropped += 1;
            false
        }
    }
}

fn error(kind: &str, message: &str, reference: Option<&Value>) -> Message {
    reply(&ServerMessage::Error {
        kind,
        message,
        reference,
    })
}

fn reply(m: &ServerMessage<'_>) -> Message {
    Message::Text(m.text().into())
}

/// A connection's end, as the session saw it.
enum End {
    /// The client closed, or the connection failed: nothing more to send.
    Gone,
    /// The server lets the client go: a close frame with this code and reason.
    Close(u16, &'static str),
}

/// Writes `message` into the socket's buffer within the write timeout.
async fn feed(socket: &mut WebSocket, message: Message, limits: &GameLimits) -> Result<(), End> {
    match tokio::time::timeout(limits.ws_timeout, socket.feed(message)).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(_)) => Err(End::Gone),
        Err(_) => Err(End::Close(
            RECONNECT,
            "Reconnect: the client stopped reading",
        )),
    }
}

/// Sends what was written within the write timeout.
async fn flush(socket: &mut WebSocket, limits: &GameLimits) -> Result<(), End> {
    match tokio::time::timeout(limits.ws_timeout, socket.flush()).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(_)) => Err(End::Gone),
        Err(_) => Err(End::Close(
            RECONNECT,
            "Reconnect: the client stopped reading",
        )),
    }
}

/// Writes the stream's messages waiting for this client, starting with `ev`, into the socket's
/// buffer (no write to the network yet): one write for all of them. Messages the client
/// already has (at or before `seen`) are skipped. A client that fell behind the stream is let
/// go, to reconnect with `?since=`.
async fn forward(
    socket: &mut WebSocket,
    live: &mut broadcast::Receiver<Outgoing>,
    seen: i64,
    mut ev: Result<Outgoing, TryRecvError>,
    limits: &GameLimits,
) -> Result<(), End> {
    loop {
        match ev {
            Ok(out) if out.seq <= seen => {}
            Ok(out) => feed(socket, Message::Text(out.text), limits).await?,
            Err(TryRecvError::Empty) => return Ok(()),
            Err(TryRecvError::Lagged(_)) => {
                return Err(End::Close(
                    RECONNECT,
                    "Reconnect: fell behind the game's stream",
                ))
            }
            Err(TryRecvError::Closed) => return Err(End::Gone),
        }
        ev = live.try_recv();
    }
}

/// The `events` message: the kept events after the client's number, and how many of those
/// are not kept (`missing`: read them from the record).
fn events_message(missed: &[crate::game::Published], missing: i64) -> Message {
    let mut m = String::with_capacity(64 + missed.iter().map(|e| e.len() + 1).sum::<usize>());
    m.push_str(r#"{"type":"events","events":["#);
    for (i, e) in missed.iter().enumerate() {
        if i > 0 {
            m.push(',');
        }
        m.push_str(e.as_str());
    }
    m.push_str(r#"],"missing":"#);
    crate::view::push_int(&mut m, missing);
    m.push('}');
    Message::Text(m.into())
}

async fn session(
    mut socket: WebSocket,
    g: GameHandle,
    since: Option<i64>,
    feed_of: Feed,
    limits: std::sync::Arc<GameLimits>,
    shutdown: crate::Shutdown,
) {
    crate::metrics::ws_connected();
    let end = tokio::select! {
        end = run_session(&mut socket, g, since, feed_of, &limits) => end,
        () = shutdown.triggered() => End::Close(1001, "the server is shutting down"),
    };
    crate::metrics::ws_disconnected();
    if let End::Close(code, reason) = end {
        if code != 1001 {
            crate::metrics::refused(crate::metrics::Refusal::WebSocket);
        }
        let frame = Message::Close(Some(CloseFrame {
            code,
            reason: reason.into(),
        }));
        let _ = tokio::time::timeout(limits.ws_timeout, socket.send(frame)).await;
    }
}

async fn run_session(
    socket: &mut WebSocket,
    g: GameHandle,
    since: Option<i64>,
    feed_of: Feed,
    limits: &GameLimits,
) -> End {
    let Ok(sub) = g.subscribe_to(since.unwrap_or(i64::MAX), feed_of).await else {
        return End::Close(1011, "the game is not available");
    };
    let mut live = sub.live;
    let seen = sub.seq;
    if since.is_some() {
        if let Err(e) = feed(socket, events_message(&sub.missed, sub.missing), limits).await {
            return e;
        }
    }
    if let Err(e) = feed(socket, Message::Text(sub.state), limits).await {
        return e;
    }
    if let Err(e) = flush(socket, limits).await {
        return e;
    }
    let mut seat: Option<Side> = None;
    let mut bucket = Bucket {
        tokens: BURST,
        last: Instant::now(),
        dropped: 0,
        last_warning: None,
    };
    let mut ping =
        tokio::time::interval_at(tokio::time::Instant::now() + limits.ws_ping, limits.ws_ping);
    let mut last_heard = Instant::now();
    loop {
        tokio::select! {
            ev = live.recv() => {
                let ev = ev.map_err(|e| match e {
                    RecvError::Lagged(n) => TryRecvError::Lagged(n),
                    RecvError::Closed => TryRecvError::Closed,
                });
                if let Err(e) = forward(socket, &mut live, seen, ev, limits).await {
                    return e;
                }
                if let Err(e) = flush(socket, limits).await {
                    return e;
                }
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > limits.ws_ping + limits.ws_timeout {
                    return End::Close(RECONNECT, "Reconnect: no answer to pings");
                }
                if let Err(e) = feed(socket, Message::Ping(Default::default()), limits).await {
                    return e;
                }
                if let Err(e) = flush(socket, limits).await {
                    return e;
                }
            }
            msg = socket.recv() => {
                let msg = match msg {
                    Some(Ok(m)) => m,
                    // Invalid frames (tungstenite answered them with the protocol's close
                    // code), oversized frames and a connection that failed.
                    Some(Err(_)) => return End::Close(1002, "protocol error"),
                    None => return End::Gone,
                };
                last_heard = Instant::now();
                let reply = match msg {
                    Message::Close(_) => return End::Gone,
                    Message::Ping(_) | Message::Pong(_) => continue,
                    _ if !bucket.allow() => {
                        if bucket.dropped > MAX_DROPPED {
                            return End::Close(1008, "RateLimited: too many messages");
                        }
                        let now = Instant::now();
                        if bucket.last_warning.is_some_and(|t| now.duration_since(t).as_millis() < 1000) {
                            continue;
                        }
                        bucket.last_warning = Some(now);
                        error("RateLimited", "too many messages: at most 20 a second; this one was dropped", None)
                    }
                    Message::Binary(_) => error("BinaryMessage", "messages are JSON text", None),
                    Message::Text(t) if t.len() > MAX_MESSAGE => {
                        error("MessageTooLarge", "a message has at most 4096 bytes", None)
                    }
                    Message::Text(t) => handle(&g, &mut seat, t.as_str()).await,
                };
                // The events the action published go first (the client sees the state its
                // answer refers to), then the answer, in one write.
                let ev = live.try_recv();
                if let Err(e) = forward(socket, &mut live, seen, ev, limits).await {
                    return e;
                }
                if let Err(e) = feed(socket, reply, limits).await {
                    return e;
                }
                if let Err(e) = flush(socket, limits).await {
                    return e;
                }
            }
        }
    }
}

/// What a client's text message asks for, read without acting on it ([`read_message`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// `{"type": "ping"}`: answered with a `pong`.
    Ping,
    /// `{"type": "auth", "token": ...}`: act for the seat of that token from now on.
    Auth(String),
    /// A move, a resignation, a draw or take-back offer or answer, for the connection's seat.
    Act(Action),
}

/// A message that asks for nothing the server knows: its error kind (`MalformedMessage`,
/// `MissingToken`, `UnknownMessageType`) and what to tell the client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// The error kind sent to the client.
    pub kind: &'static str,
    /// The explanation sent with it.
    pub message: &'static str,
}

/// A message read: what it asks for, or why it asks for nothing, and its `ref` (sent back with
/// the answer).
pub type Read = (Result<Request, Unreadable>, Option<Value>);

fn unreadable(kind: &'static str, message: &'static str) -> Result<Request, Unreadable> {
    Err(Unreadable { kind, message })
}

/// The move of a message that is exactly `{"type":"move","move":"PMN"}` (what bots send, a
/// move every few milliseconds), read without building a JSON tree; `None` for any other
/// message, which the general path reads (a string with an escape or a control character
/// included, so that both paths read every message alike).
fn plain_move(text: &str) -> Option<&str> {
    let pmn = text
        .strip_prefix(r#"{"type":"move","move":""#)?
        .strip_suffix(r#""}"#)?;
    pmn.bytes()
        .all(|b| b >= 0x20 && b != b'"' && b != b'\\')
        .then_some(pmn)
}

/// Reads a client's text message (the size limit is checked before): the shortcut for a plain
/// move first, then [`read_message_json`].
pub fn read_message(text: &str) -> Read {
    match plain_move(text) {
        Some(pmn) => (Ok(Request::Act(Action::Move(pmn.to_string()))), None),
        None => read_message_json(text),
    }
}

/// Reads a client's text message as a JSON object ([`ClientMessage`]), without the plain-move
/// shortcut (what the shortcut must agree with; the fuzz target `server_message` checks it
/// does).
pub fn read_message_json(text: &str) -> Read {
    let Ok(m) = read_object::<ClientMessage>(text.as_bytes()) else {
        return (
            unreadable(
                "MalformedMessage",
                "a message is a JSON object with a \"type\"",
            ),
            None,
        );
    };
    let ty = match m.kind {
        Some(Lenient(Ok(t))) => t,
        _ => MessageType::Unknown,
    };
    let offer = |action: Option<Lenient<Option<Offer>>>| match action {
        None => Ok(Offer::Offer),
        Some(Lenient(Ok(o))) => Ok(o.unwrap_or(Offer::Offer)),
        Some(Lenient(Err(_))) => Err(Unreadable {
            kind: "MalformedMessage",
            message: "action must be offer, accept or decline",
        }),
    };
    let request = match ty {
        MessageType::Ping => Ok(Request::Ping),
        MessageType::Auth => match m.token {
            Some(Lenient(Ok(token))) => Ok(Request::Auth(token)),
            _ => unreadable("MissingToken", "auth needs a token"),
        },
        MessageType::Move => match m.pmn {
            Some(Lenient(Ok(pmn))) => Ok(Request::Act(Action::Move(pmn))),
            _ => unreadable("MalformedMessage", "a move message needs \"move\": PMN"),
        },
        MessageType::Resign => Ok(Request::Act(Action::Resign)),
        MessageType::Draw => offer(m.action).map(|o| Request::Act(Action::Draw(o))),
        MessageType::Takeback => offer(m.action).map(|o| Request::Act(Action::Takeback(o))),
        MessageType::Unknown => unreadable(
            "UnknownMessageType",
            "type must be auth, move, resign, draw, takeback or ping",
        ),
    };
    (request, m.reference)
}

async fn handle(g: &GameHandle, seat: &mut Option<Side>, text: &str) -> Message {
    let (request, reference) = read_message(text);
    let reference = reference.as_ref();
    match request {
        Err(e) => error(e.kind, e.message, reference),
        Ok(Request::Ping) => reply(&ServerMessage::Pong { reference }),
        Ok(Request::Auth(token)) => match seat_of(&g.row, &token) {
            Ok(side) => {
                *seat = Some(side);
                reply(&ServerMessage::Authed { side, reference })
            }
            Err(e) => error(&e.kind, &e.message, reference),
        },
        Ok(Request::Act(action)) => act(g, *seat, action, reference).await,
    }
}

/// Performs `action` for the connection's seat: its answer (`ack` or a typed error).
async fn act(
    g: &GameHandle,
    seat: Option<Side>,
    action: Action,
    reference: Option<&Value>,
) -> Message {
    let Some(side) = seat else {
        return error(
            "MissingToken",
            "send {\"type\": \"auth\", \"token\": ...} first: spectators cannot act",
            reference,
        );
    };
    match g.act_streamed(side, action).await {
        Ok(acked) => reply(&ServerMessage::Ack {
            reference,
            seq: acked.seq,
        }),
        Err(e) => error(&e.kind, &e.message, reference),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The shortcut reads a message as the general path does, or leaves it to that path.
    #[test]
    fn the_plain_move_shortcut_agrees_with_the_json_reading() {
        for (text, expected) in [
            (r#"{"type":"move","move":"e2-e4"}"#, Some("e2-e4")),
            (r#"{"type":"move","move":"P*e5"}"#, Some("P*e5")),
            (r#"{"type":"move","move":""}"#, Some("")),
            (r#"{"type":"move","move":"Ōgi"}"#, Some("Ōgi")),
            (r#"{"type":"move","move":"e2\"-e4"}"#, None),
            (r#"{"type":"move","move":"e2\\u002de4"}"#, None),
            ("{\"type\":\"move\",\"move\":\"e2\te4\"}", None),
            (r#"{"type":"move","move":"e2-e4","ref":3}"#, None),
            (r#"{"type": "move", "move": "e2-e4"}"#, None),
            (r#"{"type":"move","move":"e2-e4"} "#, None),
            (r#"{"type":"move","move":"a","b":"c"}"#, None),
            (r#"{"type":"resign"}"#, None),
        ] {
            assert_eq!(plain_move(text), expected, "{text}");
            if let Some(pmn) = expected {
                let v: Value = serde_json::from_str(text).unwrap();
                assert_eq!(v["type"], "move");
                assert_eq!(v["move"], pmn);
                assert_eq!(v.as_object().unwrap().len(), 2);
            }
            assert_eq!(read_message(text), read_message_json(text), "{text}");
        }
    }

    /// Every kind of message is read as the protocol says, with its error kind when it asks for
    /// nothing.
    #[test]
    fn messages_are_read_into_requests_or_typed_errors() {
        let kind = |text: &str| read_message(text).0.map_err(|e| e.kind);
        assert_eq!(kind(r#"{"type":"ping"}"#), Ok(Request::Ping));
        assert_eq!(
            kind(r#"{"type":"auth","token":"abc"}"#),
            Ok(Request::Auth("abc".into()))
        );
        assert_eq!(kind(r#"{"type":"auth"}"#), Err("MissingToken"));
        assert_eq!(
            kind(r#"{"type":"move","move":"e4","ref":7}"#),
            Ok(Request::Act(Action::Move("e4".into())))
        );
        assert_eq!(
            read_message(r#"{"type":"move","move":"e4","ref":7}"#).1,
            Some(json!(7))
        );
        // A `ref` of null is a reference, sent back as such.
        assert_eq!(
            read_message(r#"{"type":"ping","ref":null}"#).1,
            Some(Value::Null)
        );
        assert_eq!(read_message(r#"{"type":"ping"}"#).1, None);
        assert_eq!(kind(r#"{"type":"move"}"#), Err("MalformedMessage"));
        assert_eq!(
            kind(r#"{"type":"resign"}"#),
            Ok(Request::Act(Action::Resign))
        );
        assert_eq!(
            kind(r#"{"type":"draw","action":"offer"}"#),
            Ok(Request::Act(Action::Draw(Offer::Offer)))
        );
        assert_eq!(
            kind(r#"{"type":"takeback","action":"decline"}"#),
            Ok(Request::Act(Action::Takeback(Offer::Decline)))
        );
        assert_eq!(
            kind(r#"{"type":"draw","action":"maybe"}"#),
            Err("MalformedMessage")
        );
        assert_eq!(kind(r#"{"type":"castle"}"#), Err("UnknownMessageType"));
        assert_eq!(kind(r#"{}"#), Err("UnknownMessageType"));
        assert_eq!(kind("[1,2]"), Err("MalformedMessage"));
        assert_eq!(kind("not json"), Err("MalformedMessage"));
    }
}

//! Typed errors of the API: a kind, a message, an HTTP status.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::wire::{ErrorBody, ErrorDetail};

/// An error answered to a client (HTTP or WebSocket), with a machine-readable kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The kind (`NotYourTurn`, `IllegalMove`, `InvalidPmn`, ...).
    pub kind: String,
    /// A human explanation.
    pub message: String,
    /// Seconds after which the client may try again (the `Retry-After` header), for refusals
    /// that pass (`429 RateLimited`, `503 Unavailable`).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error of a status and kind.
    pub fn new(status: StatusCode, kind: impl Into<String>, message: impl Into<String>) -> Self {
        ApiError {
            status,
            kind: kind.into(),
            message: message.into(),
            retry_after: None,
        }
    }
    /// 429: too many requests; try again after `retry_after` seconds.
    pub fn rate_limited(message: impl Into<String>, retry_after: u64) -> Self {
        let mut e = Self::new(StatusCode::TOO_MANY_REQUESTS, "RateLimited", message);
        e.retry_after = Some(retry_after.max(1));
        e
    }
    /// 503: the server cannot serve this now (storage cannot be written, a game's task has
    /// stopped); try again in a second. The cause goes to the server's log, not to the client.
    pub fn unavailable(cause: impl std::fmt::Display) -> Self {
        tracing::error!("unavailable: {cause}");
        let mut e = Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "Unavailable",
            "the server cannot do this now: try again shortly",
        );
        e.retry_after = Some(1);
        e
    }
    /// 400: the request is malformed.
    pub fn bad_request(kind: &str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, kind, message)
    }
    /// 404: no such game.
    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "GameNotFound", "no game has this id")
    }
    /// 401: no seat token.
    pub fn missing_token() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "MissingToken",
            "this action needs a seat token (Authorization: Bearer TOKEN)",
        )
    }
    /// 403: the token is no seat's of this game.
    pub fn wrong_token() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "WrongToken",
            "this token holds no seat of this game",
        )
    }
    /// 409: a conflict with the game's state.
    pub fn conflict(kind: &str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, kind, message)
    }
    /// 422: an illegal or malformed move.
    pub fn unprocessable(kind: &str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, kind, message)
    }
    /// 500: the database failed.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "Internal", message)
    }
    /// The JSON body `{"error": {"kind", "message"}}` (its text: `to_string()`).
    pub fn body(&self) -> ErrorBody<'_> {
        ErrorBody {
            error: ErrorDetail {
                kind: &self.kind,
                message: &self.message,
            },
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (self.status, Json(self.body())).into_response();
        if let Some(s) = self.retry_after {
            r.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, s.into());
        }
        r
    }
}

impl From<crate::store::StoreError> for ApiError {
    fn from(e: crate::store::StoreError) -> Self {
        ApiError::unavailable(e)
    }
}

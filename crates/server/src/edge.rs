//! The router's edge, around the API and the web board: every error answered as the JSON
//! `{"error": {"kind", "message"}}`, request bodies JSON only, CORS only for configured
//! origins, the `/metrics` route, and the [`Shutdown`] handle in every request's extensions.

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router};
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::config::ServerConfig;
use crate::error::ApiError;
use crate::metrics::{self, Refusal};
use crate::shutdown::Shutdown;

/// The largest error message kept from a plain-text error answer (bytes).
const MAX_MESSAGE: usize = 512;

/// `router` with the edge's routes and layers.
///
/// # Errors
/// An origin of `config.cors_origins` that is no valid header value.
pub fn wrap(router: Router, config: &ServerConfig, shutdown: &Shutdown) -> Result<Router, String> {
    let mut router = router;
    if config.metrics {
        router = router.route(
            "/metrics",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, metrics::CONTENT_TYPE)],
                    metrics::encode(),
                )
            }),
        );
    }
    let mut router = router
        .fallback(|| async {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "NotFound",
                "no such route: see docs/server.md",
            )
        })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "MethodNotAllowed",
                "this route does not take this method",
            )
        })
        .layer(middleware::from_fn(json_bodies_only))
        .layer(middleware::map_response(typed_errors))
        .layer(Extension(shutdown.clone()));
    if !config.cors_origins.is_empty() {
        let allow = if config.cors_origins.iter().any(|o| o == "*") {
            AllowOrigin::any()
        } else {
            AllowOrigin::list(
                config
                    .cors_origins
                    .iter()
                    .map(|o| {
                        HeaderValue::from_str(o.trim_end_matches('/'))
                            .map_err(|_| format!("{o:?} is not a valid origin"))
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            )
        };
        router = router.layer(
            CorsLayer::new()
                .allow_origin(allow)
                .allow_methods([Method::GET, Method::POST])
                .allow_headers([header::CONTENT_TYPE, header::AUTHORIZATION])
                .max_age(std::time::Duration::from_secs(600)),
        );
    }
    Ok(router)
}

/// Whether a content type is JSON (`application/json`, parameters allowed).
fn is_json(v: &HeaderValue) -> bool {
    v.to_str()
        .ok()
        .and_then(|s| s.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
}

/// A request with a body must say `Content-Type: application/json`; a request without body
/// may say nothing. So a page of another site cannot make a browser send a form or plain text
/// (a "simple request", sent without asking the server first) that the API would act on.
async fn json_bodies_only(req: Request, next: Next) -> Response {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(req).await;
    }
    let h = req.headers();
    let has_body = h.contains_key(header::TRANSFER_ENCODING)
        || h.get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim() != "0");
    let ok = match h.get(header::CONTENT_TYPE) {
        Some(t) => is_json(t),
        None => !has_body,
    };
    if !ok {
        metrics::refused(Refusal::UnsupportedMediaType);
        tracing::debug!(kind = "UnsupportedMediaType", uri = %req.uri(), "refused");
        return ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "UnsupportedMediaType",
            "a request body must be JSON (Content-Type: application/json)",
        )
        .into_response();
    }
    let create = req.method() == Method::POST && req.uri().path() == "/api/games";
    let res = next.run(req).await;
    if create && res.status() == StatusCode::CREATED {
        metrics::game_created();
    }
    res
}

/// The kind of an error status answered without one (by axum's extractors, a layer, ...).
fn kind_of(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "BadRequest",
        404 => "NotFound",
        405 => "MethodNotAllowed",
        408 => "RequestTimeout",
        413 => "BodyTooLarge",
        415 => "UnsupportedMediaType",
        426 => "UpgradeRequired",
        429 => "RateLimited",
        431 => "HeaderTooLarge",
        500..=599 => "Internal",
        _ => "BadRequest",
    }
}

/// Answers every error that is not JSON yet (axum's rejections answer plain text) as the
/// typed JSON error, its text kept as the message.
async fn typed_errors(res: Response) -> Response {
    let status = res.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return res;
    }
    if res.headers().get(header::CONTENT_TYPE).is_some_and(is_json) {
        return res;
    }
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        metrics::refused(Refusal::BodyTooLarge);
    }
    let (mut parts, body) = res.into_parts();
    let text = axum::body::to_bytes(body, MAX_MESSAGE * 4)
        .await
        .unwrap_or_else(|_| Bytes::new());
    let mut message = String::from_utf8_lossy(&text).trim().to_string();
    if message.len() > MAX_MESSAGE {
        let mut cut = MAX_MESSAGE;
        while !message.is_char_boundary(cut) {
            cut -= 1;
        }
        message.truncate(cut);
    }
    if message.is_empty() {
        message = status.canonical_reason().unwrap_or("error").to_string();
    }
    let body = ApiError::new(status, kind_of(status), message)
        .body()
        .to_string();
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(body))
}

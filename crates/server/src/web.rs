//! The web board's files, embedded in the binary (plain ES modules, CSS and SVG: no build step).

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

/// Every embedded file: name, content type, text.
pub const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../web/index.html"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/board.js"),
    ),
    (
        "moves.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/moves.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/api.js"),
    ),
    (
        "looks.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/looks.js"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/lobby.js"),
    ),
    (
        "markdown.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/markdown.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../web/style.css"),
    ),
    (
        "pieces.svg",
        "image/svg+xml",
        include_str!("../web/pieces.svg"),
    ),
];

fn file(name: &str) -> Response {
    match FILES.iter().find(|f| f.0 == name) {
        Some((_, ty, body)) => (
            [
                (header::CONTENT_TYPE, *ty),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// The page routes: `/` (create a game), `/game/ID` (play or watch), `/web/FILE`.
pub fn routes() -> Router {
    Router::new()
        .route("/", get(|| async { file("index.html") }))
        .route("/game/{id}", get(|| async { file("index.html") }))
        .route(
            "/web/{name}",
            get(|Path(name): Path<String>| async move { file(&name) }),
        )
}

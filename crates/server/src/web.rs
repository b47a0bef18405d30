//! The web board's files, embedded in the binary (plain ES modules, CSS and SVG: no build step).

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::sync::OnceLock;

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
        "meet.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/meet.js"),
    ),
    (
        "markdown.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/markdown.js"),
    ),
    (
        "analysis.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/analysis.js"),
    ),
    (
        "picker.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/picker.js"),
    ),
    (
        "position.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/position.js"),
    ),
    (
        "stepper.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/stepper.js"),
    ),
    (
        "sounds.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/sounds.js"),
    ),
    (
        "premove.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/premove.js"),
    ),
    (
        "sets.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/sets.js"),
    ),
    (
        "access.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/access.js"),
    ),
    (
        "clocks.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/clocks.js"),
    ),
    (
        "typed.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/typed.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../web/style.css"),
    ),
    ("icon.svg", "image/svg+xml", include_str!("../web/icon.svg")),
    (
        "pieces.svg",
        "image/svg+xml",
        include_str!("../web/pieces.svg"),
    ),
];

/// The files' version: a hash of every embedded file, so that a page names its files by a path
/// that changes with any of them (`/web/VERSION/app.js`) and a browser may keep them.
pub fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        // FNV-1a over names and contents: stable across runs and builds of the same files.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for (name, _, body) in FILES {
            for b in name.bytes().chain([0]).chain(body.bytes()) {
                h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        format!("{h:016x}")
    })
}

/// The page, its files named under [`version`].
fn page() -> &'static str {
    static PAGE: OnceLock<String> = OnceLock::new();
    PAGE.get_or_init(|| {
        let index = FILES
            .iter()
            .find(|f| f.0 == "index.html")
            .map_or("", |f| f.2);
        index.replace("\"/web/", &format!("\"/web/{}/", version()))
    })
}

/// A file with its caching: `no-cache` (the browser asks again each time), or kept for a year
/// when its path names the current [`version`] (a new version is a new path).
fn serve(ty: &'static str, body: &'static str, keep: bool) -> Response {
    let cache = if keep {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    (
        [(header::CONTENT_TYPE, ty), (header::CACHE_CONTROL, cache)],
        body,
    )
        .into_response()
}

fn file(name: &str, keep: bool) -> Response {
    match FILES.iter().find(|f| f.0 == name) {
        Some(("index.html", ty, _)) => serve(ty, page(), false),
        Some((_, ty, body)) => serve(ty, body, keep),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// The page routes: `/` (create a game), `/game/ID` (play or watch), `/analysis` (the
/// analysis board), `/web/VERSION/FILE` (the
/// files the page names, kept by browsers), `/web/FILE` (the same, asked again each time).
pub fn routes() -> Router {
    Router::new()
        .route("/", get(|| async { file("index.html", false) }))
        .route("/game/{id}", get(|| async { file("index.html", false) }))
        .route("/analysis", get(|| async { file("index.html", false) }))
        .route(
            "/web/{name}",
            get(|Path(name): Path<String>| async move { file(&name, false) }),
        )
        .route(
            "/web/{version}/{name}",
            get(
                |Path((v, name)): Path<(String, String)>| async move {
                    file(&name, v == version())
                },
            ),
        )
}

//! The HTTP API (JSON): create games, act for a seat, read records. See the README's section
//! on the server for the contract.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde_json::Value;
use tegoma_notation::pcn::Pcn;
use tegoma_notation::NotationError;
use tegoma_pgn::{game_to_string, pcn_to_pgn, pgn_to_pcn, PgnReader};
use tegoma_protocol::Side;

use crate::error::ApiError;
use crate::game::{Acked, Action, GameHandle, Offer};
use crate::hub::{seat_of, Hub};
use crate::records;
use crate::wire::{
    read_object, CreateRequest, CreatedGame, GameInfo, GamesList, Lenient, MoveRequest,
    ObjectError, OfferRequest, Seats, StartInfo,
};

/// The largest request body accepted (bytes).
pub const MAX_BODY: usize = 256 * 1024;

/// The API routes.
pub fn routes(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/api/games", get(games).post(create))
        .route("/api/games/{id}", get(record))
        .route("/api/games/{id}/guide", get(guide))
        .route("/api/games/{id}/pgn", get(pgn))
        .route("/api/games/{id}/state", get(state))
        .route("/api/games/{id}/moves", post(moves))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/takeback", post(takeback))
        .route("/api/games/{id}/ws", get(crate::ws::upgrade))
        .route("/api/analysis", post(crate::analysis::analyse))
        .merge(crate::meet::routes())
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(hub)
}

/// Reads a request's body as `T` (an empty body reads as `{}`): `400 MalformedJson`
/// otherwise, saying `what` when the JSON is an object without `T`'s fields.
pub(crate) fn read_body<T: DeserializeOwned>(body: &Bytes, what: &str) -> Result<T, ApiError> {
    let bytes: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        body
    };
    read_object(bytes).map_err(|e| match e {
        ObjectError::Fields(e) if !what.is_empty() => {
            ApiError::bad_request("MalformedJson", format!("{what} ({e})"))
        }
        e => ApiError::bad_request("MalformedJson", e.to_string()),
    })
}

/// `GET /api/games`: every game this server plays (the built-in ones, those embedded, those
/// found under `TEGOMA_GAMES`), each `{"name", "display", "id", "styles", "start_feen",
/// "pgn", "look", "starts", "guide"}` (`pgn`: the game's records can be written as PGN;
/// `look`: what the board needs to draw it, [`tegoma_game::BoardLook`]; `starts`: its initial
/// positions, [`StartInfo`]; `guide`: it has a page for players).
async fn games() -> Response {
    let mut games = Vec::new();
    for name in tegoma_game::registry::names() {
        let Ok(rules) = tegoma_game::Rules::by_name(name) else {
            continue;
        };
        let m = tegoma_game::AnyMatch::new(rules.clone());
        let start_feen = m.start_feen();
        let styles = styles_of(&start_feen).to_string();
        games.push(GameInfo {
            name: rules.name().to_string(),
            display: rules.display_name(),
            id: rules.id().to_string(),
            styles,
            start_feen,
            pgn: m.start_fen().is_some(),
            look: rules.look(),
            starts: rules
                .starts()
                .into_iter()
                .map(|feen| StartInfo {
                    styles: styles_of(feen).to_string(),
                    feen: feen.to_string(),
                })
                .collect(),
            guide: rules.guide().is_some(),
        });
    }
    Json(GamesList { games }).into_response()
}

/// A FEEN's style field (its last).
fn styles_of(feen: &str) -> &str {
    feen.rsplit(' ').next().unwrap_or("")
}

/// `GET /api/games/{name}/guide`: the page for players of the game of this name (Markdown);
/// `404 UnknownGame` when no game has the name, `404 NoGuide` when the game has no page.
async fn guide(Path(name): Path<String>) -> Result<Response, ApiError> {
    let rules = tegoma_game::Rules::by_name(&name)
        .map_err(|e| ApiError::new(StatusCode::NOT_FOUND, "UnknownGame", e.to_string()))?;
    let text = rules.guide().ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "NoGuide",
            format!("the game {} has no page for players", rules.name()),
        )
    })?;
    Ok((
        [(header::CONTENT_TYPE, "text/markdown; charset=utf-8")],
        text,
    )
        .into_response())
}

pub(crate) async fn game(hub: &Hub, id: &str) -> Result<GameHandle, ApiError> {
    hub.get(id).await?.ok_or_else(ApiError::not_found)
}

fn bearer(headers: &HeaderMap) -> Result<&str, ApiError> {
    let v = headers
        .get(header::AUTHORIZATION)
        .ok_or_else(ApiError::missing_token)?
        .to_str()
        .map_err(|_| ApiError::missing_token())?;
    let t = v
        .strip_prefix("Bearer ")
        .or_else(|| v.strip_prefix("bearer "))
        .ok_or_else(ApiError::missing_token)?
        .trim();
    if t.is_empty() {
        return Err(ApiError::missing_token());
    }
    Ok(t)
}

pub(crate) async fn seated(
    hub: &Hub,
    id: &str,
    headers: &HeaderMap,
) -> Result<(GameHandle, Side), ApiError> {
    let token = bearer(headers)?;
    let g = game(hub, id).await?;
    let side = seat_of(&g.row, token)?;
    Ok((g, side))
}

async fn create(State(hub): State<Arc<Hub>>, body: Bytes) -> Result<Response, ApiError> {
    let v: CreateRequest = read_body(&body, "")?;
    let meet = crate::meet::CreateMeet::read(&v)?;
    // A record to import: its setup, periods and plies.
    let mut imported: Option<Pcn> = None;
    if let Some(t) = &v.pcn {
        imported =
            Some(Pcn::parse(t).map_err(|e| ApiError::unprocessable(e.kind(), e.to_string()))?);
    } else if let Some(t) = &v.pgn {
        let mut r = PgnReader::new(t.as_bytes());
        let g = r
            .read_game()
            .ok_or_else(|| ApiError::unprocessable("EmptyPgn", "the PGN holds no game"))?
            .map_err(|e| ApiError::unprocessable(e.kind(), e.to_string()))?;
        imported =
            Some(pgn_to_pcn(&g).map_err(|e| ApiError::unprocessable(e.kind(), e.to_string()))?);
    }
    let mut feen = v.feen;
    let mut rules = v.rules;
    let mut periods = v.periods.filter(|p| !p.is_null());
    if let Some(p) = &imported {
        feen = Some(p.setup.feen.clone());
        if periods.is_none() {
            periods = p
                .periods
                .clone()
                .filter(|l| !l.is_empty())
                .map(Value::Array);
        }
    }
    if let Some(f) = feen.take() {
        feen = Some(feen_of(f, rules.as_deref()));
    }
    let rules = match (rules.take(), &feen) {
        (Some(r), _) => r,
        (None, Some(f)) => {
            let pos = tegoma_game::generic_from_feen(f)
                .map_err(|e| ApiError::unprocessable(e.kind(), e.to_string()))?;
            tegoma_game::Rules::for_position(&pos)
                .map_err(|e| ApiError::unprocessable(e.kind(), e.to_string()))?
                .name()
                .to_string()
        }
        (None, None) => tegoma_game::Rules::default().name().to_string(),
    };
    let engine = match v.opponent {
        None => None,
        Some(Lenient(o)) => {
            let o = o
                .ok()
                .filter(|o| (1..=8).contains(&o.engine))
                .ok_or_else(|| {
                    ApiError::unprocessable(
                        "InvalidOpponent",
                        "opponent must be {\"engine\": LEVEL} with LEVEL 1-8, its side first or second",
                    )
                })?;
            Some((o.side.unwrap_or(Side::Second), o.engine as u8))
        }
    };
    if imported.is_some() && engine.is_some() {
        return Err(ApiError::unprocessable(
            "InvalidOpponent",
            "an imported game is played by two humans",
        ));
    }
    meet.check(engine.is_some(), imported.is_some())?;
    if let Some(p) = &imported {
        records::check(p)?;
    }
    let created = hub
        .create(&rules, feen.as_deref(), periods.as_ref(), engine)
        .await?;
    if let Some(p) = &imported {
        let g = game(&hub, &created.id).await?;
        records::import(&hub, &g, p).await?;
    }
    let kept = meet.store(&hub, &created.id, created.seats).await?;
    let mut seats = Seats::default();
    for (side, token) in kept {
        match side {
            Side::First => seats.first = Some(token),
            Side::Second => seats.second = Some(token),
        }
    }
    let id = created.id;
    Ok((StatusCode::CREATED, Json(CreatedGame { id, seats })).into_response())
}

/// A start position as given: a FEEN as is, or a plain FEN, where the game (`rules`, chess when
/// not named) has FEN, read as the position's FEEN.
pub(crate) fn feen_of(f: String, rules: Option<&str>) -> String {
    if tegoma_game::generic_from_feen(&f).is_err() {
        let named = match rules {
            Some(n) => tegoma_game::Rules::by_name(n).ok(),
            None => Some(tegoma_game::Rules::default()),
        };
        if let Some(r) = named.filter(|r| r.formats().fen) {
            if let Ok(p) = tegoma_game::AnyPosition::from_fen(r, &f) {
                return p.feen();
            }
        }
    }
    f
}

async fn record(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let g = game(&hub, &id).await?;
    let pcn = records::pcn_of(&hub, &g, records::site_of(&headers, &id).as_deref()).await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], pcn.to_json()).into_response())
}

async fn pgn(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let g = game(&hub, &id).await?;
    let (m, _) = g.snapshot().await?;
    if m.start_fen().is_none() {
        // PGN needs FEN and SAN: the rule systems that have them (chess).
        return Err(ApiError::conflict(
            "NotChess",
            "PGN records chess games only",
        ));
    }
    let pcn = records::pcn_of(&hub, &g, records::site_of(&headers, &id).as_deref()).await?;
    let mut g = pcn_to_pgn(&pcn).map_err(|e| match e {
        tegoma_pgn::ConvertError::NotChess { .. } => {
            ApiError::conflict("NotChess", "PGN records chess games only")
        }
        other => ApiError::internal(other.to_string()),
    })?;
    records::finish_pgn(&mut g, &pcn);
    let text = game_to_string(&g).map_err(|e| ApiError::internal(e.to_string()))?;
    Ok(([(header::CONTENT_TYPE, "application/x-chess-pgn")], text).into_response())
}

async fn state(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let g = game(&hub, &id).await?;
    let sub = g.subscribe(i64::MAX).await?;
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        sub.state.as_str().to_owned(),
    )
        .into_response())
}

/// The answer of an action: the game's state, JSON text as the game wrote it.
fn json_state(a: Acked) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        a.state.as_deref().unwrap_or("null").to_string(),
    )
        .into_response()
}

async fn moves(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let (g, side) = seated(&hub, &id, &headers).await?;
    let mv: MoveRequest = read_body(&body, "the body must be {\"move\": PMN}")?;
    g.act(side, Action::Move(mv.pmn)).await.map(json_state)
}

async fn resign(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (g, side) = seated(&hub, &id, &headers).await?;
    g.act(side, Action::Resign).await.map(json_state)
}

fn offer(body: &Bytes) -> Result<Offer, ApiError> {
    let o: OfferRequest = read_body(body, "action must be the string offer, accept or decline")?;
    Ok(o.action.unwrap_or(Offer::Offer))
}

async fn draw(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let (g, side) = seated(&hub, &id, &headers).await?;
    g.act(side, Action::Draw(offer(&body)?))
        .await
        .map(json_state)
}

async fn takeback(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let (g, side) = seated(&hub, &id, &headers).await?;
    g.act(side, Action::Takeback(offer(&body)?))
        .await
        .map(json_state)
}

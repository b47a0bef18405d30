//! The analysis board's route, `POST /api/analysis`: any position of any game the server plays
//! (a FEEN, or a FEN where the game has FEN, and moves from it), answered as the game state
//! pictures a position (board, hands, legal moves, statuses) with, when asked, the engine's
//! evaluation and best line.
//!
//! No game is stored and none is named here: the rule system comes from the FEEN's styles
//! (or the `rules` named in the request), the engine from [`tegoma_engine::Engine::new`] on
//! that rule system.
//!
//! Limits ([`AnalysisLimits`]): the body's size, the moves' count, `movetime_ms` at most
//! [`MAX_MOVETIME_MS`]; per address, one search at a time and a rate of searches, and a much
//! looser rate of answers without search (the page asks one per position it shows); searches
//! at once on the whole server, each on tokio's blocking pool (`503 EngineBusy` beyond).

use std::collections::HashSet;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{ConnectInfo, Request};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use tegoma_engine::{Engine, Limits, Score};
use tegoma_game::AnyMatch;
use tegoma_notation::NotationError;
use tokio::sync::Semaphore;

use crate::config::Rate;
use crate::error::ApiError;
use crate::limits::{client_key, Bucket, Pruning};
use crate::view::{legal_of, plies_of, view, Extra, Layout, Parts};
use crate::wire::{read_object, ObjectError};

/// The longest search a request may ask for (`movetime_ms`), in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 2_000;

/// The longest move text (bytes), as the moves route allows.
const MAX_MOVE_BYTES: usize = 64;

/// The longest FEEN (bytes), as the games route allows.
const MAX_FEEN_BYTES: usize = 4096;

/// The analysis board's limits, with their defaults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysisLimits {
    /// Searches running at once on the whole server (default 2); beyond, `503 EngineBusy`.
    pub max_searches: usize,
    /// Searches (`movetime_ms` > 0) per address (default 30/min, bursts of 10); `None`: no
    /// limit. Besides, an address runs one search at a time (`429 AnalysisRunning`).
    pub rate_searches: Option<Rate>,
    /// Answers without search (`movetime_ms` 0) per address (default 20/s, bursts of 100);
    /// `None`: no limit.
    pub rate_positions: Option<Rate>,
    /// The largest request body in bytes (default 64 KiB); beyond, `413 BodyTooLarge`.
    pub max_body: usize,
    /// The most moves a request may hold (default 1,024); beyond, `422 TooManyMoves`.
    pub max_moves: usize,
}

impl Default for AnalysisLimits {
    fn default() -> Self {
        AnalysisLimits {
            max_searches: 2,
            rate_searches: Some(Rate::per_minute(30, 10)),
            rate_positions: Some(Rate::per_second(20, 100)),
            max_body: 64 * 1024,
            max_moves: 1024,
        }
    }
}

impl AnalysisLimits {
    /// These limits without the rates per address (the global bound and the sizes stay).
    pub fn without_address_limits(self) -> Self {
        AnalysisLimits {
            rate_searches: None,
            rate_positions: None,
            ..self
        }
    }
}

/// The analysis board's state on one server: its limits, the searches running.
pub struct Analysis {
    limits: AnalysisLimits,
    searches: Arc<Semaphore>,
    rate_searches: Option<Bucket>,
    rate_positions: Option<Bucket>,
    /// The addresses with a search running.
    running: Mutex<HashSet<IpAddr>>,
    pruning: Pruning,
}

impl std::fmt::Debug for Analysis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Analysis")
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

/// An address's running search, forgotten when dropped.
struct Running<'a> {
    analysis: &'a Analysis,
    key: IpAddr,
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        let mut r = self
            .analysis
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        r.remove(&self.key);
    }
}

impl Analysis {
    /// The state of a server with these limits.
    pub fn new(limits: &AnalysisLimits) -> Arc<Analysis> {
        Arc::new(Analysis {
            searches: Arc::new(Semaphore::new(limits.max_searches.max(1))),
            rate_searches: limits.rate_searches.map(Bucket::new),
            rate_positions: limits.rate_positions.map(Bucket::new),
            running: Mutex::new(HashSet::new()),
            pruning: Pruning::new(),
            limits: limits.clone(),
        })
    }

    /// Forgets, once a minute, the buckets full again.
    fn prune(&self) {
        if !self.pruning.due() {
            return;
        }
        for b in [&self.rate_searches, &self.rate_positions]
            .into_iter()
            .flatten()
        {
            b.forget_full();
        }
    }

    /// The address's turn for a search: its slot, or the refusal.
    fn start_search(&self, key: IpAddr) -> Result<Running<'_>, ApiError> {
        {
            let mut r = self.running.lock().unwrap_or_else(|e| e.into_inner());
            if !r.insert(key) {
                let mut e = ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "AnalysisRunning",
                    "this address has a search running: wait for its answer",
                );
                e.retry_after = Some(1);
                return Err(e);
            }
        }
        let slot = Running {
            analysis: self,
            key,
        };
        if let Some(b) = &self.rate_searches {
            b.check(&key)
                .map_err(|wait| rate_limited("searches", wait))?;
        }
        Ok(slot)
    }
}

/// `429 RateLimited` after `wait`.
fn rate_limited(what: &str, wait: Duration) -> ApiError {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    ApiError::rate_limited(
        format!("too many {what} from this address: try again later"),
        secs,
    )
}

/// `POST /api/analysis`'s body.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalysisRequest {
    /// The start position: a FEEN, or a FEN where the game has FEN.
    feen: String,
    /// The rule system's name, for a plain FEN (chess when not given) or to check a FEEN.
    #[serde(default)]
    rules: Option<String>,
    /// The moves from the start (PMN; SAN or UCI too where the game has SAN).
    #[serde(default)]
    moves: Vec<String>,
    /// The search's time (0: no search).
    #[serde(default)]
    movetime_ms: u64,
}

/// `POST /api/analysis`: see the module's documentation and docs/http-api.md.
pub async fn analyse(
    Extension(analysis): Extension<Arc<Analysis>>,
    req: Request,
) -> Result<Response, ApiError> {
    let key = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| client_key(c.0.ip()));
    let limits = &analysis.limits;
    let body = axum::body::to_bytes(req.into_body(), limits.max_body)
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "BodyTooLarge",
                format!("an analysis request has at most {} bytes", limits.max_body),
            )
        })?;
    let r: AnalysisRequest = read_object(&body).map_err(|e| match e {
        ObjectError::Fields(e) => ApiError::bad_request(
            "MalformedJson",
            format!("the body must be {{\"feen\", \"moves\", \"movetime_ms\"}} ({e})"),
        ),
        e => ApiError::bad_request("MalformedJson", e.to_string()),
    })?;
    if r.movetime_ms > MAX_MOVETIME_MS {
        return Err(ApiError::unprocessable(
            "InvalidMovetime",
            format!("movetime_ms is at most {MAX_MOVETIME_MS}"),
        ));
    }
    if r.moves.len() > limits.max_moves {
        return Err(ApiError::unprocessable(
            "TooManyMoves",
            format!("an analysis holds at most {} moves", limits.max_moves),
        ));
    }
    if r.feen.len() > MAX_FEEN_BYTES {
        return Err(ApiError::unprocessable(
            "FeenTooLong",
            format!("a FEEN has at most {MAX_FEEN_BYTES} bytes"),
        ));
    }
    analysis.prune();
    let running = if r.movetime_ms == 0 {
        if let Some(b) = &analysis.rate_positions {
            b.check(&key)
                .map_err(|wait| rate_limited("positions", wait))?;
        }
        None
    } else {
        Some(analysis.start_search(key)?)
    };
    let permit = if r.movetime_ms == 0 {
        None
    } else {
        let p = analysis.searches.clone().try_acquire_owned().map_err(|_| {
            let mut e = ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "EngineBusy",
                "the engine is searching as many positions as it may: try again shortly",
            );
            e.retry_after = Some(1);
            e
        })?;
        Some(p)
    };
    let answer = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        answer(&r)
    })
    .await
    .map_err(|e| ApiError::internal(format!("the analysis failed: {e}")))?;
    drop(running);
    let text = answer?.to_string();
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}

/// The match of a request's start and moves.
fn replay(r: &AnalysisRequest) -> Result<AnyMatch, ApiError> {
    let feen = crate::api::feen_of(r.feen.clone(), r.rules.as_deref());
    let start = tegoma_game::generic_from_feen(&feen)
        .map_err(|e| ApiError::unprocessable(e.kind(), e.to_string()))?;
    let rules = match &r.rules {
        Some(n) => tegoma_game::Rules::by_name(n)
            .map_err(|e| ApiError::unprocessable(e.kind(), e.to_string()))?,
        None => tegoma_game::Rules::for_position(&start)
            .map_err(|e| ApiError::unprocessable(e.kind(), e.to_string()))?,
    };
    let mut m = AnyMatch::from_position(rules, &start)
        .map_err(|e| ApiError::unprocessable(e.kind(), e.to_string()))?;
    for (i, mv) in r.moves.iter().enumerate() {
        if mv.len() > MAX_MOVE_BYTES {
            return Err(ApiError::unprocessable(
                "IllegalMove",
                format!("moves[{i}]: a move has at most {MAX_MOVE_BYTES} bytes"),
            ));
        }
        // An illegal move is refused here, in every game (Ōgi's forfeit is a game's rule, not
        // the analysis board's).
        let mut next = m.clone();
        match next.play_written(mv, None) {
            Ok(_) if next.ply_count() == m.ply_count() + 1 => m = next,
            Ok(_) => {
                return Err(ApiError::unprocessable(
                    "IllegalMove",
                    format!("moves[{i}] ({mv:?}) is not played in this position"),
                ))
            }
            Err(e) => {
                return Err(ApiError::unprocessable(
                    "IllegalMove",
                    format!("moves[{i}] ({mv:?}) is not legal here: {e}"),
                ))
            }
        }
    }
    Ok(m)
}

/// The answer to a request: the position's picture, and the search's findings when asked.
fn answer(r: &AnalysisRequest) -> Result<Value, ApiError> {
    let m = replay(r)?;
    let x = Extra {
        id: "",
        seq: 0,
        turn_start_ms: None,
        now_ms: 0,
        draw_offer: None,
        takeback_offer: None,
        engine: None,
        periods: None,
        meet: None,
    };
    let pos = m.position();
    let feen = m.feen();
    let parts = Parts {
        pos: &pos,
        feen: &feen,
        plies: &plies_of(&m),
        plies_from: 0,
        legal: &legal_of(&m),
    };
    let text = view(&m, &x, &Layout::of(&m), &parts);
    let mut out: Map<String, Value> =
        serde_json::from_str(&text).map_err(|e| ApiError::internal(e.to_string()))?;
    for k in [
        "id",
        "seq",
        "clock",
        "draw_offer",
        "takeback_offer",
        "engine",
        "plies_from",
    ] {
        out.remove(k);
    }
    let statuses: Vec<Value> = m
        .statuses()
        .to_string()
        .split_whitespace()
        .map(|s| Value::String(s.to_string()))
        .collect();
    out.insert("statuses".into(), Value::Array(statuses));
    if r.movetime_ms > 0 && m.outcome().is_none() && !m.legal_moves().is_empty() {
        let mut engine = Engine::new(m.rules().clone());
        let found = engine
            .search_match(&m, Limits::movetime(r.movetime_ms), &mut |_| {})
            .map_err(|e| ApiError::unprocessable("EngineRefused", e.to_string()))?;
        let info = found.info;
        let score = match info.score {
            Score::Centipawns(cp) => json!({ "cp": cp }),
            Score::Mate(n) => json!({ "mate": n }),
        };
        out.insert("score".into(), score);
        out.insert("depth".into(), json!(info.depth));
        out.insert("nodes".into(), json!(info.nodes));
        // The line in SAN beside PMN where the game has SAN (each move read and written once).
        let mut line = m.clone();
        let mut san = Vec::new();
        let mut pv = Vec::new();
        for p in &info.pv {
            match line.play_written(p, None) {
                Ok((_, w)) => {
                    san.push(w.san.map_or(Value::Null, Value::String));
                    pv.push(Value::String(w.pmn));
                }
                Err(_) => break,
            }
        }
        if san.iter().any(|s| !s.is_null()) {
            out.insert("pv_san".into(), Value::Array(san));
        }
        out.insert("pv".into(), Value::Array(pv));
    }
    Ok(Value::Object(out))
}

//! The JSON picture of a game sent to clients with every event: board, hands, legal moves, move
//! list, clocks, offers, outcome. The browser draws it without any rules of its own.

use serde_json::{json, Value};
use tegoma_game::clock::Clock;
use tegoma_game::{AnyMatch, MoveFormat};
use tegoma_protocol::{Decision, Side};

/// The milliseconds a side may still spend on its current ply before its flag falls (the clock
/// as it stands, the side to move or not), or `None` when it never falls.
pub fn time_to_flag(clock: &Clock, side: Side) -> Option<u64> {
    let mut c = clock.clone();
    c.set_to_move(side);
    if c.flagged().is_some() {
        return Some(0);
    }
    let mut hi: u64 = 1 << 50;
    if !c.would_flag(hi) {
        return None;
    }
    let mut lo: u64 = 0;
    if c.would_flag(0) {
        return Some(0);
    }
    // would_flag(lo) is false, would_flag(hi) true.
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if c.would_flag(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

/// The name of a side in JSON.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

/// A side from its JSON name.
pub fn side_from(name: &str) -> Option<Side> {
    match name {
        "first" => Some(Side::First),
        "second" => Some(Side::Second),
        _ => None,
    }
}

/// What the view needs besides the match.
pub struct Extra<'a> {
    /// The game's id.
    pub id: &'a str,
    /// The number of the last event.
    pub seq: i64,
    /// When the running clock's turn began (ms since the epoch), if a clock runs.
    pub turn_start_ms: Option<i64>,
    /// Now, ms since the epoch.
    pub now_ms: i64,
    /// A pending draw offer.
    pub draw_offer: Option<Side>,
    /// A pending take-back request.
    pub takeback_offer: Option<Side>,
    /// The engine's seat and level.
    pub engine: Option<(Side, u8)>,
    /// The PCN periods, if timed.
    pub periods: Option<&'a Value>,
}

/// The board as rows from the top rank, each cell `{"cell": "e4", "piece": "+P"|null}` (holes
/// are `null` cells); `files`/`ranks` give the size.
fn board(m: &AnyMatch) -> Value {
    let pos = m.position();
    let b = pos.board();
    let sizes = b.sizes();
    let (files, ranks) = match sizes.len() {
        1 => (usize::from(sizes[0]), 1),
        _ => (usize::from(sizes[0]), usize::from(sizes[1])),
    };
    let layers = if sizes.len() == 3 {
        usize::from(sizes[2])
    } else {
        1
    };
    let mut rows: Vec<Vec<Value>> = Vec::with_capacity(ranks * layers);
    let mut row = Vec::with_capacity(files);
    for flat in 0..b.span() {
        let sq = tegoma_protocol::Square::new(flat as u32);
        let cell = if b.contains(sq) {
            let piece = pos.piece_at(sq).map(|p| p.to_string());
            json!({"cell": b.cell(sq).to_string(), "piece": piece})
        } else {
            Value::Null
        };
        row.push(cell);
        if row.len() == files {
            rows.push(std::mem::take(&mut row));
        }
    }
    json!({"files": files, "ranks": ranks * layers, "rows": rows})
}

fn hand(m: &AnyMatch, side: Side) -> Value {
    let pos = m.position();
    Value::Array(
        pos.hand(side)
            .canonical_items()
            .into_iter()
            .map(|(p, n)| json!({"piece": p.to_string(), "count": n}))
            .collect(),
    )
}

/// Every ply: `{"pmn", "san"}` (SAN for chess).
pub fn plies_of(m: &AnyMatch) -> Vec<Value> {
    let pmn = m.pmn_plies();
    let san = m.plies_as(MoveFormat::San).ok();
    pmn.iter()
        .enumerate()
        .map(|(i, p)| match &san {
            Some(s) => json!({"pmn": p, "san": s.get(i)}),
            None => json!({"pmn": p}),
        })
        .collect()
}

/// Every legal move: `{"pmn", "san"}` (SAN for chess).
pub fn legal_of(m: &AnyMatch) -> Vec<Value> {
    match (
        m.legal_moves_as(MoveFormat::Pmn),
        m.legal_moves_as(MoveFormat::San),
    ) {
        (Ok(p), Ok(s)) => p
            .into_iter()
            .zip(s)
            .map(|(p, s)| json!({"pmn": p, "san": s}))
            .collect(),
        (Ok(p), Err(_)) => p.into_iter().map(|p| json!({"pmn": p})).collect(),
        _ => Vec::new(),
    }
}

/// The game's picture (see the module docs), given its plies and legal moves ([`plies_of`],
/// [`legal_of`], which the caller may keep from one event to the next).
pub fn view(m: &AnyMatch, x: &Extra<'_>, plies: &[Value], legal: &[Value]) -> Value {
    let statuses = m.statuses();
    let outcome = m.outcome().map(|o| {
        let result = match o.decision {
            Decision::Win(s) => side_name(s),
            Decision::Draw => "draw",
        };
        let reason = o.statuses.iter().next().map(|s| s.to_string());
        json!({"result": result, "statuses": o.statuses.to_string(), "reason": reason})
    });
    let clock = m.clock().map(|c| {
        let running = if m.outcome().is_none() {
            x.turn_start_ms.map(|_| m.side_to_move())
        } else {
            None
        };
        let left = |side: Side| -> Value {
            match time_to_flag(c, side) {
                None => Value::Null,
                Some(ms) => {
                    let spent = match (running, x.turn_start_ms) {
                        (Some(r), Some(t)) if r == side => (x.now_ms - t).max(0) as u64,
                        _ => 0,
                    };
                    json!(ms.saturating_sub(spent))
                }
            }
        };
        json!({
            "first_ms": left(Side::First),
            "second_ms": left(Side::Second),
            "running": running.map(side_name),
            "periods": x.periods,
        })
    });
    json!({
        "id": x.id,
        "seq": x.seq,
        "rules": m.rules().name(),
        "start_feen": m.start_feen(),
        "feen": m.feen(),
        "fen": m.fen(),
        "turn": side_name(m.side_to_move()),
        "board": board(m),
        "hands": {"first": hand(m, Side::First), "second": hand(m, Side::Second)},
        "plies": plies,
        "legal": legal,
        "statuses": statuses.to_string(),
        "check": statuses.iter().any(|s| s.to_string() == "check"),
        "clock": clock,
        "draw_offer": x.draw_offer.map(side_name),
        "takeback_offer": x.takeback_offer.map(side_name),
        "outcome": outcome,
        "engine": x.engine.map(|(s, l)| json!({"side": side_name(s), "level": l})),
    })
}

//! The JSON picture of a game sent to clients with every event: board, hands, legal moves, move
//! list, clocks, offers, outcome. The browser draws it without any rules of its own.

use std::fmt::Write as _;

use serde_json::Value;
use tegoma_game::clock::Clock;
use tegoma_game::{AnyMatch, MoveFormat};
use tegoma_protocol::{Decision, Piece, Position as Generic, Side, Square};

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
    /// Names, the free seat, the rematch ([`crate::meet::Meet::json_fields`]).
    pub meet: Option<&'a crate::meet::Meet>,
}

/// Appends `s` to `out` as a JSON string.
pub fn push_json_str(out: &mut String, s: &str) {
    out.push('"');
    if !s.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        out.push_str(s);
        out.push('"');
        return;
    }
    let mut from = 0;
    for (i, b) in s.bytes().enumerate() {
        let esc: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[from..i]);
        if esc.is_empty() {
            let _ = write!(out, "\\u{b:04x}");
        } else {
            out.push_str(esc);
        }
        from = i + 1;
    }
    out.push_str(&s[from..]);
    out.push('"');
}

/// The fixed parts of a game's picture, computed once: the board's size, the name of every
/// cell (`None` for holes) in the order of the board's squares, the start position.
#[derive(Debug, Clone)]
pub struct Layout {
    files: usize,
    ranks: usize,
    cells: Vec<Option<String>>,
    /// The start position's FEEN (fixed too).
    start_feen: String,
}

impl Layout {
    /// The layout of the match's board.
    pub fn of(m: &AnyMatch) -> Layout {
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
        let cells = (0..b.span())
            .map(|flat| {
                let sq = Square::new(flat as u32);
                b.contains(sq).then(|| b.cell(sq).to_string())
            })
            .collect();
        Layout {
            files,
            ranks: ranks * layers,
            cells,
            start_feen: m.start_feen(),
        }
    }
}

/// Writes one cell, `{"cell": NAME, "piece": EPIN|null}`.
fn write_cell(out: &mut String, name: &str, piece: Option<Piece>) {
    out.push_str(r#"{"cell":"#);
    push_json_str(out, name);
    out.push_str(r#","piece":"#);
    match piece {
        Some(p) => push_piece(out, p),
        None => out.push_str("null"),
    }
    out.push('}');
}

/// Writes a piece's EPIN token as a JSON string, from its encoding (the formatting machinery
/// of `Display` cost about 300 instructions a piece, written a dozen times a move).
fn push_piece(out: &mut String, p: Piece) {
    let token = p.epin().encode();
    push_json_str(out, token.as_str());
}

/// Writes `n` in decimal (without the formatting machinery, about 400 instructions a number
/// through `write!`).
pub(crate) fn push_int(out: &mut String, n: impl itoa::Integer) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// The board as rows from the top rank, each cell `{"cell": "e4", "piece": "+P"|null}` (holes
/// are `null` cells); `files`/`ranks` give the size.
fn write_board(out: &mut String, pos: &Generic, layout: &Layout) {
    let _ = write!(
        out,
        r#"{{"files":{},"ranks":{},"rows":["#,
        layout.files, layout.ranks
    );
    for (flat, cell) in layout.cells.iter().enumerate() {
        let col = flat % layout.files.max(1);
        if col == 0 {
            if flat > 0 {
                out.push_str("],");
            }
            out.push('[');
        } else {
            out.push(',');
        }
        match cell {
            None => out.push_str("null"),
            Some(name) => write_cell(out, name, pos.piece_at(Square::new(flat as u32))),
        }
    }
    if !layout.cells.is_empty() {
        out.push(']');
    }
    out.push_str("]}");
}

fn write_hand(out: &mut String, pos: &Generic, side: Side) {
    out.push('[');
    for (i, (p, n)) in pos.hand(side).canonical_items().into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(r#"{"piece":"#);
        push_piece(out, p);
        out.push_str(r#","count":"#);
        push_int(out, n);
        out.push('}');
    }
    out.push(']');
}

/// A ply or legal move as sent: `{"pmn", "san"}` (`san` when the rule system has SAN) and the
/// move as data ([`push_move_fields`]).
pub fn move_entry(pmn: &str, san: Option<Option<&str>>) -> String {
    let mut out = String::with_capacity(64);
    out.push_str(r#"{"pmn":"#);
    push_json_str(&mut out, pmn);
    match san {
        None => {}
        Some(None) => out.push_str(r#","san":null"#),
        Some(Some(s)) => {
            out.push_str(r#","san":"#);
            push_json_str(&mut out, s);
        }
    }
    push_move_fields(&mut out, pmn);
    out.push('}');
    out
}

/// Appends a move's parts as data, each field preceded by a comma and present only when the
/// move has it, in PMN's vocabulary: `from` (its source square), `to` (its destination),
/// `drop` (the piece a drop takes from the hand, EPIN), `mutation` (`=X`: what the moving or
/// dropped piece becomes, a promotion) and `capture_mutation` (`/Y`: what the captured piece
/// becomes in the hand). The board selects and labels moves from these and never reads PMN.
/// A text that is not canonical PMN (an Ōgi illegal move stored as submitted) gets none.
pub fn push_move_fields(out: &mut String, pmn: &str) {
    let Ok(m) = tegoma_notation::pmn::Pmn::parse(pmn) else {
        return;
    };
    let mut field = |key: &str, value: Option<String>| {
        if let Some(v) = value {
            out.push_str(key);
            push_json_str(out, &v);
        }
    };
    field(r#","from":"#, m.source().map(|c| c.to_string()));
    field(r#","to":"#, m.destination().map(|c| c.to_string()));
    field(r#","drop":"#, m.drop_piece().map(|p| p.to_string()));
    field(r#","mutation":"#, m.mutation().map(|p| p.to_string()));
    field(
        r#","capture_mutation":"#,
        m.capture_mutation().map(|p| p.to_string()),
    );
}

/// Every ply, as [`move_entry`] writes them (SAN for chess).
pub fn plies_of(m: &AnyMatch) -> Vec<String> {
    let pmn = m.pmn_plies();
    let san = m.plies_as(MoveFormat::San).ok();
    pmn.iter()
        .enumerate()
        .map(|(i, p)| move_entry(p, san.as_ref().map(|s| s.get(i).map(String::as_str))))
        .collect()
}

/// Writes every legal move into `out` (cleared first) as [`move_entry`] writes them (PMN and
/// the move as data; `san` and `uci` too where the rule system has them, so that the browser
/// can check a typed move before sending it), joined by commas: the inside of the `legal`
/// array.
pub fn write_legal(m: &AnyMatch, out: &mut String) {
    out.clear();
    // The same list in each format, in the same order.
    let san = m.legal_moves_as(MoveFormat::San).ok();
    let uci = m.legal_moves_as(MoveFormat::Uci).ok();
    let mut i = 0;
    let _ = m.for_each_legal_move(MoveFormat::Pmn, |p| {
        if i > 0 {
            out.push(',');
        }
        out.push_str(r#"{"pmn":"#);
        push_json_str(out, p);
        for (key, list) in [(r#","san":"#, &san), (r#","uci":"#, &uci)] {
            if let Some(text) = list.as_ref().and_then(|l| l.get(i)) {
                out.push_str(key);
                push_json_str(out, text);
            }
        }
        push_move_fields(out, p);
        out.push('}');
        i += 1;
    });
}

/// [`write_legal`] into a new string.
pub fn legal_of(m: &AnyMatch) -> String {
    let mut out = String::new();
    write_legal(m, &mut out);
    out
}

/// Appends `v` as JSON (strings, numbers and JSON values: writing cannot fail).
fn push_value(out: &mut String, v: &impl serde::Serialize) {
    if let Ok(text) = serde_json::to_string(v) {
        out.push_str(&text);
    }
}

/// A game's clock as sent (`clock` of the state and of every update and event).
#[derive(serde::Serialize)]
struct ClockView<'a> {
    /// The first player's time until the flag falls (ms), `null` when it never falls.
    first_ms: Option<u64>,
    /// The second player's.
    second_ms: Option<u64>,
    /// The side whose clock runs.
    running: Option<&'static str>,
    /// The PCN periods.
    periods: Option<&'a Value>,
    /// Where the first player stands in the periods.
    first_period: PeriodView,
    /// Where the second player stands.
    second_period: PeriodView,
}

/// Where a side stands in its time control: the period it plays in (its index in `periods`;
/// the last one repeats) and how many periods it has left, that one included.
#[derive(serde::Serialize)]
struct PeriodView {
    /// The current period's index.
    index: usize,
    /// The periods left, the current one included (the last, repeating, counts once).
    left: usize,
}

/// A game's outcome as sent.
#[derive(serde::Serialize)]
struct OutcomeView {
    /// `first`, `second` or `draw`.
    result: &'static str,
    /// The CGSN statuses of the end.
    statuses: String,
    /// The first of them.
    reason: Option<String>,
}

/// What a game's picture is written from besides the match: the position (exported once per
/// event), the plies (`plies_from` > 0 writes only the plies after the first `plies_from`: a
/// client keeps those from the state before) and the legal moves ([`plies_of`],
/// [`write_legal`], which the caller may keep from one event to the next).
pub struct Parts<'a> {
    /// The current position.
    pub pos: &'a Generic,
    /// Its FEEN.
    pub feen: &'a str,
    /// Every ply's entry.
    pub plies: &'a [String],
    /// How many plies the client already has.
    pub plies_from: usize,
    /// The legal moves, joined.
    pub legal: &'a str,
}

/// Writes what may change with an event, each field preceded by a comma: `feen`, `fen`, `turn`,
/// `hands`, `plies_from`, `plies`, `legal`, `statuses`, `check`, `clock`,
/// `illegal_move_loses`, `draw_offer`, `takeback_offer`, `outcome`.
fn write_changing(out: &mut String, m: &AnyMatch, x: &Extra<'_>, p: &Parts<'_>) {
    if let Some(meet) = x.meet {
        out.push_str(&meet.json_fields());
    }
    let statuses = m.statuses();
    out.push_str(r#","feen":"#);
    push_json_str(out, p.feen);
    out.push_str(r#","fen":"#);
    match m.fen() {
        Some(f) => push_json_str(out, &f),
        None => out.push_str("null"),
    }
    let _ = write!(
        out,
        r#","turn":"{}","hands":{{"first":"#,
        side_name(m.side_to_move())
    );
    write_hand(out, p.pos, Side::First);
    out.push_str(r#","second":"#);
    write_hand(out, p.pos, Side::Second);
    let plies_from = p.plies_from.min(p.plies.len());
    let _ = write!(out, r#"}},"plies_from":{plies_from},"plies":["#);
    for (i, ply) in p.plies[plies_from..].iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(ply);
    }
    out.push_str(r#"],"legal":["#);
    out.push_str(p.legal);
    out.push_str(r#"],"statuses":"#);
    let statuses = statuses.to_string();
    push_json_str(out, &statuses);
    let check = statuses.split(' ').any(|s| s == "check");
    let _ = write!(out, r#","check":{check}"#);
    write_clock(out, m, x);
    let _ = write!(
        out,
        r#","illegal_move_loses":{{"first":{},"second":{}}}"#,
        m.illegal_move_loses(Side::First),
        m.illegal_move_loses(Side::Second)
    );
    let name = |s: Option<Side>| match s {
        Some(s) => side_name(s),
        None => "",
    };
    for (key, side) in [
        (r#","draw_offer":"#, x.draw_offer),
        (r#","takeback_offer":"#, x.takeback_offer),
    ] {
        out.push_str(key);
        match side {
            Some(_) => {
                out.push('"');
                out.push_str(name(side));
                out.push('"');
            }
            None => out.push_str("null"),
        }
    }
    write_outcome(out, m);
}

/// Writes `,"clock":` and the match's clock (`first_ms`, `second_ms`: time until the flag
/// falls, counting the running turn until `x.now_ms`, 0 for a side that lost on time;
/// `running`; `periods`; `first_period`, `second_period`: `{"index", "left"}`), or `null`.
fn write_clock(out: &mut String, m: &AnyMatch, x: &Extra<'_>) {
    out.push_str(r#","clock":"#);
    let Some(c) = m.clock() else {
        out.push_str("null");
        return;
    };
    let running = if m.outcome().is_none() {
        x.turn_start_ms.map(|_| m.side_to_move())
    } else {
        None
    };
    // A side that lost on time shows no time left (its clock recorded only the plies it made).
    let flagged = m
        .outcome()
        .filter(|o| {
            o.statuses
                .contains(tegoma_notation::cgsn::Status::Timelimit)
        })
        .and_then(|o| o.winner())
        .map(Side::flip);
    let left = |side: Side| -> Option<u64> {
        if flagged == Some(side) {
            return Some(0);
        }
        let ms = time_to_flag(c, side)?;
        let spent = match (running, x.turn_start_ms) {
            (Some(r), Some(t)) if r == side => (x.now_ms - t).max(0) as u64,
            _ => 0,
        };
        Some(ms.saturating_sub(spent))
    };
    let clock = ClockView {
        first_ms: left(Side::First),
        second_ms: left(Side::Second),
        running: running.map(side_name),
        periods: x.periods,
        first_period: period_of(c, Side::First),
        second_period: period_of(c, Side::Second),
    };
    push_value(out, &clock);
}

/// Where `side` stands in its time control.
fn period_of(c: &Clock, side: Side) -> PeriodView {
    let count = c.control(side).periods().len();
    let index = c.state(side).period.min(count.saturating_sub(1));
    PeriodView {
        index,
        left: count - index,
    }
}

/// Writes `,"outcome":` and the match's outcome (`result`, `statuses`, `reason`), or `null`.
fn write_outcome(out: &mut String, m: &AnyMatch) {
    out.push_str(r#","outcome":"#);
    let Some(o) = m.outcome() else {
        out.push_str("null");
        return;
    };
    let result = match o.decision {
        Decision::Win(s) => side_name(s),
        Decision::Draw => "draw",
    };
    let o = OutcomeView {
        result,
        statuses: o.statuses.to_string(),
        reason: o.statuses.iter().next().map(|s| s.to_string()),
    };
    push_value(out, &o);
}

/// The message of the `events` view after an event (see the crate's README): `{"type":
/// "event", "seq", "event", "turn", "clock", "outcome"}`, `event` being the event's JSON text
/// as stored; for clients that keep their own board (bots, engines), in place of an update.
pub fn event_message(m: &AnyMatch, x: &Extra<'_>, event: Option<&str>) -> String {
    let event = event.unwrap_or("null");
    let mut out = String::with_capacity(event.len() + 160);
    let _ = write!(
        out,
        r#"{{"type":"event","seq":{},"event":{event},"turn":"{}""#,
        x.seq,
        side_name(m.side_to_move())
    );
    write_clock(&mut out, m, x);
    write_outcome(&mut out, m);
    out.push('}');
    out
}

/// The game's picture (see the module docs) as JSON text, given its board layout
/// ([`Layout::of`]) and [`Parts`]. Written directly, without an intermediate JSON tree.
pub fn view(m: &AnyMatch, x: &Extra<'_>, layout: &Layout, p: &Parts<'_>) -> String {
    let size = 512 + layout.cells.len() * 28 + p.plies.len() * 32 + p.legal.len();
    let mut out = String::with_capacity(size);
    out.push_str(r#"{"id":"#);
    push_json_str(&mut out, x.id);
    let _ = write!(out, r#","seq":{},"rules":"#, x.seq);
    push_json_str(&mut out, m.rules().name());
    out.push_str(r#","start_feen":"#);
    push_json_str(&mut out, &layout.start_feen);
    out.push_str(r#","board":"#);
    write_board(&mut out, p.pos, layout);
    write_changing(&mut out, m, x, p);
    out.push_str(r#","engine":"#);
    match x.engine {
        Some((s, l)) => {
            let _ = write!(out, r#"{{"side":"{}","level":{l}}}"#, side_name(s));
        }
        None => out.push_str("null"),
    }
    out.push('}');
    out
}

/// What changed with one event, for a client that has the picture of the event before: `seq`,
/// `cells` (the board's changed cells, `{"cell", "piece"}`, given by their index in the
/// layout's order) and every field [`view`] writes that may change (the plies after
/// `plies_from`). The fixed fields (`id`, `rules`, `start_feen`, `engine`, the board's size)
/// are left out.
pub fn update(
    m: &AnyMatch,
    x: &Extra<'_>,
    layout: &Layout,
    changed: &[usize],
    p: &Parts<'_>,
) -> String {
    let size = 384 + changed.len() * 28 + (p.plies.len() - p.plies_from.min(p.plies.len())) * 32;
    let mut out = String::with_capacity(size + p.legal.len());
    out.push_str(r#"{"seq":"#);
    push_int(&mut out, x.seq);
    out.push_str(r#","cells":["#);
    let mut first = true;
    for &flat in changed {
        if let Some(Some(name)) = layout.cells.get(flat) {
            if !first {
                out.push(',');
            }
            first = false;
            write_cell(&mut out, name, p.pos.piece_at(Square::new(flat as u32)));
        }
    }
    out.push(']');
    write_changing(&mut out, m, x, p);
    out.push('}');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_strings_are_escaped_as_serde_json_reads_them() {
        for s in [
            "e2-e4",
            "a\"b\\c",
            "line\nbreak\ttab\r",
            "\u{1}\u{1f}",
            "Ōgi +P'",
            "",
        ] {
            let mut out = String::new();
            push_json_str(&mut out, s);
            assert_eq!(serde_json::from_str::<String>(&out).unwrap(), s, "{out}");
        }
    }

    /// Each form the board plays, written by hand.
    #[test]
    fn moves_are_sent_as_data() {
        for (pmn, expected) in [
            ("e2-e4", r#"{"pmn":"e2-e4","from":"e2","to":"e4"}"#),
            (
                "e7-e8=Q",
                r#"{"pmn":"e7-e8=Q","from":"e7","to":"e8","mutation":"Q"}"#,
            ),
            (
                "b7+a8=R",
                r#"{"pmn":"b7+a8=R","from":"b7","to":"a8","mutation":"R"}"#,
            ),
            (
                "d1+f3/+r",
                r#"{"pmn":"d1+f3/+r","from":"d1","to":"f3","capture_mutation":"+r"}"#,
            ),
            ("e1~g1", r#"{"pmn":"e1~g1","from":"e1","to":"g1"}"#),
            ("P*e5", r#"{"pmn":"P*e5","to":"e5","drop":"P"}"#),
            ("not pmn", r#"{"pmn":"not pmn"}"#),
        ] {
            assert_eq!(move_entry(pmn, None), expected, "{pmn}");
        }
    }

    #[test]
    fn the_written_state_is_json_with_the_board_and_moves() {
        let m = AnyMatch::new(tegoma_game::Rules::by_name("chess").unwrap());
        let x = Extra {
            id: "g1",
            seq: 0,
            turn_start_ms: None,
            now_ms: 0,
            draw_offer: None,
            takeback_offer: None,
            engine: None,
            periods: None,
            meet: None,
        };
        let parts = Parts {
            pos: &m.position(),
            feen: &m.feen(),
            plies: &plies_of(&m),
            plies_from: 0,
            legal: &legal_of(&m),
        };
        let text = view(&m, &x, &Layout::of(&m), &parts);
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["board"]["files"], 8);
        assert_eq!(v["board"]["rows"].as_array().unwrap().len(), 8);
        assert_eq!(v["board"]["rows"][0][0]["cell"], "a8");
        assert_eq!(v["board"]["rows"][7][4]["cell"], "e1");
        // EPIN: the king, enhanced (it may castle), terminal.
        assert_eq!(v["board"]["rows"][7][4]["piece"], "+K^");
        assert!(v["board"]["rows"][4][4]["piece"].is_null());
        assert_eq!(v["legal"].as_array().unwrap().len(), 20);
        // Each legal move as data too (by hand: e2-e4 goes from e2 to e4), in SAN and UCI.
        let e4 = v["legal"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["pmn"] == "e2-e4")
            .expect("e2-e4 is legal");
        assert_eq!(
            e4,
            &serde_json::json!({"pmn": "e2-e4", "san": "e4", "uci": "e2e4", "from": "e2", "to": "e4"})
        );
        let nf3 = v["legal"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["pmn"] == "g1-f3");
        assert_eq!(nf3.unwrap()["san"], "Nf3");
        assert_eq!(nf3.unwrap()["uci"], "g1f3");
        assert_eq!(
            v["illegal_move_loses"],
            serde_json::json!({"first": false, "second": false})
        );
        assert_eq!(v["turn"], "first");
        assert!(v["outcome"].is_null() && v["clock"].is_null());
    }
}

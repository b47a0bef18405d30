//! PGN ↔ PCN for chess (ruling R10), with nothing dropped silently (R9): what a form cannot
//! hold is counted in a [`Warning`].
//!
//! PGN → PCN:
//! - Tags: `Event`, `Site`, `Date`, `Round` become `meta.event`, `meta.site`, `meta.date`,
//!   `meta.round`; `White` and `Black` become `sides.first.name` and `sides.second.name`;
//!   `TimeControl` becomes `periods` when it maps one to one (`180+2` is
//!   `[{"time": 180, "inc": 2}]`, `40/5400:1800` is `[{"moves": 40, "time": 5400},
//!   {"time": 1800}]`, `-` is `[]`), else it stays in `meta` (`?`, `*60`); `FEN` becomes the
//!   setup (FEN → FEEN, the FEN itself kept as `setup.fen` for its halfmove clock and move
//!   number); `SetUp` and `Result` are implied; every other tag stays in `meta` under its own
//!   name. A repeated tag keeps its first value (the others are counted). A roster tag with
//!   PGN's "unknown" value (`?`, `????.??.??`), which the export form writes for a missing one,
//!   is left out.
//! - Per ply object (the keys after `move` and `seconds`; PCN keeps unknown keys), for what
//!   follows that move in the PGN, and on the `setup` object for what comes before the first
//!   move:
//!
//!   | key | value | PGN |
//!   |---|---|---|
//!   | `comments` | array of strings | `{...}` and `;` comments, `[%clk]`/`[%emt]` taken out |
//!   | `nags` | array of integers | `$n`, and `!` `?` `!!` `??` `!?` `?!` as NAGs 1-6 |
//!   | `variations` | array of strings | each variation's movetext, without its parentheses |
//!   | `clock` | number (seconds) | `[%clk H:MM:SS]`: the mover's clock after the ply |
//!   | `seconds` | number (PCN's own: time spent) | `[%emt H:MM:SS]`, or what `[%clk]` implies under the `TimeControl` |
//!
//! - The outcome is the replay's; a result the record states and the replay contradicts is
//!   kept as `outcome.stated` (`"1-0"`, ...) and counted ([`WarningKind::OutcomeDisagrees`]).
//! - Clock times that run out under the `TimeControl` before the game's end leave the tag in
//!   `meta` (counted, [`WarningKind::Kept`]): the record replays as it was played.
//!
//! PCN → PGN writes all of these back (`seconds` as `[%emt]` unless `[%clk]` already implies
//! it), and counts what PGN has no place for: other keys of ply objects, of `setup`, of
//! `outcome` and of `sides`, `links`, unknown top-level keys, meta keys that are not PGN tag
//! names, periods `TimeControl` cannot write, explicit ending statuses (resignation, agreement,
//! time forfeit, illegal move: PGN holds the result only).

use std::collections::HashSet;

use serde_json::{json, Value};
use tegoma_notation::cgsn::{Status, StatusSet};
use tegoma_notation::pcn::{self, GameResult, Map, Pcn};
use tegoma_protocol::{RuleSystem, Side};
use tegoma_rules::chess::San;
use tegoma_rules::systems::Chess;

use tegoma_game::record::{
    match_from_pcn_with, match_to_pcn, seconds_to_ms, time_control, RecordError,
};
use tegoma_game::replay::result_mark;
use tegoma_game::SetupError;
use tegoma_game::{AnyMatch, AnyPosition, AutomaticDraws, Match, MatchError, MoveFormat, Rules};
use tegoma_notation::NotationError;
use tegoma_rules::chess::SanError;

use crate::san_match::ChessMatch;
use crate::{Comment, Nag, PgnGame, PgnReader, PgnResult, PgnWarning, Variation};
use clock_text::{hms, seconds_value, take_command, ClockWalk};

mod clock_text;
mod warning;

pub use clock_text::{periods_of_time_control, time_control_of_periods};
use warning::Tally;
pub use warning::{Warning, WarningKind};

/// Why a PGN game cannot be converted to PCN, or a PCN record to PGN.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ConvertError {
    /// The PCN record cannot be read, set up or replayed (the kind is the record error's).
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A PCN record of a game that is not chess (kind `NotChess`): PGN records chess games
    /// only.
    #[error("PGN records chess games only; this record is {rules}")]
    NotChess {
        /// The record's rule system.
        rules: String,
    },
    /// A move the PGN writer cannot spell (kind `InvalidSan`).
    #[error(transparent)]
    San(#[from] SanError),
    /// A PGN game of a chess variant (kind `UnsupportedVariant`, ruling R11).
    #[error("unsupported variant {0:?}: only standard chess is converted")]
    Variant(String),
    /// A PGN game with a null move in its main line (kind `NullMove`, ruling R10).
    #[error("ply {0} is a null move (--): the chess rule system has no pass")]
    NullMove(usize),
}

impl From<MatchError> for ConvertError {
    fn from(e: MatchError) -> ConvertError {
        ConvertError::Record(RecordError::Ply(e))
    }
}

impl From<SetupError> for ConvertError {
    fn from(e: SetupError) -> ConvertError {
        ConvertError::Record(RecordError::Setup(e))
    }
}

impl NotationError for ConvertError {
    fn kind(&self) -> &'static str {
        match self {
            ConvertError::Record(e) => e.kind(),
            ConvertError::NotChess { .. } => "NotChess",
            ConvertError::San(e) => e.kind(),
            ConvertError::Variant(_) => "UnsupportedVariant",
            ConvertError::NullMove(_) => "NullMove",
        }
    }
}

/// The ply (and setup) key of the comments: an array of strings.
pub const KEY_COMMENTS: &str = "comments";
/// The ply (and setup) key of the NAGs: an array of integers.
pub const KEY_NAGS: &str = "nags";
/// The ply (and setup) key of the variations: an array of PGN movetext strings.
pub const KEY_VARIATIONS: &str = "variations";
/// The ply key of the mover's clock after the ply (`[%clk]`), in seconds.
pub const KEY_CLOCK: &str = "clock";
/// The `outcome` key of a result the record states and the replay contradicts (`"1-0"`...).
pub const KEY_STATED: &str = "stated";

const META_TAGS: [(&str, &str); 4] = [
    ("Event", "event"),
    ("Site", "site"),
    ("Date", "date"),
    ("Round", "round"),
];

/// Tags the PCN → PGN conversion writes from other sections than `meta`.
const WRITTEN_TAGS: [&str; 9] = [
    "Event", "Site", "Date", "Round", "White", "Black", "Result", "SetUp", "FEN",
];

/// Converts a PGN game into a PCN record (every SAN move checked through the chess rules);
/// [`pgn_to_pcn_with_warnings`] without the warnings.
///
/// # Errors
/// As [`pgn_to_pcn_with_warnings`].
pub fn pgn_to_pcn(game: &PgnGame) -> Result<Pcn, ConvertError> {
    pgn_to_pcn_with_warnings(game).map(|(pcn, _)| pcn)
}

/// Converts a PGN game into a PCN record (see the [module documentation](self) for the
/// mapping), with the warnings of the conversion.
///
/// # Errors
/// A variant game (`UnsupportedVariant`), a null move in the main line (`NullMove`), a bad
/// `FEN` tag or an illegal move (its ply number and reason).
pub fn pgn_to_pcn_with_warnings(game: &PgnGame) -> Result<(Pcn, Vec<Warning>), ConvertError> {
    pgn_to_pcn_with(game, None)
}

/// [`pgn_to_pcn_with_warnings`] with other automatic draws than R3 (FIDE's, for games played
/// under its Laws; `None`: the rule system's own); see [`AutomaticDraws`].
///
/// # Errors
/// As [`pgn_to_pcn_with_warnings`].
pub fn pgn_to_pcn_with(
    game: &PgnGame,
    draws: Option<AutomaticDraws>,
) -> Result<(Pcn, Vec<Warning>), ConvertError> {
    let mut tally = Tally::default();
    for w in &game.warnings {
        match w {
            PgnWarning::Windows1252 { what, .. } => tally.add(
                WarningKind::Windows1252,
                format!("{what} not UTF-8, read as Windows-1252"),
            ),
        }
    }
    // The reader refuses these already; a game built otherwise is checked here too.
    game.variant().map_err(ConvertError::Variant)?;
    if let Some(i) = game.moves.iter().position(San::is_null) {
        return Err(ConvertError::NullMove(i + 1));
    }
    let mut m = Match::from_pgn_setup(game)?;
    if let Some(d) = draws {
        m = m.with_automatic_draws(d);
    }
    let first = m.side_to_move();
    m.play_san_line(&game.moves)?;

    let mut meta = Map::new();
    let mut sides = Map::new();
    let mut periods = None;
    let mut seen = HashSet::new();
    for (name, value) in &game.tags {
        if !seen.insert(name.as_str()) {
            tally.add(
                WarningKind::NotHeld,
                format!("repeated tag {name} (its first value is kept)"),
            );
            continue;
        }
        let text = Value::String(value.clone());
        let roster = META_TAGS.iter().any(|(t, _)| t == name) || name == "White" || name == "Black";
        if roster && (value == "?" || (name == "Date" && value == "????.??.??")) {
            // PGN's "unknown", which its export form writes for a missing roster tag.
            continue;
        }
        if let Some((_, key)) = META_TAGS.iter().find(|(t, _)| t == name) {
            meta.insert(key.to_string(), text);
        } else if name == "White" || name == "Black" {
            let side = if name == "White" { "first" } else { "second" };
            sides.insert(side.to_string(), json!({ "name": value }));
        } else if name == "TimeControl" && periods_of_time_control(value).is_some() {
            periods = periods_of_time_control(value);
        } else if !matches!(name.as_str(), "FEN" | "SetUp" | "Result") {
            if meta.contains_key(name.as_str()) {
                tally.add(
                    WarningKind::NotHeld,
                    format!("tag {name} beside another of the same meta key (dropped)"),
                );
            } else {
                meta.insert(name.clone(), text);
            }
        }
    }

    let any = AnyMatch::from_match(Rules::chess(), m);
    let mut pcn = match_to_pcn(&any, None)?;
    if let Some(fen) = game.setup_fen() {
        pcn.setup
            .extra
            .insert("fen".to_string(), Value::String(fen.to_string()));
    }

    // What stands after each move (index 0: before the first one).
    let n = game.moves.len();
    let mut comments: Vec<Vec<String>> = vec![Vec::new(); n + 1];
    let mut clocks: Vec<Option<u64>> = vec![None; n + 1];
    let mut emts: Vec<Option<u64>> = vec![None; n + 1];
    for c in &game.comments {
        let ply = c.ply.min(n);
        let mut text = c.text.clone();
        let mut took = false;
        if ply > 0 {
            for (name, slot) in [("clk", &mut clocks[ply]), ("emt", &mut emts[ply])] {
                if slot.is_none() {
                    if let Some((ms, rest)) = take_command(&text, name) {
                        *slot = Some(ms);
                        text = rest;
                        took = true;
                    }
                }
            }
        }
        if !(took && text.is_empty()) {
            comments[ply].push(text);
        }
    }
    let mut nags: Vec<Vec<u32>> = vec![Vec::new(); n + 1];
    for (i, san) in game.moves.iter().enumerate() {
        if let Some(a) = san.annotation() {
            nags[i + 1].push(u32::from(a.nag()));
        }
    }
    for g in &game.nags {
        nags[g.ply.min(n)].push(g.nag);
    }
    let mut variations: Vec<Vec<String>> = vec![Vec::new(); n + 1];
    for v in &game.variations {
        variations[v.ply.min(n)].push(v.text.clone());
    }

    // Ply times: `%emt` as it is, `%clk` through the time control.
    let tc = periods
        .as_ref()
        .filter(|p: &&Vec<Value>| !p.is_empty())
        .and_then(|p| time_control(p).ok());
    let mut walk = tc.map(|tc| ClockWalk::new(tc, first));
    let mut seconds: Vec<Option<u64>> = vec![None; n + 1];
    for k in 1..=n {
        let implied = match (&walk, clocks[k]) {
            (Some(w), Some(c)) => w.implied(c),
            _ => None,
        };
        seconds[k] = emts[k].or(implied);
        if let Some(w) = walk.as_mut() {
            w.play(seconds[k]);
        }
    }
    if let Some(at) = walk.as_ref().and_then(ClockWalk::flagged_at) {
        if let Some(p) = periods.take() {
            let text = time_control_of_periods(&p).unwrap_or_default();
            tally.add(
                WarningKind::Kept,
                format!(
                    "TimeControl {text:?} kept in meta, not as periods: the ply times run out \
                     at ply {at}"
                ),
            );
            meta.insert("TimeControl".to_string(), Value::String(text));
            seconds = emts.clone();
        }
    }

    annotate(&mut pcn.setup.extra, &comments[0], &nags[0], &variations[0]);
    for (i, ply) in pcn.plies.iter_mut().flatten().enumerate() {
        let k = i + 1;
        annotate(&mut ply.extra, &comments[k], &nags[k], &variations[k]);
        if let Some(c) = clocks[k] {
            ply.extra
                .insert(KEY_CLOCK.to_string(), seconds_value(c as f64 / 1000.0));
        }
        if let Some(ms) = seconds[k] {
            ply.seconds = Some(ms as f64 / 1000.0);
        }
    }
    pcn.periods = periods;
    if !meta.is_empty() {
        pcn.meta = Some(meta);
    }
    if !sides.is_empty() {
        pcn.sides = Some(sides);
    }

    // The outcome: the replay's; the record's when the game did not end by itself.
    let tag = game.tag("Result").and_then(PgnResult::parse);
    if let (Some(t), Some(r)) = (tag, game.result) {
        if t != r {
            tally.add(
                WarningKind::NotHeld,
                format!("Result tag {t} beside the termination marker {r} (the marker is kept)"),
            );
        }
    }
    let stated = game.result.or(tag).filter(|r| *r != PgnResult::Unknown);
    match (&mut pcn.outcome, stated) {
        (None, Some(r)) => {
            pcn.outcome = Some(pcn::Outcome {
                status: StatusSet::EMPTY,
                result: Some(match r {
                    PgnResult::WhiteWins => GameResult::First,
                    PgnResult::BlackWins => GameResult::Second,
                    _ => GameResult::Draw,
                }),
                extra: Map::new(),
            });
        }
        (Some(o), Some(r)) => {
            let replayed = result_mark(any.outcome().as_ref());
            if r.as_str() != replayed {
                o.extra
                    .insert(KEY_STATED.to_string(), Value::String(r.to_string()));
                tally.add(
                    WarningKind::OutcomeDisagrees,
                    format!(
                        "the record states {r}, the replay gives {replayed} ({}): the replayed \
                         outcome is written, the stated result kept as outcome.{KEY_STATED}",
                        o.status
                    ),
                );
            }
        }
        _ => {}
    }
    Ok((pcn, tally.into_warnings()))
}

/// Puts a ply's (or the setup's) comments, NAGs and variations under their keys.
fn annotate(extra: &mut Map, comments: &[String], nags: &[u32], variations: &[String]) {
    if !comments.is_empty() {
        extra.insert(KEY_COMMENTS.to_string(), json!(comments));
    }
    if !nags.is_empty() {
        extra.insert(KEY_NAGS.to_string(), json!(nags));
    }
    if !variations.is_empty() {
        extra.insert(KEY_VARIATIONS.to_string(), json!(variations));
    }
}

/// Converts a chess PCN record into a PGN game; [`pcn_to_pgn_with_warnings`] without the
/// warnings.
///
/// # Errors
/// As [`pcn_to_pgn_with_warnings`].
pub fn pcn_to_pgn(pcn: &Pcn) -> Result<PgnGame, ConvertError> {
    pcn_to_pgn_with_warnings(pcn).map(|(g, _)| g)
}

/// What PGN can hold of one ply (or of the setup), read from its object's keys; the other keys
/// are counted.
#[derive(Default)]
struct Annotations {
    comments: Vec<String>,
    nags: Vec<u32>,
    variations: Vec<String>,
    clock: Option<u64>,
}

fn read_annotations(extra: &Map, place: &str, skip: &[&str], tally: &mut Tally) -> Annotations {
    let mut a = Annotations::default();
    for (key, value) in extra {
        let k = key.as_str();
        if skip.contains(&k) {
            continue;
        }
        let ok = match k {
            KEY_COMMENTS | "comment" => match value {
                Value::String(s) => {
                    a.comments.push(s.clone());
                    true
                }
                Value::Array(items) => items.iter().all(|c| match c.as_str() {
                    Some(s) => {
                        a.comments.push(s.to_string());
                        true
                    }
                    None => false,
                }),
                _ => false,
            },
            KEY_NAGS => match value.as_array() {
                Some(items) => {
                    items
                        .iter()
                        .all(|g| match g.as_u64().and_then(|x| u32::try_from(x).ok()) {
                            Some(x) => {
                                a.nags.push(x);
                                true
                            }
                            None => false,
                        })
                }
                None => false,
            },
            KEY_VARIATIONS => match value.as_array() {
                Some(items) => {
                    items
                        .iter()
                        .all(|v| match v.as_str().and_then(canonical_variation) {
                            Some(t) => {
                                a.variations.push(t);
                                true
                            }
                            None => false,
                        })
                }
                None => false,
            },
            KEY_CLOCK if place != "setup" => {
                match value.as_f64().filter(|s| s.is_finite() && *s >= 0.0) {
                    Some(s) => {
                        a.clock = Some(seconds_to_ms(s));
                        true
                    }
                    None => false,
                }
            }
            _ => {
                tally.add(
                    WarningKind::NotHeld,
                    format!("{place} key {k:?} (PGN has no place for it)"),
                );
                continue;
            }
        };
        if !ok {
            tally.add(
                WarningKind::NotHeld,
                format!("{place} key {k:?} with a value PGN cannot write (or only partly)"),
            );
        }
    }
    a
}

/// A variation's text as the PGN reader reads it back, if it reads back as one variation.
fn canonical_variation(text: &str) -> Option<String> {
    let wrapped = format!("({text}\n) *\n");
    let mut reader = PgnReader::new(wrapped.as_bytes());
    let game = reader.next()?.ok()?;
    if reader.next().is_some()
        || game.variations.len() != 1
        || !game.comments.is_empty()
        || !game.nags.is_empty()
        || !game.moves.is_empty()
    {
        return None;
    }
    game.variations.into_iter().next().map(|v| v.text)
}

/// JSON as tag text: a string as it is, anything else as its JSON text (counted).
fn tag_text(v: &Value, what: &str, tally: &mut Tally) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => {
            tally.add(
                WarningKind::Kept,
                format!("{what} is not a string: written as its JSON text"),
            );
            other.to_string()
        }
    }
}

fn valid_tag_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 255
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Converts a chess PCN record into a PGN game (every ply checked; SAN written; see the
/// [module documentation](self)), with the warnings of the conversion: what PGN cannot hold.
///
/// # Errors
/// The record is not chess, or a ply is illegal.
pub fn pcn_to_pgn_with_warnings(pcn: &Pcn) -> Result<(PgnGame, Vec<Warning>), ConvertError> {
    pcn_to_pgn_with(pcn, None)
}

/// [`pcn_to_pgn_with_warnings`] with other automatic draws than R3 (`None`: the rule system's
/// own); see [`AutomaticDraws`].
///
/// # Errors
/// As [`pcn_to_pgn_with_warnings`].
pub fn pcn_to_pgn_with(
    pcn: &Pcn,
    draws: Option<AutomaticDraws>,
) -> Result<(PgnGame, Vec<Warning>), ConvertError> {
    let m = match_from_pcn_with(pcn, draws)?;
    let not_chess = || ConvertError::NotChess {
        rules: m.rules().name().to_string(),
    };
    // A position PGN can start from is a FEN: only chess has one (a record without plies
    // included).
    let start_fen = m.start_fen().ok_or_else(not_chess)?;
    let sans = m.plies_as(MoveFormat::San).map_err(|_| not_chess())?;
    let mut tally = Tally::default();
    let mut game = PgnGame::default();
    let meta = pcn.meta.clone().unwrap_or_default();
    for (tag, key) in META_TAGS {
        if let Some(v) = meta.get(key) {
            let text = tag_text(v, &format!("meta.{key}"), &mut tally);
            game.tags.push((tag.to_string(), text));
        }
    }
    for (side, tag) in [("first", "White"), ("second", "Black")] {
        let Some(s) = pcn.sides.as_ref().and_then(|s| s.get(side)) else {
            continue;
        };
        let Some(o) = s.as_object() else {
            tally.add(
                WarningKind::NotHeld,
                format!("sides.{side} (not an object)"),
            );
            continue;
        };
        for (k, v) in o {
            match k.as_str() {
                "name" => {
                    let text = tag_text(v, &format!("sides.{side}.name"), &mut tally);
                    game.tags.push((tag.to_string(), text));
                }
                "periods" => {}
                other => tally.add(
                    WarningKind::NotHeld,
                    format!("sides.{side} key {other:?} (PGN has no place for it)"),
                ),
            }
        }
    }
    if let Some(sides) = &pcn.sides {
        for k in sides.keys().filter(|k| *k != "first" && *k != "second") {
            tally.add(
                WarningKind::NotHeld,
                format!("sides key {k:?} (PGN has no place for it)"),
            );
        }
    }
    let result = PgnResult::parse(result_mark(m.outcome().as_ref())).unwrap_or(PgnResult::Unknown);
    game.tags
        .push(("Result".to_string(), result.as_str().to_string()));
    let kept_fen = pcn.setup.extra.get("fen").and_then(Value::as_str);
    if kept_fen.is_some() || m.start_feen() != Chess.initial_feen() {
        let fen = match kept_fen {
            Some(f)
                if AnyMatch::from_fen(m.rules().clone(), f)
                    .is_ok_and(|k| k.start_feen() == m.start_feen()) =>
            {
                f.to_string()
            }
            _ => start_fen.clone(),
        };
        game.tags.push(("SetUp".to_string(), "1".to_string()));
        game.tags.push(("FEN".to_string(), fen));
    }

    // The time control: the common periods, or both sides' when they are the same.
    let side_periods = |side: &str| {
        pcn.sides
            .as_ref()
            .and_then(|s| s.get(side))
            .and_then(|s| s.get("periods"))
            .cloned()
    };
    let (p1, p2) = (side_periods("first"), side_periods("second"));
    let periods: Option<Vec<Value>> = match (&pcn.periods, &p1, &p2) {
        (Some(p), None, None) => Some(p.clone()),
        (_, Some(Value::Array(a)), Some(Value::Array(b))) if a == b => Some(a.clone()),
        (p, None, None) => p.clone(),
        (p, _, _) => {
            tally.add(
                WarningKind::NotHeld,
                "per-side periods (TimeControl holds one control for both sides)",
            );
            p.clone()
        }
    };
    let mut tc = None;
    if let Some(p) = &periods {
        match time_control_of_periods(p) {
            Ok(text) => {
                game.tags.push(("TimeControl".to_string(), text));
                tc = time_control(p).ok();
            }
            Err(why) => tally.add(WarningKind::NotHeld, format!("periods with {why}")),
        }
    }
    for (k, v) in &meta {
        if META_TAGS.iter().any(|(_, key)| key == k) {
            continue;
        }
        if WRITTEN_TAGS.contains(&k.as_str()) || (k == "TimeControl" && periods.is_some()) {
            tally.add(
                WarningKind::NotHeld,
                format!("meta key {k:?} beside the section that writes that tag"),
            );
        } else if valid_tag_name(k) {
            let text = tag_text(v, &format!("meta.{k}"), &mut tally);
            game.tags.push((k.clone(), text));
        } else {
            tally.add(
                WarningKind::NotHeld,
                format!("meta key {k:?} (not a PGN tag name)"),
            );
        }
    }
    if let Some(links) = &pcn.links {
        for _ in links {
            tally.add(WarningKind::NotHeld, "link (PGN has no place for links)");
        }
    }
    for k in pcn.extra.keys() {
        tally.add(
            WarningKind::NotHeld,
            format!("top-level key {k:?} (PGN has no place for it)"),
        );
    }

    for san in sans {
        game.moves.push(San::parse(&san)?);
    }
    let put = |game: &mut PgnGame, ply: usize, a: Annotations, commands: String| {
        let mut texts = a.comments.into_iter();
        match (commands.is_empty(), texts.next()) {
            (true, Some(t)) => game.comments.push(Comment { ply, text: t }),
            (false, Some(t)) => game.comments.push(Comment {
                ply,
                text: format!("{commands} {t}").trim_end().to_string(),
            }),
            (false, None) => game.comments.push(Comment {
                ply,
                text: commands,
            }),
            (true, None) => {}
        }
        for text in texts {
            game.comments.push(Comment { ply, text });
        }
        for nag in a.nags {
            game.nags.push(Nag { ply, nag });
        }
        for text in a.variations {
            game.variations.push(Variation { ply, text });
        }
    };
    let setup = read_annotations(&pcn.setup.extra, "setup", &["fen"], &mut tally);
    put(&mut game, 0, setup, String::new());

    let first = if start_fen.split(' ').nth(1) == Some("b") {
        Side::Second
    } else {
        Side::First
    };
    let timed = tc.is_some();
    let mut walk = tc.map(|tc| ClockWalk::new(tc, first));
    for (i, ply) in pcn.plies.iter().flatten().enumerate() {
        let a = read_annotations(&ply.extra, "ply", &[], &mut tally);
        let spent = ply.seconds.map(seconds_to_ms);
        let implied = match (&walk, a.clock) {
            (Some(w), Some(c)) => w.implied(c),
            _ => None,
        };
        if let Some(w) = walk.as_mut() {
            w.play(spent);
        }
        let mut commands = String::new();
        if let Some(c) = a.clock {
            commands.push_str(&format!("[%clk {}]", hms(c)));
        }
        if let Some(s) = spent.filter(|s| a.clock.is_none() || implied != Some(*s)) {
            if !commands.is_empty() {
                commands.push(' ');
            }
            commands.push_str(&format!("[%emt {}]", hms(s)));
        }
        put(&mut game, i + 1, a, commands);
    }

    if let Some(o) = &pcn.outcome {
        for (k, v) in &o.extra {
            if k == KEY_STATED {
                tally.add(
                    WarningKind::OutcomeDisagrees,
                    format!(
                        "the record states {}, the replayed result {result} is written",
                        v.as_str().unwrap_or("?")
                    ),
                );
            } else {
                tally.add(
                    WarningKind::NotHeld,
                    format!("outcome key {k:?} (PGN has no place for it)"),
                );
            }
        }
    }
    if let Some(o) = m.outcome() {
        for s in o.statuses.iter() {
            if matches!(
                s,
                Status::Resignation | Status::Agreement | Status::Illegalmove
            ) || (s == Status::Timelimit && !timed)
            {
                tally.add(
                    WarningKind::NotHeld,
                    format!("outcome status {} (PGN holds the result only)", s.as_str()),
                );
            }
        }
    }
    game.result = Some(result);
    Ok((game, tally.into_warnings()))
}

/// A chess FEN as FEEN, with a warning when the FEN's halfmove clock or move number is not
/// the start's (`0`, `1`): FEEN has no place for them (a PCN setup keeps them, as
/// `setup.fen`).
///
/// # Errors
/// The FEN is not a chess position.
pub fn fen_to_feen(fen: &str) -> Result<(String, Vec<Warning>), SetupError> {
    let pos = AnyPosition::from_fen(Rules::chess(), fen)?;
    let mut warnings = Vec::new();
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    let halfmove = fields.get(4).copied().unwrap_or("0");
    let fullmove = fields.get(5).copied().unwrap_or("1");
    if halfmove != "0" || fullmove != "1" {
        warnings.push(Warning::new(
            WarningKind::NotHeld,
            1,
            format!(
                "FEN halfmove clock {halfmove} and move number {fullmove}: FEEN has no place \
                 for them (a PCN record keeps them as setup.fen)"
            ),
        ));
    }
    Ok((pos.feen(), warnings))
}

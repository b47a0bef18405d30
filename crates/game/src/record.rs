//! Game records of a whole match: PCN (ruling R7) from and to a [`AnyMatch`], and PGN ↔ PCN
//! conversion for chess.
//!
//! PCN `periods` are read as a list of objects `{"time": s, "inc": s, "moves": n}` (the names of
//! pcn.rb; `duration`, `increment` and `quota` are accepted too); `sides.first.periods` and
//! `sides.second.periods` give a side its own control. Ply `seconds` drive the clock.
//!
//! PGN → PCN keeps every tag: `Event`, `Site`, `Date`, `Round` become `meta.event`,
//! `meta.site`, `meta.date`, `meta.round`; `White` and `Black` become `sides.first.name` and
//! `sides.second.name`; `FEN` becomes the setup (FEN → FEEN) and `SetUp`, `Result` are implied;
//! every other tag is kept under its own name in `meta` (PGN tag names start with an uppercase
//! letter, PCN meta keys are lowercase) and written back. Comments go to the ply after which they
//! stand (`"comment"` key), a leading comment to `setup.comment`; the `FEN` tag is also kept
//! verbatim as `setup.fen` (its halfmove clock and move number, which FEEN lacks).

use serde_json::{json, Value};
use tegoma_notation::cgsn::StatusSet;
use tegoma_notation::pcn::{self, GameResult, Map, Pcn, Ply};
use tegoma_notation::pmn::Pmn;
use tegoma_notation::NotationError;
use tegoma_protocol::{Decision, RuleSystem, Side};
use tegoma_rules::systems::Chess;

use crate::clock::{Clock, ClockError, Period, TimeControl};
use crate::matches::{AnyMatch, AutomaticDraws, Match, MatchError};
use crate::pgn::{Comment, PgnGame, PgnResult, San};
use crate::registry::Rules;
use crate::replay::{pcn_outcome, result_mark};
use crate::rules::{generic_from_feen, MoveFormat, SetupError};
use tegoma_rules::chess::SanError;

/// Seconds (finite, ≥ 0, as PCN validates them) to whole milliseconds, saturating.
pub fn seconds_to_ms(s: f64) -> u64 {
    let ms = (s * 1000.0).round();
    if ms.is_nan() || ms <= 0.0 {
        0
    } else if ms >= u64::MAX as f64 {
        u64::MAX
    } else {
        ms as u64
    }
}

/// Why a record cannot be read, replayed or converted.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RecordError {
    /// The setup is not a position of a known rule system (the kind is the position's).
    #[error("setup: {0}")]
    Setup(#[from] SetupError),
    /// The `periods` are not a time control (kind `InvalidPeriods`).
    #[error("periods: {0}")]
    Periods(#[from] PeriodsError),
    /// A ply the match refused (the kind is the match's: `IllegalMove`, `InvalidPmn`, ...).
    #[error("{0}")]
    Ply(#[from] MatchError),
    /// A PGN record of a game that is not chess (kind `NotChess`).
    #[error("PGN records chess games only; this record is {rules}")]
    NotChess {
        /// The record's rule system.
        rules: String,
    },
    /// A ply whose PMN, as the rule system wrote it, does not read back (kind `InvalidPmn`).
    #[error("ply {ply}: the rule system wrote PMN that does not read back: {error}")]
    Pmn {
        /// The ply's number, from 1.
        ply: usize,
        /// The PMN reader's error.
        error: tegoma_notation::pmn::PmnError,
    },
    /// A move the PGN writer cannot spell (kind `InvalidSan`).
    #[error(transparent)]
    San(#[from] SanError),
}

impl NotationError for RecordError {
    fn kind(&self) -> &'static str {
        match self {
            RecordError::Setup(e) => e.kind(),
            RecordError::Periods(_) => "InvalidPeriods",
            RecordError::Ply(e) => e.kind(),
            RecordError::NotChess { .. } => "NotChess",
            RecordError::Pmn { .. } => "InvalidPmn",
            RecordError::San(e) => e.kind(),
        }
    }
}

/// Why PCN `periods` are not a time control.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PeriodsError {
    /// An item of the list is not an object.
    #[error("period {0} is not an object")]
    NotAnObject(usize),
    /// A field is not a number.
    #[error("period {period}: {field} must be a number")]
    NotANumber {
        /// The period's index, from 0.
        period: usize,
        /// The field.
        field: &'static str,
    },
    /// `moves` is not a positive integer.
    #[error("period {0}: moves must be a positive integer")]
    Moves(usize),
    /// The clock refuses the period or the list.
    #[error("{0}")]
    Clock(#[from] ClockError),
}

/// A time control from a PCN `periods` array.
///
/// # Errors
/// `InvalidPeriods` when an item is not an object of non-negative numbers or the list is empty.
pub fn time_control(periods: &[Value]) -> Result<TimeControl, PeriodsError> {
    let num = |i: usize, o: &Map, names: [&'static str; 2]| -> Result<Option<f64>, PeriodsError> {
        for n in names {
            if let Some(v) = o.get(n) {
                if v.is_null() {
                    return Ok(None);
                }
                return v.as_f64().map(Some).ok_or(PeriodsError::NotANumber {
                    period: i,
                    field: n,
                });
            }
        }
        Ok(None)
    };
    let mut out = Vec::with_capacity(periods.len().min(64));
    for (i, p) in periods.iter().enumerate() {
        let o = p.as_object().ok_or(PeriodsError::NotAnObject(i))?;
        let time = num(i, o, ["time", "duration"])?.unwrap_or(0.0);
        let inc = num(i, o, ["inc", "increment"])?.unwrap_or(0.0);
        let moves = match num(i, o, ["moves", "quota"])? {
            None => None,
            Some(n) if n >= 1.0 && n.fract() == 0.0 => Some(n.min(u64::MAX as f64) as u64),
            Some(_) => return Err(PeriodsError::Moves(i)),
        };
        out.push(Period::from_seconds(time, inc, moves)?);
    }
    Ok(TimeControl::new(out)?)
}

fn side_periods<'a>(pcn: &'a Pcn, side: &str) -> Option<&'a Vec<Value>> {
    pcn.sides
        .as_ref()?
        .get(side)?
        .as_object()?
        .get("periods")?
        .as_array()
}

/// A match at the record's setup, with its clock when the record has `periods`.
///
/// # Errors
/// An invalid setup (for both rule systems) or invalid periods.
pub fn match_from_setup(pcn: &Pcn) -> Result<AnyMatch, RecordError> {
    let start = generic_from_feen(&pcn.setup.feen).map_err(SetupError::from)?;
    let rules = Rules::for_position(&start).map_err(SetupError::from)?;
    let mut m = AnyMatch::from_position(rules.clone(), &start)?;
    // A setup may carry its FEN (`setup.fen`, from a PGN): its halfmove clock counts towards
    // the move limit when it describes the same position.
    if let Some(fen) = pcn.setup.extra.get("fen").and_then(Value::as_str) {
        if let Ok(with_fen) = AnyMatch::from_fen(rules, fen) {
            if with_fen.start_feen() == m.start_feen() {
                m = with_fen;
            }
        }
    }
    let common = pcn.periods.as_ref().filter(|p| !p.is_empty());
    let first = side_periods(pcn, "first").or(common);
    let second = side_periods(pcn, "second").or(common);
    Ok(match (first, second) {
        (Some(f), Some(s)) => {
            m.with_clock(Clock::with_controls(time_control(f)?, time_control(s)?))
        }
        _ => m,
    })
}

/// Replays a PCN record into a match: every ply checked, the outcome recomputed (an explicit
/// ending of the record applied when the game is not over by itself).
///
/// # Errors
/// The setup is invalid, or a ply is refused (its number and reason).
pub fn match_from_pcn(pcn: &Pcn) -> Result<AnyMatch, RecordError> {
    match_from_pcn_with(pcn, None)
}

/// [`match_from_pcn`] with other automatic draws than the rule system's (`None`: its own); see
/// [`AutomaticDraws`].
///
/// # Errors
/// As [`match_from_pcn`].
pub fn match_from_pcn_with(
    pcn: &Pcn,
    draws: Option<AutomaticDraws>,
) -> Result<AnyMatch, RecordError> {
    let mut m = match_from_setup(pcn)?;
    if let Some(d) = draws {
        m = m.with_automatic_draws(d);
    }
    for ply in pcn.plies.iter().flatten() {
        let ms = ply.seconds.map(seconds_to_ms);
        m.play(&ply.pmn.to_string(), ms)?;
    }
    if m.outcome().is_none() {
        if let Some(rec) = pcn.outcome.as_ref().and_then(pcn_outcome) {
            let _ = m.end(rec);
        }
    }
    Ok(m)
}

/// A PCN record of a match: setup, plies (with their times), outcome; `base` gives the other
/// sections (meta, sides, periods, links, unknown keys), kept as they are.
///
/// # Errors
/// [`RecordError::Pmn`] when a ply's PMN, as the rule system writes it, does not read back (a
/// bug of that rule system's writer): the record is not written rather than written without
/// the ply.
pub fn match_to_pcn(m: &AnyMatch, base: Option<&Pcn>) -> Result<Pcn, RecordError> {
    let mut pcn = base.cloned().unwrap_or_default();
    pcn.setup.feen = m.start_feen();
    let old: Vec<Ply> = pcn.plies.take().unwrap_or_default();
    let plies = m
        .pmn_plies()
        .iter()
        .zip(m.ply_times())
        .enumerate()
        .map(|(i, (s, t))| {
            let pmn = Pmn::parse(s).map_err(|error| RecordError::Pmn { ply: i + 1, error })?;
            let mut ply = Ply::new(pmn);
            ply.seconds = t.map(|ms| ms as f64 / 1000.0);
            if let Some(o) = old.get(i) {
                ply.extra = o.extra.clone();
            }
            Ok(ply)
        })
        .collect::<Result<Vec<Ply>, RecordError>>()?;
    pcn.plies = Some(plies);
    pcn.outcome = m.outcome().map(|o| {
        let extra = pcn
            .outcome
            .as_ref()
            .map(|x| x.extra.clone())
            .unwrap_or_default();
        pcn::Outcome {
            status: o.statuses,
            result: Some(match o.decision {
                Decision::Win(Side::First) => GameResult::First,
                Decision::Win(Side::Second) => GameResult::Second,
                Decision::Draw => GameResult::Draw,
            }),
            extra,
        }
    });
    Ok(pcn)
}

const META_TAGS: [(&str, &str); 4] = [
    ("Event", "event"),
    ("Site", "site"),
    ("Date", "date"),
    ("Round", "round"),
];

/// Converts a PGN game into a PCN record (every SAN move checked through the chess rules).
///
/// # Errors
/// A bad `FEN` tag or an illegal move (its ply number and reason).
pub fn pgn_to_pcn(game: &PgnGame) -> Result<Pcn, RecordError> {
    pgn_to_pcn_with(game, None)
}

/// [`pgn_to_pcn`] with other automatic draws than R3 (FIDE's, for games played under its
/// Laws); see [`AutomaticDraws`].
///
/// # Errors
/// As [`pgn_to_pcn`].
pub fn pgn_to_pcn_with(game: &PgnGame, draws: Option<AutomaticDraws>) -> Result<Pcn, RecordError> {
    let mut m = Match::from_pgn_setup(game)?;
    if let Some(d) = draws {
        m = m.with_automatic_draws(d);
    }
    m.play_san_line(&game.moves)?;
    let mut meta = Map::new();
    let mut sides = Map::new();
    for (name, value) in &game.tags {
        if let Some((_, key)) = META_TAGS.iter().find(|(t, _)| t == name) {
            meta.entry(key.to_string())
                .or_insert_with(|| Value::String(value.clone()));
        } else if name == "White" || name == "Black" {
            let side = if name == "White" { "first" } else { "second" };
            sides
                .entry(side.to_string())
                .or_insert_with(|| json!({ "name": value }));
        } else if !matches!(name.as_str(), "FEN" | "SetUp" | "Result") {
            meta.entry(name.clone())
                .or_insert_with(|| Value::String(value.clone()));
        }
    }
    let any = AnyMatch::from_match(Rules::chess(), m);
    let mut pcn = match_to_pcn(&any, None)?;
    if let Some(fen) = game.setup_fen() {
        pcn.setup
            .extra
            .insert("fen".to_string(), Value::String(fen.to_string()));
    }
    if !meta.is_empty() {
        pcn.meta = Some(meta);
    }
    if !sides.is_empty() {
        pcn.sides = Some(sides);
    }
    for c in &game.comments {
        if c.ply == 0 {
            pcn.setup
                .extra
                .insert("comment".to_string(), Value::String(c.text.clone()));
        } else if let Some(ply) = pcn.plies.as_mut().and_then(|p| p.get_mut(c.ply - 1)) {
            ply.extra
                .insert("comment".to_string(), Value::String(c.text.clone()));
        }
    }
    if pcn.outcome.is_none() {
        let rec = game
            .result
            .or_else(|| game.tag("Result").and_then(PgnResult::parse));
        let result = match rec {
            Some(PgnResult::WhiteWins) => Some(GameResult::First),
            Some(PgnResult::BlackWins) => Some(GameResult::Second),
            Some(PgnResult::Draw) => Some(GameResult::Draw),
            _ => None,
        };
        if result.is_some() {
            pcn.outcome = Some(pcn::Outcome {
                status: StatusSet::EMPTY,
                result,
                extra: Map::new(),
            });
        }
    }
    Ok(pcn)
}

/// Converts a chess PCN record into a PGN game (every ply checked; SAN written).
///
/// # Errors
/// The record is not chess, or a ply is illegal.
pub fn pcn_to_pgn(pcn: &Pcn) -> Result<PgnGame, RecordError> {
    pcn_to_pgn_with(pcn, None)
}

/// [`pcn_to_pgn`] with other automatic draws than the rule system's; see [`AutomaticDraws`].
///
/// # Errors
/// As [`pcn_to_pgn`].
pub fn pcn_to_pgn_with(pcn: &Pcn, draws: Option<AutomaticDraws>) -> Result<PgnGame, RecordError> {
    let m = match_from_pcn_with(pcn, draws)?;
    let sans = m
        .plies_as(MoveFormat::San)
        .map_err(|_| RecordError::NotChess {
            rules: m.rules().name().to_string(),
        })?;
    let mut game = PgnGame::default();
    let meta = pcn.meta.clone().unwrap_or_default();
    for (tag, key) in META_TAGS {
        if let Some(v) = meta.get(key) {
            game.tags.push((tag.to_string(), value_text(v)));
        }
    }
    for (side, tag) in [("first", "White"), ("second", "Black")] {
        let name = pcn
            .sides
            .as_ref()
            .and_then(|s| s.get(side))
            .and_then(|s| s.get("name"))
            .map(value_text);
        if let Some(n) = name {
            game.tags.push((tag.to_string(), n));
        }
    }
    let result = PgnResult::parse(result_mark(m.outcome().as_ref())).unwrap_or(PgnResult::Unknown);
    game.tags
        .push(("Result".to_string(), result.as_str().to_string()));
    let kept_fen = pcn.setup.extra.get("fen").and_then(Value::as_str);
    let start_fen = m.start_fen().unwrap_or_default();
    if kept_fen.is_some() || m.start_feen() != Chess.initial_feen() {
        let fen = match kept_fen {
            Some(f)
                if AnyMatch::from_fen(m.rules().clone(), f)
                    .is_ok_and(|k| k.start_feen() == m.start_feen()) =>
            {
                f.to_string()
            }
            _ => start_fen,
        };
        game.tags.push(("SetUp".to_string(), "1".to_string()));
        game.tags.push(("FEN".to_string(), fen));
    }
    for (k, v) in &meta {
        if k.starts_with(|c: char| c.is_ascii_uppercase()) {
            game.tags.push((k.clone(), value_text(v)));
        }
    }
    for san in sans {
        let tok = San::parse(&san)?;
        game.moves.push(tok);
    }
    if let Some(c) = pcn.setup.extra.get("comment").and_then(Value::as_str) {
        game.comments.push(Comment {
            ply: 0,
            text: c.to_string(),
        });
    }
    for (i, ply) in pcn.plies.iter().flatten().enumerate() {
        if let Some(c) = ply.extra.get("comment").and_then(Value::as_str) {
            game.comments.push(Comment {
                ply: i + 1,
                text: c.to_string(),
            });
        }
    }
    game.result = Some(result);
    Ok(game)
}

fn value_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

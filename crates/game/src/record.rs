//! Game records of a whole match: PCN (ruling R7) from and to a [`AnyMatch`].
//!
//! PCN `periods` are read as a list of objects `{"time": s, "inc": s, "moves": n}` (the names of
//! pcn.rb; `duration`, `increment` and `quota` are accepted too); `sides.first.periods` and
//! `sides.second.periods` give a side its own control. Ply `seconds` drive the clock.
//!
//! Other record formats map to PCN in their own crates, on top of [`match_from_pcn_with`],
//! [`match_to_pcn`], [`time_control`] and [`seconds_to_ms`].

use serde_json::Value;
use tegoma_notation::cgsn::Status;
use tegoma_notation::pcn::{self, GameResult, Map, Pcn, Ply};
use tegoma_notation::pmn::Pmn;
use tegoma_notation::NotationError;
use tegoma_protocol::{Decision, Side};

use crate::clock::{Clock, ClockError, Period, TimeControl};
use crate::matches::{AnyMatch, AutomaticDraws, MatchError};
use crate::registry::Rules;
use crate::replay::pcn_outcome;
use crate::rules::{generic_from_feen, SetupError};

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
    /// A ply whose PMN, as the rule system wrote it, does not read back (kind `InvalidPmn`).
    #[error("ply {ply}: the rule system wrote PMN that does not read back: {error}")]
    Pmn {
        /// The ply's number, from 1.
        ply: usize,
        /// The PMN reader's error.
        error: tegoma_notation::pmn::PmnError,
    },
    /// A ply of the record the match did not play: the game was over before it, or the flag
    /// fell while it was being played (kind `MatchFinished`). A replay never drops it silently.
    #[error("ply {ply} ({text}): {reason}")]
    PlyAfterEnd {
        /// The ply's number, from 1.
        ply: usize,
        /// The ply's PMN.
        text: String,
        /// Why it was not played, and how many plies were kept (`not played: the flag fell
        /// during it (61 s spent), ...; 0 of 1 plies kept`).
        reason: String,
    },
}

impl NotationError for RecordError {
    fn kind(&self) -> &'static str {
        match self {
            RecordError::Setup(e) => e.kind(),
            RecordError::Periods(_) => "InvalidPeriods",
            RecordError::Ply(e) => e.kind(),
            RecordError::Pmn { .. } => "InvalidPmn",
            RecordError::PlyAfterEnd { .. } => "MatchFinished",
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
    // A setup may carry the position in the rule system's own notation too (`setup.fen`, as
    // a conversion from another record format keeps it): its count of quiet plies counts
    // towards the move limit when it describes the same position.
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
        let before = m.ply_count();
        if m.outcome().is_none() {
            let ms = ply.seconds.map(seconds_to_ms);
            m.play(&ply.pmn.to_string(), ms)?;
        }
        if m.ply_count() == before {
            let on_time = m
                .outcome()
                .is_some_and(|o| o.statuses.contains(Status::Timelimit));
            return Err(ply_after_end(pcn, before, on_time).expect("the record has this ply"));
        }
    }
    if m.outcome().is_none() {
        if let Some(rec) = pcn.outcome.as_ref().and_then(pcn_outcome) {
            let _ = m.end(rec);
        }
    }
    Ok(m)
}

/// The error for ply `played + 1` of `pcn`, which a replay that played `played` plies did not
/// play: the flag fell during it (`ended_on_time`), or the game was over before it. `None` when
/// the record has no such ply.
pub fn ply_after_end(pcn: &Pcn, played: usize, ended_on_time: bool) -> Option<RecordError> {
    let plies = pcn.plies.as_deref().unwrap_or_default();
    let ply = plies.get(played)?;
    let why = if ended_on_time {
        let spent = ply
            .seconds
            .map(|s| format!(" ({s} s spent)"))
            .unwrap_or_default();
        format!(
            "the flag fell during it{spent}, the game ended on time ({})",
            Status::Timelimit
        )
    } else {
        "the game was over before it".to_string()
    };
    Some(RecordError::PlyAfterEnd {
        ply: played + 1,
        text: ply.pmn.to_string(),
        reason: format!("not played: {why}; {played} of {} plies kept", plies.len()),
    })
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

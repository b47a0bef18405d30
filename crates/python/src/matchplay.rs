//! The match layer's values: `Outcome` (winner and CGSN statuses), `Clock` (a snapshot of both
//! sides' time), the periods a clock is built from (PCN `periods`, read by the library's
//! `record::time_control`) and side names.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use serde_json::Value;

use tegoma_game::clock::Clock as GameClock;
use tegoma_game::record::time_control;
use tegoma_game::replay::{result_mark, statuses_text};
use tegoma_notation::cgsn::StatusSet;
use tegoma_notation::pcn::{Map, Pcn};
use tegoma_protocol::Side;

use crate::board::Board;
use crate::errors::{Context, Failure, Fallible};
use crate::moves::py_quote;

/// CGSN status names, in canonical order.
pub(crate) fn status_list(set: StatusSet) -> Vec<String> {
    let text = statuses_text(set);
    if text == "-" || text.is_empty() {
        Vec::new()
    } else {
        text.split(',').map(str::to_string).collect()
    }
}

fn winner_of(result: &str) -> Option<&'static str> {
    match result {
        "1-0" => Some("first"),
        "0-1" => Some("second"),
        _ => None,
    }
}

/// How a game ended: `winner` (`"first"`, `"second"` or `None` for a draw) and the CGSN
/// `statuses`.
#[pyclass(module = "tegoma", name = "Outcome", frozen)]
#[derive(Clone)]
pub(crate) struct GameOutcome {
    result: &'static str,
    statuses: Vec<String>,
}

impl From<tegoma_protocol::Outcome> for GameOutcome {
    fn from(o: tegoma_protocol::Outcome) -> GameOutcome {
        GameOutcome {
            result: result_mark(Some(&o)),
            statuses: status_list(o.statuses),
        }
    }
}

#[pymethods]
impl GameOutcome {
    /// `"first"`, `"second"`, or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        winner_of(self.result)
    }

    /// The CGSN statuses of the ending (`checkmate`, `resignation`, `timelimit`, ...).
    #[getter]
    fn statuses(&self) -> Vec<String> {
        self.statuses.clone()
    }

    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    fn result(&self) -> &'static str {
        self.result
    }

    fn __eq__(&self, other: PyRef<'_, GameOutcome>) -> bool {
        self.result == other.result && self.statuses == other.statuses
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={}, statuses=[{}])",
            self.winner().map_or("None".to_string(), py_quote),
            self.statuses
                .iter()
                .map(|s| py_quote(s))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// A side from its name (`"first"`, `"second"`), `default` for `None`.
pub(crate) fn side_or(name: Option<&str>, default: Side) -> PyResult<Side> {
    match name {
        None => Ok(default),
        Some("first") => Ok(Side::First),
        Some("second") => Ok(Side::Second),
        Some(other) => {
            let shown: String = other.chars().take(40).collect();
            Err(PyValueError::new_err(format!(
                "a side is \"first\" or \"second\", not {shown:?}"
            )))
        }
    }
}

/// A clock's state when it was asked for: each side's remaining time, the side whose clock
/// runs, the side that ran out of time.
#[pyclass(module = "tegoma", name = "Clock", frozen)]
pub(crate) struct Clock {
    remaining_ms: [u64; 2],
    turn: Side,
    flagged: Option<Side>,
}

impl From<&GameClock> for Clock {
    fn from(c: &GameClock) -> Clock {
        Clock {
            remaining_ms: [c.remaining_ms(Side::First), c.remaining_ms(Side::Second)],
            turn: c.to_move(),
            flagged: c.flagged(),
        }
    }
}

#[pymethods]
impl Clock {
    /// The first side's remaining time in its current period, in seconds.
    #[getter]
    fn first(&self) -> f64 {
        self.remaining_ms[0] as f64 / 1000.0
    }

    /// The second side's remaining time in its current period, in seconds.
    #[getter]
    fn second(&self) -> f64 {
        self.remaining_ms[1] as f64 / 1000.0
    }

    /// The remaining time of `side` (`"first"` or `"second"`), in seconds.
    fn remaining(&self, side: &str) -> PyResult<f64> {
        let side = side_or(Some(side), Side::First)?;
        Ok(self.remaining_ms[side.index()] as f64 / 1000.0)
    }

    /// The side whose clock runs.
    #[getter]
    fn turn(&self) -> &'static str {
        self.turn.name()
    }

    /// The side that ran out of time, else `None`.
    #[getter]
    fn flagged(&self) -> Option<&'static str> {
        self.flagged.map(Side::name)
    }

    fn __repr__(&self) -> String {
        format!(
            "Clock(first={:?}, second={:?}, turn='{}')",
            self.first(),
            self.second(),
            self.turn.name()
        )
    }
}

/// PCN periods given in Python (a list of dicts) as JSON values.
pub(crate) fn periods_json(periods: &Bound<'_, PyAny>) -> PyResult<Vec<Value>> {
    let py = periods.py();
    let text: String = py
        .import("json")?
        .call_method1("dumps", (periods,))?
        .extract()?;
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Array(items)) => Ok(items),
        _ => Err(PyTypeError::new_err(
            "periods are a list of dicts such as {\"time\": 300, \"inc\": 2}",
        )),
    }
}

/// Attaches a clock to a board that has not moved yet, and keeps the periods for its PCN
/// record (`periods`, or `sides.first.periods` and `sides.second.periods` when they differ).
pub(crate) fn attach_clock(
    board: &mut Board,
    first: Vec<Value>,
    second: Option<Vec<Value>>,
) -> Fallible<()> {
    if board.game.ply_count() > 0 {
        return Err(Failure::new(
            Context::Setting,
            "ClockAfterStart",
            "a clock is set before the first move",
        ));
    }
    let invalid = |e: tegoma_game::record::PeriodsError| {
        Failure::new(Context::Setting, "InvalidPeriods", e.to_string())
    };
    let first_control = time_control(&first).map_err(invalid)?;
    let second_control = match &second {
        Some(s) => time_control(s).map_err(invalid)?,
        None => first_control.clone(),
    };
    board.game = board
        .game
        .clone()
        .with_clock(GameClock::with_controls(first_control, second_control));
    let base = board.base.get_or_insert_with(|| Box::new(Pcn::default()));
    match second {
        None => base.periods = Some(first),
        Some(second) => {
            base.periods = None;
            let sides = base.sides.get_or_insert_with(Map::new);
            for (name, periods) in [("first", first), ("second", second)] {
                let entry = sides
                    .entry(name)
                    .or_insert_with(|| Value::Object(Map::new()));
                if !entry.is_object() {
                    *entry = Value::Object(Map::new());
                }
                if let Value::Object(o) = entry {
                    o.insert("periods".into(), Value::Array(periods));
                }
            }
        }
    }
    Ok(())
}

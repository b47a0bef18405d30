//! Time controls written as cutechess-cli writes them: `[MOVES/]TIME[+INC]`, in seconds.
//!
//! `10+0.1` is 10 s plus 0.1 s per move; `40/60` is 40 moves in 60 s, the period starting
//! afresh after every 40 moves; `1:30+1` is 90 s plus 1 s.

use serde_json::{json, Value};
use tegoma_game::clock::{Period, TimeControl};

/// A time control of the match, with its text.
#[derive(Debug, Clone, PartialEq)]
pub struct Tc {
    /// The text as given (`10+0.1`).
    pub text: String,
    /// The control.
    pub control: TimeControl,
}

/// Why a time control is not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid time control {text:?}: {why} (expected [MOVES/]TIME[+INC] in seconds, e.g. 10+0.1 or 40/60)")]
pub struct TcError {
    /// The text.
    pub text: String,
    /// What is wrong.
    pub why: String,
}

fn seconds(text: &str, whole: &str) -> Result<f64, TcError> {
    let err = |why: &str| TcError {
        text: whole.chars().take(64).collect(),
        why: why.to_string(),
    };
    let (min, sec) = match text.split_once(':') {
        Some((m, s)) => (m.parse::<u32>().map_err(|_| err("bad minutes"))?, s),
        None => (0, text),
    };
    let s: f64 = sec.parse().map_err(|_| err("bad seconds"))?;
    if !s.is_finite() || !(0.0..=1e7).contains(&s) {
        return Err(err("seconds out of range"));
    }
    Ok(f64::from(min) * 60.0 + s)
}

impl Tc {
    /// Reads a time control.
    ///
    /// # Errors
    /// [`TcError`] for text that is not `[MOVES/]TIME[+INC]`.
    pub fn parse(text: &str) -> Result<Tc, TcError> {
        let t = text.trim();
        let err = |why: &str| TcError {
            text: t.chars().take(64).collect(),
            why: why.to_string(),
        };
        let (moves, rest) = match t.split_once('/') {
            Some((m, r)) => {
                let n: u64 = m.parse().map_err(|_| err("bad move count"))?;
                if n == 0 {
                    return Err(err("the move count must be at least 1"));
                }
                (Some(n), r)
            }
            None => (None, t),
        };
        let (time, inc) = match rest.split_once('+') {
            Some((a, b)) => (seconds(a, t)?, seconds(b, t)?),
            None => (seconds(rest, t)?, 0.0),
        };
        if time == 0.0 && inc == 0.0 {
            return Err(err("no time at all"));
        }
        let period = Period::from_seconds(time, inc, moves).map_err(|e| err(&e.to_string()))?;
        let control = TimeControl::new(vec![period]).map_err(|e| err(&e.to_string()))?;
        Ok(Tc {
            text: t.to_string(),
            control,
        })
    }

    /// The PCN `periods` of the control (`[{"time": 10, "inc": 0.1}]`).
    pub fn periods(&self) -> Vec<Value> {
        self.control
            .periods()
            .iter()
            .map(|p| {
                let mut o = json!({
                    "time": p.duration_ms as f64 / 1000.0,
                    "inc": p.increment_ms as f64 / 1000.0,
                });
                if let Some(q) = p.quota {
                    o["moves"] = json!(q);
                }
                o
            })
            .collect()
    }

    /// The PGN `TimeControl` tag (`10+0.1`, `40/60`).
    pub fn pgn_tag(&self) -> String {
        let p = self.control.periods()[0];
        let secs = |ms: u64| {
            let s = ms as f64 / 1000.0;
            if s.fract() == 0.0 {
                format!("{s:.0}")
            } else {
                format!("{s}")
            }
        };
        let mut out = String::new();
        if let Some(q) = p.quota {
            out.push_str(&format!("{q}/"));
        }
        out.push_str(&secs(p.duration_ms));
        if p.increment_ms > 0 {
            out.push('+');
            out.push_str(&secs(p.increment_ms));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let t = Tc::parse("10+0.1").unwrap();
        let p = t.control.periods()[0];
        assert_eq!(
            (p.duration_ms, p.increment_ms, p.quota),
            (10_000, 100, None)
        );
        assert_eq!(t.pgn_tag(), "10+0.1");
        let t = Tc::parse("40/60").unwrap();
        let p = t.control.periods()[0];
        assert_eq!(
            (p.duration_ms, p.increment_ms, p.quota),
            (60_000, 0, Some(40))
        );
        assert_eq!(t.pgn_tag(), "40/60");
        assert_eq!(t.periods()[0]["moves"], 40);
        let t = Tc::parse("1:30+1").unwrap();
        assert_eq!(t.control.periods()[0].duration_ms, 90_000);
    }

    #[test]
    fn refusals() {
        for bad in [
            "", "x", "0/10", "10+", "-5", "0", "10+x", "1e99", "nan", "inf",
        ] {
            assert!(Tc::parse(bad).is_err(), "{bad}");
        }
    }
}

//! Clock data as PGN writes it: the `TimeControl` tag (↔ PCN `periods`), the `[%clk H:MM:SS]`
//! and `[%emt H:MM:SS]` comment commands (↔ ply `clock` and `seconds`), and the seconds a
//! `%clk` implies under a time control.

use serde_json::{Map, Number, Value};
use tegoma_protocol::Side;

use tegoma_game::clock::{Clock, Tick, TimeControl};

/// A number of seconds as JSON: an integer when whole, else the float.
pub(crate) fn seconds_value(s: f64) -> Value {
    if s.fract() == 0.0 && s.abs() < 9e15 {
        Value::Number(Number::from(s as i64))
    } else {
        Number::from_f64(s).map_or(Value::Null, Value::Number)
    }
}

/// A number as `TimeControl` writes it: integer digits when whole, else the shortest decimal.
fn number_text(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 9e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// A non-negative decimal number of `TimeControl` (`180`, `0.05`).
fn number(s: &str) -> Option<f64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    s.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// The PCN `periods` of a PGN `TimeControl` value, when it maps one to one (writing them back
/// gives the same text): `-` (untimed) is `[]`; `300`, `180+2`, `40/5400`, `40/5400+30`, and
/// several joined by `:` (`40/7200:20/3600:900+30`) are `{"moves"?, "time", "inc"?}` objects.
/// `?` (unknown), sandglass `*60` and anything else give `None` (the tag stays in `meta`).
pub fn periods_of_time_control(tc: &str) -> Option<Vec<Value>> {
    if tc == "-" {
        return Some(Vec::new());
    }
    let mut periods = Vec::new();
    for field in tc.split(':') {
        let (moves, rest) = match field.split_once('/') {
            Some((m, r)) => (Some(m), r),
            None => (None, field),
        };
        let (time, inc) = match rest.split_once('+') {
            Some((t, i)) => (t, Some(i)),
            None => (rest, None),
        };
        let mut o = Map::new();
        if let Some(m) = moves {
            if m.is_empty() || !m.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let n: u64 = m.parse().ok().filter(|&n| n > 0)?;
            o.insert("moves".to_string(), Value::from(n));
        }
        o.insert("time".to_string(), seconds_value(number(time)?));
        if let Some(i) = inc {
            o.insert("inc".to_string(), seconds_value(number(i)?));
        }
        periods.push(Value::Object(o));
    }
    let back = time_control_of_periods(&periods).ok()?;
    (back == tc).then_some(periods)
}

/// The `TimeControl` value of PCN `periods` (`-` for none), or the reason it has none: a
/// period that is not an object of non-negative `moves`, `time` and `inc` numbers (the names
/// `duration`, `increment`, `quota` are read too) and nothing else.
pub fn time_control_of_periods(periods: &[Value]) -> Result<String, &'static str> {
    if periods.is_empty() {
        return Ok("-".to_string());
    }
    let mut fields = Vec::with_capacity(periods.len());
    for p in periods {
        let o = p.as_object().ok_or("a period that is not an object")?;
        let get = |names: [&str; 2]| names.iter().find_map(|n| o.get(*n));
        let known = ["moves", "quota", "time", "duration", "inc", "increment"];
        if o.keys().any(|k| !known.contains(&k.as_str())) {
            return Err("a period key TimeControl has no place for");
        }
        let num = |v: &Value| v.as_f64().filter(|x| x.is_finite() && *x >= 0.0);
        let mut field = String::new();
        if let Some(m) = get(["moves", "quota"]) {
            let n = m
                .as_u64()
                .filter(|&n| n > 0)
                .ok_or("a period quota that is not a positive integer")?;
            field.push_str(&format!("{n}/"));
        }
        let time = match get(["time", "duration"]) {
            Some(t) => num(t).ok_or("a period time that is not a number >= 0")?,
            None => 0.0,
        };
        field.push_str(&number_text(time));
        if let Some(i) = get(["inc", "increment"]) {
            let inc = num(i).ok_or("a period increment that is not a number >= 0")?;
            field.push('+');
            field.push_str(&number_text(inc));
        }
        fields.push(field);
    }
    Ok(fields.join(":"))
}

/// A clock command's time (`H:MM:SS`, `H:MM:SS.s`) in milliseconds.
fn parse_hms(s: &str) -> Option<u64> {
    let mut parts = s.split(':');
    let (h, m, sec) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let int = |t: &str| -> Option<u64> {
        (!t.is_empty() && t.len() <= 9 && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
    };
    let (h, m) = (int(h)?, int(m)?);
    let (whole, frac) = match sec.split_once('.') {
        Some((w, f)) => (w, f),
        None => (sec, ""),
    };
    let whole = int(whole)?;
    if !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Milliseconds of the fraction, rounded.
    let frac_ms = if frac.is_empty() {
        0
    } else {
        let digits: String = frac.chars().chain("000".chars()).take(4).collect();
        let n: u64 = digits.parse().ok()?;
        (n + 5) / 10
    };
    Some(((h * 60 + m) * 60 + whole) * 1000 + frac_ms)
}

/// Milliseconds as a clock command writes them: `H:MM:SS`, with a fraction when there is one.
pub(crate) fn hms(ms: u64) -> String {
    let (h, rest) = (ms / 3_600_000, ms % 3_600_000);
    let (m, rest) = (rest / 60_000, rest % 60_000);
    let (s, frac) = (rest / 1000, rest % 1000);
    let mut out = format!("{h}:{m:02}:{s:02}");
    if frac > 0 {
        let f = format!("{frac:03}");
        out.push('.');
        out.push_str(f.trim_end_matches('0'));
    }
    out
}

/// Takes the first `[%name H:MM:SS]` command out of a comment: its time in milliseconds and the
/// comment without it (whitespace collapsed), or `None` when the comment has none.
pub(crate) fn take_command(text: &str, name: &str) -> Option<(u64, String)> {
    let open = format!("[%{name}");
    let mut from = 0;
    while let Some(i) = text[from..].find(&open) {
        let start = from + i;
        let after = &text[start + open.len()..];
        if after.starts_with(|c: char| c.is_ascii_whitespace()) {
            if let Some(close) = after.find(']') {
                if let Some(ms) = parse_hms(after[..close].trim()) {
                    let rest = format!("{} {}", &text[..start], &after[close + 1..]);
                    return Some((ms, crate::normalize_comment(&rest)));
                }
            }
        }
        from = start + open.len();
    }
    None
}

/// A clock under a time control, walked ply by ply to find the time a `%clk` implies.
pub(crate) struct ClockWalk {
    clock: Clock,
    flagged_at: Option<usize>,
    plies: usize,
}

impl ClockWalk {
    /// A clock at the start, `first` to move.
    pub(crate) fn new(tc: TimeControl, first: Side) -> ClockWalk {
        let mut clock = Clock::new(tc);
        clock.set_to_move(first);
        ClockWalk {
            clock,
            flagged_at: None,
            plies: 0,
        }
    }

    /// The milliseconds the side to move spent on its ply when its clock shows `clock_ms`
    /// after it (increment and any new period included), if that is a time ≥ 0.
    pub(crate) fn implied(&self, clock_ms: u64) -> Option<u64> {
        let mut probe = self.clock.clone();
        match probe.record_ply(0) {
            Ok(Tick::InTime { remaining_ms, .. }) => remaining_ms.checked_sub(clock_ms),
            _ => None,
        }
    }

    /// Records a ply that took `ms` (none: 0, as the match does).
    pub(crate) fn play(&mut self, ms: Option<u64>) {
        self.plies += 1;
        if self.flagged_at.is_some() {
            return;
        }
        if !matches!(
            self.clock.record_ply(ms.unwrap_or(0)),
            Ok(Tick::InTime { .. })
        ) {
            self.flagged_at = Some(self.plies);
        }
    }

    /// The ply (from 1) at which a side ran out of time, if one did.
    pub(crate) fn flagged_at(&self) -> Option<usize> {
        self.flagged_at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_map_one_to_one() {
        for (tc, json) in [
            ("180+2", r#"[{"time":180,"inc":2}]"#),
            ("300", r#"[{"time":300}]"#),
            ("300+0", r#"[{"time":300,"inc":0}]"#),
            ("10+0.05", r#"[{"time":10,"inc":0.05}]"#),
            (
                "40/5400:1800",
                r#"[{"moves":40,"time":5400},{"time":1800}]"#,
            ),
            (
                "40/7200:20/3600:900+30",
                r#"[{"moves":40,"time":7200},{"moves":20,"time":3600},{"time":900,"inc":30}]"#,
            ),
            ("-", "[]"),
        ] {
            let periods = periods_of_time_control(tc).unwrap_or_else(|| panic!("{tc}"));
            assert_eq!(serde_json::to_string(&periods).unwrap(), json, "{tc}");
            assert_eq!(time_control_of_periods(&periods).unwrap(), tc);
        }
        for tc in [
            "?", "*60", "", "40/", "abc", "0/60", "1e3", "300+", "+2", "05",
        ] {
            assert_eq!(periods_of_time_control(tc), None, "{tc}");
        }
    }

    #[test]
    fn clock_commands() {
        assert_eq!(parse_hms("0:03:00"), Some(180_000));
        assert_eq!(parse_hms("1:00:00.5"), Some(3_600_500));
        assert_eq!(parse_hms("0:02:59.96"), Some(179_960));
        assert_eq!(parse_hms("0:03"), None);
        assert_eq!(hms(180_000), "0:03:00");
        assert_eq!(hms(3_600_500), "1:00:00.5");
        assert_eq!(hms(179_960), "0:02:59.96");
        assert_eq!(
            take_command("[%eval 0.2] [%clk 0:01:00] good", "clk"),
            Some((60_000, "[%eval 0.2] good".to_string()))
        );
        assert_eq!(
            take_command("[%clk 0:01:00]", "clk"),
            Some((60_000, String::new()))
        );
        assert_eq!(take_command("[%clkx 0:01:00]", "clk"), None);
        assert_eq!(take_command("no clock", "emt"), None);
    }
}

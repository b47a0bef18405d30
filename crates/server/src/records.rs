//! Records that keep what they hold: the import of a PGN or PCN record into a game, and the
//! exports of a game (PCN, `GET /api/games/ID`; PGN, `GET /api/games/ID/pgn`).
//!
//! - **Import.** The record is read as `tegoma convert` reads it (PGN through
//!   [`tegoma_pgn::pgn_to_pcn`], which carries tags, comments, NAGs, variations and clock
//!   comments into the PCN), checked by replaying it ([`match_from_pcn`]) before any game is
//!   created, and stored whole beside its game (table `records`). Its plies are played with the
//!   times the record gives them ([`Action::Recorded`]: none when it gives none, never the
//!   moment of the import). A record whose result is decided (`1-0`, `0-1`, `1/2-1/2`, or a PCN
//!   outcome) but whose moves do not end the game by themselves becomes a finished game holding
//!   that result ([`Action::Ended`]): it is kept for study and export, not played on.
//! - **Export.** The imported record is the base of the exports: its tags (PCN `meta`, `sides`,
//!   `periods`), then its plies with their comments, NAGs, variations and clock times (as long as
//!   the game still begins with them: a take-back past them drops the rest), then the moves
//!   played on the server with their times. The server adds what the record lacks: `Event`
//!   (`Tegoma game ID`), `Date` (the game's creation, UTC), `Site` (see [`site_of`]), `Round`
//!   `-`, and after every move played on a timed server game the mover's clock (PCN ply key
//!   `clock`, PGN `[%clk H:MM:SS]`).
//! - **TimeControl.** PCN periods PGN can write (`300+3`, `40/5400:1800`) are written in the
//!   standard form; an untimed game is `-`. A control whose last period has a quota and
//!   repeats (byōyomi, Canadian overtime) has no PGN equivalent: `TimeControl "?"`, with the
//!   exact periods, PCN JSON, in the tag `PcnPeriods`.

use serde_json::Value;
use tegoma_game::clock::{Clock, Tick};
use tegoma_game::record::{match_from_pcn, match_to_pcn, seconds_to_ms};
use tegoma_game::replay::pcn_outcome;
use tegoma_game::AnyMatch;
use tegoma_notation::pcn::Pcn;
use tegoma_notation::NotationError;
use tegoma_pgn::record::KEY_CLOCK;
use tegoma_pgn::PgnGame;
use tegoma_protocol::Side;

use crate::error::ApiError;
use crate::game::{Action, GameHandle};
use crate::hub::Hub;
use crate::store::RecordRow;

/// The tag holding the exact PCN periods when `TimeControl` cannot write them.
pub const PERIODS_TAG: &str = "PcnPeriods";

/// Checks an imported record before its game is created: it must replay (every ply legal,
/// none after the end). `422` with the replay's error kind (`IllegalMove`, `MatchFinished`, ...)
/// otherwise.
///
/// # Errors
/// As said.
pub fn check(pcn: &Pcn) -> Result<(), ApiError> {
    match_from_pcn(pcn)
        .map(|_| ())
        .map_err(|e| ApiError::unprocessable(e.kind(), e.to_string()))
}

/// Plays the imported record `pcn` in the new game `g` (its plies with their times, then its
/// stated result when the moves do not end the game) and stores the record beside it.
///
/// # Errors
/// Database errors; a ply the game refuses (the record was checked: none expected).
pub async fn import(hub: &Hub, g: &GameHandle, pcn: &Pcn) -> Result<(), ApiError> {
    let (m, _) = g.snapshot().await?;
    let mut side = m.side_to_move();
    let mut played = 0i64;
    for ply in pcn.plies.iter().flatten() {
        let ms = ply.seconds.map(seconds_to_ms);
        g.act(side, Action::Recorded(ply.pmn.to_string(), ms))
            .await?;
        played += 1;
        side = side.flip();
    }
    hub.store()
        .insert_record(
            &g.row.id,
            &RecordRow {
                pcn: pcn.to_json(),
                plies: played,
            },
        )
        .await?;
    let (m, _) = g.snapshot().await?;
    if m.outcome().is_none() {
        if let Some(o) = pcn.outcome.as_ref().and_then(pcn_outcome) {
            g.act(m.side_to_move(), Action::Ended(o)).await?;
        }
    }
    Ok(())
}

/// The game's record as PCN: the imported record's sections and annotated plies, the plies
/// played since, the server's tags where the record has none (`site`: see [`site_of`]) and the
/// clock after each ply played on the server.
///
/// # Errors
/// Unknown game, database errors.
pub async fn pcn_of(hub: &Hub, g: &GameHandle, site: Option<&str>) -> Result<Pcn, ApiError> {
    let (m, row) = g.snapshot().await?;
    let stored = hub.store().record(&row.id).await?;
    let mut base = Pcn::default();
    let mut kept = 0;
    if let Some(r) = stored {
        // A record that no longer reads (never expected: it was written by this server) is
        // left out rather than failing the export.
        if let Ok(p) = Pcn::from_json(&r.pcn) {
            base = p;
            let pmns = m.pmn_plies();
            let imported = base.plies.take().unwrap_or_default();
            let limit = usize::try_from(r.plies).unwrap_or(0).min(imported.len());
            kept = imported
                .iter()
                .zip(&pmns)
                .take(limit)
                .take_while(|(p, pmn)| p.pmn.to_string() == **pmn)
                .count();
            base.plies = Some(imported.into_iter().take(kept).collect());
        }
    }
    if let Some(p) = &row.periods {
        base.periods = serde_json::from_str::<Vec<Value>>(p).ok();
    }
    let meta = base.meta.get_or_insert_with(Default::default);
    let mut put = |k: &str, v: String| {
        meta.entry(k.to_string()).or_insert(Value::String(v));
    };
    put("event", format!("Tegoma game {}", row.id));
    put("date", pgn_date(row.created_ms));
    if let Some(s) = site {
        put("site", s.to_string());
    }
    put("rules", row.rules.clone());
    // The seats' names (and the computer's), where the record names no player of its own.
    if let Some(named) = crate::meet::pcn_sides(hub.store(), &row).await? {
        let sides = base.sides.get_or_insert_with(Default::default);
        for (side, value) in named {
            let entry = sides
                .entry(side)
                .or_insert_with(|| Value::Object(Default::default()));
            if let (Value::Object(have), Value::Object(add)) = (entry, value) {
                for (k, v) in add {
                    have.entry(k).or_insert(v);
                }
            }
        }
    }
    let mut pcn = match_to_pcn(&m, Some(&base)).map_err(|e| ApiError::internal(e.to_string()))?;
    for (ply, clock) in pcn
        .plies
        .iter_mut()
        .flatten()
        .zip(clocks_after(&m))
        .skip(kept)
    {
        if let Some(ms) = clock {
            ply.extra
                .insert(KEY_CLOCK.to_string(), seconds_value(ms as f64 / 1000.0));
        }
    }
    // Imported plies keep the record's own times only (none: no `%emt`).
    Ok(pcn)
}

/// A number of seconds as JSON: an integer when whole.
fn seconds_value(s: f64) -> Value {
    if s.fract() == 0.0 {
        Value::from(s as i64)
    } else {
        Value::from(s)
    }
}

/// The mover's clock after each ply (ms; the time left in its current period, increment
/// included), replayed from the start with the plies' times; `None` for every ply of an
/// untimed game.
fn clocks_after(m: &AnyMatch) -> Vec<Option<u64>> {
    let times = m.ply_times();
    let Some(c) = m.clock() else {
        return vec![None; times.len()];
    };
    let mut clock = Clock::with_controls(
        c.control(Side::First).clone(),
        c.control(Side::Second).clone(),
    );
    let first = if times.len() % 2 == 0 {
        m.side_to_move()
    } else {
        m.side_to_move().flip()
    };
    clock.set_to_move(first);
    times
        .iter()
        .map(|t| match clock.record_ply(t.unwrap_or(0)) {
            Ok(Tick::InTime { remaining_ms, .. }) => Some(remaining_ms),
            _ => None,
        })
        .collect()
}

/// The game's PGN tags made whole: `Round` `-` when the record has none, `TimeControl` `-`
/// for an untimed game, `?` with [`PERIODS_TAG`] for a control PGN cannot write, and the
/// server's own `rules` key left out (PGN records chess).
pub fn finish_pgn(game: &mut PgnGame, pcn: &Pcn) {
    game.tags.retain(|(k, _)| k != "rules");
    if !game.tags.iter().any(|(k, _)| k == "Round") {
        game.tags.push(("Round".to_string(), "-".to_string()));
    }
    let periods = pcn.periods.as_ref().filter(|p| !p.is_empty());
    let tc = match periods {
        None => Some("-".to_string()),
        Some(p) if repeats_with_quota(p) => {
            game.tags
                .push((PERIODS_TAG.to_string(), Value::Array(p.clone()).to_string()));
            Some("?".to_string())
        }
        Some(_) => None,
    };
    if let Some(tc) = tc {
        match game.tags.iter_mut().find(|(k, _)| k == "TimeControl") {
            // An imported record's own `TimeControl` (`?`, `*60`) stays as it was.
            Some(_) if periods.is_none() => {}
            Some(t) => t.1 = tc,
            None => game.tags.push(("TimeControl".to_string(), tc)),
        }
    }
}

/// Whether the last of the periods has a quota of moves and more than one period is given: a
/// control (byōyomi, Canadian overtime) whose repeated last period restarts afresh, which
/// PGN's `TimeControl` has no form for.
fn repeats_with_quota(periods: &[Value]) -> bool {
    periods.len() > 1
        && periods
            .last()
            .and_then(|p| p.get("moves").or_else(|| p.get("quota")))
            .is_some_and(|q| !q.is_null())
}

/// The `Site` of a game's records: its page on this server, `http://HOST/game/ID` (`https`
/// when the request came through a proxy saying `X-Forwarded-Proto: https`), from the
/// request's `Host`; `None` (PGN's `?`) without a usable `Host`.
pub fn site_of(headers: &axum::http::HeaderMap, id: &str) -> Option<String> {
    let host = headers.get(axum::http::header::HOST)?.to_str().ok()?;
    let ok = !host.is_empty()
        && host.len() <= 255
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".-:[]_".contains(&b));
    if !ok {
        return None;
    }
    let https = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("https"));
    let scheme = if https { "https" } else { "http" };
    Some(format!("{scheme}://{host}/game/{id}"))
}

/// The UTC date of a time in milliseconds since the epoch, as PGN writes dates (`2026.12.06`).
pub fn pgn_date(ms: i64) -> String {
    // Days to the civil date (proleptic Gregorian), after Howard Hinnant's `civil_from_days`.
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn pgn_dates_are_utc_civil_dates() {
        assert_eq!(super::pgn_date(0), "1970.01.01");
        // 2026-12-06T08:00:00Z.
        assert_eq!(super::pgn_date(1_796_544_000_000), "2026.12.06");
        assert_eq!(super::pgn_date(951_782_400_000), "2000.02.29");
        assert_eq!(super::pgn_date(-86_400_000), "1969.12.31");
    }

    #[test]
    fn byoyomi_has_no_time_control_form() {
        let byo = [json!({"time": 600}), json!({"time": 30, "moves": 1})];
        assert!(super::repeats_with_quota(&byo));
        let classical = [json!({"time": 5400, "moves": 40}), json!({"time": 1800})];
        assert!(!super::repeats_with_quota(&classical));
        assert!(!super::repeats_with_quota(&[
            json!({"time": 300, "inc": 3})
        ]));
    }

    #[test]
    fn sites_come_from_usable_hosts_only() {
        let mut h = axum::http::HeaderMap::new();
        assert_eq!(super::site_of(&h, "abc"), None);
        h.insert("host", "example.org:8080".parse().unwrap());
        assert_eq!(
            super::site_of(&h, "abc").as_deref(),
            Some("http://example.org:8080/game/abc")
        );
        h.insert("x-forwarded-proto", "https".parse().unwrap());
        assert_eq!(
            super::site_of(&h, "abc").as_deref(),
            Some("https://example.org:8080/game/abc")
        );
        h.insert("host", "a\"b".parse().unwrap());
        assert_eq!(super::site_of(&h, "abc"), None);
    }
}

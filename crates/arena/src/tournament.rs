//! A match of many games between two engines: openings in pairs with colours swapped, games in
//! parallel on worker threads (each with its own two engine processes), records written in game
//! order, a progress line per game, the score, Elo and SPRT.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::thread;

use tegoma_game::Rules;
use tegoma_protocol::{Decision, Side};

use crate::dialect::Dialect;
use crate::game::{play_game, GameRecord, GameSetup, Labels};
use crate::openings::Opening;
use crate::player::{EngineError, Player, Timeouts};
use crate::sei::SeiPlayer;
use crate::spec::{EngineSpec, Proto};
use crate::stats::{Estimate, Pentanomial, Sprt, SprtState, Wdl};
use crate::tc::Tc;
use crate::uci::UciPlayer;

/// Everything a match needs.
pub struct Config {
    /// The rule system.
    pub rules: Rules,
    /// Engine A (whose score is reported) and engine B.
    pub engines: [EngineSpec; 2],
    /// The number of games.
    pub games: usize,
    /// The time control.
    pub tc: Tc,
    /// Nodes per move instead of the clock (engines get `go nodes N`; the clock still runs
    /// as a safety net).
    pub nodes: Option<u64>,
    /// Milliseconds an engine may exceed its time without losing.
    pub margin_ms: u64,
    /// Games played at once.
    pub concurrency: usize,
    /// The openings, used in order, each for a pair of games (cycled when there are fewer).
    pub openings: Vec<Opening>,
    /// The SPRT, if any: the match stops when it decides.
    pub sprt: Option<Sprt>,
    /// Plies after which a game is adjudicated a draw.
    pub max_plies: usize,
    /// The event name in the records.
    pub event: String,
    /// Handshake and readiness timeouts.
    pub timeouts: Timeouts,
}

/// Where the match stands (after every game).
#[derive(Debug, Clone, Default)]
pub struct Standing {
    /// Games finished.
    pub finished: usize,
    /// Games planned.
    pub planned: usize,
    /// Engine A's wins, draws, losses.
    pub wdl: Wdl,
    /// Engine A's pair outcomes (pairs whose two games are finished).
    pub pairs: Pentanomial,
    /// Games ended by an engine's failure (illegal move, time, crash), by engine (A, B).
    pub failures: [usize; 2],
    /// The SPRT's log-likelihood ratio and state.
    pub sprt: Option<(f64, SprtState)>,
}

impl Standing {
    /// The Elo estimate: pentanomial when every finished game has its partner, else trinomial
    /// (with the small-sample treatment of [`crate::stats`]).
    pub fn estimate(&self) -> Option<(Estimate, &'static str)> {
        if self.pairs.pairs() > 0 && self.pairs.pairs() as usize * 2 == self.finished {
            self.pairs.estimate().map(|e| (e, "pentanomial"))
        } else {
            self.wdl.estimate().map(|e| (e, "trinomial"))
        }
    }
}

/// One finished game, as reported to the caller.
pub struct Finished<'a> {
    /// The game's number, from 1.
    pub number: usize,
    /// The record.
    pub record: &'a GameRecord,
    /// Whether engine A played first.
    pub a_first: bool,
    /// The opening's label.
    pub opening: &'a str,
    /// The standing after it.
    pub standing: &'a Standing,
}

/// Why a match could not be played to its end.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    /// An engine could not start.
    #[error("{0}")]
    Engine(#[from] EngineError),
    /// A record could not be written.
    #[error("cannot write {what}: {error}")]
    Io {
        /// Which output.
        what: String,
        /// The error.
        error: std::io::Error,
    },
    /// A game's record did not convert (a bug).
    #[error("game {number}: {error}")]
    Record {
        /// The game's number.
        number: usize,
        /// The error.
        error: tegoma_pgn::ConvertError,
    },
    /// The configuration cannot work.
    #[error("{0}")]
    Config(String),
    /// An engine's protocol cannot play the rules asked (UCI plays chess, and Ōgi only for an
    /// engine that offers Fairy-Stockfish's `UCI_Variant` `ogi`).
    #[error("engine {engine} speaks {protocol}, which cannot play {rules}: {reason}")]
    Unsupported {
        /// The engine's name.
        engine: String,
        /// Its protocol (`UCI`).
        protocol: String,
        /// The rule system.
        rules: String,
        /// Why, and what to do instead.
        reason: String,
    },
    /// PGN was asked for games it cannot hold (PGN is chess notation).
    #[error("PGN cannot hold games of {rules}: write them as PCN (--pcn FILE) instead")]
    PgnUnsupported {
        /// The rule system.
        rules: String,
    },
}

/// Makes the player of a specification for a rule system.
///
/// # Errors
/// UCI for a game that UCI engines cannot play.
pub fn make_player(
    spec: &EngineSpec,
    rules: &Rules,
    timeouts: Timeouts,
) -> Result<Box<dyn Player>, ArenaError> {
    match spec.proto {
        Proto::Uci => {
            let dialect = Dialect::for_rules(rules).ok_or_else(|| ArenaError::Unsupported {
                engine: spec.name.clone(),
                protocol: "UCI".into(),
                rules: rules.name().to_string(),
                reason: "UCI has no dialect for this game (use proto=sei)".into(),
            })?;
            Ok(Box::new(UciPlayer::new(spec.clone(), dialect, timeouts)))
        }
        Proto::Sei => Ok(Box::new(SeiPlayer::new(
            spec.clone(),
            rules.clone(),
            timeouts,
        ))),
    }
}

/// Today's date, `YYYY-MM-DD` (UTC).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    // Civil date from days since 1970-01-01 (proleptic Gregorian).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Engine A's score of a game in half points.
fn a_half_points(record: &GameRecord, a_first: bool) -> u8 {
    let a_side = if a_first { Side::First } else { Side::Second };
    match record.game.outcome().map(|o| o.decision) {
        Some(Decision::Win(s)) if s == a_side => 2,
        Some(Decision::Win(_)) => 0,
        _ => 1,
    }
}

/// Raises the stop flag when dropped.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// Output sinks for the records.
pub struct Outputs {
    /// PGN (chess games only).
    pub pgn: Option<Box<dyn Write + Send>>,
    /// PCN, one record a line.
    pub pcn: Option<Box<dyn Write + Send>>,
}

/// Plays the match. `progress` is called after every game, in game order.
///
/// # Errors
/// An engine that cannot start, an output that cannot be written.
pub fn run(
    config: &Config,
    mut outputs: Outputs,
    mut progress: impl FnMut(&Finished<'_>),
) -> Result<Standing, ArenaError> {
    if config.openings.is_empty() {
        return Err(ArenaError::Config("no opening".into()));
    }
    if outputs.pgn.is_some() && !config.rules.formats().pgn {
        return Err(ArenaError::PgnUnsupported {
            rules: config.rules.name().to_string(),
        });
    }
    for spec in &config.engines {
        let mut player = make_player(spec, &config.rules, config.timeouts)?;
        // A UCI engine outside chess must offer the game's variant: ask it once, before any
        // game, rather than letting it answer every move with a move of the wrong game.
        if spec.proto == Proto::Uci
            && config.rules.formats().uci != tegoma_game::rules::Uci::Standard
        {
            let checked = player.new_game(&tegoma_game::AnyMatch::new(config.rules.clone()));
            player.quit();
            match checked {
                Ok(()) => {}
                Err(EngineError::Unsupported { name, detail }) => {
                    return Err(ArenaError::Unsupported {
                        engine: name,
                        protocol: "UCI".into(),
                        rules: config.rules.name().to_string(),
                        reason: detail,
                    })
                }
                Err(e) => return Err(e.into()),
            }
        }
    }
    let next = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    // Whatever way this function returns, the workers stop after their current game.
    let _stop_on_return = StopOnDrop(Arc::clone(&stop));
    let (tx, rx) = mpsc::channel::<(usize, Result<GameRecord, EngineError>)>();
    let workers = config.concurrency.clamp(1, config.games.max(1));
    let mut handles = Vec::new();
    for _ in 0..workers {
        let tx = tx.clone();
        let next = Arc::clone(&next);
        let stop = Arc::clone(&stop);
        let specs = config.engines.clone();
        let rules = config.rules.clone();
        let timeouts = config.timeouts;
        let openings: Vec<Opening> = config.openings.clone();
        let nodes = config.nodes;
        let (tc, margin_ms, max_plies, games) = (
            config.tc.clone(),
            config.margin_ms,
            config.max_plies,
            config.games,
        );
        handles.push(thread::spawn(move || {
            let (Ok(mut a), Ok(mut b)) = (
                make_player(&specs[0], &rules, timeouts),
                make_player(&specs[1], &rules, timeouts),
            ) else {
                return;
            };
            loop {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= games {
                    break;
                }
                let opening = &openings[(i / 2) % openings.len()];
                let setup = GameSetup {
                    start: opening.start.clone(),
                    tc: tc.clone(),
                    margin_ms,
                    max_plies,
                    nodes,
                };
                let result = if i % 2 == 0 {
                    play_game([a.as_mut(), b.as_mut()], &setup)
                } else {
                    play_game([b.as_mut(), a.as_mut()], &setup)
                };
                if tx.send((i, result)).is_err() {
                    break;
                }
            }
            a.quit();
            b.quit();
        }));
    }
    drop(tx);

    let mut standing = Standing {
        planned: config.games,
        ..Standing::default()
    };
    let mut pending: BTreeMap<usize, Result<GameRecord, EngineError>> = BTreeMap::new();
    let mut written = 0usize;
    let mut first_error = None;
    let mut half_points: BTreeMap<usize, u8> = BTreeMap::new();
    let date = today();
    for (i, r) in rx {
        pending.insert(i, r);
        while let Some(r) = pending.remove(&written) {
            let i = written;
            written += 1;
            let record = match r {
                Ok(rec) => rec,
                Err(e) => {
                    stop.store(true, Ordering::SeqCst);
                    first_error.get_or_insert(e);
                    continue;
                }
            };
            if first_error.is_some() {
                continue;
            }
            let a_first = i % 2 == 0;
            let hp = a_half_points(&record, a_first);
            match hp {
                2 => standing.wdl.wins += 1,
                1 => standing.wdl.draws += 1,
                _ => standing.wdl.losses += 1,
            }
            use crate::game::Termination as T;
            if let T::IllegalMove { side, .. }
            | T::TimeForfeit { side }
            | T::Abandoned { side, .. } = &record.termination
            {
                // The failing engine: A when it played that side.
                let a_failed = (*side == Side::First) == a_first;
                standing.failures[usize::from(!a_failed)] += 1;
            }
            half_points.insert(i, hp);
            if i % 2 == 1 {
                if let (Some(x), Some(y)) = (half_points.get(&(i - 1)), half_points.get(&i)) {
                    standing.pairs.add(*x, *y);
                }
            }
            standing.finished += 1;
            if let Some(s) = &config.sprt {
                // On complete pairs only, as fastchess does.
                let llr = s.llr_pentanomial(&standing.pairs);
                let state = s.state(llr);
                standing.sprt = Some((llr, state));
                if state != SprtState::Continue {
                    stop.store(true, Ordering::SeqCst);
                }
            }
            let labels = Labels {
                event: config.event.clone(),
                round: (i + 1).to_string(),
                date: date.clone(),
                time_control: config.tc.pgn_tag(),
            };
            let pcn = record
                .to_pcn(&labels, config.tc.periods())
                .map_err(|error| ArenaError::Record {
                    number: i + 1,
                    error: error.into(),
                })?;
            if let Some(w) = &mut outputs.pcn {
                writeln!(
                    w,
                    "{}",
                    serde_json::to_string(&pcn.to_value()).unwrap_or_default()
                )
                .and_then(|()| w.flush())
                .map_err(|error| ArenaError::Io {
                    what: "the PCN output".into(),
                    error,
                })?;
            }
            if let Some(w) = &mut outputs.pgn {
                if let Some(text) =
                    record
                        .to_pgn(&pcn, &labels)
                        .map_err(|error| ArenaError::Record {
                            number: i + 1,
                            error,
                        })?
                {
                    writeln!(w, "{text}")
                        .and_then(|()| w.flush())
                        .map_err(|error| ArenaError::Io {
                            what: "the PGN output".into(),
                            error,
                        })?;
                }
            }
            let opening = &config.openings[(i / 2) % config.openings.len()].label;
            progress(&Finished {
                number: i + 1,
                record: &record,
                a_first,
                opening,
                standing: &standing,
            });
        }
    }
    for h in handles {
        let _ = h.join();
    }
    match first_error {
        Some(e) => Err(e.into()),
        None => Ok(standing),
    }
}

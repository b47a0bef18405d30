//! One game between two engines, with Tegoma's [`AnyMatch`] as the arbiter: every move checked,
//! the clock kept by the arbiter from the measured time of each answer, the endings of the rule
//! system applied, and an engine's failures recorded as the game's ending.
//!
//! - An engine's move that is not legal (or not a move at all) loses the game by `illegalmove`
//!   (in Ōgi the match itself decides so; in chess the match refuses the move and the arbiter
//!   ends the game). A move sennichite forbids loses by `repetition` (ruling R4).
//! - No answer before the time left runs out (plus the margin) loses by `timelimit` (a draw when
//!   the rule system says so: chess, the opponent has only K, K+B or K+N).
//! - An engine that crashes or breaks the protocol loses by `resignation` (the PGN says
//!   `Termination "abandoned"`).
//! - A game longer than the ply limit is adjudicated a draw (`movelimit`).

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tegoma_game::clock::Clock;
use tegoma_game::record::{match_to_pcn, RecordError};
use tegoma_game::{AnyMatch, MatchError};
use tegoma_notation::cgsn::Status;
use tegoma_notation::pcn::{Map, Pcn};
use tegoma_pgn::{pcn_to_pgn, ConvertError};
use tegoma_protocol::{Outcome, Side};

use crate::player::{ClockView, EngineError, Player, Turn};
use crate::tc::Tc;

/// How a game ended, beyond the rules' own endings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Termination {
    /// An ending of the rules (checkmate, mareking, draws...), or a sennichite move.
    Normal,
    /// An engine sent a move that is not legal.
    IllegalMove {
        /// The offender.
        side: Side,
        /// What it sent.
        text: String,
    },
    /// An engine ran out of time.
    TimeForfeit {
        /// The side that ran out.
        side: Side,
    },
    /// An engine crashed or broke the protocol.
    Abandoned {
        /// The side that failed.
        side: Side,
        /// What happened.
        detail: String,
    },
    /// The ply limit was reached.
    Adjudicated,
    /// The game was left before its end (a player quit): no result.
    Unterminated,
}

impl Termination {
    /// The PGN `Termination` tag value.
    pub fn pgn(&self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::IllegalMove { .. } => "rules infraction",
            Termination::TimeForfeit { .. } => "time forfeit",
            Termination::Abandoned { .. } => "abandoned",
            Termination::Adjudicated => "adjudication",
            Termination::Unterminated => "unterminated",
        }
    }

    /// A sentence for reports and records (empty for a normal ending).
    pub fn detail(&self, names: &[String; 2]) -> String {
        let who = |s: &Side| names[s.index()].clone();
        match self {
            Termination::Normal => String::new(),
            Termination::IllegalMove { side, text } => {
                format!("{} played an illegal move: {text:?}", who(side))
            }
            Termination::TimeForfeit { side } => format!("{} ran out of time", who(side)),
            Termination::Abandoned { side, detail } => format!("{}: {detail}", who(side)),
            Termination::Adjudicated => "the ply limit was reached".to_string(),
            Termination::Unterminated => "the game was left before its end".to_string(),
        }
    }
}

/// What a game needs besides its players.
#[derive(Debug, Clone)]
pub struct GameSetup {
    /// The match at its start position (no clock yet).
    pub start: AnyMatch,
    /// The time control.
    pub tc: Tc,
    /// Milliseconds an engine may exceed its time without losing.
    pub margin_ms: u64,
    /// Plies after which the game is adjudicated a draw.
    pub max_plies: usize,
    /// Nodes per move: engines are told to search this many nodes instead of being shown the
    /// clock (which still runs: a hung engine still loses on time).
    pub nodes: Option<u64>,
}

/// A finished game.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The match, over.
    pub game: AnyMatch,
    /// The engines' names, first player then second.
    pub names: [String; 2],
    /// How it ended.
    pub termination: Termination,
    /// What the engine said of its search, per ply.
    pub infos: Vec<Option<String>>,
    /// More about the ending (a time loss: how long the engine took, how long it had).
    pub note: Option<String>,
}

/// The time the side to move can spend before it flags: the smallest elapsed time the clock
/// counts as a flag (found by bisection on [`Clock::would_flag`], so every period rule holds).
fn time_to_flag(clock: &Clock) -> u64 {
    let (mut lo, mut hi) = (0u64, 1u64 << 44);
    if !clock.would_flag(hi) {
        return hi;
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if clock.would_flag(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

fn view(clock: &Clock) -> ClockView {
    let mut v = ClockView::default();
    for side in [Side::First, Side::Second] {
        let st = clock.state(side);
        let periods = clock.control(side).periods();
        let period = periods
            .get(st.period)
            .or(periods.last())
            .copied()
            .unwrap_or_else(|| tegoma_game::clock::Period::sudden_death(0, 0));
        v.remaining_ms[side.index()] = st.remaining_ms;
        v.increment_ms[side.index()] = period.increment_ms;
        if side == clock.to_move() {
            v.moves_to_go = period
                .quota
                .map(|q| q.saturating_sub(st.plies_in_period).max(1));
        }
    }
    v
}

/// Plays one game. `players[0]` plays first.
///
/// # Errors
/// An engine that cannot start (the game is not played).
pub fn play_game(
    players: [&mut dyn Player; 2],
    setup: &GameSetup,
) -> Result<GameRecord, EngineError> {
    let [first, second] = players;
    let names = [first.name().to_string(), second.name().to_string()];
    let mut game = setup
        .start
        .clone()
        .with_clock(Clock::new(setup.tc.control.clone()));
    first.new_game(&game)?;
    second.new_game(&game)?;
    let players: [&mut dyn Player; 2] = [first, second];
    let mut infos = Vec::new();
    let mut termination = Termination::Normal;
    let mut note = None;
    while game.outcome().is_none() {
        if game.ply_count() >= setup.max_plies {
            let _ = game.end(Outcome::draw(Status::Movelimit));
            termination = Termination::Adjudicated;
            break;
        }
        let side = game.side_to_move();
        let clock = game.clock().cloned().expect("the game has a clock");
        let flag_at = time_to_flag(&clock);
        let deadline =
            Instant::now() + Duration::from_millis(flag_at.saturating_add(setup.margin_ms));
        let turn = Turn {
            game: &game,
            clock: setup.nodes.is_none().then(|| view(&clock)),
            nodes: setup.nodes,
            deadline,
        };
        let reply = players[side.index()].think(&turn);
        match reply {
            Ok(r) => {
                // Within the margin, the clock is charged just short of the flag.
                let charged = if r.elapsed_ms >= flag_at
                    && r.elapsed_ms < flag_at.saturating_add(setup.margin_ms)
                {
                    flag_at.saturating_sub(1)
                } else {
                    r.elapsed_ms
                };
                let Some(pmn) = r.pmn else {
                    if clock.would_flag(charged) {
                        let _ = game.time_forfeit(side);
                        termination = Termination::TimeForfeit { side };
                        note = Some(format!(
                            "answered after {} ms with {flag_at} ms left",
                            r.elapsed_ms
                        ));
                    } else {
                        let _ = game.end(Outcome::win(side.flip(), Status::Illegalmove));
                        termination = Termination::IllegalMove { side, text: r.text };
                    }
                    break;
                };
                match game.play(&pmn, Some(charged)) {
                    Ok(_) => {
                        if game.ply_count() > infos.len() {
                            infos.push(r.info);
                        } else if game
                            .outcome()
                            .is_some_and(|o| o.statuses.contains(Status::Timelimit))
                        {
                            termination = Termination::TimeForfeit { side };
                            note = Some(format!(
                                "answered after {} ms with {flag_at} ms left",
                                r.elapsed_ms
                            ));
                        }
                    }
                    Err(MatchError::Forfeit { .. }) => {
                        // Ōgi: an illegal or sennichite move ends the game by itself.
                        if !game
                            .outcome()
                            .is_some_and(|o| o.statuses.contains(Status::Repetition))
                        {
                            termination = Termination::IllegalMove { side, text: r.text };
                        }
                    }
                    Err(_) => {
                        let _ = game.end(Outcome::win(side.flip(), Status::Illegalmove));
                        termination = Termination::IllegalMove { side, text: r.text };
                    }
                }
            }
            Err(EngineError::Timeout { .. }) => {
                let _ = game.time_forfeit(side);
                termination = Termination::TimeForfeit { side };
                note = Some(format!(
                    "no answer within {} ms",
                    flag_at.saturating_add(setup.margin_ms)
                ));
            }
            Err(e) => {
                let _ = game.end(Outcome::win(side.flip(), Status::Resignation));
                termination = Termination::Abandoned {
                    side,
                    detail: e.to_string(),
                };
            }
        }
    }
    Ok(GameRecord {
        game,
        names,
        termination,
        infos,
        note,
    })
}

/// The labels of a game in its records.
#[derive(Debug, Clone, Default)]
pub struct Labels {
    /// The event.
    pub event: String,
    /// The round (the game's number).
    pub round: String,
    /// The date, `YYYY-MM-DD`.
    pub date: String,
    /// The time control text for the PGN tag.
    pub time_control: String,
}

impl GameRecord {
    /// The ending's sentence with its note (`b ran out of time (no answer within 1000 ms)`).
    pub fn detail(&self) -> String {
        let d = self.termination.detail(&self.names);
        match &self.note {
            Some(n) => format!("{d} ({n})"),
            None => d,
        }
    }

    /// The game's PCN record: meta (event, round, date, PGN tags), sides (names), periods,
    /// setup, plies with their times (and the engines' search info under `engine`), outcome
    /// (with `termination` and `detail` when an engine failed).
    ///
    /// # Errors
    /// A ply whose PMN does not read back (a bug of a rule system's writer).
    pub fn to_pcn(&self, labels: &Labels, periods: Vec<Value>) -> Result<Pcn, RecordError> {
        let mut base = Pcn::default();
        let mut meta = Map::new();
        meta.insert("event".into(), json!(labels.event));
        meta.insert("round".into(), json!(labels.round));
        meta.insert("date".into(), json!(labels.date));
        meta.insert("TimeControl".into(), json!(labels.time_control));
        meta.insert("Termination".into(), json!(self.termination.pgn()));
        base.meta = Some(meta);
        let mut sides = Map::new();
        sides.insert("first".into(), json!({ "name": self.names[0] }));
        sides.insert("second".into(), json!({ "name": self.names[1] }));
        base.sides = Some(sides);
        base.periods = Some(periods);
        // A FEN start keeps its move counters (the setup's FEEN has none).
        let initial = tegoma_game::AnyPosition::initial(self.game.rules().clone()).feen();
        if let Some(fen) = self
            .game
            .start_fen()
            .filter(|_| self.game.start_feen() != initial)
        {
            base.setup.extra.insert("fen".into(), json!(fen));
        }
        let mut pcn = match_to_pcn(&self.game, Some(&base))?;
        if let Some(plies) = &mut pcn.plies {
            for (ply, info) in plies.iter_mut().zip(&self.infos) {
                if let Some(i) = info {
                    ply.extra.insert("engine".into(), json!(i));
                }
            }
        }
        if let Some(o) = &mut pcn.outcome {
            if self.termination != Termination::Normal {
                o.extra
                    .insert("termination".into(), json!(self.termination.pgn()));
                o.extra.insert("detail".into(), json!(self.detail()));
            }
        }
        Ok(pcn)
    }

    /// The game as PGN text (`None` for a game whose descriptor has no PGN).
    ///
    /// # Errors
    /// The record does not convert (a bug).
    pub fn to_pgn(&self, pcn: &Pcn, labels: &Labels) -> Result<Option<String>, ConvertError> {
        if !self.game.rules().formats().pgn {
            return Ok(None);
        }
        let mut pgn = pcn_to_pgn(pcn)?;
        pgn.set_tag("Date", &labels.date.replace('-', "."));
        let detail = self.detail();
        if !detail.is_empty() {
            pgn.comments.push(tegoma_pgn::Comment {
                ply: self.game.ply_count(),
                text: detail,
            });
        }
        let text = tegoma_pgn::game_to_string(&pgn).unwrap_or_default();
        Ok(Some(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tegoma_game::clock::TimeControl;

    #[test]
    fn flag_time_is_the_remaining_time() {
        let c = Clock::new(TimeControl::fischer(10_000, 100));
        assert_eq!(time_to_flag(&c), 10_000);
        let c = Clock::new(TimeControl::byoyomi(1_000, 5_000));
        assert_eq!(time_to_flag(&c), 6_000);
    }

    #[test]
    fn clock_view_counts_moves_to_go() {
        let tc =
            TimeControl::new(vec![tegoma_game::clock::Period::with_quota(60_000, 40)]).unwrap();
        let mut c = Clock::new(tc);
        assert_eq!(view(&c).moves_to_go, Some(40));
        c.record_ply(1_000).unwrap();
        c.record_ply(1_000).unwrap();
        let v = view(&c);
        assert_eq!(v.moves_to_go, Some(39));
        assert_eq!(v.remaining_ms, [59_000, 59_000]);
    }
}

//! Replaying game records (PCN): every ply checked through the rule system, the outcome
//! recomputed, one [`GameReport`] per game. Other record formats replay in their own crates and
//! report in the same [`GameReport`].
//!
//! A record's ending that no position shows (resignation, agreement, time forfeit, Ōgi's
//! illegal move) is taken from the record when the replayed game is not over by itself: a PCN
//! `outcome` with explicit statuses.

use tegoma_notation::cgsn::{Status, StatusSet};
use tegoma_notation::pcn::{GameResult, Pcn};
use tegoma_notation::{Invalid, NotationError};
use tegoma_protocol::{Decision, Outcome, Side};

use crate::matches::{AutomaticDraws, MatchError};

/// The six CGSN statuses that only an event (not a position) can give.
pub const EXPLICIT: [Status; 6] = [
    Status::Resignation,
    Status::Illegalmove,
    Status::Timelimit,
    Status::Movelimit,
    Status::Repetition,
    Status::Agreement,
];

/// A ply a replay refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadPly {
    /// Its number, from 1.
    pub ply: usize,
    /// The move as written in the record.
    pub text: String,
    /// Why it was refused.
    pub reason: Invalid,
}

/// What replaying one game gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport {
    /// The game's index in its file, from 0.
    pub index: usize,
    /// Plies played (up to the first bad one).
    pub plies: usize,
    /// The ending statuses (`StatusSet::EMPTY` while the game goes on).
    pub statuses: StatusSet,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// The FEEN of the final position (where replay stopped, for a bad ply).
    pub feen: String,
    /// The first ply that could not be played (the game's replay stops there).
    pub bad_ply: Option<BadPly>,
    /// The game could not be read or set up at all (bad FEN/FEEN, malformed record).
    pub error: Option<Invalid>,
    /// The result the record states, when it differs from the replayed one.
    pub disagreement: Option<String>,
}

impl GameReport {
    /// The report of a game that could not be read or set up at all (`error`).
    pub fn failed(index: usize, error: Invalid) -> GameReport {
        GameReport {
            index,
            plies: 0,
            statuses: StatusSet::EMPTY,
            result: "*",
            feen: String::new(),
            bad_ply: None,
            error: Some(error),
            disagreement: None,
        }
    }

    /// Whether the game replayed without a bad ply or error.
    pub fn is_ok(&self) -> bool {
        self.bad_ply.is_none() && self.error.is_none()
    }

    /// The five tab-separated columns: index, plies, statuses (comma-separated, `-` when none),
    /// result, final FEEN.
    pub fn tsv(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}",
            self.index,
            self.plies,
            statuses_text(self.statuses),
            self.result,
            self.feen
        )
    }
}

/// Statuses comma-separated, `-` when none.
pub fn statuses_text(s: StatusSet) -> String {
    if s.is_empty() {
        "-".to_string()
    } else {
        s.iter().map(|x| x.as_str()).collect::<Vec<_>>().join(",")
    }
}

/// The result mark of an outcome: `1-0` (the first player wins), `0-1`, `1/2-1/2`, or `*`
/// when there is none.
pub fn result_mark(outcome: Option<&Outcome>) -> &'static str {
    match outcome.map(|o| o.decision) {
        Some(Decision::Win(Side::First)) => "1-0",
        Some(Decision::Win(Side::Second)) => "0-1",
        Some(Decision::Draw) => "1/2-1/2",
        None => "*",
    }
}

impl From<MatchError> for BadPly {
    /// The bad ply of a refused or forfeiting move (its number, text and reason); any other
    /// error is reported at ply 0, without text.
    fn from(e: MatchError) -> BadPly {
        bad_from(e)
    }
}

fn bad_from(e: MatchError) -> BadPly {
    match e {
        MatchError::Refused { ply, error } | MatchError::Forfeit { ply, error, .. } => BadPly {
            ply,
            text: error.text().to_string(),
            // The text is in `text` and the kind says what failed: the message says why.
            reason: Invalid {
                kind: error.kind(),
                message: match error.illegal() {
                    Some(illegal) => illegal.reason.to_string(),
                    None => error.detail().to_string(),
                },
            },
        },
        other => BadPly {
            ply: 0,
            text: String::new(),
            reason: Invalid::from(other),
        },
    }
}

/// The protocol outcome a PCN `outcome` states, if it states a result.
pub fn pcn_outcome(o: &tegoma_notation::pcn::Outcome) -> Option<Outcome> {
    let decision = match o.result? {
        GameResult::First => Decision::Win(Side::First),
        GameResult::Second => Decision::Win(Side::Second),
        GameResult::Draw => Decision::Draw,
    };
    Some(Outcome {
        decision,
        statuses: o.status,
    })
}

/// Replays a PCN record: its setup, every ply (with its time, against the `periods` when both
/// are given), and its outcome.
pub fn replay_pcn(index: usize, pcn: &Pcn) -> GameReport {
    replay_pcn_with(index, pcn, None)
}

/// [`replay_pcn`] with other automatic draws than the rule system's (`None`: R3 or R4); see
/// [`AutomaticDraws`].
pub fn replay_pcn_with(index: usize, pcn: &Pcn, draws: Option<AutomaticDraws>) -> GameReport {
    let mut m = match crate::record::match_from_setup(pcn) {
        Ok(m) => match draws {
            Some(d) => m.with_automatic_draws(d),
            None => m,
        },
        Err(e) => return GameReport::failed(index, Invalid::from(e)),
    };
    let mut bad = None;
    for (i, ply) in pcn.plies.iter().flatten().enumerate() {
        if let Some(o) = m.outcome() {
            bad = Some(BadPly {
                ply: i + 1,
                text: ply.pmn.to_string(),
                reason: Invalid::from(MatchError::Finished(o)),
            });
            break;
        }
        let ms = ply.seconds.map(crate::record::seconds_to_ms);
        let before = m.ply_count();
        if let Err(e) = m.play(&ply.pmn.to_string(), ms) {
            bad = Some(bad_from(e));
            break;
        }
        if m.ply_count() == before {
            // The flag fell while this ply was played: it is the bad one, never dropped.
            let on_time = m
                .outcome()
                .is_some_and(|o| o.statuses.contains(Status::Timelimit));
            if let Some(crate::record::RecordError::PlyAfterEnd { ply, text, reason }) =
                crate::record::ply_after_end(pcn, before, on_time)
            {
                bad = Some(BadPly {
                    ply,
                    text,
                    reason: Invalid {
                        kind: "MatchFinished",
                        message: reason,
                    },
                });
            }
            break;
        }
    }
    let recorded = pcn.outcome.as_ref().and_then(pcn_outcome);
    let mut disagreement = None;
    if bad.is_none() {
        match (m.outcome(), recorded) {
            (None, Some(rec)) => {
                // An ending no position shows: accept explicit statuses only.
                let explicit = rec.statuses.iter().any(|s| EXPLICIT.contains(&s));
                if explicit || rec.statuses.is_empty() {
                    let _ = m.end(rec);
                } else {
                    disagreement = Some(format!("{rec}"));
                }
            }
            (Some(o), Some(rec)) if o.decision != rec.decision => {
                disagreement = Some(format!("{rec}"));
            }
            _ => {}
        }
    }
    let outcome = m.outcome();
    GameReport {
        index,
        plies: m.ply_count(),
        statuses: outcome.map_or(StatusSet::EMPTY, |o| o.statuses),
        result: result_mark(outcome.as_ref()),
        feen: m.feen(),
        bad_ply: bad,
        error: None,
        disagreement,
    }
}

//! Replaying game records (PGN, PCN): every ply checked through the rule system, the outcome
//! recomputed, one [`GameReport`] per game.
//!
//! A record's ending that no position shows (resignation, agreement, time forfeit, Ōgi's
//! illegal move) is taken from the record when the replayed game is not over by itself: a PCN
//! `outcome` with explicit statuses, or a PGN result other than `*` (kept without status).

use std::io::BufRead;

use tegoma_notation::cgsn::{Status, StatusSet};
use tegoma_notation::pcn::{GameResult, Pcn};
use tegoma_notation::{Invalid, NotationError};
use tegoma_protocol::{Decision, Outcome, Side};

use crate::matches::{AutomaticDraws, Match, MatchError};
use crate::pgn::{PgnGame, PgnReader, PgnResult};

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
    fn failed(index: usize, error: Invalid) -> GameReport {
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

/// The PGN-style result of an outcome (`*` when there is none).
pub fn result_mark(outcome: Option<&Outcome>) -> &'static str {
    match outcome.map(|o| o.decision) {
        Some(Decision::Win(Side::First)) => "1-0",
        Some(Decision::Win(Side::Second)) => "0-1",
        Some(Decision::Draw) => "1/2-1/2",
        None => "*",
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

/// Replays one PGN game through the chess rules (a `FEN` tag gives the start position).
pub fn replay_pgn_game(index: usize, game: &PgnGame) -> GameReport {
    replay_pgn_game_with(index, game, None)
}

/// [`replay_pgn_game`] with other automatic draws than the rule system's (`None`: R3); see
/// [`AutomaticDraws`].
pub fn replay_pgn_game_with(
    index: usize,
    game: &PgnGame,
    draws: Option<AutomaticDraws>,
) -> GameReport {
    let m = match Match::from_pgn_setup(game) {
        Ok(m) => m,
        Err(e) => return GameReport::failed(index, Invalid::from(e)),
    };
    let mut m = match draws {
        Some(d) => m.with_automatic_draws(d),
        None => m,
    };
    let bad = match m.play_san_line(&game.moves) {
        Ok(_) => None,
        Err(MatchError::Finished(o)) => {
            let i = m.plies().len();
            Some(BadPly {
                ply: i + 1,
                text: game.moves[i].to_string(),
                reason: Invalid::from(MatchError::Finished(o)),
            })
        }
        Err(e) => Some(bad_from(e)),
    };
    let recorded = game
        .result
        .or_else(|| game.tag("Result").and_then(PgnResult::parse));
    let mut statuses = StatusSet::EMPTY;
    let mut disagreement = None;
    let result = match m.outcome() {
        Some(o) => {
            statuses = o.statuses;
            let r = result_mark(Some(&o));
            if let Some(rec) = recorded {
                if rec != PgnResult::Unknown && rec.as_str() != r {
                    disagreement = Some(rec.as_str().to_string());
                }
            }
            r
        }
        None if bad.is_none() => recorded.map_or("*", PgnResult::as_str),
        None => "*",
    };
    GameReport {
        index,
        plies: m.plies().len(),
        statuses,
        result,
        feen: m.position().to_feen(),
        bad_ply: bad,
        error: None,
        disagreement,
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

/// The two record formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordFormat {
    /// PGN (chess, many games per file).
    Pgn,
    /// PCN (one game, JSON or TOML).
    Pcn,
}

/// Detects a record's format from its file name (`.pgn`, `.pcn`, `.json`, `.toml`) or, failing
/// that, its first non-blank bytes (`{"` a JSON PCN record, `[{` a JSON array of them, `[Event`-style
/// tag, `{comment}` or move text PGN, a TOML table or `key =` line PCN).
pub fn detect(name: &str, head: &[u8]) -> RecordFormat {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".pgn") {
        return RecordFormat::Pgn;
    }
    if lower.ends_with(".pcn") || lower.ends_with(".json") || lower.ends_with(".toml") {
        return RecordFormat::Pcn;
    }
    let text = String::from_utf8_lossy(head);
    let t = text.trim_start_matches('\u{feff}').trim_start();
    // A JSON record starts `{"` (or is `{}`), a JSON array of records `[{` (or is `[]`); a PGN
    // may start with a `{comment}`.
    for open in ['{', '['] {
        if let Some(after) = t.strip_prefix(open) {
            let after = after.trim_start();
            if after.is_empty() || after.starts_with(['"', '{', '}', ']']) {
                return RecordFormat::Pcn;
            }
            if open == '{' {
                return RecordFormat::Pgn;
            }
        }
    }
    // A PGN tag is `[Name "value"]`; a TOML table header is `[name]` and a TOML key line
    // `name = ...`.
    let first = t.lines().next().unwrap_or("");
    if first.starts_with('[') && first.contains('"') {
        return RecordFormat::Pgn;
    }
    if first.starts_with('[') || first.contains('=') && !first.starts_with("1.") {
        return RecordFormat::Pcn;
    }
    RecordFormat::Pgn
}

/// Whether the replay of a PGN game reads the tag `name` (the others are not kept when a stream
/// is replayed: see [`PgnReader::keep_tags`]). A tag that [`replay_pgn_game_with`] reads must be
/// here.
pub fn replay_reads_tag(name: &[u8]) -> bool {
    matches!(name, b"FEN" | b"SetUp" | b"Result" | b"Variant")
}

/// Replays every game of a PGN stream, calling `each` with each report (games are read one at
/// a time; a game the reader cannot read is reported with its error).
pub fn replay_pgn_stream<R: BufRead>(reader: R, each: impl FnMut(GameReport)) {
    replay_pgn_stream_with(reader, None, each);
}

/// [`replay_pgn_stream`] with other automatic draws than the rule system's (`None`: R3); see
/// [`AutomaticDraws`].
pub fn replay_pgn_stream_with<R: BufRead>(
    reader: R,
    draws: Option<AutomaticDraws>,
    mut each: impl FnMut(GameReport),
) {
    let games = PgnReader::new(reader).keep_tags(replay_reads_tag);
    for (i, game) in games.enumerate() {
        match game {
            Ok(g) => each(replay_pgn_game_with(i, &g, draws)),
            Err(e) => each(GameReport::failed(i, Invalid::from(e))),
        }
    }
}

/// Fuzzing entry point (for a `cargo fuzz` target and property tests): reads every game of `data`
/// under small limits and replays it twice, through the SAN fast path ([`replay_pgn_game`]) and
/// move by move through [`Match::play_san`] (the chess module's full SAN reader), panicking if
/// the two disagree on the plies played, the first bad ply, the outcome or the final FEEN. Any
/// other panic, hang or unbounded allocation is a bug.
pub fn fuzz_replay(data: &[u8]) {
    let limits = crate::pgn::Limits {
        max_plies: 2_000,
        max_game_bytes: 1 << 20,
        ..crate::pgn::Limits::default()
    };
    for (i, game) in PgnReader::with_limits(data, limits).take(100).enumerate() {
        let Ok(game) = game else { continue };
        let fast = replay_pgn_game(i, &game);
        let Ok(mut m) = Match::from_pgn_setup(&game) else {
            assert!(
                fast.error.is_some(),
                "game {i}: set-up refused only by one path"
            );
            continue;
        };
        let mut bad = None;
        for (ply, san) in game.moves.iter().enumerate() {
            if m.play_san(&san.to_string(), None).is_err() {
                bad = Some(ply + 1);
                break;
            }
        }
        assert_eq!(
            fast.bad_ply.as_ref().map(|b| b.ply),
            bad,
            "game {i}: first bad ply ({:?}) in {}",
            fast.bad_ply,
            game.moves
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
        assert_eq!(fast.plies, m.plies().len(), "game {i}: plies");
        assert_eq!(
            fast.statuses,
            m.outcome().map_or(StatusSet::EMPTY, |o| o.statuses),
            "game {i}: statuses"
        );
        assert_eq!(fast.feen, m.position().to_feen(), "game {i}: final FEEN");
    }
}

//! Replaying PGN games through the chess rules, every ply checked and the outcome recomputed,
//! one [`GameReport`] per game (the report of [`tegoma_game::replay`], which replays PCN);
//! [`detect`] tells a PGN file from a PCN one.
//!
//! A PGN result other than `*` is taken as the game's ending (without status) when the replayed
//! game is not over by itself: resignation, agreement and time forfeit show in no position.

use std::io::BufRead;

use tegoma_game::replay::{result_mark, BadPly, GameReport};
use tegoma_game::{AutomaticDraws, Match, MatchError};
use tegoma_notation::cgsn::StatusSet;
use tegoma_notation::Invalid;

use crate::san_match::ChessMatch;
use crate::{PgnGame, PgnReader, PgnResult};

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
        Err(e) => Some(BadPly::from(e)),
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
/// move by move through [`ChessMatch::play_san`] (the chess module's full SAN reader), panicking if
/// the two disagree on the plies played, the first bad ply, the outcome or the final FEEN. Any
/// other panic, hang or unbounded allocation is a bug.
pub fn fuzz_replay(data: &[u8]) {
    let limits = crate::Limits {
        max_plies: 2_000,
        max_game_bytes: 1 << 20,
        ..crate::Limits::default()
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

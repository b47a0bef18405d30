//! `Board`: a position of any game with the match that led to it, in python-chess's words.
//!
//! The board holds an [`AnyMatch`], so legal moves, `push` and `pop`, the outcome and the
//! result follow the history rules (repetition, sennichite, move limit), the clock and the
//! events (see [`crate::matchplay`]). Nothing here is written for one game: a notation a game
//! lacks (FEN, SAN, UCI outside chess) is the library's `Unsupported` answer.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use tegoma_game::record::{match_from_pcn, match_to_pcn};
use tegoma_game::replay::result_mark;
use tegoma_game::{AnyMatch, AnyPosition, MatchError, MatchRules, MoveFormat, Visit};
use tegoma_notation::pcn::Pcn;
use tegoma_notation::{Invalid, NotationError};
use tegoma_pgn::{game_to_string, pcn_to_pgn};
use tegoma_protocol::MoveBuffer;

use crate::errors::{guard, malformed, rules_by_name, Context, Failure, Fallible};
use crate::matchplay::{status_list, Clock, GameOutcome};
use crate::move_object::new_move;
use crate::moves::{
    looks_like_uci, move_text, moves_of, py_quote, strip_san_suffixes, LegalLine, LegalMoves, Line,
    Move, PlyLine,
};
use crate::pmn::pmn_fields;
use crate::svg::svg;

/// Whether a move text is malformed (not a move at all) rather than illegal, as the rule system
/// reads it in the match's current position.
struct Malformed<'a> {
    game: &'a AnyMatch,
    text: &'a str,
}

impl Visit for Malformed<'_> {
    type Output = bool;
    fn visit<R: MatchRules>(self, rules: &R) -> bool {
        match self.game.downcast_ref::<R>() {
            Some(m) => rules
                .read_move(m.position(), self.text)
                .is_err_and(|e| e.illegal().is_none() && e.kind() != "AmbiguousSan"),
            None => false,
        }
    }
}

/// Whether submitting a move text to the match leaves the match unchanged when it is refused:
/// always in rule systems where an illegal move is only refused (chess); elsewhere (Ōgi, where
/// it forfeits) only for a move that is legal now, sennichite included.
struct SafeToSubmit<'a> {
    game: &'a AnyMatch,
    text: &'a str,
}

impl Visit for SafeToSubmit<'_> {
    type Output = bool;
    fn visit<R: MatchRules>(self, rules: &R) -> bool {
        let Some(m) = self.game.downcast_ref::<R>() else {
            return false;
        };
        if !rules.illegal_move_loses(m.position(), rules.side_to_move(m.position())) {
            return true;
        }
        let Ok(mv) = rules.read_move(m.position(), self.text) else {
            return false;
        };
        let mut legal = R::MoveList::default();
        m.legal_moves(&mut legal);
        legal.as_slice().contains(&mv)
    }
}

/// The R5 identity of a position: its canonical FEEN without `'`.
fn identity(feen: &str) -> String {
    feen.replace('\'', "")
}

/// A board: a position of any game with the moves that led to it.
#[pyclass(module = "tegoma", name = "Board")]
#[derive(Clone)]
pub(crate) struct Board {
    pub(crate) game: AnyMatch,
    /// The record's other sections (meta, sides, periods, ply annotations), written back by
    /// `to_pcn`: a board read from a record, or given a clock.
    pub(crate) base: Option<Box<Pcn>>,
}

impl Board {
    pub(crate) fn of(game: AnyMatch, base: Option<Pcn>) -> Board {
        Board {
            game,
            base: base.map(Box::new),
        }
    }

    fn build(rules: Option<&str>, feen: Option<&str>, fen: Option<&str>) -> Fallible<Board> {
        let game = match (rules, feen, fen) {
            (_, Some(_), Some(_)) => {
                return Err(Failure::new(
                    Context::Position,
                    "InvalidSetup",
                    "give either feen or fen, not both",
                ))
            }
            (rules, Some(feen), None) => {
                let rules = rules.map(rules_by_name).transpose()?;
                let position = AnyPosition::from_feen(rules, feen)
                    .map_err(|e| Failure::invalid(Context::Position, &Invalid::from(e)))?;
                AnyMatch::from_position(position.rules().clone(), &position.to_generic())
                    .map_err(|e| Failure::of(Context::Position, &e))?
            }
            (rules, None, Some(fen)) => {
                let rules = rules_by_name(rules.unwrap_or("chess"))?;
                AnyMatch::from_fen(rules, fen).map_err(|e| Failure::of(Context::Position, &e))?
            }
            (rules, None, None) => AnyMatch::new(rules_by_name(rules.unwrap_or("chess"))?),
        };
        Ok(Board::of(game, None))
    }

    pub(crate) fn game_name(&self) -> String {
        self.game.rules().name().to_string()
    }

    fn legal_line(&self) -> std::sync::Arc<dyn Line> {
        self.game.rules().visit(LegalLine(&self.game))
    }

    /// The last move played (`IndexError` when none was).
    fn peeked(&self, py: Python<'_>) -> PyResult<Move> {
        guard(py, || Ok(self.last_move()))?
            .ok_or_else(|| PyIndexError::new_err("no move was played"))
    }

    fn last_move(&self) -> Option<Move> {
        let n = self.game.ply_count();
        let from = n.checked_sub(1)?;
        let line = self.game.rules().visit(PlyLine {
            game: &self.game,
            from,
        });
        Some(Move::of_line(&line, 0))
    }

    /// Plays a move text (PMN, or SAN and UCI for chess) that took `elapsed_ms`. A refused move
    /// leaves the board as it was, even in games where an illegal move submitted to a match
    /// forfeits it (the match is tried on a copy then).
    pub(crate) fn play(&mut self, text: &str, elapsed_ms: Option<u64>) -> Fallible<()> {
        let safe = self.game.rules().visit(SafeToSubmit {
            game: &self.game,
            text,
        });
        let result = if safe {
            self.game.play(text, elapsed_ms).map(|_| ())
        } else {
            let mut next = self.game.clone();
            next.play(text, elapsed_ms).map(|_| self.game = next)
        };
        result.map_err(|e| {
            // The board never plays a forfeiting move (it was tried on a copy): say why the
            // move was refused, not that the game was forfeited.
            let e = match e {
                MatchError::Forfeit { ply, error, .. } => MatchError::Refused { ply, error },
                other => other,
            };
            let malformed = self.game.rules().visit(Malformed {
                game: &self.game,
                text,
            });
            let context = if malformed {
                Context::MalformedMove
            } else {
                Context::Move
            };
            Failure::of(context, &e)
        })
    }

    /// Plays the move at `index` of the current legal moves and returns it.
    fn play_listed(
        &mut self,
        line: &std::sync::Arc<dyn Line>,
        index: usize,
        elapsed_ms: Option<u64>,
    ) -> Fallible<Move> {
        let m = Move::of_line(line, index);
        self.play(m.pmn_text(), elapsed_ms)?;
        Ok(m)
    }

    fn status_names(&self) -> Vec<String> {
        status_list(self.game.statuses())
    }

    fn position(&self) -> Fallible<AnyPosition> {
        AnyPosition::from_generic(Some(self.game.rules().clone()), &self.game.position())
            .map_err(|e| Failure::invalid(Context::Position, &Invalid::from(e)))
    }

    pub(crate) fn pcn(&self) -> Fallible<Pcn> {
        match_to_pcn(&self.game, self.base.as_deref())
            .map_err(|e| Failure::invalid(Context::Record, &Invalid::from(e)))
    }

    /// A board from its pickled state: the game's name, its PCN record and the start FEN
    /// (chess: the halfmove clock and move number FEEN lacks).
    pub(crate) fn from_state(rules: &str, pcn: &str, start_fen: Option<&str>) -> Fallible<Board> {
        let mut pcn = Pcn::parse(pcn).map_err(|e| Failure::of(Context::Record, &e))?;
        if let Some(fen) = start_fen {
            pcn.setup.extra.insert("fen".into(), fen.into());
        }
        let game = match_from_pcn(&pcn)
            .map_err(|e| Failure::invalid(Context::Record, &Invalid::from(e)))?;
        if game.rules().name() != rules {
            return Err(Failure::new(
                Context::Record,
                "InvalidSetup",
                format!("the record is {}, not {rules}", game.rules().name()),
            ));
        }
        if start_fen.is_some() {
            pcn.setup.extra.remove("fen");
        }
        Ok(Board::of(game, Some(pcn)))
    }

    /// The SAN-reading part of `push_san`: the legal move whose SAN is `san`, if any.
    fn find_san(&self, line: &std::sync::Arc<dyn Line>, san: &str) -> Fallible<Option<usize>> {
        let wanted = strip_san_suffixes(san);
        let sans = line
            .write_all(MoveFormat::San)
            .ok_or_else(|| self.unsupported("SAN"))?;
        Ok(sans.iter().position(|s| strip_san_suffixes(s) == wanted))
    }

    fn unsupported(&self, what: &str) -> Failure {
        Failure::new(
            Context::Move,
            "Unsupported",
            format!("{what} is not available for {}", self.game.rules().name()),
        )
    }
}

/// Seconds (a ply's time) to milliseconds: finite and not negative.
fn elapsed(seconds: Option<f64>) -> Fallible<Option<u64>> {
    match seconds {
        None => Ok(None),
        Some(s) if s.is_finite() && s >= 0.0 => Ok(Some(tegoma_game::record::seconds_to_ms(s))),
        Some(s) => Err(Failure::new(
            Context::Setting,
            "InvalidSeconds",
            format!("a ply's time is a finite number of seconds >= 0, not {s}"),
        )),
    }
}

#[pymethods]
impl Board {
    /// A board of `rules` (`"chess"`, `"ogi"`, `"kogoma"`, ...) at `feen`, `fen` (chess), or
    /// the initial position; with `feen` and no `rules`, the game follows the position's styles.
    /// `periods` (PCN time-control periods, `[{"time": 300, "inc": 2}]`) attaches a clock.
    #[new]
    #[pyo3(signature = (rules = None, feen = None, fen = None, periods = None))]
    fn py_new(
        py: Python<'_>,
        rules: Option<&str>,
        feen: Option<&str>,
        fen: Option<&str>,
        periods: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Board> {
        let mut board = guard(py, || Board::build(rules, feen, fen))?;
        if let Some(periods) = periods {
            board.set_clock(py, periods, None)?;
        }
        Ok(board)
    }

    /// The game's name (`chess`, `ogi`, `kogoma`).
    #[getter]
    fn rules(&self) -> String {
        self.game_name()
    }

    /// `"first"` or `"second"`: the side to move.
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || Ok(self.game.side_to_move().to_string()))
    }

    /// The legal moves, listed when asked (the match's: none once it is over; sennichite
    /// applied).
    #[getter]
    fn legal_moves(&self, py: Python<'_>) -> PyResult<LegalMoves> {
        guard(py, || Ok(LegalMoves::new(self.legal_line())))
    }

    /// The moves played, first to last.
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let line = guard(py, || {
            Ok(self.game.rules().visit(PlyLine {
                game: &self.game,
                from: 0,
            }))
        })?;
        moves_of(py, &line)
    }

    /// The number of plies played.
    fn ply(&self) -> usize {
        self.game.ply_count()
    }

    /// Plays a `Move` or a move text (PMN; SAN or UCI too for chess); `seconds` is the time
    /// the ply took (given to the clock, kept in the PCN record).
    #[pyo3(signature = (r#move, seconds = None))]
    fn push(
        &mut self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        seconds: Option<f64>,
    ) -> PyResult<()> {
        let text = move_text(r#move)?;
        guard(py, || self.play(&text, elapsed(seconds)?))
    }

    /// Plays a move written in PMN; returns it.
    #[pyo3(signature = (pmn, seconds = None))]
    fn push_pmn<'py>(
        &mut self,
        py: Python<'py>,
        pmn: &str,
        seconds: Option<f64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let m = guard(py, || {
            if pmn_fields(pmn).is_none() {
                return Err(malformed("InvalidPmn", "PMN", pmn));
            }
            self.play(pmn, elapsed(seconds)?)?;
            Ok(self.last_move().expect("a move was just played"))
        })?;
        new_move(py, m)
    }

    /// Plays a move written in SAN (chess); returns it.
    #[pyo3(signature = (san, seconds = None))]
    fn push_san<'py>(
        &mut self,
        py: Python<'py>,
        san: &str,
        seconds: Option<f64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let m = guard(py, || {
            let ms = elapsed(seconds)?;
            let line = self.legal_line();
            if let Some(i) = self.find_san(&line, san)? {
                return self.play_listed(&line, i, ms);
            }
            let castling = matches!(strip_san_suffixes(san), "O-O" | "O-O-O" | "0-0" | "0-0-0");
            if san.is_empty()
                || (!castling && san.contains(['-', '~', '*', '.', '/']))
                || looks_like_uci(san)
            {
                return Err(malformed("InvalidSan", "SAN", san));
            }
            if line.len() == 0 && self.game.plies_as(MoveFormat::San).is_err() {
                return Err(self.unsupported("SAN"));
            }
            // Other spellings (over-disambiguated, `e8Q`, ...) as the library reads SAN; the
            // match says why when it is not legal (or the match is over).
            self.play(san, ms)?;
            Ok(self.last_move().expect("a move was just played"))
        })?;
        new_move(py, m)
    }

    /// Plays a move written in UCI (chess); returns it.
    #[pyo3(signature = (uci, seconds = None))]
    fn push_uci<'py>(
        &mut self,
        py: Python<'py>,
        uci: &str,
        seconds: Option<f64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let m = guard(py, || {
            let ms = elapsed(seconds)?;
            let line = self.legal_line();
            let ucis = line
                .write_all(MoveFormat::Uci)
                .ok_or_else(|| self.unsupported("UCI"))?;
            if line.len() == 0 && self.game.plies_as(MoveFormat::Uci).is_err() {
                return Err(self.unsupported("UCI"));
            }
            if !looks_like_uci(uci) {
                return Err(malformed("InvalidUci", "UCI", uci));
            }
            match ucis.iter().position(|u| u == uci) {
                Some(i) => self.play_listed(&line, i, ms),
                None => {
                    // Not in the list: the match says why (illegal, or the match is over).
                    self.play(uci, ms)?;
                    Ok(self.last_move().expect("a move was just played"))
                }
            }
        })?;
        new_move(py, m)
    }

    /// Takes the last move back and returns it (`IndexError` when no move was played).
    fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let last = self.peeked(py)?;
        let _ = last.pmn_text(); // written before the position it was played from is gone
        let last = guard(py, || {
            self.game
                .take_back()
                .map_err(|e| Failure::of(Context::Move, &e))?;
            let n = self.game.ply_count();
            if let Some(plies) = self.base.as_mut().and_then(|b| b.plies.as_mut()) {
                plies.truncate(n);
            }
            Ok(last)
        })?;
        new_move(py, last)
    }

    /// The last move played (`IndexError` when none).
    fn peek<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        new_move(py, self.peeked(py)?)
    }

    /// The canonical FEEN of the position.
    #[getter]
    fn feen(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || Ok(self.game.feen()))
    }

    /// The FEN of the position (chess; `UnsupportedError` elsewhere).
    fn fen(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || {
            self.game.fen().ok_or_else(|| {
                Failure::new(
                    Context::Position,
                    "Unsupported",
                    format!("FEN is not available for {}", self.game.rules().name()),
                )
            })
        })
    }

    /// A copy; `stack=False` starts the copy's history (and no clock) at the current position.
    #[pyo3(signature = (stack = true))]
    fn copy(&self, py: Python<'_>, stack: bool) -> PyResult<Board> {
        if stack {
            return Ok(self.clone());
        }
        guard(py, || {
            let rules = self.game_name();
            match self.game.fen() {
                Some(fen) => Board::build(Some(&rules), None, Some(&fen)),
                None => Board::build(Some(&rules), Some(&self.game.feen()), None),
            }
        })
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// Equal positions (canonical FEEN without `'`, ruling R5), whatever the history.
    fn __eq__(&self, py: Python<'_>, other: PyRef<'_, Board>) -> PyResult<bool> {
        guard(py, || {
            Ok(identity(&self.game.feen()) == identity(&other.game.feen()))
        })
    }

    /// The hash of the position's R5 identity (equal boards hash equal).
    fn __hash__(&self, py: Python<'_>) -> PyResult<u64> {
        guard(py, || {
            let mut h = DefaultHasher::new();
            identity(&self.game.feen()).hash(&mut h);
            Ok(h.finish())
        })
    }

    /// Whether the side to move is in check.
    fn is_check(&self, py: Python<'_>) -> PyResult<bool> {
        guard(py, || Ok(self.status_names().iter().any(|s| s == "check")))
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self, py: Python<'_>) -> PyResult<bool> {
        guard(py, || {
            Ok(self.status_names().iter().any(|s| s == "checkmate"))
        })
    }

    /// Whether the side to move is stalemated.
    fn is_stalemate(&self, py: Python<'_>) -> PyResult<bool> {
        guard(py, || {
            Ok(self.status_names().iter().any(|s| s == "stalemate"))
        })
    }

    /// Whether the match is over (by the position, the history, an event or the clock).
    fn is_game_over(&self, py: Python<'_>) -> PyResult<bool> {
        guard(py, || Ok(self.game.outcome().is_some()))
    }

    /// The outcome once the match is over, else `None`.
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<GameOutcome>> {
        guard(py, || Ok(self.game.outcome().map(GameOutcome::from)))
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game goes on.
    fn result(&self, py: Python<'_>) -> PyResult<&'static str> {
        guard(py, || Ok(result_mark(self.game.outcome().as_ref())))
    }

    /// The CGSN statuses that hold in the position (`check`, `checkmate`, `stale`, ...).
    #[getter]
    fn statuses(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        guard(py, || Ok(self.status_names()))
    }

    /// The leaf count of the legal-move tree of `depth` plies from the position (history
    /// ignored); runs without the GIL.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let position = guard(py, || self.position())?;
        py.detach(|| catch_unwind(AssertUnwindSafe(|| position.perft(depth, true))))
            .map_err(|_| {
                Failure::new(Context::Internal, "InternalError", "perft panicked").into_py(py)
            })
    }

    // -- The match layer: clock, events -------------------------------------------------------

    /// Attaches a clock before the first move: `periods` for both sides (or the first side
    /// when `second` is given), PCN periods (`[{"time": 300, "inc": 2}]`, `moves` for a quota).
    #[pyo3(signature = (periods, second = None))]
    fn set_clock(
        &mut self,
        py: Python<'_>,
        periods: &Bound<'_, PyAny>,
        second: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let first = crate::matchplay::periods_json(periods)?;
        let second = second.map(crate::matchplay::periods_json).transpose()?;
        guard(py, || crate::matchplay::attach_clock(self, first, second))
    }

    /// The clock (remaining time of each side), or `None` without one.
    #[getter]
    fn clock(&self) -> Option<Clock> {
        self.game.clock().map(Clock::from)
    }

    /// The time of every ply in seconds (`None` where not given).
    #[getter]
    fn ply_times(&self) -> Vec<Option<f64>> {
        self.game
            .ply_times()
            .into_iter()
            .map(|t| t.map(|ms| ms as f64 / 1000.0))
            .collect()
    }

    /// `side` (default: the side to move) resigns: the opponent wins (`resignation`).
    #[pyo3(signature = (side = None))]
    fn resign(&mut self, py: Python<'_>, side: Option<&str>) -> PyResult<GameOutcome> {
        let side = crate::matchplay::side_or(side, self.game.side_to_move())?;
        guard(py, || event(self.game.resign(side)))
    }

    /// `side` (default: the side to move) offers a draw; it stands until the opponent accepts
    /// it or plays a move.
    #[pyo3(signature = (side = None))]
    fn offer_draw(&mut self, py: Python<'_>, side: Option<&str>) -> PyResult<()> {
        let side = crate::matchplay::side_or(side, self.game.side_to_move())?;
        guard(py, || {
            self.game
                .offer_draw(side)
                .map_err(|e| Failure::of(Context::Move, &e))
        })
    }

    /// `side` (default: the opponent of the side whose offer is pending) accepts the draw
    /// offer: a draw by `agreement`.
    #[pyo3(signature = (side = None))]
    fn accept_draw(&mut self, py: Python<'_>, side: Option<&str>) -> PyResult<GameOutcome> {
        let default = self
            .game
            .draw_offer()
            .map_or(self.game.side_to_move(), |s| s.flip());
        let side = crate::matchplay::side_or(side, default)?;
        guard(py, || event(self.game.accept_draw(side)))
    }

    /// The side whose draw offer is pending, else `None`.
    #[getter]
    fn draw_offer(&self) -> Option<String> {
        self.game.draw_offer().map(|s| s.to_string())
    }

    /// `side` (default: the side to move) ran out of time (`timelimit`): it loses, or draws
    /// where the rules say so (chess: the opponent has only K, K+B or K+N).
    #[pyo3(signature = (side = None))]
    fn time_forfeit(&mut self, py: Python<'_>, side: Option<&str>) -> PyResult<GameOutcome> {
        let side = crate::matchplay::side_or(side, self.game.side_to_move())?;
        guard(py, || event(self.game.time_forfeit(side)))
    }

    // -- Records and display -------------------------------------------------------------------

    /// The match as a PCN record: JSON, or TOML with `toml=True`.
    #[pyo3(signature = (toml = false))]
    fn to_pcn(&self, py: Python<'_>, toml: bool) -> PyResult<String> {
        guard(py, || {
            let pcn = self.pcn()?;
            if toml {
                pcn.to_toml().map_err(|e| Failure::of(Context::Record, &e))
            } else {
                Ok(pcn.to_json())
            }
        })
    }

    /// The match as a PGN game (chess; `UnsupportedError` elsewhere).
    fn to_pgn(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || {
            // PGN is chess's: SAN moves and a FEN setup; a game without FEN has no PGN (even
            // before its first move, when no SAN is written).
            if self.game.start_fen().is_none() {
                return Err(self.unsupported("PGN"));
            }
            let game = pcn_to_pgn(&self.pcn()?).map_err(|e| match e.kind() {
                "NotChess" => self.unsupported("PGN"),
                _ => Failure::invalid(Context::Record, &Invalid::from(e)),
            })?;
            game_to_string(&game).map_err(|e| Failure::new(Context::Record, "Io", e.to_string()))
        })
    }

    /// A text diagram: the board, both hands and the side to move.
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || Ok(self.game.position().to_string()))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || {
            Ok(format!(
                "Board(rules={}, feen={})",
                py_quote(&self.game_name()),
                py_quote(&self.game.feen())
            ))
        })
    }

    /// An SVG drawing of the board (any size) and both hands, for notebooks.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || Ok(svg(&self.game.feen())))
    }

    /// Pickling: the game's name, the match as a PCN record (start, plies with their times,
    /// clock periods, an ending by event) and the start FEN where the game has one.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rebuild = py.import("tegoma._tegoma")?.getattr("_board_from_state")?;
        let pcn = guard(py, || self.pcn())?.to_json();
        let args = (self.game_name(), pcn, self.game.start_fen());
        PyTuple::new(py, [rebuild.into_any(), args.into_pyobject(py)?.into_any()])
    }
}

/// An event's answer: its outcome, or the refusal (the match is over, no draw offer) as an
/// `IllegalMoveError`.
fn event(result: Result<tegoma_protocol::Outcome, MatchError>) -> Fallible<GameOutcome> {
    result
        .map(GameOutcome::from)
        .map_err(|e| Failure::of(Context::Move, &e))
}

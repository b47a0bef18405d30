//! [`AnyPosition`]: a position of a rule system chosen at run time ([`Rules`]), with a text
//! interface: what command lines, servers and bindings ask of a position (legal moves in a
//! notation, moves played, statuses, perft, FEEN and FEN, a diagram).

use std::any::Any;
use std::fmt;

use tegoma_notation::cgsn::StatusSet;
use tegoma_protocol::{MoveBuffer, MoveError, Outcome, Position as Generic, Side};

use crate::registry::{Rules, Visit};
use crate::rules::{MatchRules, MoveFormat, SetupError, Unsupported};

/// A position of any rule system. Every method is written once, for every [`MatchRules`] rule
/// system; the rule system's own position is inside.
///
/// Positions are history-free: repetition and sennichite belong to a match
/// ([`AnyMatch`](crate::AnyMatch)).
///
/// ```
/// use tegoma_game::{AnyPosition, MoveFormat, Rules};
///
/// let mut p = AnyPosition::initial(Rules::by_name("kogoma").unwrap());
/// assert_eq!(p.perft(2, true), 194);
/// p.play("a2-a3").unwrap();
/// assert_eq!(p.feen(), "rbsgk^/4p/P4/5/K^GSBR / k/K");
/// assert!(p.legal_moves(MoveFormat::San).is_err()); // SAN is chess's
/// ```
pub struct AnyPosition {
    rules: Rules,
    inner: Box<dyn DynPosition>,
}

/// The object-safe face of a rule system's position.
trait DynPosition: Send + Sync {
    fn clone_box(&self) -> Box<dyn DynPosition>;
    fn as_any(&self) -> &dyn Any;
    fn legal_moves(&self, format: MoveFormat) -> Result<Vec<String>, Unsupported>;
    fn play(&mut self, text: &str) -> Result<(), MoveError>;
    fn statuses(&self) -> StatusSet;
    fn outcome(&self) -> Option<Outcome>;
    fn side_to_move(&self) -> Side;
    fn perft(&self, depth: u32, bulk: bool) -> u64;
    fn divide(
        &self,
        depth: u32,
        bulk: bool,
        format: MoveFormat,
    ) -> Result<Vec<(String, u64)>, Unsupported>;
    fn feen(&self) -> String;
    fn fen(&self) -> Option<String>;
    fn generic(&self) -> Generic;
    fn eq_dyn(&self, other: &dyn DynPosition) -> bool;
}

/// A rule system with one of its positions.
struct Held<R: MatchRules> {
    rules: R,
    position: R::Position,
}

impl<R: MatchRules> Held<R> {
    fn write(&self, mv: R::Move, format: MoveFormat) -> Result<String, Unsupported> {
        let mut s = String::new();
        self.rules
            .write_move_as(&self.position, mv, format, &mut s)
            .map(|()| s)
    }

    fn moves(&self) -> R::MoveList {
        self.rules.legal_moves(&self.position)
    }
}

impl<R: MatchRules> DynPosition for Held<R> {
    fn clone_box(&self) -> Box<dyn DynPosition> {
        Box::new(Held {
            rules: self.rules.clone(),
            position: self.position.clone(),
        })
    }
    fn as_any(&self) -> &dyn Any {
        &self.position
    }
    fn legal_moves(&self, format: MoveFormat) -> Result<Vec<String>, Unsupported> {
        let mut out: Vec<String> = self
            .moves()
            .as_slice()
            .iter()
            .map(|&m| self.write(m, format))
            .collect::<Result<_, _>>()?;
        out.sort();
        Ok(out)
    }
    fn play(&mut self, text: &str) -> Result<(), MoveError> {
        let mv = self.rules.read_move(&self.position, text)?;
        self.rules.play_unchecked(&mut self.position, mv);
        Ok(())
    }
    fn statuses(&self) -> StatusSet {
        self.rules.statuses(&self.position)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.rules.outcome(&self.position)
    }
    fn side_to_move(&self) -> Side {
        self.rules.side_to_move(&self.position)
    }
    fn perft(&self, depth: u32, bulk: bool) -> u64 {
        if bulk {
            self.rules.perft(&self.position, depth)
        } else {
            self.rules.perft_no_bulk(&self.position, depth)
        }
    }
    fn divide(
        &self,
        depth: u32,
        bulk: bool,
        format: MoveFormat,
    ) -> Result<Vec<(String, u64)>, Unsupported> {
        if depth == 0 {
            return Ok(Vec::new());
        }
        let mut rows = Vec::new();
        for &mv in self.moves().as_slice() {
            let text = self.write(mv, format)?;
            let mut next = self.position.clone();
            self.rules.play_unchecked(&mut next, mv);
            let n = if bulk {
                self.rules.perft(&next, depth - 1)
            } else {
                self.rules.perft_no_bulk(&next, depth - 1)
            };
            rows.push((text, n));
        }
        rows.sort();
        Ok(rows)
    }
    fn feen(&self) -> String {
        self.rules.feen(&self.position)
    }
    fn fen(&self) -> Option<String> {
        self.rules.to_fen(&self.position)
    }
    fn generic(&self) -> Generic {
        self.rules.export(&self.position)
    }
    fn eq_dyn(&self, other: &dyn DynPosition) -> bool {
        other
            .as_any()
            .downcast_ref::<R::Position>()
            .is_some_and(|p| *p == self.position)
    }
}

/// Where a position (or a match) starts: the one reading of a start, shared by
/// [`AnyPosition`] and [`AnyMatch`](crate::AnyMatch).
pub(crate) enum Source<'a> {
    /// The rule system's initial position.
    Initial,
    /// A generic position.
    Generic(&'a Generic),
    /// A FEN string (rule systems that have FEN).
    Fen(&'a str),
}

impl Source<'_> {
    /// The rule system's own position.
    pub(crate) fn read<R: MatchRules>(&self, rules: &R) -> Result<R::Position, SetupError> {
        Ok(match self {
            Source::Initial => rules.initial()?,
            Source::Generic(p) => rules.import(p)?,
            Source::Fen(f) => rules.read_fen(f)?,
        })
    }
}

struct Build<'a>(Source<'a>);

impl Visit for Build<'_> {
    type Output = Result<Box<dyn DynPosition>, SetupError>;
    fn visit<R: MatchRules>(self, rules: &R) -> Self::Output {
        Ok(Box::new(Held {
            rules: rules.clone(),
            position: self.0.read(rules)?,
        }))
    }
}

impl AnyPosition {
    /// The rule system's initial position.
    pub fn initial(rules: Rules) -> AnyPosition {
        let inner = rules
            .visit(Build(Source::Initial))
            .expect("the initial position is one of the rule system");
        AnyPosition { rules, inner }
    }

    /// A position from a generic one; the rule system follows its styles when `rules` is
    /// `None`.
    ///
    /// # Errors
    /// Unknown styles, styles of another game than `rules`, or a position the rule system
    /// refuses.
    pub fn from_generic(
        rules: Option<Rules>,
        position: &Generic,
    ) -> Result<AnyPosition, SetupError> {
        let rules = match rules {
            Some(r) => {
                r.check_styles(position)?;
                r
            }
            None => Rules::for_position(position)?,
        };
        let inner = rules.visit(Build(Source::Generic(position)))?;
        Ok(AnyPosition { rules, inner })
    }

    /// A position from FEEN; the rule system follows its styles when `rules` is `None`.
    ///
    /// # Errors
    /// Invalid FEEN, or as [`AnyPosition::from_generic`].
    pub fn from_feen(rules: Option<Rules>, feen: &str) -> Result<AnyPosition, SetupError> {
        let generic = crate::rules::generic_from_feen(feen)?;
        AnyPosition::from_generic(rules, &generic)
    }

    /// A position from FEN (chess, or another rule system that has FEN).
    ///
    /// # Errors
    /// Invalid FEN, or [`Unsupported`] for rule systems without FEN.
    pub fn from_fen(rules: Rules, fen: &str) -> Result<AnyPosition, SetupError> {
        let inner = rules.visit(Build(Source::Fen(fen)))?;
        Ok(AnyPosition { rules, inner })
    }

    /// The rule system.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The legal moves, sorted, in a move format.
    ///
    /// # Errors
    /// [`Unsupported`] when the rule system has no such notation.
    pub fn legal_moves(&self, format: MoveFormat) -> Result<Vec<String>, Unsupported> {
        self.inner.legal_moves(format)
    }

    /// Plays a move given as text (PMN; SAN or UCI too for chess).
    ///
    /// # Errors
    /// A malformed or illegal move; the position is unchanged.
    pub fn play(&mut self, text: &str) -> Result<(), MoveError> {
        self.inner.play(text)
    }

    /// The inferable CGSN statuses that hold.
    pub fn statuses(&self) -> StatusSet {
        self.inner.statuses()
    }

    /// The position's own ending (history ignored), `None` while the game goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.inner.side_to_move()
    }

    /// The leaf count of the legal-move tree of `depth` plies; `bulk` counts the last ply from
    /// the move list instead of playing it.
    pub fn perft(&self, depth: u32, bulk: bool) -> u64 {
        self.inner.perft(depth, bulk)
    }

    /// [`AnyPosition::perft`] per root move: `(move in format, leaf count)`, sorted by move.
    ///
    /// # Errors
    /// [`Unsupported`] when the rule system has no such notation.
    pub fn divide(
        &self,
        depth: u32,
        bulk: bool,
        format: MoveFormat,
    ) -> Result<Vec<(String, u64)>, Unsupported> {
        self.inner.divide(depth, bulk, format)
    }

    /// The canonical FEEN.
    pub fn feen(&self) -> String {
        self.inner.feen()
    }

    /// The FEN, for rule systems that have FEN (chess).
    pub fn fen(&self) -> Option<String> {
        self.inner.fen()
    }

    /// The generic position.
    pub fn to_generic(&self) -> Generic {
        self.inner.generic()
    }
}

impl Clone for AnyPosition {
    fn clone(&self) -> AnyPosition {
        AnyPosition {
            rules: self.rules.clone(),
            inner: self.inner.clone_box(),
        }
    }
}

impl PartialEq for AnyPosition {
    fn eq(&self, other: &AnyPosition) -> bool {
        self.inner.eq_dyn(&*other.inner)
    }
}

impl fmt::Debug for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AnyPosition({}, {:?})", self.rules.name(), self.feen())
    }
}

/// The board diagram of the position, with both hands and the side to move.
impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_generic())
    }
}

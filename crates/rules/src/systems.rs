//! [`RuleSystem`] implementations for [`Chess`] and [`Ogi`]: thin wrappers over the inherent APIs
//! of [`chess::Position`] and [`ogi::Position`], so that generic code (a match layer, a command
//! line choosing the game at run time on generic positions, through the trait's edges
//! [`RuleSystem::import`] and [`RuleSystem::export`]) can drive both.
//!
//! Position-only outcomes ([`RuleSystem::outcome`]):
//!
//! - Chess (ruling R3): `checkmate` (the side to move loses), `stalemate`, `insufficient` (the
//!   seed's list) and `movelimit` (the position's halfmove clock at 100 or more) are draws; every
//!   ending status that holds is reported, checkmate deciding first. Repetition needs the game's
//!   history: the match layer adds it.
//! - Ōgi (ruling R4): `mareking` (a King was captured: the side that still has its King wins) and
//!   `nomove` (the side to move has no legal move and loses). Sennichite and the move limit need
//!   the history.
//!
//! ```
//! use tegoma_protocol::{Position, RuleSystem};
//! use tegoma_rules::systems::{Chess, Ogi};
//!
//! fn perft_of<R: RuleSystem>(sys: &R, generic: &Position, depth: u32) -> u64 {
//!     sys.perft(&sys.import(generic).unwrap(), depth)
//! }
//! let start = Position::from_feen(Chess.initial_feen()).unwrap();
//! assert_eq!(perft_of(&Chess, &start, 1), 20);
//! let start = Position::from_feen(Ogi::default().initial_feen()).unwrap();
//! assert_eq!(perft_of(&Ogi::default(), &start, 1), 25);
//! ```

use std::fmt;

use tegoma_notation::cgsn::StatusSet;
use tegoma_protocol::{
    IllegalMove, IllegalReason, MoveBuffer, MoveError, Outcome, Position as Generic, PositionError,
    RuleSystem, Side, Style,
};

use crate::{chess, chess_ogi, ogi};

/// The Chess rule system (seed rules, rulings R2, R3, R5).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Chess;

/// The Ōgi rule system (ruling R4), with the switch of the King's privilege.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ogi {
    /// Whether a King capturing a promoted piece may keep it promoted (on by default, as R4
    /// says; off gives the numbers of engines that always demote).
    pub privilege: bool,
}

impl Default for Ogi {
    fn default() -> Ogi {
        Ogi { privilege: true }
    }
}

/// Chess against Ōgi (ruling R13). One value plays both army orders: a position's styles
/// (`C/o`, `O/c`) say who leads what; [`RuleSystem::initial`] is the Chess army first.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChessOgi;

impl MoveBuffer<chess::Move> for chess::MoveList {
    #[inline]
    fn clear(&mut self) {
        chess::MoveList::clear(self);
    }
    #[inline]
    fn push(&mut self, m: chess::Move) {
        chess::MoveList::push(self, m);
    }
    #[inline]
    fn as_slice(&self) -> &[chess::Move] {
        chess::MoveList::as_slice(self)
    }
}

/// The styles of chess, `C` and `c`.
pub(crate) const CHESS_STYLES: [Style; 2] = match (Style::parse("C"), Style::parse("c")) {
    (Ok(a), Ok(b)) => [a, b],
    _ => panic!("C and c are SIN styles"),
};

/// The styles of Ōgi, `O` and `o`.
pub(crate) const OGI_STYLES: [Style; 2] = match (Style::parse("O"), Style::parse("o")) {
    (Ok(a), Ok(b)) => [a, b],
    _ => panic!("O and o are SIN styles"),
};

impl RuleSystem for Chess {
    type Position = chess::Position;
    type Move = chess::Move;
    type MoveList = chess::MoveList;

    fn snn(&self) -> [&'static str; 2] {
        ["Chess", "Chess"]
    }
    fn sin(&self) -> [Style; 2] {
        CHESS_STYLES
    }
    fn initial_feen(&self) -> &'static str {
        "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c"
    }
    fn initial(&self) -> Result<chess::Position, PositionError> {
        Ok(chess::Position::startpos())
    }
    fn import(&self, position: &Generic) -> Result<chess::Position, PositionError> {
        chess::Position::from_generic(position)
    }
    fn export(&self, position: &chess::Position) -> Generic {
        position.to_generic()
    }
    #[inline]
    fn side_to_move(&self, position: &chess::Position) -> Side {
        position.side_to_move()
    }
    #[inline]
    fn legal_moves_into(&self, position: &chess::Position, out: &mut chess::MoveList) {
        position.legal_moves_into(out);
    }
    #[inline]
    fn play_unchecked(&self, position: &mut chess::Position, mv: chess::Move) {
        position.play_unchecked(mv);
    }
    fn illegal_move(&self, _: &chess::Position, mv: chess::Move) -> IllegalMove {
        IllegalMove::new(mv.to_string(), IllegalReason::NotLegal)
    }
    fn parse_move(&self, position: &chess::Position, pmn: &str) -> Result<chess::Move, MoveError> {
        position.parse_pmn(pmn)
    }
    fn write_move(
        &self,
        position: &chess::Position,
        mv: chess::Move,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let _ = position;
        mv.write_pmn_to(out)
    }
    fn statuses(&self, position: &chess::Position) -> StatusSet {
        position.statuses()
    }
    fn outcome(&self, position: &chess::Position) -> Option<Outcome> {
        position.outcome()
    }
    fn is_check(&self, position: &chess::Position) -> bool {
        position.is_check()
    }
    fn is_checkmate(&self, position: &chess::Position) -> bool {
        position.is_checkmate()
    }
    fn is_stalemate(&self, position: &chess::Position) -> bool {
        position.is_stalemate()
    }
    fn is_legal(&self, position: &chess::Position, mv: chess::Move) -> bool {
        position.is_legal(mv)
    }
    fn perft(&self, position: &chess::Position, depth: u32) -> u64 {
        position.perft(depth)
    }
}

impl RuleSystem for Ogi {
    type Position = ogi::Position;
    type Move = ogi::Move;
    type MoveList = ogi::MoveList;

    fn snn(&self) -> [&'static str; 2] {
        ["Ogi", "Ogi"]
    }
    fn sin(&self) -> [Style; 2] {
        OGI_STYLES
    }
    fn initial_feen(&self) -> &'static str {
        ogi::STARTPOS
    }
    fn initial(&self) -> Result<ogi::Position, PositionError> {
        Ok(ogi::Position::startpos())
    }
    fn import(&self, position: &Generic) -> Result<ogi::Position, PositionError> {
        ogi::Position::from_generic(position)
    }
    fn export(&self, position: &ogi::Position) -> Generic {
        position.to_generic()
    }
    #[inline]
    fn side_to_move(&self, position: &ogi::Position) -> Side {
        position.side_to_move()
    }
    #[inline]
    fn legal_moves_into(&self, position: &ogi::Position, out: &mut ogi::MoveList) {
        position.moves_with(self.privilege, out);
    }
    #[inline]
    fn play_unchecked(&self, position: &mut ogi::Position, mv: ogi::Move) {
        position.play_unchecked(mv);
    }
    fn illegal_move(&self, position: &ogi::Position, mv: ogi::Move) -> IllegalMove {
        IllegalMove::new(position.move_to_pmn(mv), IllegalReason::NotLegal)
    }
    fn parse_move(&self, position: &ogi::Position, pmn: &str) -> Result<ogi::Move, MoveError> {
        let m = position.parse_pmn(pmn)?;
        if !self.privilege && m.keeps_promoted() {
            return Err(IllegalMove::new(pmn, ogi::OgiReason::PrivilegeDisabled.into()).into());
        }
        Ok(m)
    }
    fn write_move(
        &self,
        position: &ogi::Position,
        mv: ogi::Move,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        // Written on the stack, then handed on at once (see `StackStr`); a move too long for
        // it (none is) is written directly.
        let mut text = crate::parts::StackStr::<32>::new();
        match position.write_pmn(mv, &mut text) {
            Ok(()) => out.write_str(text.as_str()),
            Err(_) => position.write_pmn(mv, out),
        }
    }
    fn statuses(&self, position: &ogi::Position) -> StatusSet {
        position.statuses()
    }
    fn outcome(&self, position: &ogi::Position) -> Option<Outcome> {
        position.outcome_with(self.privilege)
    }
    fn is_check(&self, position: &ogi::Position) -> bool {
        position.is_check()
    }
    fn perft(&self, position: &ogi::Position, depth: u32) -> u64 {
        position.perft_with(
            depth,
            ogi::PerftOptions {
                privilege: self.privilege,
                ..ogi::PerftOptions::default()
            },
        )
    }
}

impl RuleSystem for ChessOgi {
    type Position = chess_ogi::Position;
    type Move = chess_ogi::Move;
    type MoveList = chess_ogi::MoveList;

    fn snn(&self) -> [&'static str; 2] {
        ["Chess", "Ogi"]
    }
    fn sin(&self) -> [Style; 2] {
        [CHESS_STYLES[0], OGI_STYLES[1]]
    }
    fn initial_feen(&self) -> &'static str {
        chess_ogi::START_CHESS_FIRST
    }
    fn initial(&self) -> Result<chess_ogi::Position, PositionError> {
        Ok(chess_ogi::Position::startpos())
    }
    fn import(&self, position: &Generic) -> Result<chess_ogi::Position, PositionError> {
        chess_ogi::Position::from_generic(position)
    }
    fn export(&self, position: &chess_ogi::Position) -> Generic {
        position.to_generic()
    }
    #[inline]
    fn side_to_move(&self, position: &chess_ogi::Position) -> Side {
        position.side_to_move()
    }
    #[inline]
    fn legal_moves_into(&self, position: &chess_ogi::Position, out: &mut chess_ogi::MoveList) {
        position.legal_moves_into(out);
    }
    #[inline]
    fn play_unchecked(&self, position: &mut chess_ogi::Position, mv: chess_ogi::Move) {
        position.play_unchecked(mv);
    }
    fn illegal_move(&self, position: &chess_ogi::Position, mv: chess_ogi::Move) -> IllegalMove {
        IllegalMove::new(position.move_to_pmn(mv), IllegalReason::NotLegal)
    }
    fn parse_move(
        &self,
        position: &chess_ogi::Position,
        pmn: &str,
    ) -> Result<chess_ogi::Move, MoveError> {
        position.parse_pmn(pmn)
    }
    fn write_move(
        &self,
        position: &chess_ogi::Position,
        mv: chess_ogi::Move,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        let mut text = crate::parts::StackStr::<16>::new();
        match position.write_pmn(mv, &mut text) {
            Ok(()) => out.write_str(text.as_str()),
            Err(_) => position.write_pmn(mv, out),
        }
    }
    fn statuses(&self, position: &chess_ogi::Position) -> StatusSet {
        position.statuses()
    }
    fn outcome(&self, position: &chess_ogi::Position) -> Option<Outcome> {
        position.outcome()
    }
    fn is_check(&self, position: &chess_ogi::Position) -> bool {
        position.is_check()
    }
    fn is_checkmate(&self, position: &chess_ogi::Position) -> bool {
        position.is_checkmate()
    }
    fn is_stalemate(&self, position: &chess_ogi::Position) -> bool {
        position.is_stalemate()
    }
    fn is_legal(&self, position: &chess_ogi::Position, mv: chess_ogi::Move) -> bool {
        position.is_legal(mv)
    }
    fn perft(&self, position: &chess_ogi::Position, depth: u32) -> u64 {
        position.perft(depth)
    }
}

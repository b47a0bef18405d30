//! [`RuleSystem`] for the GGN engine: any game described by files plugs into the generic
//! protocol layer (matches, tools on generic positions) like the built-in rule systems.

use std::collections::BTreeSet;
use std::fmt;
use std::sync::Mutex;

use tegoma_notation::cgsn::{Status, StatusSet};
use tegoma_notation::pmn::Pmn;
use tegoma_protocol::{
    IllegalMove, IllegalReason, MoveError, Outcome, Position, PositionError, RuleSystem, Side,
    Style,
};

use super::engine::Engine;
use super::moves::GgnMove;

/// Interns a string for the `'static` names the trait returns (bounded by the number of
/// distinct names ever seen, not by the number of engines built).
pub(super) fn intern(s: &str) -> &'static str {
    static POOL: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&found) = pool.get(s) {
        return found;
    }
    let leaked: &'static str = Box::leak(s.to_owned().into_boxed_str());
    pool.insert(leaked);
    leaked
}

impl Engine {
    /// The explicit spellings a reader accepts for `m` besides its canonical PMN (ruling R1):
    /// the implicit result written as `=X`, the default capture treatment written as `/Y`.
    fn explicit_spellings(&self, pos: &Position, m: &GgnMove) -> [Option<String>; 3] {
        let base = m.pmn(self.board());
        let mut out = [None, None, None];
        if m.promotion.is_none() {
            if let Some(from) = m.from {
                let result = self.after_move(pos, m.piece, from, m.to);
                out[0] = Some(format!("{base}={}", result.epin().pin().encode().as_str()));
            }
        }
        if let (Some(h), false) = (m.to_hand, m.keep) {
            out[1] = Some(format!("{base}/{}", h.epin().pin().encode().as_str()));
            if let Some(first) = &out[0] {
                out[2] = Some(format!("{first}/{}", h.epin().pin().encode().as_str()));
            }
        }
        out
    }
}

impl RuleSystem for Engine {
    type Position = Position;
    type Move = GgnMove;
    type MoveList = Vec<GgnMove>;

    fn snn(&self) -> [&'static str; 2] {
        let [a, b] = self.styles();
        [intern(self.snn_of(a)), intern(self.snn_of(b))]
    }

    fn sin(&self) -> [Style; 2] {
        self.styles()
    }

    fn initial_feen(&self) -> &'static str {
        intern(&self.description().initial)
    }

    fn import(&self, position: &Position) -> Result<Position, PositionError> {
        self.check_game(position)?;
        Ok(position.clone())
    }

    fn export(&self, position: &Position) -> Position {
        position.clone()
    }

    fn side_to_move(&self, position: &Position) -> Side {
        position.side_to_move()
    }

    fn legal_moves_into(&self, position: &Position, out: &mut Vec<GgnMove>) {
        out.clear();
        Engine::append_legal_moves(self, position, out);
    }

    fn play_unchecked(&self, position: &mut Position, mv: GgnMove) {
        *position = Engine::after_unchecked(self, position, &mv);
    }

    fn illegal_move(&self, _: &Position, mv: GgnMove) -> IllegalMove {
        IllegalMove::new(mv.pmn(self.board()), IllegalReason::NotLegal)
    }

    fn parse_move(&self, position: &Position, pmn: &str) -> Result<GgnMove, MoveError> {
        let canon = Pmn::parse_lenient(pmn)
            .map_err(|e| MoveError::pmn_syntax(pmn, e))?
            .0
            .to_string();
        let mut list = Vec::new();
        Engine::append_legal_moves(self, position, &mut list);
        if let Some(m) = list.iter().find(|m| m.pmn(self.board()) == canon) {
            return Ok(*m);
        }
        if let Some(m) = list.iter().find(|m| {
            self.explicit_spellings(position, m)
                .iter()
                .flatten()
                .any(|s| *s == canon)
        }) {
            return Ok(*m);
        }
        // A drop whose piece is left out: inferred when only one held piece can go there.
        if canon.starts_with('*') {
            let found: Vec<&GgnMove> = list
                .iter()
                .filter(|m| m.from.is_none() && m.pmn(self.board()).ends_with(&canon))
                .collect();
            match found.as_slice() {
                [one] => return Ok(**one),
                [] => {}
                many => {
                    return Err(MoveError::AmbiguousDrop {
                        text: pmn.to_string(),
                        candidates: many.iter().map(|m| m.pmn(self.board())).collect(),
                    });
                }
            }
        }
        Err(IllegalMove::new(canon, IllegalReason::NotLegal).into())
    }

    fn write_move(
        &self,
        _position: &Position,
        mv: GgnMove,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        out.write_str(&mv.pmn(self.board()))
    }

    fn statuses(&self, position: &Position) -> StatusSet {
        Engine::statuses(self, position)
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        let stm = position.side_to_move();
        if self.terminal_captured(position) {
            // The side that still has a terminal piece wins.
            let mover_has = position
                .pieces()
                .any(|(_, p)| p.side() == stm && p.is_terminal());
            let winner = if mover_has { stm } else { stm.flip() };
            return Some(Outcome::win(winner, Status::Mareking));
        }
        let mut moves = Vec::new();
        self.append_legal_moves(position, &mut moves);
        if !moves.is_empty() {
            return None;
        }
        Some(if !self.check_filter(position, stm) {
            Outcome::win(stm.flip(), Status::Nomove)
        } else if self.in_check(position, stm) {
            Outcome::win(stm.flip(), Status::Checkmate)
        } else {
            Outcome::draw(Status::Stalemate)
        })
    }

    fn perft(&self, position: &Position, depth: u32) -> u64 {
        Engine::perft(self, position, depth)
    }
}

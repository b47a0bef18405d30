//! Evaluations for the games defined by files ([`FileEval`], played by the GGN engine) and for
//! any other rule system ([`MobilityEval`]).
//!
//! Nothing is known in advance about a game defined by files, so [`FileEval`] guesses each
//! piece's value from its mobility: it plays a few seeded random games from the initial
//! position and counts the moves each kind of piece has on average; a piece is worth
//! `60 + 40 × average moves` centipawns (a piece with one move, like a pawn, is worth about
//! 100), a little more in hand where drops exist. The score is material plus mobility (4 per
//! legal move of the side to move minus the opponent's).

use std::collections::HashMap;

use tegoma_ggn::{Engine, GgnMove};
use tegoma_protocol::{Piece, Position as Generic, RuleSystem, Side};

use super::{Evaluator, Gain};

/// Value of a piece with `moves` average moves.
fn value_of_mobility(moves: f64) -> i32 {
    60 + (40.0 * moves).round() as i32
}
/// Mobility weight per legal move.
const MOBILITY: i32 = 4;
/// A terminal piece's value for capture ordering (its capture usually ends the game).
const TERMINAL_VALUE: i32 = 20_000;
/// The side to move's bonus.
const TEMPO: i32 = 10;

/// The evaluation of a game defined by files: piece values guessed from their mobility in
/// seeded random games, material (board and hands) plus mobility.
#[derive(Debug, Clone)]
pub struct FileEval {
    /// Value by piece identity, seen from the first side.
    values: HashMap<Piece, i32>,
    /// The value of a kind never seen moving in the sampled games.
    unknown: i32,
    /// Hand pieces are worth this many percent of their board value.
    hand_percent: i32,
}

impl FileEval {
    /// Guesses the piece values of `rules` from seeded random games (deterministic).
    pub fn new(rules: &Engine) -> FileEval {
        let mut sum: HashMap<Piece, (f64, f64)> = HashMap::new();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut list = Vec::new();
        if let Ok(start) = RuleSystem::initial(rules) {
            for _game in 0..8 {
                let mut pos = start.clone();
                for _ply in 0..40 {
                    rules.legal_moves_into(&pos, &mut list);
                    if list.is_empty() {
                        break;
                    }
                    let mut per_piece: HashMap<(usize, Piece), u32> = HashMap::new();
                    for m in &list {
                        if let Some(from) = m.from {
                            *per_piece
                                .entry((from.index(), m.piece.with_side(Side::First)))
                                .or_default() += 1;
                        }
                    }
                    // Pieces with no move count too (blocked ones are still worth something,
                    // but they tell less): only the ones that moved are averaged.
                    for ((_, p), n) in per_piece {
                        let e = sum.entry(p).or_default();
                        e.0 += f64::from(n);
                        e.1 += 1.0;
                    }
                    let m = list[(next() % list.len() as u64) as usize];
                    rules.play_unchecked(&mut pos, m);
                }
            }
        }
        let values: HashMap<Piece, i32> = sum
            .into_iter()
            .map(|(p, (moves, seen))| (p, value_of_mobility(moves / seen)))
            .collect();
        let unknown = if values.is_empty() {
            100
        } else {
            values.values().sum::<i32>() / values.len() as i32
        };
        FileEval {
            values,
            unknown,
            hand_percent: if rules.description().drops.enabled {
                110
            } else {
                0
            },
        }
    }

    /// The guessed value of a piece (either side), 0 for a terminal piece.
    pub fn value(&self, piece: Piece) -> i32 {
        if piece.is_terminal() {
            return 0;
        }
        *self
            .values
            .get(&piece.with_side(Side::First))
            .unwrap_or(&self.unknown)
    }

    fn mobility(rules: &Engine, pos: &Generic, side: Side) -> i32 {
        let mut p = pos.clone();
        p.set_side_to_move(side);
        let mut list = Vec::new();
        rules.append_legal_moves(&p, &mut list);
        list.len() as i32
    }
}

impl Evaluator<Engine> for FileEval {
    fn evaluate(&self, rules: &Engine, pos: &Generic) -> i32 {
        let us = pos.side_to_move();
        let mut v = 0;
        for (_, p) in pos.pieces() {
            let x = self.value(p);
            v += if p.side() == us { x } else { -x };
        }
        if self.hand_percent > 0 {
            for side in [Side::First, Side::Second] {
                let sign = if side == us { 1 } else { -1 };
                for (p, n) in pos.hand(side).iter() {
                    v += sign * self.value(p) * self.hand_percent / 100 * n as i32;
                }
            }
        }
        let mob = Self::mobility(rules, pos, us) - Self::mobility(rules, pos, us.flip());
        v + MOBILITY * mob + TEMPO
    }

    fn gain(&self, _rules: &Engine, _pos: &Generic, mv: GgnMove) -> Option<Gain> {
        let promo = mv
            .promotion
            .map_or(0, |p| (self.value(p) - self.value(mv.piece)).max(0));
        let victim = match mv.captured {
            Some((_, p)) if p.is_terminal() => TERMINAL_VALUE,
            Some((_, p)) => self.value(p) * (100 + self.hand_percent) / 100,
            None if promo > 0 => 0,
            None => return None,
        };
        let attacker = if mv.from.is_none() {
            0
        } else if mv.piece.is_terminal() {
            2_000
        } else {
            self.value(mv.piece)
        };
        Some(Gain {
            victim: victim + promo,
            attacker,
        })
    }

    fn in_danger(&self, rules: &Engine, pos: &Generic) -> bool {
        rules.in_check(pos, pos.side_to_move())
    }

    fn null_move(&self, _rules: &Engine, pos: &Generic) -> Option<Generic> {
        let mut p = pos.clone();
        p.set_side_to_move(pos.side_to_move().flip());
        Some(p)
    }
}

/// The fallback evaluation of a rule system nothing is known about: mobility only (the side
/// to move's legal moves), no null move, captures unknown.
#[derive(Debug, Clone, Copy, Default)]
pub struct MobilityEval;

impl<R: RuleSystem<Move: std::hash::Hash>> Evaluator<R> for MobilityEval {
    fn evaluate(&self, rules: &R, pos: &R::Position) -> i32 {
        use tegoma_protocol::MoveBuffer;
        let mut list = R::MoveList::default();
        rules.legal_moves_into(pos, &mut list);
        MOBILITY * list.as_slice().len() as i32
    }
    fn gain(&self, _rules: &R, _pos: &R::Position, _mv: R::Move) -> Option<Gain> {
        None
    }
    fn in_danger(&self, rules: &R, pos: &R::Position) -> bool {
        rules.is_check(pos)
    }
    fn null_move(&self, _rules: &R, _pos: &R::Position) -> Option<R::Position> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tegoma_ggn::Description;
    use tegoma_notation::ggn::Ggn;

    #[test]
    fn kogoma_values_follow_mobility() {
        let table = Ggn::from_json(include_str!("../../../games/kogoma/ggn.json")).unwrap();
        let desc =
            Description::from_json(include_str!("../../../games/kogoma/description.json")).unwrap();
        let engine = Engine::new(&table, desc).unwrap();
        let e = FileEval::new(&engine);
        let v = |s: &str| e.value(Piece::parse(s).unwrap());
        // A rook moves more than a pawn; the King is not counted.
        assert!(v("R") > v("P"), "{} {}", v("R"), v("P"));
        assert_eq!(v("K^"), 0);
        let start = RuleSystem::initial(&engine).unwrap();
        // The start is symmetric: the score is the tempo.
        assert_eq!(e.evaluate(&engine, &start), TEMPO);
    }
}

//! Compiling a GGN table against the board: squares resolved to flat indices, destinations
//! sorted by square.

use std::collections::HashMap;

use tegoma_notation::ggn::{Ggn, Location as GgnLocation};
use tegoma_notation::lcn::Condition;
use tegoma_protocol::Square;

use tegoma_notation::qpi::Qpi;
use tegoma_protocol::Board;

use super::{Cond, Dest, PieceMoves, Poss};
use crate::description::DescriptionError;

/// A table compiled against `board`: the index of every piece's moves, and the moves.
pub(super) fn compile(
    board: &Board,
    ggn: &Ggn,
) -> Result<(HashMap<Qpi, usize>, Vec<PieceMoves>), DescriptionError> {
    let sq = |cell| {
        board
            .square(cell)
            .ok_or_else(|| DescriptionError::Table(format!("square {cell} is off the board")))
    };
    let conds = |l: &tegoma_notation::lcn::Lcn| -> Result<Box<[(Square, Cond)]>, DescriptionError> {
        l.iter()
            .map(|(c, k)| {
                Ok((
                    sq(c)?,
                    match k {
                        Condition::Empty => Cond::Empty,
                        Condition::Enemy => Cond::Enemy,
                        Condition::Piece(q) => Cond::Piece(q),
                    },
                ))
            })
            .collect()
    };
    let mut index = HashMap::new();
    let mut tables = Vec::new();
    for (piece, sources) in ggn.pieces() {
        let mut pm = PieceMoves {
            board: vec![Box::default(); board.span()],
            hand: Box::default(),
        };
        for (source, dests) in sources {
            let mut list = Vec::with_capacity(dests.len());
            for (dest, poss) in dests {
                let GgnLocation::Square(dc) = dest else {
                    return Err(DescriptionError::Table(format!(
                        "{piece}: a move to the hand is not supported"
                    )));
                };
                let poss = poss
                    .iter()
                    .map(|p| {
                        let must = conds(&p.must)?;
                        let named = must
                            .iter()
                            .find(|(_, c)| matches!(c, Cond::Piece(_)))
                            .map(|(s, _)| *s);
                        Ok(Poss {
                            must,
                            deny: conds(&p.deny)?,
                            named,
                        })
                    })
                    .collect::<Result<Box<[Poss]>, DescriptionError>>()?;
                list.push(Dest { to: sq(*dc)?, poss });
            }
            // Sorted by destination square, for the binary search of `attacked`.
            list.sort_by_key(|d| d.to.index());
            match source {
                GgnLocation::Hand => pm.hand = list.into(),
                GgnLocation::Square(c) => pm.board[sq(*c)?.index()] = list.into(),
            }
        }
        index.insert(*piece, tables.len());
        tables.push(pm);
    }
    Ok((index, tables))
}

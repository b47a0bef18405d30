//! The evaluation network: a correction added to the hand-written evaluation, learnt from the
//! engine's own games (`crates/engine/examples/net.rs` trains it, and says on which data;
//! `net.bin` holds its weights). Its width, 32, is the one that predicted held-out positions
//! best on the data we have (2.1 million positions): a wider one fits the training positions
//! better and the others worse, a narrower one both worse.
//!
//! 768 inputs (a piece's side as seen from one player, its role and its square, the board
//! turned for the second player), one hidden layer of [`HIDDEN`] units shared by both players'
//! views and clipped to [0, 1], then one output from the side to move's units and the other's,
//! with weights of their own for each of [`BUCKETS`] ranges of the number of pieces on the
//! board (the hidden units are the same whatever the phase; what they are worth is not).
//! The arithmetic is in integers: the hidden layer's weights and biases times 255 (i16), the
//! output weights times 64; the output, in units of 200 centipawns, is rescaled at the end.
//! The hidden sums of the last position evaluated on a thread are kept: the next evaluation
//! (in a search, most often a position a few moves away) adds and removes the rows of the
//! pieces that differ, and starts again from the pieces when more than [`REFRESH`] differ.
//! The sums wrap in i16, so the order of the additions never changes the result: the output is
//! the same whatever was evaluated before, and the search stays deterministic.

use std::cell::RefCell;
use std::sync::OnceLock;

use tegoma_protocol::Side;
use tegoma_rules::chess::{Position, Role};

/// The hidden layer's width.
pub const HIDDEN: usize = 32;
/// How many output layers: the output's weights are chosen by the number of pieces on the
/// board ([`Network::bucket`]), so that the same hidden units can weigh differently in the
/// opening, the middlegame and the endgame.
pub const BUCKETS: usize = 8;
const INPUTS: usize = 768;
/// The hidden layer's scale (a unit's clipping point).
const QA: i32 = 255;
/// The output weights' scale.
const QB: i32 = 64;
/// Centipawns per output unit.
const SCALE: i32 = 200;

static BYTES: &[u8] = include_bytes!("net.bin");

/// More differing pieces than this, and the sums are computed from the pieces again.
const REFRESH: u32 = 16;

/// The last position evaluated on this thread: which network, its pieces (by side then role),
/// its hidden sums (the first player's view, then the second's).
struct Cache {
    net: usize,
    pieces: [u64; 12],
    acc: [[i16; HIDDEN]; 2],
}

thread_local! {
    static CACHE: RefCell<Cache> = const {
        RefCell::new(Cache {
            net: 0,
            pieces: [0; 12],
            acc: [[0; HIDDEN]; 2],
        })
    };
}

/// The network's weights, quantised.
#[derive(Debug)]
pub struct Network {
    w1: Box<[[i16; HIDDEN]; INPUTS]>,
    b1: [i16; HIDDEN],
    w2: [[[i16; HIDDEN]; 2]; BUCKETS],
    b2: [i32; BUCKETS],
}

impl Network {
    /// The network the engine ships, read once (`None` only while `net.bin` is being
    /// replaced by one of another width: a test checks that the shipped file reads).
    pub fn shipped() -> Option<&'static Network> {
        static NET: OnceLock<Option<Network>> = OnceLock::new();
        NET.get_or_init(|| Network::read(BYTES)).as_ref()
    }

    /// The output layer used with `pieces` pieces on the board (kings included), by ranges
    /// of four: 2-5 pieces the first, 6-9 the second, ..., 30-32 the last.
    pub fn bucket(pieces: u32) -> usize {
        (pieces.saturating_sub(2) as usize * BUCKETS / 32).min(BUCKETS - 1)
    }

    /// Reads the weights as `examples/net.rs` writes them; `None` if `bytes` has another size.
    pub fn read(bytes: &[u8]) -> Option<Network> {
        if bytes.len() != 2 * (INPUTS * HIDDEN + HIDDEN + BUCKETS * 2 * HIDDEN) + 4 * BUCKETS {
            return None;
        }
        let mut words = bytes
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut w1 = Box::new([[0i16; HIDDEN]; INPUTS]);
        for row in w1.iter_mut() {
            for w in row.iter_mut() {
                *w = words.next()?;
            }
        }
        let mut b1 = [0i16; HIDDEN];
        for b in &mut b1 {
            *b = words.next()?;
        }
        let mut w2 = [[[0i16; HIDDEN]; 2]; BUCKETS];
        for w in w2.iter_mut().flatten().flatten() {
            *w = words.next()?;
        }
        let mut b2 = [0i32; BUCKETS];
        for (b, c) in b2
            .iter_mut()
            .zip(bytes[bytes.len() - 4 * BUCKETS..].chunks_exact(4))
        {
            *b = i32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        }
        Some(Network { w1, b1, w2, b2 })
    }

    /// The rows of a piece (side, role index) on square `sq`, for both views.
    #[inline]
    fn rows(&self, side: usize, role: usize, sq: usize) -> (&[i16; HIDDEN], &[i16; HIDDEN]) {
        let first = (side * 6 + role) * 64 + sq;
        let second = ((1 - side) * 6 + role) * 64 + (sq ^ 56);
        (&self.w1[first], &self.w1[second])
    }

    /// The network's output for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut pieces = [0u64; 12];
        for (i, p) in pieces.iter_mut().enumerate() {
            let side = if i < 6 { Side::First } else { Side::Second };
            *p = pos.pieces(side, Role::ALL[i % 6]).0;
        }
        let count = pos.occupied().0.count_ones();
        let id = self as *const Network as usize;
        CACHE.with_borrow_mut(|c| {
            let differ: u32 = pieces
                .iter()
                .zip(&c.pieces)
                .map(|(a, b)| (a ^ b).count_ones())
                .sum();
            if c.net != id || differ > REFRESH {
                c.acc = [self.b1, self.b1];
                c.pieces = [0; 12];
                c.net = id;
            }
            for (i, (&new, old)) in pieces.iter().zip(c.pieces.iter_mut()).enumerate() {
                let (side, role) = (i / 6, i % 6);
                for sq in tegoma_rules::kit::Bitboard(*old & !new) {
                    let (a, b) = self.rows(side, role, sq.index());
                    sub(&mut c.acc[0], a);
                    sub(&mut c.acc[1], b);
                }
                for sq in tegoma_rules::kit::Bitboard(new & !*old) {
                    let (a, b) = self.rows(side, role, sq.index());
                    add(&mut c.acc[0], a);
                    add(&mut c.acc[1], b);
                }
                *old = new;
            }
            self.output(&c.acc, pos.side_to_move(), count)
        })
    }

    /// The output in centipawns from both views' hidden sums (the first player's, then the
    /// second's), for `to_move`, with `pieces` pieces on the board.
    #[inline]
    fn output(&self, acc: &[[i16; HIDDEN]; 2], to_move: Side, pieces: u32) -> i32 {
        let (us, them) = if to_move == Side::First {
            (0, 1)
        } else {
            (1, 0)
        };
        let b = Network::bucket(pieces);
        let [w_us, w_them] = &self.w2[b];
        let sum = dot(&acc[us], w_us) + dot(&acc[them], w_them) + self.b2[b];
        sum * SCALE / (QA * QB)
    }
}

#[inline]
fn add(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline]
fn sub(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

/// The clipped units times the output weights.
#[inline]
fn dot(acc: &[i16; HIDDEN], w: &[i16; HIDDEN]) -> i32 {
    acc.iter()
        .zip(w)
        .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_network_reads_and_sees_colours_alike() {
        let net = Network::shipped().expect("net.bin reads");
        // The start position is the same for both players: whoever is to move, the same
        // output (the board turned and the sides swapped give the same inputs).
        let white = Position::startpos();
        let black =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert_eq!(net.evaluate(&white), net.evaluate(&black));
        // A position and its colour-swapped mirror, each with its side to move.
        let a = Position::from_fen("4k3/8/8/3q4/8/8/3P4/4K3 w - - 0 1").unwrap();
        let b = Position::from_fen("4k3/3p4/8/8/3Q4/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(net.evaluate(&a), net.evaluate(&b));
        assert!(Network::read(&BYTES[1..]).is_none());
    }

    /// The output from the pieces alone, without the thread's cache.
    fn from_scratch(net: &Network, pos: &Position) -> i32 {
        let mut acc = [net.b1, net.b1];
        let mut count = 0;
        for (side, s) in [Side::First, Side::Second].into_iter().enumerate() {
            for role in Role::ALL {
                for sq in pos.pieces(s, role) {
                    let (a, b) = net.rows(side, role.index(), sq.index());
                    add(&mut acc[0], a);
                    add(&mut acc[1], b);
                    count += 1;
                }
            }
        }
        net.output(&acc, pos.side_to_move(), count)
    }

    #[test]
    fn the_cache_never_changes_an_output() {
        // Random games, each position evaluated after its predecessor (a few pieces differ),
        // and after a position of another game (many differ).
        let net = Network::shipped().expect("net.bin reads");
        let mut seed = 7u64;
        let mut list = tegoma_rules::chess::MoveList::new();
        let mut seen = Vec::new();
        for _ in 0..20 {
            let mut pos = Position::startpos();
            for _ in 0..80 {
                pos.legal_moves_into(&mut list);
                if list.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let mv = list[(seed % list.len() as u64) as usize];
                pos.play_unchecked(mv);
                assert_eq!(net.evaluate(&pos), from_scratch(net, &pos));
                seen.push(pos);
            }
        }
        for (i, pos) in seen.iter().enumerate().rev().step_by(7) {
            assert_eq!(net.evaluate(pos), from_scratch(net, pos), "position {i}");
        }
    }
}

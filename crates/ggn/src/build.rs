//! A small builder of concrete GGN tables from piece geometry.
//!
//! Geometry is written from the first player's point of view (forward = toward higher ranks);
//! the builder mirrors the rank direction for the second player. Every pattern produces the
//! seeds' shape: a plain move `[{"must":{path…,"d":"empty"}},{"must":{path…,"d":"enemy"}}]`.

use tegoma_notation::cell::Cell;
use tegoma_notation::ggn::{Ggn, Location, Possibility};
use tegoma_notation::lcn::{Condition, Lcn};
use tegoma_notation::pin;
use tegoma_notation::qpi::{Qpi, QpiMode};
use tegoma_notation::sin;

/// A movement pattern, in the first player's orientation (`dr > 0` is forward).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pattern {
    /// One jump or step by `(files, ranks)`; intermediate squares do not matter.
    Step(i8, i8),
    /// Any distance along `(files, ranks)`; the squares passed over must be empty.
    Slide(i8, i8),
}

/// The eight one-square steps (a King).
pub const KING_STEPS: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
/// The four orthogonal directions.
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
/// The four diagonal directions.
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The eight chess-knight jumps.
pub const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The Gold General's six steps (orthogonal, and diagonally forward).
pub const GOLD_STEPS: [(i8, i8); 6] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1)];
/// The Silver General's five steps (forward, and the four diagonals).
pub const SILVER_STEPS: [(i8, i8); 5] = [(0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1)];

/// Builds a GGN table on a rectangular two-dimensional board.
#[derive(Debug, Clone)]
pub struct TableBuilder {
    ggn: Ggn,
    files: u8,
    ranks: u8,
    styles: [sin::Identifier; 2],
}

/// A side of the match, 0 (first, uppercase) or 1 (second, lowercase).
pub type SideIndex = usize;

impl TableBuilder {
    /// A builder for a `files` x `ranks` board whose first player has the style letter `letter`
    /// (an ASCII letter; its lowercase form is the second player's).
    ///
    /// # Panics
    /// If `letter` is not an ASCII letter (the exporters pass constants).
    pub fn new(files: u8, ranks: u8, letter: u8) -> TableBuilder {
        let upper = sin::Identifier::parse(
            std::str::from_utf8(&[letter.to_ascii_uppercase()]).unwrap_or("?"),
        )
        .expect("style letter");
        let lower = sin::Identifier::parse(
            std::str::from_utf8(&[letter.to_ascii_lowercase()]).unwrap_or("?"),
        )
        .expect("style letter");
        TableBuilder {
            ggn: Ggn::new(),
            files,
            ranks,
            styles: [upper, lower],
        }
    }

    /// The number of files.
    pub fn files(&self) -> u8 {
        self.files
    }

    /// The number of ranks.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// The QPI of `token` (a PIN written in the first player's case, e.g. `+K^`) for `side`.
    ///
    /// # Panics
    /// If `token` is not PIN (the exporters pass constants).
    pub fn qpi(&self, side: SideIndex, token: &str) -> Qpi {
        let p = pin::Identifier::parse(token).expect("PIN token");
        let p = if side == 0 {
            p.with_side(pin::Side::First)
        } else {
            p.with_side(pin::Side::Second)
        };
        Qpi::new(self.styles[side], p, QpiMode::Strict).expect("same-case QPI")
    }

    /// The square at `(file, rank)` (0-based), if on the board.
    pub fn square(&self, file: i16, rank: i16) -> Option<Cell> {
        (file >= 0 && rank >= 0 && file < i16::from(self.files) && rank < i16::from(self.ranks))
            .then(|| Cell::xy(file as u8, rank as u8))
    }

    /// The rank index seen from `side`: rank `r` of the first player is rank `ranks-1-r` of the
    /// second.
    pub fn relative_rank(&self, side: SideIndex, rank: u8) -> u8 {
        if side == 0 {
            rank
        } else {
            self.ranks - 1 - rank
        }
    }

    /// Every square, file-major then rank.
    pub fn squares(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (0..self.files).flat_map(move |f| (0..self.ranks).map(move |r| (f, r)))
    }

    /// Appends one possibility (any `must` list; no `deny`).
    pub fn add(&mut self, piece: Qpi, from: Location, to: Cell, must: &[(Cell, Condition)]) {
        let must = Lcn::from_entries(must.iter().copied()).expect("distinct squares");
        self.ggn
            .add(
                piece,
                from,
                Location::Square(to),
                Possibility {
                    must,
                    deny: Lcn::new(),
                },
            )
            .expect("board to board or hand to board");
    }

    /// Adds the plain move-or-capture possibilities of `pattern` for `piece` of `side` from
    /// `(file, rank)`.
    pub fn pattern(&mut self, piece: Qpi, side: SideIndex, file: u8, rank: u8, pattern: Pattern) {
        let (df, dr, slide) = match pattern {
            Pattern::Step(f, r) => (f, r, false),
            Pattern::Slide(f, r) => (f, r, true),
        };
        let dr = if side == 0 { dr } else { -dr };
        let from = Location::Square(Cell::xy(file, rank));
        let mut path: Vec<(Cell, Condition)> = Vec::new();
        let (mut f, mut r) = (i16::from(file), i16::from(rank));
        loop {
            f += i16::from(df);
            r += i16::from(dr);
            let Some(to) = self.square(f, r) else { break };
            let mut must = path.clone();
            must.push((to, Condition::Empty));
            self.add(piece, from, to, &must);
            must.pop();
            must.push((to, Condition::Enemy));
            self.add(piece, from, to, &must);
            if !slide {
                break;
            }
            path.push((to, Condition::Empty));
        }
    }

    /// Adds every pattern of `patterns` for `token` of `side` on every square for which
    /// `on(relative_file, relative_rank)` holds (ranks relative to `side`).
    pub fn piece(
        &mut self,
        side: SideIndex,
        token: &str,
        patterns: &[Pattern],
        on: impl Fn(u8, u8) -> bool,
    ) {
        let q = self.qpi(side, token);
        let squares: Vec<(u8, u8)> = self.squares().collect();
        for (f, r) in squares {
            if !on(f, self.relative_rank(side, r)) {
                continue;
            }
            for &p in patterns {
                self.pattern(q, side, f, r, p);
            }
        }
    }

    /// Adds a drop of `token` of `side` from the hand to every square: `{"must":{"d":"empty"}}`.
    pub fn drops(&mut self, side: SideIndex, token: &str) {
        let q = self.qpi(side, token);
        let squares: Vec<(u8, u8)> = self.squares().collect();
        for (f, r) in squares {
            let to = Cell::xy(f, r);
            self.add(q, Location::Hand, to, &[(to, Condition::Empty)]);
        }
    }

    /// The finished table.
    pub fn finish(self) -> Ggn {
        self.ggn
    }
}

/// Steps from a list of offsets.
pub fn steps(offsets: &[(i8, i8)]) -> Vec<Pattern> {
    offsets.iter().map(|&(f, r)| Pattern::Step(f, r)).collect()
}

/// Slides along a list of directions.
pub fn slides(dirs: &[(i8, i8)]) -> Vec<Pattern> {
    dirs.iter().map(|&(f, r)| Pattern::Slide(f, r)).collect()
}

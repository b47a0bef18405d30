//! Pieces (their identity) and locations.

use std::fmt;

use tegoma_notation::{epin, pin, sin};

use crate::board::Square;
use crate::side::Side;

pub use pin::{Letter, State};

/// The identity of a piece (Game Protocol §5.3): side, name, state, terminal status, and style.
///
/// The style is stored the way FEEN stores it, relative to the two Player Styles: a *native*
/// piece has the style of its own side's player, a *derived* piece (EPIN marker `'`) the style of
/// the opposite side's player. [`Piece::style`] resolves it against the styles of a position.
/// This is exact for every position FEEN can express.
///
/// Equality and ordering of `Piece` are exact (the derivation marker counts). Position equality
/// follows ruling R5 instead and ignores the marker.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece(epin::Identifier);

impl Piece {
    /// A native piece from its attributes.
    #[must_use]
    pub const fn new(name: Letter, side: Side, state: State, terminal: bool) -> Piece {
        let side = match side {
            Side::First => pin::Side::First,
            Side::Second => pin::Side::Second,
        };
        Piece(epin::Identifier::new(
            pin::Identifier::new(name, side, state, terminal),
            false,
        ))
    }

    /// The piece of an EPIN token.
    #[must_use]
    pub const fn from_epin(id: epin::Identifier) -> Piece {
        Piece(id)
    }

    /// Parses an EPIN token (`K^`, `+p`, `S'`).
    ///
    /// # Errors
    /// The EPIN parser's error.
    pub fn parse(text: &str) -> Result<Piece, epin::ParseError> {
        epin::Identifier::parse(text).map(Piece)
    }

    /// The EPIN token.
    #[must_use]
    pub const fn epin(self) -> epin::Identifier {
        self.0
    }

    /// The piece name (its letter, always uppercase here; the side carries the case).
    #[must_use]
    pub const fn name(self) -> Letter {
        self.0.letter()
    }

    /// The piece side.
    #[must_use]
    pub const fn side(self) -> Side {
        match self.0.side() {
            pin::Side::First => Side::First,
            pin::Side::Second => Side::Second,
        }
    }

    /// The piece state (`-` diminished, normal, `+` enhanced).
    #[must_use]
    pub const fn state(self) -> State {
        self.0.state()
    }

    /// The terminal status (`^`).
    #[must_use]
    pub const fn is_terminal(self) -> bool {
        self.0.is_terminal()
    }

    /// Whether the piece has the derived style (`'`): the style of the opposite side's player.
    #[must_use]
    pub const fn is_derived(self) -> bool {
        self.0.is_derived()
    }

    /// The side whose Player Style this piece has: its own side when native, the other when
    /// derived.
    #[must_use]
    pub const fn style_side(self) -> Side {
        if self.is_derived() {
            self.side().flip()
        } else {
            self.side()
        }
    }

    /// The piece style, resolved against the two Player Styles `[first, second]`. The returned
    /// SIN identifier has the letter of the style and the case of the piece's side.
    #[must_use]
    pub fn style(self, styles: [sin::Identifier; 2]) -> sin::Identifier {
        let letter = styles[self.style_side().index()].letter();
        sin::Identifier::new(letter, self.side().into())
    }

    /// The same piece on the given side.
    #[must_use]
    pub const fn with_side(self, side: Side) -> Piece {
        let s = match side {
            Side::First => pin::Side::First,
            Side::Second => pin::Side::Second,
        };
        Piece(self.0.with_pin(self.0.pin().with_side(s)))
    }

    /// The same piece with another name.
    #[must_use]
    pub const fn with_name(self, name: Letter) -> Piece {
        Piece(self.0.with_pin(self.0.pin().with_letter(name)))
    }

    /// The same piece in another state.
    #[must_use]
    pub const fn with_state(self, state: State) -> Piece {
        Piece(self.0.with_pin(self.0.pin().with_state(state)))
    }

    /// The same piece with another terminal status.
    #[must_use]
    pub const fn with_terminal(self, terminal: bool) -> Piece {
        Piece(self.0.with_pin(self.0.pin().with_terminal(terminal)))
    }

    /// The same piece, native (`false`) or derived (`true`).
    #[must_use]
    pub const fn with_derived(self, derived: bool) -> Piece {
        if derived {
            Piece(self.0.derive())
        } else {
            Piece(self.0.native())
        }
    }

    /// The piece without its derivation marker: the identity ruling R5 compares.
    #[inline]
    #[must_use]
    pub const fn r5(self) -> Piece {
        Piece(self.0.native())
    }

    /// The FEEN canonical hand-order key of this token (specs.md §11.3, keys 2 to 6): letter,
    /// uppercase before lowercase, state `-` before `+` before none, terminal absent first,
    /// derivation absent first. Multiplicity (key 1) belongs to the hand.
    #[must_use]
    pub const fn hand_key(self) -> u16 {
        let letter = (self.0.letter().as_ascii() - b'A') as u16;
        let case = match self.0.side() {
            pin::Side::First => 0,
            pin::Side::Second => 1,
        };
        let state = match self.0.state() {
            State::Diminished => 0,
            State::Enhanced => 1,
            State::Normal => 2,
        };
        let terminal = self.0.is_terminal() as u16;
        let derived = self.0.is_derived() as u16;
        (letter << 5) | (case << 4) | (state << 2) | (terminal << 1) | derived
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.encode().as_str())
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Piece({})", self.0.encode().as_str())
    }
}

impl std::str::FromStr for Piece {
    type Err = epin::ParseError;
    fn from_str(s: &str) -> Result<Piece, epin::ParseError> {
        Piece::parse(s)
    }
}

/// A location (Game Protocol §3.1): a square of the board, or one of the two hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Location {
    /// A square of the board.
    Square(Square),
    /// The hand of the given side (`Hand(Side::First)` is the First Player Hand).
    Hand(Side),
}

impl Location {
    /// Whether this is a square.
    #[must_use]
    pub const fn is_square(self) -> bool {
        matches!(self, Location::Square(_))
    }

    /// Whether this is a hand.
    #[must_use]
    pub const fn is_hand(self) -> bool {
        matches!(self, Location::Hand(_))
    }
}

impl From<Square> for Location {
    fn from(s: Square) -> Location {
        Location::Square(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Piece {
        s.parse().unwrap()
    }

    #[test]
    fn attributes() {
        let k = p("+k^'");
        assert_eq!(k.side(), Side::Second);
        assert_eq!(k.state(), State::Enhanced);
        assert!(k.is_terminal());
        assert!(k.is_derived());
        assert_eq!(k.name().as_char(), 'K');
        assert_eq!(k.style_side(), Side::First);
        assert_eq!(k.r5().to_string(), "+k^");
        assert_eq!(k.with_side(Side::First).to_string(), "+K^'");
        let styles = [
            sin::Identifier::parse("C").unwrap(),
            sin::Identifier::parse("o").unwrap(),
        ];
        assert_eq!(k.style(styles).to_string(), "c");
        assert_eq!(k.r5().style(styles).to_string(), "o");
    }

    #[test]
    fn hand_key_order() {
        // specs.md §11.3 examples, each already in canonical order (equal multiplicities).
        for seq in [
            &["B", "b", "P", "p"][..],
            &["-K", "+K", "K", "K^", "K^'"],
            &["K", "+k"],
            &["A'", "A^"],
            &["a^'", "-B"],
        ] {
            let keys: Vec<u16> = seq.iter().map(|s| p(s).hand_key()).collect();
            let mut sorted = keys.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(keys, sorted, "{seq:?}");
        }
    }
}

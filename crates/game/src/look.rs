//! [`BoardLook`]: what a board (the web board, a terminal, a notebook) needs to draw a game,
//! given by each game's descriptor ([`MatchRules::look`](crate::MatchRules::look)), so that no
//! board names a game.

use serde::Serialize;

/// The outline a piece is drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    /// A round piece (western sets).
    Disc,
    /// A five-sided piece pointing at the opponent (shōgi-like sets).
    Pentagon,
}

/// How squares are coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Squares {
    /// Light and dark squares in turn.
    Checkered,
    /// One colour, with lines between the squares.
    Plain,
}

/// The name a board gives each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct SideNames {
    /// The first player's.
    pub first: &'static str,
    /// The second player's.
    pub second: &'static str,
}

/// A piece's letter (its PIN letter, uppercase) and its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct PieceName {
    /// The letter.
    pub letter: &'static str,
    /// The name (`Queen`).
    pub name: &'static str,
}

impl PieceName {
    /// The piece of this letter has this name.
    pub const fn new(letter: &'static str, name: &'static str) -> PieceName {
        PieceName { letter, name }
    }
}

/// How a promotion choice is offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Promotion {
    /// The pawn becomes another piece, offered by that piece's name (`Queen`, `Knight`).
    Piece,
    /// The piece turns over (its enhanced state), offered as "promote" or not.
    Enhance,
}

/// What a board needs to draw a game: side names, piece outlines and marks, square colours,
/// piece names and how promotions are offered.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct BoardLook {
    /// The sides' names (`White`/`Black`).
    pub sides: SideNames,
    /// The pieces' outline.
    pub shape: Shape,
    /// Whether the second side's pieces are drawn turned towards the first (shōgi-like sets,
    /// where colour does not tell the sides apart by itself).
    pub turn_second: bool,
    /// Whether an enhanced piece (`+R`) is written with its `+`, in red.
    pub enhanced_mark: bool,
    /// Whether a terminal piece (`K^`) carries a mark under its letter.
    pub terminal_mark: bool,
    /// The squares' colours.
    pub squares: Squares,
    /// The pieces' names, by letter (may be empty: the board then shows letters).
    pub pieces: &'static [PieceName],
    /// How a promotion choice is offered.
    pub promotion: Promotion,
}

impl BoardLook {
    /// The look of a game nothing is known about (the games defined by files): shōgi-like
    /// pieces (pentagons, the second side's turned, enhanced pieces marked) on plain squares,
    /// the sides named `First` and `Second`.
    pub const GENERIC: BoardLook = BoardLook {
        sides: SideNames {
            first: "First",
            second: "Second",
        },
        shape: Shape::Pentagon,
        turn_second: true,
        enhanced_mark: true,
        terminal_mark: false,
        squares: Squares::Plain,
        pieces: &[],
        promotion: Promotion::Enhance,
    };
}

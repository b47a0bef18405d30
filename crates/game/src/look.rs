//! [`BoardLook`]: what a board (the web board, a terminal, a notebook) needs to draw a game,
//! given by each game's descriptor ([`MatchRules::look`](crate::MatchRules::look)), so that no
//! board names a game. What depends on the army a player leads (side names, piece outlines and
//! marks, piece names, promotions) is an [`ArmyLook`], one per style letter: a game whose
//! players lead different armies (Chess against Ōgi) is drawn by both.

use std::borrow::Cow;

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

/// How one army is drawn: what a board needs to draw the pieces of a style (its side names,
/// outline, marks, piece names and how its promotions are offered).
///
/// A game's [`BoardLook`] holds one per army its players lead, keyed by the style letter of the
/// position's FEEN (its style field, `C/c`, `C/o`): a board finds a piece's side from its case
/// (uppercase: the first player's), the side's style from the style field, and the army's look
/// by that letter. Chess and Ōgi give theirs as [`CHESS_ARMY`] and [`OGI_ARMY`], for any game
/// whose players lead these armies to reuse.
///
/// JSON: `{"style": "C", "name": "Chess", "sides": {"first", "second"}, "shape", "turned",
/// "enhanced_mark", "terminal_mark", "pieces": [{"letter", "name"}], "promotion"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct ArmyLook {
    /// The army's style letter, uppercase (`C`, `O`): the style field's letter, either case, of
    /// the side that leads it.
    pub style: char,
    /// The army's name (`Chess`, `Ōgi`): how a board names each player when the two lead
    /// different armies. May be empty (the board then names the army by its style letter).
    pub name: &'static str,
    /// The sides' names when both players lead this army (`White`/`Black`,
    /// `First (Sente)`/`Second (Gote)`).
    pub sides: SideNames,
    /// The pieces' outline.
    pub shape: Shape,
    /// Whether the pieces are drawn pointing at the opponent, the outline turned for the side
    /// whose home is at the top of the board (shōgi-like sets, where colour does not tell the
    /// sides apart by itself). Pieces in hand point the same way as on the board.
    pub turned: bool,
    /// Whether an enhanced piece (`+R`) is written with its `+`, in red.
    pub enhanced_mark: bool,
    /// Whether a terminal piece (`K^`) carries a mark under its letter.
    pub terminal_mark: bool,
    /// The pieces' names, by letter (may be empty: the board then shows letters).
    pub pieces: &'static [PieceName],
    /// How a promotion choice of this army's pieces is offered (the mover's army decides).
    pub promotion: Promotion,
}

impl ArmyLook {
    /// The look of an army nothing is known about, of style `style` (uppercase): shōgi-like
    /// pieces (pentagons pointing at the opponent, enhanced pieces marked), no piece names,
    /// promotions offered as "promote" or not, the sides named `First` and `Second`, the army
    /// unnamed.
    pub const fn generic(style: char) -> ArmyLook {
        ArmyLook {
            style: style.to_ascii_uppercase(),
            name: "",
            sides: SideNames {
                first: "First",
                second: "Second",
            },
            shape: Shape::Pentagon,
            turned: true,
            enhanced_mark: true,
            terminal_mark: false,
            pieces: &[],
            promotion: Promotion::Enhance,
        }
    }
}

/// The Chess army (style `C`): round pieces, the terminal king marked, the sides `White` and
/// `Black`, promotions offered by the piece's name (Queen, Rook, Bishop, Knight).
pub const CHESS_ARMY: ArmyLook = ArmyLook {
    style: 'C',
    name: "Chess",
    sides: SideNames {
        first: "White",
        second: "Black",
    },
    shape: Shape::Disc,
    turned: false,
    enhanced_mark: false,
    terminal_mark: true,
    pieces: &[
        PieceName::new("K", "King"),
        PieceName::new("Q", "Queen"),
        PieceName::new("R", "Rook"),
        PieceName::new("B", "Bishop"),
        PieceName::new("N", "Knight"),
        PieceName::new("P", "Pawn"),
    ],
    promotion: Promotion::Piece,
};

/// The Ōgi army (style `O`): pentagons pointing at the opponent, enhanced pieces marked, the
/// sides `First (Sente)` and `Second (Gote)`, promotions offered as "promote" or not.
pub const OGI_ARMY: ArmyLook = ArmyLook {
    name: "Ōgi",
    sides: SideNames {
        first: "First (Sente)",
        second: "Second (Gote)",
    },
    pieces: &[
        PieceName::new("K", "King"),
        PieceName::new("I", "Princess"),
        PieceName::new("R", "Rook"),
        PieceName::new("B", "Bishop"),
        PieceName::new("S", "Silver"),
        PieceName::new("N", "Knight"),
        PieceName::new("L", "Lance"),
        PieceName::new("P", "Pawn"),
    ],
    ..ArmyLook::generic('O')
};

/// What a board needs to draw a game: the squares' colours and the look of each army its
/// players lead ([`ArmyLook`], keyed by style letter).
///
/// A game whose players lead the same army has one army (chess: [`CHESS_ARMY`]); one whose
/// players lead different armies has one per army (Chess against Ōgi: [`CHESS_ARMY`] and
/// [`OGI_ARMY`], its FEEN's style field `C/o` or `O/c`). A board draws the pieces of a style
/// the look does not list as [`ArmyLook::generic`] (see [`BoardLook::army`]).
///
/// JSON: `{"squares": "checkered"|"plain", "armies": [ArmyLook, …]}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct BoardLook {
    /// The squares' colours.
    pub squares: Squares,
    /// The look of each army, one per style letter (none: every army is drawn generic).
    pub armies: Cow<'static, [ArmyLook]>,
}

impl BoardLook {
    /// The look of a game nothing is known about: plain squares, no army (every army drawn as
    /// [`ArmyLook::generic`]: shōgi-like pieces, the sides named `First` and `Second`).
    pub const GENERIC: BoardLook = BoardLook::new(Squares::Plain, &[]);

    /// A look of these squares and these armies (`BoardLook::new(Squares::Checkered,
    /// &[CHESS_ARMY, OGI_ARMY])`).
    pub const fn new(squares: Squares, armies: &'static [ArmyLook]) -> BoardLook {
        BoardLook {
            squares,
            armies: Cow::Borrowed(armies),
        }
    }

    /// The look of a game whose players both lead an army nothing is known about, of style
    /// `style` (the games defined by files): plain squares, the army [`ArmyLook::generic`].
    pub fn generic_army(style: char) -> BoardLook {
        BoardLook {
            squares: Squares::Plain,
            armies: Cow::Owned(vec![ArmyLook::generic(style)]),
        }
    }

    /// The look of the army of style `style` (either case), or [`ArmyLook::generic`] when the
    /// look has none.
    pub fn army(&self, style: char) -> ArmyLook {
        let style = style.to_ascii_uppercase();
        self.armies
            .iter()
            .find(|a| a.style == style)
            .copied()
            .unwrap_or(ArmyLook::generic(style))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn armies_are_found_by_either_case_and_others_are_generic() {
        let look = BoardLook::new(Squares::Checkered, &[CHESS_ARMY, OGI_ARMY]);
        assert_eq!(look.army('c'), CHESS_ARMY);
        assert_eq!(look.army('O'), OGI_ARMY);
        assert_eq!(look.army('x'), ArmyLook::generic('X'));
        assert_eq!(BoardLook::GENERIC.army('K').sides.first, "First");
        assert_eq!(OGI_ARMY.style, 'O');
        assert_eq!((OGI_ARMY.turned, CHESS_ARMY.turned), (true, false));
    }

    #[test]
    fn the_json_lists_the_armies_by_style_letter() {
        let v = serde_json::to_value(BoardLook::generic_army('k')).unwrap();
        assert_eq!(v["squares"], "plain");
        assert_eq!(v["armies"][0]["style"], "K");
        assert_eq!(v["armies"][0]["promotion"], "enhance");
        assert_eq!(v["armies"][0]["turned"], true);
    }

    /// Every game's look has the army of each style its starts have (a board never falls back
    /// to the generic army for a built-in or embedded game).
    #[test]
    fn every_game_draws_each_army_of_its_starts() {
        for name in crate::registry::names() {
            let rules = crate::Rules::by_name(name).unwrap();
            let look = rules.look();
            for style in rules.style_pairs().into_iter().flatten() {
                let letter = style.to_string().to_ascii_uppercase();
                assert!(
                    look.armies.iter().any(|a| a.style.to_string() == letter),
                    "{name}: no army {letter} in {look:?}"
                );
            }
        }
    }
}

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

/// What an army's pieces are drawn with (each piece's [`PieceName::glyph`] says which figure or
/// character).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceSet {
    /// The piece's letter on the army's outline ([`Shape`]).
    Letters,
    /// A figure of the board's figure sheet (a chess figurine: `fig-knight`), one per piece.
    Figurines,
    /// A character (a kanji: `飛`) written on the army's outline, pointing the way the outline
    /// points; an enhanced piece shows its enhanced form's character in red. A board may offer
    /// its players the letters instead.
    Characters,
}

/// A piece's letter (its PIN letter, uppercase), its name, and what its army's set draws it
/// with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct PieceName {
    /// The letter.
    pub letter: &'static str,
    /// The name (`Queen`).
    pub name: &'static str,
    /// What the army's [`PieceSet`] draws the piece with: a figure's id (`fig-queen`) for
    /// [`PieceSet::Figurines`], a character (`飛`) for [`PieceSet::Characters`]; empty for
    /// letters (or to draw this piece by its letter).
    pub glyph: &'static str,
    /// The glyph of its enhanced form (`+R`: `龍`), for [`PieceSet::Characters`]; empty when
    /// the piece has no enhanced form of its own (its glyph is then drawn in red).
    pub enhanced: &'static str,
    /// The glyph of the second player's piece where it differs from the first's (the King of
    /// a shōgi-like set: `王` for the second player, `玉` for the first); empty otherwise.
    pub second: &'static str,
}

impl PieceName {
    /// The piece of this letter has this name (drawn by its letter).
    pub const fn new(letter: &'static str, name: &'static str) -> PieceName {
        PieceName {
            letter,
            name,
            glyph: "",
            enhanced: "",
            second: "",
        }
    }

    /// The same piece drawn with `glyph`, and `enhanced` for its enhanced form (empty: none).
    pub const fn drawn(self, glyph: &'static str, enhanced: &'static str) -> PieceName {
        PieceName {
            glyph,
            enhanced,
            ..self
        }
    }

    /// The same piece drawn with `glyph` for the second player.
    pub const fn second(self, glyph: &'static str) -> PieceName {
        PieceName {
            second: glyph,
            ..self
        }
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
/// JSON: `{"style": "C", "name": "Chess", "sides": {"first", "second"}, "shape", "set",
/// "turned", "enhanced_mark", "terminal_mark", "pieces": [{"letter", "name", "glyph",
/// "enhanced", "second"}], "promotion"}`.
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
    /// The pieces' outline (under their letters or characters; a figurine has its own).
    pub shape: Shape,
    /// What the pieces are drawn with: letters, figurines or characters (each piece's
    /// [`PieceName::glyph`]; a piece without one is drawn by its letter).
    pub set: PieceSet,
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
            set: PieceSet::Letters,
            turned: true,
            enhanced_mark: true,
            terminal_mark: false,
            pieces: &[],
            promotion: Promotion::Enhance,
        }
    }
}

/// The Chess army (style `C`): figurines (round pieces when drawn by letter, the terminal king
/// marked), the sides `White` and `Black`, promotions offered by the piece's name (Queen, Rook,
/// Bishop, Knight).
pub const CHESS_ARMY: ArmyLook = ArmyLook {
    style: 'C',
    name: "Chess",
    sides: SideNames {
        first: "White",
        second: "Black",
    },
    shape: Shape::Disc,
    set: PieceSet::Figurines,
    turned: false,
    enhanced_mark: false,
    terminal_mark: true,
    pieces: &[
        PieceName::new("K", "King").drawn("fig-king", ""),
        PieceName::new("Q", "Queen").drawn("fig-queen", ""),
        PieceName::new("R", "Rook").drawn("fig-rook", ""),
        PieceName::new("B", "Bishop").drawn("fig-bishop", ""),
        PieceName::new("N", "Knight").drawn("fig-knight", ""),
        PieceName::new("P", "Pawn").drawn("fig-pawn", ""),
    ],
    promotion: Promotion::Piece,
};

/// The Ōgi army (style `O`): pentagons pointing at the opponent with the shōgi kanji (King 玉,
/// the second player's 王,
/// Princess 姫, Rook 飛, Bishop 角, Silver 銀, Knight 桂, Lance 香, Pawn 歩; promoted, in red:
/// Princess 后, the queen a princess becomes, Dragon 龍, Horse 馬, and the golds 全 圭 杏 と),
/// enhanced pieces marked, the sides `First (Sente)` and `Second (Gote)`, promotions offered
/// as "promote" or not.
pub const OGI_ARMY: ArmyLook = ArmyLook {
    name: "Ōgi",
    sides: SideNames {
        first: "First (Sente)",
        second: "Second (Gote)",
    },
    set: PieceSet::Characters,
    pieces: &[
        PieceName::new("K", "King").drawn("玉", "").second("王"),
        PieceName::new("I", "Princess").drawn("姫", "后"),
        PieceName::new("R", "Rook").drawn("飛", "龍"),
        PieceName::new("B", "Bishop").drawn("角", "馬"),
        PieceName::new("S", "Silver").drawn("銀", "全"),
        PieceName::new("N", "Knight").drawn("桂", "圭"),
        PieceName::new("L", "Lance").drawn("香", "杏"),
        PieceName::new("P", "Pawn").drawn("歩", "と"),
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
        assert_eq!(v["armies"][0]["set"], "letters");
    }

    #[test]
    fn chess_is_drawn_with_figurines_and_ogi_with_kanji() {
        let chess = serde_json::to_value(CHESS_ARMY).unwrap();
        assert_eq!(chess["set"], "figurines");
        assert_eq!(
            chess["pieces"][4],
            serde_json::json!({"letter": "N", "name": "Knight", "glyph": "fig-knight", "enhanced": "", "second": ""})
        );
        let ogi = serde_json::to_value(OGI_ARMY).unwrap();
        assert_eq!(ogi["set"], "characters");
        let glyphs: Vec<(&str, &str, &str)> = OGI_ARMY
            .pieces
            .iter()
            .map(|p| (p.letter, p.glyph, p.enhanced))
            .collect();
        assert_eq!(OGI_ARMY.pieces[0].second, "王");
        assert_eq!(
            glyphs,
            [
                ("K", "玉", ""),
                ("I", "姫", "后"),
                ("R", "飛", "龍"),
                ("B", "角", "馬"),
                ("S", "銀", "全"),
                ("N", "桂", "圭"),
                ("L", "香", "杏"),
                ("P", "歩", "と"),
            ]
        );
        // Every piece of a set other than letters has a glyph, and no two pieces share one.
        for army in [CHESS_ARMY, OGI_ARMY] {
            let mut seen = std::collections::HashSet::new();
            for p in army.pieces {
                assert!(!p.glyph.is_empty(), "{}: {p:?}", army.name);
                assert!(seen.insert(p.glyph), "{}: {p:?}", army.name);
                assert!(p.enhanced.is_empty() || seen.insert(p.enhanced), "{p:?}");
                assert!(p.second.is_empty() || seen.insert(p.second), "{p:?}");
            }
        }
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

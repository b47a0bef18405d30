//! The declarative description of a game: what GGN does not carry.
//!
//! A description is a JSON document. Piece tokens are PIN written in the first player's case
//! (`"+K^"`, `"P"`); they match the pieces of both sides. Ranks are counted from each player's
//! own side: rank 1 is the first player's first rank and the second player's last. Example (the
//! Chess rules of the seed, abridged):
//!
//! ```json
//! {
//!   "name": "Chess", "snn": "Chess", "sin": "C", "board": [8, 8],
//!   "initial": "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c",
//!   "moved": {"+K^": "K^", "+R": "R", "+P": "P", "-P": "P"},
//!   "step_marks": [{"piece": "+P", "ranks": 2, "becomes": "-P"}],
//!   "expire": {"-P": "P"},
//!   "rights": [{"piece": "+K^", "needs": "+R", "becomes": "K^"},
//!              {"piece": "+R", "needs": "+K^", "becomes": "R"}],
//!   "promotions": [{"pieces": ["P"], "zone": 1, "trigger": "to",
//!                   "choices": ["Q", "R", "B", "N"], "forced": 1}],
//!   "capture": {"side": "keep", "demote": false, "privilege": false},
//!   "special": {"own_named": "follow", "enemy_named": "capture"},
//!   "legality": {"check": true, "castling_safe": true, "terminal_capture_ends": false}
//! }
//! ```
//!
//! The fields:
//! - `moved`: the new identity of a piece that moves (the actor, and a piece that follows it).
//! - `step_marks`: an actor that moves exactly `ranks` ranks becomes `becomes` (wins over
//!   `moved`).
//! - `expire`: after each move, the pieces of the player who is now to move change like this.
//! - `rights`: after each move, a piece `piece` whose side has no `needs` piece on the board
//!   becomes `becomes` (repeated until nothing changes).
//! - `promotions`: an actor among `pieces` whose move ends (`"to"`) or starts or ends
//!   (`"from_or_to"`) in the last `zone` ranks may become one of `choices` (a PIN, or `"+"` for
//!   the same piece enhanced); it must when the move ends in the last `forced` ranks.
//! - `capture`: the captured piece enters the captor's hand; `side` is `"keep"` (it stays as it
//!   stood) or `"captor"` (it turns to the captor's side); `demote` resets its state to normal;
//!   with `privilege`, a terminal captor may also keep an enhanced piece enhanced (a second
//!   move, written `/X` in PMN).
//! - `drops`: `enabled`, and `bans`: `{"piece": "P"}` bans the piece everywhere,
//!   `{"piece": "L", "last_ranks": 1}` on the last rank.
//! - `special`: what a possibility that names a piece (an LCN QPI condition) does: an own piece
//!   `"follow"`s the actor onto the first square it crosses (castling), an enemy piece is
//!   `"capture"`d where it stands (en passant). Such moves are written with `~` in PMN.
//! - `history`: what a match does with the game's history: `repetition` (`"none"`,
//!   `"third_occurrence"` draws, `"sennichite"` forbids a move that repeats), `move_limit` (plies
//!   without capture or move of a `resets` piece that draw), `illegal_move_loses`.
//! - `legality`: `check` (a move may not leave one of the mover's terminal pieces capturable),
//!   `castling_safe` (an actor followed by an own piece may not start on or cross a square
//!   where it would be capturable), `terminal_capture_ends` (a position where a side has no
//!   terminal piece on the board has no moves), `terminal_capture_legal` (a move capturing an
//!   enemy terminal piece is legal whatever `check` says: it ends the game).
//!
//! # Games of several styles (armies)
//!
//! A hybrid game, where each player leads pieces of its own style bound by its own rules
//! (ruling R13, Chess against Ōgi), adds two fields:
//! - `styles`: the style pairs a position may have, as FEEN writes its style field without the
//!   turn (`["C/o", "O/c"]`: the first player's style, uppercase, then the second's,
//!   lowercase). Absent or empty: `sin` and its lowercase only. The first pair must begin with
//!   `sin`.
//! - `armies`: a map from an uppercase style letter to that style's rules, an object with the
//!   rule fields above, `moved`, `step_marks`, `expire`, `rights`, `promotions`, `capture`
//!   (required), `drops`, `special`, `legality`, and two of its own: `snn` (the style's name;
//!   absent: the top-level `snn`) and `converts` (what a captured piece of another style
//!   becomes in this army's hand: PIN to PIN in the first player's case, matched after
//!   `capture` turned and demoted it, `{"Q": "I"}`; unlisted pieces keep their name).
//!
//! Every rule applies by the army of the player it concerns: a move's markers, promotions,
//! capture treatment, drops, special moves and legality filters are the mover's;
//! `expire` changes the pieces of the player now to move by that player's army; `rights` lapse
//! by the army of the piece's owner; `terminal_capture_ends` is the army to move's. The
//! King's `privilege` never applies to a captured piece of another style (its state is a
//! marker of its own rules, not a promotion). The rule fields at the top level are the rules of
//! every style that has no army; when every style has one they must be left out (`capture`
//! included), since nothing would apply them.
//! In a game of several style letters a derived piece (`'`) is refused: it would change army.
//! A position where the player not to move leads an army with `legality.check` and is in
//! check is refused (`OpponentInCheck`), unless a terminal piece was already captured.
//!
//! ```json
//! {
//!   "name": "chess-ogi", "snn": "ChessOgi", "sin": "C", "board": [8, 8],
//!   "initial": "lnsik^snl/1r4b1/pppppppp/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/o",
//!   "styles": ["C/o", "O/c"],
//!   "armies": {
//!     "C": {"snn": "Chess", "capture": {"side": "keep"}, "...": "the Chess fields"},
//!     "O": {"snn": "Ogi", "capture": {"side": "captor", "demote": true, "privilege": true},
//!           "converts": {"Q": "I"}, "...": "the Ōgi fields"}
//!   }
//! }
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A game description (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Description {
    /// The game's name.
    pub name: String,
    /// The style name (SNN).
    pub snn: String,
    /// The first player's style letter (SIN, uppercase); the second player's is its lowercase.
    pub sin: String,
    /// The board's size per dimension (files, ranks).
    pub board: Vec<u8>,
    /// The initial position (FEEN).
    pub initial: String,
    /// Identity changes of a piece that moves.
    #[serde(default)]
    pub moved: BTreeMap<String, String>,
    /// Identity changes for a move of a given number of ranks.
    #[serde(default)]
    pub step_marks: Vec<StepMark>,
    /// Identity changes of the pieces of the player who is now to move.
    #[serde(default)]
    pub expire: BTreeMap<String, String>,
    /// Rights that lapse when their companion piece is gone.
    #[serde(default)]
    pub rights: Vec<RightRule>,
    /// Promotion rules.
    #[serde(default)]
    pub promotions: Vec<Promotion>,
    /// The treatment of captured pieces; required unless every style has an army.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<Capture>,
    /// Drops from the hand.
    #[serde(default)]
    pub drops: Drops,
    /// What possibilities that name a piece do.
    #[serde(default)]
    pub special: Special,
    /// The legality filters.
    #[serde(default)]
    pub legality: Legality,
    /// What a match does with the game's history (repetition, move limit, illegal moves).
    #[serde(default)]
    pub history: History,
    /// The style pairs a position may have (`"C/o"`: first player's style, then the second's);
    /// empty: only `sin` and its lowercase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub styles: Vec<String>,
    /// Per-style rules, by uppercase style letter; a style without an army follows the
    /// top-level rule fields.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub armies: BTreeMap<String, Army>,
}

/// The rules of the pieces of one style, and of the player who leads them (see the module
/// docs): the same fields as the top level, applied to that army's moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Army {
    /// The style's name (SNN); absent: the description's `snn`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snn: Option<String>,
    /// Identity changes of a piece that moves.
    #[serde(default)]
    pub moved: BTreeMap<String, String>,
    /// Identity changes for a move of a given number of ranks.
    #[serde(default)]
    pub step_marks: Vec<StepMark>,
    /// Identity changes of this army's pieces when its player is now to move.
    #[serde(default)]
    pub expire: BTreeMap<String, String>,
    /// Rights that lapse when their companion piece is gone.
    #[serde(default)]
    pub rights: Vec<RightRule>,
    /// Promotion rules of this army's pieces.
    #[serde(default)]
    pub promotions: Vec<Promotion>,
    /// What this army does with the pieces it captures.
    pub capture: Capture,
    /// What a piece of another style becomes in this army's hand (PIN to PIN, first player's
    /// case, matched after `capture` turned and demoted it); unlisted pieces keep their name.
    #[serde(default)]
    pub converts: BTreeMap<String, String>,
    /// Drops from this army's hand.
    #[serde(default)]
    pub drops: Drops,
    /// What this army's possibilities that name a piece do.
    #[serde(default)]
    pub special: Special,
    /// The legality filters of this army's moves.
    #[serde(default)]
    pub legality: Legality,
}

/// An actor moving exactly `ranks` ranks becomes `becomes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepMark {
    /// The actor (PIN, first player's case).
    pub piece: String,
    /// The rank distance.
    pub ranks: u8,
    /// The new identity.
    pub becomes: String,
}

/// A piece whose side has no `needs` piece on the board becomes `becomes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RightRule {
    /// The piece holding the right.
    pub piece: String,
    /// The companion piece the right needs.
    pub needs: String,
    /// The identity once the right has lapsed.
    pub becomes: String,
}

/// Where a move must touch the promotion zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// The move ends in the zone.
    To,
    /// The move starts or ends in the zone.
    FromOrTo,
}

/// A promotion rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Promotion {
    /// The pieces that may promote.
    pub pieces: Vec<String>,
    /// The depth of the zone (the last `zone` ranks).
    pub zone: u8,
    /// Where the move must touch the zone.
    pub trigger: Trigger,
    /// The identities a promoting piece may take (`"+"`: the same piece enhanced).
    pub choices: Vec<String>,
    /// Promotion is forced when the move ends in the last `forced` ranks (0: never).
    #[serde(default)]
    pub forced: u8,
}

/// Whose side a captured piece takes in the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaptureSide {
    /// It stays as it stood (Chess).
    Keep,
    /// It turns to the captor's side (Ōgi).
    Captor,
}

/// The treatment of captured pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Capture {
    /// Whose side the piece takes.
    pub side: CaptureSide,
    /// Whether its state returns to normal.
    #[serde(default)]
    pub demote: bool,
    /// Whether a terminal captor may keep an enhanced piece enhanced (a second move).
    #[serde(default)]
    pub privilege: bool,
}

/// Drops from the hand.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drops {
    /// Whether pieces in hand may be dropped.
    #[serde(default)]
    pub enabled: bool,
    /// Where pieces may not be dropped.
    #[serde(default)]
    pub bans: Vec<DropBan>,
}

/// A drop restriction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropBan {
    /// The piece as held (PIN, first player's case).
    pub piece: String,
    /// Banned on the last `last_ranks` ranks only; absent: everywhere.
    #[serde(default)]
    pub last_ranks: Option<u8>,
}

/// What a possibility naming an own piece does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OwnNamed {
    /// Nothing special.
    #[default]
    None,
    /// The named piece moves onto the first square the actor crosses (castling).
    Follow,
}

/// What a possibility naming an enemy piece does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnemyNamed {
    /// Nothing special.
    #[default]
    None,
    /// The named piece is captured where it stands (en passant).
    Capture,
}

/// Special moves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Special {
    /// Own piece named by a condition.
    #[serde(default)]
    pub own_named: OwnNamed,
    /// Enemy piece named by a condition.
    #[serde(default)]
    pub enemy_named: EnemyNamed,
}

/// The legality filters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Legality {
    /// A move may not leave a terminal piece of the mover capturable.
    #[serde(default)]
    pub check: bool,
    /// A followed actor (castling) may not start on or cross a square where it is capturable.
    #[serde(default)]
    pub castling_safe: bool,
    /// A position where a side has no terminal piece on the board has no moves.
    #[serde(default)]
    pub terminal_capture_ends: bool,
    /// A move that captures an enemy terminal piece is legal even when `check` would refuse
    /// it (it ends the game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub terminal_capture_legal: bool,
}

/// How repeated positions are treated by a match.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Repetition {
    /// Repeated positions have no effect.
    #[default]
    None,
    /// The third occurrence of a position is a draw (`repetition`).
    ThirdOccurrence,
    /// Sennichite: a move that already produced the position it would produce now is illegal;
    /// submitted to a match, it loses (`repetition`).
    Sennichite,
}

/// What a match does with the game's history.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct History {
    /// How repeated positions are treated.
    #[serde(default)]
    pub repetition: Repetition,
    /// Plies without progress after which the game is drawn (`movelimit`); none when absent.
    #[serde(default)]
    pub move_limit: Option<u32>,
    /// The pieces (PIN, first player's case) whose moves reset the move-limit count, besides
    /// captures (which always do); drops never reset.
    #[serde(default)]
    pub resets: Vec<String>,
    /// Whether a well-formed illegal move submitted to a match loses (`illegalmove`) instead of
    /// being refused.
    #[serde(default)]
    pub illegal_move_loses: bool,
}

/// Why a description cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DescriptionError {
    /// The text is not a description document.
    #[error("malformed description: {0}")]
    Json(String),
    /// A field holds a token that is not PIN.
    #[error("field {field}: {value:?} is not a PIN token")]
    Pin {
        /// The field (`moved`, or `armies.C.moved` inside an army).
        field: String,
        /// The value as written.
        value: String,
    },
    /// The style letter is not one uppercase ASCII letter.
    #[error("sin: {0:?} is not an uppercase style letter")]
    Sin(String),
    /// The board is not two-dimensional with 1 to 255 files and ranks.
    #[error("board: expected [files, ranks], each 1 to 255")]
    Board,
    /// The initial FEEN cannot be read.
    #[error("initial: {0}")]
    Initial(String),
    /// The GGN table cannot be used with this description.
    #[error("table: {0}")]
    Table(String),
    /// A field is missing, or holds a value the other fields contradict (`styles`,
    /// `armies.O`, `capture`).
    #[error("field {field}: {reason}")]
    Field {
        /// The field (a path such as `armies.O.converts`).
        field: String,
        /// What is wrong with it.
        reason: String,
    },
}

impl tegoma_notation::NotationError for DescriptionError {
    fn kind(&self) -> &'static str {
        match self {
            DescriptionError::Json(_) => "MalformedDescription",
            DescriptionError::Pin { .. } => "InvalidPiece",
            DescriptionError::Sin(_) => "InvalidStyle",
            DescriptionError::Board => "InvalidBoard",
            DescriptionError::Initial(_) => "InvalidInitial",
            DescriptionError::Table(_) => "InvalidTable",
            DescriptionError::Field { .. } => "InvalidField",
        }
    }
}

impl Description {
    /// Reads a description from JSON.
    ///
    /// # Errors
    /// [`DescriptionError::Json`] when the text is not a description.
    pub fn from_json(text: &str) -> Result<Description, DescriptionError> {
        if text.len() > 1 << 20 {
            return Err(DescriptionError::Json("document exceeds 1 MiB".into()));
        }
        serde_json::from_str(text).map_err(|e| DescriptionError::Json(e.to_string()))
    }

    /// Whether some player may drop pieces: the top-level `drops`, or an army's (what a match
    /// layer asks to know whether a capture is irreversible).
    pub fn any_drops(&self) -> bool {
        self.drops.enabled || self.armies.values().any(|a| a.drops.enabled)
    }

    /// The description as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

//! Chess's own record and move formats for the Tegoma crates: PGN (Portable Game Notation)
//! reading and writing, PGN ↔ PCN conversion, SAN moves on a chess [`Match`](tegoma_game::Match)
//! and the replay of PGN games. The game crate ([`tegoma_game`]) speaks the Protocol's formats
//! only (PCN records, FEEN positions, PMN moves); this crate is where chess's meet them.
//!
//! - The crate root: [`PgnReader`], a streaming reader, [`write_game`] and [`game_to_string`],
//!   the writer, and [`PgnGame`], a game as PGN holds it.
//! - [`record`]: PGN ↔ PCN ([`pgn_to_pcn`], [`pcn_to_pgn`], with their [`Warning`]s), FEN →
//!   FEEN, and the `TimeControl` tag ↔ PCN `periods`.
//! - [`replay`]: PGN games replayed through the chess rules ([`replay_pgn_game`],
//!   [`replay_pgn_stream`]), and [`detect`](replay::detect), PGN or PCN.
//! - [`ChessMatch`]: FEN setups and SAN moves on a `Match<Chess>`.
//!
//! ```
//! use tegoma_pgn::{game_to_string, pcn_to_pgn, pgn_to_pcn, PgnReader};
//!
//! let text = "[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
//! let game = PgnReader::new(text.as_bytes()).next().unwrap().unwrap();
//! let pcn = pgn_to_pcn(&game).unwrap();
//! assert_eq!(pcn.plies.as_ref().unwrap().len(), 4);
//! assert_eq!(pcn.outcome.as_ref().unwrap().status.to_string(), "checkmate");
//! let back = pcn_to_pgn(&pcn).unwrap();
//! assert!(game_to_string(&back).unwrap().contains("2. g4 Qh4# 0-1"));
//! ```
//!
//! # PGN
//!
//! [`PgnReader`] reads games one at a time from any [`std::io::BufRead`], never holding more than
//! one game in memory. It keeps the tag pairs (escaped strings unescaped), the SAN moves of the
//! main line as [`San`] values (read by the chess module's one SAN lexer; the chess rule system
//! plays them later), the comments, NAGs (`$n`, and annotation glyphs `!`, `?`, `!?`... as
//! NAGs 1-6) and variations (as PGN text, [`Variation`]) of the main line, and the game
//! termination marker; comments after the marker, up to the next game, go with the game after
//! its last move (python-chess makes them comments of the last move). Move numbers and `%`
//! escape lines are skipped. Text that holds neither
//! tags, moves nor a result (a file's leading comment block) is not a game: its comments go to
//! the next game, before its first move.
//!
//! It reads PGN as real databases write it (ruling R10), as python-chess reads standard chess:
//! `0-0`, `e8Q`, `exd6 e.p.`, long algebraic `e2-e4` and `Ng1-f3`, a pawn letter `Pe4`, UCI
//! movetext (`g1f3`, `e1g1`: rewritten as the SAN of the move they name, found by playing the
//! main line), comments after `;`, nested variations, a missing result. Text that is not UTF-8
//! is read as Windows-1252, with a [`PgnWarning`] in the game. Once a game is read, a `Variant`
//! other than standard chess or a Chess960 castling field is refused with
//! [`PgnErrorKind::UnsupportedVariant`] (R11), and a null move in the main line with
//! [`PgnErrorKind::NullMove`] (a null move inside a variation stays in its text).
//!
//! Hostile input cannot hang, panic or allocate without bound: every game is read under
//! [`Limits`] (tag and token lengths, number of tags, comment length, variation depth, plies,
//! bytes per game), and errors carry the line and column ([`PgnError`]). After an error the
//! reader skips to the next line starting with `[Event` and goes on with the next game.
//!
//! [`write_game`] writes the export form: the seven-tag roster first (Event, Site, Date, Round,
//! White, Black, Result) in that order, the other tags in their order, then the movetext with move
//! numbers, NAGs, comments and variations, wrapped at 79 characters, and the result.
//!
//! ```
//! use tegoma_pgn::{PgnReader, PgnResult};
//!
//! let text = "[Event \"Casual\"]\n[White \"A\"]\n\n1. e4 e5 {a comment} 2. Nf3 (2. f4) Nc6! 1-0\n";
//! let games: Vec<_> = PgnReader::new(text.as_bytes()).collect();
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.tag("White"), Some("A"));
//! assert_eq!(game.moves.len(), 4);
//! assert_eq!(game.moves[3].to_string(), "Nc6");
//! assert_eq!(game.result, Some(PgnResult::WhiteWins));
//! assert_eq!(game.comments[0].text, "a comment");
//! assert_eq!(game.variations[0].text, "2. f4");
//! assert_eq!((game.nags[0].ply, game.nags[0].nag), (4, 1)); // `!` after Nc6
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod encoding;
mod error;
mod input;
mod lenient;
mod reader;
pub mod record;
pub mod replay;
mod san_match;
mod writer;

#[cfg(test)]
mod tests;

use std::fmt;

pub use error::{PgnError, PgnErrorKind};
pub use reader::PgnReader;
pub use record::{
    fen_to_feen, pcn_to_pgn, pcn_to_pgn_with, pcn_to_pgn_with_warnings, pgn_to_pcn,
    pgn_to_pcn_with, pgn_to_pcn_with_warnings, ConvertError, Warning, WarningKind,
};
pub use replay::{replay_pgn_game, replay_pgn_stream};
pub use san_match::ChessMatch;
pub use tegoma_rules::chess::San;
pub use writer::{game_to_string, write_game};

/// The seven-tag roster, in export order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// A game termination marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PgnResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl PgnResult {
    /// The marker as written in PGN.
    pub fn as_str(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unknown => "*",
        }
    }

    /// Parses a marker (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub fn parse(s: &str) -> Option<PgnResult> {
        match s {
            "1-0" => Some(PgnResult::WhiteWins),
            "0-1" => Some(PgnResult::BlackWins),
            "1/2-1/2" => Some(PgnResult::Draw),
            "*" => Some(PgnResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for PgnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A comment of the main line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Comment {
    /// Number of main-line moves before the comment (0: before the first move).
    pub ply: usize,
    /// The text, whitespace runs collapsed to one space and trimmed (`{...}` and `;` comments
    /// alike).
    pub text: String,
}

/// A NAG (numeric annotation glyph) of the main line: `$14`, or a glyph written after a move
/// (`!` is NAG 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6, as python-chess reads them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nag {
    /// Number of main-line moves before the NAG (it annotates move `ply`; 0: before the first
    /// move).
    pub ply: usize,
    /// The glyph's number.
    pub nag: u32,
}

/// A variation of the main line, kept as PGN text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Variation {
    /// Number of main-line moves before the variation: it stands after move `ply` and is an
    /// alternative to it (0: before the first move).
    pub ply: usize,
    /// The movetext inside the parentheses, tokens separated by single spaces: moves, move
    /// numbers, NAGs, glyphs, `{comments}` (whitespace collapsed; a comment holding `}` is
    /// written `;comment` and ends with a newline) and nested `( ... )` variations. It is not
    /// replayed: a null move inside is kept as it is.
    pub text: String,
}

/// Something the reader read with a guess: the game is kept, the warning says where.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PgnWarning {
    /// A tag value, comment or variation was not UTF-8 and was read as Windows-1252 (a
    /// superset of Latin-1).
    Windows1252 {
        /// 1-based line where the text ended.
        line: u64,
        /// What was read: `tag White`, `comment`, `variation`.
        what: String,
    },
}

impl fmt::Display for PgnWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnWarning::Windows1252 { line, what } => {
                write!(f, "line {line}: {what} is not UTF-8: read as Windows-1252")
            }
        }
    }
}

/// One game read from PGN.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct PgnGame {
    /// Tag pairs in file order (duplicates kept), values unescaped.
    pub tags: Vec<(String, String)>,
    /// The main line's moves, not yet played.
    pub moves: Vec<San>,
    /// Main-line comments.
    pub comments: Vec<Comment>,
    /// Main-line NAGs and separate annotation glyphs, in order.
    pub nags: Vec<Nag>,
    /// Variations of the main line (as PGN text), in order.
    pub variations: Vec<Variation>,
    /// The termination marker; `None` when the movetext ended without one (end of input, or the
    /// next game's tags).
    pub result: Option<PgnResult>,
    /// What the reader guessed (texts read as Windows-1252).
    pub warnings: Vec<PgnWarning>,
}

impl PgnGame {
    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag: replaces the value of the first tag named `name`, or appends it.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The start position's FEN when the game does not start from the standard position (a `FEN`
    /// tag; `SetUp "1"` is expected beside it but not required).
    pub fn setup_fen(&self) -> Option<&str> {
        self.tag("FEN")
    }

    /// The game as the writer exports it: the seven-tag roster first, in roster order, missing
    /// roster tags filled with PGN's defaults (`?`, `????.??.??`, the result), then the other
    /// tags in order; a missing termination marker taken from the `Result` tag or `*`. Reading
    /// back [`write_game`]'s output gives exactly this game.
    pub fn to_export(&self) -> PgnGame {
        let result = self.result.unwrap_or_else(|| {
            self.tag("Result")
                .and_then(PgnResult::parse)
                .unwrap_or(PgnResult::Unknown)
        });
        let mut tags = Vec::with_capacity(self.tags.len() + 7);
        for name in SEVEN_TAG_ROSTER {
            let value = match self.tag(name) {
                Some(v) => v.to_string(),
                None => match name {
                    "Date" => "????.??.??".to_string(),
                    "Result" => result.as_str().to_string(),
                    _ => "?".to_string(),
                },
            };
            tags.push((name.to_string(), clean_value(&value)));
        }
        let mut seen_roster = [false; 7];
        for (name, value) in &self.tags {
            if let Some(i) = SEVEN_TAG_ROSTER.iter().position(|r| r == name) {
                if !seen_roster[i] {
                    seen_roster[i] = true;
                    continue;
                }
            }
            tags.push((name.clone(), clean_value(value)));
        }
        let mut comments: Vec<Comment> = self
            .comments
            .iter()
            .map(|c| Comment {
                ply: c.ply.min(self.moves.len()),
                text: normalize_comment(&c.text),
            })
            .collect();
        comments.sort_by_key(|c| c.ply);
        let n = self.moves.len();
        let mut nags: Vec<Nag> = self
            .nags
            .iter()
            .map(|g| Nag {
                ply: g.ply.min(n),
                nag: g.nag,
            })
            .collect();
        nags.sort_by_key(|g| g.ply);
        let mut variations: Vec<Variation> = self
            .variations
            .iter()
            .filter_map(|v| {
                let text = normalize_variation(&v.text);
                (!text.is_empty()).then_some(Variation {
                    ply: v.ply.min(n),
                    text,
                })
            })
            .collect();
        variations.sort_by_key(|v| v.ply);
        PgnGame {
            tags,
            moves: self.moves.clone(),
            comments,
            nags,
            variations,
            result: Some(result),
            warnings: Vec::new(),
        }
    }

    /// The game's variant refusal (ruling R11): `Err` with the variant's name when the
    /// `Variant` tag names anything but standard chess (absent, empty, `Standard`, `Chess`,
    /// `From Position`, and python-chess's other names of it, `Classical` and `Normal`, in any
    /// case), or when the `FEN` tag's castling field is a Shredder-FEN or X-FEN one (rook file
    /// letters, as Chess960 writes it). A castling field that is neither is left to the FEN
    /// reader.
    pub fn variant(&self) -> Result<(), String> {
        if let Some(v) = self.tag("Variant") {
            let name = v.trim();
            let standard = [
                "",
                "standard",
                "chess",
                "from position",
                "classical",
                "normal",
            ];
            if !standard.iter().any(|s| name.eq_ignore_ascii_case(s)) {
                return Err(name.to_string());
            }
        }
        let fields: Vec<&str> = self
            .setup_fen()
            .map(|f| f.split_ascii_whitespace().collect())
            .unwrap_or_default();
        // A FEN's first fields (placement, side, castling), then the castling field's letters.
        if let [placement, "w" | "b", castling, ..] = fields[..] {
            let shredder = placement.matches('/').count() == 7
                && castling.len() <= 4
                && castling
                    .bytes()
                    .all(|b| b"KQkq".contains(&b) || (b'A'..=b'H').contains(&(b & !0x20)));
            if shredder && castling.bytes().any(|b| !b"KQkq".contains(&b)) {
                return Err(format!("Chess960 (castling field {castling:?})"));
            }
        }
        Ok(())
    }
}

/// Variation text as the reader keeps it: `{...}` comments' whitespace collapsed, other
/// whitespace runs made one space (a `;` comment keeps its ending newline), trimmed.
pub(crate) fn normalize_variation(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut rest = t;
    let mut space = false;
    while let Some(c) = rest.chars().next() {
        match c {
            '{' => {
                let end = rest.find('}').map_or(rest.len(), |i| i + 1);
                if space && !out.is_empty() {
                    out.push(' ');
                }
                out.push('{');
                out.push_str(&normalize_comment(rest[1..end].trim_end_matches('}')));
                out.push('}');
                rest = &rest[end..];
                space = false;
            }
            ';' => {
                let end = rest.find('\n').map_or(rest.len(), |i| i + 1);
                if space && !out.is_empty() {
                    out.push(' ');
                }
                out.push(';');
                out.push_str(&normalize_comment(&rest[1..end]));
                out.push('\n');
                rest = &rest[end..];
                space = false;
            }
            c if c.is_ascii_whitespace() || c.is_control() => {
                space = true;
                rest = &rest[c.len_utf8()..];
            }
            c => {
                if space && !out.is_empty() && !out.ends_with('\n') {
                    out.push(' ');
                }
                out.push(c);
                rest = &rest[c.len_utf8()..];
                space = false;
            }
        }
    }
    while out.ends_with(' ') {
        out.pop();
    }
    out
}

/// A tag value as it can be written: control characters become spaces.
pub(crate) fn clean_value(v: &str) -> String {
    v.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Comment text as the reader keeps it: whitespace runs collapsed to one space, trimmed.
pub(crate) fn normalize_comment(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for word in t.split(|c: char| c.is_ascii_whitespace() || c.is_control()) {
        if word.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// Limits under which every game is read. The defaults admit any real game (a million plies, 64
/// MiB per game) and bound what hostile input can cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Longest tag name, in bytes.
    pub max_tag_name: usize,
    /// Longest tag value, in bytes (after unescaping).
    pub max_tag_value: usize,
    /// Most tag pairs per game.
    pub max_tags: usize,
    /// Longest movetext token (move number, SAN, NAG, result), in bytes.
    pub max_token: usize,
    /// Longest comment, in bytes.
    pub max_comment: usize,
    /// Deepest variation nesting.
    pub max_variation_depth: usize,
    /// Most main-line plies per game.
    pub max_plies: usize,
    /// Most bytes per game (tags and movetext).
    pub max_game_bytes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_tag_name: 255,
            max_tag_value: 8192,
            max_tags: 1024,
            max_token: 255,
            max_comment: 1 << 20,
            max_variation_depth: 256,
            max_plies: 1_000_000,
            max_game_bytes: 64 << 20,
        }
    }
}

/// Fuzzing entry point (for a `cargo fuzz` target): reads every game of `data` under small
/// limits, and for each game read writes it and reads it back, panicking if the round trip does
/// not give the export form of the game. Any other panic, hang or unbounded allocation is a bug.
pub fn fuzz_read_write(data: &[u8]) {
    let limits = Limits {
        max_plies: 10_000,
        max_game_bytes: 1 << 20,
        ..Limits::default()
    };
    for game in PgnReader::with_limits(data, limits).take(1000).flatten() {
        let export = game.to_export();
        let text = game_to_string(&export).expect("tag names read are valid");
        let mut back = PgnReader::new(text.as_bytes());
        let again = back
            .next()
            .expect("the writer wrote a game")
            .expect("the writer's output reads back");
        assert_eq!(again, export, "PGN round trip changed the game:\n{text}");
        assert!(back.next().is_none(), "the writer wrote one game");
    }
}

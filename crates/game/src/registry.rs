//! [`Rules`]: the one way to choose a rule system at run time.
//!
//! Every layer above the rules (matches, records, the command line, engines, servers, bindings)
//! reaches a game through a [`Rules`] value: Chess, Ōgi, Chess against Ōgi, and every game
//! defined by files (a GGN table plus a description, played by the generic GGN engine; Kogoma is
//! built in). A value is
//! found by name ([`Rules::by_name`]) or from a position's styles ([`Rules::for_styles`]), and
//! hands its concrete rule system to generic code through [`Rules::visit`], so a command or a
//! match is written once, generic over [`MatchRules`], and monomorphised for every game.
//!
//! Each game is one descriptor: [`MatchRules`] and [`BuiltInGame`], implemented in the game's
//! module of [`crate::games`]. Adding a hand-written game means its rule system's module, its
//! descriptor's module, and one line in this module's list (`games!`, which writes the
//! [`Rules`] enum, [`Rules::visit`] and the name and style lookups); a game defined by files is
//! one entry of [`FILE_GAMES`] (or loaded at run time with [`Rules::from_files`] or
//! [`Rules::from_dir`], or found under `TEGOMA_GAMES`).
//!
//! Games defined by files are also found at run time, with no code change: every directory
//! under the directories named by the `TEGOMA_GAMES` environment variable (separated by `:`,
//! as `PATH`) that holds both `description.json` and `ggn.json` is a game, named by its
//! description's `name` in lower case and found from its style letter (`sin`). The variable is
//! read once per process, at the registry's first use, and each such game is built once. These
//! games come after the built-in and embedded ones; a directory whose files are not usable (a
//! missing field, invalid JSON, a name or style letter that another game has) is not a game,
//! and its typed error ([`RulesError::GameFiles`], [`RulesError::GameClash`]) names the file
//! and the field: [`check_games_dir`] returns it (a program calls it at start), and so does a
//! request for that game by name or style letter.
//!
//! ```
//! use tegoma_game::{MatchRules, Rules, Visit};
//! use tegoma_protocol::RuleSystem;
//!
//! /// The number of legal moves of the initial position, whatever the game.
//! struct StartMoves;
//! impl Visit for StartMoves {
//!     type Output = usize;
//!     fn visit<R: MatchRules>(self, rules: &R) -> usize {
//!         rules.perft(&rules.initial().unwrap(), 1) as usize
//!     }
//! }
//!
//! let counts: Vec<usize> = ["chess", "ogi", "chess-ogi", "kogoma"]
//!     .iter()
//!     .map(|name| Rules::by_name(name).unwrap().visit(StartMoves))
//!     .collect();
//! assert_eq!(counts, [20, 25, 20, 14]);
//! ```

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use tegoma_ggn::EngineError;
use tegoma_notation::ggn::Ggn;
use tegoma_notation::NotationError;
use tegoma_protocol::{Position, Style};
use tegoma_rules::systems::{Chess, ChessOgi, Ogi};

pub(crate) use crate::games::files::file_game;
pub use crate::games::files::{FileGame, FileRules, FILE_GAMES};
use crate::games_dir;
pub use crate::games_dir::{DESCRIPTION_FILE, GAMES_VAR, GGN_FILE};
use crate::rules::{BuiltInGame, MatchRules};

/// A hand-written game of the registry's list: its names and how to make it.
#[derive(Clone, Copy)]
pub(crate) struct HandWritten {
    /// [`BuiltInGame::NAME`].
    pub(crate) name: &'static str,
    /// [`BuiltInGame::ALIASES`].
    pub(crate) aliases: &'static [&'static str],
    /// The game with its default rules.
    pub(crate) make: fn() -> Rules,
}

/// The registry's list of hand-written games, one line each (`Variant(RuleSystem)`, documented):
/// writes the [`Rules`] enum (one variant per game, plus [`Rules::Files`]), the list of names
/// and constructors, and every dispatch on the variants. Nothing else matches on a game.
macro_rules! games {
    ($($(#[doc = $doc:literal])* $variant:ident($ty:ty),)*) => {
        /// A rule system chosen at run time. See the [module docs](self).
        #[derive(Clone)]
        pub enum Rules {
            $($(#[doc = $doc])* $variant($ty),)*
            /// A game defined by files, played by the GGN engine.
            Files(Arc<FileRules>),
        }

        /// Every hand-written game, in the list's order.
        pub(crate) const HAND_WRITTEN: &[HandWritten] = &[$(HandWritten {
            name: <$ty as BuiltInGame>::NAME,
            aliases: <$ty as BuiltInGame>::ALIASES,
            make: || Rules::$variant(<$ty>::default()),
        },)*];

        impl Rules {
            /// Runs generic code on the concrete rule system.
            pub fn visit<V: Visit>(&self, v: V) -> V::Output {
                match self {
                    $(Rules::$variant(r) => v.visit(r),)*
                    Rules::Files(f) => v.visit(f.engine()),
                }
            }

            /// The game's name (`chess`, `ogi`, `kogoma`, …).
            pub fn name(&self) -> &str {
                match self {
                    $(Rules::$variant(_) => <$ty as BuiltInGame>::NAME,)*
                    Rules::Files(f) => f.name(),
                }
            }

            /// The name shown to players: a hand-written game's [`BuiltInGame::DISPLAY_NAME`]
            /// (`Ōgi`), a game defined by files its name with a capital (`Kogoma`).
            pub fn display_name(&self) -> String {
                match self {
                    $(Rules::$variant(_) => <$ty as BuiltInGame>::DISPLAY_NAME.to_string(),)*
                    Rules::Files(f) => {
                        let mut c = f.name().chars();
                        c.next()
                            .map(|first| first.to_uppercase().chain(c).collect())
                            .unwrap_or_default()
                    }
                }
            }

            /// The complete GGN table of the game's movement.
            pub fn ggn(&self) -> Ggn {
                match self {
                    $(Rules::$variant(_) => <$ty as BuiltInGame>::ggn(),)*
                    Rules::Files(f) => f.ggn().clone(),
                }
            }

            /// The game without its optional rule ([`BuiltInGame::without_privilege`]: Ōgi
            /// without the King's privilege, every capture demoting, as engines without it
            /// count).
            ///
            /// # Errors
            /// [`RulesError::Unsupported`] for games without such a rule.
            pub fn without_privilege(self) -> Result<Rules, RulesError> {
                let changed = match &self {
                    $(Rules::$variant(r) => r.without_privilege().map(Rules::$variant),)*
                    Rules::Files(_) => None,
                };
                changed.ok_or_else(|| RulesError::Unsupported {
                    what: "disabling the King's privilege",
                    game: self.name().to_string(),
                })
            }
        }

        impl fmt::Debug for Rules {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(Rules::$variant(r) if *r != <$ty>::default() => {
                        write!(f, "Rules({}, {r:?})", self.name())
                    })*
                    _ => write!(f, "Rules({})", self.name()),
                }
            }
        }
    };
}

games! {
    /// Chess (seed rules, rulings R2, R3, R5): [`crate::games`]' `chess` module.
    Chess(Chess),
    /// Ōgi (ruling R4), with its King's privilege switch: [`crate::games`]' `ogi` module.
    Ogi(Ogi),
    /// Chess against Ōgi (ruling R13), both army orders: [`crate::games`]' `chess_ogi`
    /// module.
    ChessOgi(ChessOgi),
}

/// Generic code run on the concrete rule system of a [`Rules`] value (see
/// [`Rules::visit`]): a command, a match constructor, a search.
pub trait Visit {
    /// What the code returns.
    type Output;
    /// Runs on the rule system.
    fn visit<R: MatchRules>(self, rules: &R) -> Self::Output;
}

/// Why no rule system could be chosen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// No game has this name.
    #[error("unknown game {name:?} (known: {known})")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// No game has these styles.
    #[error("no rule system for the styles {styles} (known: {known})")]
    UnknownStyles {
        /// The first player's style letter as given.
        styles: String,
        /// The known styles, comma-separated.
        known: String,
    },
    /// A position whose styles are not those of the game named.
    #[error("the position's styles {found} are not those of {game} ({expected})")]
    GameMismatch {
        /// The game named.
        game: String,
        /// Its first player's style.
        expected: String,
        /// The position's first player's style.
        found: String,
    },
    /// The files of a game defined by files are not usable.
    #[error("{0}")]
    Files(#[from] EngineError),
    /// An option the game does not have (`--no-privilege` for chess).
    #[error("{what} is not available for {game}")]
    Unsupported {
        /// The option.
        what: &'static str,
        /// The game's name.
        game: String,
    },
    /// A game directory (`TEGOMA_GAMES`, [`Rules::from_dir`]) whose files are not usable: the
    /// file (or directory) and, when one is at fault, the field.
    #[error("{}", game_files_message(.path, .field.as_deref(), .reason))]
    GameFiles {
        /// The file (`…/description.json`, `…/ggn.json`), or the directory.
        path: String,
        /// The field at fault: a description's top-level field (`capture`, `sin`, `name`, …) or
        /// a table's piece key (`K:+B`); `None` when the whole file is (unreadable, not JSON).
        field: Option<String>,
        /// What is wrong.
        reason: String,
    },
    /// A game directory whose name or style letter another game already has (built-in games,
    /// then embedded ones, then the directories in order).
    #[error("{path}: field {field}: {value:?} is already {game}'s")]
    GameClash {
        /// The description file.
        path: String,
        /// `name` or `sin`.
        field: &'static str,
        /// The value as written.
        value: String,
        /// The game that has it.
        game: String,
    },
}

fn game_files_message(path: &str, field: Option<&str>, reason: &str) -> String {
    match field {
        Some(f) => format!("{path}: field {f}: {reason}"),
        None => format!("{path}: {reason}"),
    }
}

impl NotationError for RulesError {
    fn kind(&self) -> &'static str {
        match self {
            RulesError::UnknownGame { .. } => "UnknownGame",
            RulesError::UnknownStyles { .. } => "UnknownRuleSystem",
            RulesError::GameMismatch { .. } => "GameMismatch",
            RulesError::Files(e) => e.kind(),
            RulesError::Unsupported { .. } => "Unsupported",
            RulesError::GameFiles { .. } => "InvalidGameFiles",
            RulesError::GameClash { .. } => "GameClash",
        }
    }
}

/// Every name [`Rules::by_name`] knows: built-in games first, then embedded ones, then the
/// games of `TEGOMA_GAMES` (see the [module docs](self)).
pub fn names() -> impl Iterator<Item = &'static str> {
    HAND_WRITTEN
        .iter()
        .map(|h| h.name)
        .chain(FILE_GAMES.iter().map(|g| g.name))
        .chain(games_dir::loaded().games.iter().map(|g| g.name()))
}

/// Checks the games of `TEGOMA_GAMES`: the first error of a directory that is not a usable game
/// (in the order of the directories, then of their subdirectories' names). Commands and
/// servers call it at start, so that a bad description is reported before any work. Reads the
/// variable if nothing did before (once per process).
///
/// # Errors
/// [`RulesError::GameFiles`] (the file and the field at fault) or [`RulesError::GameClash`].
pub fn check_games_dir() -> Result<(), RulesError> {
    match load_errors().first() {
        Some(e) => Err(e.clone()),
        None => Ok(()),
    }
}

/// Every error of the directories of `TEGOMA_GAMES` that are not usable games, in order (see
/// [`check_games_dir`]).
pub fn load_errors() -> Vec<RulesError> {
    games_dir::loaded()
        .failed
        .iter()
        .map(|f| f.error.clone())
        .collect()
}

fn known_names() -> String {
    names().collect::<Vec<_>>().join(", ")
}

/// Every game a build knows whatever its environment: the hand-written games, then the games
/// defined by files embedded in the library ([`FILE_GAMES`]), in [`names`]' order (the engine's
/// `bench` searches these).
pub fn built_in() -> Vec<Rules> {
    HAND_WRITTEN
        .iter()
        .map(|h| (h.make)())
        .chain(FILE_GAMES.iter().filter_map(|g| file_game(g).ok()))
        .collect()
}

/// Every game's style pairs, as an error lists them (`C`, `C/o`, `O/c`, `O`, `K`, …).
fn known_pairs() -> String {
    let mut out: Vec<String> = Vec::new();
    for h in HAND_WRITTEN {
        let pairs = (h.make)().style_pairs();
        out.extend(pairs.iter().map(|&p| pair_text(p, pairs.len())));
    }
    out.extend(
        FILE_GAMES
            .iter()
            .filter_map(|g| file_game(g).ok().map(|r| r.styles_letter())),
    );
    out.extend(
        games_dir::loaded()
            .games
            .iter()
            .map(|g| g.engine().description().sin.clone()),
    );
    out.join(", ")
}

/// A style pair as errors write it: the letter for players sharing a style (`C`), else the
/// FEEN's field (`C/o`).
fn pair_text(pair: [Style; 2], count: usize) -> String {
    let [a, b] = pair;
    if count == 1 && b.to_string() == a.to_string().to_ascii_lowercase() {
        a.to_string().to_ascii_uppercase()
    } else {
        format!("{a}/{b}")
    }
}

/// The error of a `TEGOMA_GAMES` directory that is not a usable game and claimed this name
/// (its directory's name or its description's `name`).
fn failed_by_name(name: &str) -> Option<RulesError> {
    games_dir::loaded()
        .failed
        .iter()
        .find(|f| f.names.iter().any(|n| n.eq_ignore_ascii_case(name)))
        .map(|f| f.error.clone())
}

impl Rules {
    /// Chess.
    pub const fn chess() -> Rules {
        Rules::Chess(Chess)
    }

    /// Ōgi, with the King's privilege.
    pub fn ogi() -> Rules {
        Rules::Ogi(Ogi::default())
    }

    /// The rule system of this name (`chess`, `ogi`, `kogoma`, …, and the games of
    /// `TEGOMA_GAMES`; case-insensitive).
    ///
    /// # Errors
    /// [`RulesError::UnknownGame`] naming the known games; the error of a `TEGOMA_GAMES`
    /// directory of this name that is not a usable game ([`RulesError::GameFiles`],
    /// [`RulesError::GameClash`]).
    pub fn by_name(name: &str) -> Result<Rules, RulesError> {
        if let Some(h) = HAND_WRITTEN
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name) || h.aliases.contains(&name))
        {
            return Ok((h.make)());
        }
        if let Some(g) = FILE_GAMES
            .iter()
            .find(|g| g.name.eq_ignore_ascii_case(name))
        {
            return file_game(g);
        }
        if let Some(g) = games_dir::loaded()
            .games
            .iter()
            .find(|g| g.name().eq_ignore_ascii_case(name))
        {
            return Ok(Rules::Files(g.clone()));
        }
        if let Some(e) = failed_by_name(name) {
            return Err(e);
        }
        Err(RulesError::UnknownGame {
            name: name.chars().take(64).collect(),
            known: known_names(),
        })
    }

    /// The rule system whose players both have the style `style` (either case: `C` chess, `O`
    /// Ōgi, `K` Kogoma, …, and the games of `TEGOMA_GAMES`).
    ///
    /// # Errors
    /// [`RulesError::UnknownStyles`]; the error of a `TEGOMA_GAMES` directory of this style
    /// letter that is not a usable game.
    pub fn for_styles(style: Style) -> Result<Rules, RulesError> {
        let letter = style.to_string().to_ascii_uppercase();
        let pair = [
            Style::parse(&letter).unwrap_or(style),
            Style::parse(&letter.to_ascii_lowercase()).unwrap_or(style),
        ];
        Rules::for_style_pair(pair)
    }

    /// The rule system whose players have these styles (a FEEN's style field: `C/c` chess,
    /// `C/o` and `O/c` Chess against Ōgi, …).
    ///
    /// # Errors
    /// [`RulesError::UnknownStyles`]; the error of a `TEGOMA_GAMES` directory of this style
    /// letter that is not a usable game.
    pub fn for_style_pair(pair: [Style; 2]) -> Result<Rules, RulesError> {
        let letter = pair[0].to_string().to_ascii_uppercase();
        let shared = pair[1].to_string() == letter.to_ascii_lowercase();
        for h in HAND_WRITTEN {
            let r = (h.make)();
            if r.style_pairs().contains(&pair) {
                return Ok(r);
            }
        }
        if !shared {
            return Err(RulesError::UnknownStyles {
                styles: format!("{}/{}", pair[0], pair[1]),
                known: known_pairs(),
            });
        }
        for g in &FILE_GAMES {
            let r = file_game(g)?;
            if r.styles_letter() == letter {
                return Ok(r);
            }
        }
        let loaded = games_dir::loaded();
        if let Some(g) = loaded
            .games
            .iter()
            .find(|g| g.engine().description().sin == letter)
        {
            return Ok(Rules::Files(g.clone()));
        }
        if let Some(f) = loaded
            .failed
            .iter()
            .find(|f| f.sin.as_deref() == Some(letter.as_str()))
        {
            return Err(f.error.clone());
        }
        Err(RulesError::UnknownStyles {
            styles: pair[0].to_string(),
            known: known_pairs(),
        })
    }

    /// The rule system of a position (from its players' styles).
    ///
    /// # Errors
    /// [`RulesError::UnknownStyles`].
    pub fn for_position(position: &Position) -> Result<Rules, RulesError> {
        Rules::for_style_pair(position.styles())
    }

    /// Checks that a position's styles are this rule system's (one of its
    /// [`style_pairs`](Rules::style_pairs)).
    ///
    /// # Errors
    /// [`RulesError::GameMismatch`].
    pub fn check_styles(&self, position: &Position) -> Result<(), RulesError> {
        let pairs = self.style_pairs();
        if pairs.contains(&position.styles()) {
            return Ok(());
        }
        let [a, b] = position.styles();
        let found = if b.to_string() == a.to_string().to_ascii_lowercase() {
            a.to_string().to_ascii_uppercase()
        } else {
            format!("{a}/{b}")
        };
        Err(RulesError::GameMismatch {
            game: self.name().to_string(),
            expected: pairs
                .iter()
                .map(|&p| pair_text(p, pairs.len()))
                .collect::<Vec<_>>()
                .join(" or "),
            found,
        })
    }

    /// The game's initial positions, one per pairing of its players' styles, the default first
    /// (its descriptor's [`MatchRules::starts`]).
    pub fn starts(&self) -> Vec<&'static str> {
        struct Starts;
        impl Visit for Starts {
            type Output = Vec<&'static str>;
            fn visit<R: MatchRules>(self, rules: &R) -> Vec<&'static str> {
                rules.starts()
            }
        }
        self.visit(Starts)
    }

    /// The pairs of styles the game's positions have (those of its [`starts`](Rules::starts)):
    /// `[C, c]` for chess, `[C, o]` and `[O, c]` for Chess against Ōgi.
    pub fn style_pairs(&self) -> Vec<[Style; 2]> {
        self.starts()
            .iter()
            .filter_map(|feen| Position::from_feen(feen).ok())
            .map(|p| p.styles())
            .collect()
    }

    /// A game defined by files, from the text of its GGN table and of its description (JSON).
    ///
    /// # Errors
    /// [`RulesError::Files`] when the table or the description is not usable.
    pub fn from_files(ggn: &str, description: &str) -> Result<Rules, RulesError> {
        FileRules::build(ggn, description).map(|f| Rules::Files(Arc::new(f)))
    }

    /// A game defined by files in `dir` (`description.json` and `ggn.json`), as the
    /// directories of `TEGOMA_GAMES` are read: the name must be a word (ASCII letters, digits,
    /// `-`, `_`) and every piece of the table of the description's style. The game is not
    /// registered (no check against other games' names and letters).
    ///
    /// # Errors
    /// [`RulesError::GameFiles`] naming the file and the field at fault.
    pub fn from_dir(dir: impl AsRef<Path>) -> Result<Rules, RulesError> {
        games_dir::from_dir(dir.as_ref()).map(|f| Rules::Files(Arc::new(f)))
    }

    /// The first error of the games of `TEGOMA_GAMES` (the same as [`check_games_dir`]).
    ///
    /// # Errors
    /// [`RulesError::GameFiles`] or [`RulesError::GameClash`].
    pub fn check_games_dir() -> Result<(), RulesError> {
        check_games_dir()
    }

    /// A stable identifier with the rules' version, as engine protocols name rule systems
    /// (`tegoma.chess/1`).
    pub fn id(&self) -> String {
        format!("tegoma.{}/1", self.name())
    }

    /// The first player's style letter, uppercase.
    pub(crate) fn styles_letter(&self) -> String {
        struct Letter;
        impl Visit for Letter {
            type Output = String;
            fn visit<R: MatchRules>(self, rules: &R) -> String {
                rules.sin()[0].to_string().to_ascii_uppercase()
            }
        }
        self.visit(Letter)
    }

    /// The notations, records and engine protocols the game has besides the Protocol's (its
    /// descriptor's [`MatchRules::formats`]).
    pub fn formats(&self) -> crate::rules::Formats {
        struct F;
        impl Visit for F {
            type Output = crate::rules::Formats;
            fn visit<R: MatchRules>(self, rules: &R) -> crate::rules::Formats {
                rules.formats()
            }
        }
        self.visit(F)
    }

    /// The positions the engine's `bench` searches for the game (its descriptor's
    /// [`MatchRules::bench_positions`]).
    pub fn bench_positions(&self) -> &'static [crate::BenchPosition] {
        struct Bench;
        impl Visit for Bench {
            type Output = &'static [crate::BenchPosition];
            fn visit<R: MatchRules>(self, rules: &R) -> &'static [crate::BenchPosition] {
                rules.bench_positions()
            }
        }
        self.visit(Bench)
    }

    /// The game's page for players (its descriptor's [`MatchRules::guide`]), Markdown.
    pub fn guide(&self) -> Option<&'static str> {
        struct Guide;
        impl Visit for Guide {
            type Output = Option<&'static str>;
            fn visit<R: MatchRules>(self, rules: &R) -> Option<&'static str> {
                rules.guide()
            }
        }
        self.visit(Guide)
    }

    /// What a board needs to draw the game (its descriptor's [`MatchRules::look`]).
    pub fn look(&self) -> crate::BoardLook {
        struct Look;
        impl Visit for Look {
            type Output = crate::BoardLook;
            fn visit<R: MatchRules>(self, rules: &R) -> crate::BoardLook {
                rules.look()
            }
        }
        self.visit(Look)
    }
}

/// The first game of the registry's list (chess): what commands and engines play when no game
/// is named.
impl Default for Rules {
    fn default() -> Rules {
        (HAND_WRITTEN[0].make)()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Rules {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Rules, RulesError> {
        Rules::by_name(s)
    }
}

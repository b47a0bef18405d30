//! The descriptor of games defined by files (a GGN table plus a description, played by the
//! GGN engine): [`FileRules`], their [`MatchRules`] implementation (the description's history
//! rules, a generic look of the description's style letter), and the games embedded in every build ([`FILE_GAMES`]: Kogoma).

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use tegoma_ggn::{Description, Engine, EngineError, GgnMove, Repetition};
use tegoma_notation::ggn::Ggn;
use tegoma_notation::pin;
use tegoma_protocol::{MoveError, Position as Generic, RuleSystem, Side};

use crate::look::BoardLook;
use crate::registry::{Rules, RulesError};
use crate::rules::{MatchRules, RepetitionRule};

/// A game defined by files: its name, its GGN table's text and the engine built from the table
/// and the description.
#[derive(Debug)]
pub struct FileRules {
    name: String,
    ggn: Ggn,
    engine: Engine,
    dir: Option<PathBuf>,
}

impl FileRules {
    /// The game's name (the description's `name`, lowercase).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The GGN table.
    pub fn ggn(&self) -> &Ggn {
        &self.ggn
    }
    /// The engine that plays the game.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }
    /// The directory the game was read from (`TEGOMA_GAMES`, [`Rules::from_dir`]); `None` for
    /// a game embedded in the library or built from texts.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }
}

/// A game defined by files and embedded in the library.
#[derive(Debug, Clone, Copy)]
pub struct FileGame {
    /// Its name.
    pub name: &'static str,
    /// Its GGN table (JSON).
    pub ggn: &'static str,
    /// Its description (JSON).
    pub description: &'static str,
}

/// The games defined by files that every build knows (from `games/` in the repository).
pub const FILE_GAMES: [FileGame; 1] = [FileGame {
    name: "kogoma",
    ggn: include_str!("../../../../games/kogoma/ggn.json"),
    description: include_str!("../../../../games/kogoma/description.json"),
}];

/// The embedded file game `g`, built once per process.
pub(crate) fn file_game(g: &FileGame) -> Result<Rules, RulesError> {
    use std::sync::OnceLock;
    static BUILT: OnceLock<Vec<Result<Arc<FileRules>, RulesError>>> = OnceLock::new();
    let all = BUILT.get_or_init(|| {
        FILE_GAMES
            .iter()
            .map(|g| FileRules::build(g.ggn, g.description).map(Arc::new))
            .collect()
    });
    let i = FILE_GAMES
        .iter()
        .position(|x| x.name == g.name)
        .unwrap_or_default();
    all[i].clone().map(Rules::Files)
}

impl FileRules {
    pub(crate) fn build(ggn: &str, description: &str) -> Result<FileRules, RulesError> {
        let table = Ggn::from_json(ggn)
            .map_err(|e| EngineError::from(tegoma_ggn::DescriptionError::Table(e.to_string())))?;
        let desc = Description::from_json(description).map_err(EngineError::from)?;
        FileRules::build_parsed(table, desc, None)
    }

    pub(crate) fn build_parsed(
        table: Ggn,
        desc: Description,
        dir: Option<PathBuf>,
    ) -> Result<FileRules, RulesError> {
        let name = desc.name.to_lowercase();
        let engine = Engine::new(&table, desc)?;
        Ok(FileRules {
            name,
            ggn: table,
            engine,
            dir,
        })
    }
}

/// Games defined by files: the history rules come from the description's `history`.
impl MatchRules for Engine {
    type Evaluator = tegoma_eval::FileEval;
    fn evaluator(&self) -> tegoma_eval::FileEval {
        tegoma_eval::FileEval::new(self)
    }
    fn repetition(&self, _position: &Self::Position, _mover: Side) -> RepetitionRule {
        match self.description().history.repetition {
            Repetition::None => RepetitionRule::Ignored,
            Repetition::ThirdOccurrence => RepetitionRule::ThirdOccurrenceDraws,
            Repetition::Sennichite => RepetitionRule::Sennichite,
        }
    }
    fn illegal_move_loses(&self, _position: &Self::Position, _mover: Side) -> bool {
        self.description().history.illegal_move_loses
    }
    fn reset_is_irreversible(&self) -> bool {
        // Captured pieces may come back as drops where drops exist.
        !self.description().drops.enabled
    }
    fn move_limit(&self) -> u32 {
        self.description().history.move_limit.unwrap_or(u32::MAX)
    }
    fn look(&self) -> BoardLook {
        // Nothing is known about the army but its style letter.
        self.description()
            .sin
            .chars()
            .next()
            .map_or(BoardLook::GENERIC, BoardLook::generic_army)
    }
    fn key(&self, position: &Generic) -> u64 {
        // `Position`'s hash follows ruling R5; SipHash with fixed keys is deterministic.
        let mut h = std::hash::DefaultHasher::new();
        position.hash(&mut h);
        h.finish()
    }
    fn resets_move_limit(&self, _position: &Generic, mv: GgnMove) -> bool {
        if mv.captured.is_some() {
            return true;
        }
        if mv.from.is_none() {
            return false;
        }
        let pin = mv.piece.epin().pin().with_side(pin::Side::First).encode();
        self.description()
            .history
            .resets
            .iter()
            .any(|r| r == pin.as_str())
    }
    fn read_move(&self, position: &Generic, text: &str) -> Result<GgnMove, MoveError> {
        self.parse_move(position, text)
    }
}

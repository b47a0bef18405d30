//! [`Engine`]: the search for a rule system chosen at run time, with text positions and moves
//! (FEEN or FEN, PMN or UCI: [`Engine::search`]) or a match and moves as values
//! ([`Engine::search_match`]), options (hash size, level, seed) and a stop flag usable from
//! another thread. The protocols ([`crate::uci`], [`crate::sei`]) search text, the match runner
//! and the server search matches.

use std::any::Any;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Arc;

use tegoma_game::{
    generic_from_feen, AnyMatch, AnyMove, MatchRules, MoveFormat, Rules, SetupError,
};
use tegoma_protocol::{MoveError, Side};

use crate::eval::{with_evaluator, EvalTask, Evaluator};
use crate::level::Level;
use crate::limits::Limits;
use crate::score::Score;
use crate::search::{
    search_threads, GameHistory, Progress, SearchConfig, Searcher, TranspositionTable,
};

/// The engine's options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineOptions {
    /// Transposition table size in megabytes (1 to 4096; default 16).
    pub hash_mb: usize,
    /// Search threads (1 to 256; default 1). More than one runs a Lazy SMP search: helper
    /// threads search the same position at varied depths and share the transposition table.
    pub threads: usize,
    /// Strength level (default: [`Level::FULL`]).
    pub level: Level,
    /// Seed of the levels' randomness (default 0).
    pub seed: u64,
    /// Milliseconds kept for latency when thinking on a clock (default 20).
    pub move_overhead_ms: u64,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mb: 16,
            threads: 1,
            level: Level::FULL,
            seed: 0,
            move_overhead_ms: 20,
        }
    }
}

/// Where a searched game starts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Start {
    /// The rule system's initial position.
    #[default]
    Initial,
    /// A position in FEEN.
    Feen(String),
    /// A position in FEN (chess only).
    Fen(String),
}

/// What to search: a game (start and moves played since) and the limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchRequest {
    /// The game's start.
    pub start: Start,
    /// The moves played from the start (PMN; chess also reads UCI and SAN).
    pub moves: Vec<String>,
    /// The search's bounds (the level's bounds apply too).
    pub limits: Limits,
    /// Restricts the root to these moves (UCI `searchmoves`, SEI `searchmoves`); empty: every
    /// legal move. A move that cannot be read or is not legal is an
    /// [`EngineError::SearchMove`].
    pub search_moves: Vec<String>,
    /// How the result's moves are written (PMN, or UCI for chess).
    pub format: MoveFormat,
}

impl SearchRequest {
    /// A search of the game `start` + `moves` within `limits`, moves written in PMN.
    pub fn new(start: Start, moves: Vec<String>, limits: Limits) -> SearchRequest {
        SearchRequest {
            start,
            moves,
            limits,
            search_moves: Vec::new(),
            format: MoveFormat::Pmn,
        }
    }

    /// A search of the current position of a match (its start and its plies, so that
    /// repetitions and sennichite count the whole game).
    pub fn from_match(m: &AnyMatch, limits: Limits) -> SearchRequest {
        SearchRequest::new(Start::Feen(m.start_feen()), m.pmn_plies(), limits)
    }
}

/// One variation of a (multi-PV) search: a root move's best line and its score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variation {
    /// Score for the side to move.
    pub score: Score,
    /// The line, its root move first, in the request's format.
    pub pv: Vec<String>,
}

/// Progress after an iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// Depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score for the side to move.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Principal variation, in the request's format.
    pub pv: Vec<String>,
    /// The variations, best first ([`Limits::multipv`] of them, fewer when the root has fewer
    /// moves); the first is `score` and `pv`.
    pub variations: Vec<Variation>,
}

/// What [`Engine::evaluate`] answers for a forced mate (a win for the side to move; its
/// negation for a loss).
pub const MATE_CENTIPAWNS: i32 = 100_000;

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play, in the request's format (`None`: no legal move; the game is over).
    pub best: Option<String>,
    /// The expected answer, if the principal variation has one.
    pub ponder: Option<String>,
    /// The last completed iteration.
    pub info: Info,
}

/// What a search of a match ([`Engine::search_match`]) found: moves as values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchSearch {
    /// The move to play (`None`: no legal move; the game is over).
    pub best: Option<AnyMove>,
    /// The expected answer, if the principal variation (or the table) has one.
    pub ponder: Option<AnyMove>,
    /// The last completed iteration (its lines written in PMN).
    pub info: Info,
}

/// Which class of protocol error an [`EngineError`] is (SEI's `invalid`, `unsupported`,
/// `illegal`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorClass {
    /// Malformed input (not FEEN, not PMN).
    Invalid,
    /// Well-formed but not available here (FEN for a game without FEN).
    Unsupported,
    /// Well-formed but against the rules (a position not of the game, an illegal move).
    Illegal,
}

impl ErrorClass {
    /// The class's protocol name.
    pub const fn name(self) -> &'static str {
        match self {
            ErrorClass::Invalid => "invalid",
            ErrorClass::Unsupported => "unsupported",
            ErrorClass::Illegal => "illegal",
        }
    }
}

/// Why a search request cannot be served.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The start position cannot be read or is not one of the rule system.
    #[error("position: {message}")]
    Position {
        /// The error's class.
        class: ErrorClass,
        /// What is wrong.
        message: String,
    },
    /// A move of the game cannot be read or is not legal.
    #[error("move {index} ({text:?}): {message}")]
    Move {
        /// The move's index in the request's list (0-based).
        index: usize,
        /// The move as given.
        text: String,
        /// The error's class.
        class: ErrorClass,
        /// What is wrong.
        message: String,
    },
    /// A move of `search_moves` cannot be read or is not legal.
    #[error("search move {index} ({text:?}): {message}")]
    SearchMove {
        /// The move's index in `search_moves`.
        index: usize,
        /// The move as given.
        text: String,
        /// The error's class.
        class: ErrorClass,
        /// What is wrong.
        message: String,
    },
    /// The move format is not available for the rule system (UCI for Ōgi).
    #[error("{0}")]
    Format(String),
}

impl EngineError {
    /// The error's class.
    pub fn class(&self) -> ErrorClass {
        match self {
            EngineError::Position { class, .. }
            | EngineError::Move { class, .. }
            | EngineError::SearchMove { class, .. } => *class,
            EngineError::Format(_) => ErrorClass::Unsupported,
        }
    }
}

fn move_class(e: &MoveError) -> ErrorClass {
    match e {
        MoveError::Illegal(_) => ErrorClass::Illegal,
        _ => ErrorClass::Invalid,
    }
}

/// A clonable handle on an engine's stop flag and ponder state (see [`Engine::stop_handle`]).
#[derive(Debug, Clone, Default)]
pub struct StopHandle(Arc<AtomicBool>, Arc<AtomicU8>);

/// Ponder states (the second flag of a [`StopHandle`]).
pub(crate) const PONDER_IDLE: u8 = 0;
/// A [`Limits::ponder`] search waits for its ponder hit.
pub(crate) const PONDERING: u8 = 1;
/// The ponder hit came (possibly before the search started).
pub(crate) const PONDER_HIT: u8 = 2;

impl StopHandle {
    /// Asks the running search to stop (it returns its best move so far).
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
    /// Clears the flag (before a new search; searches never clear it themselves, so a stop
    /// that arrives before the search starts is not lost). Also ends pondering.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
        self.1.store(PONDER_IDLE, Ordering::Relaxed);
    }
    /// The opponent played the move pondered on (UCI `ponderhit`): a [`Limits::ponder`]
    /// search goes on as a normal search from now on, within its bounds. A ponder hit that
    /// comes after [`StopHandle::reset`] but before the search starts is not lost.
    pub fn ponderhit(&self) {
        self.1.store(PONDER_HIT, Ordering::Relaxed);
    }
    /// Whether a pondering search has not had its ponder hit yet.
    pub fn is_pondering(&self) -> bool {
        self.1.load(Ordering::Relaxed) == PONDERING
    }
    /// Whether a stop was asked.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The engine for one rule system: searches requests ([`SearchRequest`]) with its options
/// ([`EngineOptions`]) and keeps its transposition table between searches of a game.
///
/// ```
/// use tegoma_engine::{Engine, Limits, SearchRequest, Start};
/// use tegoma_game::Rules;
///
/// let mut engine = Engine::new(Rules::ogi());
/// let request = SearchRequest::new(Start::Initial, vec!["e3-e4".into()], Limits::depth(3));
/// let result = engine.search(&request, &mut |_info| {}).unwrap();
/// assert!(result.best.is_some());
/// ```
pub struct Engine {
    rules: Rules,
    options: EngineOptions,
    /// The transposition table, typed by the rule system's move (created on first use).
    tt: Option<Box<dyn Any + Send>>,
    stop: StopHandle,
}

impl Engine {
    /// An engine for `rules` with default options.
    pub fn new(rules: Rules) -> Engine {
        Engine {
            rules,
            options: EngineOptions::default(),
            tt: None,
            stop: StopHandle::default(),
        }
    }

    /// The rule system.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Plays another rule system from now on (forgets the table).
    pub fn set_rules(&mut self, rules: Rules) {
        if rules.id() != self.rules.id() || format!("{rules:?}") != format!("{:?}", self.rules) {
            self.tt = None;
        }
        self.rules = rules;
    }

    /// The options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Sets the options (a new hash size takes effect at the next search).
    pub fn set_options(&mut self, options: EngineOptions) {
        if options.hash_mb != self.options.hash_mb {
            self.tt = None;
        }
        self.options = options;
    }

    /// The stop flag, to stop a search from another thread.
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// A new game: forgets what earlier searches learnt.
    pub fn new_game(&mut self) {
        self.tt = None;
    }

    /// The position of `m` scored by a search of `nodes` nodes from a cleared table, in
    /// centipawns for the side to move (a forced mate counts as `±MATE_CENTIPAWNS`): the same
    /// answer for the same position, options and node count. `tegoma match --balanced` keeps
    /// the random openings it scores near zero.
    ///
    /// # Errors
    /// [`EngineError`] when the match's position cannot be searched (see [`Engine::search`]).
    pub fn evaluate(&mut self, m: &AnyMatch, nodes: u64) -> Result<i32, EngineError> {
        self.new_game();
        let result = self.search_match(m, Limits::nodes(nodes.max(1)), &mut |_| {})?;
        Ok(match result.info.score {
            Score::Centipawns(cp) => cp,
            Score::Mate(n) if n > 0 => MATE_CENTIPAWNS,
            Score::Mate(_) => -MATE_CENTIPAWNS,
        })
    }

    /// Searches the request's position; `on_info` is called after each completed iteration.
    /// The stop flag is not cleared (see [`StopHandle::reset`]).
    ///
    /// # Errors
    /// [`EngineError`] when the start position or a move cannot be read or is not legal.
    pub fn search(
        &mut self,
        request: &SearchRequest,
        on_info: &mut dyn FnMut(&Info),
    ) -> Result<SearchResult, EngineError> {
        let rules = self.rules.clone();
        with_evaluator(
            &rules,
            Task {
                engine: self,
                source: Source::Request(request),
                on_info,
            },
        )
        .map(|(result, _)| result)
    }

    /// Searches the current position of a match given as a value, within `limits`, and answers
    /// moves as values: the match's start position and moves are handed to the search as they
    /// are (no FEEN or PMN written and read again), its whole history counting (repetitions,
    /// sennichite, the move limit), as [`SearchRequest::from_match`] has them counted.
    /// `on_info` is called after each completed iteration (lines in PMN). The stop flag is not
    /// cleared (see [`StopHandle::reset`]).
    ///
    /// ```
    /// use tegoma_engine::{Engine, Limits};
    /// use tegoma_game::{AnyMatch, Rules};
    ///
    /// let mut game = AnyMatch::new(Rules::ogi());
    /// let mut engine = Engine::new(Rules::ogi());
    /// let found = engine.search_match(&game, Limits::depth(3), &mut |_info| {}).unwrap();
    /// game.play_move(&found.best.unwrap(), None).unwrap();
    /// ```
    ///
    /// # Errors
    /// [`EngineError::Position`] when the match is not one of the engine's game.
    pub fn search_match(
        &mut self,
        game: &AnyMatch,
        limits: Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> Result<MatchSearch, EngineError> {
        if game.rules().name() != self.rules.name() {
            return Err(other_game(game, &self.rules));
        }
        let rules = self.rules.clone();
        let request = SearchRequest::new(Start::Initial, Vec::new(), limits);
        let (result, moves) = with_evaluator(
            &rules,
            Task {
                engine: self,
                source: Source::Match(game, &request),
                on_info,
            },
        )?;
        let (best, ponder) = moves.unwrap_or_default();
        Ok(MatchSearch {
            best,
            ponder,
            info: result.info,
        })
    }

    /// Checks a request without searching: the error a search would return, or the side to
    /// move in the searched position.
    ///
    /// # Errors
    /// As [`Engine::search`].
    pub fn check(&self, request: &SearchRequest) -> Result<Side, EngineError> {
        struct Check<'a>(&'a SearchRequest);
        impl tegoma_game::Visit for Check<'_> {
            type Output = Result<Side, EngineError>;
            fn visit<R: MatchRules>(self, rules: &R) -> Result<Side, EngineError> {
                setup(rules, self.0).map(|s| rules.side_to_move(&s.position))
            }
        }
        self.rules.visit(Check(request))
    }
}

/// The error for a match of another game than the engine's.
fn other_game(game: &AnyMatch, rules: &Rules) -> EngineError {
    EngineError::Position {
        class: ErrorClass::Illegal,
        message: format!(
            "a match of {} cannot be searched by an engine of {}",
            game.rules().name(),
            rules.name()
        ),
    }
}

/// What a search starts from: a request in text, or a match as a value (with the request that
/// carries the limits, its start and moves unused).
enum Source<'a> {
    Request(&'a SearchRequest),
    Match(&'a AnyMatch, &'a SearchRequest),
}

impl Source<'_> {
    fn request(&self) -> &SearchRequest {
        match self {
            Source::Request(r) | Source::Match(_, r) => r,
        }
    }
}

struct Task<'a, 'b> {
    engine: &'a mut Engine,
    source: Source<'a>,
    on_info: &'a mut (dyn FnMut(&Info) + 'b),
}

/// The best move and the expected answer as values, for a search of a match.
type Moves = (Option<AnyMove>, Option<AnyMove>);

/// The game of a request: its history, the current position and the root restriction.
struct Setup<R: MatchRules> {
    history: GameHistory,
    position: R::Position,
    only: Vec<R::Move>,
}

fn setup<R: MatchRules>(rules: &R, request: &SearchRequest) -> Result<Setup<R>, EngineError> {
    let start = match &request.start {
        Start::Initial => rules.initial().map_err(|e| EngineError::Position {
            class: ErrorClass::Illegal,
            message: e.to_string(),
        })?,
        Start::Feen(text) => {
            let generic = generic_from_feen(text).map_err(|e| EngineError::Position {
                class: ErrorClass::Invalid,
                message: e.to_string(),
            })?;
            rules.import(&generic).map_err(|e| EngineError::Position {
                class: ErrorClass::Illegal,
                message: e.to_string(),
            })?
        }
        Start::Fen(text) => rules.read_fen(text).map_err(|e| EngineError::Position {
            class: match e {
                SetupError::Unsupported(_) => ErrorClass::Unsupported,
                _ => ErrorClass::Invalid,
            },
            message: e.to_string(),
        })?,
    };
    if request.format != MoveFormat::Pmn {
        let mut probe = String::new();
        let mut list = R::MoveList::default();
        rules.legal_moves_into(&start, &mut list);
        if let Some(&m) = tegoma_protocol::MoveBuffer::as_slice(&list).first() {
            rules
                .write_move_as(&start, m, request.format, &mut probe)
                .map_err(|e| EngineError::Format(e.to_string()))?;
        }
    }
    let mut moves = Vec::with_capacity(request.moves.len());
    let mut pos = start.clone();
    let mut history = GameHistory::replay(rules, &start, &[]).0;
    for (index, text) in request.moves.iter().enumerate() {
        let err = |class, message: String| EngineError::Move {
            index,
            text: text.chars().take(64).collect(),
            class,
            message,
        };
        if rules.is_game_over(&pos) {
            return Err(err(
                ErrorClass::Illegal,
                "the game is over before this move".into(),
            ));
        }
        let m = rules
            .read_move(&pos, text)
            .map_err(|e| err(move_class(&e), e.to_string()))?;
        if history.forbids(rules, &pos, m) {
            return Err(err(
                ErrorClass::Illegal,
                "sennichite: this move already produced this position".into(),
            ));
        }
        moves.push(m);
        history.push(rules, &mut pos, m);
    }
    let position = pos;
    let mut only = Vec::new();
    for (index, text) in request.search_moves.iter().enumerate() {
        let m = rules
            .read_move(&position, text)
            .map_err(|e| EngineError::SearchMove {
                index,
                text: text.chars().take(64).collect(),
                class: move_class(&e),
                message: e.to_string(),
            })?;
        only.push(m);
    }
    Ok(Setup {
        history,
        position,
        only,
    })
}

/// The game of a match given as a value: its start and its moves as they are, replayed into
/// the search's history (the same history [`setup`] builds from their text).
fn setup_match<R: MatchRules>(rules: &R, game: &AnyMatch) -> Result<Setup<R>, EngineError> {
    let m = game
        .downcast_ref::<R>()
        .ok_or_else(|| EngineError::Position {
            class: ErrorClass::Illegal,
            message: format!(
                "the match of {} is not of the engine's rule system",
                game.rules().name()
            ),
        })?;
    let mut pos = m.start().clone();
    let mut history = GameHistory::replay(rules, &pos, &[]).0;
    for ply in m.plies() {
        history.push(rules, &mut pos, ply.mv);
    }
    Ok(Setup {
        history,
        position: pos,
        only: Vec::new(),
    })
}

/// Writes `moves` played in turn from `pos`, in `format`.
fn write_line<R: MatchRules>(
    rules: &R,
    pos: &R::Position,
    moves: &[R::Move],
    format: MoveFormat,
) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        if !rules.is_legal(&p, m) {
            break;
        }
        let mut s = String::new();
        if rules.write_move_as(&p, m, format, &mut s).is_err() {
            break;
        }
        out.push(s);
        rules.play_unchecked(&mut p, m);
    }
    out
}

fn info_of<R: MatchRules>(
    rules: &R,
    pos: &R::Position,
    p: &Progress<R::Move>,
    format: MoveFormat,
) -> Info {
    let time_ms = p.elapsed.as_millis() as u64;
    Info {
        depth: p.depth,
        seldepth: p.seldepth,
        score: Score::from_internal(p.score),
        nodes: p.nodes,
        time_ms,
        nps: p.nodes * 1000 / time_ms.max(1),
        pv: write_line(rules, pos, &p.pv, format),
        variations: p
            .lines
            .iter()
            .map(|(score, line)| Variation {
                score: Score::from_internal(*score),
                pv: write_line(rules, pos, line, format),
            })
            .collect(),
    }
}

impl EvalTask for Task<'_, '_> {
    type Output = Result<(SearchResult, Option<Moves>), EngineError>;

    fn run<R: MatchRules, E: Evaluator<R>>(self, rules: &R, eval: E) -> Self::Output {
        let started = std::time::Instant::now();
        let Task {
            engine,
            source,
            on_info,
        } = self;
        let request = source.request();
        let game = match source {
            Source::Request(request) => setup(rules, request)?,
            Source::Match(m, _) => setup_match(rules, m)?,
        };
        let options = engine.options.clone();
        let mut limits = request.limits.clone();
        let level = options.level;
        if let Some(d) = level.depth() {
            limits.depth = Some(limits.depth.map_or(d, |x| x.min(d)));
            limits.infinite = false;
        }
        if let Some(n) = level.nodes() {
            limits.nodes = Some(limits.nodes.map_or(n, |x| x.min(n)));
        }
        let mut tt = engine
            .tt
            .take()
            .and_then(|b| b.downcast::<TranspositionTable<R::Move>>().ok())
            .unwrap_or_else(|| Box::new(TranspositionTable::new(options.hash_mb.clamp(1, 4096))));
        let stop = engine.stop.0.clone();
        let format = request.format;
        let root = game.position.clone();
        let ponder = engine.stop.1.clone();
        let count = Searcher::new(rules, &eval, &mut tt, &game.history, &stop)
            .root_moves(&root)
            .len();
        let config = SearchConfig {
            move_overhead_ms: options.move_overhead_ms,
            root_noise: level.noise(options.seed ^ rules.key(&root), count),
            started: Some(started),
        };
        let only = (!game.only.is_empty()).then_some(game.only.as_slice());
        let found = search_threads(
            options.threads.clamp(1, 256),
            rules,
            &eval,
            &mut tt,
            &game.history,
            &stop,
            &ponder,
            (&root, &limits, &config, only),
            &mut |p| on_info(&info_of(rules, &root, p, format)),
        );
        let info = info_of(rules, &root, &found.progress, format);
        let best = found.best.and_then(|m| {
            let mut s = String::new();
            rules.write_move_as(&root, m, format, &mut s).ok()?;
            Some(s)
        });
        let ponder = match (&best, info.pv.first()) {
            (Some(b), Some(first)) if b == first => info.pv.get(1).cloned(),
            _ => None,
        }
        .or_else(|| {
            // A line cut after its first move (a table cut-off): the table's move for the
            // answer, when it has a legal one.
            let m = found.best?;
            let mut child = root.clone();
            rules.play_unchecked(&mut child, m);
            let answer = tt.hash_move(rules.key(&child))?;
            if !rules.is_legal(&child, answer) {
                return None;
            }
            let mut s = String::new();
            rules.write_move_as(&child, answer, format, &mut s).ok()?;
            Some(s)
        });
        let moves = match source {
            Source::Request(_) => None,
            Source::Match(m, _) => {
                // The answer as a value: the line's second move when its first is the best
                // one and both are legal in turn (as the text's ponder), else the table's.
                let answer = found.best.and_then(|b| {
                    let line = &found.progress.pv;
                    let mut child = root.clone();
                    rules.play_unchecked(&mut child, b);
                    match line.as_slice() {
                        [first, second, ..]
                            if *first == b
                                && rules.is_legal(&root, b)
                                && rules.is_legal(&child, *second) =>
                        {
                            Some(*second)
                        }
                        _ => tt
                            .hash_move(rules.key(&child))
                            .filter(|&a| rules.is_legal(&child, a)),
                    }
                });
                let value = |mv: R::Move| AnyMove::new::<R>(m, mv).ok();
                Some((found.best.and_then(value), answer.and_then(value)))
            }
        };
        engine.tt = Some(tt);
        Ok((SearchResult { best, ponder, info }, moves))
    }
}

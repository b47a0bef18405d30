//! [`Player`]: an engine as the arbiter sees it, whatever its protocol.

use std::time::{Duration, Instant};

use tegoma_game::AnyMatch;

/// The clock as the engine is told about it, for the side to move and its opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ClockView {
    /// Time left to the first and second player, in milliseconds.
    pub remaining_ms: [u64; 2],
    /// Their increments, in milliseconds.
    pub increment_ms: [u64; 2],
    /// Plies the side to move must still play in its current period, if it has a quota.
    pub moves_to_go: Option<u32>,
}

/// One turn asked of an engine.
pub struct Turn<'a> {
    /// The match, at the position where the engine is to move.
    pub game: &'a AnyMatch,
    /// The clock, if the engine is to think on one.
    pub clock: Option<ClockView>,
    /// A node limit for this search instead of the clock (UCI `go nodes N`, SEI
    /// `limits.nodes`), as cutechess-cli's `nodes=`; the arbiter's clock still runs.
    pub nodes: Option<u64>,
    /// When the engine has run out of time (its answer is then no longer awaited).
    pub deadline: Instant,
}

/// An engine's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The move as the engine wrote it.
    pub text: String,
    /// The PMN of the legal move it names (sennichite-forbidden moves included); `None` when it
    /// names no legal move.
    pub pmn: Option<String>,
    /// Milliseconds from the request to the answer.
    pub elapsed_ms: u64,
    /// What the engine said of its search (`depth 12 score cp 35`), if anything.
    pub info: Option<String>,
}

/// Why an engine gave no move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The engine could not be started or did not complete its handshake.
    #[error("{name} could not start: {detail}")]
    Start {
        /// The engine's name.
        name: String,
        /// Why.
        detail: String,
    },
    /// The engine did not answer before its deadline.
    #[error("{name} did not answer in time")]
    Timeout {
        /// The engine's name.
        name: String,
    },
    /// The engine's process ended or closed its output.
    #[error("{name} crashed: {detail}")]
    Crashed {
        /// The engine's name.
        name: String,
        /// Exit status and last lines of its standard error.
        detail: String,
    },
    /// The engine cannot play the game asked (a UCI engine without the game's `UCI_Variant`).
    #[error("{name} cannot play this game: {detail}")]
    Unsupported {
        /// The engine's name.
        name: String,
        /// Why.
        detail: String,
    },
    /// The engine broke the protocol (an error message, output that cannot be read).
    #[error("{name} broke the protocol: {detail}")]
    Protocol {
        /// The engine's name.
        name: String,
        /// What it sent.
        detail: String,
    },
}

/// An engine driven by the arbiter.
pub trait Player: Send {
    /// The engine's name.
    fn name(&self) -> &str;
    /// Prepares a new game (starting the engine if it is not running).
    ///
    /// # Errors
    /// The engine cannot start or does not answer.
    fn new_game(&mut self, game: &AnyMatch) -> Result<(), EngineError>;
    /// Asks for a move.
    ///
    /// # Errors
    /// No move came: timeout, crash, protocol error.
    fn think(&mut self, turn: &Turn<'_>) -> Result<Reply, EngineError>;
    /// Ends the engine (politely, then by force).
    fn quit(&mut self);
}

/// How long the handshake and readiness checks may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// Start-up and handshake (`uci`…`uciok`, SEI `hello`).
    pub start: Duration,
    /// `isready`…`readyok` and other short exchanges.
    pub ready: Duration,
    /// After a timeout, how long a `stop` may take before the engine is killed.
    pub stop_grace: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            start: Duration::from_secs(30),
            ready: Duration::from_secs(30),
            stop_grace: Duration::from_secs(2),
        }
    }
}

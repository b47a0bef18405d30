//! [`AutomaticDraws`]: when repetition and the move limit end a match (R3, R4, or FIDE's Laws).

use crate::rules::MatchRules;

/// When the draws by repetition and by the move limit end a match by themselves.
///
/// By default a match follows its rule system: R3 for chess (the third occurrence of a position,
/// 100 plies without capture or pawn move) and R4 for Ōgi (100 plies; repetition there is
/// sennichite, which this setting does not change). [`AutomaticDraws::FIDE`] replays records
/// kept under FIDE's Laws of Chess, where the third occurrence and the fifty-move rule are
/// claims a player may not make: a game that goes on after them is legal, and a claimed draw
/// shows as the record's result.
///
/// ```
/// use tegoma_game::{AutomaticDraws, Match};
/// use tegoma_rules::systems::Chess;
///
/// let shuffle = ["g1-f3", "g8-f6", "f3-g1", "f6-g8"];
/// let mut r3 = Match::new(Chess);
/// for mv in shuffle.iter().chain(&shuffle) {
///     r3.play(mv).unwrap();
/// }
/// assert!(r3.is_over()); // third occurrence of the start position
/// let mut fide = Match::new(Chess).with_automatic_draws(AutomaticDraws::FIDE);
/// for mv in shuffle.iter().chain(&shuffle) {
///     fide.play(mv).unwrap();
/// }
/// assert!(!fide.is_over());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AutomaticDraws {
    /// The occurrence of a position that draws (`repetition`): 3 under R3. Rule systems with
    /// sennichite ignore it.
    pub occurrences: u32,
    /// Plies without progress that draw (`movelimit`): 100 under R3 and R4.
    pub quiet_plies: u32,
}

impl AutomaticDraws {
    /// FIDE's automatic draws (Laws of Chess, article 9.6): the fifth occurrence of a position
    /// and 75 moves (150 plies) without capture or pawn move.
    pub const FIDE: AutomaticDraws = AutomaticDraws {
        occurrences: 5,
        quiet_plies: 150,
    };

    /// The rule system's own: the third occurrence and [`MatchRules::move_limit`].
    pub fn of<R: MatchRules>(rules: &R) -> AutomaticDraws {
        AutomaticDraws {
            occurrences: 3,
            quiet_plies: rules.move_limit(),
        }
    }

    /// The fewest plies since the last capture or pawn move that can hold the occurrences (each
    /// side leaves and comes back: 4 plies per repetition).
    pub(crate) fn repetition_plies(self) -> u32 {
        self.occurrences.saturating_sub(1).saturating_mul(4)
    }
}

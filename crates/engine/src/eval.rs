//! Evaluation: the [`Evaluator`] of each game (from `tegoma-eval`, re-exported here) and
//! [`with_evaluator`], which runs generic code on a game's rule system with the evaluator its
//! descriptor names.
//!
//! The choice is made once per search: [`Rules::visit`] hands the concrete rule system over,
//! and its [`MatchRules::evaluator`] gives the evaluation. Generic code below it is
//! monomorphised for each game, so the search has no per-game branch and no game's name.

pub use tegoma_eval::*;

use tegoma_game::{MatchRules, Rules, Visit};

/// Generic code run with a rule system and its evaluator (see [`with_evaluator`]).
pub trait EvalTask {
    /// What the code returns.
    type Output;
    /// Runs on the rule system `rules` with the evaluator `eval`.
    fn run<R: MatchRules, E: Evaluator<R>>(self, rules: &R, eval: E) -> Self::Output;
}

/// Runs `task` on the concrete rule system of `rules` with the evaluator its descriptor names
/// ([`MatchRules::evaluator`]).
pub fn with_evaluator<T: EvalTask>(rules: &Rules, task: T) -> T::Output {
    struct Pick<T>(T);
    impl<T: EvalTask> Visit for Pick<T> {
        type Output = T::Output;
        fn visit<R: MatchRules>(self, rules: &R) -> T::Output {
            self.0.run(rules, rules.evaluator())
        }
    }
    rules.visit(Pick(task))
}

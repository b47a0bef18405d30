//! One module per subcommand: its arguments and its `run` function.
pub mod apply;
pub mod convert;
pub mod ggn;
pub mod moves;
pub mod perft;
pub mod replay;
pub mod status;
pub mod validate;

use crate::games::PositionInput;

/// The position input from the `--feen` and `--fen` options.
pub fn position_input(feen: Option<String>, fen: Option<String>) -> PositionInput {
    match (feen, fen) {
        (Some(f), _) => PositionInput::Feen(f),
        (None, Some(f)) => PositionInput::Fen(f),
        (None, None) => PositionInput::Initial,
    }
}

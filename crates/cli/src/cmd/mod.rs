//! One module per subcommand: its arguments and its `run` function. The position commands
//! (`moves`, `perft`, `status`, `show`) share [`PositionArgs`] and are written once for every
//! rule system ([`tegoma_game::AnyPosition`]).
pub mod apply;
pub mod arena;
pub mod convert;
pub mod diagram;
pub mod engine;
pub mod ggn;
pub mod moves;
pub mod perft;
pub mod play;
pub mod replay;
pub mod serve;
pub mod show;
pub mod status;
pub mod validate;

use tegoma_game::{AnyPosition, Rules};
use tegoma_notation::Invalid;

/// How a position command names its game and its position.
#[derive(clap::Args, Debug)]
pub struct PositionArgs {
    /// The game (`chess`, `ogi`, `kogoma`, …); by default taken from the position's styles, else
    /// chess.
    pub game: Option<String>,
    /// The position in FEEN (default: the game's initial position).
    #[arg(long, conflicts_with = "fen", allow_hyphen_values = true)]
    pub feen: Option<String>,
    /// The position in FEN (chess).
    #[arg(long, allow_hyphen_values = true)]
    pub fen: Option<String>,
}

impl PositionArgs {
    /// The position the arguments name. A game name that contradicts the position's styles is
    /// an error (`GameMismatch`); FEN is read by rule systems that have it (`Unsupported`
    /// otherwise).
    ///
    /// `adjust` may change the rule system first (an option such as `--no-privilege`).
    pub fn position(
        &self,
        adjust: impl FnOnce(Rules) -> Result<Rules, Invalid>,
    ) -> Result<AnyPosition, Invalid> {
        let named = self.game.as_deref().map(Rules::by_name).transpose()?;
        match (&self.feen, &self.fen) {
            (Some(feen), _) => {
                let generic = tegoma_protocol::Position::from_feen(feen)?;
                let rules = match named {
                    Some(r) => {
                        r.check_styles(&generic)?;
                        r
                    }
                    None => Rules::for_position(&generic)?,
                };
                Ok(AnyPosition::from_generic(Some(adjust(rules)?), &generic)?)
            }
            (None, Some(fen)) => Ok(AnyPosition::from_fen(
                adjust(named.unwrap_or_default())?,
                fen,
            )?),
            (None, None) => Ok(AnyPosition::initial(adjust(named.unwrap_or_default())?)),
        }
    }
}

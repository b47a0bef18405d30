//! Chess against Ōgi (ruling R13): the hybrid match where one player leads a Chess army (style
//! `C`) and the other an Ōgi army (style `O`), each bound by its own rules.
//!
//! - [`table`]: the union of the complete Chess table (pieces keyed `C:`/`c:`) and the complete
//!   Ōgi table (`O:`/`o:`), built by the two exporters. A piece moves only by the entries of its
//!   own style: in `C/o` the Chess pieces are the `C:` entries and the Ōgi pieces the `o:`
//!   entries (moving toward rank 1), in `O/c` the `O:` and `c:` entries. "Enemy" in a
//!   condition is any piece of the other player, whatever its style.
//! - [`description`]: the game's description (`games/chess-ogi/description.json`): the style
//!   pairs `C/o` and `O/c`, and one army per style (see [`Description`]'s module docs).
//! - [`engine`]: the rule engine of both, an oracle for faster generators.
//!
//! ```
//! use tegoma_ggn::chess_ogi;
//!
//! let engine = chess_ogi::engine();
//! let start = engine.position(chess_ogi::START_CHESS_FIRST)?;
//! assert_eq!(engine.legal_pmn(&start).len(), 20);
//! let start = engine.position(chess_ogi::START_OGI_FIRST)?;
//! assert_eq!(engine.legal_pmn(&start).len(), 25);
//! # Ok::<(), tegoma_protocol::PositionError>(())
//! ```

use tegoma_notation::ggn::Ggn;

use crate::{chess, ogi, Description, Engine};

/// The game's name.
pub const NAME: &str = "chess-ogi";

/// The SEI rules id of the game.
pub const RULES_ID: &str = "tegoma.chess-ogi/1";

/// The description, as stored in `games/chess-ogi/description.json`.
pub const DESCRIPTION_JSON: &str = include_str!("../../../games/chess-ogi/description.json");

/// The start with the Chess player first (`C/o`): each army stands as in its own game's start.
pub const START_CHESS_FIRST: &str =
    "lnsik^snl/1r4b1/pppppppp/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/o";

/// The start with the Ōgi player first (`O/c`).
pub const START_OGI_FIRST: &str =
    "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/c";

/// The union table: every entry of [`chess::table`] and of [`ogi::table`] (their piece keys
/// are disjoint, the style letters differing).
pub fn table() -> Ggn {
    let mut union = chess::table();
    let other = ogi::table();
    for (piece, sources) in other.pieces() {
        for (source, dests) in sources {
            for (dest, poss) in dests {
                union
                    .destination_entry(*piece, *source, *dest)
                    .expect("the Ōgi table has no hand-to-hand entry")
                    .extend(poss.iter().cloned());
            }
        }
    }
    union
}

/// The game's description, parsed from [`DESCRIPTION_JSON`].
///
/// # Panics
/// Never: the embedded file is checked by the tests.
pub fn description() -> Description {
    Description::from_json(DESCRIPTION_JSON).expect("the chess-ogi description")
}

/// The rule engine of Chess against Ōgi ([`table`] with [`description`]); its initial
/// position is [`START_CHESS_FIRST`], and it plays [`START_OGI_FIRST`] as well.
///
/// # Panics
/// Never: the embedded description fits the table (checked by the tests).
pub fn engine() -> Engine {
    Engine::new(&table(), description()).expect("the chess-ogi engine")
}

//! Rule-agnostic text formats of the Sashité family.
//!
//! Every notation lives in its own module; each parser returns a typed error that names the
//! failing part (see [`NotationError`]). Nothing here knows about board logic: position-dependent
//! checks belong to `tegoma-protocol` and the rule systems.
//!
//! | Module | Notation |
//! |---|---|
//! | [`pin`], [`epin`], [`sin`] | piece and style tokens (re-exports of the official `sashite-*` crates) |
//! | [`snn`] | style names |
//! | [`qpi`] | qualified piece identifiers (`C:+K^`) |
//! | [`cell`] | board coordinates |
//! | [`hand`] | the hand token `*` |
//! | [`feen`] | positions |
//! | [`pmn`] | moves |
//! | [`lcn`], [`ggn`] | location conditions and movement tables |
//! | [`cgsn`] | game statuses |
//! | [`pcn`] | game records |
//!
//! # Features
//!
//! The move generators need none of the JSON/TOML machinery, so it is opt-in:
//!
//! | Feature | Enables | Pulls in |
//! |---|---|---|
//! | `serde` | `Serialize`/`Deserialize` for [`snn::Snn`], [`qpi::Qpi`] and [`pmn::Pmn`] (as strings) | `serde` |
//! | `ggn` | the `lcn` and `ggn` modules (JSON documents); implies `serde` | `serde`, `serde_json` |
//! | `pcn` | the `pcn` module (JSON or TOML records); implies `serde` | `serde`, `serde_json`, `toml` |
//!
//! `ggn` and `pcn` are on by default; the workspace turns default features off and each crate
//! asks for what it uses (`tegoma-protocol` and `tegoma-rules` for none). Without a feature,
//! [`validate::validate`] still knows every [`validate::Kind`] but reports the kinds it cannot
//! read as `Unsupported` (naming the feature to enable).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod cell;
pub mod cgsn;
pub mod epin;
pub mod feen;
#[cfg(feature = "ggn")]
pub mod ggn;
pub mod hand;
#[cfg(feature = "ggn")]
pub mod lcn;
#[cfg(feature = "pcn")]
pub mod pcn;
pub mod pin;
pub mod pmn;
pub mod qpi;
pub mod sin;
pub mod snn;
pub mod validate;

// Serde helpers shared by the LCN, GGN and PCN readers.
#[cfg(any(feature = "ggn", feature = "pcn"))]
mod json;

/// An error of any notation parser: a stable machine-readable kind plus a human explanation
/// (the [`std::fmt::Display`] text).
///
/// The kind is the name of the error variant (`LeadingZero`, `HandNotCanonical`, ...); the command
/// line prints `error: <kind>: <explanation>`.
pub trait NotationError: std::error::Error {
    /// The error's kind, a stable CamelCase identifier.
    fn kind(&self) -> &'static str;
}

/// A validation failure as the command line reports it: the error kind and its explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    /// The error kind (see [`NotationError::kind`]).
    pub kind: &'static str,
    /// The human explanation.
    pub message: String,
}

impl<E: NotationError> From<E> for Invalid {
    fn from(e: E) -> Invalid {
        Invalid {
            kind: e.kind(),
            message: e.to_string(),
        }
    }
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)
    }
}

/// So that a `fn main() -> Result<(), Box<dyn std::error::Error>>` can `?` it. `Invalid` is
/// deliberately not a [`NotationError`] (it is what every `NotationError` converts into).
impl std::error::Error for Invalid {}

//! Errors of a rule system's own behind the generic variants: the kind and the message are the
//! wrapped value's, the value comes back by downcasting, and equality compares the values (of
//! the same type only). The toy rule system's errors are written here; the expected kinds and
//! messages are written by hand.

use std::collections::HashSet;
use std::fmt;

use tegoma_notation::NotationError;
use tegoma_protocol::error::RuleSystemError;
use tegoma_protocol::{IllegalMove, IllegalReason, MoveError, PositionError, Specific};

/// A notation of the toy rule system's own: `#` followed by a square number.
#[derive(Debug, Clone, PartialEq, Eq)]
enum HashMoveError {
    /// Not a `#` move.
    Syntax { text: String },
    /// A number off the board.
    OffBoard { text: String, number: u32 },
}

impl fmt::Display for HashMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HashMoveError::Syntax { text } => write!(f, "invalid hash move {text:?}: no #"),
            HashMoveError::OffBoard { text, number } => {
                write!(f, "invalid hash move {text:?}: no square {number}")
            }
        }
    }
}

impl std::error::Error for HashMoveError {}

impl NotationError for HashMoveError {
    fn kind(&self) -> &'static str {
        match self {
            HashMoveError::Syntax { .. } => "InvalidHash",
            HashMoveError::OffBoard { .. } => "HashOffBoard",
        }
    }
}

impl RuleSystemError for HashMoveError {
    fn move_text(&self) -> Option<&str> {
        match self {
            HashMoveError::Syntax { text } | HashMoveError::OffBoard { text, .. } => Some(text),
        }
    }
    fn fmt_detail(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HashMoveError::Syntax { .. } => f.write_str("invalid hash move: no #"),
            HashMoveError::OffBoard { number, .. } => {
                write!(f, "invalid hash move: no square {number}")
            }
        }
    }
}

/// A rule of the toy rule system's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ToyReason {
    /// The tower is too tall.
    TooTall(u8),
}

impl fmt::Display for ToyReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToyReason::TooTall(n) => write!(f, "a tower of {n} is too tall"),
        }
    }
}

impl std::error::Error for ToyReason {}

impl NotationError for ToyReason {
    fn kind(&self) -> &'static str {
        "TooTall"
    }
}

impl RuleSystemError for ToyReason {}

#[test]
fn a_move_error_of_its_own_keeps_its_kind_message_text_and_detail() {
    let e = MoveError::Specific(Specific::new(HashMoveError::OffBoard {
        text: "#99".into(),
        number: 99,
    }));
    assert_eq!(e.kind(), "HashOffBoard");
    assert_eq!(e.to_string(), "invalid hash move \"#99\": no square 99");
    assert_eq!(e.text(), "#99");
    assert_eq!(e.detail().to_string(), "invalid hash move: no square 99");
    assert!(e.illegal().is_none());
    assert_eq!(
        e.specific::<HashMoveError>(),
        Some(&HashMoveError::OffBoard {
            text: "#99".into(),
            number: 99
        })
    );
    assert_eq!(e.specific::<ToyReason>(), None);
    // Through `?` into a boxed error, and back.
    let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(e.clone());
    let back = boxed.downcast_ref::<MoveError>().unwrap();
    assert_eq!(back, &e);
}

#[test]
fn equality_compares_the_wrapped_values_of_one_type() {
    let a = Specific::new(ToyReason::TooTall(3));
    assert_eq!(a, Specific::new(ToyReason::TooTall(3)));
    assert_ne!(a, Specific::new(ToyReason::TooTall(4)));
    assert_ne!(a, Specific::new(HashMoveError::Syntax { text: "x".into() }));
    assert_eq!(a.clone(), a);
    assert!(a.is::<ToyReason>());
    assert!(!a.is::<HashMoveError>());
    let set: HashSet<IllegalReason> = [
        IllegalReason::Specific(a.clone()),
        IllegalReason::Specific(Specific::new(ToyReason::TooTall(3))),
        IllegalReason::NotLegal,
    ]
    .into_iter()
    .collect();
    assert_eq!(set.len(), 2);
}

#[test]
fn an_illegal_reason_of_its_own_keeps_the_illegal_move_kind() {
    let e: MoveError = IllegalMove::new(
        "a1-a5",
        IllegalReason::Specific(ToyReason::TooTall(5).into()),
    )
    .into();
    assert_eq!(e.kind(), "IllegalMove");
    assert_eq!(
        e.to_string(),
        "illegal move a1-a5: a tower of 5 is too tall"
    );
    assert_eq!(
        e.detail().to_string(),
        "illegal move: a tower of 5 is too tall"
    );
    assert_eq!(e.text(), "a1-a5");
    assert_eq!(
        e.illegal().and_then(|i| i.reason.specific::<ToyReason>()),
        Some(&ToyReason::TooTall(5))
    );
}

#[test]
fn a_position_error_of_its_own_keeps_its_kind_and_message() {
    let e = PositionError::from(Specific::new(ToyReason::TooTall(9)));
    assert_eq!(e.kind(), "TooTall");
    assert_eq!(e.to_string(), "a tower of 9 is too tall");
    assert_eq!(e.specific::<ToyReason>(), Some(&ToyReason::TooTall(9)));
    assert_eq!(PositionError::OpponentInCheck.specific::<ToyReason>(), None);
    assert_eq!(
        format!("{e:?}"),
        "Specific(TooTall(9))",
        "the Debug form is the wrapped value's"
    );
}

//! Warnings of a conversion: what a target form could not hold, or what was read with a guess
//! (ruling R9: nothing is dropped silently). Data, not text: a command line prints each as a
//! `warning: ...` line, a library caller counts or checks them.

use std::fmt;

/// What a warning is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WarningKind {
    /// Text that was not UTF-8, read as Windows-1252 (kind `Windows1252`).
    Windows1252,
    /// The record states a result that the replay contradicts (kind `OutcomeDisagrees`): the
    /// replayed one is written, the stated one kept where the form can hold it.
    OutcomeDisagrees,
    /// Data the target form cannot hold, dropped (kind `NotHeld`).
    NotHeld,
    /// Data kept in another place than its natural one (kind `Kept`), e.g. a `TimeControl` the
    /// record's clock times do not fit, kept as a tag instead of `periods`.
    Kept,
}

impl WarningKind {
    /// The kind's name, as printed (`warning: <Kind>: ...`).
    pub const fn as_str(self) -> &'static str {
        match self {
            WarningKind::Windows1252 => "Windows1252",
            WarningKind::OutcomeDisagrees => "OutcomeDisagrees",
            WarningKind::NotHeld => "NotHeld",
            WarningKind::Kept => "Kept",
        }
    }
}

/// One warning: its kind, how many items it counts, and what they are.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Warning {
    /// What the warning is about.
    pub kind: WarningKind,
    /// How many items (comments, keys, plies...) it counts; at least 1.
    pub count: usize,
    /// What the items are and what became of them.
    pub detail: String,
}

impl Warning {
    /// A warning counting `count` items.
    pub fn new(kind: WarningKind, count: usize, detail: impl Into<String>) -> Warning {
        Warning {
            kind,
            count,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for Warning {
    /// `<Kind>: <detail>`, the detail starting with the count when it is above 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.as_str(), self.detail)
    }
}

/// Counts items by what they are, then gives one [`Warning`] per kind of item.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    items: Vec<(WarningKind, String, usize)>,
}

impl Tally {
    /// Counts one item described by `what` (items with the same description are counted
    /// together).
    pub(crate) fn add(&mut self, kind: WarningKind, what: impl Into<String>) {
        let what = what.into();
        match self
            .items
            .iter_mut()
            .find(|(k, w, _)| *k == kind && *w == what)
        {
            Some(slot) => slot.2 += 1,
            None => self.items.push((kind, what, 1)),
        }
    }

    /// The warnings, in the order the descriptions were first met: `what`, prefixed by the count
    /// when it is above 1.
    pub(crate) fn into_warnings(self) -> Vec<Warning> {
        self.items
            .into_iter()
            .map(|(kind, what, n)| match n {
                1 => Warning::new(kind, n, what),
                _ => Warning::new(kind, n, format!("{n} x {what}")),
            })
            .collect()
    }
}

//! One-line English descriptions of moves (for `tegoma validate pmn`).

use std::fmt::Write as _;

use super::{Form, Pmn};

/// Validates one strict PMN text and describes it (for `tegoma validate pmn`). A seed spelling
/// that only the lenient parser accepts is an error whose message names the canonical form.
pub fn describe(text: &str) -> Result<String, crate::Invalid> {
    let m = match Pmn::parse(text) {
        Ok(m) => m,
        Err(e) => {
            let mut inv = crate::Invalid::from(e);
            if let Ok((m, how)) = Pmn::parse_lenient(text) {
                inv.message = format!(
                    "{} (a seed spelling: lenient reading gives {m}; {how})",
                    inv.message
                );
            }
            return Err(inv);
        }
    };
    Ok(describe_move(&m))
}

/// A few words on a move: `quiet move e7 to e8, becomes Q`.
pub fn describe_move(m: &Pmn) -> String {
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = match *m {
        Pmn::Pass => write!(s, "pass"),
        Pmn::Quiet { from, to, .. } => write!(s, "quiet move {from} to {to}"),
        Pmn::Capture { from, to, .. } => {
            write!(s, "capture {from} to {to}, taking the piece on {to}")
        }
        Pmn::StaticCapture { square, .. } => write!(s, "static capture of the piece on {square}"),
        Pmn::Special { from, to, .. } => write!(
            s,
            "special move {from} to {to} (implicit effects defined by the rule system)"
        ),
        Pmn::Drop { piece, to, .. } | Pmn::DropCapture { piece, to, .. } => {
            let what = if m.form() == Form::Drop {
                "drop"
            } else {
                "drop with capture"
            };
            match piece {
                Some(p) => write!(s, "{what} of {p} on {to}"),
                None => write!(s, "{what} on {to} (piece inferred from the hand)"),
            }
        }
        Pmn::Mutation { square, into } => write!(s, "in-place mutation on {square} into {into}"),
    };
    if !matches!(m, Pmn::Mutation { .. }) {
        if let Some(x) = m.mutation() {
            let _ = write!(s, ", becomes {x}");
        }
    }
    if let Some(y) = m.capture_mutation() {
        let _ = write!(s, ", captured piece becomes {y}");
    }
    s
}

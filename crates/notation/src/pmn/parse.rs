//! The PMN parser: one left-to-right pass over at most 25 bytes, no allocation.
//!
//! Strategy (after the Elixir reference): `...` is a pass; a `*` or `.` (never part of a CELL or
//! EPIN token) makes a drop; a leading `+` a static capture; otherwise a square followed by an
//! operator. Operators are found by position, never by splitting, because `+` and `-` also occur
//! inside EPIN tokens (`+P*e5`, `e7-e8=+P`).

use super::{Normalisation, Piece, Pmn, PmnError, MAX_LENGTH};
use crate::cell::{Cell, CellError};
use crate::pmn::Part;

/// Byte classes: 0 never occurs in PMN; 1 letter or digit; 2 other operator or token byte;
/// 3 drop operator (`*` or `.`).
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = if b.is_ascii_alphanumeric() {
            1
        } else if matches!(b, b'*' | b'.') {
            3
        } else if matches!(b, b'-' | b'+' | b'~' | b'=' | b'/' | b'^' | b'\'') {
            2
        } else {
            0
        };
        c += 1;
    }
    t
};

/// End of the run of ASCII letters and digits starting at `start`: the extent of a square.
fn alnum_end(b: &[u8], start: usize) -> usize {
    let mut end = start;
    while end < b.len() && b[end].is_ascii_alphanumeric() {
        end += 1;
    }
    end
}

/// Reads the square starting at `start`; returns it and the offset just past it.
fn square(b: &[u8], start: usize, part: Part) -> Result<(Cell, usize), PmnError> {
    let end = alnum_end(b, start);
    if end == start {
        // A move that opens with an operator (`-e4`, `~g1`) lacks its source square; a `-`
        // after a drop operator (`*-e5` in strict mode) is a stray character.
        return Err(match b.get(start) {
            Some(&byte) if part != Part::Source => {
                PmnError::UnexpectedCharacter { at: start, byte }
            }
            _ => PmnError::MissingOperand { part, at: start },
        });
    }
    match Cell::parse_bytes(&b[start..end]) {
        Ok(cell) => Ok((cell, end)),
        // A square followed by letters or digits that cannot continue it (`e2e4`): after the
        // source square an operator is missing; elsewhere the character is out of place.
        Err(CellError::UnexpectedCharacter { at: k })
            if k > 0 && start + k < end && Cell::parse_bytes(&b[start..start + k]).is_ok() =>
        {
            let at = start + k;
            Err(if part == Part::Source {
                PmnError::MissingOperator { at }
            } else {
                PmnError::UnexpectedCharacter { at, byte: b[at] }
            })
        }
        Err(source) => Err(PmnError::InvalidCell {
            part,
            at: start,
            source,
        }),
    }
}

/// Reads the EPIN token `b[start..end]`.
fn token(b: &[u8], start: usize, end: usize, part: Part) -> Result<Piece, PmnError> {
    if start == end {
        return Err(PmnError::MissingOperand { part, at: start });
    }
    Piece::try_from(&b[start..end]).map_err(|source| PmnError::InvalidPiece {
        part,
        at: start,
        source,
    })
}

/// Which suffixes a form takes.
#[derive(Clone, Copy)]
struct Allowed {
    /// `=X` is allowed.
    mutation: bool,
    /// `/Y` is allowed.
    capture: bool,
    /// A `/X` where only `=X` is allowed is read as `=X` (lenient mode, ruling R1).
    slash_as_mutation: bool,
}

/// The suffixes read after a move's last square.
#[derive(Default)]
struct Suffixes {
    mutation: Option<Piece>,
    capture_mutation: Option<Piece>,
    normalised: Normalisation,
}

/// Reads `[=X][/Y]` from `pos` to the end of the input.
fn suffixes(b: &[u8], mut pos: usize, allowed: Allowed) -> Result<Suffixes, PmnError> {
    let mut out = Suffixes::default();
    let mut seen_eq = false;
    let mut seen_slash = false;
    while pos < b.len() {
        let op = b[pos];
        let start = pos + 1;
        let end = b[start..]
            .iter()
            .position(|&c| c == b'=' || c == b'/')
            .map_or(b.len(), |n| start + n);
        match op {
            b'=' => {
                if !allowed.mutation {
                    return Err(PmnError::MutationSuffixNotAllowed { at: pos });
                }
                if seen_slash {
                    return Err(PmnError::SuffixOrder { at: pos });
                }
                if seen_eq {
                    return Err(PmnError::DuplicateSuffix {
                        at: pos,
                        suffix: op,
                    });
                }
                seen_eq = true;
                out.mutation = Some(token(b, start, end, Part::Mutation)?);
            }
            b'/' => {
                if seen_slash {
                    return Err(PmnError::DuplicateSuffix {
                        at: pos,
                        suffix: op,
                    });
                }
                seen_slash = true;
                if allowed.capture {
                    out.capture_mutation = Some(token(b, start, end, Part::CaptureMutation)?);
                } else if allowed.slash_as_mutation && !seen_eq {
                    out.mutation = Some(token(b, start, end, Part::Mutation)?);
                    out.normalised = out.normalised.union(Normalisation::SLASH_AS_MUTATION);
                } else {
                    return Err(PmnError::CaptureSuffixNotAllowed { at: pos });
                }
            }
            byte => return Err(PmnError::UnexpectedCharacter { at: pos, byte }),
        }
        pos = end;
    }
    Ok(out)
}

/// Parses one move; `lenient` enables the seed spellings of ruling R1.
pub(super) fn parse(b: &[u8], lenient: bool) -> Result<(Pmn, Normalisation), PmnError> {
    if b.is_empty() {
        return Err(PmnError::Empty);
    }
    if b.len() > MAX_LENGTH {
        return Err(PmnError::TooLong { len: b.len() });
    }
    // One pass: reject foreign bytes and find the first drop operator.
    let mut drop_at = None;
    for (at, &byte) in b.iter().enumerate() {
        match CLASS[usize::from(byte)] {
            0 => return Err(PmnError::InvalidCharacter { at, byte }),
            3 if drop_at.is_none() => drop_at = Some(at),
            _ => {}
        }
    }
    if let Some(op) = drop_at {
        if b == b"..." {
            return Ok((Pmn::Pass, Normalisation::NONE));
        }
        if b.iter().all(|&c| c == b'.') {
            return Err(PmnError::MalformedPass);
        }
        return drop(b, op, lenient);
    }
    if b[0] == b'+' {
        let (square, end) = square(b, 1, Part::Square)?;
        let s = suffixes(
            b,
            end,
            Allowed {
                mutation: false,
                capture: true,
                slash_as_mutation: false,
            },
        )?;
        let m = Pmn::StaticCapture {
            square,
            capture_mutation: s.capture_mutation,
        };
        return Ok((m, Normalisation::NONE));
    }
    let (from, op_at) = square(b, 0, Part::Source)?;
    let Some(&op) = b.get(op_at) else {
        return Err(PmnError::MissingOperator { at: op_at });
    };
    if op == b'=' {
        let s = suffixes(
            b,
            op_at,
            Allowed {
                mutation: true,
                capture: false,
                slash_as_mutation: false,
            },
        )?;
        return match s.mutation {
            Some(into) => Ok((Pmn::Mutation { square: from, into }, Normalisation::NONE)),
            // Unreachable: the input has an `=` at `op_at`, so a mutation was read or an
            // error returned. Kept as a typed error rather than a panic.
            None => Err(PmnError::MissingOperand {
                part: Part::Mutation,
                at: op_at + 1,
            }),
        };
    }
    if !matches!(op, b'-' | b'+' | b'~') {
        return Err(PmnError::UnexpectedCharacter {
            at: op_at,
            byte: op,
        });
    }
    let (to, end) = square(b, op_at + 1, Part::Destination)?;
    let s = suffixes(
        b,
        end,
        Allowed {
            mutation: true,
            capture: op != b'-',
            slash_as_mutation: lenient,
        },
    )?;
    let m = match op {
        b'-' => Pmn::Quiet {
            from,
            to,
            mutation: s.mutation,
        },
        b'+' => Pmn::Capture {
            from,
            to,
            mutation: s.mutation,
            capture_mutation: s.capture_mutation,
        },
        _ => Pmn::Special {
            from,
            to,
            mutation: s.mutation,
            capture_mutation: s.capture_mutation,
        },
    };
    Ok((m, s.normalised))
}

/// Parses a drop whose operator (`*` or `.`) is at `op_at`.
fn drop(b: &[u8], op_at: usize, lenient: bool) -> Result<(Pmn, Normalisation), PmnError> {
    let piece = if op_at == 0 {
        None
    } else {
        Some(token(b, 0, op_at, Part::DropPiece)?)
    };
    let capture = b[op_at] == b'.';
    let mut normalised = Normalisation::NONE;
    let mut dst = op_at + 1;
    if lenient && !capture && b.get(dst) == Some(&b'-') {
        dst += 1;
        normalised = Normalisation::DASH_AFTER_DROP;
    }
    let (to, end) = square(b, dst, Part::Destination)?;
    let s = suffixes(
        b,
        end,
        Allowed {
            mutation: true,
            capture,
            slash_as_mutation: lenient,
        },
    )?;
    let m = if capture {
        Pmn::DropCapture {
            piece,
            to,
            mutation: s.mutation,
            capture_mutation: s.capture_mutation,
        }
    } else {
        Pmn::Drop {
            piece,
            to,
            mutation: s.mutation,
        }
    };
    Ok((m, normalised.union(s.normalised)))
}

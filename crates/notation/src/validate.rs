//! One entry point for every notation: validate a text and describe it in a few words (the logic
//! of `tegoma validate`).
//!
//! ```
//! use tegoma_notation::validate::{validate, Kind};
//!
//! assert_eq!(validate(Kind::Cell, "e4").unwrap(), "2-D coordinate (4, 3)");
//! let e = validate(Kind::Pmn, "e2-e8=QQ").unwrap_err();
//! assert_eq!(e.kind, "InvalidPiece");
//! let k: Kind = "feen".parse().unwrap();
//! assert_eq!(k, Kind::Feen);
//! ```
//!
//! For the command line's `-` mode, [`validate_lines`] checks one input per line from any
//! reader and [`read_document`] reads one whole document; both bound what they hold in memory
//! ([`MAX_LINE_BYTES`], [`MAX_DOCUMENT_BYTES`]).

use std::fmt;
use std::io::{self, BufRead, Read, Write};
use std::str::FromStr;

use crate::cgsn::Status;
use crate::{Invalid, NotationError};

/// A notation `tegoma validate` knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// PIN piece token.
    Pin,
    /// EPIN piece token.
    Epin,
    /// SIN style token.
    Sin,
    /// SNN style name.
    Snn,
    /// QPI qualified piece identifier.
    Qpi,
    /// CELL coordinate.
    Cell,
    /// HAND token.
    Hand,
    /// FEEN position.
    Feen,
    /// PMN move.
    Pmn,
    /// CGSN status (or several, separated by single spaces).
    Cgsn,
    /// LCN document (JSON).
    Lcn,
    /// GGN document (JSON).
    Ggn,
    /// PCN document (JSON or TOML).
    Pcn,
}

impl Kind {
    /// Every kind, in the order the command line lists them.
    pub const ALL: [Kind; 13] = [
        Kind::Pin,
        Kind::Epin,
        Kind::Sin,
        Kind::Snn,
        Kind::Qpi,
        Kind::Cell,
        Kind::Hand,
        Kind::Feen,
        Kind::Pmn,
        Kind::Cgsn,
        Kind::Lcn,
        Kind::Ggn,
        Kind::Pcn,
    ];

    /// The lowercase name used on the command line (`pin`, `feen`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Pin => "pin",
            Kind::Epin => "epin",
            Kind::Sin => "sin",
            Kind::Snn => "snn",
            Kind::Qpi => "qpi",
            Kind::Cell => "cell",
            Kind::Hand => "hand",
            Kind::Feen => "feen",
            Kind::Pmn => "pmn",
            Kind::Cgsn => "cgsn",
            Kind::Lcn => "lcn",
            Kind::Ggn => "ggn",
            Kind::Pcn => "pcn",
        }
    }

    /// Whether the input is a whole document (LCN, GGN, PCN) rather than a one-line token.
    pub const fn is_document(self) -> bool {
        matches!(self, Kind::Lcn | Kind::Ggn | Kind::Pcn)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A notation name that is not one of [`Kind::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown notation {name:?} (expected one of: pin epin sin snn qpi cell hand feen pmn cgsn lcn ggn pcn)")]
pub struct UnknownKind {
    /// The name given (at most its first 32 characters).
    pub name: String,
}

impl NotationError for UnknownKind {
    fn kind(&self) -> &'static str {
        "UnknownKind"
    }
}

impl FromStr for Kind {
    type Err = UnknownKind;
    /// Exact, lowercase names.
    fn from_str(s: &str) -> Result<Kind, UnknownKind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownKind {
                name: s.chars().take(32).collect(),
            })
    }
}

/// Validates `text` as a `kind` and returns a short description, or the error's kind and
/// explanation. For documents (LCN, GGN, PCN) `text` is the document itself.
///
/// LCN and GGN need the crate feature `ggn`, PCN the feature `pcn` (see [`feature`]); without
/// it the kind is still known but every text fails with kind `Unsupported`, whose message
/// names the feature.
pub fn validate(kind: Kind, text: &str) -> Result<String, Invalid> {
    match kind {
        Kind::Pin => crate::pin::describe(text),
        Kind::Epin => crate::epin::describe(text),
        Kind::Sin => crate::sin::describe(text),
        Kind::Snn => crate::snn::describe(text),
        Kind::Qpi => crate::qpi::describe(text),
        Kind::Cell => describe_cell(text),
        Kind::Hand => crate::hand::describe(text),
        Kind::Feen => crate::feen::describe(text),
        Kind::Pmn => crate::pmn::describe(text),
        Kind::Cgsn => describe_cgsn(text),
        #[cfg(feature = "ggn")]
        Kind::Lcn => crate::lcn::describe(text),
        #[cfg(feature = "ggn")]
        Kind::Ggn => crate::ggn::describe(text),
        #[cfg(feature = "pcn")]
        Kind::Pcn => crate::pcn::describe(text),
        #[cfg(not(all(feature = "ggn", feature = "pcn")))]
        _ => Err(unsupported(kind)),
    }
}

/// The feature of this crate that reads `kind`, when it needs one (`ggn` for LCN and GGN, `pcn`
/// for PCN).
pub const fn feature(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Lcn | Kind::Ggn => Some("ggn"),
        Kind::Pcn => Some("pcn"),
        _ => None,
    }
}

/// Whether this build of the crate can read `kind` (its [`feature`] is enabled).
pub const fn is_supported(kind: Kind) -> bool {
    let ggn = cfg!(feature = "ggn");
    let pcn = cfg!(feature = "pcn");
    match kind {
        Kind::Lcn | Kind::Ggn => ggn,
        Kind::Pcn => pcn,
        _ => true,
    }
}

/// The error of a kind this build cannot read: kind `Unsupported`, naming the feature.
#[cfg(not(all(feature = "ggn", feature = "pcn")))]
fn unsupported(kind: Kind) -> Invalid {
    Invalid {
        kind: "Unsupported",
        message: format!(
            "{} is not supported by this build: build tegoma-notation with feature `{}`",
            kind.name().to_uppercase(),
            feature(kind).unwrap_or("?"),
        ),
    }
}

fn describe_cell(text: &str) -> Result<String, Invalid> {
    let c: crate::cell::Cell = text.parse()?;
    let idx: Vec<String> = c.indices().iter().map(u8::to_string).collect();
    Ok(format!(
        "{}-D coordinate ({})",
        c.dimensions(),
        idx.join(", ")
    ))
}

/// One status, or several separated by single spaces (`check timelimit`).
fn describe_cgsn(text: &str) -> Result<String, Invalid> {
    let one = |t: &str| -> Result<String, Invalid> {
        let s: Status = t.parse()?;
        let how = if s.is_inferable() {
            "inferable from the position"
        } else {
            "explicit only"
        };
        Ok(format!("{s} ({how})"))
    };
    if !text.contains(' ') {
        return one(text);
    }
    let parts = text
        .split(' ')
        .map(one)
        .collect::<Result<Vec<String>, Invalid>>()?;
    Ok(format!("{} statuses: {}", parts.len(), parts.join(", ")))
}

/// Longest line [`validate_lines`] holds; a longer line is reported as `TooLong` (no notation
/// token comes near it: FEEN, the longest, stops at 4096 bytes).
pub const MAX_LINE_BYTES: usize = 8192;

/// Largest document [`read_document`] accepts (64 MiB; a full GGN table is a few megabytes).
pub const MAX_DOCUMENT_BYTES: usize = 64 << 20;

/// Validates one input per line from `input` and writes exactly one line per input to `out`:
/// `ok` or `error: <Kind>`. Returns the number of inputs.
///
/// A line ends at `\n`; one `\r` before it is removed too. A final line without `\n` counts; an
/// empty input has no lines. Lines longer than [`MAX_LINE_BYTES`] are reported as
/// `error: TooLong` without being held in memory, and lines that are not UTF-8 as
/// `error: InvalidUtf8`.
///
/// ```
/// use tegoma_notation::validate::{validate_lines, Kind};
///
/// let mut out = Vec::new();
/// let n = validate_lines(Kind::Pmn, &b"e2-e4\ne2e4\n...\n"[..], &mut out).unwrap();
/// assert_eq!(n, 3);
/// assert_eq!(String::from_utf8(out).unwrap(), "ok\nerror: MissingOperator\nok\n");
/// ```
pub fn validate_lines<R: BufRead, W: Write>(
    kind: Kind,
    mut input: R,
    mut out: W,
) -> io::Result<usize> {
    let mut line: Vec<u8> = Vec::new();
    let mut too_long = false;
    let mut count = 0;
    skip_bom(&mut input)?;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            // End of input: a last line without a newline still counts.
            if !line.is_empty() || too_long {
                finish_line(kind, &mut line, too_long, &mut out)?;
                count += 1;
            }
            out.flush()?;
            return Ok(count);
        }
        let (chunk, newline) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], true),
            None => (buf, false),
        };
        if !too_long {
            if line.len() + chunk.len() > MAX_LINE_BYTES + 1 {
                // +1 leaves room for a `\r` that will be stripped.
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = chunk.len() + usize::from(newline);
        input.consume(used);
        if newline {
            finish_line(kind, &mut line, too_long, &mut out)?;
            too_long = false;
            count += 1;
        }
    }
}

/// Skips a UTF-8 byte-order mark at the start of `input` (editors on Windows write one).
fn skip_bom<R: BufRead>(input: &mut R) -> io::Result<()> {
    const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];
    let mut seen = 0;
    while seen < 3 {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        match buf.first() {
            Some(&b) if b == BOM[seen] => {
                input.consume(1);
                seen += 1;
            }
            // A partial mark is not a mark: nothing valid starts with it anyway, the line reports
            // what is left.
            _ => break,
        }
    }
    Ok(())
}

fn finish_line<W: Write>(
    kind: Kind,
    line: &mut Vec<u8>,
    too_long: bool,
    out: &mut W,
) -> io::Result<()> {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    let verdict = if too_long || line.len() > MAX_LINE_BYTES {
        Err("TooLong")
    } else {
        match std::str::from_utf8(line) {
            Ok(text) => validate(kind, text).map(drop).map_err(|e| e.kind),
            Err(_) => Err("InvalidUtf8"),
        }
    };
    line.clear();
    match verdict {
        Ok(()) => writeln!(out, "ok"),
        Err(k) => writeln!(out, "error: {k}"),
    }
}

/// Why a document could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The document is larger than [`MAX_DOCUMENT_BYTES`].
    #[error("document exceeds {MAX_DOCUMENT_BYTES} bytes")]
    TooLarge,
    /// The document is not UTF-8.
    #[error("document is not valid UTF-8 (byte {at})")]
    InvalidUtf8 {
        /// Offset of the first invalid byte.
        at: usize,
    },
    /// The reader failed.
    #[error("{0}")]
    Io(#[from] io::Error),
}

impl NotationError for ReadError {
    fn kind(&self) -> &'static str {
        match self {
            // One name for the size error in every reader (PCN, GGN, LCN say it too).
            ReadError::TooLarge => "DocumentTooLarge",
            ReadError::InvalidUtf8 { .. } => "InvalidUtf8",
            ReadError::Io(_) => "Io",
        }
    }
}

/// Reads one whole UTF-8 document, refusing more than [`MAX_DOCUMENT_BYTES`].
pub fn read_document<R: Read>(input: R) -> Result<String, ReadError> {
    read_document_capped(input, MAX_DOCUMENT_BYTES)
}

fn read_document_capped<R: Read>(input: R, cap: usize) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    input.take(cap as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > cap {
        return Err(ReadError::TooLarge);
    }
    String::from_utf8(bytes).map_err(|e| ReadError::InvalidUtf8 {
        at: e.utf8_error().valid_up_to(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_parse_and_print() {
        for k in Kind::ALL {
            assert_eq!(k.name().parse::<Kind>(), Ok(k));
            assert_eq!(k.to_string(), k.name());
        }
        let e = "PMN".parse::<Kind>().unwrap_err();
        assert_eq!(e.kind(), "UnknownKind");
        assert!(e.to_string().contains("\"PMN\""));
        assert_eq!("x".repeat(100).parse::<Kind>().unwrap_err().name.len(), 32);
        assert!(Kind::Ggn.is_document() && !Kind::Feen.is_document());
    }

    /// One valid and one invalid input per kind this crate owns, with the error kind.
    #[test]
    fn every_kind() {
        let cases: &[(Kind, &str, &str, &str, &str)] = &[
            (Kind::Pin, "+K^", "piece K, first side, enhanced, terminal", "KK", "InvalidTerminalMarker"),
            (Kind::Epin, "K'", "piece K, first side, normal, derived", "K''", "DerivationMarker"),
            (Kind::Sin, "c", "style C, second player", "CC", "TooLong"),
            (Kind::Snn, "Ogi", "style name Ogi", "Chess9a", "LetterAfterDigit"),
            (Kind::Cell, "iv256IV", "3-D coordinate (255, 255, 255)", "a0", "LeadingZero"),
            (Kind::Hand, "*", "hand (a player's reserve; the owner comes from the context)", "**", "InvalidToken"),
            (Kind::Pmn, "e2-e4", "quiet move e2 to e4", "e7-e8/Q", "CaptureSuffixNotAllowed"),
            (Kind::Cgsn, "checkmate", "checkmate (inferable from the position)", "Checkmate", "UnknownStatus"),
            (Kind::Feen, "8/8 / C/s", "board 2x8 (16 squares), 0 pieces (0 on board, 0 in hand), first to move, styles C/s", "8/8 / C/C", "StylesSameCase"),
        ];
        for &(k, good, desc, bad, kind) in cases {
            assert_eq!(validate(k, good).as_deref(), Ok(desc), "{k} {good}");
            assert_eq!(validate(k, bad).unwrap_err().kind, kind, "{k} {bad}");
        }
    }

    #[test]
    fn cgsn_sets() {
        assert_eq!(
            validate(Kind::Cgsn, "check timelimit").unwrap(),
            "2 statuses: check (inferable from the position), timelimit (explicit only)"
        );
        assert_eq!(
            validate(Kind::Cgsn, "check  timelimit").unwrap_err().kind,
            "Empty"
        );
        assert_eq!(validate(Kind::Cgsn, "").unwrap_err().kind, "Empty");
    }

    fn lines(kind: Kind, input: &[u8]) -> (usize, String) {
        let mut out = Vec::new();
        let n = validate_lines(kind, input, &mut out).unwrap();
        (n, String::from_utf8(out).unwrap())
    }

    #[test]
    fn line_mode() {
        assert_eq!(lines(Kind::Cell, b""), (0, String::new()));
        assert_eq!(lines(Kind::Cell, b"e4"), (1, "ok\n".into()));
        assert_eq!(lines(Kind::Cell, b"e4\n"), (1, "ok\n".into()));
        assert_eq!(
            lines(Kind::Cell, b"e4\r\n\na0\n\xff\n"),
            (
                4,
                "ok\nerror: Empty\nerror: LeadingZero\nerror: InvalidUtf8\n".into()
            )
        );
        // A huge line is reported, not held; the next line is read normally.
        let mut big = vec![b'a'; MAX_LINE_BYTES * 3];
        big.extend_from_slice(b"\ne4\n");
        assert_eq!(lines(Kind::Cell, &big), (2, "error: TooLong\nok\n".into()));
        // Same through a reader that hands out tiny chunks.
        let r = io::BufReader::with_capacity(3, &big[..]);
        let mut out = Vec::new();
        assert_eq!(validate_lines(Kind::Cell, r, &mut out).unwrap(), 2);
        assert_eq!(out, b"error: TooLong\nok\n");
        // Exactly at the cap is fine (as a line; CELL then rejects it as too long).
        let mut at_cap = vec![b'a'; MAX_LINE_BYTES];
        at_cap.extend_from_slice(b"\r\n");
        assert_eq!(lines(Kind::Cell, &at_cap), (1, "error: TooLong\n".into()));
        // A byte-order mark before the first line is not part of it.
        assert_eq!(
            lines(Kind::Cell, b"\xef\xbb\xbfe4\ne4\n"),
            (2, "ok\nok\n".into())
        );
        let mut feen = b"8/8 / C/c\n".repeat(3);
        feen.extend_from_slice(b"8/8 / C/c");
        assert_eq!(lines(Kind::Feen, &feen).0, 4);
    }

    #[test]
    fn documents() {
        assert_eq!(read_document(&b"{}"[..]).unwrap(), "{}");
        assert!(matches!(
            read_document(&b"{\xff}"[..]),
            Err(ReadError::InvalidUtf8 { at: 1 })
        ));
        assert!(matches!(
            read_document_capped(&b"12345"[..], 4),
            Err(ReadError::TooLarge)
        ));
        assert_eq!(read_document_capped(&b"1234"[..], 4).unwrap(), "1234");
        assert_eq!(ReadError::TooLarge.kind(), "DocumentTooLarge");
    }

    #[test]
    fn features() {
        for k in Kind::ALL {
            assert_eq!(feature(k).is_some(), k.is_document(), "{k}");
            if !is_supported(k) {
                let e = validate(k, "{}").unwrap_err();
                assert_eq!(e.kind, "Unsupported");
                assert!(e.message.contains(feature(k).unwrap()), "{}", e.message);
            }
        }
        assert_eq!(is_supported(Kind::Ggn), cfg!(feature = "ggn"));
        assert_eq!(is_supported(Kind::Pcn), cfg!(feature = "pcn"));
        assert!(is_supported(Kind::Feen));
    }

    proptest::proptest! {
        #[test]
        fn never_panics(s in "\\PC{0,40}", k in 0usize..13) {
            let _ = validate(Kind::ALL[k], &s);
        }
    }
}

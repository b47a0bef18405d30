//! SNN, Style Name Notation: the human name of a style (`Chess`, `Ogi`, `Chess960`).
//!
//! Grammar: an uppercase ASCII letter, then letters, then digits: `[A-Z][A-Za-z]*[0-9]*`. A name
//! carries no side. The reference implementations cap a name at 32 bytes, and so does this one.
//!
//! ```
//! use tegoma_notation::snn::{Snn, SnnError};
//!
//! let name: Snn = "Chess960".parse().unwrap();
//! assert_eq!(name.as_str(), "Chess960");
//! assert_eq!(name.letters(), "Chess");
//! assert_eq!(name.digits(), "960");
//! assert_eq!("chess".parse::<Snn>(), Err(SnnError::MustStartUppercase));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::NotationError;

/// Longest style name in bytes.
pub const MAX_LENGTH: usize = 32;

/// A valid style name, stored inline (no allocation, `Copy`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Snn {
    len: u8,
    buf: [u8; MAX_LENGTH],
}

/// Why a string is not an SNN style name. Offsets are in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SnnError {
    /// The input is empty.
    #[error("empty input")]
    Empty,
    /// The input is longer than 32 bytes.
    #[error("input is {len} bytes, more than {MAX_LENGTH}")]
    TooLong {
        /// The input length in bytes.
        len: usize,
    },
    /// The first byte is not an uppercase ASCII letter.
    #[error("invalid format: must start with an uppercase letter (A-Z)")]
    MustStartUppercase,
    /// A letter comes after a digit (digits may only end a name).
    #[error("invalid format: letter after a digit at byte {at}")]
    LetterAfterDigit {
        /// Offset of the letter.
        at: usize,
    },
    /// A byte that is neither an ASCII letter nor a digit.
    #[error("invalid format: character {byte:#04x} at byte {at} is not an ASCII letter or digit")]
    InvalidCharacter {
        /// Offset of the byte.
        at: usize,
        /// The byte.
        byte: u8,
    },
}

impl NotationError for SnnError {
    fn kind(&self) -> &'static str {
        match self {
            SnnError::Empty => "Empty",
            SnnError::TooLong { .. } => "TooLong",
            SnnError::MustStartUppercase => "MustStartUppercase",
            SnnError::LetterAfterDigit { .. } => "LetterAfterDigit",
            SnnError::InvalidCharacter { .. } => "InvalidCharacter",
        }
    }
}

impl Snn {
    /// Parses a style name.
    pub fn parse(text: &str) -> Result<Snn, SnnError> {
        Snn::parse_bytes(text.as_bytes())
    }

    /// Parses a style name from bytes.
    pub fn parse_bytes(b: &[u8]) -> Result<Snn, SnnError> {
        let Some(&first) = b.first() else {
            return Err(SnnError::Empty);
        };
        if b.len() > MAX_LENGTH {
            return Err(SnnError::TooLong { len: b.len() });
        }
        if !first.is_ascii_uppercase() {
            return Err(SnnError::MustStartUppercase);
        }
        let mut in_digits = false;
        for (at, &byte) in b.iter().enumerate().skip(1) {
            if byte.is_ascii_digit() {
                in_digits = true;
            } else if byte.is_ascii_alphabetic() {
                if in_digits {
                    return Err(SnnError::LetterAfterDigit { at });
                }
            } else {
                return Err(SnnError::InvalidCharacter { at, byte });
            }
        }
        let mut buf = [0; MAX_LENGTH];
        buf[..b.len()].copy_from_slice(b);
        Ok(Snn {
            len: b.len() as u8,
            buf,
        })
    }

    /// Whether `text` is a valid style name.
    pub fn is_valid(text: &str) -> bool {
        Snn::parse(text).is_ok()
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        // Only ASCII letters and digits are ever stored.
        std::str::from_utf8(&self.buf[..usize::from(self.len)]).unwrap_or("")
    }

    /// The letters part (`Chess` of `Chess960`).
    pub fn letters(&self) -> &str {
        let s = self.as_str();
        s.trim_end_matches(|c: char| c.is_ascii_digit())
    }

    /// The trailing digits (`960` of `Chess960`; empty when there are none).
    pub fn digits(&self) -> &str {
        &self.as_str()[self.letters().len()..]
    }
}

impl fmt::Display for Snn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Snn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Snn({:?})", self.as_str())
    }
}

impl FromStr for Snn {
    type Err = SnnError;
    fn from_str(s: &str) -> Result<Snn, SnnError> {
        Snn::parse(s)
    }
}

impl AsRef<str> for Snn {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Snn {
    /// Serialises as the name.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Snn {
    /// Deserialises a string with [`Snn::parse`].
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Snn, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Snn;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an SNN style name")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Snn, E> {
                Snn::parse(v).map_err(E::custom)
            }
        }
        d.deserialize_str(Visitor)
    }
}

/// Validates one SNN text and describes it (for `tegoma validate snn`).
pub fn describe(text: &str) -> Result<String, crate::Invalid> {
    let n = Snn::parse(text)?;
    Ok(if n.digits().is_empty() {
        format!("style name {n}")
    } else {
        format!(
            "style name {n} (letters {}, number {})",
            n.letters(),
            n.digits()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// specs.md §7 valid examples.
    #[test]
    fn spec_valid_vectors() {
        for s in ["Chess", "Ogi", "Shogi", "Chess960", "X", "CHESS", "XiangQi"] {
            let n = Snn::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(n.as_str(), s);
            assert_eq!(n.to_string(), s);
        }
    }

    /// specs.md §7 invalid examples, with the error each gives.
    #[test]
    fn spec_invalid_vectors() {
        use SnnError::*;
        let cases: &[(&str, SnnError)] = &[
            ("chess", MustStartUppercase),
            ("", Empty),
            ("Chess_960", InvalidCharacter { at: 5, byte: b'_' }),
            ("Chess 960", InvalidCharacter { at: 5, byte: b' ' }),
            ("960Chess", MustStartUppercase),
            ("Chess9a", LetterAfterDigit { at: 6 }),
            ("Ōgi", MustStartUppercase),
        ];
        for (s, want) in cases {
            assert_eq!(Snn::parse(s), Err(*want), "{s:?}");
        }
    }

    #[test]
    fn length_cap() {
        let max = format!("A{}", "b".repeat(31));
        assert_eq!(Snn::parse(&max).unwrap().as_str(), max);
        let long = format!("A{}", "b".repeat(32));
        assert_eq!(Snn::parse(&long), Err(SnnError::TooLong { len: 33 }));
        assert_eq!(SnnError::TooLong { len: 33 }.kind(), "TooLong");
    }

    #[test]
    fn parts_and_edges() {
        let n = Snn::parse("Chess960").unwrap();
        assert_eq!((n.letters(), n.digits()), ("Chess", "960"));
        let x = Snn::parse("X").unwrap();
        assert_eq!((x.letters(), x.digits()), ("X", ""));
        assert_eq!(Snn::parse("A1").unwrap().digits(), "1");
        assert_eq!(
            Snn::parse("Chess\n"),
            Err(SnnError::InvalidCharacter { at: 5, byte: b'\n' })
        );
        assert_eq!(
            Snn::parse("Ch-ess"),
            Err(SnnError::InvalidCharacter { at: 2, byte: b'-' })
        );
        assert_eq!(
            Snn::parse("Ché"),
            Err(SnnError::InvalidCharacter { at: 2, byte: 0xc3 })
        );
        assert!(Snn::is_valid("Ogi") && !Snn::is_valid("ogi"));
        assert_eq!(
            describe("Chess960").unwrap(),
            "style name Chess960 (letters Chess, number 960)"
        );
        assert_eq!(describe("chess").unwrap_err().kind, "MustStartUppercase");
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_as_string() {
        let n = Snn::parse("Ogi").unwrap();
        assert_eq!(serde_json::to_string(&n).unwrap(), "\"Ogi\"");
        assert_eq!(serde_json::from_str::<Snn>("\"Ogi\"").unwrap(), n);
        assert!(serde_json::from_str::<Snn>("\"ogi\"").is_err());
    }

    proptest::proptest! {
        #[test]
        fn roundtrip(s in "[A-Z][A-Za-z]{0,20}[0-9]{0,10}") {
            let n = Snn::parse(&s).unwrap();
            proptest::prop_assert_eq!(n.to_string(), s.clone());
            proptest::prop_assert_eq!(Snn::parse(n.as_str()), Ok(n));
        }

        #[test]
        fn agrees_with_regex(s in "[A-Za-z0-9_ ]{0,34}") {
            // The spec's regex \A[A-Z][A-Za-z]*[0-9]*\z plus the 32-byte cap, written out.
            let b = s.as_bytes();
            let letters = b.iter().skip(1).take_while(|c| c.is_ascii_alphabetic()).count();
            let want = !b.is_empty()
                && b.len() <= MAX_LENGTH
                && b[0].is_ascii_uppercase()
                && b[1 + letters..].iter().all(|c| c.is_ascii_digit());
            proptest::prop_assert_eq!(Snn::is_valid(&s), want, "{}", s);
        }

        #[test]
        fn never_panics(s in "\\PC{0,40}") {
            let _ = Snn::parse(&s);
        }
    }
}

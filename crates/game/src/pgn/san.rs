//! SAN move tokens as the PGN reader keeps them: lexically checked, normalised, not yet played.

use std::fmt;
use std::str::FromStr;

/// Longest normalised SAN token (`Qh4xe1+`, `exd8=Q#`).
const MAX: usize = 7;

/// One SAN move of a PGN movetext, lexically well formed but not checked against a position
/// (the chess rule system plays it later).
///
/// Accepted shapes: castling `O-O`, `O-O-O` (also written with zeros), a piece move
/// `[KQRBN][a-h]?[1-8]?x?[a-h][1-8]`, a pawn move `[a-h][1-8]` or `[a-h]x[a-h][1-8]` with an
/// optional promotion `=Q` (also written without `=`), each with an optional `+` or `#`; and the
/// null move `--`. The token is normalised: zeros in castling become `O`, a promotion gets its
/// `=`. Annotation suffixes (`!`, `?`) are not part of it.
///
/// The token is a small inline value (no allocation): a million-ply game costs 8 MB.
///
/// ```
/// use tegoma_game::pgn::SanToken;
///
/// let t: SanToken = "0-0-0+".parse().unwrap();
/// assert_eq!(t.as_str(), "O-O-O+");
/// assert_eq!("e8Q".parse::<SanToken>().unwrap().as_str(), "e8=Q");
/// assert!("Xe4".parse::<SanToken>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SanToken {
    len: u8,
    bytes: [u8; MAX],
}

/// Why a token is not a SAN move (the token is given back, cut to 32 characters).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a SAN move: {0:?}")]
pub struct SanLexError(pub String);

impl SanLexError {
    fn of(s: &[u8]) -> SanLexError {
        let cut = &s[..s.len().min(32)];
        SanLexError(String::from_utf8_lossy(cut).into_owned())
    }
}

fn is_file(b: u8) -> bool {
    (b'a'..=b'h').contains(&b)
}

fn is_rank(b: u8) -> bool {
    (b'1'..=b'8').contains(&b)
}

fn is_piece(b: u8) -> bool {
    matches!(b, b'K' | b'Q' | b'R' | b'B' | b'N')
}

fn is_promo(b: u8) -> bool {
    matches!(b, b'Q' | b'R' | b'B' | b'N')
}

impl SanToken {
    /// Parses and normalises one SAN token from bytes.
    pub fn parse_bytes(s: &[u8]) -> Result<SanToken, SanLexError> {
        let err = || SanLexError::of(s);
        let mut out = SanToken {
            len: 0,
            bytes: [0; MAX],
        };
        if s == b"--" {
            out.push_all(b"--");
            return Ok(out);
        }
        let (body, suffix) = match s.last() {
            Some(&c @ (b'+' | b'#')) => (&s[..s.len() - 1], Some(c)),
            _ => (s, None),
        };
        match body {
            b"O-O" | b"0-0" => out.push_all(b"O-O"),
            b"O-O-O" | b"0-0-0" => out.push_all(b"O-O-O"),
            [p, rest @ ..] if is_piece(*p) => {
                if rest.len() < 2 || rest.len() > 5 {
                    return Err(err());
                }
                let (middle, sq) = rest.split_at(rest.len() - 2);
                if !(is_file(sq[0]) && is_rank(sq[1])) {
                    return Err(err());
                }
                let mut i = 0;
                let from_file = middle.first().copied().filter(|&b| is_file(b));
                i += from_file.is_some() as usize;
                let from_rank = middle.get(i).copied().filter(|&b| is_rank(b));
                i += from_rank.is_some() as usize;
                let capture = middle.get(i) == Some(&b'x');
                i += capture as usize;
                if i != middle.len() {
                    return Err(err());
                }
                out.push(*p);
                out.push_all(middle);
                out.push_all(sq);
            }
            [f, ..] if is_file(*f) => {
                let (rest, promo) = match body.last() {
                    Some(&q) if is_promo(q) => {
                        let r = &body[..body.len() - 1];
                        (r.strip_suffix(b"=").unwrap_or(r), Some(q))
                    }
                    _ => (body, None),
                };
                match rest {
                    [f, r] if is_file(*f) && is_rank(*r) => out.push_all(rest),
                    [f, b'x', g, r] if is_file(*f) && is_file(*g) && is_rank(*r) => {
                        out.push_all(rest)
                    }
                    _ => return Err(err()),
                }
                if let Some(q) = promo {
                    out.push(b'=');
                    out.push(q);
                }
            }
            _ => return Err(err()),
        }
        if let Some(c) = suffix {
            out.push(c);
        }
        Ok(out)
    }

    fn push(&mut self, b: u8) {
        // Callers never exceed MAX (the shapes above are at most 7 bytes long).
        if let Some(slot) = self.bytes.get_mut(self.len as usize) {
            *slot = b;
            self.len += 1;
        }
    }

    fn push_all(&mut self, bs: &[u8]) {
        for &b in bs {
            self.push(b);
        }
    }

    /// The normalised token text.
    pub fn as_str(&self) -> &str {
        // Only ASCII bytes are ever stored.
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }

    /// Whether the token is a castling move (`O-O` or `O-O-O`, with or without check sign).
    pub fn is_castling(&self) -> bool {
        self.bytes[0] == b'O'
    }

    /// Whether the token ends in a check (`+`) or mate (`#`) sign.
    pub fn gives_check(&self) -> bool {
        matches!(self.bytes[self.len as usize - 1], b'+' | b'#')
    }

    /// Whether the token is the null move `--`.
    pub fn is_null(&self) -> bool {
        self.as_str() == "--"
    }
}

impl FromStr for SanToken {
    type Err = SanLexError;

    fn from_str(s: &str) -> Result<SanToken, SanLexError> {
        SanToken::parse_bytes(s.as_bytes())
    }
}

impl fmt::Display for SanToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for SanToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SanToken({:?})", self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> String {
        s.parse::<SanToken>()
            .unwrap_or_else(|e| panic!("{s}: {e}"))
            .to_string()
    }

    #[test]
    fn accepts_standard_shapes() {
        for s in [
            "e4", "exd5", "Nf3", "Nbd7", "R1e2", "Qh4e1", "Qh4xe1+", "Bxc6", "Qh5+", "e8=Q#",
            "exd8=N+", "O-O", "O-O-O#", "Kxe2", "a1=R", "--",
        ] {
            assert_eq!(ok(s), s);
        }
    }

    #[test]
    fn normalises_variants() {
        assert_eq!(ok("0-0"), "O-O");
        assert_eq!(ok("0-0-0+"), "O-O-O+");
        assert_eq!(ok("e8Q"), "e8=Q");
        assert_eq!(ok("dxc1N#"), "dxc1=N#");
    }

    #[test]
    fn rejects_non_moves() {
        for s in [
            "", "e", "e9", "i4", "Xe4", "Nxx4", "Nf", "exd", "e4=K", "e8=", "O-O-O-O", "Qa1b2c3",
            "+", "#", "ex", "Pe4", "e4++", "N1ae4", "Nfxd7x", "hello", "1-0", "--+",
        ] {
            assert!(s.parse::<SanToken>().is_err(), "{s} should be refused");
        }
    }

    #[test]
    fn flags() {
        let t = ok_token("O-O+");
        assert!(t.is_castling() && t.gives_check() && !t.is_null());
        assert!(ok_token("--").is_null());
        assert!(!ok_token("e4").gives_check());
    }

    fn ok_token(s: &str) -> SanToken {
        s.parse().unwrap()
    }
}

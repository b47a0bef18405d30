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

/// Whether `s` is a SAN token already in normal form (the common case, read without building
/// the token byte by byte).
#[inline]
fn is_canonical(s: &[u8]) -> bool {
    if s == b"--" {
        return true;
    }
    let body = match s.split_last() {
        Some((b'+' | b'#', body)) => body,
        _ => s,
    };
    let sq = |f: u8, r: u8| is_file(f) && is_rank(r);
    match *body {
        [b'O', b'-', b'O'] | [b'O', b'-', b'O', b'-', b'O'] => true,
        [p, ref rest @ ..] if is_piece(p) => match *rest {
            [f, r] => sq(f, r),
            [a, f, r] => (is_file(a) || is_rank(a) || a == b'x') && sq(f, r),
            [a, b, f, r] => {
                (is_file(a) && is_rank(b) || (is_file(a) || is_rank(a)) && b == b'x') && sq(f, r)
            }
            [a, b, b'x', f, r] => sq(a, b) && sq(f, r),
            _ => false,
        },
        [f, r] => sq(f, r),
        [f, r, b'=', q] => sq(f, r) && is_promo(q),
        [f, b'x', g, r] => is_file(f) && sq(g, r),
        [f, b'x', g, r, b'=', q] => is_file(f) && sq(g, r) && is_promo(q),
        _ => false,
    }
}

impl SanToken {
    /// Parses and normalises one SAN token from bytes.
    pub fn parse_bytes(s: &[u8]) -> Result<SanToken, SanLexError> {
        match SanToken::parse_normal(s) {
            Some(t) => Ok(t),
            None => SanToken::parse_general(s),
        }
    }

    /// A token already in normal form (the common case); `None` for anything else, which
    /// [`SanToken::parse_bytes`] may still accept.
    #[inline(always)]
    pub(crate) fn parse_normal(s: &[u8]) -> Option<SanToken> {
        if s.len() > MAX || !is_canonical(s) {
            return None;
        }
        // Packed in a register, stored once.
        let mut v = 0u64;
        for (i, &b) in s.iter().enumerate() {
            v |= (b as u64) << (8 * i);
        }
        let b = v.to_le_bytes();
        Some(SanToken {
            len: s.len() as u8,
            bytes: [b[0], b[1], b[2], b[3], b[4], b[5], b[6]],
        })
    }

    /// [`SanToken::parse_bytes`] for any shape, normalising it.
    fn parse_general(s: &[u8]) -> Result<SanToken, SanLexError> {
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

    /// The normalised token's bytes (ASCII).
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len as usize]
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

/// The parts of a SAN move, for matching it against a position's legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SanMove {
    /// Castling: `O-O` (kingside) or `O-O-O` (queenside, `long`).
    Castle {
        /// Queenside.
        long: bool,
    },
    /// The null move `--`.
    Null,
    /// Any other move.
    Normal {
        /// The moving piece: `P` (pawn), `N`, `B`, `R`, `Q` or `K`.
        piece: char,
        /// Disambiguating origin file, 0 for `a` to 7 for `h`.
        from_file: Option<u8>,
        /// Disambiguating origin rank, 0 for `1` to 7 for `8`.
        from_rank: Option<u8>,
        /// Written as a capture (`x`).
        capture: bool,
        /// Destination file, 0 for `a` to 7 for `h`.
        to_file: u8,
        /// Destination rank, 0 for `1` to 7 for `8`.
        to_rank: u8,
        /// Promotion piece: `Q`, `R`, `B` or `N`.
        promotion: Option<char>,
    },
}

impl SanToken {
    /// The token's parts (the check sign is left out: see [`SanToken::gives_check`]).
    ///
    /// ```
    /// use tegoma_game::pgn::{SanMove, SanToken};
    ///
    /// let t: SanToken = "exd8=N+".parse().unwrap();
    /// assert_eq!(t.parts(), SanMove::Normal {
    ///     piece: 'P', from_file: Some(4), from_rank: None, capture: true,
    ///     to_file: 3, to_rank: 7, promotion: Some('N'),
    /// });
    /// ```
    pub fn parts(&self) -> SanMove {
        let mut b = &self.bytes[..self.len as usize];
        if let Some((&(b'+' | b'#'), rest)) = b.split_last() {
            b = rest;
        }
        match b {
            b"--" => return SanMove::Null,
            b"O-O" => return SanMove::Castle { long: false },
            b"O-O-O" => return SanMove::Castle { long: true },
            _ => {}
        }
        let mut promotion = None;
        if let [rest @ .., b'=', q] = b {
            promotion = Some(*q as char);
            b = rest;
        }
        let (piece, rest) = match b {
            [p, rest @ ..] if is_piece(*p) => (*p as char, rest),
            _ => ('P', b),
        };
        // The normalised shapes end in the destination square.
        let (middle, sq) = rest.split_at(rest.len().saturating_sub(2));
        let (to_file, to_rank) = match sq {
            [f, r] => (f.wrapping_sub(b'a'), r.wrapping_sub(b'1')),
            _ => (0, 0),
        };
        let mut from_file = None;
        let mut from_rank = None;
        let mut capture = false;
        for &c in middle {
            match c {
                b'x' => capture = true,
                _ if is_file(c) => from_file = Some(c - b'a'),
                _ if is_rank(c) => from_rank = Some(c - b'1'),
                _ => {}
            }
        }
        SanMove::Normal {
            piece,
            from_file,
            from_rank,
            capture,
            to_file,
            to_rank,
            promotion,
        }
    }
}

impl AsRef<[u8]> for SanToken {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
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

    #[test]
    fn parts() {
        let n =
            |piece, from_file, from_rank, capture, to_file, to_rank, promotion| SanMove::Normal {
                piece,
                from_file,
                from_rank,
                capture,
                to_file,
                to_rank,
                promotion,
            };
        assert_eq!(
            ok_token("e4").parts(),
            n('P', None, None, false, 4, 3, None)
        );
        assert_eq!(
            ok_token("a8=Q#").parts(),
            n('P', None, None, false, 0, 7, Some('Q'))
        );
        assert_eq!(
            ok_token("Nbd7").parts(),
            n('N', Some(1), None, false, 3, 6, None)
        );
        assert_eq!(
            ok_token("R1e2").parts(),
            n('R', None, Some(0), false, 4, 1, None)
        );
        assert_eq!(
            ok_token("Qh4xe1+").parts(),
            n('Q', Some(7), Some(3), true, 4, 0, None)
        );
        assert_eq!(
            ok_token("Kxh8").parts(),
            n('K', None, None, true, 7, 7, None)
        );
        assert_eq!(ok_token("O-O-O+").parts(), SanMove::Castle { long: true });
        assert_eq!(ok_token("0-0").parts(), SanMove::Castle { long: false });
        assert_eq!(ok_token("--").parts(), SanMove::Null);
    }

    /// The shortcut for tokens in normal form agrees with the general reader on every string of
    /// up to 5 bytes over an alphabet of SAN characters (and on random longer ones).
    #[test]
    fn canonical_shortcut_agrees_with_general_reader() {
        const ALPHABET: &[u8] = b"aeh18x=QNK+#O-0B";
        let check = |s: &[u8]| {
            let general = SanToken::parse_general(s);
            if s.len() <= MAX && is_canonical(s) {
                let t = general.clone().unwrap_or_else(|e| panic!("{s:?}: {e}"));
                assert_eq!(t.as_bytes(), s);
            } else if let Ok(t) = &general {
                assert_ne!(t.as_bytes(), s, "{:?} is normal but missed", t.as_str());
            }
            assert_eq!(SanToken::parse_bytes(s), general);
        };
        let n = ALPHABET.len();
        for len in 0..=5u32 {
            for mut code in 0..n.pow(len) {
                let mut s = Vec::new();
                for _ in 0..len {
                    s.push(ALPHABET[code % n]);
                    code /= n;
                }
                check(&s);
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = 6 + (x % 3) as usize;
            let s: Vec<u8> = (0..len)
                .map(|i| ALPHABET[(x >> (8 + 5 * i)) as usize % n])
                .collect();
            check(&s);
        }
    }

    fn ok_token(s: &str) -> SanToken {
        s.parse().unwrap()
    }
}

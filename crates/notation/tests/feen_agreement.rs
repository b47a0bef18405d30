//! `validate(Kind::Feen, s)` agrees with a direct `sashite-feen` parse on 100,000+ generated
//! strings: valid FEEN of 1 to 3 dimensions (built here from the spec's rules, independently of
//! the crate) and near-valid mutations of them (byte flips, insertions, deletions, swapped hand
//! items, bad counts, spacing faults).
//!
//! Agreement means: both accept or both reject; on rejection the reported kind equals the
//! crate's error variant name (taken from its `Debug` text, not from our mapping); on acceptance
//! our description states the crate's square count, piece count and side to move.

use sashite_feen::Feen;
use tegoma_notation::validate::{validate, Kind};

/// SplitMix64: a small seeded generator, enough for test data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// A piece token: letter, case, state (`-`, `+` or none), terminal, derived.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Tok {
    letter: u8,
    upper: bool,
    state: u8,
    terminal: bool,
    derived: bool,
}

impl Tok {
    fn random(r: &mut Rng, letters: usize) -> Tok {
        Tok {
            letter: b'a' + r.below(letters) as u8,
            upper: r.chance(50),
            state: [b'-', b'+', 0][r.below(3)],
            terminal: r.chance(10),
            derived: r.chance(10),
        }
    }
    fn write(self, out: &mut String) {
        if self.state != 0 {
            out.push(self.state as char);
        }
        let c = if self.upper {
            self.letter.to_ascii_uppercase()
        } else {
            self.letter
        };
        out.push(c as char);
        if self.terminal {
            out.push('^');
        }
        if self.derived {
            out.push('\'');
        }
    }
    /// The canonical hand order of specs.md §11.3, keys 2 to 6.
    fn key(self) -> (u8, bool, u8, bool, bool) {
        let state_rank = match self.state {
            b'-' => 0,
            b'+' => 1,
            _ => 2,
        };
        (
            self.letter,
            !self.upper,
            state_rank,
            self.terminal,
            self.derived,
        )
    }
}

/// A valid FEEN string: shape of 1-3 dimensions (every dimension but the innermost >= 2),
/// random pieces, canonical hands, opposite-case styles.
fn valid_feen(r: &mut Rng) -> String {
    let dims: Vec<usize> = match r.below(3) {
        0 => vec![1 + r.below(12)],
        1 => vec![2 + r.below(8), 1 + r.below(10)],
        _ => vec![2 + r.below(3), 2 + r.below(3), 1 + r.below(5)],
    };
    let squares: usize = dims.iter().product();
    let density = r.below(80);
    let letters = 1 + r.below(26);
    let board: Vec<Option<Tok>> = (0..squares)
        .map(|_| r.chance(density).then(|| Tok::random(r, letters)))
        .collect();
    let on_board = board.iter().flatten().count();

    let mut out = String::new();
    let rank_len = *dims.last().unwrap();
    for (i, rank) in board.chunks(rank_len).enumerate() {
        if i > 0 {
            let per_layer = if dims.len() == 3 { dims[1] } else { usize::MAX };
            out.push_str(if i % per_layer == 0 { "//" } else { "/" });
        }
        let mut empties = 0;
        for sq in rank {
            match sq {
                None => empties += 1,
                Some(t) => {
                    if empties > 0 {
                        out.push_str(&empties.to_string());
                        empties = 0;
                    }
                    t.write(&mut out);
                }
            }
        }
        if empties > 0 {
            out.push_str(&empties.to_string());
        }
    }

    out.push(' ');
    let mut room = squares - on_board;
    for hand in 0..2 {
        if hand == 1 {
            out.push('/');
        }
        let mut items: Vec<(usize, Tok)> = Vec::new();
        for _ in 0..r.below(5) {
            if room == 0 {
                break;
            }
            let t = Tok::random(r, letters.min(6));
            let n = 1 + r.below(room.min(4));
            room -= n;
            match items.iter_mut().find(|(_, u)| *u == t) {
                Some(item) => item.0 += n,
                None => items.push((n, t)),
            }
        }
        items.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.key().cmp(&b.1.key())));
        for (n, t) in items {
            if n > 1 {
                out.push_str(&n.to_string());
            }
            t.write(&mut out);
        }
    }

    out.push(' ');
    let a = b'a' + r.below(26) as u8;
    let b = b'a' + r.below(26) as u8;
    let (a, b) = if r.chance(50) {
        (a.to_ascii_uppercase(), b)
    } else {
        (a, b.to_ascii_uppercase())
    };
    out.push(a as char);
    out.push('/');
    out.push(b as char);
    out
}

const ALPHABET: &[u8] = b"0123456789/ +-^'KkPpQq*.\xC3aZ\n";

/// A near-valid mutation of `s`.
fn mutate(r: &mut Rng, s: &str) -> String {
    let mut b: Vec<u8> = s.as_bytes().to_vec();
    let pick = |r: &mut Rng| ALPHABET[r.below(ALPHABET.len())];
    for _ in 0..1 + r.below(2) {
        match r.below(8) {
            // Byte flip.
            0 if !b.is_empty() => {
                let i = r.below(b.len());
                b[i] = pick(r);
            }
            // Insertion.
            1 => {
                let i = r.below(b.len() + 1);
                b.insert(i, pick(r));
            }
            // Deletion.
            2 if !b.is_empty() => {
                let i = r.below(b.len());
                b.remove(i);
            }
            // Swap two adjacent hand tokens' first bytes / any two bytes in the hands field.
            3 => {
                let hands_at = b.iter().position(|&c| c == b' ').map_or(0, |i| i + 1);
                let end = b.iter().rposition(|&c| c == b' ').unwrap_or(b.len());
                if end > hands_at + 1 {
                    let i = hands_at + r.below(end - hands_at);
                    let j = hands_at + r.below(end - hands_at);
                    b.swap(i, j);
                }
            }
            // Bad hand count: insert 0, 1 or a leading zero before a hand item.
            4 => {
                let hands_at = b.iter().position(|&c| c == b' ').map_or(0, |i| i + 1);
                let bad: &[u8] = [&b"1"[..], b"0", b"02", b"3"][r.below(4)];
                let at = hands_at.min(b.len());
                b.splice(at..at, bad.iter().copied());
            }
            // Duplicate a hand item (aggregation fault).
            5 => {
                let hands_at = b.iter().position(|&c| c == b' ').map_or(0, |i| i + 1);
                if let Some(&c) = b.get(hands_at) {
                    if c.is_ascii_alphabetic() {
                        b.insert(hands_at, c);
                    }
                }
            }
            // Spacing faults.
            6 => match r.below(3) {
                0 => b.insert(0, b' '),
                1 => b.push(b' '),
                _ => {
                    if let Some(i) = b.iter().position(|&c| c == b' ') {
                        b.insert(i, b' ');
                    }
                }
            },
            // Bad empty count in the placement.
            _ => {
                let bad: &[u8] = [&b"0"[..], b"08", b"256", b"300"][r.below(4)];
                let at = r.below(b.iter().position(|&c| c == b' ').unwrap_or(0) + 1);
                b.splice(at..at, bad.iter().copied());
            }
        }
    }
    // The alphabet has one non-ASCII byte; lossy conversion keeps the result a `str` (U+FFFD).
    String::from_utf8_lossy(&b).into_owned()
}

/// Checks one string; returns whether it was valid.
fn agree(s: &str) -> bool {
    let ours = validate(Kind::Feen, s);
    match Feen::parse(s) {
        Ok(f) => {
            let desc = ours.unwrap_or_else(|e| panic!("{s:?}: crate accepts, we reject: {e}"));
            let side = match f.active_side() {
                sashite_feen::Side::First => "first to move",
                sashite_feen::Side::Second => "second to move",
            };
            assert!(
                desc.contains(&format!("({} squares)", f.square_count())),
                "{s:?}: {desc}"
            );
            assert!(
                desc.contains(&format!(", {} pieces (", f.piece_count())),
                "{s:?}: {desc}"
            );
            assert!(desc.contains(side), "{s:?}: {desc}");
            true
        }
        Err(e) => {
            let ours = ours.expect_err(s);
            assert_eq!(ours.kind, format!("{e:?}"), "{s:?}");
            false
        }
    }
}

#[test]
fn feen_validate_agrees_with_sashite_feen() {
    let mut r = Rng(0x7E60_3A5E_ED00_F00D);
    let (mut total, mut valid, mut generated_valid) = (0, 0, 0);
    let mut kinds = std::collections::BTreeSet::new();
    while total < 100_000 {
        let s = valid_feen(&mut r);
        assert!(
            Feen::parse(&s).is_ok(),
            "generator made an invalid FEEN: {s:?} ({:?})",
            Feen::parse(&s).err()
        );
        generated_valid += 1;
        total += 1;
        valid += usize::from(agree(&s));
        for _ in 0..4 {
            let m = mutate(&mut r, &s);
            total += 1;
            if agree(&m) {
                valid += 1;
            } else if let Err(e) = Feen::parse(&m) {
                kinds.insert(format!("{e:?}"));
            }
        }
    }
    eprintln!("total {total}, valid {valid}, generated {generated_valid}, classes {kinds:?}");
    assert!(total >= 100_000);
    assert!(generated_valid >= 20_000);
    // The mutations are near-valid: some survive, most do not, and they reach many classes.
    assert!(
        valid > generated_valid && valid < total,
        "{valid} / {total}"
    );
    assert!(kinds.len() >= 15, "error classes reached: {kinds:?}");
}

/// The fixed vectors of specs.md §11.7 through the same check.
#[test]
fn spec_vectors_agree() {
    for s in [
        "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c",
        "k^+p4+PK^ / C/c",
        "a/b//c/d / G/g",
        "8/8 -P+PP/ C/c",
        "rkr//PPPP / G/g",
        "8/8 K^'K^/ C/c",
        "K^ K/ C/c",
        "8/8 / C/é",
        "",
    ] {
        agree(s);
    }
}

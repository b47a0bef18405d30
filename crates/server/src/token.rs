//! Seat tokens: 256 random bits, given once to the player, stored as a SHA-256 hash.

use sha2::{Digest, Sha256};

/// A fresh seat token: 32 random bytes from the operating system, in lowercase hex.
///
/// # Errors
/// When the operating system's random source fails.
pub fn fresh() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

/// A fresh game identifier: 12 random bytes (96 bits), in lowercase hex.
///
/// # Errors
/// When the operating system's random source fails.
pub fn fresh_id() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

/// The stored form of a token: its SHA-256, in lowercase hex.
pub fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Compares two hashes without an early exit.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_bits_and_distinct() {
        let a = fresh().unwrap();
        let b = fresh().unwrap();
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert!(same(&hash(&a), &hash(&a)));
        assert!(!same(&hash(&a), &hash(&b)));
    }

    #[test]
    fn sha256_of_a_known_vector() {
        // FIPS 180-2, appendix B.1.
        assert_eq!(
            hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}

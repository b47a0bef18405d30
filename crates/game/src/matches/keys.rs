//! A hasher for Zobrist keys (already uniformly distributed: no need for SipHash).

use std::hash::{BuildHasherDefault, Hasher};

/// Passes a `u64` key through, mixed once.
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    #[inline]
    fn write_u64(&mut self, k: u64) {
        self.0 = (self.0 ^ k).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// The map type of position counts.
pub(crate) type KeyMap<V> = std::collections::HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

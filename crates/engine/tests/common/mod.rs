//! Helpers shared by the engine's integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A writer whose bytes can be read after the session that owned it ended.
#[derive(Clone, Default)]
pub struct Capture(pub Arc<Mutex<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Capture {
    pub fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

/// Runs a protocol session (recognised from the first line) on `input`; returns the output
/// lines.
pub fn session(input: &str) -> Vec<String> {
    session_bytes(input.as_bytes())
}

/// [`session`] on any bytes (invalid UTF-8, overlong lines).
pub fn session_bytes(input: &[u8]) -> Vec<String> {
    let out = Capture::default();
    tegoma_engine::protocol::run(input, out.clone()).unwrap();
    out.text().lines().map(str::to_string).collect()
}

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

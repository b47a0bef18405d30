//! PGN: the streaming reader never panics, and every game it reads survives write then read.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tegoma_pgn::fuzz_read_write(data);
});

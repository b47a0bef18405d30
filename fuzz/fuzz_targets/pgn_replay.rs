//! PGN replay: every game read is replayed through the SAN fast path and move by move through the
//! full SAN reader; the two agree (plies, first bad ply, statuses, final FEEN) and never panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tegoma_pgn::replay::fuzz_replay(data);
});

//! The engine's protocol sessions (`tegoma engine`): UCI or SEI, recognised from the first
//! line, then every command read from the fuzzer's bytes (not always UTF-8: UCI answers such a
//! line as a bad command and goes on; SEI ends the session with a fatal error, a normal end).
//! A `quit` (UCI) and a line SEI refuses as a fatal envelope error are added at the end, so the
//! searches a `go` or `search` starts are stopped and the session ends: no panic, no hang. Lines
//! that mention the hash table are left out: its size may legitimately be set up to 4 GiB (the
//! option's maximum), beyond the fuzzer's memory limit.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut input: Vec<u8> = data
        .split(|&b| b == b'\n')
        .filter(|l| !l.to_ascii_lowercase().windows(4).any(|w| w == b"hash"))
        .flat_map(|l| [l, b"\n"])
        .flatten()
        .copied()
        .collect();
    input.extend_from_slice(b"quit\n{\"type\":\"quit\"}\n");
    // An error is SEI's fatal end of a session (reading from memory does not fail otherwise).
    let _ = tegoma_engine::protocol::run(std::io::Cursor::new(input), std::io::sink());
});

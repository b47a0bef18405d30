//! The engine's protocol sessions (`tegoma engine`): UCI or SEI, recognised from the first
//! line, then every command read from the fuzzer's text. A `quit` in both protocols is added
//! at the end, so the searches a `go` or `search` starts are stopped and the session ends: no
//! panic, no hang. Lines that mention the hash table are left out: its size may legitimately be
//! set up to 4 GiB (the option's maximum), beyond the fuzzer's memory limit.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut input: String = text
        .lines()
        .filter(|l| !l.to_ascii_lowercase().contains("hash"))
        .flat_map(|l| [l, "\n"])
        .collect();
    input.push_str("quit\n{\"type\":\"quit\"}\n");
    tegoma_engine::protocol::run(std::io::Cursor::new(input.into_bytes()), std::io::sink())
        .expect("reading from memory does not fail");
});

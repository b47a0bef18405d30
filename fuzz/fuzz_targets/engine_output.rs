//! What an engine prints, as the match runner reads it: the bytes are an engine's standard
//! output, split into lines as every engine's output is (`process::read_lines`), each line then
//! read as UCI (`info` summaries, `bestmove`, the move read against a legal list) and as SEI
//! (a JSON object, its `info` summary and `bestmove` move). No panic; no line longer than
//! `MAX_LINE`; never more lines than line ends plus one; a move read back is one of the legal
//! list's.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tegoma_arena::dialect::Dialect;
use tegoma_arena::process::{read_lines, MAX_LINE};
use tegoma_arena::{sei, uci};

fuzz_target!(|data: &[u8]| {
    let legal = [
        ("e2e4".to_string(), "e2-e4".to_string()),
        ("e7e8q".to_string(), "e7-e8=Q".to_string()),
        ("P@e5".to_string(), "P*e5".to_string()),
    ];
    let ends = data.iter().filter(|&&b| b == b'\n').count();
    let mut lines = 0;
    read_lines(data, |line| {
        lines += 1;
        // Invalid UTF-8 becomes U+FFFD (3 bytes for 1), so the bound is on the bytes read.
        assert!(line.len() <= 3 * MAX_LINE, "a line of {} bytes", line.len());
        assert!(!line.ends_with('\n'));
        let _ = uci::info_summary(&line);
        if let Some(text) = uci::best_move(&line) {
            for d in [Dialect::Chess, Dialect::FairyOgi] {
                if let Some(pmn) = d.read_move(&legal, text) {
                    assert!(legal.iter().any(|(_, p)| *p == pmn));
                }
            }
        }
        if let Ok(Some(m)) = sei::read_message(&line) {
            let _ = sei::info_summary(&m);
            let _ = sei::move_text(&m);
        }
        true
    });
    assert!(lines <= ends + 1, "{lines} lines from {ends} line ends");
});

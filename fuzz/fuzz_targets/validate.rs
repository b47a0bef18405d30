//! `validate`: the first byte picks the notation, the rest is the text (and, read as lines, the
//! stdin mode's input). No panic; one output line per input line.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tegoma_notation::validate::{validate, validate_lines, Kind};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let kind = Kind::ALL[usize::from(first) % Kind::ALL.len()];
    if let Ok(text) = std::str::from_utf8(rest) {
        if let Ok(desc) = validate(kind, text) {
            assert!(!desc.contains('\n') || kind.is_document());
        }
    }
    if !kind.is_document() {
        let mut out = Vec::new();
        let n = validate_lines(kind, rest, &mut out).expect("in-memory I/O cannot fail");
        assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), n);
    }
});

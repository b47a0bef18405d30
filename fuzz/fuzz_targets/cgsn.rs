//! CGSN: no panic; accepted statuses and sets print back canonically and reparse.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tegoma_notation::cgsn::{Status, StatusSet};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(s) = text.parse::<Status>() {
        assert_eq!(s.to_string(), text);
    }
    if let Ok(set) = text.parse::<StatusSet>() {
        let printed = set.to_string();
        assert_eq!(printed.parse::<StatusSet>(), Ok(set));
    }
    let _ = tegoma_notation::validate::validate(tegoma_notation::validate::Kind::Cgsn, text);
});

//! GGN: `describe` never panics, whatever the input.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = tegoma_notation::ggn::describe(text);
    }
});

//! CELL: no panic; an accepted coordinate formats back to the same bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tegoma_notation::cell::Cell;

fuzz_target!(|data: &[u8]| {
    if let Ok(c) = Cell::parse_bytes(data) {
        assert_eq!(c.to_string().as_bytes(), data);
        assert_eq!(Cell::new(c.indices()), Some(c));
    }
});

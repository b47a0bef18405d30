//! SNN: no panic; an accepted name is kept verbatim and within 32 bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tegoma_notation::snn::Snn;

fuzz_target!(|data: &[u8]| {
    if let Ok(n) = Snn::parse_bytes(data) {
        assert_eq!(n.as_str().as_bytes(), data);
        assert!(data.len() <= tegoma_notation::snn::MAX_LENGTH);
        assert_eq!(format!("{}{}", n.letters(), n.digits()), n.as_str());
    }
});

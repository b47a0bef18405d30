//! FEEN: no panic; `validate` agrees with `sashite-feen`; an accepted position re-encodes to
//! the same string (FEEN is canonical).
#![no_main]
use libfuzzer_sys::fuzz_target;
use tegoma_notation::validate::{validate, Kind};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let ours = validate(Kind::Feen, text);
    match sashite_feen::Feen::parse(text) {
        Ok(f) => {
            assert!(ours.is_ok());
            assert_eq!(sashite_feen::encode(&f.to_qi()).as_deref(), Ok(text));
        }
        Err(e) => assert_eq!(ours.unwrap_err().kind, format!("{e:?}")),
    }
});

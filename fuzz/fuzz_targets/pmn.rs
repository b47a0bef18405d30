//! PMN: no panic; what the strict parser accepts is canonical; the lenient parser agrees with it
//! and its result formats to strict PMN.
#![no_main]
use libfuzzer_sys::fuzz_target;
use tegoma_notation::pmn::{Normalisation, Pmn};

fuzz_target!(|data: &[u8]| {
    let strict = Pmn::parse_bytes(data);
    if let Ok(m) = &strict {
        assert_eq!(m.encode().as_bytes(), data, "strict PMN is canonical");
        assert_eq!(m.to_string().as_bytes(), data);
    }
    if let Ok(text) = std::str::from_utf8(data) {
        match (Pmn::parse_lenient(text), &strict) {
            (Ok((m, n)), Ok(s)) => {
                assert_eq!(&m, s);
                assert_eq!(n, Normalisation::NONE);
            }
            (Ok((m, n)), Err(_)) => {
                assert!(
                    !n.is_empty(),
                    "lenient accepted a strict error without a rewrite"
                );
                assert_eq!(Pmn::parse(&m.to_string()), Ok(m));
            }
            (Err(_), Ok(_)) => panic!("lenient rejected strict PMN"),
            (Err(_), Err(_)) => {}
        }
        let _ = tegoma_notation::pmn::describe(text);
    }
});

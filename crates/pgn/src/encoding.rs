//! Text that is not UTF-8, read as Windows-1252 (ruling R10).

/// The characters of Windows-1252's bytes 0x80 to 0x9F (the five bytes it leaves undefined
/// read as the C1 control of the same number, as the WHATWG encoding standard does); every
/// other byte is the Latin-1 character of the same number.
const HIGH: [char; 32] = [
    '\u{20AC}', '\u{0081}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008D}', '\u{017D}', '\u{008F}',
    '\u{0090}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}', '\u{009D}', '\u{017E}', '\u{0178}',
];

/// Bytes as text: UTF-8 when they are (the common case, copied as they are), else read as
/// Windows-1252 (`true` in the second field).
pub(crate) fn decode(bytes: &[u8]) -> (String, bool) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_owned(), false),
        Err(_) => (
            bytes
                .iter()
                .map(|&b| match b {
                    0x80..=0x9F => HIGH[(b - 0x80) as usize],
                    _ => b as char,
                })
                .collect(),
            true,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn utf8_is_kept_and_latin1_is_read_as_windows_1252() {
        assert_eq!(decode("Müller".as_bytes()), ("Müller".to_string(), false));
        assert_eq!(decode(b"M\xfcller"), ("Müller".to_string(), true));
        // Bytes 0x80-0x9F are Windows-1252's, not Latin-1's C1 controls.
        assert_eq!(
            decode(b"\x80 \x93x\x94 \x9f"),
            ("€ “x” Ÿ".to_string(), true)
        );
    }
}

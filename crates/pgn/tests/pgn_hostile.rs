//! Hostile PGN: truncated files, unterminated constructs, deep nesting, huge numbers, endless
//! input and a million-ply game. Every case gives games or typed errors, never a panic, a hang or
//! an unbounded allocation.

use std::io::{self, BufReader, Read};

use tegoma_pgn::{game_to_string, Limits, PgnError, PgnErrorKind, PgnGame, PgnReader, PgnResult};

fn read_all(data: &[u8]) -> Vec<Result<PgnGame, PgnError>> {
    PgnReader::new(data).collect()
}

const THREE: &str = "[Event \"one\"]\n[Site \"?\"]\n\n1. e4 e5 {comment} 2. Nf3 (2. f4 exf4) Nc6 $1 3. Bb5 a6 1-0\n\n\
[Event \"two\"]\n[White \"A \\\"B\\\"\"]\n\n1. d4 d5 2. c4 ; line comment\n2... e6 3. Nc3 Nf6 1/2-1/2\n\n\
[Event \"three\"]\n\n1. c4 e5 2. g3 Nf6 3. Bg2 d5 0-1\n";

#[test]
fn truncated_at_every_byte() {
    let full: Vec<PgnGame> = read_all(THREE.as_bytes())
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(full.len(), 3);
    let bytes = THREE.as_bytes();
    for cut in 0..=bytes.len() {
        let games = read_all(&bytes[..cut]);
        assert!(games.len() <= 3, "cut {cut}");
        // Every game that ended before the cut is read exactly as in the whole file.
        let complete = [
            THREE.find("\n\n[Event \"two\"]").unwrap(),
            THREE.find("\n\n[Event \"three\"]").unwrap(),
            THREE.len() - 1,
        ];
        for (g, &end) in complete.iter().enumerate() {
            if cut > end {
                assert_eq!(games[g].as_ref().unwrap(), &full[g], "cut {cut} game {g}");
            }
        }
    }
}

#[test]
fn unterminated_constructs_at_end_of_file() {
    let cases: &[(&str, PgnErrorKind)] = &[
        ("[Event \"abc", PgnErrorKind::UnterminatedString),
        ("[Event \"abc\"", PgnErrorKind::BadTag("missing ']'")),
        ("[Event", PgnErrorKind::BadTag("missing tag value string")),
        ("1. e4 {abc", PgnErrorKind::UnterminatedComment),
        ("1. e4 (1. d4", PgnErrorKind::UnterminatedVariation),
        ("1. e4 $", PgnErrorKind::InvalidNag),
    ];
    for (text, kind) in cases {
        let games = read_all(text.as_bytes());
        assert_eq!(games.len(), 1, "{text}");
        assert_eq!(&games[0].as_ref().unwrap_err().kind, kind, "{text}");
    }
}

#[test]
fn recovery_goes_on_with_the_next_game() {
    let text = format!(
        "[Event \"bad\"]\n1. e4 ) e5 *\n[Site \"x\"]\n1. d4 *\n{THREE}[Event \"bad2\"]\n1. e4 {{ unterminated\n"
    );
    let games = read_all(text.as_bytes());
    // bad (skipped up to "[Event \"one\"]"), one, two, three, bad2.
    assert_eq!(games.len(), 5, "{games:?}");
    assert_eq!(
        games[0].as_ref().unwrap_err().kind,
        PgnErrorKind::UnexpectedVariationEnd
    );
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("one"));
    assert_eq!(games[3].as_ref().unwrap().tag("Event"), Some("three"));
    let e = games[4].as_ref().unwrap_err();
    assert_eq!(
        (e.kind.clone(), e.line),
        (PgnErrorKind::UnterminatedComment, 20)
    );
}

#[test]
fn ten_thousand_deep_parentheses() {
    let deep = format!(
        "1. e4 {}e5{} 1-0\n[Event \"next\"]\n1. d4 *",
        "(".repeat(10_000),
        ")".repeat(10_000)
    );
    let games = read_all(deep.as_bytes());
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0].as_ref().unwrap_err().kind,
        PgnErrorKind::VariationTooDeep(256)
    );
    assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("next"));
    // With the limit raised, the variation is skipped: skipping is iterative, not recursive.
    let limits = Limits {
        max_variation_depth: 20_000,
        ..Limits::default()
    };
    let g = PgnReader::with_limits(deep.as_bytes(), limits)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(g.moves.len(), 1);
    assert_eq!(g.result, Some(PgnResult::WhiteWins));
    // Unbalanced the other way.
    let close = format!("1. e4 {} *", ")".repeat(10_000));
    assert_eq!(
        read_all(close.as_bytes())[0].as_ref().unwrap_err().kind,
        PgnErrorKind::UnexpectedVariationEnd
    );
}

#[test]
fn huge_numbers() {
    // Move numbers are skipped, whatever their size, up to the token limit; NAGs are kept, so
    // one beyond 32 bits is refused rather than dropped.
    let big = "9".repeat(200);
    let g = read_all(format!("{big}. e4 $4294967295 {big}... e5 *").as_bytes())
        .remove(0)
        .unwrap();
    assert_eq!(g.moves.len(), 2);
    assert_eq!(g.nags[0].nag, u32::MAX);
    let e = read_all(format!("1. e4 ${big} *").as_bytes())
        .remove(0)
        .unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::InvalidNag);
    let huge = "9".repeat(100_000);
    let e = read_all(format!("{huge}. e4 *").as_bytes())
        .remove(0)
        .unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::TokenTooLong(255));
    let e = read_all(format!("[Event \"{huge}\"]").as_bytes())
        .remove(0)
        .unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::TagTooLong(8192));
    let e = read_all(format!("[{huge} \"x\"]").as_bytes())
        .remove(0)
        .unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::TagTooLong(255));
    // A FEN tag with a huge move number is written with saturating arithmetic.
    let mut g = PgnGame::default();
    g.set_tag("FEN", &format!("8/8/8/8/8/8/8/8 b - - 0 {}", u64::MAX));
    g.moves.push("e5".parse().unwrap());
    g.moves.push("e4".parse().unwrap());
    let text = game_to_string(&g).unwrap();
    assert!(
        text.contains(&format!("{}... e5 {}. e4", u64::MAX, u64::MAX)),
        "{text}"
    );
}

/// `pattern` repeated up to `total` bytes, never held in memory.
struct Endless {
    pattern: &'static [u8],
    prefix: &'static [u8],
    pos: u64,
    total: u64,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut n = 0;
        while n < buf.len() && self.pos < self.total {
            let p = self.pos as usize;
            buf[n] = if p < self.prefix.len() {
                self.prefix[p]
            } else {
                self.pattern[(p - self.prefix.len()) % self.pattern.len()]
            };
            n += 1;
            self.pos += 1;
        }
        Ok(n)
    }
}

fn endless(prefix: &'static [u8], pattern: &'static [u8], total: u64) -> PgnErrorKind {
    endless_with(prefix, pattern, total, Limits::default())
}

fn endless_with(
    prefix: &'static [u8],
    pattern: &'static [u8],
    total: u64,
    limits: Limits,
) -> PgnErrorKind {
    let input = BufReader::new(Endless {
        pattern,
        prefix,
        pos: 0,
        total,
    });
    let mut reader = PgnReader::with_limits(input, limits);
    let first = reader.next().unwrap().unwrap_err().kind;
    // After the error the reader skips the rest and ends.
    let rest = reader.next();
    assert!(rest.is_none(), "{rest:?}");
    first
}

#[test]
fn endless_input_hits_a_limit() {
    const MB: u64 = 1 << 20;
    assert_eq!(
        endless(b"", b"e4 ", 8 * MB),
        PgnErrorKind::TooManyPlies(1_000_000)
    );
    assert_eq!(
        endless(b"{", b"abc ", 4 * MB),
        PgnErrorKind::CommentTooLong(1 << 20)
    );
    assert_eq!(
        endless(b"[Event \"", b"abc ", MB),
        PgnErrorKind::TagTooLong(8192)
    );
    assert_eq!(endless(b"", b"(", MB), PgnErrorKind::VariationTooDeep(256));
    // The game size limit, lowered to keep the test quick.
    let small = Limits {
        max_game_bytes: 4 * MB,
        ..Limits::default()
    };
    let e = endless_with(b"", b"1. ", 5 * MB, small);
    assert_eq!(e, PgnErrorKind::GameTooLarge(4 * MB));
    let e = endless_with(b"[A \"\"]", b"   \n", 5 * MB, small);
    assert_eq!(e, PgnErrorKind::GameTooLarge(4 * MB));
    assert_eq!(
        endless(b"", b"[A \"\"]\n", MB),
        PgnErrorKind::TooManyTags(1024)
    );
}

#[test]
fn a_million_ply_game_within_the_caps() {
    let mut text = String::with_capacity(9 << 20);
    text.push_str("[Event \"long\"]\n\n");
    for n in 1..=250_000u32 {
        text.push_str(&format!("{}. Nf3 Nf6 {}. Ng1 Ng8\n", 2 * n - 1, 2 * n));
    }
    let body_end = text.len();
    text.push_str("1/2-1/2\n");
    let g = read_all(text.as_bytes()).remove(0).unwrap();
    assert_eq!(g.moves.len(), 1_000_000);
    assert_eq!(g.moves[999_999].to_string(), "Ng8");
    assert_eq!(g.result, Some(PgnResult::Draw));
    // One ply more is refused.
    text.truncate(body_end);
    text.push_str("500001. Nf3 *");
    let e = read_all(text.as_bytes()).remove(0).unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::TooManyPlies(1_000_000));
    assert_eq!(e.line, 250_003);
}

struct Failing(usize);

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0 == 0 {
            return Err(io::Error::other("disk on fire"));
        }
        let data = b"[Event \"x\"]\n1. e4 ";
        let n = self.0.min(buf.len()).min(data.len());
        buf[..n].copy_from_slice(&data[..n]);
        self.0 = 0;
        Ok(n)
    }
}

#[test]
fn a_failing_reader_is_reported_once() {
    let games: Vec<_> = PgnReader::new(BufReader::new(Failing(100))).collect();
    assert_eq!(games.len(), 1);
    assert!(matches!(
        games[0].as_ref().unwrap_err().kind,
        PgnErrorKind::Io(_)
    ));
}

#[test]
fn odd_bytes() {
    // CRLF line ends, tabs, NUL inside strings and comments, Latin-1 bytes, a BOM.
    let data =
        b"\xEF\xBB\xBF[Event \"caf\xe9\0\"]\r\n[Site\t\"x\"]\r\n\r\n1.\te4\r\n{\0\xff} e5 *\r\n";
    let g = read_all(data).remove(0).unwrap();
    // Text that is not UTF-8 is read as Windows-1252, with a warning each (ruling R10).
    assert_eq!(g.tag("Event"), Some("caf\u{e9}\0"));
    assert_eq!(g.moves.len(), 2);
    assert_eq!(g.comments[0].text, "\u{ff}");
    assert_eq!(g.warnings.len(), 2);
    // A NUL or a high byte in movetext is an error, not a panic.
    for data in [&b"1. e4 \0 *"[..], b"1. e4 \xff *", b"\x80"] {
        assert!(matches!(
            read_all(data)[0].as_ref().unwrap_err().kind,
            PgnErrorKind::UnexpectedChar(_)
        ));
    }
}

#[test]
fn tiny_reader_buffers_give_the_same_games_and_errors() {
    // Bulk scanning must not depend on where the reader's buffer ends.
    let text = format!(
        "\u{feff}% escape\n{THREE}[Event \"bad\"]\n1. e4 {{multi\nline}} ; c\n e5 $12 (1... c5 {{x}}) Xq 1-0\n\
         [Event \"x \\\\ \\\" y\"]\n[Site \"s\"]\n1. d4 {{never closed\n"
    );
    let whole = read_all(text.as_bytes());
    assert_eq!(whole.len(), 5, "{whole:?}");
    assert_eq!(whole[0].as_ref().unwrap().tag("Event"), Some("one"));
    let e = whole[3].as_ref().unwrap_err();
    let expected = (&PgnErrorKind::InvalidSan("Xq".into()), 19, 23);
    assert_eq!((&e.kind, e.line, e.column), expected);
    let e = whole[4].as_ref().unwrap_err();
    let expected = (&PgnErrorKind::UnterminatedComment, 22, 7);
    assert_eq!((&e.kind, e.line, e.column), expected);
    for cap in 1..=17 {
        let small: Vec<_> =
            PgnReader::new(BufReader::with_capacity(cap, text.as_bytes())).collect();
        assert_eq!(small, whole, "buffer of {cap} bytes");
    }
}

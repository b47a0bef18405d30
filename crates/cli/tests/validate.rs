//! Integration tests of `tegoma validate`: runs the built binary.

use std::process::Output;

mod common;
use common::with_stdin;

/// Runs `tegoma validate KIND TEXT`; returns (what it printed, exit code): its standard output
/// when it succeeded, else its standard error (the `error:` line, ruling R9), standard output
/// then being empty.
fn validate(kind: &str, text: &str) -> (String, i32) {
    let out = with_stdin(&["validate", kind, text], b"");
    (printed(&out), out.status.code().unwrap())
}

fn printed(out: &Output) -> String {
    if out.status.success() {
        return String::from_utf8(out.stdout.clone()).unwrap();
    }
    assert!(out.stdout.is_empty(), "a failed command wrote on stdout");
    String::from_utf8(out.stderr.clone()).unwrap()
}

#[test]
fn valid_inputs_print_ok_and_a_description() {
    let cases = [
        ("pin", "+K^", "ok piece K, first side, enhanced, terminal\n"),
        ("epin", "-p'", "ok piece P, second side, diminished, derived\n"),
        ("sin", "C", "ok style C, first player\n"),
        ("snn", "Chess", "ok style name Chess\n"),
        ("cell", "e4", "ok 2-D coordinate (4, 3)\n"),
        (
            "hand",
            "*",
            "ok hand (a player's reserve; the owner comes from the context)\n",
        ),
        ("pmn", "e7-e8=Q", "ok quiet move e7 to e8, becomes Q\n"),
        ("pmn", "...", "ok pass\n"),
        ("cgsn", "stalemate", "ok stalemate (inferable from the position)\n"),
        (
            "feen",
            "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c",
            "ok board 8x8 (64 squares), 32 pieces (32 on board, 0 in hand), first to move, styles C/c\n",
        ),
    ];
    for (kind, text, want) in cases {
        assert_eq!(validate(kind, text), (want.to_string(), 0), "{kind} {text}");
    }
}

#[test]
fn invalid_inputs_print_one_error_line_and_exit_1() {
    let cases = [
        ("pin", "KK", "InvalidTerminalMarker"),
        ("epin", "K''", "DerivationMarker"),
        ("sin", "1", "InvalidLetter"),
        ("snn", "chess", "MustStartUppercase"),
        ("cell", "a0", "LeadingZero"),
        ("hand", "**", "InvalidToken"),
        ("pmn", "e7-e8/Q", "CaptureSuffixNotAllowed"),
        ("pmn", "-e4", "MissingOperand"),
        ("cgsn", "Checkmate", "UnknownStatus"),
        ("feen", "8/8/7 / C/c", "BoardNotRegular"),
        ("nope", "x", "UnknownKind"),
    ];
    for (kind, text, err) in cases {
        let (out, code) = validate(kind, text);
        assert_eq!(code, 1, "{kind} {text}: {out}");
        assert!(
            out.starts_with(&format!("error: {err}: ")),
            "{kind} {text}: {out}"
        );
        assert_eq!(out.lines().count(), 1, "{out}");
    }
    // The seed spelling is rejected but the message names the canonical form.
    assert!(validate("pmn", "e7-e8/Q").0.contains("e7-e8=Q"));
}

#[test]
fn stdin_mode_prints_one_line_per_input() {
    let out = with_stdin(&["validate", "pmn", "-"], b"e2-e4\ne2e4\n...\n\n*-e5\nP*e5");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "ok\nerror: MissingOperator\nok\nerror: Empty\nerror: UnexpectedCharacter\nok\n"
    );

    // A hostile line is bounded and reported; later lines still work.
    let mut input = vec![b'8'; 1 << 20];
    input.extend_from_slice(b"\n8/8 / C/c\n");
    let out = with_stdin(&["validate", "feen", "-"], &input);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "error: TooLong\nok\n"
    );

    let out = with_stdin(&["validate", "cell", "-"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
}

#[test]
fn documents_come_from_files_or_stdin() {
    let (out, code) = validate("ggn", "/nonexistent/tegoma-test.json");
    assert_eq!(code, 1);
    assert!(
        out.starts_with("error: Io: cannot open /nonexistent"),
        "{out}"
    );

    // Whatever the document parser says, stdin gives exactly one line.
    let out = with_stdin(&["validate", "lcn", "-"], b"{}");
    let text = printed(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.starts_with("ok ") || text.starts_with("error: "),
        "{text}"
    );

    let out = with_stdin(&["validate", "pcn", "-"], b"\xff\xfe");
    assert_eq!(out.status.code(), Some(1));
    assert!(printed(&out).starts_with("error: InvalidUtf8: "));
}

#[test]
fn help_explains_itself() {
    let out = with_stdin(&["validate", "--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8(out.stdout).unwrap();
    for word in [
        "pin",
        "feen",
        "pmn",
        "ggn",
        "error: <ErrorKind>",
        "standard input",
    ] {
        assert!(help.contains(word), "help lacks {word}:\n{help}");
    }
}

#[test]
fn hyphen_leading_tokens_are_text_not_flags() {
    assert_eq!(
        validate("epin", "-p"),
        (
            "ok piece P, second side, diminished, native\n".to_string(),
            0
        )
    );
}

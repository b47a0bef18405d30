//! The console examples of the README, `docs/cli.md` and `docs/engine-protocols.md` are real
//! output: every `$ tegoma ...` line of a `console` block that reads no file and writes none is
//! run, and its output must be the lines shown under it (standard output, then standard error,
//! where `error:` lines go).
//!
//! Besides plain commands, a line may feed the command's standard input with `printf`
//! (`$ printf 'FORMAT' ARGS... | tegoma ...`, as the engine's examples do) and pass its output
//! through `tail`, `head` or `tr '\n' ' '`; those are applied here, without a shell. The
//! engine's rates and times (UCI `nps` and `time`, SEI `elapsed`) vary from run to run and are
//! compared as `N`; everything else it prints is deterministic with one thread.
use std::io::Write;
use std::process::{Command, Stdio};

mod common;
use common::words;

const README: &str = include_str!("../../../README.md");
const CLI_DOC: &str = include_str!("../../../docs/cli.md");
const PROTOCOLS_DOC: &str = include_str!("../../../docs/engine-protocols.md");

/// Splits a command line on the pipes outside single quotes.
fn stages(line: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                out.last_mut().unwrap().push(c);
            }
            '|' if !quoted => out.push(String::new()),
            _ => out.last_mut().unwrap().push(c),
        }
    }
    out.into_iter().map(|s| s.trim().to_string()).collect()
}

/// What `printf FORMAT ARGS...` writes, for the two forms the examples use: a format with `\n`
/// escapes and no argument, or `'%s\n'` and its arguments, one a line.
fn printf(args: &[String]) -> Vec<u8> {
    let unescape = |s: &str| s.replace("\\n", "\n");
    match args {
        [format] => unescape(format).into_bytes(),
        [format, rest @ ..] if format == "%s\\n" => {
            let mut out = String::new();
            for a in rest {
                out.push_str(a);
                out.push('\n');
            }
            out.into_bytes()
        }
        _ => panic!("unsupported printf form: {args:?}"),
    }
}

/// Applies a `tail`, `head` or `tr '\n' ' '` stage to a command's output.
fn filter(stage: &[String], text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let count = |flag: &str| -> usize {
        flag.trim_start_matches('-')
            .parse()
            .unwrap_or_else(|_| panic!("count in {stage:?}"))
    };
    let keep = |lines: &[&str]| lines.iter().map(|l| format!("{l}\n")).collect::<String>();
    match stage
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["tail", "-n", n] => keep(&lines[lines.len().saturating_sub(count(n))..]),
        ["tail", n] => keep(&lines[lines.len().saturating_sub(count(n))..]),
        ["head", "-n", n] => keep(&lines[..count(n).min(lines.len())]),
        ["head", "-c", n] => text.chars().take(count(n)).collect(),
        ["head", n] => keep(&lines[..count(n).min(lines.len())]),
        ["tr", "\\n", " "] => text.replace('\n', " "),
        other => panic!("unsupported filter: {other:?}"),
    }
}

/// Replaces the number after each of `keys` by `N`.
fn mask(line: &str, keys: &[&str]) -> String {
    let mut out = line.to_string();
    for key in keys {
        let mut masked = String::new();
        let mut rest = out.as_str();
        while let Some(at) = rest.find(key) {
            let (before, after) = rest.split_at(at + key.len());
            masked.push_str(before);
            let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if digits > 0 {
                masked.push('N');
            }
            rest = &after[digits..];
        }
        masked.push_str(rest);
        out = masked;
    }
    out
}

/// Runs every example of `doc`; returns how many were checked.
fn check(doc: &str, name: &str) -> usize {
    let mut checked = 0;
    let mut in_console = false;
    let lines: Vec<&str> = doc.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("```") {
            in_console = *line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        let Some(cmd) = line.strip_prefix("$ ") else {
            continue;
        };
        let parts = stages(cmd);
        let (input, tegoma, filters) = if parts[0].starts_with("printf ") && parts.len() > 1 {
            (Some(printf(&words(&parts[0])[1..])), &parts[1], &parts[2..])
        } else {
            (None, &parts[0], &parts[1..])
        };
        let Some(args) = tegoma.strip_prefix("tegoma ") else {
            continue;
        };
        if cmd.contains(['>', '#']) || args.contains(".pgn") || args.contains(".pcn") {
            continue;
        }
        let args = words(args);
        if args.iter().any(|a| a == "--out") || (input.is_none() && args.iter().any(|a| a == "-")) {
            continue;
        }
        let shown: Vec<&str> = lines[i + 1..]
            .iter()
            .take_while(|l| !l.starts_with("$ ") && !l.starts_with("```"))
            .copied()
            .collect();
        let mut child = Command::new(env!("CARGO_BIN_EXE_tegoma"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        let mut stdin = child.stdin.take().unwrap();
        if let Some(bytes) = &input {
            stdin.write_all(bytes).unwrap();
        }
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let mut stdout = String::from_utf8(out.stdout).unwrap();
        for stage in filters {
            stdout = filter(&words(stage), &stdout);
        }
        let stderr = String::from_utf8(out.stderr).unwrap();
        let varying: &[&str] = if args[0] == "engine" {
            &[" nps ", " time ", "\"elapsed\":"]
        } else {
            &[]
        };
        let got: Vec<String> = stdout
            .lines()
            .chain(stderr.lines())
            .map(|l| mask(l.trim_end(), varying))
            .collect();
        let want: Vec<String> = shown.iter().map(|l| mask(l.trim_end(), varying)).collect();
        assert_eq!(got, want, "{name} line {}: {cmd}", i + 1);
        checked += 1;
    }
    checked
}

#[test]
fn readme_console_examples_print_what_they_show() {
    let checked = check(README, "README.md");
    assert!(checked >= 16, "only {checked} examples found in the README");
}

#[test]
fn cli_doc_console_examples_print_what_they_show() {
    let checked = check(CLI_DOC, "docs/cli.md");
    assert!(
        checked >= 24,
        "only {checked} examples found in docs/cli.md"
    );
}

#[test]
fn engine_protocols_doc_console_examples_print_what_they_show() {
    let checked = check(PROTOCOLS_DOC, "docs/engine-protocols.md");
    assert!(
        checked >= 2,
        "only {checked} examples found in docs/engine-protocols.md"
    );
}

#[test]
fn the_helpers_read_the_examples_as_a_shell_does() {
    assert_eq!(
        stages("printf 'a|b\\n' | tegoma engine | tail -n 1"),
        ["printf 'a|b\\n'", "tegoma engine", "tail -n 1"]
    );
    assert_eq!(printf(&words("'x\\ny\\n'")), b"x\ny\n");
    assert_eq!(printf(&words("'%s\\n' '{\"a\": 1}' b")), b"{\"a\": 1}\nb\n");
    assert_eq!(filter(&words("tail -2"), "a\nb\nc\n"), "b\nc\n");
    assert_eq!(filter(&words("head -n 1"), "a\nb\n"), "a\n");
    assert_eq!(filter(&words("head -c 3"), "abcdef\n"), "abc");
    assert_eq!(filter(&words("tr '\\n' ' '"), "a\nb\n"), "a b ");
    assert_eq!(
        mask(
            "info depth 1 nodes 38 nps 6333 time 6 pv d2d4",
            &[" nps ", " time "]
        ),
        "info depth 1 nodes 38 nps N time N pv d2d4"
    );
    assert_eq!(
        mask("{\"elapsed\":103,\"x\":1}", &["\"elapsed\":"]),
        "{\"elapsed\":N,\"x\":1}"
    );
}

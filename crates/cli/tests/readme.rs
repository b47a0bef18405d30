//! The README's console examples are real output: every `$ tegoma ...` line of a `console` block
//! that reads no file and has no pipe is run, and its output must be the lines shown under it
//! (standard output, then standard error, where `error:` lines go).
use std::process::Command;

const README: &str = include_str!("../../../README.md");

/// Splits a command line on spaces, keeping single-quoted words whole.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            _ => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

#[test]
fn readme_console_examples_print_what_they_show() {
    let mut checked = 0;
    let mut in_console = false;
    let lines: Vec<&str> = README.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("```") {
            in_console = *line == "```console";
            continue;
        }
        let Some(cmd) = line.strip_prefix("$ tegoma ").filter(|_| in_console) else {
            continue;
        };
        if cmd.contains(['|', '>', '#']) || cmd.contains(".pgn") || cmd.contains(".pcn") {
            continue;
        }
        let args = words(cmd);
        if args.iter().any(|a| a == "--out" || a == "-") {
            continue;
        }
        let shown: Vec<&str> = lines[i + 1..]
            .iter()
            .take_while(|l| !l.starts_with("$ ") && !l.starts_with("```"))
            .copied()
            .collect();
        let out = Command::new(env!("CARGO_BIN_EXE_tegoma"))
            .args(&args)
            .output()
            .expect("runs");
        let stdout = String::from_utf8(out.stdout).unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            stdout.lines().chain(stderr.lines()).collect::<Vec<_>>(),
            shown,
            "README line {}: tegoma {cmd}",
            i + 1
        );
        checked += 1;
    }
    assert!(checked >= 12, "only {checked} examples found");
}

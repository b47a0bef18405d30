//! What several test files share: running the `tegoma` binary with bytes on its standard input,
//! and files written for a test (removed when it ends).
#![allow(dead_code)] // each test file uses some of these

use std::io::Write;
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A file a test writes for `tegoma` to read, in a directory of its own that is removed when
/// the value is dropped (a failing test's files go too); it is used as the [`Path`] it derefs
/// to.
pub struct TempFile {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl TempFile {
    /// Writes `bytes` to a new file named `name`.
    pub fn new(name: &str, bytes: impl AsRef<[u8]>) -> TempFile {
        let dir = tempfile::Builder::new()
            .prefix("tegoma-test-")
            .tempdir()
            .expect("a temporary directory");
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).expect("the file written");
        TempFile { _dir: dir, path }
    }

    /// The file's path as text (the temporary directory's path is UTF-8 here).
    pub fn arg(&self) -> &str {
        self.path.to_str().expect("a UTF-8 path")
    }
}

impl AsRef<Path> for TempFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for TempFile {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

impl Deref for TempFile {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

/// Runs `tegoma ARGS` with `input` on its standard input; its whole output. The input is fed
/// from another thread, so that a command writing much before it has read everything does not
/// block on a full pipe while the test blocks on the other; a command that stops reading early
/// (an error) leaves a broken pipe, which is not the test's failure.
pub fn with_stdin(args: &[&str], input: &[u8]) -> Output {
    with_stdin_env(args, input, &[])
}

/// As [`with_stdin`], with these variables in the command's environment.
pub fn with_stdin_env(args: &[&str], input: &[u8], env: &[(&str, &Path)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tegoma"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tegoma runs");
    let mut pipe = child.stdin.take().unwrap();
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

/// Splits a command line on spaces, keeping single-quoted words whole.
pub fn words(line: &str) -> Vec<String> {
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

/// `tegoma match` of `games` games of `rules` between two of this program's engines over SEI,
/// `nodes` a move, its records written to `pcn`, with the environment `env` (the engines
/// inherit it): the summary (its last line, JSON), checked for no failure and no illegal move.
pub fn sei_match(
    rules: &str,
    games: u32,
    nodes: u32,
    pcn: &Path,
    env: &[(&str, &Path)],
) -> serde_json::Value {
    let engine = format!(
        "cmd={} engine,proto=sei,name=",
        env!("CARGO_BIN_EXE_tegoma")
    );
    let out = Command::new(env!("CARGO_BIN_EXE_tegoma"))
        .args(["match", "--rules", rules, "--games", &games.to_string()])
        .args(["--nodes", &nodes.to_string(), "--quiet", "--json"])
        .args([
            "--engine",
            &format!("{engine}a"),
            "--engine",
            &format!("{engine}b"),
        ])
        .args(["--pcn", pcn.to_str().expect("a UTF-8 path")])
        .envs(env.iter().copied())
        .output()
        .expect("tegoma runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    let result: serde_json::Value =
        serde_json::from_str(text.lines().last().expect("a summary")).expect("JSON");
    assert_eq!(result["rules"], rules, "{result}");
    assert_eq!(result["games"], games, "{result}");
    assert_eq!(result["failures_by_engine"], serde_json::json!([0, 0]));
    assert_eq!(result["illegal_moves"], 0, "{result}");
    result
}

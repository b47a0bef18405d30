//! What several test files share: running the `tegoma` binary with bytes on its standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `tegoma ARGS` with `input` on its standard input; its whole output. The input is fed
/// from another thread, so that a command writing much before it has read everything does not
/// block on a full pipe while the test blocks on the other; a command that stops reading early
/// (an error) leaves a broken pipe, which is not the test's failure.
pub fn with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tegoma"))
        .args(args)
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

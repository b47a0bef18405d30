//! `tegoma engine bench` on a standard output that cannot be written (here `/dev/full`) reports
//! the error on standard error and exits with code 1 (it used to panic, exit code 134).

#[cfg(target_os = "linux")]
#[test]
fn bench_on_a_full_output_is_an_error_not_a_panic() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full exists on Linux");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tegoma"))
        .args(["engine", "bench", "--depth-delta", "-5"])
        .stdout(full)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("error: Io: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

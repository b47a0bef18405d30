//! `tegoma match` hosting SEI engines: Tegoma's engine (`tegoma engine`) against the match
//! runner's test engine (`tegoma-arena-testengine`, which speaks the envelope of Sashité's
//! reference engine on its own code), on a clock and by nodes, every game finished by the rules
//! with no failure of either engine. The test engine is built with the workspace's tests (the
//! arena crate's own tests use it); the test fails when it is missing.

use std::path::PathBuf;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_tegoma");

fn testengine() -> PathBuf {
    let path = PathBuf::from(BIN).with_file_name("tegoma-arena-testengine");
    assert!(
        path.exists(),
        "{} is missing: `cargo build -p tegoma-arena` builds it",
        path.display()
    );
    path
}

fn play(rules: &str, budget: &[&str]) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let pcn = dir.path().join("games.jsonl");
    let out = Command::new(BIN)
        .args([
            "match",
            "--rules",
            rules,
            "--games",
            "2",
            "--max-plies",
            "60",
        ])
        .args(budget)
        .args([
            "--engine",
            &format!("cmd={BIN} engine,name=tegoma,proto=sei"),
        ])
        .args([
            "--engine",
            &format!(
                "cmd={} --seed 5,name=random,proto=sei",
                testengine().display()
            ),
        ])
        .args(["--seed", "3", "--quiet", "--json", "--pcn"])
        .arg(&pcn)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let result: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().last().unwrap()).unwrap();
    assert_eq!(result["games"], 2, "{result}");
    assert_eq!(
        result["failures_by_engine"],
        serde_json::json!([0, 0]),
        "{result} {stderr}"
    );
    let games = std::fs::read_to_string(&pcn).unwrap();
    assert_eq!(games.lines().count(), 2);
    for g in games.lines() {
        let v: serde_json::Value = serde_json::from_str(g).unwrap();
        assert!(v["outcome"].is_object(), "{g}");
    }
    result
}

#[test]
fn tegoma_engine_plays_the_test_engine_over_sei_on_a_clock() {
    play("ogi", &["--tc", "2+0.05"]);
}

#[test]
fn tegoma_engine_plays_the_test_engine_over_sei_by_nodes() {
    play("kogoma", &["--nodes", "500"]);
    play("chess", &["--nodes", "500"]);
}

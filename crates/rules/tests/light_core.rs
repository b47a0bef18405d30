//! The light core: the Chess and Ōgi move generators build without serde, serde_json and toml.
//! Their normal dependency tree (`cargo tree -e normal`, dev-dependencies excluded) is checked
//! for `tegoma-rules` and for `tegoma-protocol` below it. If cargo cannot be run, the test fails.

use std::path::Path;
use std::process::Command;

/// Crates the light core must not depend on (`serde` also catches `serde_derive`, `serde_json`,
/// `serde_spanned`...).
const HEAVY: [&str; 2] = ["serde", "toml"];

fn normal_tree(package: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = Command::new(env!("CARGO"))
        .current_dir(&root)
        .args(["tree", "-p", package, "-e", "normal", "--prefix", "none"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run `cargo tree` ({}): {e}", env!("CARGO")));
    assert!(
        out.status.success(),
        "`cargo tree -p {package}` failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8(out.stdout).expect("cargo tree prints UTF-8");
    assert!(
        tree.lines().any(|l| l.starts_with(package)),
        "`cargo tree -p {package}` does not list {package}:\n{tree}"
    );
    tree
}

fn assert_light(package: &str) {
    let tree = normal_tree(package);
    let heavy: Vec<&str> = tree
        .lines()
        .filter(|l| HEAVY.iter().any(|h| l.starts_with(h)))
        .collect();
    assert!(
        heavy.is_empty(),
        "{package} depends on {heavy:?} in its normal dependency tree:\n{tree}"
    );
}

#[test]
fn rules_build_without_serde_or_toml() {
    assert_light("tegoma-rules");
}

#[test]
fn protocol_builds_without_serde_or_toml() {
    assert_light("tegoma-protocol");
}

#!/usr/bin/env bash
# The hostile-client benchmark (crates/server/examples/hostile.rs): builds the server binary and
# the example in release mode, then replays the attacks against the binary with its default
# flags, on loopback only (about four minutes). Exits non-zero when a goal is missed.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p tegoma-server --bins --examples
exec target/release/examples/hostile "$@"

#!/usr/bin/env bash
# The web board's browser suite: Debian's chromium (installed with apt-get when missing; never a
# browser download) driven by npm playwright-core, against the tegoma-server binary.
# Screenshots of every step: target/browser-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
    else
        sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
    fi
fi
# With the workspace's features, as `cargo test --workspace` built it: nothing to compile again.
cargo build --workspace --bins
rm -rf target/browser-artifacts
mkdir -p target/browser-artifacts
cd crates/server/browser-tests
npm ci --no-audit --no-fund
TEGOMA_SERVER_BIN="$PWD/../../../target/debug/tegoma-server" node --test --test-concurrency=1 tests/

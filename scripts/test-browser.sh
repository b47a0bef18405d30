#!/usr/bin/env bash
# The web board's browser suite: Debian's chromium (installed with apt-get when missing; never a
# browser download) driven by npm playwright-core, against the tegoma-server binary.
# Screenshots of every step: target/browser-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/apt-need.sh /usr/bin/chromium chromium
# A Japanese font for the Ōgi pieces' kanji (a player's system has its own; the board names a
# list of Mincho faces, IPAex Mincho among them).
bash scripts/apt-need.sh '/usr/share/fonts/opentype/ipaexfont-mincho/*.ttf' fonts-ipaexfont-mincho
# With the workspace's features, as `cargo test --workspace` built it: nothing to compile again.
cargo build --workspace --bins
rm -rf target/browser-artifacts
mkdir -p target/browser-artifacts
cd crates/server/browser-tests
npm ci --no-audit --no-fund
TEGOMA_SERVER_BIN="$PWD/../../../target/debug/tegoma-server" node --test --test-concurrency=1 tests/

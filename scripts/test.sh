#!/usr/bin/env bash
# Every test suite of the project, on a fresh machine: the Rust workspace (unit, integration and
# doc tests), then the Python package (built with maturin in a virtual environment under
# target/, see scripts/test-python.sh), then the game server's suites (PostgreSQL, browser: see
# scripts/test-server.sh and scripts/test-browser.sh). Exits non-zero when any suite fails.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace
bash scripts/test-python.sh
bash scripts/test-server.sh
bash scripts/test-browser.sh

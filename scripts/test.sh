#!/usr/bin/env bash
# Every test suite of the project, on a fresh machine: the Rust workspace (unit, integration and
# doc tests), then the Python package (built with maturin in a virtual environment under
# target/, see scripts/test-python.sh), then the game server's suites (PostgreSQL, browser: see
# scripts/test-server.sh and scripts/test-browser.sh). Exits non-zero when any suite fails.
set -euo pipefail
cd "$(dirname "$0")/.."
# python-chess, the oracle of the Rust PGN tests (crates/pgn/tests/pgn_corpus.rs), in the virtual
# environment the Python suite uses too (scripts/test-python.sh); the tests run it as TEGOMA_PYTHON.
venv="$PWD/target/python-venv"
if [ ! -x "$venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check chess==1.11.2
export TEGOMA_PYTHON="$venv/bin/python"
# Debian's pgn-extract brings eco.pgn, a real-world PGN corpus of the record tests.
bash scripts/apt-need.sh /usr/share/pgn-extract/eco.pgn pgn-extract
# Sashité's reference SEI engine, the peer of crates/arena/tests/sei_reference.rs.
command -v "${CARGO_HOME:-$HOME/.cargo}/bin/sanki-sei-random-engine" >/dev/null || cargo install sashite-sanki-sei-random-engine --version 0.1.0 --locked
cargo test --workspace
bash scripts/test-python.sh
bash scripts/test-server.sh --postgres-only
bash scripts/test-browser.sh

#!/usr/bin/env bash
# Builds the Python package `tegoma` (crates/python) with maturin and runs its pytest suite.
#
# On a fresh machine: creates a virtual environment under target/python-venv, installs
# maturin, pytest, python-chess (the differential tests' oracle) and dask[distributed] (the Dask
# example runs on a local cluster) from PyPI, builds the wheel
# (a debug build: the Rust crates compile once, as for `cargo test`), installs it and runs
# pytest. Exits non-zero on any failure, including a run that collected no test (pytest's
# exit 5). PYTHON chooses the interpreter that creates the environment (default python3).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/target/python-venv"
wheels="$root/target/wheels"
python="${PYTHON:-python3}"

start=$(date +%s)
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check maturin pytest chess==1.11.2 "dask[distributed]"

rm -f "$wheels"/tegoma-*.whl
(cd "$root/crates/python" && "$venv/bin/maturin" build --quiet --interpreter "$venv/bin/python" --out "$wheels")
wheel=$(ls "$wheels"/tegoma-*.whl | head -n 1)
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel"
built=$(date +%s)
echo "test-python: wheel $(basename "$wheel") built and installed in $((built - start)) s"

# Run from the tests' folder so that `import tegoma` is the installed wheel, not the source.
cd "$root/crates/python/tests"
set +e
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$@" .
status=$?
set -e
echo "test-python: pytest took $(( $(date +%s) - built )) s"
if [ "$status" -eq 5 ]; then
    echo "test-python: pytest collected no test" >&2
    exit 1
fi
exit "$status"

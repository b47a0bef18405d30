#!/usr/bin/env bash
# Installs Debian packages with apt-get (as root, or through sudo) unless a file they provide is
# already there: `scripts/apt-need.sh FILE-GLOB PACKAGE...`. The test scripts use it for what
# their suites need from Debian (pgn-extract's eco.pgn, PostgreSQL, Chromium); never a download
# from anywhere else.
set -euo pipefail
glob=$1
shift
# shellcheck disable=SC2086 # the glob is meant to expand
if ls $glob >/dev/null 2>&1; then
    exit 0
fi
sudo=()
if [ "$(id -u)" != 0 ]; then
    sudo=(sudo)
fi
"${sudo[@]}" apt-get update -q
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"

#!/usr/bin/env bash
# The game server's suites: the Rust tests of tegoma-server (SQLite, durability under SIGKILL),
# then two server processes on one PostgreSQL (installed with apt-get when missing; a throwaway
# cluster under target/pg-test, run by the `postgres` user when this script runs as root).
set -euo pipefail
cd "$(dirname "$0")/.."

# scripts/test.sh has run the whole workspace's tests already (`--postgres-only`); on its own, this
# script runs the server's Rust tests first. The PostgreSQL test is built with the workspace's
# features (`--workspace --test postgres`), so it reuses the workspace's compiled crates rather
# than compiling them again for the server alone.
if [ "${1:-}" != --postgres-only ]; then
    cargo test -p tegoma-server
fi

bash scripts/apt-need.sh '/usr/lib/postgresql/*/bin/initdb' postgresql
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
DIR="$PWD/target/pg-test"
PORT=${TEGOMA_PG_PORT:-55432}
run_pg() {
    if [ "$(id -u)" = 0 ]; then
        su postgres -s /bin/sh -c "$*"
    else
        sh -c "$*"
    fi
}
stop_pg() { run_pg "'$PGBIN/pg_ctl' -D '$DIR/data' -m immediate stop" >/dev/null 2>&1 || true; }
stop_pg
rm -rf "$DIR"
mkdir -p "$DIR"
if [ "$(id -u)" = 0 ]; then
    chown postgres "$DIR"
    # The cluster's owner must reach the directory.
    d="$DIR"; while [ "$d" != / ]; do chmod o+x "$d" 2>/dev/null || true; d=$(dirname "$d"); done
fi
trap stop_pg EXIT
run_pg "'$PGBIN/initdb' -D '$DIR/data' -A trust -U tegoma" >/dev/null
run_pg "'$PGBIN/pg_ctl' -D '$DIR/data' -l '$DIR/log' -w -o \"-p $PORT -k '$DIR' -c listen_addresses=127.0.0.1\" start" >/dev/null
run_pg "'$PGBIN/createdb' -h 127.0.0.1 -p $PORT -U tegoma tegoma_test"
TEGOMA_TEST_POSTGRES="postgres://tegoma@127.0.0.1:$PORT/tegoma_test" \
    cargo test --workspace --test postgres --test meet -- --ignored

#!/usr/bin/env python3
"""PGN throughput: tegoma's criterion bench beside python-chess on the same file, in one go.

Steps:
1. runs the criterion bench of `--rust-bench` (skip with --no-cargo to reuse the last run):
   `pgn/replay` and `pgn/replay_parsed` are in `cargo bench -p tegoma-pgn --bench replay`
   (read every game and replay every SAN move through `Match<Chess>` with the R3 endings; the
   default), `pgn/read_games` and `pgn/read_bytes` in `--bench pgn` (reading only). Either bench
   writes its input to target/pgn-bench/oracle-games.pgn (1,000 python-chess oracle games
   written by tegoma's PGN writer);
2. reads criterion's estimates (target/criterion/<bench id>/new/estimates.json, mean time per
   pass over the whole file);
3. times python-chess (`pip install chess`) on the same file: `chess.pgn.read_game` (parses the
   tags and movetext and replays every SAN move on a board, with legality checks), and
   `chess.pgn.skip_game` (scans a game without parsing moves); best of --repeat passes (the
   Rust figure is criterion's mean, so the ratio leans against tegoma);
4. prints games/s and MB/s for each, and the ratios.

Usage: python3 scripts/pgn_bench.py [--no-cargo] [--file PATH] [--repeat 3]
       [--rust-bench pgn/replay]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

import chess
import chess.pgn

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def target_dir() -> str:
    return os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))


def criterion_mean_ns(bench_id: str) -> float:
    path = os.path.join(target_dir(), "criterion", bench_id, "new", "estimates.json")
    with open(path, encoding="utf-8") as f:
        return float(json.load(f)["mean"]["point_estimate"])


def time_python(path: str, repeat: int, func) -> tuple[float, int]:
    best = float("inf")
    games = 0
    for _ in range(repeat):
        with open(path, encoding="utf-8", errors="replace") as f:
            start = time.perf_counter()
            n = 0
            while func(f):
                n += 1
            elapsed = time.perf_counter() - start
        best = min(best, elapsed)
        games = n
    return best, games


def read_one(f) -> bool:
    game = chess.pgn.read_game(f)
    if game is None:
        return False
    if game.errors:
        raise SystemExit("python-chess: %s" % game.errors[0])
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--no-cargo", action="store_true", help="reuse the last criterion run")
    ap.add_argument("--file", default=os.path.join(target_dir(), "pgn-bench", "oracle-games.pgn"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rust-bench", default="pgn/replay")
    args = ap.parse_args()

    env = dict(os.environ)
    if args.file != ap.get_default("file"):
        env["TEGOMA_PGN_BENCH_FILE"] = os.path.abspath(args.file)
    if not args.no_cargo:
        target = "replay" if args.rust_bench.startswith("pgn/replay") else "pgn"
        subprocess.run(["cargo", "bench", "-p", "tegoma-pgn", "--bench", target],
                       cwd=ROOT, env=env, check=True)
    size = os.path.getsize(args.file)
    mb = size / 1e6

    rust_s = criterion_mean_ns(args.rust_bench) * 1e-9
    py_read_s, games = time_python(args.file, args.repeat, read_one)
    py_skip_s, games_skip = time_python(args.file, args.repeat, chess.pgn.skip_game)
    assert games == games_skip, (games, games_skip)

    rows = [
        ("tegoma %s" % args.rust_bench, rust_s),
        ("python-chess %s read_game (replay)" % chess.__version__, py_read_s),
        ("python-chess %s skip_game (scan)" % chess.__version__, py_skip_s),
    ]
    print("file: %s (%d games, %.2f MB)" % (args.file, games, mb))
    print("%-44s %12s %12s %10s" % ("", "games/s", "MB/s", "seconds"))
    for name, s in rows:
        print("%-44s %12.0f %12.2f %10.4f" % (name, games / s, mb / s, s))
    print("ratio tegoma / python-chess read_game: %.1fx" % (py_read_s / rust_s))
    print("ratio tegoma / python-chess skip_game: %.1fx" % (py_skip_s / rust_s))
    return 0


if __name__ == "__main__":
    sys.exit(main())

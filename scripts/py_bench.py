#!/usr/bin/env python3
"""Speed of the `tegoma` Python package beside python-chess, both measured in the same run.

Two measures (the goals of issue 15):

1. PGN: reading and replaying 10,000 games from Python. python-chess: `chess.pgn.read_game`
   then every main-line move pushed on `game.board()`; tegoma: `for g in tegoma.read_pgn(path):
   g.replay()` (each game read, every SAN move played through the match with its endings,
   a `Report` per game). Also shown: `tegoma.replay_pgn(path)`, the batch call (one list of
   reports, no Python object per game until the end). Goal: >= 50x.
2. Legal moves: listing the legal moves of 100,000 positions as move objects. Boards of both
   libraries are built beforehand from the same FENs (not timed); timed: `list(board.legal_moves)`
   for every board. Also shown: the moves as UCI strings (python-chess `[m.uci() for m in
   board.legal_moves]`, tegoma `board.legal_moves.uci()`) and the count (python-chess
   `board.legal_moves.count()`, tegoma `len(board.legal_moves)`). Goal: >= 20x.

The corpus is made reproducibly: seeded random games (Python's `random.Random(--seed)` picking
among tegoma's legal moves, games ended by the R3 rules or cut at 160 plies) written as PGN by
tegoma, cached under target/py-bench/. Both libraries must agree on it: python-chess reads every
game without error and replays as many plies as tegoma, and both list the same number of legal
moves over the 100,000 positions; the script fails otherwise.

By default the script first builds a release wheel with maturin into a virtual environment
(target/py-bench/venv, with maturin and python-chess from PyPI) and runs itself there; `--no-build`
runs in the current interpreter (which must have `tegoma` and `chess`).

Times are CPU times of the process (time.process_time: on a shared machine, time spent waiting
for a core is not counted). Every timing is the best of --repeat passes, interleaved, except
python-chess's PGN pass (--chess-repeat, default 1: it takes about 100 s; one pass leans against
tegoma).

Usage: python3 scripts/py_bench.py [--games 10000] [--positions 100000] [--seed 20261123]
       [--repeat 3] [--chess-repeat 1] [--no-build]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
OUT = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "py-bench")


def build_and_rerun(args: list[str]) -> int:
    """Builds the release wheel in OUT/venv and runs this script there with --no-build."""
    venv = os.path.join(OUT, "venv")
    py = os.path.join(venv, "bin", "python")
    if not os.path.exists(py):
        subprocess.check_call([sys.executable, "-m", "venv", venv])
    subprocess.check_call(
        [py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "maturin", "chess"]
    )
    wheels = os.path.join(OUT, "wheels")
    for f in os.listdir(wheels) if os.path.isdir(wheels) else []:
        if f.startswith("tegoma-"):
            os.remove(os.path.join(wheels, f))
    subprocess.check_call(
        [os.path.join(venv, "bin", "maturin"), "build", "--release", "--quiet", "--interpreter", py,
         "--out", wheels],
        cwd=os.path.join(ROOT, "crates", "python"),
    )
    wheel = [f for f in os.listdir(wheels) if f.startswith("tegoma-")][0]
    subprocess.check_call(
        [py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--force-reinstall",
         "--no-deps", os.path.join(wheels, wheel)]
    )
    return subprocess.call([py, os.path.abspath(__file__), "--no-build", *args], cwd=OUT)


def make_corpus(path: str, games: int, seed: int) -> None:
    """Seeded random games, written as PGN by tegoma."""
    import tegoma

    rng = random.Random(seed)
    with open(path + ".tmp", "w", encoding="utf-8") as out:
        for i in range(games):
            board = tegoma.Board("chess")
            while not board.is_game_over() and board.ply() < 160:
                moves = board.legal_moves
                board.push(moves[rng.randrange(len(moves))])
            pgn = board.to_pgn().replace('[Round "?"]', '[Round "%d"]' % (i + 1), 1)
            out.write(pgn)
    os.replace(path + ".tmp", path)


def best_of(repeat: int, f):
    """The least CPU time of the process over `repeat` passes (CPU time: the machine may be
    shared; time spent waiting for a core is not the library's), and the pass's value."""
    best, value = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        value = f()
        best = min(best, time.process_time() - start)
    return best, value


def interleaved(repeat: int, fs):
    """`best_of` for several functions, their passes interleaved (a load that comes and goes
    weighs on all of them alike)."""
    results = [(float("inf"), None)] * len(fs)
    for _ in range(repeat):
        results = [
            (min(best, t), v) for (best, _), (t, v) in zip(results, (best_of(1, f) for f in fs))
        ]
    return results


def chess_pgn(path: str) -> list[int]:
    import chess.pgn

    plies = []
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return plies
            if game.errors:
                raise SystemExit("python-chess: %s" % game.errors[0])
            board = game.board()
            for mv in game.mainline_moves():
                board.push(mv)
            plies.append(len(board.move_stack))


def tegoma_pgn(path: str) -> list[int]:
    import tegoma

    return [g.replay().plies for g in tegoma.read_pgn(path)]


def tegoma_pgn_batch(path: str) -> list[int]:
    import tegoma

    return [r.plies for r in tegoma.replay_pgn(path)]


def positions(path: str, count: int) -> list[str]:
    """FENs along the corpus games, positions where the game goes on (the match lists moves)."""
    import tegoma

    fens = []
    for g in tegoma.read_pgn(path):
        board = tegoma.Board("chess")
        for san in g.moves:
            board.push_san(san)
            if board.is_game_over():
                break
            fens.append(board.fen())
            if len(fens) == count:
                return fens
    raise SystemExit("the corpus has only %d positions; use more --games" % len(fens))


def line(name: str, seconds: float, unit: int, what: str) -> None:
    print("  %-46s %8.3f s CPU %10.0f %s/s" % (name, seconds, unit / seconds, what))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--positions", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=20261123)
    ap.add_argument("--repeat", type=int, default=3, help="passes of each timing (best kept)")
    ap.add_argument("--chess-repeat", type=int, default=1,
                    help="passes of python-chess over the PGN file (about 100 s each)")
    ap.add_argument("--no-build", action="store_true")
    args = ap.parse_args()
    if not args.no_build:
        return build_and_rerun(sys.argv[1:])

    import chess
    import tegoma

    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "random-%d-%d.pgn" % (args.games, args.seed))
    if not os.path.exists(path):
        start = time.perf_counter()
        make_corpus(path, args.games, args.seed)
        print("corpus: %s written in %.1f s" % (path, time.perf_counter() - start))
    size = os.path.getsize(path)
    print("tegoma %s, python-chess %s, Python %s" % (
        tegoma.__version__, chess.__version__, sys.version.split()[0]))

    # 1. PGN read + replay.
    print("\n1. read and replay %d PGN games (%.1f MB)" % (args.games, size / 1e6))
    t_chess, chess_plies = best_of(args.chess_repeat, lambda: chess_pgn(path))
    t_teg, teg_plies = best_of(args.repeat, lambda: tegoma_pgn(path))
    t_batch, batch_plies = best_of(args.repeat, lambda: tegoma_pgn_batch(path))
    if not (len(chess_plies) == args.games and chess_plies == teg_plies == batch_plies):
        raise SystemExit("the libraries disagree on the corpus (games or plies)")
    line("python-chess read_game + push", t_chess, args.games, "games")
    line("tegoma read_pgn + Game.replay()", t_teg, args.games, "games")
    line("tegoma replay_pgn (batch)", t_batch, args.games, "games")
    pgn_ratio = t_chess / t_teg
    print("  ratio read_pgn + replay: %.1fx (goal 50x); batch: %.1fx" % (pgn_ratio, t_chess / t_batch))

    # 2. Legal moves of N positions.
    fens = positions(path, args.positions)
    chess_boards = [chess.Board(f) for f in fens]
    teg_boards = [tegoma.Board(fen=f) for f in fens]
    n = len(fens)
    print("\n2. legal moves of %d positions (boards built beforehand)" % n)
    timings = interleaved(args.repeat, [
        lambda: sum(len(list(b.legal_moves)) for b in chess_boards),
        lambda: sum(len(list(b.legal_moves)) for b in teg_boards),
        lambda: sum(len([m.uci() for m in b.legal_moves]) for b in chess_boards),
        lambda: sum(len(b.legal_moves.uci()) for b in teg_boards),
        lambda: sum(b.legal_moves.count() for b in chess_boards),
        lambda: sum(len(b.legal_moves) for b in teg_boards),
    ])
    (t_chess_list, c_total), (t_teg_list, t_total), (t_chess_uci, c_uci), (t_teg_uci, t_uci) = (
        timings[:4])
    (t_chess_count, c_count), (t_teg_count, t_count) = timings[4:]
    if not c_total == t_total == c_uci == t_uci == c_count == t_count:
        raise SystemExit("the libraries disagree on the number of legal moves")
    line("python-chess list(board.legal_moves)", t_chess_list, n, "positions")
    line("tegoma list(board.legal_moves)", t_teg_list, n, "positions")
    line("python-chess [m.uci() for m in legal_moves]", t_chess_uci, n, "positions")
    line("tegoma board.legal_moves.uci()", t_teg_uci, n, "positions")
    line("python-chess board.legal_moves.count()", t_chess_count, n, "positions")
    line("tegoma len(board.legal_moves)", t_teg_count, n, "positions")
    list_ratio = t_chess_list / t_teg_list
    print("  ratio list(legal_moves): %.1fx (goal 20x); UCI strings: %.1fx; count: %.1fx" % (
        list_ratio, t_chess_uci / t_teg_uci, t_chess_count / t_teg_count))
    print("  %d legal moves in all (%.1f per position)" % (t_total, t_total / n))

    print("\nsummary: PGN read + replay %.1fx (goal 50x), legal moves %.1fx (goal 20x)" % (
        pgn_ratio, list_ratio))
    return 0


if __name__ == "__main__":
    sys.exit(main())

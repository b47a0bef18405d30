#!/usr/bin/env python3
"""Where our engine's chess games are decided, from the records of a strength run.

Not a test: an analysis, run by hand after `scripts/strength.py` (its PGN file, by default
`target/strength/chess-sf2400.pgn`). Stockfish (Debian `stockfish`, full strength) evaluates
every position of every game at a fixed depth; from those evaluations, seen from our side:

- a move's loss: the evaluation before it minus the evaluation after it (capped at 1000 cp,
  mates counted as 1000);
- a blunder: a move that loses at least 150 cp while the position before was not already
  lost or won (within +-300 cp);
- the deciding ply of a lost game: the first position from which the evaluation stays below
  -200 cp to the end; its move number, the material left on the board and whether the move
  that crossed it was a blunder or the end of a slide.

It prints, per opponent side, the blunders per game and their phases, and for the lost games
the distribution of the deciding move numbers: enough to say whether the games are lost to
tactics the search misses (single large losses) or to positions that drift (many small ones).

Usage: scripts/losses.py [PGN] [--depth 10] [--us tegoma] [--jobs 2]
"""

import argparse
import collections
import concurrent.futures
import shutil
import sys

import chess
import chess.engine
import chess.pgn

CAP = 1000


def cp(score: chess.engine.PovScore, pov: chess.Color) -> int:
    s = score.pov(pov)
    if s.is_mate():
        return CAP if s.mate() > 0 else -CAP
    return max(-CAP, min(CAP, s.score()))


def stockfish():
    """The Stockfish binary: on PATH or where Debian installs it (/usr/games)."""
    return shutil.which("stockfish") or shutil.which("stockfish", path="/usr/games")


def analyse(job):
    """Evaluations (from `us`'s side) after every ply of one game, the first included."""
    headers, fen, moves, us_white, depth = job
    eng = chess.engine.SimpleEngine.popen_uci(stockfish())
    try:
        eng.configure({"Threads": 1, "Hash": 16})
        board = chess.Board(fen) if fen else chess.Board()
        us = chess.WHITE if us_white else chess.BLACK
        evals, movers, material = [], [], []
        for i in range(len(moves) + 1):
            if board.is_game_over():
                o = board.outcome()
                e = 0 if o.winner is None else (CAP if o.winner == us else -CAP)
            else:
                info = eng.analyse(board, chess.engine.Limit(depth=depth))
                e = cp(info["score"], us)
            evals.append(e)
            material.append(
                sum(
                    len(board.pieces(p, c)) * v
                    for p, v in ((chess.QUEEN, 9), (chess.ROOK, 5), (chess.BISHOP, 3), (chess.KNIGHT, 3))
                    for c in (chess.WHITE, chess.BLACK)
                )
            )
            if i < len(moves):
                movers.append(board.turn == us)
                board.push(moves[i])
        return headers, board.fullmove_number, evals, movers, material
    finally:
        eng.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="?", default="target/strength/chess-sf2400.pgn")
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--us", default="tegoma")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    if not stockfish():
        sys.exit("stockfish not found (Debian package `stockfish`)")
    jobs = []
    with open(a.pgn) as f:
        while (g := chess.pgn.read_game(f)) is not None:
            h = dict(g.headers)
            us_white = h.get("White") == a.us
            if not us_white and h.get("Black") != a.us:
                continue
            jobs.append((h, h.get("FEN"), list(g.mainline_moves()), us_white, a.depth))
    if not jobs:
        sys.exit(f"no game of {a.us} in {a.pgn}")
    with concurrent.futures.ProcessPoolExecutor(a.jobs) as ex:
        games = list(ex.map(analyse, jobs))

    blunders = {True: collections.Counter(), False: collections.Counter()}
    moves_by = collections.Counter()
    # Average loss per move (the mover's side), by mover and phase, within +-300 cp.
    acpl = collections.defaultdict(list)
    starts = []
    decided = []
    results = collections.Counter()
    for (h, _, _, us_white, _), (_, _, evals, movers, material) in zip(jobs, games):
        res = h.get("Result")
        score = {"1-0": 1.0, "0-1": 0.0}.get(res, 0.5)
        ours = score if us_white else 1 - score
        results[{1.0: "W", 0.5: "D", 0.0: "L"}[ours]] += 1
        start_move = int(h.get("FEN", "x x x x x 1").split()[5]) if h.get("FEN") else 1
        starts.append(evals[0])
        for i, mine in enumerate(movers):
            moves_by[mine] += 1
            before, after = evals[i], evals[i + 1]
            # Losses seen from the mover's side.
            loss = (before - after) if mine else (after - before)
            phase = "opening" if i < 20 else ("endgame" if material[i] <= 26 else "middlegame")
            if abs(before) <= 300:
                acpl[(mine, phase)].append(max(0, loss))
            if loss >= 150 and abs(before) <= 300:
                blunders[mine][phase] += 1
        if ours == 0.0:
            k = len(evals) - 1
            while k > 0 and evals[k - 1] < -200:
                k -= 1
            ply = k - 1  # the move that led to the first position of the lost run
            mine = 0 <= ply < len(movers) and movers[ply]
            jump = evals[ply] - evals[ply + 1] if ply >= 0 else 0
            decided.append((start_move + (ply + 1) // 2 if ply >= 0 else start_move, material[max(k, 0)], mine, jump))

    n = len(jobs)
    print(f"{n} games of {a.us} in {a.pgn}: {results['W']}W {results['D']}D {results['L']}L; Stockfish depth {a.depth}")
    starts.sort()
    print(
        f"the openings' evaluations for us: median {starts[len(starts) // 2]} cp, "
        f"{sum(1 for e in starts if abs(e) > 100)} of {n} beyond +-100 cp"
    )
    for mine, who in ((True, a.us), (False, "opponent")):
        parts = []
        for phase in ("opening", "middlegame", "endgame"):
            xs = acpl[(mine, phase)]
            parts.append(f"{phase} {sum(xs) / len(xs):.0f} ({len(xs)} moves)" if xs else f"{phase} -")
        print(f"average loss a move by {who} (cp, positions within +-300): " + ", ".join(parts))
    for mine, who in ((True, a.us), (False, "opponent")):
        b = blunders[mine]
        total = sum(b.values())
        print(
            f"blunders by {who} (>=150 cp from within +-300): {total} in {moves_by[mine]} moves, "
            f"{total / n:.2f} a game; opening {b['opening']}, middlegame {b['middlegame']}, endgame {b['endgame']}"
        )
    if decided:
        nums = sorted(d[0] for d in decided)
        by_blunder = sum(1 for d in decided if d[2] and d[3] >= 150)
        print(
            f"lost games: {len(decided)}; decided (the evaluation below -200 cp to the end) at move "
            f"min {nums[0]}, median {nums[len(nums) // 2]}, max {nums[-1]}; "
            f"by one move of ours losing >=150 cp: {by_blunder}, by a slide or the opponent's play: {len(decided) - by_blunder}"
        )
        buckets = collections.Counter(min(m // 10, 6) for m in nums)
        print("  deciding move numbers: " + ", ".join(
            f"{b * 10}-{b * 10 + 9 if b < 6 else ''}: {buckets[b]}" for b in range(7)))
        mats = sorted(d[1] for d in decided)
        print(f"  material on the board then (Q9 R5 B3 N3, both sides; 62 at the start): median {mats[len(mats) // 2]}")


if __name__ == "__main__":
    main()

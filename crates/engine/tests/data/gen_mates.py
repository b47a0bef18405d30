#!/usr/bin/env python3
"""Generates chess mate-in-one and mate-in-two positions with an independent solver
(python-chess, brute force), for tegoma-engine's tests.

Positions come from seeded random games (moves biased towards captures and checks, so that
mates appear). For each position the script lists, in UCI notation, every first move that
forces mate in one (mate1) or in at most two moves (mate2), found by exhaustive search.

Usage: python3 gen_mates.py > mates.tsv   (python-chess 1.x; seed fixed: the output is stable)
Output: kind <TAB> FEN <TAB> winning first moves (space-separated, sorted)
"""
import random
import sys

import chess


def mating_moves(board):
    out = []
    for m in board.legal_moves:
        board.push(m)
        if board.is_checkmate():
            out.append(m.uci())
        board.pop()
    return out


def forces_mate_in_two(board, m):
    """After m, every reply allows an immediate mate (or m mates at once)."""
    board.push(m)
    try:
        if board.is_checkmate():
            return True
        if board.is_game_over(claim_draw=False):
            return False
        for r in board.legal_moves:
            board.push(r)
            ok = bool(mating_moves(board))
            board.pop()
            if not ok:
                return False
        return True
    finally:
        board.pop()


def main():
    rng = random.Random(20261123)
    mate1, mate2 = [], []
    seen = set()
    games = 0
    while (len(mate1) < 60 or len(mate2) < 40) and games < 20000:
        games += 1
        board = chess.Board()
        for _ply in range(160):
            if board.is_game_over(claim_draw=False):
                break
            fen = board.fen()
            key = board.board_fen() + (" w" if board.turn else " b")
            if key not in seen and board.fullmove_number > 6:
                m1 = mating_moves(board)
                if m1 and len(mate1) < 60:
                    seen.add(key)
                    mate1.append((fen, sorted(m1)))
                elif not m1 and len(mate2) < 40 and len(board.piece_map()) <= 20:
                    wins = [m.uci() for m in list(board.legal_moves) if forces_mate_in_two(board, m)]
                    if wins:
                        seen.add(key)
                        mate2.append((fen, sorted(wins)))
            moves = list(board.legal_moves)
            # Bias: captures and checks are three times as likely.
            weights = [3 if board.is_capture(m) or board.gives_check(m) else 1 for m in moves]
            board.push(rng.choices(moves, weights)[0])
    for fen, wins in mate1:
        print(f"mate1\t{fen}\t{' '.join(wins)}")
    for fen, wins in mate2:
        print(f"mate2\t{fen}\t{' '.join(wins)}")
    print(f"# {games} random games, python-chess {chess.__version__}", file=sys.stderr)


if __name__ == "__main__":
    main()

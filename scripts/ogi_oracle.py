#!/usr/bin/env python3
"""Freeze Fairy-Stockfish's Ōgi perft counts into test data for tegoma-rules.

Plays seeded random games with Fairy-Stockfish itself (PyPI `pyffish`, rules from
/work/shared/oracles/ogi.ini or --ini), samples positions along them, and writes one line per
position:

    FEEN;perft1;perft2;perft3

(perft3 is `-` when the time budget ran out before that position). Fairy-Stockfish has no King's
privilege and no sennichite, so the counts are those of `tegoma perft --no-privilege`, history
ignored. The Rust test `crates/rules/tests/ogi_oracle.rs` reads the file; CI needs no Python.

Usage:
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pyffish
    /tmp/venv/bin/python scripts/ogi_oracle.py --positions 1000 --seed 2026 \
        --out crates/rules/tests/data/ogi_fsf_perft.txt [--d3-budget 2400]

Pitfalls (oracles/README.md): Fairy-Stockfish's hands must be spelled piece by piece
(`[PPS]`, never `[2PS]`); its `k` is FEEN's `k^`; `w` means the first (uppercase) player moves.
"""
import argparse
import random
import sys
import time

import pyffish as sf

VARIANT = "ogi"


def fsf_board_rows(fen):
    """The board part of a Fairy-Stockfish FEN as 8 lists (rank 8 first) of tokens or None."""
    board = fen.split("[")[0]
    rows = []
    for row in board.split("/"):
        cells = []
        i = 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                cells.extend([None] * int(row[i:j]))
                i = j
            elif c == "+":
                cells.append("+" + row[i + 1])
                i += 2
            else:
                cells.append(c)
                i += 1
        assert len(cells) == 8, (fen, row)
        rows.append(cells)
    assert len(rows) == 8, fen
    return rows


def feen_token(tok):
    """A Fairy-Stockfish piece token as an Ōgi EPIN token."""
    return tok + "^" if tok.lstrip("+") in ("k", "K") else tok


def hand_items(pieces):
    """Canonical FEEN hand from a list of tokens (FEEN §11.3 order)."""
    counts = {}
    for p in pieces:
        counts[p] = counts.get(p, 0) + 1

    def key(item):
        tok, n = item
        letter = tok.lstrip("+")[0]
        return (-n, letter.lower(), 0 if letter.isupper() else 1, 0 if tok.startswith("+") else 1)

    out = ""
    for tok, n in sorted(counts.items(), key=key):
        out += (str(n) if n > 1 else "") + feen_token(tok)
    return out


def to_feen(fen):
    """Fairy-Stockfish FEN -> FEEN."""
    rows = fsf_board_rows(fen)
    ranks = []
    for cells in rows:
        s, empty = "", 0
        for c in cells:
            if c is None:
                empty += 1
            else:
                if empty:
                    s += str(empty)
                    empty = 0
                s += feen_token(c)
        if empty:
            s += str(empty)
        ranks.append(s)
    hand = fen.split("[")[1].split("]")[0] if "[" in fen else ""
    hand = hand.replace("-", "")
    toks, i = [], 0
    while i < len(hand):
        if hand[i] == "+":
            toks.append(hand[i : i + 2])
            i += 2
        else:
            toks.append(hand[i])
            i += 1
    first = hand_items([t for t in toks if t.lstrip("+").isupper()])
    second = hand_items([t for t in toks if t.lstrip("+").islower()])
    side = fen.split("]")[1].split()[0] if "]" in fen else fen.split()[1]
    turn = "O/o" if side == "w" else "o/O"
    return "/".join(ranks) + " " + first + "/" + second + " " + turn


def clean(fen):
    """Drop the counters (no move-limit effect on the move list)."""
    board, rest = fen.split("]", 1)
    side = rest.split()[0]
    return board + "] " + side + " - - 0 1"


def perft(fen, depth, line=()):
    """Fairy-Stockfish's perft, replaying `line` from `fen` (one call per node above the leaves)."""
    moves = sf.legal_moves(VARIANT, fen, list(line))
    if depth == 1:
        return len(moves)
    return sum(perft(fen, depth - 1, line + (m,)) for m in moves)


def is_capture(fen, move):
    if "@" in move:
        return False
    rows = fsf_board_rows(fen)
    dst = move[2:4]
    f, r = ord(dst[0]) - 97, int(dst[1])
    return rows[8 - r][f] is not None


def king_capture(fen, move):
    if "@" in move:
        return False
    rows = fsf_board_rows(fen)
    dst = move[2:4]
    f, r = ord(dst[0]) - 97, int(dst[1])
    return rows[8 - r][f] in ("k", "K")


def sample_positions(n, seed):
    rng = random.Random(seed)
    out, seen = [], set()
    while len(out) < n:
        fen = clean(sf.start_fen(VARIANT))
        plies = rng.randint(20, 120)
        for ply in range(plies):
            moves = sf.legal_moves(VARIANT, fen, [])
            if not moves:
                break
            kings = [m for m in moves if king_capture(fen, m)]
            caps = [m for m in moves if is_capture(fen, m) and m not in kings]
            r = rng.random()
            if kings and r < 0.03:
                move = rng.choice(kings)
            elif caps and r < 0.55:
                move = rng.choice(caps)
            else:
                quiet = [m for m in moves if m not in kings] or moves
                move = rng.choice(quiet)
            fen = clean(sf.get_fen(VARIANT, fen, [move]))
            if ply >= 3 and rng.random() < 0.3 and fen not in seen:
                seen.add(fen)
                out.append(fen)
                if len(out) >= n:
                    break
            if king_capture_done(fen):
                break
    return out


def king_capture_done(fen):
    rows = fsf_board_rows(fen)
    flat = [c for row in rows for c in row]
    return "k" not in flat or "K" not in flat


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ini", default="/work/shared/oracles/ogi.ini")
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--d3-budget", type=float, default=2400.0, help="seconds spent on depth 3")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    sf.load_variant_config(open(a.ini).read())
    fens = sample_positions(a.positions, a.seed)
    print(f"sampled {len(fens)} positions", file=sys.stderr)
    # Written as it goes (flushed per line), so an interrupted run keeps its work: first
    # FEEN;d1;d2;- for every position, then FEEN;d1;d2;d3 lines for depth 3, cheapest first.
    # A later line for the same FEEN supersedes an earlier one.
    t0 = time.time()
    rows = []
    with open(a.out, "w") as f:
        f.write(f"# Fairy-Stockfish {'.'.join(map(str, sf.version()))} Ōgi perft (no privilege), "
                f"scripts/ogi_oracle.py --positions {a.positions} --seed {a.seed}\n")
        f.write("# FEEN;perft1;perft2;perft3 (- when not computed); a later line for a FEEN supersedes\n")
        for i, fen in enumerate(fens):
            row = [to_feen(fen), perft(fen, 1), perft(fen, 2)]
            rows.append(row)
            f.write(f"{row[0]};{row[1]};{row[2]};-\n")
            f.flush()
            if i % 100 == 0:
                print(f"d1-2: {i}/{len(fens)} {time.time() - t0:.0f}s", file=sys.stderr)
        order = sorted(range(len(fens)), key=lambda i: rows[i][2])
        t1 = time.time()
        done = 0
        for i in order:
            if time.time() - t1 > a.d3_budget:
                break
            d3 = perft(fens[i], 3)
            f.write(f"{rows[i][0]};{rows[i][1]};{rows[i][2]};{d3}\n")
            f.flush()
            done += 1
            if done % 20 == 0:
                print(f"d3: {done} {time.time() - t1:.0f}s", file=sys.stderr)
    print(f"wrote {len(rows)} positions, {done} with depth 3", file=sys.stderr)


if __name__ == "__main__":
    main()

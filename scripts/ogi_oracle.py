#!/usr/bin/env python3
"""Freeze Fairy-Stockfish's Ōgi perft counts into test data for tegoma-rules.

Plays seeded random games with Fairy-Stockfish itself (PyPI `pyffish`, rules from
/work/shared/oracles/ogi.ini or --ini), samples positions along them, and writes one line per
position:

    FEEN;perft1;perft2;perft3

(perft3 is `-` when the time budget ran out before that position). Fairy-Stockfish has no King's
privilege and no sennichite, so the counts are those of `tegoma perft --no-privilege`, history
ignored. The Rust test `crates/rules/tests/ogi_oracle.rs` reads the file; CI needs no Python.

Usage (how the committed data was made):
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pyffish
    # 1. sample 1,100 positions, depths 1-2 by pyffish (depth 3 by pyffish is hours: stop it)
    /tmp/venv/bin/python scripts/ogi_oracle.py --positions 1100 --seed 2026 --out /tmp/raw.txt
    # 2. depth 3 by a native Fairy-Stockfish built from the same PyPI source
    #    (pip download pyffish==0.0.90 --no-binary :all:; compile src/*.cpp except pyffish.cpp and
    #    ffishjs.cpp with -DLARGEBOARDS -DALLVARS -DPRECOMPUTED_MAGICS -DNNUE_EMBEDDING_OFF
    #    -DIS_64BIT), after checking that it agrees with pyffish at depths 1-2
    /tmp/venv/bin/python scripts/ogi_oracle.py --d3-from /tmp/raw.txt --fsf-binary ./fsf \
        --seed 2026 --out /tmp/d3.txt
    # 3. the hash of pyffish's legal move set per position
    /tmp/venv/bin/python scripts/ogi_oracle.py --add-movesets /tmp/d3.txt \
        --out crates/rules/tests/data/ogi_fsf_perft.txt

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


def from_feen(feen):
    """FEEN -> Fairy-Stockfish FEN (hands spelled out piece by piece)."""
    placement, hands, turn = feen.split(" ")
    board = placement.replace("^", "").replace("'", "")
    spelled = ""
    for hand in hands.split("/"):
        i = 0
        while i < len(hand):
            j = i
            while hand[j].isdigit():
                j += 1
            n = int(hand[i:j]) if j > i else 1
            k = j + (2 if hand[j] == "+" else 1)
            tok = hand[j:k]
            if k < len(hand) and hand[k] == "^":
                k += 1
            spelled += tok * n
            i = k
    side = "w" if turn == "O/o" else "b"
    return f"{board}[{spelled}] {side} - - 0 1"


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


class NativeFsf:
    """A native Fairy-Stockfish (built from the same PyPI source as pyffish) driven over UCI, for
    the depth-3 counts that pyffish is too slow for. Its `go perft` walks the same
    `MoveList<LEGAL>` tree as pyffish's `legal_moves`."""

    def __init__(self, binary, ini):
        import subprocess

        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name VariantPath value {ini}")
        self.send(f"setoption name UCI_Variant value {VARIANT}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish exited")
            if line.startswith(prefix):
                return line

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        return int(self.wait("Nodes searched").split(":")[1])


def moveset_hash(fen):
    """FNV-1a 64 of Fairy-Stockfish's legal moves (UCI, sorted, joined by spaces), in hex."""
    h = 0xCBF29CE484222325
    for b in " ".join(sorted(sf.legal_moves(VARIANT, fen, []))).encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


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
    ap.add_argument("--d3-from", help="only add depth 3 to the FEEN;d1;d2;- lines of this file")
    ap.add_argument("--fsf-binary", help="with --d3-from: a native Fairy-Stockfish for depth 3 "
                    "(d1 and d2 are checked against the file's pyffish counts)")
    ap.add_argument("--add-movesets", help="append to each FEEN;d1;d2;d3 line of this file a 5th "
                    "field: the hash of pyffish's legal move set (see moveset_hash)")
    ap.add_argument("--stride", type=int, default=1, help="with --d3-from: every stride-th line ...")
    ap.add_argument("--offset", type=int, default=0, help="... starting at this one")
    a = ap.parse_args()
    sf.load_variant_config(open(a.ini).read())
    if a.add_movesets:
        lines = open(a.add_movesets).read().splitlines()
        with open(a.out, "w") as f:
            for line in lines:
                if line.startswith("# FEEN"):
                    line += ";movesetFNV (FNV-1a 64 of the sorted UCI legal moves joined by spaces)"
                elif not line.startswith("#"):
                    line += ";" + moveset_hash(from_feen(line.split(";")[0]))
                f.write(line + "\n")
        return
    if a.d3_from:
        rows = [l.rstrip("\n").split(";") for l in open(a.d3_from) if not l.startswith("#")]
        if a.fsf_binary:
            seen = set()
            rows = [r for r in rows if not (r[0] in seen or seen.add(r[0]))]
            eng = NativeFsf(a.fsf_binary, a.ini)
            with open(a.out, "w") as f:
                f.write(f"# Fairy-Stockfish Ōgi perft (no privilege), {len(rows)} positions from seeded random "
                        f"play (scripts/ogi_oracle.py --seed {a.seed}); d1, d2 by pyffish "
                        f"{'.'.join(map(str, sf.version()))}, d3 by a native build of the same source\n")
                f.write("# FEEN;perft1;perft2;perft3\n")
                for feen, d1, d2, _ in rows:
                    fen = from_feen(feen)
                    assert to_feen(fen) == feen, (feen, fen)
                    n1, n2 = eng.perft(fen, 1), eng.perft(fen, 2)
                    assert (n1, n2) == (int(d1), int(d2)), (feen, n1, n2, d1, d2)
                    f.write(f"{feen};{d1};{d2};{eng.perft(fen, 3)}\n")
            return
        rows = [r for r in rows if r[3] == "-"][a.offset :: a.stride]
        rows.sort(key=lambda r: int(r[2]))
        t1 = time.time()
        with open(a.out, "w") as f:
            for feen, d1, d2, _ in rows:
                if time.time() - t1 > a.d3_budget:
                    break
                fen = from_feen(feen)
                assert to_feen(fen) == feen, (feen, fen)
                assert perft(fen, 1) == int(d1), feen
                f.write(f"{feen};{d1};{d2};{perft(fen, 3)}\n")
                f.flush()
        return
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

#!/usr/bin/env python3
"""Differential oracle data for the chess rule system and the match layer, from python-chess.

Plays seeded random games with python-chess (`pip install chess`) under the seed's termination
rules (ruling R3 of shared/DECISIONS.md) and writes, for every ply, what an independent
implementation says about the position before it:

    the FEN, the number of legal moves, a 64-bit FNV-1a hash of the legal moves, the SAN of the
    played move and whether it gives check;

and for every game its final FEN, hands, statuses and result. The frozen output is test data
(crates/pgn/tests/data/, compressed shards), so CI needs no Python.

Usage:
    python3 scripts/python_chess_oracle.py [--games 1000] [--seed 20261122]
        [--out-dir crates/pgn/tests/data] [--shard-games 400]
    python3 scripts/python_chess_oracle.py --reshard FILE.tsv   # no python-chess needed

The output is gzip-compressed and split into shards of at most `--shard-games` games, so that no
checked-in file exceeds 1 MB: `python_chess_games.0.tsv.gz`, `python_chess_games.1.tsv.gz`, ...
(gzip level 9, no file name, mtime 0: byte-identical between runs). The tests decompress the
shards with the `flate2` crate and read them in order, as one text. Every shard starts with the
comment lines. `--reshard` splits and compresses an existing uncompressed output the same way.

Output format (UTF-8, LF, tab-separated; lines starting with '#' are comments):

    G <tab> index <tab> seed <tab> plies <tab> result <tab> statuses <tab> final FEN <tab>
      final legal-move count <tab> final legal-move hash <tab> final check (0/1) <tab>
      first hand <tab> second hand
    P <tab> FEN before <tab> legal-move count <tab> legal-move hash <tab> SAN <tab> check (0/1)

A `G` line is followed by exactly `plies` `P` lines, in order.

* FEN: python-chess's `Board.fen(en_passant="fen")`: the en passant square is written after
  *every* double step, capture possible or not. That is the seed's `-P` marker (R2), so the FEN
  and the seed's FEEN convert one-to-one (castling field <-> `+K^`/`+R`, en passant <-> `-P`,
  pawn on its start rank <-> `+P`). Halfmove clock and move number are python-chess's.
* Legal-move hash: the UCI strings of all legal moves (python-chess spelling: castling is the
  king's move `e1g1`, promotions end in a lowercase letter `e7e8q`), sorted by byte value,
  joined with single spaces, hashed with 64-bit FNV-1a (offset 0xcbf29ce484222325, prime
  0x100000001b3) over the UTF-8 bytes; written as 16 lowercase hex digits. No legal move hashes
  the empty string.
* Hands: the pieces each side captured, as the seed keeps them (R2: exactly as they stood, state
  included, no mutation: a black rook on its corner with its castling right alive is `+r`, a black
  pawn that never moved `+p`, a pawn captured while en-passant-vulnerable `-p`). Written as
  the sorted tokens joined by commas, `-` when empty; first hand = captured by White.
* Statuses: the ending statuses that hold in the final position, among `checkmate`, `stalemate`,
  `insufficient`, `repetition`, `movelimit`, comma-separated in CGSN canonical order
  (checkmate, stalemate, insufficient, movelimit, repetition); `-` when none (a game stopped at
  its length cap, result `*`). The terminal piece's `check`/`stale` is the separate check column.
* Result: `1-0`, `0-1` (checkmate: the side to move loses), `1/2-1/2` (any other ending), `*`
  (stopped at the length cap).

Termination, checked in every position before a move is chosen (R3, automatic, no claims):
* checkmate / stalemate: no legal move, in check or not;
* insufficient: exactly the seed's list: K-K, KB-K, KN-K, KB-KB with both bishops on squares of
  the same colour (not python-chess's wider `is_insufficient_material`);
* movelimit: 100 plies without a pawn move or a capture (python-chess's halfmove clock = 100);
* repetition: the third occurrence of the same position, identified as R2/R5 do and *not* as
  python-chess does (which ignores an en passant square when no capture is legal). Identity key
  here: the board placement, the castling rights (they give the `+K^`/`+R` markers), the raw en
  passant square set after every double step (the `-P` marker, capture possible or not), the
  side to move, and both hands as sorted multisets. (`+P` markers follow from the placement:
  a pawn on its start rank has never moved in a game from the standard start.)

Move choice is random but biased so that rare events occur: captures, checks, castling, en
passant and promotions (under-promotions too) are weighted up, a mating move is taken with some
probability, and in sparse endings a stalemating move is preferred sometimes. In the quiet style, a move
back to an already seen position is preferred sometimes (repetitions). Each game's length cap
is drawn from 1..100 plies for 82% of the games; the others play on to a natural end (cap
400) so that movelimit, insufficient material, mates and stalemates are well covered.
"""

from __future__ import annotations

import argparse
import collections
import glob
import gzip
import io
import os
import random
import sys

try:
    import chess
except ImportError:  # only --reshard works without python-chess
    chess = None

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
MASK64 = (1 << 64) - 1


def fnv1a64(data: bytes) -> int:
    h = FNV_OFFSET
    for b in data:
        h ^= b
        h = (h * FNV_PRIME) & MASK64
    return h


def legal_hash(board: chess.Board) -> tuple[int, str]:
    ucis = sorted(m.uci() for m in board.legal_moves)
    return len(ucis), "%016x" % fnv1a64(" ".join(ucis).encode())


def seed_insufficient(board: chess.Board) -> bool:
    """The seed's list only: K-K, KB-K, KN-K, KB-KB with same-colour bishops."""
    pieces = [(sq, p) for sq, p in board.piece_map().items() if p.piece_type != chess.KING]
    if not pieces:
        return True
    if len(pieces) == 1:
        return pieces[0][1].piece_type in (chess.BISHOP, chess.KNIGHT)
    if len(pieces) == 2:
        (s1, p1), (s2, p2) = pieces
        if p1.piece_type == chess.BISHOP and p2.piece_type == chess.BISHOP and p1.color != p2.color:
            colour = lambda sq: (chess.square_file(sq) + chess.square_rank(sq)) % 2
            return colour(s1) == colour(s2)
    return False


def captured_token(board: chess.Board, move: chess.Move) -> str | None:
    """The captured piece as the seed keeps it in the capturer's hand (state included)."""
    if board.is_en_passant(move):
        victim_sq = move.to_square + (-8 if board.turn == chess.WHITE else 8)
        piece = board.piece_at(victim_sq)
        return "-" + piece.symbol()
    piece = board.piece_at(move.to_square)
    if piece is None:
        return None
    sq = move.to_square
    sym = piece.symbol()
    if piece.piece_type == chess.PAWN:
        start_rank = 1 if piece.color == chess.WHITE else 6
        if chess.square_rank(sq) == start_rank:
            return "+" + sym
        if board.ep_square is not None:
            # The pawn that has just double-stepped stands one step past the en passant square.
            dbl = board.ep_square + (8 if piece.color == chess.WHITE else -8)
            if dbl == sq:
                return "-" + sym
        return sym
    if piece.piece_type == chess.ROOK and board.castling_rights & chess.BB_SQUARES[sq]:
        return "+" + sym
    return sym


def identity(board: chess.Board, hands) -> tuple:
    return (
        board.board_fen(),
        board.castling_rights,
        board.ep_square,
        board.turn,
        tuple(sorted(hands[0])),
        tuple(sorted(hands[1])),
    )


def choose(board: chess.Board, rng: random.Random, style: dict, seen, hands) -> chess.Move:
    moves = list(board.legal_moves)
    if rng.random() < style["repeat_pref"]:
        repeats = []
        for m in moves:
            if not board.is_capture(m):
                board.push(m)
                if seen[identity(board, hands)] > 0:
                    repeats.append(m)
                board.pop()
        if repeats:
            return rng.choice(repeats)
    if rng.random() < style["mate_pref"]:
        mates = []
        for m in moves:
            if board.gives_check(m):
                board.push(m)
                if board.is_checkmate():
                    mates.append(m)
                board.pop()
        if mates:
            return rng.choice(mates)
    opp_material = chess.popcount(board.occupied_co[not board.turn] & ~board.kings)
    if opp_material <= 3 and rng.random() < style["stalemate_pref"]:
        stalemates = []
        for m in moves:
            board.push(m)
            if board.is_stalemate():
                stalemates.append(m)
            board.pop()
        if stalemates:
            return rng.choice(stalemates)
    weights = []
    for m in moves:
        w = 1.0
        if board.is_castling(m):
            w *= style["castle"]
        if board.is_en_passant(m):
            w *= style["ep"]
        elif board.is_capture(m):
            w *= style["capture"]
        if m.promotion:
            w *= style["promo"]
        if board.gives_check(m):
            w *= style["check"]
        if board.piece_type_at(m.from_square) == chess.PAWN:
            w *= style["pawn"]
        weights.append(w)
    return rng.choices(moves, weights=weights, k=1)[0]


STYLES = [
    # uniform random play
    dict(castle=1, ep=1, capture=1, promo=1, check=1, pawn=1, mate_pref=0.0, stalemate_pref=0.0,
         repeat_pref=0.0),
    # event-seeking
    dict(castle=50, ep=50, capture=3, promo=10, check=2, pawn=2, mate_pref=0.8,
         stalemate_pref=0.5, repeat_pref=0.0),
    # aggressive: captures and checks, quick simplification
    dict(castle=20, ep=20, capture=8, promo=10, check=4, pawn=1, mate_pref=0.9,
         stalemate_pref=0.7, repeat_pref=0.0),
    # quiet shuffling: few captures, for repetitions and the move limit
    dict(castle=20, ep=10, capture=0.3, promo=5, check=1, pawn=0.2, mate_pref=0.5,
         stalemate_pref=0.3, repeat_pref=0.6),
]


def play(index: int, seed: int):
    rng = random.Random(seed)
    style = STYLES[index % len(STYLES)]
    cap = 400 if rng.random() < 0.18 else rng.randint(1, 100)
    board = chess.Board()
    hands = ([], [])  # captured by White, captured by Black
    seen = collections.Counter()
    seen[identity(board, hands)] += 1
    plies = []
    repetition = False
    while True:
        nlegal, h = legal_hash(board)
        statuses = []
        if nlegal == 0:
            statuses.append("checkmate" if board.is_check() else "stalemate")
        if seed_insufficient(board):
            statuses.append("insufficient")
        if board.halfmove_clock >= 100:
            statuses.append("movelimit")
        if repetition:
            statuses.append("repetition")
        if statuses or len(plies) >= cap:
            break
        move = choose(board, rng, style, seen, hands)
        fen = board.fen(en_passant="fen")
        san = board.san(move)
        check = board.gives_check(move)
        token = captured_token(board, move)
        if token is not None:
            hands[0 if board.turn == chess.WHITE else 1].append(token)
        board.push(move)
        plies.append((fen, nlegal, h, san, int(check)))
        key = identity(board, hands)
        seen[key] += 1
        repetition = seen[key] >= 3
    if "checkmate" in statuses:
        result = "0-1" if board.turn == chess.WHITE else "1-0"
    elif statuses:
        result = "1/2-1/2"
    else:
        result = "*"
    game = dict(
        index=index,
        seed=seed,
        plies=plies,
        result=result,
        statuses=statuses,
        fen=board.fen(en_passant="fen"),
        nlegal=nlegal,
        hash=h,
        check=int(board.is_check()),
        hands=[",".join(sorted(hd)) or "-" for hd in hands],
    )
    return game


SHARD_NAME = "python_chess_games.%d.tsv.gz"


def write_shards(header: list[str], games: list[list[str]], out_dir: str, per_shard: int) -> None:
    """Writes the games (each a list of lines: its G line, then its P lines) as gzip shards of at
    most `per_shard` games, every shard starting with the header lines; removes stale shards."""
    for old in glob.glob(os.path.join(out_dir, "python_chess_games.*.tsv.gz")):
        os.remove(old)
    for k in range(0, max(len(games), 1), per_shard):
        text = "".join(header) + "".join("".join(g) for g in games[k:k + per_shard])
        buf = io.BytesIO()
        with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as gz:
            gz.write(text.encode("utf-8"))
        path = os.path.join(out_dir, SHARD_NAME % (k // per_shard))
        with open(path, "wb") as out:
            out.write(buf.getvalue())
        print("%s: %d bytes" % (path, len(buf.getvalue())), file=sys.stderr)


def reshard(path: str, out_dir: str, per_shard: int) -> int:
    header: list[str] = []
    games: list[list[str]] = []
    with open(path, encoding="utf-8", newline="\n") as f:
        for line in f:
            if line.startswith("#"):
                if not games:
                    header.append(line)
            elif line.startswith("G\t"):
                games.append([line])
            else:
                games[-1].append(line)
    write_shards(header, games, out_dir, per_shard)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--out-dir", default="crates/pgn/tests/data")
    ap.add_argument("--shard-games", type=int, default=400)
    ap.add_argument("--reshard", metavar="TSV", help="split and compress an existing output")
    args = ap.parse_args()
    if args.reshard:
        return reshard(args.reshard, args.out_dir, args.shard_games)
    if chess is None:
        sys.exit("python-chess is missing: pip install chess")
    stats = collections.Counter()
    header = [
        "# python-chess %s oracle games: scripts/python_chess_oracle.py --games %d --seed %d\n"
        % (chess.__version__, args.games, args.seed),
        "# G index seed plies result statuses final_fen final_nlegal final_hash final_check hand_first hand_second\n",
        "# P fen_before nlegal legal_hash san check\n",
    ]
    games: list[list[str]] = []
    for i in range(args.games):
        g = play(i, args.seed * 100_003 + i)
        lines = ["G\t%d\t%d\t%d\t%s\t%s\t%s\t%d\t%s\t%d\t%s\t%s\n" % (
            g["index"], g["seed"], len(g["plies"]), g["result"], ",".join(g["statuses"]) or "-",
            g["fen"], g["nlegal"], g["hash"], g["check"], g["hands"][0], g["hands"][1])]
        for p in g["plies"]:
            lines.append("P\t%s\t%d\t%s\t%s\t%d\n" % p)
            san = p[3]
            stats["plies"] += 1
            stats["castling"] += san.startswith("O-O")
            stats["promotion"] += "=" in san
            stats["underpromotion"] += ("=" in san) and ("=Q" not in san)
            stats["check"] += p[4]
        for s in g["statuses"] or ["unfinished"]:
            stats[s] += 1
        stats["games"] += 1
        games.append(lines)
    write_shards(header, games, args.out_dir, args.shard_games)
    print(" ".join("%s=%d" % kv for kv in sorted(stats.items())), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

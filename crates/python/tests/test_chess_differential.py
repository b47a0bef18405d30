"""Chess against python-chess: 4,000 positions from seeded random play.

For every position: the legal moves as UCI sets, the SAN of every legal move, the FEN,
is_check, is_checkmate and is_stalemate; both for a board set up from the FEN and for the board
that played the game move by move (through push_uci, whose SAN must be python-chess's).
"""

import random

import chess
import pytest

import tegoma

POSITIONS = 4_000
SEED = 20261123


def random_games(seed, wanted):
    """(python-chess board, tegoma board that played the same game) at every position."""
    rng = random.Random(seed)
    seen = 0
    while seen < wanted:
        pb = chess.Board()
        tb = tegoma.Board("chess")
        while True:
            yield pb, tb
            seen += 1
            if seen >= wanted or pb.is_game_over(claim_draw=False) or tb.is_game_over():
                break
            moves = list(pb.legal_moves)
            # Half the time a capture or a check, for games that end sooner and in more ways.
            sharp = [m for m in moves if pb.is_capture(m) or pb.gives_check(m)]
            mv = rng.choice(sharp if sharp and rng.random() < 0.5 else moves)
            san = pb.san(mv)
            played = tb.push_uci(mv.uci())
            assert played.san == san, pb.fen()
            pb.push(mv)


def compare(pb, tb, where):
    fen = pb.fen(en_passant="fen")
    assert tb.fen() == fen, where
    over = tb.outcome()
    if over is not None and not (pb.is_checkmate() or pb.is_stalemate()):
        # A match Tegoma ends where python-chess's board goes on: a dead position, or (for
        # the board that played the game) R3's third repetition and 100 quiet plies, which
        # python-chess leaves to claims. The match then has no legal move.
        assert set(over.statuses) <= {"insufficient", "repetition", "movelimit"}, where
        if "insufficient" in over.statuses:
            assert pb.is_insufficient_material(), where
        if "repetition" in over.statuses:
            assert pb.can_claim_threefold_repetition(), where
        assert len(tb.legal_moves) == 0, where
        return
    expected = {m.uci(): pb.san(m) for m in pb.legal_moves}
    got = {m.uci: m.san for m in tb.legal_moves}
    assert set(got) == set(expected), where
    assert got == expected, where
    assert tb.is_check() == pb.is_check(), where
    assert tb.is_checkmate() == pb.is_checkmate(), where
    assert tb.is_stalemate() == pb.is_stalemate(), where


def test_random_play_agrees_with_python_chess():
    count = 0
    checks = mates = stalemates = ended = 0
    for pb, tb in random_games(SEED, POSITIONS):
        fen = pb.fen(en_passant="fen")
        compare(pb, tb, f"played: {fen}")
        # The same position set up from its FEN.
        fresh = tegoma.Board(fen=fen)
        compare(pb, fresh, f"from FEN: {fen}")
        # (A FEN has no hands: the played board's FEEN also lists the captured pieces.)
        assert fresh.feen.split(' ')[0] == tb.feen.split(' ')[0], fen
        count += 1
        checks += pb.is_check()
        mates += pb.is_checkmate()
        stalemates += pb.is_stalemate()
        ended += tb.is_game_over()
    assert count == POSITIONS
    assert checks > 100 and mates > 0, "the sample should hold checks and checkmates"
    print(f"{count} positions, {checks} checks, {mates} checkmates, {stalemates} stalemates, {ended} ended")


@pytest.mark.parametrize(
    "fen",
    [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ],
)
def test_perft_positions_agree(fen):
    pb = chess.Board(fen)
    tb = tegoma.Board(fen=fen)
    compare(pb, tb, fen)
    n = sum(1 for _ in pb.legal_moves)
    assert tb.perft(1) == n
    two = 0
    for m in pb.legal_moves:
        pb.push(m)
        two += pb.legal_moves.count()
        pb.pop()
    assert tb.perft(2) == two

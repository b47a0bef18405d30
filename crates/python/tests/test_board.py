"""The Board API, the same for chess, Ōgi, Kogoma and Chess against Ōgi."""

import copy
import pickle

import pytest

import tegoma

GAMES = ["chess", "ogi", "kogoma", "chess-ogi"]
STYLES = {"chess": "C/c", "ogi": "O/o", "kogoma": "K/k", "chess-ogi": "C/o"}
# chess-ogi: 20 chess moves, then 25 Ōgi moves after each (no first move of one army
# reaches the other).
PERFT2 = {"chess": 400, "ogi": 625, "kogoma": 194, "chess-ogi": 500}


def play_some(board, plies, pick=0):
    for _ in range(plies):
        moves = list(board.legal_moves)
        board.push(moves[pick % len(moves)])
    return board


@pytest.mark.parametrize("game", GAMES)
def test_initial_board(game):
    b = tegoma.Board(game)
    assert b.rules == game
    assert b.feen.endswith(STYLES[game])
    assert b.turn == "first"
    assert b.move_stack == []
    assert "check" not in b.statuses and "checkmate" not in b.statuses
    assert not b.is_check() and not b.is_checkmate() and not b.is_stalemate()
    assert not b.is_game_over()
    assert b.outcome() is None
    assert b.result() == "*"
    assert b.perft(0) == 1
    assert b.perft(2) == PERFT2[game]
    assert len(b.legal_moves) == b.perft(1)
    assert "first hand" in str(b) and "second hand" in str(b)
    assert repr(b) == f"Board(rules='{game}', feen='{b.feen}')"
    svg = b._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>") and "first hand" in svg


@pytest.mark.parametrize("game", GAMES)
def test_board_from_feen_infers_the_game(game):
    feen = play_some(tegoma.Board(game), 3).feen
    b = tegoma.Board(feen=feen)
    assert b.rules == game
    assert b.feen == feen
    assert tegoma.Board(game, feen=feen).feen == feen


@pytest.mark.parametrize("game", GAMES)
def test_legal_moves_sequence(game):
    b = tegoma.Board(game)
    moves = b.legal_moves
    assert len(moves) > 0 and bool(moves)
    first = moves[0]
    assert moves[-1] == list(moves)[-1]
    assert moves[:2] == list(moves)[:2] and moves[::-1] == list(moves)[::-1]
    with pytest.raises(IndexError):
        moves[len(moves)]
    assert first in moves
    assert first.pmn in moves
    assert "no-such-move" not in moves
    assert 42 not in moves
    assert len(set(moves)) == len(moves)
    for m in moves:
        assert str(m) == m.pmn
        assert tegoma.Move(m.pmn) == m
        assert hash(tegoma.Move(m.pmn)) == hash(m)
        if game == "chess":
            assert m.san in moves and m.uci in moves
        else:
            assert m.san is None and m.uci is None


@pytest.mark.parametrize("game", GAMES)
def test_push_pop_peek(game):
    b = tegoma.Board(game)
    start = b.feen
    m = b.legal_moves[0]
    b.push(m)
    assert b.peek() == m
    assert b.move_stack == [m]
    assert b.turn == "second"
    second = b.legal_moves[0]
    b.push_pmn(second.pmn)
    assert b.move_stack == [m, second]
    assert b.pop() == second
    assert b.pop() == m
    assert b.feen == start
    with pytest.raises(IndexError):
        b.pop()
    with pytest.raises(IndexError):
        b.peek()


@pytest.mark.parametrize("game", GAMES)
def test_copy_eq_hash(game):
    b = play_some(tegoma.Board(game), 4, pick=1)
    c = b.copy()
    assert c == b and hash(c) == hash(b)
    assert c.move_stack == b.move_stack
    assert b.copy(stack=False).move_stack == []
    assert b.copy(stack=False) == b
    assert copy.copy(b) == b and copy.deepcopy(b) == b
    c.push(c.legal_moves[0])
    assert c != b
    assert b != "not a board"
    assert len({b, b.copy(), c}) == 2


@pytest.mark.parametrize("game", GAMES)
def test_pickle_keeps_history(game):
    b = play_some(tegoma.Board(game), 5, pick=2)
    c = pickle.loads(pickle.dumps(b))
    assert c == b
    assert c.rules == game
    assert c.move_stack == b.move_stack
    assert c.feen == b.feen
    m = pickle.loads(pickle.dumps(b.move_stack[0]))
    assert m == b.move_stack[0] and m.san == b.move_stack[0].san


def test_pickle_keeps_a_fen_start():
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 37 80"
    b = tegoma.Board(fen=fen)
    b.push_san("e4")
    c = pickle.loads(pickle.dumps(b))
    assert c.fen() == b.fen() == "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 80"


def test_transposition_is_the_same_position():
    b = tegoma.Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
        b.push_san(san)
    assert b == tegoma.Board() and hash(b) == hash(tegoma.Board())
    assert len(b.move_stack) == 4


def test_chess_notations():
    b = tegoma.Board("chess")
    m = b.push_san("e4")
    assert (m.pmn, m.san, m.uci) == ("e2-e4", "e4", "e2e4")
    assert (m.from_square, m.to_square, m.drop, m.promotion) == ("e2", "e4", None, None)
    assert b.push_uci("e7e5").san == "e5"
    b.push("Nf3")
    b.push("b8c6")
    assert [m.san for m in b.move_stack] == ["e4", "e5", "Nf3", "Nc6"]
    assert b.fen() == "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    assert tegoma.Board(fen=b.fen()) == b


def test_chess_promotion_castling_en_passant():
    b = tegoma.Board(fen="r3k2r/pPpp1ppp/8/4pP2/8/8/PPPPPPPP/R3K2R w KQkq e6 0 1")
    by_uci = {m.uci: m for m in b.legal_moves}
    q = by_uci["b7a8q"]
    assert (q.pmn, q.san, q.promotion, q.from_square, q.to_square) == ("b7+a8=Q", "bxa8=Q+", "Q", "b7", "a8")
    assert by_uci["e1g1"].pmn == "e1~g1" and by_uci["e1g1"].san == "O-O"
    assert by_uci["f5e6"].pmn == "f5~e6" and by_uci["f5e6"].san == "fxe6"
    b.push_san("O-O-O")
    assert b.fen().startswith("r3k2r/pPpp1ppp/8/4pP2/8/8/PPPPPPPP/2KR3R b kq")


def test_checkmate_outcome():
    b = tegoma.Board()
    for san in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]:
        b.push_san(san)
    assert "Qxf7#" in b.legal_moves and "Qxf7" in b.legal_moves and "Qxf7+" in b.legal_moves
    assert b.legal_moves.count() == len(b.legal_moves)
    b.push_san("Qxf7")
    assert b.is_check() and b.is_checkmate() and b.is_game_over()
    assert "checkmate" in b.statuses
    o = b.outcome()
    assert o.winner == "first" and "checkmate" in o.statuses and o.result() == "1-0"
    assert b.result() == "1-0"
    assert len(b.legal_moves) == 0
    assert b.peek().san == "Qxf7#"


def test_stalemate_and_repetition():
    b = tegoma.Board(fen="7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert b.is_stalemate() and not b.is_check()
    assert b.result() == "1/2-1/2" and b.outcome().winner is None
    r = tegoma.Board()
    for _ in range(2):
        for san in ["Nf3", "Nf6", "Ng1", "Ng8"]:
            r.push_san(san)
    assert r.is_game_over()
    assert "repetition" in r.outcome().statuses
    assert r.result() == "1/2-1/2"
    r.pop()
    assert not r.is_game_over()


def test_ogi_drops():
    b = tegoma.Board("ogi")
    for pmn in ["d1-e2", "b6-b5", "e1-f2", "b7-b6", "e2-f4", "b5-b4", "f4+h6=+I", "b4+b3", "h6+g8", "b3+b2=+p"]:
        b.push(pmn)
    drops = [m for m in b.legal_moves if m.from_square is None]
    assert drops
    d = drops[0]
    assert d.drop == "N" and d.pmn == f"N*{d.to_square}"
    b.push(d)
    assert b.peek() == d
    assert b.move_stack[6].promotion == "+I"


def test_kogoma_game_to_the_end():
    b = tegoma.Board("kogoma")
    while not b.is_game_over():
        b.push(b.legal_moves[-1])
        assert len(b.move_stack) < 500
    o = b.outcome()
    assert o.result() in ("1-0", "0-1", "1/2-1/2")
    assert o.statuses
    assert b.legal_moves.__len__() == 0


def test_games_registry():
    assert set(GAMES) <= set(tegoma.games())


@pytest.mark.parametrize("game", GAMES)
def test_pcn_round_trip(game):
    b = play_some(tegoma.Board(game), 6, pick=3)
    text = b.to_pcn()
    g = tegoma.read_pcn(text)
    assert g.moves == [m.pmn for m in b.move_stack]
    c = g.board()
    assert c == b and c.move_stack == b.move_stack
    assert g.replay().feen == b.feen
    assert g.replay().plies == 6


def test_pgn_export():
    b = tegoma.Board()
    for san in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]:
        b.push_san(san)
    pgn = b.to_pgn()
    assert "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0" in pgn
    assert '[Result "1-0"]' in pgn


def test_ogi_sennichite_is_refused_and_the_board_goes_on():
    b = tegoma.Board("ogi")
    for pmn in ["c1-d2", "c8-d7", "d2-c1", "d7-c8"]:
        b.push(pmn)
    assert b == tegoma.Board("ogi")
    # The same move from the same position again would repeat it (sennichite).
    assert "c1-d2" not in b.legal_moves
    assert "f1-e2" in b.legal_moves
    with pytest.raises(tegoma.IllegalMoveError):
        b.push("c1-d2")
    assert not b.is_game_over() and len(b.move_stack) == 4
    # A position alone knows no history: perft counts the move.
    assert b.perft(1) == len(b.legal_moves) + 1


def test_listed_moves_are_not_tracked_by_the_cycle_collector():
    import gc

    b = tegoma.Board()
    moves = list(b.legal_moves)
    assert not any(gc.is_tracked(m) for m in moves)
    assert not any(gc.is_tracked(m) for m in b.legal_moves[:3])
    gc.collect()
    b.push(moves[0])
    gc.collect()
    assert [m.uci for m in moves][:2] == [m.uci for m in tegoma.Board().legal_moves][:2]
    assert b.move_stack == [moves[0]] and not gc.is_tracked(b.move_stack[0])


def test_move_values_made_by_hand():
    import sys

    m = tegoma.Move(pmn="e2-e4", uci="e2e4")
    assert (m.pmn, m.san, m.uci, m.from_square, m.to_square) == ("e2-e4", None, "e2e4", "e2", "e4")
    assert repr(m) == "Move('e2-e4')" and type(m).__module__ == "tegoma"
    assert tegoma.Move("e2-e4", "e4") == m and m != tegoma.Move("d2-d4")
    assert m != "e2-e4" and not (m == 42)
    assert pickle.loads(pickle.dumps(m)).uci == "e2e4"
    for args, kwargs in [((), {}), ((1,), {}), (("e2-e4",), {"foo": 1}),
                         (("e2-e4",), {"pmn": "e2-e4"}), (("a", "b", "c", "d"), {}),
                         (("e2-e4",), {"san": 3})]:
        with pytest.raises(TypeError):
            tegoma.Move(*args, **kwargs)
    with pytest.raises(tegoma.InvalidMoveError):
        tegoma.Move("zz")
    with pytest.raises(TypeError):
        type("Sub", (tegoma.Move,), {})
    # Every move gives back its reference to the type when freed.
    list(tegoma.Board().legal_moves)
    before = sys.getrefcount(tegoma.Move)
    for _ in range(100):
        list(tegoma.Board().legal_moves)
    after = sys.getrefcount(tegoma.Move)
    assert after == before


@pytest.mark.parametrize("game,cells", [("chess", 64), ("ogi", 64), ("kogoma", 25)])
def test_svg_draws_the_board_size_and_both_hands(game, cells):
    b = tegoma.Board(game)
    svg = b._repr_svg_()
    # One background rectangle, one per cell.
    assert svg.count("<rect") == 1 + cells
    assert "first hand: -" in svg and "second hand: -" in svg
    board = tegoma.Board(fen="4k3/8/8/8/8/8/3q4/4K3 w - - 0 1")
    board.push_san("Kxd2")
    assert "first hand: q" in board._repr_svg_() and "first hand: q" in str(board)

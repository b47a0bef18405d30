"""The match layer from Python: clocks (PCN periods), resignation, draw offers, time forfeits,
ply times, and how they survive PCN records and pickling, for every game."""

import json
import pickle

import pytest

import tegoma

GAMES = ["chess", "ogi", "kogoma", "chess-ogi"]


def first_moves(board, n):
    for _ in range(n):
        board.push(board.legal_moves[0])
    return board


@pytest.mark.parametrize("game", GAMES)
def test_resignation(game):
    b = first_moves(tegoma.Board(game), 2)
    assert b.turn == "first"
    o = b.resign()
    assert o.winner == "second" and o.statuses == ["resignation"] and o.result() == "0-1"
    assert b.is_game_over() and b.result() == "0-1" and b.outcome() == o
    assert len(b.legal_moves) == 0
    with pytest.raises(tegoma.IllegalMoveError) as info:
        b.push(first_moves(tegoma.Board(game), 2).legal_moves[0])
    assert info.value.kind == "MatchFinished"
    with pytest.raises(tegoma.IllegalMoveError):
        b.resign("second")
    b.pop()  # taking a ply back takes the ending back too
    assert not b.is_game_over() and b.turn == "second"
    assert b.resign("first").winner == "second"


@pytest.mark.parametrize("game", GAMES)
def test_draw_offer_and_acceptance(game):
    b = tegoma.Board(game)
    with pytest.raises(tegoma.IllegalMoveError) as info:
        b.accept_draw()
    assert info.value.kind == "NoDrawOffer"
    b.offer_draw()
    assert b.draw_offer == "first"
    with pytest.raises(tegoma.IllegalMoveError):
        b.accept_draw("first")  # one's own offer
    first_moves(b, 1)
    assert b.draw_offer == "first"  # stands until the opponent moves or accepts
    o = b.accept_draw()
    assert o.winner is None and o.statuses == ["agreement"] and b.result() == "1/2-1/2"


@pytest.mark.parametrize("game", GAMES)
def test_an_offer_lapses_when_the_opponent_moves(game):
    b = tegoma.Board(game)
    b.offer_draw("first")
    first_moves(b, 2)
    assert b.draw_offer is None
    with pytest.raises(tegoma.IllegalMoveError):
        b.accept_draw("second")


def test_side_names():
    b = tegoma.Board()
    with pytest.raises(ValueError):
        b.resign("white")
    with pytest.raises(TypeError):
        b.resign(1)


@pytest.mark.parametrize("game", GAMES)
def test_fischer_clock(game):
    b = tegoma.Board(game, periods=[{"time": 60, "inc": 2}])
    assert b.clock.first == 60.0 and b.clock.second == 60.0 and b.clock.turn == "first"
    b.push(b.legal_moves[0], seconds=10)
    assert b.clock.first == 52.0 and b.clock.turn == "second"
    b.push(b.legal_moves[0], seconds=1.5)
    assert b.clock.second == 60.5 and b.clock.remaining("second") == 60.5
    assert b.ply_times == [10.0, 1.5]
    # The side to move spends more than it has: the move is not played, it loses on time.
    ply = b.ply()
    b.push(b.legal_moves[0], seconds=1000)
    assert b.ply() == ply and b.clock.flagged == "first"
    assert b.outcome().statuses == ["timelimit"] and b.outcome().winner == "second"


def test_clock_per_side_and_quota_periods():
    b = tegoma.Board("chess")
    b.set_clock([{"time": 100, "moves": 1}], second=[{"time": 5}])
    assert (b.clock.first, b.clock.second) == (100.0, 5.0)
    b.push_san("e4", seconds=30)
    assert b.clock.first == 100.0  # the quota of one ply starts the period afresh
    record = json.loads(b.to_pcn())
    assert record["sides"]["first"]["periods"] == [{"time": 100, "moves": 1}]
    assert record["sides"]["second"]["periods"] == [{"time": 5}]
    assert [p.get("seconds") for p in record["plies"]] == [30.0]


def test_clock_errors():
    b = tegoma.Board()
    for bad in ([], [{"time": -1}], [{"moves": 0, "time": 3}], ["x"], [{"time": "soon"}]):
        with pytest.raises(tegoma.TegomaError) as info:
            tegoma.Board(periods=bad)
        assert info.value.kind == "InvalidPeriods", bad
    with pytest.raises(TypeError):
        b.set_clock({1, 2})  # not JSON
    with pytest.raises(TypeError):
        b.set_clock({"time": 3})  # not a list
    b.push_san("e4")
    with pytest.raises(tegoma.TegomaError) as info:
        b.set_clock([{"time": 60}])
    assert info.value.kind == "ClockAfterStart"
    for seconds in (-1.0, float("nan"), float("inf")):
        with pytest.raises(tegoma.TegomaError) as info:
            b.push_san("e5", seconds=seconds)
        assert info.value.kind == "InvalidSeconds"
    assert b.ply() == 1


@pytest.mark.parametrize("game", GAMES)
def test_time_forfeit(game):
    b = first_moves(tegoma.Board(game), 1)
    o = b.time_forfeit()
    assert o.winner == "first" and o.statuses == ["timelimit"]


def test_time_forfeit_against_too_little_material_is_a_draw():
    # R3: the flagged side loses, unless the opponent has only K, K+B or K+N.
    cases = [
        ("4k2q/8/8/8/8/8/8/4K2Q w - - 0 1", "first", "second"),
        ("4k3/8/8/8/8/8/8/4K2Q w - - 0 1", "second", "first"),
        ("4k3/8/8/8/8/8/8/4K2Q w - - 0 1", "first", None),
        ("4kb2/8/8/8/8/8/8/4K2Q w - - 0 1", "first", None),
        ("4kn2/8/8/8/8/8/8/4K2Q w - - 0 1", "first", None),
    ]
    for fen, flagged, winner in cases:
        o = tegoma.Board(fen=fen).time_forfeit(flagged)
        assert (o.winner, o.statuses) == (winner, ["timelimit"]), fen


@pytest.mark.parametrize("game", GAMES)
def test_events_and_clock_survive_pcn_and_pickling(game):
    b = tegoma.Board(game, periods=[{"time": 300, "inc": 3}])
    b.push(b.legal_moves[0], seconds=4)
    b.push(b.legal_moves[-1], seconds=7.25)
    b.resign()
    for copy in (pickle.loads(pickle.dumps(b)), tegoma.read_pcn(b.to_pcn()).board()):
        assert copy.feen == b.feen and copy.move_stack == b.move_stack
        assert copy.ply_times == [4.0, 7.25]
        assert (copy.clock.first, copy.clock.second) == (b.clock.first, b.clock.second)
        assert copy.outcome() == b.outcome()
        assert copy.to_pcn() == b.to_pcn()
    toml = b.to_pcn(toml=True)
    assert "[setup]" in toml and tegoma.read_pcn(toml).board().outcome() == b.outcome()


def test_record_sections_are_kept_by_a_board():
    pgn = '[Event "Club"]\n[White "Ann"]\n[Black "Bob"]\n\n1. e4 {good} e5 2. Nf3 *\n'
    import io

    [game] = tegoma.read_pgn(io.StringIO(pgn))
    b = game.board()
    b.push_san("Nc6")
    record = json.loads(b.to_pcn())
    assert record["meta"]["event"] == "Club"
    assert record["sides"]["first"]["name"] == "Ann"
    assert record["plies"][0]["comments"] == ["good"]  # R10: a ply's comments, a list
    assert len(record["plies"]) == 4
    b.pop()
    b.pop()
    b.push_san("Nc3")
    record = json.loads(b.to_pcn())
    assert "comments" not in record["plies"][2]  # a new ply does not inherit an old note
    text = b.to_pgn()
    assert '[White "Ann"]' in text and "{good}" in text and "Nc3" in text
    assert game.to_pgn().startswith('[Event "Club"]')

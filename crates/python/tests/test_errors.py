"""Every error class, and hostile inputs: only Python exceptions (TegomaError and its classes,
TypeError for wrong types), never a panic across the boundary."""

import random

import pytest

import tegoma

CHESS_FEEN = tegoma.Board().feen
ERRORS = [
    tegoma.InvalidPositionError,
    tegoma.InvalidMoveError,
    tegoma.IllegalMoveError,
    tegoma.UnsupportedError,
    tegoma.RecordError,
]


def raises(cls, f, *args, **kwargs):
    with pytest.raises(cls) as info:
        f(*args, **kwargs)
    e = info.value
    assert isinstance(e, tegoma.TegomaError) and isinstance(e, ValueError)
    assert isinstance(e.kind, str) and e.kind, e
    assert str(e)
    return e


def test_hierarchy():
    for cls in ERRORS:
        assert issubclass(cls, tegoma.TegomaError)
    assert issubclass(tegoma.TegomaError, ValueError)
    assert tegoma.TegomaError.kind is None


def test_base_error_unknown_game():
    e = raises(tegoma.TegomaError, tegoma.Board, "go")
    assert e.kind == "UnknownGame" and type(e) is tegoma.TegomaError


def test_invalid_position():
    assert raises(tegoma.InvalidPositionError, tegoma.Board, feen="nonsense").kind
    raises(tegoma.InvalidPositionError, tegoma.Board, fen="rnbqkbnr/pppppppp w")
    e = raises(tegoma.InvalidPositionError, tegoma.Board, "ogi", feen=CHESS_FEEN)
    assert e.kind == "GameMismatch"
    raises(tegoma.InvalidPositionError, tegoma.Board, feen=CHESS_FEEN, fen="8/8/8/8/8/8/8/8 w - - 0 1")
    raises(tegoma.InvalidPositionError, tegoma.Board, feen="8/8/8/8/8/8/8/8 / Z/z")


def test_invalid_move():
    b = tegoma.Board()
    raises(tegoma.InvalidMoveError, b.push, "zz")
    raises(tegoma.InvalidMoveError, b.push_pmn, "e4")
    raises(tegoma.InvalidMoveError, b.push_san, "e2-e4")
    raises(tegoma.InvalidMoveError, b.push_san, "e2e4")
    raises(tegoma.InvalidMoveError, b.push_uci, "e2")
    raises(tegoma.InvalidMoveError, tegoma.Move, "")
    raises(tegoma.InvalidMoveError, tegoma.Move, "e2-e4/Q")
    raises(tegoma.InvalidMoveError, tegoma.Board("ogi").push, "hello")
    assert b.move_stack == []


def test_illegal_move():
    b = tegoma.Board()
    assert raises(tegoma.IllegalMoveError, b.push, "e2-e5").kind
    raises(tegoma.IllegalMoveError, b.push_uci, "e2e5")
    raises(tegoma.IllegalMoveError, b.push_san, "Ke2")
    raises(tegoma.IllegalMoveError, b.push, tegoma.Move("a1-a8"))
    assert b.move_stack == []
    for san in ["f3", "e5", "g4", "Qh4#"]:
        b.push_san(san)
    e = raises(tegoma.IllegalMoveError, b.push, "a2-a3")
    assert e.kind == "MatchFinished"


@pytest.mark.parametrize("game", ["ogi", "kogoma"])
def test_illegal_move_leaves_a_forfeit_game_as_it_was(game):
    # In Ōgi a match ends when an illegal move is submitted; a Board refuses it instead.
    b = tegoma.Board(game)
    e = raises(tegoma.IllegalMoveError, b.push, "a1-a4")
    assert "forfeit" not in str(e)  # the board goes on: the message does not say otherwise
    assert not b.is_game_over() and b.move_stack == []


@pytest.mark.parametrize("game", ["ogi", "kogoma"])
def test_unsupported(game):
    b = tegoma.Board(game)
    for f in (b.fen, lambda: b.push_san("e4"), lambda: b.push_uci("e2e4"), b.to_pgn):
        e = raises(tegoma.UnsupportedError, f)
        assert e.kind == "Unsupported"
    raises(tegoma.UnsupportedError, tegoma.Board, game, fen="8/8/8/8/8/8/8/8 w - - 0 1")


def test_record_errors(tmp_path):
    raises(tegoma.RecordError, tegoma.read_pcn, "{not json")
    raises(tegoma.RecordError, tegoma.read_pcn, b"\xff\xfe{}")
    raises(tegoma.RecordError, tegoma.read_pcn, '{"setup": {"feen": "bad"}}')
    g = tegoma.read_pcn('{"setup": {"feen": "%s"}, "plies": ["e2-e5"]}' % CHESS_FEEN)
    raises(tegoma.RecordError, g.board)
    assert g.replay().bad_ply[0] == 1
    p = tmp_path / "bad.pgn"
    p.write_text('[Event "x"]\n\n1. e4 e5 2. Ke3 *\n')
    (game,) = tegoma.read_pgn(p)
    e = raises(tegoma.RecordError, game.board)
    assert "Ke3" in str(e)
    r = game.replay()
    assert not r.ok and r.bad_ply[:2] == (3, "Ke3") and r.plies == 2


def test_wrong_types():
    b = tegoma.Board()
    with pytest.raises(TypeError):
        tegoma.Board(rules=3)
    with pytest.raises(TypeError):
        tegoma.Board(feen=b"bytes")
    with pytest.raises(TypeError):
        b.push(None)
    with pytest.raises(TypeError):
        b.push(42)
    with pytest.raises(TypeError):
        b.push_san(None)
    with pytest.raises((TypeError, OverflowError)):
        b.perft(-1)
    with pytest.raises(TypeError):
        tegoma.read_pgn(42)
    with pytest.raises(TypeError):
        tegoma.read_pcn(42)
    with pytest.raises(TypeError):
        tegoma._board_from_state("chess", None, None)
    with pytest.raises(tegoma.RecordError):
        tegoma._board_from_state("chess", '{"setup": {"feen": "%s"}, "plies": ["e2-e5"]}' % CHESS_FEEN)
    assert (b == 3) is False and b != 3


def test_huge_strings():
    big = "x" * 5_000_000
    b = tegoma.Board()
    raises(tegoma.InvalidPositionError, tegoma.Board, feen=big)
    raises(tegoma.InvalidPositionError, tegoma.Board, fen=big)
    raises(tegoma.InvalidMoveError, b.push, big)
    raises(tegoma.InvalidMoveError, b.push_san, big)
    raises(tegoma.InvalidMoveError, b.push_uci, big)
    raises(tegoma.InvalidMoveError, tegoma.Move, big)
    raises(tegoma.TegomaError, tegoma.Board, big)
    raises(tegoma.InvalidPositionError, tegoma.Board, feen="9" * 100_000 + " / C/c")
    raises(tegoma.InvalidPositionError, tegoma.Board, feen="/" * 100_000 + " / C/c")
    raises(tegoma.RecordError, tegoma.read_pcn, "{" * 100_000)
    assert big not in b.legal_moves


def test_unicode_and_control_characters():
    b = tegoma.Board("ogi")
    for text in ["ё", "e2-e4\x00", "\ud7ff", "🙂*e5", "e\u0301-e4", "", " ", "..."]:
        with pytest.raises(tegoma.TegomaError):
            b.push(text)
    with pytest.raises(tegoma.TegomaError):
        tegoma.Board(feen="ё" * 10)


def mutate(rng, text):
    alphabet = "+-^'/ 0123456789KkPpRrNnBbQqSsGgLlIiOoCc*.~=a"
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(chars) + 1)
        op = rng.random()
        if op < 0.4 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice(alphabet)
        elif op < 0.7:
            chars.insert(i, rng.choice(alphabet))
        elif chars:
            del chars[min(i, len(chars) - 1)]
    return "".join(chars)


def test_fuzzed_positions_and_moves_raise_only_tegoma_errors():
    rng = random.Random(7)
    seeds = [tegoma.Board(g).feen for g in ("chess", "ogi", "kogoma")]
    seeds.append(tegoma.Board(fen="r3k2r/pPpp1ppp/8/4pP2/8/8/PPPPPPPP/R3K2R w KQkq e6 0 1").feen)
    built = 0
    # The GGN engine refuses pieces its table does not name, so fewer mutants of the Kogoma
    # start are boards: 5,000 mutants keep more than 50 of them built.
    for _ in range(5_000):
        feen = mutate(rng, rng.choice(seeds))
        try:
            b = tegoma.Board(feen=feen)
        except tegoma.InvalidPositionError:
            continue
        except tegoma.TegomaError as e:
            assert e.kind, feen
            continue
        built += 1
        moves = list(b.legal_moves)
        str(b), b._repr_svg_(), b.statuses, b.outcome(), b.to_pcn()
        assert b.perft(1) >= 0
        if moves:
            b.push(rng.choice(moves))
            b.pop()
        for _ in range(3):
            text = mutate(rng, rng.choice(moves).pmn if moves else "e2-e4")
            try:
                b.push(text)
                b.pop()
            except (tegoma.InvalidMoveError, tegoma.IllegalMoveError):
                pass
    assert built > 50


def test_fuzzed_records_raise_only_tegoma_errors(tmp_path):
    rng = random.Random(11)
    pgn = '[Event "x"]\n[White "a"]\n\n1. e4 e5 2. Nf3 {c} Nc6 (2... d6) 3. Bb5 a6 1-0\n'
    for i in range(300):
        text = mutate(rng, pgn)
        p = tmp_path / f"{i}.pgn"
        p.write_bytes(text.encode() + bytes(rng.randrange(256) for _ in range(rng.randrange(8))))
        for game in tegoma.read_pgn(p):
            game.headers, game.moves, game.replay()
            try:
                game.board()
            except tegoma.RecordError:
                pass
    pcn = tegoma.Board().to_pcn()
    for _ in range(300):
        try:
            g = tegoma.read_pcn(mutate(rng, pcn))
            g.replay()
            g.board()
        except tegoma.RecordError:
            pass


def test_invalid_utf8_in_a_pgn_file(tmp_path):
    p = tmp_path / "latin1.pgn"
    p.write_bytes(
        b'[Event "Caf\xe9"]\n[White "M\xfcller"]\n\n1. e4 e5 {\xff\xfe} 2. Nf3 1-0\n\n'
        b'[Event "next"]\n\n1. d4 d5 *\n'
    )
    games = list(tegoma.read_pgn(p))
    assert len(games) == 2
    assert games[1].moves == ["d4", "d5"]
    for g in games:
        r = g.replay()
        assert isinstance(r.ok, bool)
    with open(p, "rb") as f:
        assert len(list(tegoma.read_pgn(f))) == 2


def test_a_rust_panic_is_a_tegoma_error():
    with pytest.raises(tegoma.TegomaError) as info:
        tegoma._tegoma._panic_for_tests()
    assert info.value.kind == "InternalError"
    assert "a panic for the tests" in str(info.value)
    assert tegoma.Board().perft(1) == 20  # the module still works


def test_replay_pgn_hostile_paths(tmp_path):
    # A folder is not a PGN file: one unreadable game, no hang.
    [game] = list(tegoma.read_pgn(tmp_path))
    assert game.errors and not game.replay().ok
    [report] = tegoma.replay_pgn(tmp_path)
    assert not report.ok and report.error
    with pytest.raises(FileNotFoundError):
        tegoma.replay_pgn(tmp_path / "missing.pgn")
    with pytest.raises(TypeError):
        tegoma.replay_pgn(42)
    p = tmp_path / "binary.pgn"
    p.write_bytes(bytes(range(256)) * 1000)
    for r in tegoma.replay_pgn(p):
        assert isinstance(r.ok, bool)

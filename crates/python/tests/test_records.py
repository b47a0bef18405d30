"""PGN and PCN records: streaming reading, headers, moves, final boards, replay reports."""

import io
import itertools
import random

import chess
import chess.pgn

import tegoma

PGN = """[Event "Casual"]
[Site "Here"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Bc4 {a comment} Nc6 (2... Nf6) 3. Qh5 Nf6?? 4. Qxf7# 1-0

[Event "From a position"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[Result "*"]

1. e4 Kd7 *

[Event "Plays past the third repetition"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 1/2-1/2
"""


def check_games(games):
    assert [g.index for g in games] == [0, 1, 2]
    mate, setup, repeat = games
    assert mate.headers["White"] == "A" and mate.headers["Event"] == "Casual"
    assert mate.moves == ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]
    assert mate.errors == []
    b = mate.board()
    assert b.is_checkmate() and b.result() == "1-0"
    assert [m.san for m in b.move_stack] == mate.moves
    r = mate.replay()
    assert (r.plies, r.result, r.ok, r.bad_ply) == (7, "1-0", True, None)
    assert "checkmate" in r.statuses and r.feen == b.feen
    s = setup.board()
    assert s.fen() == "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2"
    assert setup.replay().result == "*"
    rr = repeat.replay()
    assert not rr.ok and rr.bad_ply[1] == "e4" and rr.plies == 8
    assert "repetition" in rr.statuses


def test_read_pgn_from_a_path(tmp_path):
    p = tmp_path / "games.pgn"
    p.write_text(PGN)
    check_games(list(tegoma.read_pgn(p)))
    check_games(list(tegoma.read_pgn(str(p))))


def test_read_pgn_from_file_objects(tmp_path):
    p = tmp_path / "games.pgn"
    p.write_text(PGN, encoding="utf-8")
    with open(p, "rb") as f:
        check_games(list(tegoma.read_pgn(f)))
    with open(p, encoding="utf-8") as f:
        check_games(list(tegoma.read_pgn(f)))
    check_games(list(tegoma.read_pgn(io.StringIO(PGN))))
    check_games(list(tegoma.read_pgn(io.BytesIO(PGN.encode()))))


class Endless:
    """A file object of endless games, counting what was read."""

    def __init__(self):
        self.game = b'[Event "e"]\n\n1. d4 d5 2. c4 *\n\n'
        self.read_bytes = 0

    def read(self, n):
        out = (self.game * (n // len(self.game) + 1))[:n]
        self.read_bytes += len(out)
        return out


def test_read_pgn_streams():
    source = Endless()
    games = list(itertools.islice(tegoma.read_pgn(source), 3))
    assert [g.moves for g in games] == [["d4", "d5", "c4"]] * 3
    assert source.read_bytes < 1_000_000


def test_read_pgn_agrees_with_python_chess():
    rng = random.Random(5)
    out = io.StringIO()
    boards = []
    for i in range(30):
        pb = chess.Board()
        for _ in range(rng.randrange(1, 60)):
            moves = list(pb.legal_moves)
            if not moves or pb.can_claim_threefold_repetition():
                break
            pb.push(rng.choice(moves))
        game = chess.pgn.Game.from_board(pb)
        game.headers["Event"] = f"random {i}"
        print(game, file=out, end="\n\n")
        boards.append(pb)
    games = list(tegoma.read_pgn(io.StringIO(out.getvalue())))
    assert len(games) == len(boards)
    for g, pb in zip(games, boards):
        assert g.headers["Event"] == f"random {g.index}"
        assert g.moves == [m for m in chess.Board().variation_san(pb.move_stack).split() if not m[0].isdigit()]
        b = g.board()
        assert b.fen() == pb.fen(en_passant="fen")
        assert [m.uci for m in b.move_stack] == [m.uci() for m in pb.move_stack]
        assert g.replay().feen == b.feen


def test_pgn_to_pcn_and_back():
    (game, *_rest) = tegoma.read_pgn(io.StringIO(PGN))
    pcn = game.to_pcn()
    g = tegoma.read_pcn(pcn)
    assert g.headers["event"] == "Casual"
    assert g.moves == [m.pmn for m in game.board().move_stack]
    assert g.board() == game.board()
    assert g.board().to_pgn().count("Qxf7#") == 1


def test_read_pcn_from_path_and_file(tmp_path):
    b = tegoma.Board("ogi")
    for _ in range(4):
        b.push(b.legal_moves[0])
    p = tmp_path / "game.pcn"
    p.write_text(b.to_pcn())
    for source in (p, str(p), open(p, "rb"), open(p, encoding="utf-8"), p.read_bytes()):
        g = tegoma.read_pcn(source)
        assert g.board() == b and len(g.moves) == 4
        assert g.replay().ok
    toml = 'setup = "%s"\n' % tegoma.Board("kogoma").feen
    assert tegoma.read_pcn(toml).board() == tegoma.Board("kogoma")

"""Tegoma for Python: Sashité games (chess, Ōgi, games defined by files such as Kogoma).

Every game is reached through one rule-system registry: ``Board(rules="ogi")`` and
``Board(feen=...)`` work the same for every game; a notation a game lacks (FEN, SAN, UCI outside
chess) raises :class:`UnsupportedError`.
"""

from __future__ import annotations

import os
from typing import IO, Iterator, Union

from tegoma._tegoma import (
    Board,
    Clock,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    LegalMoves,
    Move,
    Outcome,
    PgnGames,
    RecordError,
    Report,
    TegomaError,
    UnsupportedError,
    __version__,
    _board_from_state,
    _read_pcn_text,
    _read_pgn,
    games,
    replay_pgn,
)

__all__ = [
    "__version__",
    "Board",
    "Clock",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "LegalMoves",
    "Move",
    "Outcome",
    "RecordError",
    "Report",
    "TegomaError",
    "UnsupportedError",
    "games",
    "read_pcn",
    "read_pgn",
    "replay_pgn",
]

PathOrFile = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]


def read_pgn(source: PathOrFile) -> Iterator[Game]:
    """The games of a PGN file (a path, or a file object opened in text or binary mode), read
    one at a time as they are iterated. A game that cannot be read is yielded with its
    ``errors``; reading goes on with the next game."""
    if isinstance(source, (str, os.PathLike)):
        source = os.fspath(source)
    return _read_pgn(source)


def read_pcn(source: Union[str, bytes, "os.PathLike[str]", IO[str], IO[bytes]]) -> Game:
    """A PCN record (JSON or TOML) from its text, a path or a file object."""
    if isinstance(source, os.PathLike):
        with open(source, "rb") as f:
            source = f.read()
    elif hasattr(source, "read"):
        source = source.read()
    elif isinstance(source, str):
        text = source.lstrip()
        looks_like_text = text.startswith("{") or "\n" in text or "=" in text
        if not looks_like_text and os.path.isfile(source):
            with open(source, "rb") as f:
                source = f.read()
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError as e:
            err = RecordError(f"a PCN record is UTF-8 text: {e}")
            err.kind = "InvalidUtf8"
            raise err from None
    if not isinstance(source, str):
        raise TypeError(f"read_pcn takes a text, a path or a file, not {type(source).__name__}")
    return _read_pcn_text(source)

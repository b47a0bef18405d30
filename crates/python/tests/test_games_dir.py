"""A game added by files, with no code change: a copy of Kogoma under another name and style
letter (Zogoma, ``Z/z``) in a directory named by ``TEGOMA_GAMES``, played from Python.

The registry reads the variable once per process, so the checks run in a fresh interpreter."""

import json
import os
import pathlib
import subprocess
import sys
import textwrap

KOGOMA = pathlib.Path(__file__).resolve().parents[3] / "games" / "kogoma"


def copy_of_kogoma(target, name, sin):
    desc = json.loads((KOGOMA / "description.json").read_text())
    desc["name"] = name
    desc["snn"] = name
    desc["sin"] = sin
    assert desc["initial"].endswith(" / K/k")
    desc["initial"] = desc["initial"][: -len(" / K/k")] + f" / {sin}/{sin.lower()}"
    table = {}
    for key, moves in json.loads((KOGOMA / "ggn.json").read_text()).items():
        style, piece = key.split(":", 1)
        assert style in ("K", "k"), key
        table[f"{sin if style == 'K' else sin.lower()}:{piece}"] = moves
    target.mkdir(parents=True)
    (target / "description.json").write_text(json.dumps(desc))
    (target / "ggn.json").write_text(json.dumps(table))


CHECKS = textwrap.dedent(
    """
    import tegoma
    assert "zogoma" in tegoma.games(), tegoma.games()
    b = tegoma.Board("zogoma")
    assert b.feen == "rbsgk^/4p/5/P4/K^GSBR / Z/z", b.feen
    assert len(list(b.legal_moves)) == 14
    for pmn in ["e1+e4", "a5-a4", "e4+e5"]:
        b.push_pmn(pmn)
    assert b.is_game_over()
    assert b.outcome().result() == "1-0", b.outcome()
    c = tegoma.Board(feen=b.feen)
    assert c.rules == "zogoma", c.rules
    assert c.feen == b.feen
    print("ok")
    """
)


def test_a_copy_of_kogoma_plays_from_python(tmp_path):
    copy_of_kogoma(tmp_path / "zogoma", "Zogoma", "Z")
    env = dict(os.environ, TEGOMA_GAMES=str(tmp_path))
    run = subprocess.run(
        [sys.executable, "-c", CHECKS], env=env, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"

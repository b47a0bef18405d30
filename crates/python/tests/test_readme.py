"""The Python examples of the README and of docs/python.md print what those pages show.

Each `python` block of those pages is followed by a `text` block, its output. Every block runs in
a fresh interpreter (the one running the tests, so the installed `tegoma`), in a temporary folder
(the long tour writes `games.pgn` there), and what it prints must be the text block, line for
line; it must not fail or write to standard error.
"""

import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
PAGES = ["README.md", os.path.join("docs", "python.md")]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.S | re.M)


def examples(page):
    """The (code, shown output) pairs of a page: each python block and the block after it."""
    with open(os.path.join(ROOT, page), encoding="utf-8") as f:
        blocks = [(m.group(1), m.group(2)) for m in FENCE.finditer(f.read())]
    pairs = []
    for i, (lang, code) in enumerate(blocks):
        if lang != "python":
            continue
        assert i + 1 < len(blocks), f"{page}: a python block with no output block after it"
        out_lang, shown = blocks[i + 1]
        assert out_lang == "text", f"{page}: the block after a python block is {out_lang!r}"
        pairs.append((code, shown))
    return pairs


def test_the_pages_have_python_examples():
    assert len(examples("README.md")) >= 1
    assert len(examples(os.path.join("docs", "python.md"))) >= 1


@pytest.mark.parametrize("page", PAGES)
def test_python_examples_print_what_the_page_shows(page, tmp_path):
    for n, (code, shown) in enumerate(examples(page)):
        run = subprocess.run(
            [sys.executable, "-c", code],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert run.returncode == 0, f"{page} example {n + 1} failed:\n{run.stderr}"
        assert run.stderr == "", f"{page} example {n + 1} wrote to standard error:\n{run.stderr}"
        got = [line.rstrip() for line in run.stdout.splitlines()]
        want = [line.rstrip() for line in shown.splitlines()]
        assert got == want, f"{page} example {n + 1}"

"""The package: its stubs name what exists, its files are installed, pickling in every protocol."""

import ast
import pathlib
import pickle

import pytest

import tegoma

PACKAGE = pathlib.Path(tegoma.__file__).parent


def stub_tree():
    return ast.parse((PACKAGE / "__init__.pyi").read_text())


def test_version():
    assert tegoma.__version__.count(".") == 2


def test_installed_files():
    assert (PACKAGE / "py.typed").exists()
    assert (PACKAGE / "__init__.pyi").exists()


def test_stubs_name_what_exists():
    tree = stub_tree()
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            runtime = getattr(tegoma, node.name)
            for item in node.body:
                name = getattr(item, "name", None) or (
                    item.target.id if isinstance(item, ast.AnnAssign) else None
                )
                if name and name != "__init__":
                    assert hasattr(runtime, name), f"{node.name}.{name}"
        elif isinstance(node, ast.FunctionDef):
            assert callable(getattr(tegoma, node.name)), node.name
    for name in tegoma.__all__:
        assert hasattr(tegoma, name), name


def test_stubs_name_everything_public():
    tree = stub_tree()
    stubbed = {node.name for node in tree.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
    for name in tegoma.__all__:
        if name != "__version__":
            assert name in stubbed, name
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and not issubclass(getattr(tegoma, node.name), Exception):
            names = {getattr(i, "name", None) for i in node.body}
            names |= {i.target.id for i in node.body if isinstance(i, ast.AnnAssign)}
            public = {n for n in dir(getattr(tegoma, node.name)) if not n.startswith("_")}
            assert public <= names, (node.name, public - names)


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
@pytest.mark.parametrize("game", ["chess", "ogi", "kogoma", "chess-ogi"])
def test_pickle_every_protocol(game, protocol):
    b = tegoma.Board(game)
    for _ in range(3):
        b.push(b.legal_moves[1])
    c = pickle.loads(pickle.dumps(b, protocol=protocol))
    assert c == b and c.move_stack == b.move_stack and c.rules == game
    m = b.move_stack[-1]
    assert pickle.loads(pickle.dumps(m, protocol=protocol)) == m

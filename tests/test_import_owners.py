"""Every name is imported from the module that defines it.

`from amigasweeper.x.y import name`, where x.y is a module (a file, not a
package), must name something x.y itself defines: a function, a class, a
name it assigns. A name x.y only imports is not its to give: importing it
from there hides where it lives, ties the importer to x.y's own imports, and
lets a module keep names "so callers' imports stay as they were" long after
it stopped owning them. Only a package's __init__.py may gather names from
its modules; a module's `__all__` names only what the module defines.

Checked over every tracked .py file in amigasweeper/, tests/ and tools/,
from the source (nothing is imported).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from import_graph import module_name
from repository_files import ROOT, tracked_paths

PACKAGE = "amigasweeper"
FOLDERS = (PACKAGE, "tests", "tools")
ALL = "__all__"


@dataclass(frozen=True)
class Stray:
    """One name imported from, or listed in the `__all__` of, a module that does not define it."""

    path: Path  # the importing (or listing) file, relative to the repository
    line: int
    module: str
    name: str

    def __str__(self) -> str:
        return f"{self.path.as_posix()}:{self.line}: {self.module} does not define {self.name}"


def _bound(target: ast.expr) -> Iterator[str]:
    """The names an assignment target binds: `a`, `a, (b, c)`, `*rest`."""
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, ast.Tuple | ast.List):
        for element in target.elts:
            yield from _bound(element)
    elif isinstance(target, ast.Starred):
        yield from _bound(target.value)


def _defined_in(body: Iterable[ast.stmt]) -> Iterator[str]:
    """The names a module's own statements bind at its top level (inside
    `if`, `try`, `with` and `for` too, never inside a function or class);
    imports bind nothing of the module's own."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                yield from _bound(target)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            yield from _bound(node.target)
        elif isinstance(node, ast.For | ast.AsyncFor):
            yield from _bound(node.target)
        elif isinstance(node, ast.With | ast.AsyncWith):
            for item in node.items:
                if item.optional_vars is not None:
                    yield from _bound(item.optional_vars)
        if isinstance(node, ast.If | ast.For | ast.AsyncFor | ast.While | ast.With | ast.AsyncWith):
            yield from _defined_in(node.body)
            yield from _defined_in(getattr(node, "orelse", ()))
        elif isinstance(node, ast.Try):
            for part in (node.body, node.orelse, node.finalbody, *(handler.body for handler in node.handlers)):
                yield from _defined_in(part)


def _listed(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """The line and name of each string in a top-level `__all__ = [...]`."""
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(target, ast.Name) and target.id == ALL for target in targets):
                for element in getattr(node.value, "elts", ()):
                    if isinstance(element, ast.Constant) and isinstance(element.value, str):
                        yield element.lineno, element.value


class Owners:
    """What each module of the package defines, read once per module."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.known: dict[str, frozenset[str]] = {}

    def file_of(self, module: str) -> Path | None:
        """The .py file of a module (not a package) of the package, or None."""
        path = self.root.joinpath(*module.split(".")).with_suffix(".py")
        return path if module.split(".")[0] == PACKAGE and path.is_file() else None

    def defined(self, module: str, path: Path) -> frozenset[str]:
        if module not in self.known:
            tree = ast.parse(path.read_text(encoding="utf-8"))
            self.known[module] = frozenset(_defined_in(tree.body))
        return self.known[module]


def _source(path: Path, relative: Path, node: ast.ImportFrom) -> str:
    """The absolute module of `from ... import`, relative ones resolved."""
    if not node.level:
        return node.module or ""
    name = module_name(relative)
    parts = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    base = parts[: len(parts) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def strays_in(root: Path, paths: Iterable[Path]) -> list[Stray]:
    """Each import of a name from a module that does not define it, and each
    `__all__` entry of a module (not a package) that it does not define."""
    owners = Owners(root)
    strays = []
    for path in sorted(paths):
        relative = path.relative_to(root)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(relative))
        if path.name != "__init__.py" and relative.parts[0] == PACKAGE:
            own = owners.defined(module_name(relative), path)
            strays += [Stray(relative, line, module_name(relative), name)
                       for line, name in _listed(tree) if name not in own]
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            source = _source(path, relative, node)
            file = owners.file_of(source)
            if file is None:
                continue
            own = owners.defined(source, file)
            strays += [Stray(relative, node.lineno, source, alias.name)
                       for alias in node.names if alias.name != "*" and alias.name not in own]
    return strays


def test_every_name_is_imported_from_the_module_that_defines_it():
    files = [path for folder in FOLDERS for path in tracked_paths(folder, ".py")]
    strays = strays_in(ROOT, files)
    assert not strays, "import these names from their owners:\n" + "\n".join(map(str, strays))


def test_the_check_names_each_stray_and_lets_owners_and_packages_be(tmp_path):
    files = {
        "amigasweeper/__init__.py": "",
        "amigasweeper/engine/__init__.py": "from .board import Board\n",  # a package gathers: fine
        "amigasweeper/engine/board.py": (
            "import json\nfrom enum import Enum\nfrom .cells import Cell, _hidden\n"
            "__all__ = ['Board', 'Cell']\n"  # Cell is only imported
            "class Board: ...\nSIZE: int = 3\nA, (B, *C) = 1, (2, 3)\n"
            "try:\n    import fast\n    SPEED = 1\nexcept ImportError:\n    def slow(): ...\n"
            "if SIZE:\n    for ROW in range(2): ...\n"
            "def inner():\n    LOCAL = 1\n"
        ),
        "amigasweeper/engine/cells.py": "class Cell: ...\ndef _hidden(): ...\n",
        "amigasweeper/engine/game.py": (
            "from .board import Board, SIZE, A, B, C, SPEED, slow, ROW\n"  # all the board's own
            "from .board import Cell\n"  # only imported there
            "from . import board\nfrom amigasweeper.engine import Board as B2\n"  # a package: fine
            "def later():\n    from amigasweeper.engine.board import _hidden, json, Enum, LOCAL\n"
        ),
        "tests/test_board.py": "from amigasweeper.engine.board import Board, fast\nfrom os.path import join\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = sorted(map(str, strays_in(tmp_path, [tmp_path / name for name in files])))
    assert found == sorted([
        "amigasweeper/engine/board.py:4: amigasweeper.engine.board does not define Cell",
        "amigasweeper/engine/game.py:2: amigasweeper.engine.board does not define Cell",
        "amigasweeper/engine/game.py:6: amigasweeper.engine.board does not define _hidden",
        "amigasweeper/engine/game.py:6: amigasweeper.engine.board does not define json",
        "amigasweeper/engine/game.py:6: amigasweeper.engine.board does not define Enum",
        "amigasweeper/engine/game.py:6: amigasweeper.engine.board does not define LOCAL",
        "tests/test_board.py:1: amigasweeper.engine.board does not define fast",
    ])

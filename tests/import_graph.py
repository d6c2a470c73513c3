"""Every import in the package, read from the source (nothing is imported).

The layer contract (tests/test_architecture.py) is checked over what this
finds: each `import` and `from ... import` anywhere in a file (inside
functions and `if TYPE_CHECKING:` too), relative ones made absolute, and
`__import__("name")` or `importlib.import_module("name")` with a constant
name. `from package import name` counts as importing the module
package.name when there is such a module, else the package. Each import says
whether it runs only inside a function, or only for type checkers.

(A unique module name: tests/ has no __init__.py.)
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

DYNAMIC_IMPORTS = {"__import__", "import_module"}  # called by name, or as importlib.import_module
TYPE_CHECKING = "TYPE_CHECKING"


@dataclass(frozen=True)
class Import:
    """One imported module, where a file imports it."""

    path: Path  # the importing file, relative to the folder that holds the package
    line: int
    module: str  # absolute and dotted: "pyxel", "amigasweeper.engine.game"
    typing_only: bool = False  # under `if TYPE_CHECKING:`: read by type checkers, never run
    deferred: bool = False  # inside a function: run when it is called, not when the module loads


def module_name(relative: Path) -> str:
    """amigasweeper/engine/game.py -> amigasweeper.engine.game; a package's
    __init__.py is the package."""
    parts = relative.with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


class _Finder(ast.NodeVisitor):
    def __init__(self, root: Path, relative: Path) -> None:
        self.root = root
        self.relative = relative
        name = module_name(relative)
        self.package = name if relative.name == "__init__.py" else name.rpartition(".")[0]
        self.found: list[Import] = []
        self.typing_only = False
        self.deferred = False

    def add(self, node: ast.AST, module: str) -> None:
        self.found.append(Import(self.relative, node.lineno, module, self.typing_only, self.deferred))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        outer, self.deferred = self.deferred, True
        self.generic_visit(node)  # (decorators and defaults run at load time, but import nothing here)
        self.deferred = outer

    visit_AsyncFunctionDef = visit_Lambda = visit_FunctionDef

    def visit_If(self, node: ast.If) -> None:
        if _name(node.test) == TYPE_CHECKING:  # `if TYPE_CHECKING:` or `if typing.TYPE_CHECKING:`
            self.visit(node.test)
            outer, self.typing_only = self.typing_only, True
            for child in node.body:
                self.visit(child)
            self.typing_only = outer
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def is_module(self, dotted: str) -> bool:
        path = self.root.joinpath(*dotted.split("."))
        return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.add(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            parts = self.package.split(".")
            base = parts[: len(parts) - node.level + 1]
            source = ".".join([*base, *([node.module] if node.module else [])])
        else:
            source = node.module or ""
        for alias in node.names:
            candidate = f"{source}.{alias.name}"
            self.add(node, candidate if alias.name != "*" and self.is_module(candidate) else source)

    def visit_Call(self, node: ast.Call) -> None:
        if _name(node.func) in DYNAMIC_IMPORTS and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and not first.value.startswith("."):
                self.add(node, first.value)
        self.generic_visit(node)


def _name(node: ast.expr) -> str | None:
    """The last name of `name` or `something.name`; None for any other expression."""
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def imports_in(root: Path, path: Path) -> list[Import]:
    """The imports of one file of the package under `root` (the folder holding it)."""
    relative = path.relative_to(root)
    finder = _Finder(root, relative)
    finder.visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(relative)))
    return finder.found

"""The core never imports pyxel: only amigasweeper/ui may."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "amigasweeper"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
            names.update(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return names


def test_only_the_ui_imports_pyxel():
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] == "ui":
            continue
        if "pyxel" in imported_modules(path):
            offenders.append(str(relative))
    assert not offenders, f"pyxel imported outside amigasweeper/ui: {offenders}"


CORE_MODULES = [
    "amigasweeper.engine",
    "amigasweeper.engine.record",
    "amigasweeper.engine.textboard",
    "amigasweeper.solver",
    "amigasweeper.challenge",
    "amigasweeper.guide",
    "amigasweeper.storage",
    "amigasweeper.stats",
]


def test_the_core_imports_with_pyxel_missing():
    """A fresh interpreter where importing pyxel fails still imports every core module."""
    import subprocess
    import sys

    present = [m for m in CORE_MODULES if (PACKAGE.parent / (m.replace(".", "/") + ".py")).exists()
               or (PACKAGE.parent / m.replace(".", "/") / "__init__.py").exists()]
    code = "import sys; sys.modules['pyxel'] = None\n" + "".join(f"import {m}\n" for m in present)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PACKAGE.parent)
    assert result.returncode == 0, result.stderr


UI = PACKAGE / "ui"


def ui_imports(path: Path) -> set[str]:
    """The amigasweeper.ui modules a ui module imports, as dotted names under ui."""
    module = path.relative_to(UI).with_suffix("").parts
    package = module[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = list(package[: len(package) - (node.level - 1)])
        elif node.module and node.module.startswith("amigasweeper.ui"):
            base = []
        else:
            continue
        dotted = node.module.split(".") if node.module else []
        target = base + (dotted[2:] if not node.level else dotted)
        found.update(_resolve(target, node))
    return found


def _resolve(target: list[str], node: ast.ImportFrom) -> set[str]:
    """`from .x import y` names module x.y when y is a module, else module x."""
    names = set()
    for alias in node.names:
        candidate = [*target, alias.name]
        if (UI.joinpath(*candidate).with_suffix(".py")).exists():
            names.add(".".join(candidate))
        else:
            names.add(".".join(target))
    return names


def ui_graph() -> dict[str, set[str]]:
    graph = {}
    for path in UI.rglob("*.py"):
        name = ".".join(path.relative_to(UI).with_suffix("").parts)
        graph[name] = {m for m in ui_imports(path) if m}
    return graph


def test_the_intuition_layer_knows_nothing_of_the_program():
    graph = ui_graph()
    for name, imports in graph.items():
        if name.startswith("intuition."):
            outside = {m for m in imports if not m.startswith("intuition")}
            assert not outside, f"{name} imports {outside}"
    for path in (UI / "intuition").rglob("*.py"):
        core = imported_modules(path) & {"amigasweeper"}
        assert not core, f"{path.name} imports the game's core"


def test_no_import_circle_in_the_ui():
    graph = ui_graph()
    state: dict[str, int] = {}

    def visit(name: str, trail: list[str]) -> None:
        state[name] = 1
        for other in sorted(graph.get(name, ())):
            if state.get(other) == 1:
                raise AssertionError("import circle: " + " -> ".join([*trail, name, other]))
            if other not in state:
                visit(other, [*trail, name])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [])

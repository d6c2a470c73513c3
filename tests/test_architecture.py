"""The core never imports pyxel: only amigasweeper/ui may.

The files checked are the ones git tracks (tests/repository_files.py says why)."""

import ast
from pathlib import Path

from repository_files import tracked_paths

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
    for path in tracked_paths("amigasweeper", ".py"):
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
    "amigasweeper.metrics",
    "amigasweeper.replay",
    "amigasweeper.records",
    "amigasweeper.records.cli",
    "amigasweeper.play",  # a game's life: the windows send it commands (issue 29)
    "amigasweeper.play.session",
    "amigasweeper.play.played",
    "amigasweeper.play.ending",
    "amigasweeper.play.duel",
    "amigasweeper.play.clock",
    "amigasweeper.play.narration",  # the Narrator fed by a game's life (issue 32)
    "amigasweeper.play.options",
    "amigasweeper.terminal",  # amigasweeper --text: a front end of play/ with no window (issue 32)
    "amigasweeper.terminal.cli",
    "amigasweeper.terminal.game",
]


def test_play_and_the_text_mode_never_import_pyxel_nor_the_ui():
    """The owner of a game's life is pure: the windows import it, never the
    reverse; the text mode is a front end beside the windows, never on them."""
    for path in sorted([*(PACKAGE / "play").glob("*.py"), *(PACKAGE / "terminal").glob("*.py")]):
        imported = imported_modules(path)
        assert "pyxel" not in imported, path.name
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [m for m in modules if m.startswith("amigasweeper.ui") or m.startswith("..ui")], path.name


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
    for path in tracked_paths("amigasweeper/ui", ".py"):
        name = ".".join(path.relative_to(UI).with_suffix("").parts)
        graph[name] = {m for m in ui_imports(path) if m}
    return graph


def test_the_intuition_layer_knows_nothing_of_the_program():
    graph = ui_graph()
    for name, imports in graph.items():
        if name.startswith("intuition."):
            outside = {m for m in imports if not m.startswith("intuition")}
            assert not outside, f"{name} imports {outside}"
    for path in tracked_paths("amigasweeper/ui/intuition", ".py"):
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


def full_imports(path: Path) -> set[str]:
    """Every module a file imports anywhere (inside functions too), relative ones made absolute."""
    package = ".".join(("amigasweeper", *path.relative_to(PACKAGE).parent.parts))
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("__import__", "import_module"):
            names.update(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return names


def test_the_engine_depends_on_nothing_above_it():
    """The engine is the bottom layer: the solver and the UI build on it, never the reverse."""
    offenders = {}
    for path in tracked_paths("amigasweeper/engine", ".py"):
        above = sorted(n for n in full_imports(path) if n.startswith(("amigasweeper.solver", "amigasweeper.ui", "amigasweeper.challenge")))
        if above:
            offenders[path.name] = above
    assert not offenders, f"the engine imports from above it: {offenders}"


def test_the_import_checker_sees_imports_inside_functions_and_relative_ones(tmp_path):
    engine = PACKAGE / "engine"
    sample = engine / "layouts.py"
    assert "amigasweeper.engine.topology" in full_imports(sample)  # a relative import, made absolute
    assert any(n.startswith("amigasweeper.solver") for n in full_imports(PACKAGE / "ui" / "game" / "hints.py"))


def test_the_engine_imports_alone_and_no_guess_boards_come_from_the_solver():
    """A fresh interpreter: importing the engine loads no solver; importing the solver registers its maker."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import amigasweeper.engine as engine\n"
        "assert not [m for m in sys.modules if m.startswith(('amigasweeper.solver', 'amigasweeper.ui'))]\n"
        "try:\n"
        "    engine.layouts.layout_maker('no-guess')\n"
        "except engine.LayoutUnavailable:\n"
        "    pass\n"
        "else:\n"
        "    raise SystemExit('a no-guess maker without the solver')\n"
        "import amigasweeper.solver.noguess as noguess\n"
        "assert engine.layouts.layout_maker('no-guess') is noguess.no_guess_layout\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PACKAGE.parent)
    assert result.returncode == 0, result.stderr

"""The layer contract: which room (package or top-level module) of amigasweeper
may import which, checked over every import in the source.

The rooms stand in layers, lowest first. A room may import its own modules
and the rooms of lower layers, never a room of its own layer or above: so
the core below ui/ never reaches up into the windows, and two rooms of one
layer stay independent of each other. Besides:

- pyxel is imported only in amigasweeper/ui;
- ui/intuition (the Workbench toolkit: screens, windows, gadgets,
  requesters) knows nothing of the game: it imports only itself and the
  foundation layer;
- ui/ imports nothing from solver/: the help a game is given (hints, the
  odds, the Demo) and the Duel's computer player are play/'s (play/assist,
  play/duel_play.py), so that every front end gets the same;
- no module imports itself through others (an import circle), by any
  import: one inside a function or made only for type checkers hides a
  loop but does not break it (the two modules still cannot be understood,
  tested or moved apart). Where a helper needs part of its owner, it takes
  a protocol of what it uses (ui/host.py, the help viewer's helpers) or
  the two share a small module of their types (solver/guesses.py);
- every room is in a layer, so a new package is placed on purpose.

A small checker of our own over the AST (tests/import_graph.py), not
import-linter: it needs no dependency, it sees imports inside functions and
the dynamic ones with a constant name, and it says the file, the line and
the rule of each breach. The files checked are the ones git tracks
(tests/repository_files.py says why).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from import_graph import Import, imports_in, module_name
from repository_files import tracked_paths

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "amigasweeper"
TOP = "amigasweeper"  # the room of amigasweeper/__init__.py: the version, nothing else
UI = "ui"
INTUITION = "amigasweeper.ui.intuition"
SOLVER = "solver"

# Lowest first. play/ (a game's life, issue 29) may not exist yet: it is placed
# now so that it is held to the contract the day it lands.
LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    ("foundation: helpers that know no game", frozenset({TOP, "arguments", "atomicfile", "plainfiles", "resources",
                                                         "slices", "win_rates"})),
    ("rules, files and documents", frozenset({"engine", "guide"})),
    ("settings and best times (named after the engine's levels)", frozenset({"storage"})),
    ("reasoning about a board", frozenset({"solver", "metrics", "access"})),
    ("games told again and played by bots", frozenset({"replay", "challenge"})),
    ("games kept", frozenset({"records"})),
    ("a game's life", frozenset({"play"})),
    ("the front ends", frozenset({UI, "terminal"})),
    ("the entry point", frozenset({"__main__"})),
)
LAYER_OF = {room: number for number, (_, rooms) in enumerate(LAYERS) for room in rooms}
FOUNDATION = LAYERS[0][1]


class Rule(Enum):
    PLACED = "every room is in a layer (LAYERS in tests/test_architecture.py)"
    NOT_UPWARD = "a room imports only rooms of lower layers"
    PYXEL_IN_UI = "pyxel is imported only in amigasweeper/ui"
    INTUITION_APART = "ui/intuition imports only itself and the foundation"
    NO_CIRCLE = "no import circle"
    UI_NO_SOLVER = "ui imports nothing from solver: assistance comes through play"


@dataclass(frozen=True)
class Breach:
    where: Import
    rule: Rule
    detail: str

    def __str__(self) -> str:
        return f"{self.where.path.as_posix()}:{self.where.line}: {self.rule.value}: {self.detail}"


def room_of(module: str) -> str | None:
    """The room of a module of the package (engine, ui, plainfiles, ...); None outside it."""
    parts = module.split(".")
    if parts[0] != PACKAGE:
        return None
    return parts[1] if len(parts) > 1 else TOP


def layer_text(room: str) -> str:
    number = LAYER_OF[room]
    return f"{room} (layer {number}, {LAYERS[number][0]})"


def import_breaches(found: Import) -> Iterable[Breach]:
    """What one import breaks of the rules about rooms, layers, pyxel and intuition."""
    source = module_name(found.path)
    here, there = room_of(source), room_of(found.module)
    if found.module.split(".")[0] == "pyxel" and here != UI:
        yield Breach(found, Rule.PYXEL_IN_UI, f"{source} imports {found.module}")
    if there is None:
        return
    if in_intuition(source) and not in_intuition(found.module) and there not in FOUNDATION:
        yield Breach(found, Rule.INTUITION_APART, f"{source} imports {found.module}")
    if here == UI and there == SOLVER:
        yield Breach(found, Rule.UI_NO_SOLVER, f"{source} imports {found.module}")
    if there == here:
        return
    if there not in LAYER_OF:
        yield Breach(found, Rule.PLACED, f"{found.module} is in the room {there}, which is in no layer")
    elif here in LAYER_OF and LAYER_OF[there] >= LAYER_OF[here]:
        yield Breach(found, Rule.NOT_UPWARD, f"{layer_text(here)} imports {found.module}, of {layer_text(there)}")


def in_intuition(module: str) -> bool:
    return module == INTUITION or module.startswith(INTUITION + ".")


def counts_for_circles(found: Import) -> bool:
    """Every import of a module of the package: deferred and type-only ones too."""
    return room_of(found.module) is not None


def circle_breaches(imports: list[Import]) -> list[Breach]:
    """One breach for each import that closes a circle of modules."""
    graph: dict[str, list[Import]] = {}
    for found in filter(counts_for_circles, imports):
        graph.setdefault(module_name(found.path), []).append(found)
    state: dict[str, str] = {}
    breaches = []

    def visit(module: str, trail: list[str]) -> None:
        state[module] = "open"
        for found in sorted(graph.get(module, ()), key=lambda f: (f.module, f.line)):
            if state.get(found.module) == "open":
                path = [*trail, module]
                circle = [*path[path.index(found.module):], found.module]
                breaches.append(Breach(found, Rule.NO_CIRCLE, " -> ".join(circle)))
            elif found.module not in state:
                visit(found.module, [*trail, module])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [])
    return breaches


def contract_breaches(root: Path, files: Iterable[Path]) -> list[Breach]:
    """Every breach of the contract in these files of the package under `root`."""
    imports, breaches = [], []
    for path in sorted(files):
        relative = path.relative_to(root)
        room = room_of(module_name(relative))
        if room not in LAYER_OF:
            breaches.append(Breach(Import(relative, 1, ""), Rule.PLACED, f"the room {room} is in no layer"))
        found = imports_in(root, path)
        imports += found
        for one in found:
            breaches += import_breaches(one)
    return list(dict.fromkeys(breaches + circle_breaches(imports)))  # `from x import a, b`: one breach


def test_the_package_keeps_the_layer_contract():
    breaches = contract_breaches(ROOT, tracked_paths(PACKAGE, ".py"))
    assert not breaches, "the layer contract is broken:\n" + "\n".join(map(str, breaches))


def write_package(root: Path, files: dict[str, str]) -> list[Path]:
    paths = []
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        paths.append(path)
    return paths


def test_the_contract_names_the_file_the_line_and_the_rule_of_each_breach(tmp_path):
    paths = write_package(tmp_path, {
        "amigasweeper/__init__.py": "",
        "amigasweeper/plainfiles.py": "",
        "amigasweeper/engine/__init__.py": "def show():\n    import pyxel.image\n",
        "amigasweeper/engine/game.py": "from ..solver import helper\nfrom . import rules\n",
        "amigasweeper/engine/rules.py": "import math\n",
        "amigasweeper/solver/__init__.py": "import importlib\nhelper = importlib.import_module('amigasweeper.ui.app')\n",
        "amigasweeper/guide/files.py": "from amigasweeper.engine import rules\n",
        "amigasweeper/guide/__init__.py": "",
        "amigasweeper/metrics/a.py": "from . import b\n",
        "amigasweeper/metrics/b.py": "from .a import value, other\n",
        "amigasweeper/metrics/e.py": "from .f import g\n",
        "amigasweeper/metrics/f.py": "def g():\n    from .e import h\n",  # put off, but a circle all the same
        "amigasweeper/metrics/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import D\n",
        "amigasweeper/metrics/d.py": "from .c import C\n",
        "amigasweeper/records/keep.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                        "    from amigasweeper.ui.app import App\n",
        "amigasweeper/ui/__init__.py": "",
        "amigasweeper/ui/app.py": "import pyxel\nfrom .intuition import window\n",
        "amigasweeper/ui/hints.py": "def hint():\n    from amigasweeper.solver.hint_rules import simple_hint\n",
        "amigasweeper/ui/game.py": "def menu():\n    from .stats import window\n",
        "amigasweeper/ui/stats/__init__.py": "",
        "amigasweeper/ui/stats/window.py": "from .. import game\n",
        "amigasweeper/ui/intuition/__init__.py": "",
        "amigasweeper/ui/intuition/window.py": "from amigasweeper import plainfiles\nfrom . import gadgets\n"
                                               "from ...engine import rules\nfrom .. import app\n",
        "amigasweeper/ui/intuition/gadgets.py": "__import__('amigasweeper.records')\n",
        "amigasweeper/newroom.py": "from amigasweeper import engine\n",
    })
    found = sorted(str(breach) for breach in contract_breaches(tmp_path, paths))
    expected = sorted([
        "amigasweeper/engine/__init__.py:2: pyxel is imported only in amigasweeper/ui: "
        "amigasweeper.engine imports pyxel.image",
        "amigasweeper/engine/game.py:1: a room imports only rooms of lower layers: engine (layer 1, rules, files "
        "and documents) imports amigasweeper.solver, of solver (layer 3, reasoning about a board)",
        "amigasweeper/solver/__init__.py:2: a room imports only rooms of lower layers: solver (layer 3, reasoning "
        "about a board) imports amigasweeper.ui.app, of ui (layer 7, the front ends)",
        "amigasweeper/guide/files.py:1: a room imports only rooms of lower layers: guide (layer 1, rules, "
        "files and documents) imports amigasweeper.engine.rules, of engine (layer 1, rules, files and documents)",
        "amigasweeper/records/keep.py:3: a room imports only rooms of lower layers: records (layer 5, games "
        "kept) imports amigasweeper.ui.app, of ui (layer 7, the front ends)",
        "amigasweeper/metrics/b.py:1: no import circle: amigasweeper.metrics.a -> amigasweeper.metrics.b -> "
        "amigasweeper.metrics.a",
        "amigasweeper/metrics/d.py:1: no import circle: amigasweeper.metrics.c -> amigasweeper.metrics.d -> "
        "amigasweeper.metrics.c",
        "amigasweeper/metrics/f.py:2: no import circle: amigasweeper.metrics.e -> amigasweeper.metrics.f -> "
        "amigasweeper.metrics.e",
        "amigasweeper/ui/intuition/window.py:3: ui/intuition imports only itself and the foundation: "
        "amigasweeper.ui.intuition.window imports amigasweeper.engine.rules",
        "amigasweeper/ui/intuition/window.py:4: ui/intuition imports only itself and the foundation: "
        "amigasweeper.ui.intuition.window imports amigasweeper.ui.app",
        "amigasweeper/ui/intuition/gadgets.py:1: ui/intuition imports only itself and the foundation: "
        "amigasweeper.ui.intuition.gadgets imports amigasweeper.records",
        "amigasweeper/ui/intuition/window.py:4: no import circle: amigasweeper.ui.app -> "
        "amigasweeper.ui.intuition.window -> amigasweeper.ui.app",
        "amigasweeper/ui/stats/window.py:1: no import circle: amigasweeper.ui.game -> "
        "amigasweeper.ui.stats.window -> amigasweeper.ui.game",
        "amigasweeper/ui/hints.py:2: ui imports nothing from solver: assistance comes through play: "
        "amigasweeper.ui.hints imports amigasweeper.solver.hint_rules",
        "amigasweeper/newroom.py:1: every room is in a layer (LAYERS in tests/test_architecture.py): "
        "the room newroom is in no layer",
    ])
    assert found == expected


def core_modules() -> list[str]:
    """Every module below ui/ (the entry point aside), by its dotted name."""
    names = (module_name(path.relative_to(ROOT)) for path in tracked_paths(PACKAGE, ".py"))
    return sorted(name for name in names if room_of(name) not in (UI, "__main__"))


def test_every_core_module_imports_with_pyxel_missing_and_loads_no_window():
    """The same contract, seen by running it: a fresh interpreter where pyxel
    cannot be imported imports every module of the core, and none of ui/."""
    modules = core_modules()
    assert {"amigasweeper.engine", "amigasweeper.records.stats_cli", "amigasweeper.plainfiles"} <= set(modules)
    code = (
        "import sys\nsys.modules['pyxel'] = None\n"
        + "".join(f"import {name}\n" for name in modules)
        + "loaded = sorted(m for m in sys.modules if m.startswith('amigasweeper.ui'))\nassert not loaded, loaded\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stderr


def test_no_module_of_the_windows_imports_the_solver():
    """Said apart from the contract's test, so that its name says what broke."""
    ui_files = [path for path in tracked_paths(PACKAGE, ".py") if room_of(module_name(path.relative_to(ROOT))) == UI]
    assert len(ui_files) > 50
    breaches = [breach for breach in contract_breaches(ROOT, ui_files) if breach.rule is Rule.UI_NO_SOLVER]
    assert not breaches, "ui reaches the solver:\n" + "\n".join(map(str, breaches))


def test_the_engine_imports_alone_and_no_guess_boards_come_from_the_solver():
    """A fresh interpreter: importing the engine loads no solver; importing the solver registers its maker."""
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
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stderr

"""The pure-Python core of AmigaSweeper, exercised inside Pyodide.

tools/web/core_check.html runs this in the browser, after unpacking
amigasweeper.pyxapp into Pyodide's file system; tests/packaging/
test_web_browser.py runs the same functions under CPython and compares. Only
the standard library and amigasweeper's core are used: Pyxel is not there.

    run("write")  first load: import the core, play seeded games, read the
                  manual, compile every file, keep best times in localStorage
    run("read")   after a reload: read them back, then check a damaged
                  document is set aside
Each returns a JSON text.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import sys
import time
import warnings
from pathlib import Path

CORE = (
    "amigasweeper.engine",
    "amigasweeper.solver",
    "amigasweeper.challenge",
    "amigasweeper.guide",
    "amigasweeper.storage",
)
SHAPES = ("square", "hex", "triangle")


def no_pyxel() -> None:
    """Make `import pyxel` fail, as it does in a page without Pyxel's runtime."""
    sys.modules["pyxel"] = None  # type: ignore[assignment]


def import_core() -> dict:
    imported, missing = [], []
    start = time.perf_counter()
    for name in CORE:
        if importlib.util.find_spec(name) is None:
            missing.append(name)
            continue
        importlib.import_module(name)
        imported.append(name)
    return {"imported": imported, "missing": missing, "ms": (time.perf_counter() - start) * 1000}


def _digest(values) -> str:
    return hashlib.sha256(json.dumps(values, separators=(",", ":")).encode()).hexdigest()[:16]


def engine_games() -> list[dict]:
    """Seeded games on every shape, played by a fixed rule that reads the
    mines (this checks the engine, not a player): uncover the safe squares in
    a scrambled order, mark some mines; the last game of each shape then steps
    on a mine."""
    from amigasweeper.engine import Game, GameSetup, Shape

    results = []
    for shape in SHAPES:
        for seed in range(3):
            setup = GameSetup(width=16, height=16, mines=40, seed=seed, shape=Shape(shape))
            game = Game(setup, clock=lambda: 0.0)
            cells = game.topology.size
            order = sorted(range(cells), key=lambda c: (c * 7919 + seed) % cells)
            game.uncover(order[0])
            opened_first = sum(game.is_open(c) for c in range(cells))
            moves = 1
            for cell in order:
                if game.status.over:
                    break
                if game.is_mine(cell):
                    if cell % 3 == 0:
                        game.toggle_mark(cell)
                elif not game.is_open(cell):
                    if seed == 2 and moves == 20:
                        game.uncover(min(game.mine_cells()))  # the loss
                    else:
                        game.uncover(cell)
                    moves += 1
            tiles = [game.tile(c) for c in range(cells)]
            results.append({"shape": shape, "seed": seed, "status": game.status.value,
                            "moves": moves, "first_opening": opened_first,
                            "mines_left": game.mines_left, "mines": _digest(sorted(game.mine_cells())),
                            "tiles": _digest(tiles)})
    return results


def solver_games() -> list[dict]:
    """Seeded games played to the end by the solver."""
    if importlib.util.find_spec("amigasweeper.solver") is None:
        return []
    from amigasweeper.engine import GameSetup, Shape
    from amigasweeper.solver.player import play_game

    results = []
    for shape, seeds in (("square", range(8)), ("hex", range(2)), ("triangle", range(2))):
        for seed in seeds:
            setup = GameSetup(width=8, height=8, mines=10, seed=seed, shape=Shape(shape))
            result = play_game(setup, clock=lambda: 0.0)
            results.append({"shape": shape, "seed": seed, "won": result.won,
                            "moves": result.moves, "guesses": result.guesses})
    return results


def manual() -> dict:
    """The manual as the Help viewer finds it: in amigasweeper/bundled/ of the pyxapp."""
    if importlib.util.find_spec("amigasweeper.guide") is None:
        return {"present": False}
    from amigasweeper.guide import layout_node, load_manual, manual_path, validate_links

    path = manual_path()
    if path is None:
        return {"present": False}
    document = load_manual()
    pages = {node.name: [line.text for line in layout_node(node, columns=38)] for node in document.nodes}
    return {
        "present": True,
        "file": path.name,
        "beside_package": path.parent.name == "bundled",  # amigasweeper.resources' built-copy place
        "nodes": [node.name for node in document.nodes],
        "problems": len(document.problems),
        "link_problems": len(validate_links(document)),
        "lines": sum(len(lines) for lines in pages.values()),
        "layout": _digest(pages),
    }


def compile_everything(root: str) -> dict:
    """Compile every .py file under root with warnings as errors: under
    Pyodide this is Python 3.14's own verdict on the code."""
    failures, count = [], 0
    for path in sorted(Path(root).rglob("*.py")):
        count += 1
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            try:
                compile(path.read_text(encoding="utf-8"), str(path), "exec", dont_inherit=True)
            except (SyntaxError, Warning) as error:
                failures.append(f"{path.relative_to(root)}: {type(error).__name__}: {error}")
    return {"files": count, "failures": failures}


def deterministic() -> dict:
    """What must come out the same under CPython and in the browser."""
    return {"engine": engine_games(), "solver": solver_games(), "manual": manual()}


# ---------------------------------------------------------------- storage
def _local_storage_keys() -> list[str]:
    import js  # type: ignore[import-not-found]

    storage = js.window.localStorage
    return sorted(storage.key(i) for i in range(storage.length))


def storage_write() -> dict:
    import js  # type: ignore[import-not-found]

    from amigasweeper.storage import Storage

    js.window.localStorage.clear()
    store = Storage(None)
    loaded = store.load()
    messages = [
        store.record_time("beginner", 42, "Pyodide"),
        store.record_time("expert", 321, "Web Player"),
        store.change_settings(look="kickstart2"),
    ]
    return {"backend": type(store.backend).__name__, "problems": loaded.problems,
            "messages": messages, "keys": _local_storage_keys()}


def storage_read() -> dict:
    import js  # type: ignore[import-not-found]

    from amigasweeper.storage import Storage

    store = Storage(None)
    loaded = store.load()
    times = loaded.best_times
    result = {
        "backend": type(store.backend).__name__,
        "problems": loaded.problems,
        "beginner": [times["beginner"].seconds, times["beginner"].name],
        "expert": [times["expert"].seconds, times["expert"].name],
        "look": loaded.settings.look,
        "last_name": loaded.settings.last_name,
    }
    result["other_tab"] = other_tab_saves(store)
    # A damaged document is set aside (kept) and replaced, with a message.
    js.window.localStorage.setItem("amigasweeper/besttimes.json", "{not json")
    damaged = Storage(None).load()
    result["damaged"] = {"problems": damaged.problems, "keys": _local_storage_keys(),
                         "beginner": damaged.best_times["beginner"].seconds}
    return result


def other_tab_saves(store) -> dict:
    """Another tab saves a Duel result: the browser sends this tab a
    ``storage`` event (dispatched here by hand, as only another tab would
    cause one), and the store takes the result in; our own next save keeps it."""
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    other = type(store)(None)
    other.load()
    other.record_duel("Other Tab", "win")
    before = store.refresh()  # no event yet: nothing read
    event = js.StorageEvent.new("storage", to_js({"key": "amigasweeper/besttimes.json"}, dict_converter=js.Object.fromEntries))
    js.window.dispatchEvent(event)
    after = store.refresh()
    store.record_duel("Other Tab", "loss")
    record = type(store)(None).load().best_times.duel("Other Tab")
    return {"before_event": before, "after_event": after, "wins": record.wins, "losses": record.losses}


class UnfoundImports:
    """Last on sys.meta_path: the names no other finder found. Pyxel's web
    runtime puts a finder there that fetches each such module from the page's
    host (a request that fails for a module of another system), so the page
    must import nothing that only exists elsewhere."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def find_spec(self, name, path=None, target=None):
        self.names.append(name)
        return None


def run(phase: str, app_dir: str) -> str:
    """The browser's entry point: the report of one page load, as JSON."""
    result: dict = {"phase": phase, "python": sys.version.split()[0], "platform": sys.platform}
    no_pyxel()
    sys.path.insert(0, app_dir)
    unfound = UnfoundImports()
    sys.meta_path.append(unfound)
    result["core"] = import_core()
    if phase == "write":
        start = time.perf_counter()
        result["deterministic"] = deterministic()
        result["play_ms"] = (time.perf_counter() - start) * 1000
        result["compile"] = compile_everything(app_dir)
        result["storage"] = storage_write()
    else:
        result["storage"] = storage_read()
    result["unfound"] = sorted(set(unfound.names))
    return json.dumps(result)

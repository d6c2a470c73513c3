"""The core in a real browser: headless Chromium running Pyodide 314.0.4, the
Python 3.14 that Pyxel 2.9.9's web runtime loads.

Pyxel's web runtime itself comes from a CDN this machine cannot reach, so the
test checks what can be checked here: tools/web/core_check.html, served from
127.0.0.1 with Pyodide from tools/web/node_modules (npm), unpacks the real
amigasweeper.pyxapp, imports the pure-Python core with pyxel unavailable,
plays seeded games with the engine and the solver (which must come out as
under CPython), reads the manual with amigasweeper.guide, compiles every file
under Python 3.14 with warnings as errors, keeps best times in localStorage
through amigasweeper.storage, and after a reload reads them back.
Needs chromium (Debian's), node, and `npm ci` in tools/web (.ci/run does all).
"""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import json

import pytest
from packaging_helpers import load_tool
from repository_files import tracked_paths

pytestmark = [pytest.mark.slow, pytest.mark.browser]

check = load_tool("tools/web/browser_check.py", "amigasweeper_browser_check")
core_check = load_tool("tools/web/core_check.py", "amigasweeper_core_check")


@pytest.fixture(scope="module")
def browser(built_pyxapp, tmp_path_factory):
    reason = check.missing()
    if reason:
        pytest.skip(reason)
    return check.run_page(built_pyxapp, tmp_path_factory.mktemp("browser"))


def test_the_pinned_pyodide_is_pyxels(browser):
    version = json.loads((check.PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]
    assert version == check.PYODIDE_VERSION == "314.0.4"
    assert browser["first"]["platform"] == "emscripten"
    assert browser["first"]["python"].startswith("3.14")


def test_the_core_imports_without_pyxel(browser):
    core = browser["first"]["core"]
    for name in ("amigasweeper.engine", "amigasweeper.storage"):
        assert name in core["imported"]
    for name in core["missing"]:  # only parts not written yet may be missing
        assert importlib.util.find_spec(name) is None, f"{name} exists but did not import in the browser"


def test_the_page_asks_for_no_module_the_browser_lacks(browser):
    """Every import no finder answered, which Pyxel's web runtime would fetch
    from the page's host (a request that fails): none is one of ours, and the
    locks of the desktop systems are not asked for at all."""
    ours = set()
    for path in tracked_paths("amigasweeper", ".py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                ours.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                ours.add(node.module.split(".")[0])
    for load in ("first", "second"):
        unfound = browser[load]["unfound"]
        assert not {"fcntl", "msvcrt"} & set(unfound)
        assert [name for name in unfound if name.split(".")[0] in ours - {"pyxel"}] == []


def test_games_and_manual_come_out_as_under_cpython(browser):
    seen = browser["first"]["deterministic"]
    expected = core_check.deterministic()
    assert seen["engine"] == expected["engine"]
    assert seen["solver"] == expected["solver"]
    if expected["manual"]["present"]:
        assert seen["manual"]["beside_package"], "the page should find the manual inside the package"
        def drop(manual):
            return {k: v for k, v in manual.items() if k != "beside_package"}

        assert drop(seen["manual"]) == drop(expected["manual"])
        assert seen["manual"]["problems"] == 0


def test_every_file_compiles_under_python_314(browser):
    compiled = browser["first"]["compile"]
    assert compiled["files"] > 20
    assert compiled["failures"] == []


def test_best_times_survive_a_reload_in_local_storage(browser):
    written = browser["first"]["storage"]
    assert written["backend"] == "LocalStorageBackend"
    assert written["problems"] == [] and written["messages"] == [None, None, None]
    assert "amigasweeper/besttimes.json" in written["keys"] and "amigasweeper/settings.json" in written["keys"]
    read = browser["second"]
    assert read["phase"] == "read"
    storage = read["storage"]
    assert storage["backend"] == "LocalStorageBackend" and storage["problems"] == []
    assert storage["beginner"] == [42, "Pyodide"]
    assert storage["expert"] == [321, "Web Player"]
    assert storage["look"] == "kickstart2" and storage["last_name"] == "Web Player"


def test_another_tabs_save_arrives_through_the_storage_event(browser):
    other_tab = browser["second"]["storage"]["other_tab"]
    assert other_tab == {"before_event": False, "after_event": True, "wins": 1, "losses": 1}


def test_a_damaged_document_in_local_storage_is_set_aside(browser):
    damaged = browser["second"]["storage"]["damaged"]
    assert len(damaged["problems"]) == 1 and "best times" in damaged["problems"][0]
    assert damaged["beginner"] == 999  # fresh best times
    assert any(key.startswith("amigasweeper/besttimes.json.damaged") for key in damaged["keys"])


def test_timings_are_reported(browser):
    timing = browser["first"]["timing"]
    print(json.dumps(timing))  # tools/package.py measure puts them in docs/BENCHMARKS.md
    assert 0 < timing["pyodide_load_ms"] < timing["total_ms"]
    assert 0 < timing["core_import_ms"] < timing["total_ms"]


def test_offline_the_page_says_it_needs_the_internet(built_html, tmp_path):
    """The built page (dist/amigasweeper.html), with Pyxel's web runtime
    unreachable: instead of a blank page, a message saying why."""
    reason = check.missing()
    if reason:
        pytest.skip(reason)
    shown = check.offline_page(built_html, tmp_path)
    text = " ".join(shown["text"].split())
    assert "AmigaSweeper needs an internet connection to load Pyxel" in text, shown
    assert f"Pyxel {importlib.metadata.version('pyxel')}, the engine" in text  # shown, not only in a comment
    assert any("requestfailed:" in line and "pyxel.js" in line for line in shown["logs"]), shown["logs"]


def test_the_viewers_amiga_keys_and_plain_keys_reach_a_page(tmp_path):
    """Right-Amiga-F, -N, -G and -V as Alt or the right Command key, and /, N
    and G alone, arrive in a page as the letter's keydown with the modifier
    held, and the modifier is one the program takes for Right-Amiga; the left
    Command key arrives as Left-Amiga, Intuition's. (Pyxel's web runtime is
    not on this machine: the page listens as its SDL does. What a real
    browser window keeps before any page sees it, Ctrl-N or Command-N, shows
    here too; the manual gives the plain keys for it.)"""
    import pyxel

    from amigasweeper.ui.intuition.input import LEFT_AMIGA_KEYS, RIGHT_AMIGA_KEYS

    reason = check.missing()
    if reason:
        pytest.skip(reason)
    seen = check.keys_reaching_a_page(tmp_path)
    modifier_keys = {"AltLeft": pyxel.KEY_LALT, "MetaLeft": pyxel.KEY_LGUI, "MetaRight": pyxel.KEY_RGUI}
    for modifier, code, flag, amiga_keys in (("Alt", "AltLeft", "alt", RIGHT_AMIGA_KEYS),
                                             ("MetaRight", "MetaRight", "meta", RIGHT_AMIGA_KEYS),
                                             ("Meta", "MetaLeft", "meta", LEFT_AMIGA_KEYS)):
        for letter in "FNGV":
            events = seen[f"{modifier}+Key{letter}"]
            assert [event["code"] for event in events] == [code, f"Key{letter}"], events
            assert events[-1][flag] and modifier_keys[events[0]["code"]] in amiga_keys
    for plain in ("Slash", "KeyN", "KeyG"):
        assert seen[plain] == [{"code": plain, "alt": False, "meta": False, "ctrl": False, "shift": False}]

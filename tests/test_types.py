"""The type checker reads the whole package with no error (mypy, its settings
in pyproject.toml's [tool.mypy], pinned in the test extra): the window
controls' protocols (ui/host.py) are checked against the App that fills them,
and no module is let off with ignore_errors."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]' installs it)")


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    # Without PYTHONPATH: mypy takes a package found through it for an installed one and reports
    # nothing in the modules it only reaches by import, so a checkout run with PYTHONPATH set would
    # pass where a fresh clone (CI) fails.
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "MYPYPATH")}
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, env=env)


def settings() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def test_the_whole_package_type_checks_with_no_error():
    result = mypy()
    assert result.returncode == 0, result.stdout + result.stderr
    # Every module was read: a package taken for an installed one is skipped silently.
    checked = int(re.search(r"in (\d+) source files", result.stdout).group(1))
    assert checked == len(list((ROOT / "amigasweeper").rglob("*.py"))), result.stdout


def test_the_settings_check_what_the_issue_asks():
    mine = settings()
    assert mine["files"] == ["amigasweeper"] and mine["check_untyped_defs"] and mine["warn_unused_ignores"]


def test_no_module_is_let_off():
    """Only the browser's own modules (Pyodide's, present in the page alone) may be
    missing; no module of ours ignores its errors."""
    for override in settings().get("overrides", []):
        assert not override.get("ignore_errors"), override["module"]
        assert all(name.split(".")[0] in ("js", "pyodide") for name in override["module"]), override


def test_an_error_in_the_package_is_found(tmp_path):
    """The checker as configured does fail: a wrong use of the package's own
    types, planted beside it, is reported."""
    planted = tmp_path / "amigasweeper_planted.py"
    planted.write_text("from amigasweeper.engine.levels import Level\n\n"
                       "def f(level: Level) -> int:\n    return level.width + 'x'\n", encoding="utf-8")
    result = mypy(str(planted), "--cache-dir", str(tmp_path / "cache"))
    assert result.returncode == 1 and "Unsupported operand" in result.stdout, result.stdout

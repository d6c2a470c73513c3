"""Shared by the packaging tests (a unique name: tests/ has no __init__.py)."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WIN_SCRIPT = ROOT / "tests" / "ui" / "scripts" / "win_beginner_seed5.txt"
WIN_ARGS = ["--headless", "--script", str(WIN_SCRIPT), "--seed", "5", "--level", "beginner"]
GUIDE = ROOT / "docs" / "AmigaGuide" / "AmigaSweeper.guide"


def load_tool(relative: str, name: str):
    """A script of tools/ imported as a module (tools/ is not a package)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_package_tool():
    return load_tool("tools/package.py", "amigasweeper_package_tool")


def run_env(tmp: Path, **extra: str) -> dict[str, str]:
    """An environment for running a build: no sound device, a private data
    folder, nothing inherited that would change which program runs."""
    env = {k: v for k, v in os.environ.items() if k not in ("AMIGASWEEPER_ARGS", "PYTHONPATH")}
    env["SDL_AUDIODRIVER"] = "dummy"
    env["AMIGASWEEPER_DATA_DIR"] = str(tmp / "data")
    env.update(extra)
    return env


def failing_script(folder: Path) -> Path:
    """A script whose first expectation fails (a fresh game is not won)."""
    path = folder / "fails.txt"
    path.write_text("expect state won\n", encoding="utf-8")
    return path

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
ASSETS = ROOT / "assets.pyxres"
LICENSE = ROOT / "LICENSE"


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


def args_env(args: list[str]) -> str:
    """AMIGASWEEPER_ARGS holding `args`, quoted for the rules of this system."""
    return load_package_tool().args_env_value(args)


def run_env(tmp: Path, **extra: str) -> dict[str, str]:
    """An environment for running a build: no sound device, a private data
    folder, nothing inherited that would change which program runs."""
    env = {k: v for k, v in os.environ.items() if k not in ("AMIGASWEEPER_ARGS", "PYTHONPATH")}
    env["SDL_AUDIODRIVER"] = "dummy"
    env["AMIGASWEEPER_DATA_DIR"] = str(tmp / "data")
    # A temporary folder of its own: `pyxel play` unpacks into TMP/.pyxel/play and
    # tidies the others' folders there, which races with a run beside it.
    temp = tmp / "tmp"
    temp.mkdir(parents=True, exist_ok=True)
    env["TMPDIR"] = env["TEMP"] = env["TMP"] = str(temp)
    env.update(extra)
    return env


def failing_script(folder: Path) -> Path:
    """A script whose first expectation fails (a fresh game is not won)."""
    path = folder / "fails.txt"
    path.write_text("expect state won\n", encoding="utf-8")
    return path


HELP_SCRIPT = "# open the manual (Help) and keep its first page\nwait 2\nkey F1\nwait 3\nscreenshot {path}\nquit\n"


def help_screen(command: list[str], tmp: Path, env: dict[str, str] | None = None, via_env: bool = False) -> bytes:
    """The screen after pressing Help in a headless run of `command` (a way of
    running the program): a PNG's bytes. The manual's first page only shows
    when that way of running found the manual; a missing one shows a problem.
    via_env passes the options in AMIGASWEEPER_ARGS (pyxel play)."""
    import subprocess

    tmp.mkdir(parents=True, exist_ok=True)
    shot = tmp / "help.png"
    script = tmp / "help.txt"
    script.write_text(HELP_SCRIPT.format(path=shot), encoding="utf-8")
    args = ["--headless", "--script", str(script), "--seed", "1"]
    run_in = env if env is not None else run_env(tmp)
    if via_env:
        run_in = {**run_in, "AMIGASWEEPER_ARGS": args_env(args)}
    else:
        command = [*command, *args]
    result = subprocess.run(command, env=run_in, cwd=tmp, capture_output=True, text=True, timeout=180, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return shot.read_bytes()


def checkout_help_screen(tmp: Path) -> bytes:
    """help_screen of the checkout itself (python -m amigasweeper from here)."""
    import sys

    env = run_env(tmp, PYTHONPATH=str(ROOT))
    return help_screen([sys.executable, "-m", "amigasweeper"], tmp, env)

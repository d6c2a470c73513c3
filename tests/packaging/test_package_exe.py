"""The desktop executable: a PyInstaller one-folder build (tools/package.py exe)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from packaging_helpers import GUIDE, ROOT, WIN_ARGS, failing_script, run_env

pytestmark = pytest.mark.slow


def launch(exe, tmp_path, args):
    env = run_env(tmp_path)
    env.pop("LD_LIBRARY_PATH", None)  # the bundle must bring its own SDL
    return subprocess.run([str(exe), *args], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          check=False)


def test_the_executable_wins_the_scripted_game_headless(built_exe, tmp_path):
    result = launch(built_exe, tmp_path, WIN_ARGS)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_executable_reports_a_failed_expectation(built_exe, tmp_path):
    result = launch(built_exe, tmp_path, ["--headless", "--script", str(failing_script(tmp_path))])
    assert result.returncode == 1, result.stdout + result.stderr
    assert "amigasweeper: line 1: expected state won" in result.stderr


def test_the_executable_takes_the_command_line(built_exe, tmp_path):
    result = launch(built_exe, tmp_path, ["--version"])
    assert result.returncode == 0 and result.stdout.startswith("AmigaSweeper "), result.stdout + result.stderr


def test_the_bundle_brings_sdl_assets_manual_and_package_folders(built_exe):
    internal = built_exe.parent / "_internal"
    if sys.platform.startswith("linux"):
        assert (internal / "pyxel" / "libs" / "libSDL2-2.0.so.0").is_file()
    package = internal / "amigasweeper"
    assert (package / "assets.pyxres").read_bytes() == (ROOT / "amigasweeper" / "assets.pyxres").read_bytes()
    if GUIDE.is_file():
        assert (package / "guide" / GUIDE.name).read_bytes() == GUIDE.read_bytes()
    # pyxel.init changes to the folder of amigasweeper/ui/app.py: it must exist.
    assert (package / "ui" / "app.pyc").is_file()

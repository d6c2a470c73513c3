"""The desktop executable: a PyInstaller one-folder build (tools/package.py exe)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from packaging_helpers import (
    ASSETS,
    GUIDE,
    LICENSE,
    ROOT,
    WIN_ARGS,
    checkout_help_screen,
    failing_script,
    help_screen,
    run_env,
)

SAMPLES = ROOT / "tests" / "replay" / "samples"

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


def test_the_executable_reads_an_avf_file_with_its_own_ms_toollib(built_exe, tmp_path):
    """The executable starts itself as the child that reads the file (replay/foreign.py)."""
    sample = SAMPLES / "arbiter_custom_8x11.avf"
    target = tmp_path / "out.json"
    result = launch(built_exe, tmp_path, ["--read-replay-with-ms-toollib", "avf", str(sample), str(target)])
    assert result.returncode == 0, result.stdout + result.stderr
    reading = json.loads(target.read_text(encoding="utf-8"))
    assert (reading["rows"], reading["columns"], len(reading["mines"]), reading["time_ms"]) == (11, 8, 7, 5420)


def test_the_executable_takes_the_command_line(built_exe, tmp_path):
    result = launch(built_exe, tmp_path, ["--version"])
    assert result.returncode == 0 and result.stdout.startswith("AmigaSweeper "), result.stdout + result.stderr


def test_the_bundle_brings_sdl_assets_manual_and_package_folders(built_exe):
    internal = built_exe.parent / "_internal"
    if sys.platform.startswith("linux"):
        assert (internal / "pyxel" / "libs" / "libSDL2-2.0.so.0").is_file()
    package = internal / "amigasweeper"
    assert (package / "bundled" / "assets.pyxres").read_bytes() == ASSETS.read_bytes()
    assert (package / "bundled" / GUIDE.name).read_bytes() == GUIDE.read_bytes()
    # pyxel.init changes to the folder of amigasweeper/ui/app.py: it must exist.
    assert (package / "ui" / "app.pyc").is_file()


def test_the_executable_finds_its_assets_and_manual(built_exe, tmp_path):
    """Help in the executable shows the same screen as Help in the checkout:
    its images and the manual's first page, found in its own folder."""
    env = run_env(tmp_path)
    env.pop("LD_LIBRARY_PATH", None)
    assert help_screen([str(built_exe)], tmp_path / "exe", env) == checkout_help_screen(tmp_path / "checkout")


def test_the_folder_carries_the_licences_of_what_it_bundles(built_exe):
    folder = built_exe.parent
    assert (folder / "LICENSE").read_bytes() == LICENSE.read_bytes()
    licences = folder / "licences"
    names = {path.name for path in licences.iterdir()}
    assert {"AmigaSweeper-LICENSE.txt", "Python-LICENSE.txt", "SDL2-LICENSE.txt", "PyInstaller-COPYING.txt",
            "pyxel-LICENSE", "ms-toollib-LICENSE.txt", "README.txt"} <= names, names
    assert "Python Software Foundation" in (licences / "Python-LICENSE.txt").read_text(encoding="utf-8", errors="replace")
    assert "Sam Lantinga" in (licences / "SDL2-LICENSE.txt").read_text(encoding="utf-8")
    assert "Takashi Kitao" in (licences / "pyxel-LICENSE").read_text(encoding="utf-8")
    assert "eee555" in (licences / "ms-toollib-LICENSE.txt").read_text(encoding="utf-8")
    index = (licences / "README.txt").read_text(encoding="utf-8")
    # Every shared library and extension module in the folder is accounted for.
    internal = folder / "_internal"
    libraries = [p for p in internal.rglob("*") if p.is_file() and (p.suffix in (".so", ".dll", ".dylib", ".pyd") or ".so." in p.name)]
    assert libraries
    for library in libraries:
        assert library.relative_to(internal).as_posix() in index, library
    assert "licence text not found" not in index, index


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the .desktop file and PNG icon are the Linux folder's")
def test_the_linux_folder_has_the_icon_and_a_desktop_entry(built_exe):
    folder = built_exe.parent
    assert (folder / "amigasweeper.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    entry = (folder / "amigasweeper.desktop").read_text(encoding="utf-8")
    assert entry.startswith("[Desktop Entry]\n") and "\nExec=amigasweeper\n" in entry and "\nIcon=amigasweeper\n" in entry

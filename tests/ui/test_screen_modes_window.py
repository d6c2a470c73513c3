"""Issue 31's three reproductions of a broken switch back to LowRes, in a
real window on a 1280x1024 X screen (the issue's), played with a player's
keys and mouse through XTEST (window_modes.py). Each failed before: Pyxel
restarted the whole program on Alt-R (Right-Amiga-R), throwing the game
away, and after a switch Pyxel's pointer and the system's no longer agreed
(a first move made it jump). Now the program stays the same process, the
screen shows the mode the settings name, at a whole scale, the game and its
clock go on, and the pointer stays over what it was over, for Pyxel and for
the system alike."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from window_input import missing as xtest_missing

HELPER = Path(__file__).with_name("window_modes.py")
ROOT = Path(__file__).resolve().parents[2]
SCREEN = "1280x1024"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("xvfb-run") is None,
                       reason="no xvfb-run (Debian: apt-get install xvfb xauth libgl1-mesa-dri; .ci/run does)"),
    pytest.mark.skipif(shutil.which("xwd") is None, reason="no xwd (Debian: apt-get install x11-apps; .ci/run does)"),
    pytest.mark.skipif(xtest_missing() is not None, reason=str(xtest_missing())),
]


def play(tmp_path: Path, scenario: str) -> list[dict]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("AMIGASWEEPER_ARGS", "SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    command = ["xvfb-run", "-a", "-s", f"-screen 0 {SCREEN}x24", sys.executable, str(HELPER), str(tmp_path), scenario]
    result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)
    reports = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert reports, result.stdout + result.stderr
    restarted = [r for r in reports if "restarted_by" in r]
    assert not restarted, f"the program started itself again (Pyxel's Alt-R): {restarted}"
    assert result.returncode == 0, result.stdout + result.stderr
    (report,) = reports
    assert {stage["pid"] for stage in report["stages"]} == {report["pid"]}  # one process from start to end
    return report["stages"]


def check_shown(stage: dict, mode: str) -> None:
    """The screen shows the mode the settings name, whole, and the pointer is
    where Pyxel thinks it is."""
    size = [320, 256] if mode == "lowres" else [640, 512]
    assert stage["mode"] == stage["settings_mode"] == mode, stage
    assert stage["framebuffer"] == size and stage["shown_whole"], stage
    assert stage["window"] == [size[0] * stage["scale"], size[1] * stage["scale"]], stage
    assert stage["pyxel_pointer"] == stage["system_pointer"], stage


def test_highres_from_the_menu_then_right_amiga_l_keeps_the_window_and_the_pointer(tmp_path):
    start, hires, lowres = play(tmp_path, "shrink")
    check_shown(start, "lowres")
    check_shown(hires, "hires")
    check_shown(lowres, "lowres")
    assert lowres["window"] == start["window"]  # not shrunk (the issue saw 960x768 become 480x384)
    assert hires["pyxel_over"] == lowres["pyxel_over"] == lowres["system_over"] == "face"


def test_right_amiga_r_then_l_after_a_click_on_the_title_bar_shows_lowres_again(tmp_path):
    start, hires, lowres = play(tmp_path, "title_bar")
    check_shown(start, "lowres")
    check_shown(hires, "hires")
    check_shown(lowres, "lowres")
    assert start["pyxel_over"] == hires["pyxel_over"] == lowres["system_over"] == "MineWindow"


def test_right_amiga_r_during_a_game_keeps_the_game_the_clock_and_the_pointer(tmp_path):
    playing, hires = play(tmp_path, "mid_game")
    check_shown(playing, "lowres")
    check_shown(hires, "hires")
    assert hires["game"] == playing["game"] and hires["moves"] == playing["moves"] == 1
    assert playing["seconds"] <= hires["seconds"] <= playing["seconds"] + (hires["wall"] - playing["wall"]) + 1
    assert playing["pyxel_over"].startswith("square ")
    assert hires["pyxel_over"] == hires["system_over"] == playing["pyxel_over"]  # the same square

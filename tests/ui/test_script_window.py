"""A script runs in a real window, as the README says (`--script` without
`--headless`): under xvfb-run (an X server with no screen, which .ci/run
installs with Mesa's software OpenGL), the winning script wins and the window
shows the same pixels a headless run draws."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WIN_SCRIPT = ROOT / "tests" / "ui" / "scripts" / "win_beginner_seed5.txt"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("xvfb-run") is None,
                       reason="no xvfb-run (Debian: apt-get install xvfb libgl1-mesa-dri; .ci/run does)"),
]


def play(tmp_path: Path, script: Path, *extra: str, window: bool) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("AMIGASWEEPER_ARGS", "SDL_VIDEODRIVER")}
    # A data folder of each run's own: a headless run keeps its games and
    # best times there too, and each run must find no best time before it.
    env.update(SDL_AUDIODRIVER="dummy", AMIGASWEEPER_DATA_DIR=str(tmp_path / f"data-{script.stem}"))
    command = [sys.executable, "-m", "amigasweeper", "--script", str(script), "--seed", "5", *extra]
    if window:
        command = ["xvfb-run", "-a", *command]
    else:
        command.append("--headless")
    return subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)


def test_the_winning_script_wins_in_a_window_and_shows_what_headless_shows(tmp_path):
    shots = {}
    for name, window in (("window", True), ("headless", False)):
        script = tmp_path / f"{name}.txt"
        lines = [line for line in WIN_SCRIPT.read_text(encoding="utf-8").splitlines() if line.strip() != "quit"]
        script.write_text("\n".join([*lines, "expect state won", f"screenshot {name}.png"]) + "\n", encoding="utf-8")
        result = play(tmp_path, script, window=window)
        assert result.returncode == 0, result.stdout + result.stderr
        shots[name] = (tmp_path / f"{name}.png").read_bytes()
    assert shots["window"] == shots["headless"]


def test_a_failed_expectation_in_a_window_exits_1_naming_the_line(tmp_path):
    script = tmp_path / "fails.txt"
    script.write_text("click left\nexpect state won\n", encoding="utf-8")
    result = play(tmp_path, script, window=True)
    assert result.returncode == 1
    assert "line 2" in result.stderr and "NoneType" not in result.stderr

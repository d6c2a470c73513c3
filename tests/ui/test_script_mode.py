"""`amigasweeper --headless --script`: the scripted way to drive the real program."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from amigasweeper.ui.drive.script import ScriptRunner
from amigasweeper.ui.drive.scriptwords import ScriptError

SCRIPTS = Path(__file__).parent / "scripts"


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "amigasweeper", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env={"SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"},
    )


def test_relative_paths_are_taken_from_the_starting_folder(tmp_path):
    (tmp_path / "go.txt").write_text("wait 1\nscreenshot shots/first.png\n")
    result = run_cli("--headless", "--script", "go.txt", "--data-dir", "data", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "shots" / "first.png").exists()


def test_a_scripted_game_is_won_in_a_subprocess(tmp_path):
    shot = tmp_path / "won.png"
    script = tmp_path / "script.txt"
    script.write_text((SCRIPTS / "win_beginner_seed5.txt").read_text().replace("quit", f"screenshot {shot}\nquit"))
    result = run_cli("--headless", "--script", str(script), "--seed", "5", "--level", "beginner")
    assert result.returncode == 0, result.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_console_script_plays_the_script_file_in_tests():
    import shutil

    command = shutil.which("amigasweeper", path=str(Path(sys.executable).parent)) or shutil.which("amigasweeper")
    assert command, "the amigasweeper console script is not installed (pip install -e .)"
    result = subprocess.run(
        [command, "--headless", "--script", str(SCRIPTS / "win_beginner_seed5.txt"), "--seed", "5", "--level", "beginner"],
        capture_output=True, text=True, timeout=120, env={"SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr


def test_a_failed_expectation_exits_non_zero_and_names_the_line(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("expect face smile\nexpect state won\n")
    result = run_cli("--headless", "--script", str(script), "--seed", "1")
    assert result.returncode == 1
    assert "line 2: expected state won, but it is ready" in result.stderr


def test_headless_without_a_script_is_refused():
    result = run_cli("--headless")
    assert result.returncode == 2
    assert "--headless needs --script" in result.stderr


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("fly 1 2", "unknown command"),
        ("move 1", "usage: move X Y"),
        ("move a b", "not a whole number"),
        ("press middle", "left or right"),
        ("key NOSUCHKEY", "unknown key"),
        ("cell 40 40", "not on the board"),
        ("expect colour red", "cannot expect"),
    ],
)
def test_bad_lines_say_what_is_wrong(app_pilot, line, says):
    app, _ = app_pilot
    with pytest.raises(ScriptError, match=says):
        ScriptRunner(app).run_line(7, line)

"""The real program as a process: signals, no display, no sound device, bad
arguments. Each test starts `python -m amigasweeper` from this worktree."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import amigasweeper
from amigasweeper.storage import BEST_TIMES_FILE, SETTINGS_FILE

REPO = Path(amigasweeper.__file__).resolve().parents[1]
posix_signals = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")


def clean_env(**extra: str) -> dict[str, str]:
    """No display, no sound driver chosen, nothing that changes what runs."""
    env = {k: v for k, v in os.environ.items() if k not in (
        "DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER",
        "AMIGASWEEPER_ARGS", "AMIGASWEEPER_DATA_DIR",
    )}
    env["PYTHONPATH"] = str(REPO)
    env.update(extra)
    return env


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "amigasweeper", *args]


def run(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        command(*args), capture_output=True, text=True, timeout=120, cwd=cwd, env=env or clean_env()
    )


def wait_for(check, what: str, process: subprocess.Popen, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if process.poll() is not None:
            raise AssertionError(f"the program ended before {what}: {process.communicate()}")
        if time.monotonic() > deadline:
            process.kill()
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def finish(process: subprocess.Popen, seconds: float = 60) -> tuple[str, str]:
    """The process's output once it ends; killed (and the test failed) if it does not."""
    try:
        return process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise AssertionError(f"still running {seconds} s after the signal") from None


def level_saved(folder: Path, level: str):
    def check() -> bool:
        try:
            return json.loads((folder / SETTINGS_FILE).read_text())["level"] == level
        except (OSError, ValueError, KeyError):
            return False

    return check


@posix_signals
@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_ends_a_headless_run_cleanly_with_the_settings_saved(tmp_path, signum, status, child_processes):
    script = tmp_path / "long.txt"
    script.write_text("key amiga E\nwait 100000000\n")
    data = tmp_path / "data"
    process = child_processes.start(
        command("--headless", "--script", str(script), "--data-dir", str(data), "--seed", "3"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=clean_env(), cwd=tmp_path,
    )
    wait_for(level_saved(data, "expert"), "Expert was chosen", process)
    (data / SETTINGS_FILE).unlink()  # only the save at the end can bring it back
    process.send_signal(signum)
    out, err = finish(process)
    assert process.returncode == status, err
    assert "Traceback" not in err
    assert level_saved(data, "expert")()


WINDOWED = """
import sys
from pathlib import Path
import pyxel
from amigasweeper.ui.app import App, Options

# The frame loop of a windowed run (pyxel.run), on a headless screen.
pyxel.init(320, 256, headless=True, quit_key=pyxel.KEY_NONE)
app = App(Options(data_dir=Path(sys.argv[1])))
app.stop.install()
app.commands.choose_level(app.session.choices.level.__class__("intermediate"))
pyxel.run(app.update, app.draw)
"""


@posix_signals
def test_sigterm_ends_the_frame_loop_of_a_windowed_run(tmp_path, child_processes):
    process = child_processes.start(
        [sys.executable, "-c", WINDOWED, str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=clean_env(SDL_AUDIODRIVER="dummy"),
    )
    wait_for(level_saved(tmp_path, "intermediate"), "the level was saved", process)
    (tmp_path / SETTINGS_FILE).unlink()
    time.sleep(0.2)  # well inside pyxel.run
    process.send_signal(signal.SIGTERM)
    out, err = finish(process)
    assert process.returncode == 143, err
    assert "Traceback" not in err
    assert level_saved(tmp_path, "intermediate")()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="only X11/Wayland systems lack a display")
def test_no_display_says_so_in_one_line_and_exits_at_once(tmp_path):
    started = time.monotonic()
    result = run("--data-dir", str(tmp_path))
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "no display" in result.stderr
    assert "--headless" in result.stderr
    assert time.monotonic() - started < 60  # it used to run invisibly until killed
    assert list(tmp_path.iterdir()) == []


def test_a_headless_run_opens_no_audio_device(tmp_path):
    script = tmp_path / "one.txt"
    script.write_text("wait 2\n")
    result = run("--headless", "--script", str(script))
    assert result.returncode == 0, result.stderr
    assert "audio" not in result.stderr.lower() and "ALSA" not in result.stderr
    assert result.stderr == ""


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("screenshot a-file/none/shot.png", "line 2: cannot save the screenshot"),  # no folder inside a file, anywhere
        ("screenshot shot.gif", "line 2: a screenshot is a PNG file"),
        ("wait -5", "line 2: -5 must be 0 or more"),
        ("move 9999 0", "line 2: 9999 must be 0 to 319"),
    ],
)
def test_bad_script_lines_get_one_line_and_exit_1(tmp_path, line, says):
    script = tmp_path / "bad.txt"
    script.write_text(f"wait 1\n{line}\nwait 1\n")
    (tmp_path / "a-file").write_text("not a folder")
    result = run("--headless", "--script", str(script), cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith(f"amigasweeper: {says}")
    assert result.stderr.count("\n") == 1, result.stderr
    assert not list(tmp_path.glob("shot*"))


@pytest.mark.skipif(os.name == "nt", reason="Windows' rules split every text: an open quote ends with it")
def test_a_malformed_args_variable_gets_one_line(tmp_path):
    code = "from amigasweeper.__main__ import main_from_environment as m; raise SystemExit(m())"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
        env=clean_env(AMIGASWEEPER_ARGS='--headless --script "unclosed.txt'),
    )
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1
    assert "AMIGASWEEPER_ARGS" in result.stderr and "No closing quotation" in result.stderr


def test_an_empty_data_dir_is_refused():
    result = run("--data-dir", "", "--headless", "--script", "x.txt")
    assert result.returncode == 2
    assert "--data-dir needs a folder name" in result.stderr
    assert "Traceback" not in result.stderr


def test_an_unusable_data_dir_is_reported_at_start_in_one_line(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("mine")
    script = tmp_path / "one.txt"
    script.write_text("wait 1\nkey amiga E\n")
    result = run("--headless", "--script", str(script), "--data-dir", str(blocker / "data"))
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "is not a folder" in lines[0] and "kept only until" in lines[0]
    assert blocker.read_text() == "mine"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_for_best_times_does_not_hang_the_start(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / BEST_TIMES_FILE)
    script = tmp_path / "one.txt"
    script.write_text("expect state ready\n")
    result = run("--headless", "--script", str(script), "--data-dir", str(data))
    assert result.returncode == 0, result.stderr
    assert (data / BEST_TIMES_FILE).is_file()
    assert [p.is_fifo() for p in data.glob(f"{BEST_TIMES_FILE}.damaged-*")] == [True]

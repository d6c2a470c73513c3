"""--narration-log and --narrator in `amigasweeper --text`: the log holds
what the terminal shows, line for line, with no voice at all; with a voice
(a fake espeak-ng on PATH) the same lines are spoken by one long-lived
process; with none, the opening line says why and the log still works."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from .text_run import TextRun, clean_env

pytestmark = pytest.mark.slow  # real processes
FAKES = Path(__file__).resolve().parents[1] / "access" / "fake_programs"
needs_posix = pytest.mark.skipif(sys.platform == "win32", reason="the fake voice is a shell-launched script")


def logged(path: Path) -> list[tuple[str, str]]:
    """(kind, text) of each line of a narration log: '2024-05-01T14:03:09.250 result: 12 squares opened'."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [tuple(line.split(" ", 1)[1].split(": ", 1)) for line in lines]


def play_a_little(run: TextRun) -> list[str]:
    return [run.ask(line) for line in ("go D4", "uncover", "mark A1", "read row 1", "time", "jump")]


def test_the_narration_log_holds_what_the_terminal_shows(tmp_path):
    log = tmp_path / "narration.txt"
    run = TextRun("--seed", "4", "--narration-log", str(log), data=tmp_path / "data")
    try:
        answers = play_a_little(run)
        run.ask("quit")
        assert run.finish() == (0, "")
    finally:
        run.kill()
    lines = logged(log)
    assert [text for _, text in lines] == [run.opening, *answers, "the game is kept as abandoned; goodbye"]
    assert [kind for kind, _ in lines] == ["result", "cursor", "result", "result", "asked", "asked", "result",
                                           "result"]


def test_a_log_that_cannot_be_written_leaves_the_game_playing(tmp_path):
    run = TextRun("--seed", "4", "--narration-log", str(tmp_path), data=tmp_path / "data")  # a folder
    try:
        assert play_a_little(run)[0] == "D4, covered"
        run.ask("quit")
        assert run.finish()[0] == 0
    finally:
        run.kill()


def fake_espeak(folder: Path) -> Path:
    """A folder with an espeak-ng that logs each line it is given to $FAKE_VOICE_LOG."""
    folder.mkdir()
    program = folder / "espeak-ng"
    program.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{FAKES / "fake_espeak.py"}" "$@"\n', encoding="utf-8")
    program.chmod(0o755)
    return folder


@needs_posix
def test_the_narrator_speaks_the_lines_through_one_voice_process(tmp_path):
    voice_log = tmp_path / "voice.log"
    env = clean_env(PATH=str(fake_espeak(tmp_path / "bin")), FAKE_VOICE_LOG=str(voice_log), XDG_RUNTIME_DIR="")
    env.pop("SPEECHD_ADDRESS", None)
    run = TextRun("--seed", "4", "--narrator", data=tmp_path / "data", env=env)
    try:
        assert "no voice" not in run.opening
        assert run.ask("go D4") == "D4, covered"
        # espeak-ng tells no end of a line: the voice waits its estimate of the
        # opening line (some seconds) before it hands over the next one.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (voice_log.exists() and "D4, covered" in voice_log.read_text()):
            time.sleep(0.1)
        run.ask("quit")
        assert run.finish()[0] == 0
    finally:
        run.kill()
    notes = [json.loads(line) for line in voice_log.read_text(encoding="utf-8").splitlines()]
    assert len({note["pid"] for note in notes}) == 1  # one process for the whole game
    spoken = [note["line"] for note in notes if "line" in note]
    assert spoken[0].startswith("AmigaSweeper text mode.") and "D4, covered" in spoken


def test_with_no_voice_the_opening_says_why_and_the_log_still_works(tmp_path):
    log = tmp_path / "narration.txt"
    empty = tmp_path / "empty"
    empty.mkdir()
    env = clean_env(PATH=str(empty), XDG_RUNTIME_DIR="")
    env.pop("SPEECHD_ADDRESS", None)
    run = TextRun("--seed", "4", "--narrator", "--narration-log", str(log), data=tmp_path / "data", env=env)
    try:
        if os.name == "posix" and sys.platform != "darwin":
            assert "no voice: " in run.opening and "espeak-ng is not installed" in run.opening
        run.ask("mines")
        run.ask("quit")
        assert run.finish()[0] == 0
    finally:
        run.kill()
    assert ("counter", "10 mines left") in logged(log)

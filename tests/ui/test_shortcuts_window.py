"""Issue 40: none of Pyxel's own shortcuts acts in AmigaSweeper, in a real
window on an X server, pressed as a player's keys through XTEST
(window_shortcuts.py). Before, Alt-R pressed as one chord started the
program again (a fresh board, the game not recorded), Alt-1 and Alt-3 wrote
a screenshot and a GIF into amigasweeper/ui instead of choosing Completion,
Right-Amiga-X and -Q typed "x" and "q" in a string gadget, and Right-Amiga
chords quicker than a frame were lost."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from window_input import missing as xtest_missing

HELPER = Path(__file__).with_name("window_shortcuts.py")
ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("xvfb-run") is None,
                       reason="no xvfb-run (Debian: apt-get install xvfb xauth libgl1-mesa-dri; .ci/run does)"),
    pytest.mark.skipif(shutil.which("xwd") is None, reason="no xwd (Debian: apt-get install x11-apps; .ci/run does)"),
    pytest.mark.skipif(xtest_missing() is not None, reason=str(xtest_missing())),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the SDL event filter is Linux's"),
]


def play(tmp_path: Path, scenario: str) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("AMIGASWEEPER_ARGS", "SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY", "XDG_CONFIG_HOME",
                        "XDG_DESKTOP_DIR")}
    env["SDL_AUDIODRIVER"] = "dummy"
    # A home of the run's own, without a desktop folder, where Pyxel would put a capture first.
    env["HOME"] = str(tmp_path / "home")
    (tmp_path / "home").mkdir()
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    command = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", sys.executable, str(HELPER), str(tmp_path), scenario]
    result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)
    reports = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert reports, result.stdout + result.stderr
    restarted = [r for r in reports if "restarted_by" in r]
    assert not restarted, f"the program started itself again (Pyxel's Alt-R): {restarted}"
    assert result.returncode == 0, result.stdout + result.stderr
    (report,) = reports
    return report


@pytest.fixture(scope="module")
def filtered(tmp_path_factory) -> tuple[dict, Path]:
    """One run of the filtered scenario, which three tests read."""
    folder = tmp_path_factory.mktemp("filtered")
    return play(folder, "filtered"), folder


def no_captures(report: dict, data: Path) -> None:
    """Nothing written outside the data folder, and no Pyxel capture at all."""
    assert all(Path(name).is_relative_to(data) for name in report["new_files"]), report["new_files"]
    assert not [name for name in report["new_files"] if Path(name).name.startswith("pyxel-")], report["new_files"]


def test_with_the_filter_every_pyxel_shortcut_is_a_key_of_ours_and_writes_nothing(filtered):
    report, folder = filtered
    assert report["filter"] and report["cwd"] == str(folder / "data")
    wrong = [step for step in report["steps"] if step["got"] != step["wanted"]]
    assert not wrong, wrong  # Alt-1 to -4 choose Completion, Alt-R HighRes, as one chord and played slowly
    assert report["same_game"]  # Alt-8, -9, -0 and Alt-Shift's digits: the game and its clock go on
    assert report["shown_whole"]  # no screen filter, no performance monitor, whole pixels
    assert report["full_screen"] == [False, True, False]  # Alt-Enter is the program's, and still works
    no_captures(report, folder / "data")


def test_right_amiga_chords_quicker_than_a_frame_are_all_taken(filtered):
    report, _ = filtered
    assert report["quick_taken"] == [True] * 20  # Alt let go before the frame is read: still a chord


def test_right_amiga_x_and_q_in_a_string_gadget_clear_and_undo_and_never_type(filtered):
    report, _ = filtered
    assert report["text"] == {
        "start": "8", "typed": "12",  # Custom's Width, typed over
        "after_x": "", "after_x_together": "",  # Right-Amiga-X clears, played slowly and as one chord
        "after_q": "8",  # Right-Amiga-Q: the text as it was when the gadget was activated
        "after_right_alt_x": "",  # the right Alt key is Right-Amiga too
        "after_q_together": "8",
    }
    assert report["still_open"]


def test_without_the_filter_pyxels_restart_is_refused_and_a_capture_lands_in_the_data_folder(tmp_path):
    """Where no filter can be set (Pyxel links SDL in on Windows and macOS),
    Alt-R as one chord reaches Pyxel: its restart is refused and the game
    goes on; Alt-1's screenshot lands in the data folder, never in the
    program's; Alt-9's and Alt-0's changes are undone the next frame."""
    data = tmp_path / "data"
    report = play(tmp_path, "unfiltered")
    assert not report["filter"] and report["refused"] == 1 and report["same_game"]
    assert report["cwd"] == str(data)
    assert all(Path(name).is_relative_to(data) for name in report["new_files"]), report["new_files"]
    assert [Path(name).parent for name in report["new_files"] if Path(name).name.startswith("pyxel-")] == [data]
    assert report["shown_whole_after_alt_9"] and report["corner_kept_after_alt_0"]
    assert report["shown_whole_after_alt_0"] and report["corner_kept_after_alt_9"]


def test_the_program_as_launched_keeps_pyxels_chords_from_pyxel(tmp_path):
    """`python -m amigasweeper --script` in a window, playing for ten
    seconds while Pyxel's Alt-R, Alt-1, Alt-3 and Alt-Shift-0 are pressed on
    the keyboard: the same process plays to the end, and nothing is written
    but the game's own files (before, a screenshot, a GIF and the palette)."""
    report = play(tmp_path, "launched")
    assert report["running_when_pressed"] and report["returncode"] == 0, report["stderr"]
    assert report["played_to_the_end"] and report["seconds"] >= 10
    no_captures(report, tmp_path)
    assert not [name for name in report["new_files"] if not Path(name).is_relative_to(tmp_path)]

"""Every input answered: faults in a frame, scripts that ask the impossible,
an unusable data folder. (Signals, no display and audio: test_processes_cli.py.)"""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.engine import GameStatus
from amigasweeper.storage import SETTINGS_FILE
from amigasweeper.ui.drive.script import ScriptRunner
from amigasweeper.ui.drive.scriptwords import ScriptError
from amigasweeper.ui.faults import MAX_REPORT_FILES, TITLE
from amigasweeper.ui.launch import NO_DISPLAY, display_problem
from amigasweeper.ui.window_options import Options


def test_a_fault_in_a_frame_is_shown_and_the_game_goes_on(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    real_tick = app.mine_window.tick
    calls = []

    def faulty_tick():
        calls.append(1)
        if len(calls) == 1:
            raise ZeroDivisionError("injected for the test")
        real_tick()

    app.mine_window.tick = faulty_tick
    pilot.step()
    requester = app.requesters[-1]
    assert requester.title == TITLE
    text = "".join(requester.lines)
    assert "ZeroDivisionError" in text and "test_reliability.py" in text
    [report] = app.guard.reports
    assert report.parent == tmp_path and report.name.startswith("amigasweeper-fault-")
    assert report.name in text
    assert "injected for the test" in report.read_text() and "Traceback" in report.read_text()
    pilot.key(pyxel.KEY_RETURN)  # the requester closes, the game is there
    assert not app.requesters
    pilot.click_cell(pilot.cell_at(3, 3))
    assert app.game.status is GameStatus.PLAYING
    app.guard.faults.clear()  # seen: the fixture checks that no other test had one


def test_a_fault_in_every_frame_opens_one_requester_and_few_files(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    real_draw = app.screen.draw

    def broken_draw():
        raise RuntimeError("the screen cannot be drawn")

    app.screen.draw = broken_draw
    pilot.step(30)
    assert [r.title for r in app.requesters] == [TITLE]
    assert len(app.guard.faults) == 30
    assert 1 <= len(list(tmp_path.glob("amigasweeper-fault-*.txt"))) <= MAX_REPORT_FILES
    app.screen.draw = real_draw
    pilot.key(pyxel.KEY_RETURN)
    pilot.step(2)
    assert not app.requesters and len(app.guard.faults) == 30
    app.guard.faults.clear()


def test_without_a_data_folder_the_report_goes_to_stderr(make_app, capsys):
    app, pilot = make_app()
    app.mine_window.tick = lambda: 1 / 0
    pilot.step()
    assert app.requesters[-1].title == TITLE
    assert "ZeroDivisionError" in capsys.readouterr().err
    app.guard.faults.clear()
    app.mine_window.tick = lambda: None


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("wait -1", "line 3: -1 must be 0 or more"),
        ("wait ²", "line 3: '²' is not a whole number"),
        ("move 320 10", "line 3: 320 must be 0 to 319"),
        ("move 10 -1", "line 3: -1 must be 0 to 255"),
        ("screenshot shot.jpg", "line 3: a screenshot is a PNG file"),
        ("screenshot a-file/no/such/folder/shot", "line 3: cannot save the screenshot"),  # not /proc: every system
        ("key amiga", "line 3: usage"),
    ],
)
def test_script_lines_that_ask_the_impossible_name_the_line(app_pilot, tmp_path, line, says):
    app, _ = app_pilot
    runner = ScriptRunner(app, base=tmp_path)
    (tmp_path / "a-file").write_text("not a folder")
    runner.run_line(1, "wait 1")
    runner.run_line(2, "move 10 10")
    with pytest.raises(ScriptError) as caught:
        runner.run_line(3, line)
    assert str(caught.value).startswith(says)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(("name", "saved"), [("plain", "plain.png"), ("upper.PNG", "upper.PNG"), ("dot.png", "dot.png")])
def test_screenshot_names(app_pilot, tmp_path, name, saved):
    app, _ = app_pilot
    ScriptRunner(app, base=tmp_path).run_line(1, f"screenshot {name}")
    assert [p.name for p in tmp_path.iterdir()] == [saved]


def test_an_unusable_data_folder_is_told_in_a_requester_at_start(make_app, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    app, pilot = make_app(data_dir=blocker / "data")
    requester = app.requesters[-1]
    assert requester.title == "Saved Data"
    assert "is not a folder" in " ".join(requester.lines)
    assert app.help_page() == "Reliability"
    assert app.folder_problem and SETTINGS_FILE not in app.folder_problem
    pilot.key(pyxel.KEY_RETURN)
    pilot.key(pyxel.KEY_M, amiga=True)  # a settings change: no second requester
    assert not app.requesters


@pytest.mark.parametrize(
    ("environ", "platform", "problem"),
    [
        ({}, "linux", NO_DISPLAY),
        ({"DISPLAY": ":0"}, "linux", None),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", None),
        ({"SDL_VIDEODRIVER": "kmsdrm"}, "linux", None),
        ({}, "win32", None),
        ({}, "darwin", None),
        ({}, "emscripten", None),
    ],
)
def test_display_problem(environ, platform, problem):
    assert display_problem(Options(), environ, platform) == problem
    assert display_problem(Options(headless=True), environ, platform) is None

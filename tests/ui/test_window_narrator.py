"""The Narrator in the window (issue 32): every kind of line, spoken through a
fake voice from the real program: the cursor's square, what a move did, marks
and the counter, the time and the state when asked, a row, a column and a
neighbourhood, the end of a game, menu items as they are walked, requesters
and their buttons. Settings > Narrator is kept with the settings, --narrator
is not, and Settings tells why no voice speaks."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.access.narrator import NarrationLog
from amigasweeper.access.voices.base import NoVoice
from amigasweeper.access.words.boardreading import board_lines
from amigasweeper.access.words.reading import row_runs_line
from amigasweeper.engine import GameStatus
from amigasweeper.ui.game.menudefs import Command
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.narrator import windownarration as narrator_window


class FakeVoice:
    """Finishes every line at once and keeps what it was given."""

    name = "fake"
    problem = None
    cuts = True

    def __init__(self) -> None:
        self.said: list[str] = []
        self.closed = False

    def speak(self, text: str) -> None:
        self.said.append(text)

    def stop(self) -> None:
        pass

    def speaking(self) -> bool:
        return False

    def close(self) -> None:
        self.closed = True


class Lines:
    """A log writer keeping every line, with its kind."""

    problem = None

    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []

    def append(self, data: bytes) -> None:
        for line in data.decode().splitlines():
            kind, text = line.split(" ", 1)[1].split(": ", 1)
            self.lines.append((kind, text))

    def close(self) -> None:
        pass

    def take(self) -> list[tuple[str, str]]:
        taken, self.lines = self.lines, []
        return taken


@pytest.fixture
def voice(monkeypatch):
    fake = FakeVoice()
    monkeypatch.setattr(narrator_window, "system_voice", lambda: fake)
    return fake


@pytest.fixture
def narrated(make_app, voice):
    app, pilot = make_app(narrator=True)
    log = Lines()
    app.narration.narrator.log = NarrationLog(log, interval=0)
    return app, pilot, log, voice


STILL_FRAMES = 20  # a third of a second: the keys still long enough for the cursor's line to be said


def heard(app, pilot, log):
    pilot.step(3)
    app.narration.narrator.log.flush()
    return log.take()


def test_the_cursor_moves_and_reads_are_said(narrated):
    app, pilot, log, voice = narrated
    heard(app, pilot, log)
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_RIGHT)
    assert heard(app, pilot, log) == [("cursor", "A1, covered"), ("cursor", "B1, covered")]
    assert "B1, covered" not in voice.said, "the keys have not been still for a quarter of a second yet"
    pilot.step(STILL_FRAMES)
    assert voice.said[-1] == "B1, covered" and "A1, covered" not in voice.said
    for key, kind, start in [
        (pyxel.KEY_R, "asked", "row 1: all covered"),
        (pyxel.KEY_K, "asked", "column B: all covered"),
        (pyxel.KEY_F, "asked", "frontier: none, no uncovered number"),
        (pyxel.KEY_N, "asked", "around B1, covered: A1 covered"),
        (pyxel.KEY_T, "asked", "0 seconds: the clock starts"),
        (pyxel.KEY_S, "asked", "playing, 10 mines left, 0 seconds"),
        (pyxel.KEY_W, "cursor", "B1, covered"),
    ]:
        pilot.key(key)
        (line,) = heard(app, pilot, log)
        assert line[0] == kind and line[1].startswith(start), line
        pilot.step(STILL_FRAMES)
        assert voice.said[-1] == line[1]


def test_moves_marks_and_the_end_are_said(narrated):
    app, pilot, log, voice = narrated
    game = app.game
    pilot.key(pyxel.KEY_DOWN)
    for _ in range(3):
        pilot.key(pyxel.KEY_DOWN)
        pilot.key(pyxel.KEY_RIGHT)
    heard(app, pilot, log)
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    (line,) = heard(app, pilot, log)
    assert line[0] == "result" and (line[1].endswith("squares opened") or line[1].startswith("D4, "))
    covered = next(c for c in game.topology.cells() if not game.is_open(c))
    app.mine_window.cursor.cell = covered
    pilot.key(pyxel.KEY_RETURN)
    assert heard(app, pilot, log) == [("result", f"{square(app, covered)} marked, 9 mines left")]
    pilot.key(pyxel.KEY_SPACE)  # a marked square is not uncovered: the Narrator says why
    assert heard(app, pilot, log) == [("result", f"{square(app, covered)} is marked: unmark it first")]
    mine = next(c for c in sorted(game.mine_cells()) if game.mark(c) == 0)
    app.mine_window.cursor.cell = mine
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    assert game.status is GameStatus.LOST
    lines = heard(app, pilot, log)
    assert ("end", f"mine at {square(app, mine)}, game lost after {game.seconds} seconds") in [
        (k, t.replace("1 seconds", "1 second")) for k, t in lines] or lines[0][0] == "end"
    assert voice.said[-1].startswith("mine at")


def test_jumps_and_the_frontier_by_keys(narrated):
    app, pilot, log, voice = narrated
    game = app.game
    pilot.key(pyxel.KEY_J)  # the first key only shows the cursor
    pilot.key(pyxel.KEY_J, shift=True)
    assert heard(app, pilot, log)[-1] == ("asked", "none: no number is uncovered yet")
    pilot.key(pyxel.KEY_J)
    assert heard(app, pilot, log) == [("cursor", "B1, covered")] and app.mine_window.cursor.cell == 1
    app.mine_window.cursor.cell = game.topology.index(3, 3)
    pilot.key(pyxel.KEY_SPACE)
    pilot.finish_ripple()
    heard(app, pilot, log)
    numbers = [c for c in game.topology.cells() if 1 <= game.tile(c) <= 8]
    app.mine_window.cursor.cell = game.topology.size - 1
    pilot.key(pyxel.KEY_J, shift=True)
    assert heard(app, pilot, log) == [("cursor", f"{square(app, numbers[0])}, {game.tile(numbers[0])}")]
    assert app.mine_window.cursor.cell == numbers[0], "round from the last square to the first number"
    app.mine_window.cursor.cell = 0
    pilot.key(pyxel.KEY_F)
    ((kind, text),) = heard(app, pilot, log)
    assert kind == "asked" and text.startswith("frontier, ")
    pilot.key(pyxel.KEY_R, shift=True)
    assert heard(app, pilot, log) == [("asked", line) for line in board_lines(game)], "Shift-R on row 1: the whole board"
    pilot.key(pyxel.KEY_R)
    assert heard(app, pilot, log) == [("asked", row_runs_line(game, 0))], "R alone is still the row"


def square(app, cell):
    from amigasweeper.access.words import square_name

    return square_name(app.game.topology, cell)


def test_menu_items_are_said_as_the_menus_are_walked_by_the_mouse(narrated):
    app, pilot, log, voice = narrated
    heard(app, pilot, log)
    pilot.move(40, 4)
    pilot.press(Button.RIGHT)
    pilot.move(8, 4)  # the Game menu's title
    strip = app.menus
    box = strip.panels[0][3][0]
    pilot.move(12, box.y + 2)  # over New
    lines = heard(app, pilot, log)
    assert ("menu", "Game menu, New, Right Amiga N, 1 of 13") in lines
    pilot.move(12, strip.panels[0][3][1].y + 2)
    assert heard(app, pilot, log) == [("menu", "Beginner, checked, Right Amiga B, 2 of 13")]
    pilot.move(200, 200)
    pilot.release(Button.RIGHT)


def test_a_requester_is_said_with_its_buttons(narrated):
    app, pilot, log, voice = narrated
    heard(app, pilot, log)
    pilot.key(pyxel.KEY_C, amiga=True)  # Custom...
    (line,) = [line for line in heard(app, pilot, log) if line[0] == "requester"]
    assert line[0] == "requester" and line[1].startswith("Custom Field requester:")
    assert line[1].endswith("Return chooses OK, Escape chooses Cancel")
    pilot.key(pyxel.KEY_ESCAPE)


def test_settings_narrator_is_kept_and_says_why_no_voice_speaks(make_app, monkeypatch, tmp_path):
    def no_voice():
        raise NoVoice("no voice: espeak-ng is not installed")

    monkeypatch.setattr(narrator_window, "system_voice", no_voice)
    app, pilot = make_app(data_dir=tmp_path)
    assert not app.narration.on and not app.storage.settings.narrator
    item = next(i for m in app.mine_window.menus.menus for i in m.items if i.command is Command.NARRATOR)
    app.commands.select(item)
    pilot.step()
    assert app.narration.on and app.storage.settings.narrator
    (told,) = app.requesters
    assert told.title == "Narrator" and "espeak-ng is not installed" in " ".join(told.lines)
    assert app.narration.why_silent() == "no voice: espeak-ng is not installed"
    pilot.key(pyxel.KEY_ESCAPE)
    app.commands.select(item)
    assert not app.narration.on and not app.storage.settings.narrator


def test_narrator_on_the_command_line_is_not_saved(make_app, voice, tmp_path):
    app, pilot = make_app(data_dir=tmp_path, narrator=True)
    pilot.key(pyxel.KEY_RIGHT)
    pilot.step(STILL_FRAMES)
    assert app.narration.on and "A1, covered" in voice.said
    assert not app.storage.settings.narrator


def test_with_the_narrator_off_nothing_is_said(make_app, voice):
    app, pilot = make_app()
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_SPACE)
    pilot.key(pyxel.KEY_R)
    pilot.step(3)
    assert voice.said == [] and app.narration.narrator.voice is None


def test_a_narration_log_alone_gets_every_line_with_no_voice(make_app, voice, tmp_path):
    import gc

    # The log writes on a thread of its own: earlier tests' apps are collected
    # here first, so no pyxel image of theirs is let go on that thread.
    gc.collect()
    path = tmp_path / "said.log"
    app, pilot = make_app(narration_log=path)
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_T)
    app.narration.narrator.log.flush()
    app.narration.narrator.log.writer.close()
    text = path.read_text()
    assert "cursor: A1, covered" in text and "asked: 0 seconds" in text
    assert voice.said == []


def test_the_menu_walked_by_keys_and_the_gadgets_tab_lights_are_said(narrated):
    app, pilot, log, voice = narrated
    heard(app, pilot, log)
    pilot.key(pyxel.KEY_F10)
    assert heard(app, pilot, log) == [("menu", "Game menu, New, Right Amiga N, 1 of 13")]
    pilot.key(pyxel.KEY_RIGHT)
    assert heard(app, pilot, log) == [("menu", "Completion menu, All Mines Found, not checked, Right Amiga 1, 1 of 4")]
    pilot.key(pyxel.KEY_ESCAPE)
    pilot.key(pyxel.KEY_C, amiga=True)
    heard(app, pilot, log)
    pilot.key(pyxel.KEY_TAB)
    assert heard(app, pilot, log) == [("menu", "Height gadget, 8, 2 of 5")]
    pilot.key(pyxel.KEY_TAB)
    pilot.key(pyxel.KEY_TAB)
    assert heard(app, pilot, log)[-1] == ("menu", "OK button, 4 of 5")
    assert voice.said[-1] == "OK button, 4 of 5"
    pilot.key(pyxel.KEY_ESCAPE)
    pilot.key(pyxel.KEY_ESCAPE)


def test_settings_sub_items_are_said_with_the_item_that_holds_them(narrated):
    app, pilot, log, voice = narrated
    heard(app, pilot, log)
    pilot.key(pyxel.KEY_F10)
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_RIGHT)  # Settings
    assert heard(app, pilot, log)[-1] == ("menu", "Settings menu, Look, sub-items, Right opens them, 1 of 10")
    pilot.key(pyxel.KEY_RIGHT)  # into Look's sub-items
    assert heard(app, pilot, log) == [("menu", "Look: Kickstart 3, checked, Right Amiga K, 1 of 2")]
    pilot.key(pyxel.KEY_ESCAPE)

"""Requesters behave as EasyRequest does: Esc is always the safe answer, Reset asks
first, input that began before a requester opened never reaches the field behind,
and every requester fits the screen, even with a 30-character name."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.engine import GameStatus, LevelName
from amigasweeper.play.ending import BestTimeRow
from amigasweeper.storage import MAX_NAME_LENGTH
from amigasweeper.ui.game import dialogs
from amigasweeper.ui.game.dialogs import RESET_QUESTION
from amigasweeper.ui.intuition.atlas import Glyph
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.intuition.modes import ScreenMode
from amigasweeper.ui.intuition.palette import Pen
from amigasweeper.ui.intuition.requester import shorten, wrap

LONG_NAME = "Bartholomew Fitzgerald-Smythe3"  # 30 characters
SAFE_LABELS = {"OK", "Cancel", "Close", "Ready"}


def test_the_long_name_is_thirty_characters():
    assert len(LONG_NAME) == 30


# ------------------------------------------------------------------ Esc is safe
def open_best_times(app, pilot):
    pilot.key(pyxel.KEY_T, amiga=True)
    requester = app.requesters[-1]
    assert requester.title == "Fastest Mine Sweepers"
    return requester


def test_escape_on_best_times_closes_and_keeps_every_record(app_pilot):
    app, pilot = app_pilot
    app.storage.record_time("expert", 120, "Lin")
    requester = open_best_times(app, pilot)
    assert requester.buttons[-1].label == "OK"
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters
    assert app.storage.best_times["expert"].seconds == 120


def test_reset_asks_first_and_cancel_keeps_the_records(app_pilot):
    app, pilot = app_pilot
    app.storage.record_time("expert", 120, "Lin")
    best = open_best_times(app, pilot)
    reset = next(b for b in best.buttons if b.label.startswith("Reset"))
    pilot.click(reset.ax + 3, reset.ay + 3)
    confirm = app.requesters[-1]
    assert confirm is not best and confirm.lines[0] == RESET_QUESTION
    assert [b.label for b in confirm.buttons] == ["Reset", "Cancel"]
    assert app.storage.best_times["expert"].seconds == 120  # nothing changed yet
    pilot.key(pyxel.KEY_ESCAPE)
    assert app.requesters == [best]
    assert app.storage.best_times["expert"].seconds == 120
    # The Cancel button does the same as Esc.
    pilot.click(reset.ax + 3, reset.ay + 3)
    cancel = app.requesters[-1].buttons[-1]
    pilot.click(cancel.ax + 3, cancel.ay + 3)
    assert app.requesters == [best] and app.storage.best_times["expert"].seconds == 120


def test_reset_confirmed_forgets_the_times_and_shows_it(app_pilot):
    app, pilot = app_pilot
    app.storage.record_time("expert", 120, "Lin")
    best = open_best_times(app, pilot)
    reset = best.buttons[0]
    pilot.click(reset.ax + 3, reset.ay + 3)
    confirm_reset = app.requesters[-1].buttons[0]
    pilot.click(confirm_reset.ax + 3, confirm_reset.ay + 3)
    assert app.storage.best_times["expert"].seconds == 999
    assert app.requesters == [best]
    assert not any("Lin" in line for line in best.lines)


def every_requester(app, pilot):
    """Open each of the program's requesters in turn; yield it with a check that
    Esc changed nothing it should not have."""
    before = app.storage.best_times["beginner"].seconds
    board = (app.session.choices.level, app.session.choices.custom, app.game)
    pilot.key(pyxel.KEY_C, amiga=True)
    yield app.requesters[-1], lambda: (app.session.choices.level, app.session.choices.custom, app.game) == board
    pilot.key(pyxel.KEY_T, amiga=True)
    yield app.requesters[-1], lambda: app.storage.best_times["beginner"].seconds == before
    pilot.key(pyxel.KEY_T, amiga=True)
    pilot.click(app.requesters[-1].buttons[0].ax + 3, app.requesters[-1].buttons[0].ay + 3)
    yield app.requesters[-1], lambda: app.storage.best_times["beginner"].seconds == before
    pilot.key(pyxel.KEY_ESCAPE)
    app.commands.open_about()
    yield app.requesters[-1], lambda: not app.requesters
    pilot.key(pyxel.KEY_D, amiga=True)
    yield app.requesters[-1], lambda: app.duels.window is None


def test_escape_is_the_last_button_and_a_safe_one_on_every_requester(app_pilot):
    app, pilot = app_pilot
    app.storage.record_time("beginner", 40, "Ada")
    seen = []
    for requester, unchanged in every_requester(app, pilot):
        seen.append(requester.title)
        assert requester.buttons[-1].label in SAFE_LABELS, requester.title
        pilot.key(pyxel.KEY_ESCAPE)
        assert requester.closed and unchanged(), requester.title
    assert {"Custom Field", "Fastest Mine Sweepers", "Best Times", "Duel"} <= set(seen)


# --------------------------------------------------------------------- modal
def test_a_press_begun_before_a_requester_never_reaches_the_field(app_pilot):
    """Hold the left button on a square, Right-Amiga-C, let go: nothing opens."""
    app, pilot = app_pilot
    cell = pilot.cell_at(3, 3)
    pilot.move(*pilot.cell_xy(cell))
    pilot.press(Button.LEFT)
    assert app.mine_window.field.pressed_cells() == [cell]
    pilot.key(pyxel.KEY_C, amiga=True)
    assert app.requesters
    pilot.release(Button.LEFT)
    assert app.game.status is GameStatus.READY and not app.game.is_open(cell)
    assert app.game.seconds == 0
    pilot.key(pyxel.KEY_ESCAPE)
    pilot.step(90)
    assert app.game.status is GameStatus.READY and not app.game.is_open(cell)
    assert app.game.seconds == 0 and app.mine_window.field.pressed_cells() == []


def test_a_right_press_begun_before_a_requester_marks_nothing(app_pilot):
    app, pilot = app_pilot
    cell = pilot.cell_at(2, 2)
    pilot.move(*pilot.cell_xy(cell))
    pilot.press(Button.RIGHT)
    pilot.key(pyxel.KEY_T, amiga=True)
    pilot.release(Button.RIGHT)
    pilot.key(pyxel.KEY_ESCAPE)
    assert app.game.mark(cell) == 0 and not app.menus.is_open


def test_a_press_made_while_a_requester_is_open_never_reaches_the_field_after(make_app):
    """Press on a square behind a requester (ignored), close it with Esc, let go:
    the square stays covered."""
    app, pilot = make_app(level=LevelName.EXPERT)  # a board wider than the requester
    app.commands.tell("Note", ["A short message."])
    pilot.step()
    requester = app.requesters[-1]
    cell = next(c for c in app.game.topology.cells() if not requester.contains(*pilot.cell_xy(c)))
    pilot.move(*pilot.cell_xy(cell))
    pilot.press(Button.LEFT)
    assert app.mine_window.field.pressed_cells() == []
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters
    pilot.release(Button.LEFT)
    assert app.game.status is GameStatus.READY and not app.game.is_open(cell)


# ------------------------------------------------------------ text that fits
def test_wrap_breaks_between_words_and_shortens_a_word_too_long():
    assert wrap("a damaged file was set aside", 12) == ["a damaged", "file was set", "aside"]
    path = "/home/ada/.local/share/besttimes.json.damaged-20261123"
    lines = wrap(f"kept as {path} for you", 20)
    assert all(len(line) <= 20 for line in lines)
    assert "".join(lines[1:-1]) == path  # broken only after "/", "." and "-"
    assert all(line[-1] in "/.-" for line in lines[1:-2])
    # A word with nowhere to break keeps both its ends around an ellipsis.
    assert wrap("Supercalifragilisticexpialidocious", 12) == ["Super" + Glyph.ELLIPSIS.char + "ocious"]
    assert shorten(LONG_NAME, 10) == LONG_NAME[:9] + Glyph.ELLIPSIS.char
    assert shorten("Ada", 10) == "Ada"


def requester_on_screen(requester, screen_w):
    """The requester lies inside the screen, its whole right border drawn (so no
    text ran over it), and every line fits inside its frame."""
    x0, x1 = requester.ax, requester.ax + requester.w - 1
    assert 0 <= x0 and x1 < screen_w, (requester.title, x0, x1)
    for y in range(requester.ay + 1, requester.ay + requester.h):
        assert pyxel.screen.pget(x1, y) == Pen.BLACK, (requester.title, y)
    for line in requester.shown_lines() + requester.message_lines():
        assert len(line) <= requester.room, (requester.title, line)
    for gadget in [*requester.gadgets, *requester.buttons, *requester.cycles]:
        assert requester.ax < gadget.ax and gadget.ax + gadget.w < requester.ax + requester.w


def test_a_thirty_character_name_stops_where_it_fits_and_is_kept(make_app, win_game, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    win_game(app, pilot)
    requester = app.requesters[-1]
    gadget = requester.gadgets[0]
    pilot.key(pyxel.KEY_HOME)
    for _ in range(40):
        pilot.key(pyxel.KEY_DELETE)
    pilot.type(LONG_NAME)
    assert gadget.text == LONG_NAME[: gadget.max_chars]
    assert gadget.max_chars == MAX_NAME_LENGTH and gadget.visible_chars > gadget.max_chars
    requester_on_screen(requester, 320)
    pilot.key(pyxel.KEY_RETURN)
    assert app.storage.best_times["beginner"].name == LONG_NAME[:MAX_NAME_LENGTH]
    best = app.requesters[-1]
    requester_on_screen(best, 320)
    shown = next(line for line in best.shown_lines() if line.startswith("Beginner"))
    assert shown.endswith(Glyph.ELLIPSIS.char) and LONG_NAME[:8] in shown


@pytest.mark.parametrize("mode", [ScreenMode.LOWRES, ScreenMode.HIRES])
def test_every_requester_with_long_names_fits_the_screen(make_app, mode):
    app, pilot = make_app(screen=mode)
    try:
        screen_w = mode.size[0]
        for level in ("beginner", "intermediate", "expert", "custom"):
            app.storage.record_time(level, 10, LONG_NAME)
        app.storage.record_duel(LONG_NAME, "win")
        app.storage.record_duel("computer-hard", "loss")
        app.commands.tell("Saved Data", [
            f"The best times file {'/very/long/folder' * 6}/besttimes.json was damaged and is "
            "kept beside it; a fresh one replaces it."
        ])
        pilot.step()
        requester_on_screen(app.requesters[-1], screen_w)
        pilot.key(pyxel.KEY_ESCAPE)
        size = mode.size
        for requester in (
            dialogs.pass_mouse(LONG_NAME, size, lambda: None),
            dialogs.duel_result(f"{LONG_NAME} wins, 40 to 12 against {LONG_NAME[::-1]}", size, lambda: None, lambda: None),
            dialogs.new_record(BestTimeRow(LevelName.INTERMEDIATE, None), 999, LONG_NAME, size, lambda name: None),
            dialogs.new_record(BestTimeRow(LevelName.CUSTOM, "custom/triangle/no-guess"), 999, LONG_NAME, size,
                               lambda name: None),
        ):
            app.open_requester(requester)
            pilot.step()
            requester_on_screen(requester, screen_w)
            pilot.key(pyxel.KEY_ESCAPE)
            assert requester.closed
        for _, _ in every_requester(app, pilot):
            pilot.step()
            requester = app.requesters[-1]
            for gadget in requester.gadgets:
                requester.focus(gadget)
                pilot.type(LONG_NAME)
            pilot.step()
            requester_on_screen(requester, screen_w)
            pilot.key(pyxel.KEY_ESCAPE)
    finally:
        app.resize_screen(ScreenMode.LOWRES)


def test_best_times_show_the_duel_tallies(app_pilot):
    app, pilot = app_pilot
    app.storage.record_duel("computer-hard", "win")
    app.storage.record_duel("computer-hard", "loss")
    app.storage.record_duel("Grace", "draw")
    best = open_best_times(app, pilot)
    text = best.shown_lines()
    assert any(line.startswith("Computer (Hard)") and line.split()[-3:] == ["1", "1", "0"] for line in text)
    assert any(line.startswith("Grace") and line.split()[-3:] == ["0", "0", "1"] for line in text)


def test_best_times_leave_out_the_drawn_column_when_no_duel_was_drawn(app_pilot):
    # The Duel's points make a draw impossible, so an always-0 column would only
    # be noise; a file that holds draws (from elsewhere) still shows them above.
    app, pilot = app_pilot
    app.storage.record_duel("computer-hard", "win")
    app.storage.record_duel("Grace", "loss")
    text = open_best_times(app, pilot).shown_lines()
    header = next(line for line in text if line.startswith("Duels against"))
    assert header.split()[-2:] == ["won", "lost"]
    assert any(line.startswith("Grace") and line.split()[-2:] == ["0", "1"] for line in text)


def test_duel_setup_leaves_no_empty_row_for_a_second_player(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_D, amiga=True)
    requester = app.requesters[-1]
    mode, strength = requester.cycles
    first, second = requester.gadgets
    height_vs_computer = requester.h
    pilot.click(mode.ax + mode.label_w + 3, mode.ay + 3)
    assert mode.value == "Player vs Player" and not strength.visible
    assert first.ay == mode.ay + mode.h + 3  # the player's row follows the mode's at once
    assert requester.h == height_vs_computer - strength.h - 3
    assert second.ay + second.h < requester.buttons[0].ay


def test_cycle_gadgets_show_the_cycle_glyph(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_D, amiga=True)
    mode = app.requesters[-1].cycles[0]
    x, y = mode.ax + mode.label_w + 3, mode.ay + 3
    ink = [(dx, dy) for dy in range(8) for dx in range(8) if pyxel.screen.pget(x + dx, y + dy) == Pen.BLACK]
    # The circular arrow: ink in its top row and its bottom row, none in its
    # middle (a ring, not the old solid down arrow).
    assert any(dy == 0 for _, dy in ink) and any(dy == 7 for _, dy in ink)
    assert (3, 3) not in ink


def test_a_message_too_long_for_the_screen_is_cut_and_still_fits(app_pilot):
    app, pilot = app_pilot
    app.commands.tell("Saved Data", [f"Problem number {n} was found in the file and set right." for n in range(40)])
    pilot.step()
    requester = app.requesters[-1]
    assert requester.ay + requester.h <= 256
    assert requester.shown_lines()[-1].endswith(Glyph.ELLIPSIS.char)
    requester_on_screen(requester, 320)
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters


def test_long_names_in_the_duel_window_stay_inside_it(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_D, amiga=True)
    requester = app.requesters[-1]
    mode = requester.cycles[0]
    pilot.click(mode.ax + mode.label_w + 3, mode.ay + 3)  # Player vs Player
    for gadget in requester.gadgets:
        requester.focus(gadget)
        pilot.key(pyxel.KEY_HOME)
        for _ in range(30):
            pilot.key(pyxel.KEY_DELETE)
        pilot.type(LONG_NAME)
    names = [g.text for g in requester.gadgets]
    assert all(len(name) == MAX_NAME_LENGTH for name in names)
    requester_on_screen(requester, 320)
    pilot.key(pyxel.KEY_RETURN)
    window = app.duels.window
    assert window is not None and window.players.names == tuple(names)
    pilot.step()
    assert 0 <= window.ax and window.ax + window.w <= 320
    x1 = window.ax + window.w - 1
    assert all(pyxel.screen.pget(x1, y) == Pen.BLACK for y in range(window.ay + 1, window.ay + window.h))


def test_string_gadget_text_keeps_a_pixel_from_its_frame(app_pilot):
    """Custom's gadgets: the ridge (two pixels), a row and a column of space,
    then the text; the space around the text is empty on every side."""
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_C, amiga=True)
    requester = app.requesters[-1]
    requester.focus(None)  # no cursor block
    pilot.move(316, 250)  # and the pointer out of the way
    for gadget in requester.gadgets:
        box_x, box_w = gadget.ax + gadget.label_w, gadget.w - gadget.label_w
        y, h = gadget.ay, gadget.h
        assert pyxel.screen.pget(box_x, y) == Pen.WHITE and pyxel.screen.pget(box_x + 1, y + 1) == Pen.BLACK
        gap_rows = [y + 2, y + h - 3]
        gap_cols = [box_x + 2, box_x + box_w - 3]
        assert {pyxel.screen.pget(x, r) for r in gap_rows for x in range(box_x + 2, box_x + box_w - 2)} == {Pen.GREY}
        assert {pyxel.screen.pget(c, r) for c in gap_cols for r in range(y + 2, y + h - 2)} == {Pen.GREY}
        text_ink = [pyxel.screen.pget(x, r) for r in range(y + 3, y + h - 3) for x in range(box_x + 3, box_x + 3 + 8)]
        assert Pen.BLACK in text_ink  # the first digit is there, inside the space
    pilot.key(pyxel.KEY_ESCAPE)

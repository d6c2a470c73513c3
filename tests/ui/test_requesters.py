"""Requesters: Custom (good and bad input), Best Times and the new-record flow, settings kept."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.engine import GameStatus, LevelName
from amigasweeper.storage import BEST_TIMES_FILE
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.intuition.modes import ScreenMode


def open_custom(app, pilot):
    pilot.key(pyxel.KEY_C, amiga=True)
    requester = app.requesters[-1]
    assert requester.title == "Custom Field"
    return requester


def retype(pilot, requester, index, text):
    requester.focus(requester.gadgets[index])
    pilot.key(pyxel.KEY_END)
    for _ in range(6):
        pilot.key(pyxel.KEY_BACKSPACE)
    pilot.type(text)


def test_custom_with_good_values_starts_that_board(app_pilot):
    app, pilot = app_pilot
    requester = open_custom(app, pilot)
    retype(pilot, requester, 0, "20")
    pilot.key(pyxel.KEY_TAB)
    assert requester.active_gadget is requester.gadgets[1]
    retype(pilot, requester, 1, "12")
    retype(pilot, requester, 2, "30")
    pilot.key(pyxel.KEY_RETURN)
    assert not app.requesters
    assert (app.game.topology.width, app.game.topology.height, app.game.mines) == (20, 12, 30)
    assert app.session.choices.level is LevelName.CUSTOM
    assert app.storage.settings.custom == (20, 12, 30)


@pytest.mark.parametrize(
    ("field", "text", "says"),
    [
        (0, "abc", "Width 2 to 32"),
        (0, "0", "Width 2 to 32"),
        (0, "33", "Width 2 to 32"),
        (1, "", "Height"),
        (1, "30", "does not fit this screen"),
        (2, "70", "at most 63 mines"),
        # digits str.isdigit() accepts and int() refuses (or should not take)
        (0, "²", "Width 2 to 32"),
        (1, "⑧", "Height 2 to"),
        (2, "¹⁰", "Mines 1 to 63"),
        (0, "٣", "Width 2 to 32"),
        (1, "1_0", "Height 2 to"),
        (2, "9" * 5, "Mines 1 to 63"),
    ],
)
def test_custom_refuses_bad_values_says_what_is_allowed_and_keeps_the_text(app_pilot, field, text, says):
    app, pilot = app_pilot
    requester = open_custom(app, pilot)
    retype(pilot, requester, field, text)
    pilot.key(pyxel.KEY_RETURN)
    assert app.requesters and app.requesters[-1] is requester
    assert says in requester.message
    assert requester.gadgets[field].text == text
    assert app.session.choices.level is LevelName.BEGINNER


def test_custom_cancel_with_escape_and_the_button(app_pilot):
    app, pilot = app_pilot
    open_custom(app, pilot)
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters
    requester = open_custom(app, pilot)
    cancel = requester.buttons[-1]
    pilot.click(cancel.ax + 3, cancel.ay + 3)
    assert not app.requesters and app.session.choices.level is LevelName.BEGINNER


def test_32x32_fits_only_in_hires(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_R, amiga=True)
    requester = open_custom(app, pilot)
    retype(pilot, requester, 0, "32")
    retype(pilot, requester, 1, "32")
    retype(pilot, requester, 2, "1023")
    pilot.key(pyxel.KEY_RETURN)
    assert not app.requesters and app.game.topology.size == 1024 and app.game.mines == 1023
    window = app.mine_window
    assert window.y + window.h <= 512


def test_changing_custom_forgets_the_custom_best_time(app_pilot):
    app, pilot = app_pilot
    app.storage.record_time("custom", 50, "Ada")
    requester = open_custom(app, pilot)
    retype(pilot, requester, 0, "10")
    pilot.key(pyxel.KEY_RETURN)
    assert app.storage.best_times["custom"].seconds == 999


def test_new_record_asks_for_a_name_and_shows_best_times(make_app, win_game, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    pilot.step(70)
    win_game(app, pilot)
    assert app.game.status is GameStatus.WON
    requester = app.requesters[-1]
    assert requester.title == "Congratulations"
    pilot.type("Ada")
    pilot.key(pyxel.KEY_RETURN)
    assert app.requesters[-1].title == "Fastest Mine Sweepers"
    assert any("Ada" in line for line in app.requesters[-1].lines)
    pilot.key(pyxel.KEY_RETURN)
    assert app.storage.best_times["beginner"].name == "Ada"
    assert (tmp_path / BEST_TIMES_FILE).exists()
    # A slower win is no record: no requester.
    app.session.new_game()
    app.storage.record_time("beginner", 0, "Speedy")
    win_game(app, pilot)
    assert app.game.status is GameStatus.WON
    assert not app.requesters


def test_the_name_requester_offers_the_last_name(make_app, win_game, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    app.storage.change_settings(last_name="Grace")
    win_game(app, pilot)
    assert app.game.status is GameStatus.WON
    assert app.requesters[-1].gadgets[0].text == "Grace"


def test_best_times_reset(app_pilot):
    app, pilot = app_pilot
    app.storage.record_time("expert", 120, "Lin")
    pilot.key(pyxel.KEY_T, amiga=True)
    requester = app.requesters[-1]
    assert any("Lin" in line for line in requester.lines)
    reset = requester.buttons[0]
    pilot.click(reset.ax + 3, reset.ay + 3)
    assert app.storage.best_times["expert"].seconds == 120  # Reset asks first
    pilot.key(pyxel.KEY_RETURN)  # the confirmation's first button: Reset
    assert app.storage.best_times["expert"].seconds == 999
    assert not any("Lin" in line for line in requester.lines)


def test_settings_are_restored_at_start(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path, level=None)
    pilot.key(pyxel.KEY_E, amiga=True)
    pilot.key(pyxel.KEY_R, amiga=True)
    pilot.key(pyxel.KEY_M, amiga=True)
    pilot.key(pyxel.KEY_Q, amiga=True)
    again, _ = make_app(data_dir=tmp_path, level=None)
    assert again.session.choices.level is LevelName.EXPERT
    assert again.screen_mode is ScreenMode.HIRES and pyxel.width == 640
    assert again.session.choices.marks is False
    again.resize_screen(ScreenMode.LOWRES)


def test_a_damaged_file_is_set_aside_and_the_player_is_told(make_app, tmp_path):
    (tmp_path / BEST_TIMES_FILE).write_bytes(b"\x00\xffnot json")
    app, pilot = make_app(data_dir=tmp_path)
    requester = app.requesters[-1]
    assert requester.title == "Saved Data"
    assert "damaged" in " ".join(requester.lines)
    assert list(tmp_path.glob(f"{BEST_TIMES_FILE}.damaged-*"))
    pilot.key(pyxel.KEY_RETURN)
    assert not app.requesters


def test_requesters_are_modal(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_T, amiga=True)
    pilot.click_cell(pilot.cell_at(0, 7))
    assert app.game.status is GameStatus.READY
    pilot.move(10, 4)
    pilot.press(Button.RIGHT)
    assert not app.menus.is_open
    pilot.release(Button.RIGHT)
    assert not app.mine_window.active

"""Menus (right button held away from the field), hotkeys, and the check marks."""

from __future__ import annotations

from collections.abc import Hashable  # a Command, or the engine's Shape or Completion (their menu items' commands)

import pytest
import pyxel

from amigasweeper.engine import Completion, GameStatus, LevelName, Shape
from amigasweeper.ui.game.menudefs import MENUS, WALK_ONLY, Command
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.intuition.menus import ItemKind, MenuItem
from amigasweeper.ui.intuition.modes import Look, ScreenMode
from amigasweeper.ui.intuition.palette import Pen

RIGHT = Button.RIGHT


def item_position(app, command: Hashable) -> tuple[int, int, int, MenuItem | None]:
    """(title x, item x, item y, the item holding it as a sub-item or None) of
    a menu item on screen; for a sub-item, the place of the item that holds it."""
    strip = app.menus
    for index, menu in enumerate(MENUS):
        for box in strip.panels[index][3]:
            holder = next((s for s in box.item.sub if s.command is command), None)
            if box.item.command is command or holder is not None:
                x, _, _, _ = strip.panel_rect(index)
                return strip.title_x[index] + 2, x + 20, box.y + 4, box.item if holder else None
    raise KeyError(command)


def choose(app, pilot, command: Hashable) -> None:
    """Hold the right button over the title bar, drag to the item (through
    the item that holds it, for a sub-item), let go."""
    title_x, x, y, holder = item_position(app, command)
    pilot.move(title_x, 4)
    pilot.press(RIGHT)
    pilot.move(title_x, 14)
    pilot.move(x, y)
    if holder is not None:
        sub = app.menus.sub_panel()
        assert sub is not None and app.menus.item is holder
        box = next(b for b in sub.boxes if b.item.command is command)
        pilot.move(sub.left + 4, y)  # across into the sub-item panel, on the holder's row
        pilot.move(sub.left + 20, box.y + 4)
    pilot.release(RIGHT)


def test_right_button_over_the_title_bar_opens_the_strip(app_pilot):
    app, pilot = app_pilot
    pilot.move(10, 4)
    pilot.press(RIGHT)
    assert app.menus.is_open and app.menus.menu_index == 0
    # The strip replaces the screen title; the Game title is complemented (black).
    assert pyxel.screen.pget(app.menus.title_x[0] - 2, 2) == Pen.BLACK
    pilot.move(40, 40)
    assert app.menus.item is not None
    pilot.move(200, 200)  # away from the panel: nothing is highlighted
    assert app.menus.item is None
    pilot.release(RIGHT)
    assert not app.menus.is_open and app.game.status is GameStatus.READY


def test_right_button_over_the_window_header_also_opens_menus(app_pilot):
    app, pilot = app_pilot
    face = app.mine_window.face_gadget
    pilot.move(face.ax - 15, face.ay + 3)
    pilot.press(RIGHT)
    assert app.menus.is_open
    pilot.release(RIGHT)


def test_right_button_over_the_field_never_opens_menus(app_pilot):
    app, pilot = app_pilot
    pilot.move(*pilot.cell_xy(0))
    pilot.press(RIGHT)
    assert not app.menus.is_open
    pilot.release(RIGHT)


def test_highlighted_item_is_complemented(app_pilot):
    app, pilot = app_pilot
    title_x, x, y, _ = item_position(app, Command.EXPERT)
    pilot.move(title_x, 4)
    pilot.press(RIGHT)
    pilot.move(x + 40, y)
    assert app.menus.item.command is Command.EXPERT
    panel_x = app.menus.panel_rect(0)[0]
    assert pyxel.screen.pget(panel_x + 2, y) == Pen.BLACK  # white panel turned black under the pointer
    pilot.release(RIGHT)


@pytest.mark.parametrize(
    ("command", "level", "size"),
    [(Command.INTERMEDIATE, LevelName.INTERMEDIATE, (16, 16)), (Command.EXPERT, LevelName.EXPERT, (32, 16))],
)
def test_choosing_a_level_starts_that_game(app_pilot, command, level, size):
    app, pilot = app_pilot
    choose(app, pilot, command)
    assert app.session.choices.level is level
    assert (app.game.topology.width, app.game.topology.height) == size
    assert app.commands.checked(next(i for m in MENUS for i in m.items if i.command is command))
    assert app.storage.settings.level == level.value


def test_level_items_are_mutually_exclusive(app_pilot):
    app, pilot = app_pilot
    choose(app, pilot, Command.EXPERT)
    level_items = [i for m in MENUS for i in m.items if i.group == "level"]
    assert [i.command for i in level_items if app.commands.checked(i)] == [Command.EXPERT]


def test_marks_toggle_and_completion_choices(app_pilot):
    app, pilot = app_pilot
    choose(app, pilot, Command.MARKS)
    assert app.session.choices.marks is False and app.game.marks_enabled is False
    choose(app, pilot, Completion.BOTH)
    assert app.game.setup.completion is Completion.BOTH
    checked = [i.command for i in MENUS[1].items if app.commands.checked(i)]
    assert checked == [Completion.BOTH]


def test_disabled_items_are_ghosted_and_do_nothing(app_pilot):
    app, pilot = app_pilot
    game = app.game
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.click_cell(min(c for c in game.topology.cells() if game.is_mine(c)))
    assert game.status is GameStatus.LOST
    pause = next(i for m in MENUS for i in m.items if i.command is Command.PAUSE)
    assert not app.commands.enabled(pause)  # nothing to pause once the game is over
    title_x, x, y, _ = item_position(app, Command.PAUSE)
    pilot.move(title_x, 4)
    pilot.press(RIGHT)
    pilot.move(x, y)
    assert app.menus.item is pause
    panel_x, _, panel_w, _ = app.menus.panel_rect(0)
    row = [pyxel.screen.pget(px, y) for px in range(panel_x + 1, panel_x + panel_w - 1)]
    assert Pen.BLACK not in row[:2]  # not complemented: a ghosted item does not light up
    pilot.release(RIGHT)
    assert not game.paused


@pytest.mark.parametrize(
    ("key", "check"),
    [
        (pyxel.KEY_E, lambda app: app.session.choices.level is LevelName.EXPERT),
        (pyxel.KEY_I, lambda app: app.session.choices.level is LevelName.INTERMEDIATE),
        (pyxel.KEY_M, lambda app: app.session.choices.marks is False),
        (pyxel.KEY_T, lambda app: app.requesters[-1].title == "Fastest Mine Sweepers"),
        (pyxel.KEY_C, lambda app: app.requesters[-1].title == "Custom Field"),
        (pyxel.KEY_P, lambda app: app.game.paused),
        (pyxel.KEY_Q, lambda app: app.quit_requested),
        (pyxel.KEY_4, lambda app: app.session.choices.completion is Completion.EITHER),
        (pyxel.KEY_R, lambda app: app.screen_mode is ScreenMode.HIRES and pyxel.width == 640),
    ],
)
def test_right_amiga_hotkeys(app_pilot, key, check):
    app, pilot = app_pilot
    if key == pyxel.KEY_P:
        pilot.click_cell(pilot.cell_at(3, 3))
    pilot.key(key, amiga=True)
    assert check(app)
    if app.screen_mode is ScreenMode.HIRES:
        pilot.key(pyxel.KEY_L, amiga=True)
        assert pyxel.width == 320


def test_new_game_hotkey_and_about_with_question_mark(app_pilot):
    app, pilot = app_pilot
    pilot.click_cell(pilot.cell_at(3, 3))
    old = app.game
    pilot.key(pyxel.KEY_N, amiga=True)
    assert app.game is not old
    pilot.key(pyxel.KEY_SLASH, amiga=True, shift=True)
    about = app.requesters[-1]
    assert about.title == "About MineSweeper"
    text = " ".join(about.lines)
    assert all(m.title in text for m in MENUS) and "Alt" in text and "Command/GUI" in text
    assert about.x >= 0 and about.x + about.w <= pyxel.width and about.y + about.h <= pyxel.height
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters


def test_every_hotkey_is_unique_and_every_menu_command_has_a_handler_or_is_ghosted(app_pilot):
    app, _ = app_pilot
    seen = set()
    for menu in MENUS:
        for item in menu.every_item():
            assert item.command not in seen
            assert item.sub or item.key or item.command in WALK_ONLY, f"{item.label} has no Right-Amiga hotkey"
            seen.add(item.command)
            if item.kind is ItemKind.CHOICE:
                assert item.group
    assert seen == {*Command, *Shape, *Completion}  # the Completion and Board Shape items are the engine's own


def test_look_switch_recolours_numbers(app_pilot):
    app, pilot = app_pilot
    choose(app, pilot, Command.LOOK_KICKSTART2)
    assert app.look is Look.KICKSTART2 and app.storage.settings.look == "kickstart2"
    choose(app, pilot, Command.LOOK_KICKSTART3)
    assert app.look is Look.KICKSTART3


def test_screen_mode_switch_keeps_the_game(app_pilot):
    app, pilot = app_pilot
    pilot.click_cell(pilot.cell_at(3, 3))
    game = app.game
    choose(app, pilot, Command.SCREEN_HIRES)
    assert (pyxel.width, pyxel.height) == (640, 512) and app.game is game
    choose(app, pilot, Command.SCREEN_LOWRES)
    assert (pyxel.width, pyxel.height) == (320, 256) and app.game is game


def test_a_board_too_big_for_lowres_refuses_the_switch(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_R, amiga=True)
    app.session.choose_custom(32, 32, 100)
    pilot.key(pyxel.KEY_L, amiga=True)
    assert pyxel.width == 640
    assert "does not fit" in " ".join(app.requesters[-1].lines)
    pilot.key(pyxel.KEY_RETURN)
    app.session.choose_level(LevelName.BEGINNER)
    pilot.key(pyxel.KEY_L, amiga=True)
    assert pyxel.width == 320


def test_shape_items_follow_what_can_be_drawn(app_pilot):
    app, pilot = app_pilot
    from amigasweeper.ui.game.geometry import supports

    for shape in Shape:  # Board Shape's items are the engine's shapes
        item = next(i for m in MENUS for i in m.every_item() if i.command is shape)
        assert app.commands.enabled(item) == supports(shape)


def test_a_shape_that_does_not_fit_the_screen_is_refused(app_pilot):
    app, pilot = app_pilot
    app.session.choose_custom(32, 24, 100)
    app.commands.choose_shape(Shape.TRIANGLE)  # triangles need more height per row
    assert app.session.choices.shape is Shape.SQUARE
    assert "does not fit" in " ".join(app.requesters[-1].lines)
    pilot.key(pyxel.KEY_RETURN)
    app.commands.choose_shape(Shape.HEX)
    assert app.game.topology.shape is Shape.HEX


def test_quit_in_a_browser_says_how_to_leave(make_app, monkeypatch):
    import sys

    app, pilot = make_app()
    app.options.headless = False  # as in a window, but pyxel.quit must not be reached
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(pyxel, "quit", lambda: pytest.fail("a web page cannot quit"))
    pilot.key(pyxel.KEY_Q, amiga=True)
    assert not app.quit_requested
    assert app.requesters[-1].title == "Quit"


def test_no_guess_boards_from_the_settings_menu_can_be_solved_by_logic(app_pilot):
    from amigasweeper.engine import LayoutKind
    from amigasweeper.solver import is_no_guess

    app, pilot = app_pilot
    pilot.key(pyxel.KEY_E, amiga=True)
    pilot.key(pyxel.KEY_G, amiga=True)
    assert app.session.choices.no_guess and app.storage.settings.no_guess
    game = app.game
    assert game.setup.layout is LayoutKind.NO_GUESS
    first = pilot.cell_at(10, 5)
    pilot.click_cell(first)
    assert is_no_guess(game.topology, game.mine_cells(), first)
    pilot.key(pyxel.KEY_G, amiga=True)
    assert app.game.setup.layout is LayoutKind.RANDOM


def test_no_guess_on_a_board_too_dense_to_prove_tells_the_player(app_pilot, monkeypatch):
    from amigasweeper.engine import LayoutKind
    from amigasweeper.solver import noguess

    ticks = iter(range(10**6))
    monkeypatch.setattr(noguess, "CLOCK", lambda: next(ticks) * 0.05)  # time by work: the limit comes soon
    app, pilot = app_pilot
    app.session.choose_custom(16, 16, 128)
    app.session.set_no_guess(True)
    pilot.step()
    pilot.click_cell(pilot.cell_at(3, 3))
    game = app.game
    assert game.placed and game.setup.layout is LayoutKind.RANDOM  # an honest, ordinary board ...
    requester = app.requesters[-1]
    assert requester.title == "No-Guess Boards"  # ... and the player is told why
    assert game.layout_note and "may need a guess" in game.layout_note and "ran out" in game.layout_note
    pilot.key(pyxel.KEY_RETURN)
    assert not app.requesters


def test_strong_demo_is_a_saved_setting_the_demo_plays_with(make_app, tmp_path, monkeypatch):
    import amigasweeper.play.assist.demo as demo_module

    app, pilot = make_app(data_dir=tmp_path, seed=7)
    item = next(i for m in MENUS for i in m.items if i.command is Command.STRONG_DEMO)
    assert not app.commands.checked(item) and not app.mine_window.hints.demo.strong
    choose(app, pilot, Command.STRONG_DEMO)
    assert app.commands.checked(item) and app.mine_window.hints.demo.strong and app.storage.settings.strong_demo
    asked = []  # the look-ahead each player the Demo makes is given
    real = demo_module.Player
    monkeypatch.setattr(demo_module, "Player", lambda knowledge, look_ahead=None: asked.append(look_ahead) or real(knowledge, look_ahead))
    pilot.key(pyxel.KEY_Y, amiga=True)
    pilot.step(40)
    assert app.game.status is not GameStatus.READY and asked and set(asked) == {True}
    pilot.key(pyxel.KEY_SPACE)
    again, _ = make_app(data_dir=tmp_path, seed=7)  # the setting is kept with the others
    assert again.mine_window.hints.demo.strong
    hints = again.mine_window.hints
    hints.demo.plan = (hints.current.position, 5)  # a guess worked out ahead with the strong setting ...
    assert hints.demo.planned() == 5
    choose(again, _, Command.STRONG_DEMO)
    assert hints.demo.planned() is None  # ... is not played by the default one
    assert not again.mine_window.hints.demo.strong and not again.storage.settings.strong_demo
    asked.clear()
    again.commands.select(next(i for m in MENUS for i in m.items if i.command is Command.DEMO))
    _.step(40)
    assert asked and set(asked) == {None}  # the default player

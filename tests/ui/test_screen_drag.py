"""The screen as Intuition's: dragged down by its title bar (or with
Left-Amiga from anywhere), black above it, its windows going with it and
still taking input; the depth gadget and Left-Amiga-M/-N with the Workbench
the only screen; Intuition's other Left-Amiga keys; which PC keys are which
Amiga key. (That Pyxel no longer restarts the program on Alt-R needs Pyxel's
frames to pass: test_screen_modes_window.py shows it in a real window.)"""

from __future__ import annotations

import pyxel

from amigasweeper.engine import GameStatus
from amigasweeper.ui.intuition import pointer
from amigasweeper.ui.intuition.input import Button, HeldButtons, InputReader
from amigasweeper.ui.intuition.palette import BAR_BLOCK, Pen
from amigasweeper.ui.intuition.screen import BAR_H, SCREEN_DEPTH_W, UNCOVERED

LEFT, RIGHT = Button.LEFT, Button.RIGHT


def drag_screen(pilot, by: int, x: int = 100) -> None:
    pilot.drag((x, 4), (x, 4 + by))


def test_the_title_bar_drags_the_screen_down_live_and_it_stays_there(app_pilot):
    app, pilot = app_pilot
    window = app.mine_window
    before = [pyxel.screen.pget(x, window.ay + 20) for x in range(window.ax, window.ax + window.w)]
    pilot.move(100, 4)
    pilot.press(LEFT)
    pilot.move(100, 44)
    assert app.screen.top == 40  # live, while the button is held
    pilot.release(LEFT)
    assert app.screen.top == 40 and app.screen.drag is None
    assert all(pyxel.screen.pget(x, y) == UNCOVERED == Pen.BLACK for x in (0, 160, 319) for y in (0, 39))
    assert pyxel.screen.pget(100, 40) == BAR_BLOCK  # the bar, now 40 lines down
    shown = [pyxel.screen.pget(x, window.ay + 60) for x in range(window.ax, window.ax + window.w)]
    assert shown == before  # the window went with the screen, pixel for pixel
    assert (window.x, window.y) == (window.x, window.y) and window.ay < 60


def test_the_windows_still_take_input_where_they_are_shown(app_pilot):
    app, pilot = app_pilot
    drag_screen(pilot, 30)
    cell = pilot.cell_at(3, 3)
    x, y = pilot.cell_xy(cell)  # in screen coordinates
    pilot.click(x, y + 30)  # the display's: 30 lines lower
    pilot.finish_ripple()
    assert app.game.is_open(cell) and app.game.status is GameStatus.PLAYING
    pilot.move(x, y + 30)
    assert pointer.position() == (x, y)
    # Above the screen is nothing: a click there reaches no window.
    pilot.click(x, 10)
    assert app.wm.active is app.mine_window


def test_the_title_bar_never_leaves_the_display_and_the_screen_comes_back_up(app_pilot):
    app, pilot = app_pilot
    drag_screen(pilot, 500)
    assert app.screen.top == pyxel.height - BAR_H - 1
    assert pyxel.screen.pget(100, pyxel.height - BAR_H - 1) == BAR_BLOCK
    top = app.screen.top
    pilot.drag((100, top + 4), (100, -50))
    assert app.screen.top == 0


def test_left_amiga_and_the_mouse_drag_the_screen_from_over_a_window(app_pilot):
    app, pilot = app_pilot
    cell = pilot.cell_at(3, 3)
    x, y = pilot.cell_xy(cell)
    app.held.set(pyxel.KEY_LGUI, True)
    pilot.drag((x, y), (x, y + 25))
    app.held.set(pyxel.KEY_LGUI, False)
    pilot.step()
    assert app.screen.top == 25
    assert not app.game.is_open(cell) and app.game.status is GameStatus.READY  # the press was the screen's


def test_the_keyboard_mouse_still_clicks_with_left_amiga_held(app_pilot):
    app, pilot = app_pilot
    cell = pilot.cell_at(3, 3)
    pilot.move(*pilot.cell_xy(cell))
    app.held.set(pyxel.KEY_RCTRL, True)
    app.held.set(pyxel.KEY_LALT, True)  # Left-Amiga with Left-Alt: the left button
    pilot.step()
    app.held.set(pyxel.KEY_LALT, False)
    pilot.step()
    app.held.set(pyxel.KEY_RCTRL, False)
    pilot.step()
    assert app.game.is_open(cell) and app.screen.top == 0


def test_the_depth_gadget_with_only_the_workbench_open_changes_nothing(app_pilot):
    app, pilot = app_pilot
    gadget = (pyxel.width - SCREEN_DEPTH_W // 2, 4)
    pilot.move(200, 200)
    before = [pyxel.screen.pget(x, y) for y in range(BAR_H + 1, pyxel.height, 7) for x in range(0, pyxel.width, 5)]
    pilot.move(*gadget)
    pilot.press(LEFT)
    assert app.screen.depth_held
    assert pyxel.screen.pget(pyxel.width - SCREEN_DEPTH_W + 1, 1) != BAR_BLOCK  # drawn pressed: complemented
    pilot.release(LEFT)
    pilot.move(200, 200)
    after = [pyxel.screen.pget(x, y) for y in range(BAR_H + 1, pyxel.height, 7) for x in range(0, pyxel.width, 5)]
    assert after == before and app.screen.top == 0 and not app.screen.depth_held
    assert pyxel.screen.pget(pyxel.width - SCREEN_DEPTH_W + 1, 1) == BAR_BLOCK


def test_left_amiga_m_and_n_are_intuitions_and_never_reach_the_game(app_pilot):
    app, pilot = app_pilot
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    game, marks = app.game, app.session.choices.marks
    covered = next(c for c in game.topology.cells() if not game.is_open(c))
    pilot.move(*pilot.cell_xy(covered))
    pilot.key(pyxel.KEY_M, left_amiga=True)  # not a mark, not Marks (?)
    pilot.key(pyxel.KEY_N, left_amiga=True)  # not New
    assert game.mark(covered) == 0 and app.session.choices.marks is marks and app.game is game
    pilot.key(pyxel.KEY_M)  # the plain key still marks
    assert game.mark(covered) != 0
    pilot.key(pyxel.KEY_N, amiga=True)  # and Right-Amiga-N is still New
    assert app.game is not game


def test_left_amiga_v_and_b_answer_a_system_requester(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_T, amiga=True)  # Best Times: Reset... and OK
    best = app.requesters[-1]
    pilot.key(pyxel.KEY_V, left_amiga=True)  # the leftmost: Reset..., which asks again
    confirm = app.requesters[-1]
    assert confirm is not best and confirm.owner is best
    pilot.key(pyxel.KEY_B, left_amiga=True)  # the rightmost: Cancel
    assert confirm.closed or confirm not in app.requesters
    pilot.key(pyxel.KEY_B, left_amiga=True)
    assert not app.requesters


def test_the_menus_open_from_the_bar_of_a_dragged_screen(app_pilot):
    app, pilot = app_pilot
    drag_screen(pilot, 20)
    strip = app.mine_window.menus
    pilot.move(strip.title_x[0] + 2, 24)
    pilot.press(RIGHT)
    assert app.open_menus_strip is strip and strip.menu_index == 0
    # The strip is drawn on the screen's bar, 20 lines down, black above it.
    assert pyxel.screen.pget(pyxel.width - 30, 22) == BAR_BLOCK and pyxel.screen.pget(pyxel.width - 30, 19) == UNCOVERED
    pilot.release(RIGHT)
    assert app.screen.top == 20


def test_the_left_gui_key_is_left_amiga_and_the_right_one_right_amiga(pyxel_screen):
    held = HeldButtons()
    reader = InputReader(held)
    for code, right, left in ((pyxel.KEY_LGUI, False, True), (pyxel.KEY_RGUI, True, False),
                              (pyxel.KEY_RCTRL, False, True), (pyxel.KEY_RALT, True, False),
                              (pyxel.KEY_APPLICATION, True, False)):
        held.set(code, True)
        frame = reader.read()
        held.set(code, False)
        reader.read()
        assert (frame.amiga, frame.left_amiga) == (right, left), code

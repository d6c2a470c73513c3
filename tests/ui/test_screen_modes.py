"""A screen mode change closes and reopens the screen at its own size, as
Intuition does: the game, its clock and the windows survive, each window
keeps its size in its own mode's metrics and has its place scaled, the
pointer stays over what it was over, and the settings name the mode shown.
Twenty switches at seeded random moments check it all together."""

from __future__ import annotations

import random

import pytest
import pyxel

from amigasweeper.ui.drive.frameclock import FPS
from amigasweeper.ui.game import dialogs
from amigasweeper.ui.intuition import pointer
from amigasweeper.ui.intuition.atlas import Icon
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.intuition.modes import ScreenMode
from amigasweeper.ui.intuition.palette import BAR_BLOCK
from amigasweeper.ui.intuition.reopen import mark_pointer, pointer_after
from amigasweeper.ui.intuition.window import SCREEN_TOP, scaled_place

LEFT = Button.LEFT
KEYS = {ScreenMode.LOWRES: pyxel.KEY_L, ScreenMode.HIRES: pyxel.KEY_R}


@pytest.fixture
def app_pilot(make_app):
    app, pilot = make_app()
    yield app, pilot
    app.resize_screen(ScreenMode.LOWRES)  # the shared headless screen goes back as the next test expects


def switch(app, pilot, mode: ScreenMode) -> None:
    """Right-Amiga-L or -R, with the game window active."""
    assert app.wm.active is app.mine_window
    pilot.key(KEYS[mode], amiga=True)
    assert app.screen_mode is mode


def activate_game(app, pilot) -> None:
    """A click on a part of the game window's body that shows (away from its
    title bar and the board), the windows in front sent back by their depth
    gadgets if they cover it all."""
    window = app.mine_window
    for _ in range(2 * len(app.wm.windows)):
        spots = [(x, y) for y in range(window.ay + window.inner_y, window.ay + window.h, 3)
                 for x in range(window.ax, window.ax + window.w, 3)
                 if app.wm.window_at(x, y) is window and not window.field.contains(x, y)
                 and not window.face_gadget.contains(x, y)]
        if spots:
            pilot.click(*pointer.display_position(*spots[0]))  # the screen may be dragged down
            break
        app.wm.depth(app.wm.windows[-1])  # as the front window's depth gadget would
    assert app.wm.active is app.mine_window


def start_playing(app, pilot) -> None:
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()


# ----------------------------------------------------------------- windows
def test_a_window_sized_on_each_screen_gets_that_size_back(app_pilot):
    app, pilot = app_pilot
    switch(app, pilot, ScreenMode.HIRES)
    pilot.key(pyxel.KEY_F1)
    viewer = app.viewer
    corner = viewer.size_gadget
    pilot.drag((corner.ax + 5, corner.ay + 5), (corner.ax + 5 + 600 - viewer.w, corner.ay + 5 + 420 - viewer.h))
    assert (viewer.w, viewer.h) == (600, 420)
    activate_game(app, pilot)
    switch(app, pilot, ScreenMode.LOWRES)  # too large for LowRes: it fits the screen
    assert viewer.x + viewer.w <= 320 and viewer.y + viewer.h <= 256 and viewer.y >= SCREEN_TOP
    lowres = (viewer.w, viewer.h)
    switch(app, pilot, ScreenMode.HIRES)
    assert (viewer.w, viewer.h) == (600, 420)  # its HighRes size back
    switch(app, pilot, ScreenMode.LOWRES)
    assert (viewer.w, viewer.h) == lowres


def test_the_game_window_keeps_its_contents_size_in_the_new_metrics(app_pilot):
    app, pilot = app_pilot
    window = app.mine_window
    field = (window.field.w, window.field.h)
    switch(app, pilot, ScreenMode.HIRES)
    assert (window.field.w, window.field.h) == field  # the board's squares are 8 pixels in every mode
    # HighRes metrics: side borders of 4, and wider gadgets, for which the title needs a wider bar.
    assert window.border == 4 and window.w == window.inner_w + 8
    assert window.close_gadget.w == 20 and window.depth_gadget.w == 24


def test_a_window_dragged_to_an_edge_stays_at_that_edge(app_pilot):
    app, pilot = app_pilot
    window = app.mine_window
    pilot.drag((window.ax + 40, window.ay + 4), (window.ax + 40 + 400, window.ay + 4 + 400))
    assert (window.x + window.w, window.y + window.h) == (320, 256)
    switch(app, pilot, ScreenMode.HIRES)
    assert (window.x + window.w, window.y + window.h) == (640, 512)
    pilot.drag((window.ax + 40, window.ay + 4), (window.ax + 40 - 1000, window.ay + 4))
    switch(app, pilot, ScreenMode.LOWRES)
    assert window.x == 0 and window.y + window.h == 256


def test_a_place_is_scaled_by_the_room_beside_the_window():
    assert scaled_place((100, 11, 120, 100), (128, 100), (320, 256), (640, 512)) == (256, 11)
    assert scaled_place((0, 100, 320, 100), (320, 100), (320, 256), (640, 512)) == (0, 11 + round(89 * 401 / 145))


def test_a_closed_game_window_opens_laid_out_for_the_new_screen(app_pilot):
    app, pilot = app_pilot
    window = app.mine_window
    pilot.drag((window.ax + 40, window.ay + 4), (300, 250))  # to the bottom right of LowRes
    pilot.click(window.close_gadget.ax + 3, window.close_gadget.ay + 3)
    assert not app.wm.is_open(window)
    app.resize_screen(ScreenMode.HIRES)  # the game window is not on the screen now
    icon = app.workbench.icon(Icon.MINESWEEPER)
    pilot.click(icon.ax + 16, icon.ay + 8)
    pilot.click(icon.ax + 16, icon.ay + 8)
    assert app.wm.is_open(window) and window.screen_size == (640, 512)
    assert window.border == 4 and (window.x + window.w, window.y + window.h) == (640, 512)


def test_the_screen_reopens_at_the_top_of_the_display(app_pilot):
    app, pilot = app_pilot
    pilot.drag((100, 4), (100, 60))
    assert app.screen.top == 56
    switch(app, pilot, ScreenMode.HIRES)
    assert app.screen.top == 0
    assert pyxel.screen.pget(300, 0) == BAR_BLOCK  # the bar at the top of the display again


# ----------------------------------------------------------------- pointer
def test_the_pointer_stays_over_the_same_square_and_gadget(app_pilot):
    app, pilot = app_pilot
    window = app.mine_window
    cell = pilot.cell_at(5, 2)
    x, y = pilot.cell_xy(cell)
    pilot.move(x + 1, y - 2)
    switch(app, pilot, ScreenMode.HIRES)
    assert window.field.cell_under(*pointer.position()) == cell
    assert pointer.position() == (pilot.cell_xy(cell)[0] + 1, pilot.cell_xy(cell)[1] - 2)
    face = window.face_gadget
    pilot.move(face.ax + 3, face.ay + 7)
    switch(app, pilot, ScreenMode.LOWRES)
    assert pointer.position() == (face.ax + 3, face.ay + 7)


def test_the_pointer_over_the_backdrop_or_the_bar_keeps_its_share_of_the_screen(app_pilot):
    app, pilot = app_pilot
    pilot.move(300, 240)  # the bare backdrop, bottom right
    switch(app, pilot, ScreenMode.HIRES)
    assert pointer.position() == (600, 11 + (240 - 11) * (512 - 11) // (256 - 11))
    pyxel.set_mouse_pos(630, 4)  # the bar, over the depth gadget
    mark = mark_pointer(app.screen)
    app.screen.reopen((320, 256))
    assert pointer_after(mark, app.screen, (640, 512)) == (315, 4)  # still in the bar, over the gadget
    app.screen.reopen((640, 512))


def test_a_press_in_progress_is_let_go_by_the_switch(app_pilot):
    app, pilot = app_pilot
    cell = pilot.cell_at(3, 3)
    pilot.move(*pilot.cell_xy(cell))
    pilot.press(LEFT)
    switch(app, pilot, ScreenMode.HIRES)
    pilot.release(LEFT)
    assert not app.game.is_open(cell) and app.game.moves == []


def test_a_window_drag_in_progress_ends_where_the_window_was(app_pilot):
    app, pilot = app_pilot
    window = app.mine_window
    start = (window.x, window.y)
    pilot.move(window.ax + 40, window.ay + 4)
    pilot.press(LEFT)
    pilot.move(window.ax + 80, window.ay + 60)
    assert app.wm.drag is not None
    pilot.key(pyxel.KEY_R, amiga=True)  # a hotkey mid-drag: the screen reopens, the drag is let go
    assert app.screen_mode is ScreenMode.HIRES and app.wm.drag is None
    pilot.release(LEFT)
    assert not window.moved and window.y == start[1]


# -------------------------------------------------- twenty seeded switches
def open_workbench_note(app, pilot) -> None:
    """A requester of the Workbench's (it blocks only the Workbench): from a
    double-click on the Ram Disk where it shows, else as the Workbench
    would open one (the help viewer covers it on LowRes)."""
    if any(r.owner is app.workbench for r in app.requesters):
        return
    icon = app.workbench.icon(Icon.RAM_DISK)
    spot = (icon.ax + 16, icon.ay + 8)
    if app.wm.window_at(*spot) is app.workbench:
        pilot.click(*pointer.display_position(*spot))
        pilot.click(*pointer.display_position(*spot))
    else:
        note = dialogs.message("Ram Disk", ["A disk of our Workbench."], app.screen_mode.size, lambda: None)
        app.open_requester(note, owner=app.workbench)
    assert app.requesters[-1].owner is app.workbench


def open_duel(app, pilot) -> None:
    if app.duels.window is None:
        pilot.key(pyxel.KEY_D, amiga=True)
        pilot.key(pyxel.KEY_RETURN)


def test_twenty_switches_at_random_moments_keep_the_game_the_clock_and_the_windows(app_pilot):
    app, pilot = app_pilot
    rng = random.Random(31)
    start_playing(app, pilot)
    mode = ScreenMode.LOWRES
    moments = []
    for turn in range(20):
        moment = rng.choice(["mid-game", "requester", "drag", "help", "duel", "menu", "screen dragged"])
        moments.append(moment)
        pilot.step(rng.randint(1, 40))  # the clock runs between switches
        if moment == "requester":
            open_workbench_note(app, pilot)
        elif moment == "help" and app.viewer is None:
            pilot.key(pyxel.KEY_F1)
        elif moment == "duel":
            open_duel(app, pilot)
        elif moment == "screen dragged":
            pilot.drag((60, 4), (60, 4 + rng.randint(5, 100)))
        if moment != "drag":
            activate_game(app, pilot)
        game, moves = app.game, list(app.game.moves)
        seconds, frames = game.seconds, app.frame_clock.frames
        target = ScreenMode.HIRES if mode is ScreenMode.LOWRES else ScreenMode.LOWRES
        if moment == "drag":
            window = app.mine_window
            pilot.move(window.ax + 30, window.ay + 4)
            pilot.press(LEFT)
            pilot.move(window.ax + 30 + rng.randint(-20, 20), window.ay + 4 + rng.randint(0, 30))
            pilot.key(KEYS[target], amiga=True)
            pilot.release(LEFT)
        elif moment == "menu":
            choose_screen_from_the_menu(app, pilot, target)
        else:
            pilot.key(KEYS[target], amiga=True)
        mode = target
        elapsed = (app.frame_clock.frames - frames) / FPS
        where = f"switch {turn + 1} ({moment})"
        assert app.screen_mode is mode and (pyxel.width, pyxel.height) == mode.size, where
        assert (app.screen.w, app.screen.h) == mode.size and app.screen.top == 0, where
        assert app.storage.settings.screen_mode == mode.value, where  # the settings name the mode shown
        assert app.game is game and list(app.game.moves) == moves, where  # same board, same moves
        assert seconds <= app.game.seconds <= seconds + elapsed + 1, where  # not reset, not jumped
        for window in app.wm.windows:
            assert window.screen_size == mode.size, where
            assert 0 <= window.x and window.x + window.w <= mode.size[0] or window.w > mode.size[0], where
            assert SCREEN_TOP <= window.y and window.y + window.h <= mode.size[1] or window.h > mode.size[1], where
        if app.duels.window is not None:
            assert app.wm.is_open(app.duels.window), where
        if rng.random() < 0.4:
            close_what_is_open(app, pilot)
    assert {"mid-game", "requester", "drag", "help", "duel"} <= set(moments)
    close_what_is_open(app, pilot)
    played = next(c for c in app.game.topology.cells() if not app.game.is_open(c) and not app.game.is_mine(c))
    pilot.click_cell(played)  # and the game goes on
    assert app.game.is_open(played)


def choose_screen_from_the_menu(app, pilot, mode: ScreenMode) -> None:
    strip = app.mine_window.menus
    pilot.move(2, 2)
    pilot.press(Button.RIGHT)
    index = next(i for i, m in enumerate(strip.menus) if m.title == "Settings")
    pilot.move(strip.title_x[index] + 2, 4)
    box = next(b for b in strip.panels[index][3] if b.item.label == "Screen Mode")
    x, _, _, _ = strip.panel_rect(index)
    pilot.move(x + 20, box.y + 2)
    sub = strip.sub_panel()  # across into Screen Mode's sub-items, to the mode
    pilot.move(sub.left + 4, box.y + 2)
    pilot.move(sub.left + 20, next(b for b in sub.boxes if b.item.label == mode.label).y + 2)
    pilot.release(Button.RIGHT)


def close_what_is_open(app, pilot) -> None:
    for requester in list(app.requesters):
        requester.close()
    pilot.step()
    if app.viewer is not None:
        app.viewers.closed()
    if app.duels.window is not None:
        app.duels.closed()
    pilot.step()

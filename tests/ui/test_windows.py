"""The window system through the real app: dragging with an outline, one active
window that gets the keys and the menus, depth ordering, the board hidden while
the clock stops, per-window menus, the Workbench and its icons, the keyboard
mouse and the screen's own depth gadget."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.engine import GameStatus
from amigasweeper.ui.intuition.atlas import Icon
from amigasweeper.ui.intuition.gfx import complement
from amigasweeper.ui.intuition.input import POINTER_STEP, POINTER_STEP_FAST, Button
from amigasweeper.ui.intuition.palette import BACKGROUND, FILL, Pen
from amigasweeper.ui.intuition.window import SCREEN_TOP
from amigasweeper.ui.workbench.backdrop import workbench_title

LEFT, RIGHT = Button.LEFT, Button.RIGHT


def click_widget(pilot, widget, button=LEFT):
    pilot.click(widget.ax + 3, widget.ay + 3, button)


def title_pen(window) -> int:
    """The pen of the title bar's fill, just right of the close gadget's border."""
    return pyxel.screen.pget(window.ax + window.close_gadget.w + 1, window.ay + 1)


def start_playing(app, pilot):
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    assert app.game.status is GameStatus.PLAYING


def open_duel(app, pilot):
    pilot.key(pyxel.KEY_D, amiga=True)
    pilot.key(pyxel.KEY_RETURN)
    assert app.duels.window is not None
    return app.duels.window


def choose(app, pilot, title: str, label: str) -> None:
    """Hold the right button, go to a menu title and let go over an item."""
    strip_owner = app.wm.active
    pilot.move(2, 2)
    pilot.press(RIGHT)
    strip = app.menus
    assert strip is strip_owner.menus and strip.is_open
    index = next(i for i, m in enumerate(strip.menus) if m.title == title)
    pilot.move(strip.title_x[index] + 2, 4)
    box = next(b for b in strip.panels[index][3] if b.item.label == label)
    x, _, _, _ = strip.panel_rect(index)
    pilot.move(x + 20, box.y + 2)
    pilot.release(RIGHT)


# --------------------------------------------------------------------- dragging
def test_dragging_the_title_bar_shows_a_complemented_outline_then_moves_the_window(app_pilot):
    app, pilot = app_pilot
    window = app.mine_window
    start = (window.x, window.y)
    grab = (window.ax + 40, window.ay + 4)
    pilot.move(*grab)
    pilot.press(LEFT)
    pilot.move(grab[0] + 30, grab[1] + 50)
    assert (window.x, window.y) == start  # nothing moves while the button is held
    drag = app.wm.drag
    assert (drag.x, drag.y) == (start[0] + 30, start[1] + 50)
    # The outline's bottom edge runs over the grey backdrop: complemented, it is blue.
    bottom = drag.y + window.h - 1
    assert pyxel.screen.pget(drag.x + window.w // 2, bottom) == complement(BACKGROUND) == Pen.BLUE
    pilot.release(LEFT)
    assert (window.x, window.y) == (start[0] + 30, start[1] + 50)
    assert app.wm.drag is None
    assert pyxel.screen.pget(window.ax + window.w // 2, bottom) == Pen.BLACK  # the outline gone, the border there


def test_a_window_cannot_leave_the_screen(app_pilot):
    app, pilot = app_pilot
    window = app.mine_window
    pilot.drag((window.ax + 40, window.ay + 4), (5, 0))  # up over the screen bar and off the left
    assert window.y == SCREEN_TOP and window.x == 0
    pilot.drag((window.ax + 40, window.ay + 4), (319, 255))
    assert window.x + window.w == pyxel.width and window.y + window.h == pyxel.height


def test_a_moved_window_keeps_its_place_through_a_new_game_and_pause(app_pilot):
    app, pilot = app_pilot
    window = app.mine_window
    pilot.drag((window.ax + 40, window.ay + 4), (window.ax + 10, window.ay + 40))
    place = (window.x, window.y)
    pilot.key(pyxel.KEY_N, amiga=True)
    start_playing(app, pilot)
    pilot.key(pyxel.KEY_P)
    assert app.game.paused and (window.x, window.y) == place


def test_the_gadgets_do_not_start_a_drag(app_pilot):
    app, pilot = app_pilot
    window = app.mine_window
    pilot.move(window.depth_gadget.ax + 3, window.depth_gadget.ay + 3)
    pilot.press(LEFT)
    assert app.wm.drag is None
    pilot.release(LEFT)


# ------------------------------------------------------------------- activation
def test_one_window_is_active_and_only_it_has_the_filled_title_bar(app_pilot):
    app, pilot = app_pilot
    game_window = app.mine_window
    duel = open_duel(app, pilot)
    assert app.wm.active is duel  # a window that opens is active
    assert [w for w in app.wm.windows if w.active] == [duel]
    assert title_pen(duel) == FILL and title_pen(game_window) == BACKGROUND
    # Drag the duel down so the game window's title bar shows, then click it.
    pilot.drag((duel.ax + 60, duel.ay + 4), (duel.ax + 60, 250))
    pilot.click(game_window.ax + 40, game_window.ay + 30)
    assert app.wm.active is game_window and not duel.active
    assert app.wm.windows[-1] is duel  # a click activates; it does not bring to the front
    assert title_pen(game_window) == FILL and title_pen(duel) == BACKGROUND


def test_keys_go_to_the_active_window_even_when_it_is_behind(app_pilot):
    app, pilot = app_pilot
    start_playing(app, pilot)
    pilot.key(pyxel.KEY_F1)
    viewer = app.viewer
    assert app.game.paused
    pilot.click(viewer.depth_gadget.ax + 3, viewer.depth_gadget.ay + 3)  # the viewer goes behind
    assert app.wm.windows[-1] is app.mine_window and app.wm.active is viewer
    top = viewer.navigation.place.top
    pilot.key(pyxel.KEY_DOWN)
    assert viewer.navigation.place.top == top + 1  # the active viewer took the key
    pilot.key(pyxel.KEY_P)
    assert app.game.paused  # P is no key of the viewer's: the game did not resume
    pilot.key(pyxel.KEY_ESCAPE)
    assert app.viewer is None and app.wm.active is app.mine_window
    assert not app.game.paused


def test_a_requester_blocks_its_window_only(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_C, amiga=True)  # Custom...
    requester = app.requesters[-1]
    assert requester.owner is app.mine_window and app.wm.active is requester
    pilot.drag((requester.ax + 30, requester.ay + 4), (requester.ax + 30, 200))  # requesters move too
    game_window = app.mine_window
    pilot.click(game_window.ax + 40, game_window.ay + 4)
    assert app.wm.active is requester and app.wm.windows[-1] is requester  # the click went to the requester
    assert game_window.y == 16  # and started no drag
    icon = app.workbench.icon(Icon.RAM_DISK)
    pilot.click(icon.ax + 16, icon.ay + 8)
    assert app.wm.active is app.workbench and icon.selected  # the Workbench is not blocked
    pilot.click(requester.ax + 30, requester.ay + 20)
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters and app.wm.active is game_window


# ------------------------------------------------------------------------ depth
def test_depth_gadget_sends_the_front_window_back_and_brings_a_back_one_forward(app_pilot):
    app, pilot = app_pilot
    game_window = app.mine_window
    duel = open_duel(app, pilot)
    assert app.wm.windows == [app.workbench, game_window, duel]
    pilot.click(duel.depth_gadget.ax + 3, duel.depth_gadget.ay + 3)
    assert app.wm.windows == [app.workbench, duel, game_window]  # behind everything but the backdrop
    assert app.wm.active is duel  # depth does not change the active window
    pilot.click(duel.depth_gadget.ax + 3, duel.depth_gadget.ay + 3)
    assert app.wm.windows == [app.workbench, game_window, duel]


# ------------------------------------------------------------------ hidden board
@pytest.mark.parametrize("stopper", ["viewer", "duel", "pause"])
def test_the_board_is_hidden_whenever_the_clock_stops(app_pilot, stopper):
    app, pilot = app_pilot
    start_playing(app, pilot)
    field = app.mine_window.field
    if stopper == "viewer":
        pilot.key(pyxel.KEY_F1)
        front = app.viewer
    elif stopper == "duel":
        front = open_duel(app, pilot)
    else:
        pilot.key(pyxel.KEY_P)
        front = None
    assert app.game.paused and not field.visible
    if front is not None:  # sent behind the game window, it still hides the board
        pilot.click(front.depth_gadget.ax + 3, front.depth_gadget.ay + 3)
        assert app.wm.windows[-1] is app.mine_window
    pilot.move(300, 240)
    window = app.mine_window
    assert window.h == window.layout.paused_h + window.inner_y + 2  # shrunk as in Pause
    below = window.ay + window.h + 1
    assert below < field.ay + 20
    assert all(pyxel.screen.pget(x, field.ay + 20) == BACKGROUND for x in range(field.ax, field.ax + field.w))


# ------------------------------------------------------------------------ menus
def test_each_window_has_its_own_menus(app_pilot):
    app, pilot = app_pilot
    assert [m.title for m in app.menus.menus][:2] == ["Game", "Completion"]
    pilot.key(pyxel.KEY_F1)
    pilot.move(2, 2)
    pilot.press(RIGHT)
    assert [m.title for m in app.menus.menus] == ["Project", "Navigate", "Search"]
    pilot.release(RIGHT)
    viewer = app.viewer
    viewer.scroll_to(3)
    choose(app, pilot, "Navigate", "Index")
    assert viewer.navigation.place.node.name == "Index"
    choose(app, pilot, "Navigate", "Retrace")
    assert viewer.navigation.place.node.name != "Index"
    pilot.key(pyxel.KEY_C, amiga=True)  # a viewer hotkey: Contents, not the game's Custom
    assert viewer.navigation.place.node.name == "Main" and not app.requesters


def test_the_duel_window_menus_start_a_new_duel_and_close(app_pilot):
    app, pilot = app_pilot
    duel = open_duel(app, pilot)
    choose(app, pilot, "Duel", "New Duel...")
    assert app.requesters[-1].title == "Duel" and app.requesters[-1].owner is duel
    pilot.key(pyxel.KEY_ESCAPE)
    pilot.key(pyxel.KEY_K, amiga=True)
    assert app.duels.window is None and app.wm.active is app.mine_window


def test_the_viewer_opens_a_guide_from_a_typed_path(app_pilot, tmp_path):
    app, pilot = app_pilot
    guide = tmp_path / "Mine.guide"
    guide.write_text('@database Mine.guide\n@node Main "Mine"\nHello from a typed path.\n@endnode\n')
    pilot.key(pyxel.KEY_F1)
    viewer = app.viewer
    choose(app, pilot, "Project", "Open...")
    requester = app.requesters[-1]
    assert requester.owner is viewer
    gadget = requester.file_gadget  # the ASL file requester: a path typed in its File gadget
    gadget.text, gadget.cursor = "", 0
    pilot.type(str(tmp_path / "Nothing.guide"))
    pilot.key(pyxel.KEY_RETURN)
    assert requester.note and app.requesters  # said, and kept open
    gadget.text, gadget.cursor = "", 0
    pilot.type(str(guide))
    pilot.key(pyxel.KEY_RETURN)
    assert not app.requesters
    assert app.viewer.navigation.document.source_name == "Mine.guide" and app.wm.active is app.viewer


@pytest.mark.parametrize("where", ["game", "viewer", "duel", "requester", "workbench"])
def test_right_amiga_q_quits_from_every_window(app_pilot, where):
    app, pilot = app_pilot
    if where == "viewer":
        pilot.key(pyxel.KEY_F1)
    elif where == "duel":
        open_duel(app, pilot)
    elif where == "requester":
        pilot.key(pyxel.KEY_T, amiga=True)
    elif where == "workbench":
        icon = app.workbench.icon(Icon.WORKBENCH)
        pilot.click(icon.ax + 16, icon.ay + 8)
        assert app.wm.active is app.workbench
    pilot.key(pyxel.KEY_Q, amiga=True)
    if where == "workbench":  # Workbench's Quit... asks first (issue 40)
        assert not app.quit_requested and app.requesters
        pilot.key(pyxel.KEY_RETURN)
    assert app.quit_requested


def test_right_amiga_q_is_the_string_gadgets_own_while_typing(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_C, amiga=True)  # Custom...: three string gadgets
    pilot.key(pyxel.KEY_Q, amiga=True)
    assert not app.quit_requested and app.requesters


# -------------------------------------------------------------------- Workbench
def test_closing_the_game_window_leaves_the_workbench_and_its_icon_opens_it_again(app_pilot):
    app, pilot = app_pilot
    start_playing(app, pilot)
    click_widget(pilot, app.mine_window.close_gadget)
    assert not app.wm.is_open(app.mine_window) and app.wm.active is app.workbench
    assert not app.quit_requested
    icon = app.workbench.icon(Icon.MINESWEEPER)
    pilot.click(icon.ax + 16, icon.ay + 8)
    assert icon.selected and not app.wm.is_open(app.mine_window)
    sprite_x = icon.ax + (icon.w - 32) // 2
    assert pyxel.screen.pget(sprite_x, icon.ay) == complement(Pen.GREY)  # drawn complemented
    pilot.step(60)  # a second click a second later is no double-click
    pilot.click(icon.ax + 16, icon.ay + 8)
    assert not app.wm.is_open(app.mine_window)
    pilot.click(icon.ax + 16, icon.ay + 8)  # quickly after the last: a double-click
    assert app.wm.is_open(app.mine_window) and app.wm.active is app.mine_window
    assert app.game.status is GameStatus.READY  # a fresh game, as the program started again


def test_a_click_on_the_backdrop_drops_the_selection(app_pilot):
    app, pilot = app_pilot
    icon = app.workbench.icon(Icon.WORKBENCH)
    pilot.click(icon.ax + 16, icon.ay + 8)
    assert icon.selected
    pilot.click(20, 240)
    assert not icon.selected and app.wm.active is app.workbench


def test_the_screen_title_follows_the_active_window(app_pilot):
    app, pilot = app_pilot
    assert "right button" in app.screen_title().lower()  # the newcomer's hint
    pilot.move(2, 2)
    pilot.press(RIGHT)
    pilot.release(RIGHT)
    assert app.screen_title() == "Workbench Screen"
    icon = app.workbench.icon(Icon.WORKBENCH)
    pilot.click(icon.ax + 16, icon.ay + 8)
    assert app.screen_title() == workbench_title()
    assert workbench_title().startswith("Amiga Workbench") and "graphics mem" in workbench_title()


def test_the_workbench_menus_open_the_selected_icon(app_pilot):
    app, pilot = app_pilot
    click_widget(pilot, app.mine_window.close_gadget)
    icon = app.workbench.icon(Icon.MINESWEEPER)
    pilot.click(icon.ax + 16, icon.ay + 8)
    choose(app, pilot, "Icons", "Open")
    assert app.wm.is_open(app.mine_window)


# ------------------------------------------------------------- keyboard mouse
def hold(app, *codes):
    for code in codes:
        app.held.set(code, True)


def let_go(app, *codes):
    for code in codes:
        app.held.set(code, False)


def test_amiga_and_the_cursor_keys_move_the_pointer(app_pilot):
    app, pilot = app_pilot
    pilot.move(100, 100)
    hold(app, pyxel.KEY_LALT, pyxel.KEY_RIGHT)
    pilot.step(3)
    assert (pyxel.mouse_x, pyxel.mouse_y) == (100 + 3 * POINTER_STEP, 100)
    hold(app, pyxel.KEY_LSHIFT, pyxel.KEY_UP)
    pilot.step()
    assert (pyxel.mouse_x, pyxel.mouse_y) == (100 + 3 * POINTER_STEP + POINTER_STEP_FAST, 100 - POINTER_STEP_FAST)
    let_go(app, pyxel.KEY_LALT, pyxel.KEY_RIGHT, pyxel.KEY_LSHIFT, pyxel.KEY_UP)
    pilot.step()
    assert app.viewer is None  # the cursor keys went to the pointer, not to a window


def test_amiga_key_combinations_press_the_mouse_buttons(app_pilot):
    app, pilot = app_pilot
    game = app.game
    cell = pilot.cell_at(3, 3)
    pilot.move(*pilot.cell_xy(cell))
    hold(app, pyxel.KEY_RCTRL, pyxel.KEY_LALT)  # Left-Amiga + Left-Alt: the left button
    pilot.step()
    let_go(app, pyxel.KEY_LALT)
    pilot.step()
    let_go(app, pyxel.KEY_RCTRL)
    assert game.is_open(cell)
    pilot.finish_ripple()
    covered = next(c for c in game.topology.cells() if not game.is_open(c))
    pilot.move(*pilot.cell_xy(covered))
    hold(app, pyxel.KEY_LGUI, pyxel.KEY_RALT)  # Left-Amiga + Right-Alt: the right button
    pilot.step()
    let_go(app, pyxel.KEY_RALT, pyxel.KEY_LGUI)
    pilot.step()
    assert game.mark(covered) != 0
    hold(app, pyxel.KEY_LCTRL, pyxel.KEY_RALT)  # AltGr on Windows: no button at all
    pilot.step()
    assert not app.menus.is_open
    let_go(app, pyxel.KEY_LCTRL, pyxel.KEY_RALT)
    pilot.step()


def test_the_newcomers_hint_goes_for_good_once_a_menu_was_opened(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    assert app.screen_title().startswith("Hold right button: menus")
    pilot.move(2, 2)
    pilot.press(RIGHT)
    pilot.release(RIGHT)
    again, _ = make_app(data_dir=tmp_path)
    assert again.screen_title() == "Workbench Screen"


def test_keys_never_play_a_square_another_window_covers(app_pilot):
    app, pilot = app_pilot
    start_playing(app, pilot)
    icon = app.workbench.icon(Icon.RAM_DISK)
    pilot.click(icon.ax + 16, icon.ay + 8)
    pilot.click(icon.ax + 16, icon.ay + 8)
    note = app.requesters[-1]  # the Workbench's requester: it blocks the Workbench only
    field = app.mine_window.field
    pilot.drag((note.ax + 30, note.ay + 4), (field.ax + 30 + (note.ax + 30 - note.x), field.ay + 20))
    assert app.game.paused  # the clock rule: another window (here the Workbench's requester) is active
    pilot.click(app.mine_window.ax + 40, app.mine_window.ay + 4)
    assert app.wm.active is app.mine_window and app.wm.windows[-1] is note
    assert not app.game.paused
    game = app.game
    covered = next(
        c for c in game.topology.cells()
        if not game.is_open(c) and note.contains(*pilot.cell_xy(c))
    )
    pilot.move(*pilot.cell_xy(covered))
    pilot.key(pyxel.KEY_M)
    assert game.mark(covered) == 0  # the pointer is on the requester, over that square


def test_a_window_that_closes_under_a_held_button_lets_go_of_the_mouse(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_F1)
    contents = next(b for b in app.viewer.buttons if b.label == "Contents")
    pilot.move(contents.ax + 3, contents.ay + 3)
    pilot.press(LEFT)
    assert app.wm.dispatcher.captured is contents
    pilot.key(pyxel.KEY_ESCAPE)
    assert app.viewer is None and app.wm.dispatcher.captured is None
    pilot.release(LEFT)
    pilot.click_cell(pilot.cell_at(3, 3))
    assert app.game.status is GameStatus.PLAYING  # the game has the mouse again


def test_a_disk_icon_says_nothing_on_it_opens_and_esc_leaves_it(app_pilot):
    app, pilot = app_pilot
    icon = app.workbench.icon(Icon.RAM_DISK)
    pilot.click(icon.ax + 16, icon.ay + 8)
    pilot.click(icon.ax + 16, icon.ay + 8)
    requester = app.requesters[-1]
    assert requester.title == "Ram Disk" and requester.owner is app.workbench
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters and app.wm.active is app.workbench


def test_windows_stay_on_a_highres_screen_too(make_app):
    from amigasweeper.ui.intuition.modes import ScreenMode

    app, pilot = make_app(screen=ScreenMode.HIRES)
    try:
        window = app.mine_window
        pilot.drag((window.ax + 40, window.ay + 4), (639, 511))
        assert (window.x + window.w, window.y + window.h) == (640, 512)
        pilot.key(pyxel.KEY_L, amiga=True)  # back to LowRes: the moved window is pulled onto the screen
        assert window.x + window.w <= 320 and window.y + window.h <= 256
    finally:
        app.resize_screen(ScreenMode.LOWRES)


def test_a_requester_asked_from_a_requester_blocks_that_one(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_T, amiga=True)
    best_times = app.requesters[-1]
    reset = best_times.buttons[0]
    pilot.click(reset.ax + 3, reset.ay + 3)
    confirm = app.requesters[-1]
    assert confirm is not best_times and confirm.owner is best_times
    ok = best_times.buttons[-1]
    # Both open at the screen's top left corner: the confirmation is dragged off Best Times' OK.
    pilot.drag((confirm.ax + 30, confirm.ay + 4), (pyxel.width - 1, pyxel.height - 1))
    assert app.wm.window_at(ok.ax + 3, ok.ay + 3) is best_times
    pilot.click(ok.ax + 3, ok.ay + 3)  # Best Times is blocked: its OK does nothing
    assert app.requesters == [best_times, confirm] and app.wm.active is confirm
    game_window = app.mine_window
    pilot.click(game_window.ax + 40, game_window.ay + 4)  # and so is the game window, behind both
    assert app.wm.active is confirm
    pilot.key(pyxel.KEY_ESCAPE)
    assert app.wm.active is best_times
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters and app.wm.active is game_window

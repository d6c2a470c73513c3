"""The Workbench's menus as 3.1's, through the real program: every item that
means something here works (Backdrop, Redraw All, Update All, Last Message,
About, Quit, Open, Select Contents, Clean Up, Snapshot, UnSnapshot,
Information, ResetWB), every other one is ghosted; icons are selected,
dragged and kept where Snapshot puts them, across a restart."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.storage import Storage
from amigasweeper.ui.intuition.atlas import Icon
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.workbench.backdrop import workbench_title
from amigasweeper.ui.workbench.icons import TIDY_LEFT
from amigasweeper.ui.workbench.workbenchcontrol import DISK_NOTE, QUIT_QUESTION
from amigasweeper.ui.workbench.workbenchmenus import GHOSTED, WORKBENCH_MENUS
from amigasweeper.ui.workbench.workbenchmenus import WorkbenchCommand as C

LEFT, RIGHT = Button.LEFT, Button.RIGHT


def on_the_workbench(make_app, **options):
    """The game window closed: the Workbench active, nothing selected, and
    the menus once seen (the newcomer's hint no longer holds the title bar)."""
    app, pilot = make_app(**options)
    close = app.mine_window.close_gadget
    pilot.click(close.ax + 3, close.ay + 3)
    pilot.move(2, 2)
    pilot.press(RIGHT)
    pilot.release(RIGHT)
    assert app.wm.active is app.workbench
    return app, pilot


def click_icon(app, pilot, kind: Icon, *, shift: bool = False) -> None:
    icon = app.workbench.icon(kind)
    if shift:
        app.held.set(pyxel.KEY_LSHIFT, True)
    pilot.click(icon.ax + 16, icon.ay + 8)
    if shift:
        app.held.set(pyxel.KEY_LSHIFT, False)
    pilot.step(40)  # no double-click with the next one


def choose(app, pilot, title: str, label: str, sub: str | None = None) -> None:
    """Hold the right button, go to the menu and the item (and across to a
    sub-item), let go."""
    strip = app.workbench.menus
    pilot.move(2, 2)
    pilot.press(RIGHT)
    index = next(i for i, m in enumerate(strip.menus) if m.title == title)
    pilot.move(strip.title_x[index] + 2, 4)
    box = next(b for b in strip.panels[index][3] if b.item.label == label)
    x, _, w, _ = strip.panel_rect(index)
    pilot.move(x + 20, box.y + 2)
    if sub is not None:
        panel = strip.sub_panel()
        assert panel is not None, f"{label} shows no sub-items"
        sub_box = next(b for b in panel.boxes if b.item.label == sub)
        pilot.move(x + w - 4, box.y + 2)  # across the item to its right end
        pilot.move(panel.left + panel.w - 8, sub_box.y + 2)  # and into the sub-item panel
        assert strip.sub_item is sub_box.item
    pilot.release(RIGHT)


def item(command):
    return next(i for m in WORKBENCH_MENUS for i in m.every_item() if i.command is command)


# ----------------------------------------------------------------- the menus
def test_the_menus_are_3_1s_with_their_keys():
    layout = {m.title: [(i.label, i.key, [s.label for s in i.sub]) for i in m.items] for m in WORKBENCH_MENUS}
    assert [label for label, _, _ in layout["Workbench"]] == [
        "Backdrop", "Execute Command...", "Redraw All", "Update All", "Last Message", "About...", "Quit..."]
    assert [label for label, _, _ in layout["Window"]] == [
        "New Drawer", "Open Parent", "Close", "Update", "Select Contents", "Clean Up", "Snapshot", "Show", "View By"]
    assert [label for label, _, _ in layout["Icons"]] == [
        "Open", "Copy", "Rename...", "Information...", "Snapshot", "UnSnapshot", "Leave Out", "Put Away",
        "Delete...", "Format Disk...", "Empty Trash"]
    assert layout["Tools"] == [("ResetWB", None, [])]
    subs = {label: subs for label, _, subs in layout["Window"] if subs}
    assert subs == {"Snapshot": ["Window", "All"], "Show": ["Only Icons", "All Files"],
                    "View By": ["Icon", "Name", "Date", "Size"]}
    keys = {label: key for menu in layout.values() for label, key, _ in menu if key}
    assert keys == {"Backdrop": "B", "Execute Command...": "E", "About...": "?", "Quit...": "Q", "New Drawer": "N",
                    "Close": "K", "Select Contents": "A", "Clean Up": ".", "Open": "O", "Copy": "C",
                    "Rename...": "R", "Information...": "I", "Snapshot": "S", "UnSnapshot": "U",
                    "Leave Out": "L", "Put Away": "P"}


def test_what_has_no_meaning_here_is_ghosted_and_the_rest_works(make_app):
    app, pilot = on_the_workbench(make_app)
    strip = app.workbench.menus
    ghosted = {i.command for m in WORKBENCH_MENUS for i in m.items if not strip.enabled(i)}
    waiting = {C.OPEN, C.INFORMATION, C.ICON_SNAPSHOT, C.UNSNAPSHOT, C.LAST_MESSAGE}  # nothing selected or said yet
    assert ghosted == set(GHOSTED) | waiting
    assert not strip.enabled(item(C.SNAPSHOT_WINDOW)) and strip.enabled(item(C.SNAPSHOT_ALL))  # a backdrop's box is the screen's
    click_icon(app, pilot, Icon.RAM_DISK)
    assert all(strip.enabled(item(c)) for c in (C.OPEN, C.INFORMATION, C.ICON_SNAPSHOT, C.UNSNAPSHOT))


def test_a_ghosted_item_never_lights_and_a_sub_item_panel_opens_beside_its_item(make_app):
    app, pilot = on_the_workbench(make_app)
    strip = app.workbench.menus
    pilot.move(2, 2)
    pilot.press(RIGHT)
    index = 1  # Window
    pilot.move(strip.title_x[index] + 2, 4)
    box = next(b for b in strip.panels[index][3] if b.item.label == "New Drawer")
    x, _, w, _ = strip.panel_rect(index)
    pilot.move(x + 20, box.y + 4)
    assert strip.item is box.item and strip.chosen() is None
    row = [pyxel.screen.pget(px, box.y + 4) for px in range(x + 1, x + 6)]
    assert 1 not in row[:1]  # not complemented to black: a ghosted item does not light up
    snapshot = next(b for b in strip.panels[index][3] if b.item.label == "Snapshot")
    pilot.move(x + 20, snapshot.y + 2)
    panel = strip.sub_panel()
    assert panel is not None and panel.left > x and panel.left < x + w  # over the panel's right edge
    assert pyxel.screen.pget(panel.left + panel.w - 1, panel.y + 2) == 1  # its black border is drawn
    pilot.release(RIGHT)
    assert not app.requesters


# ---------------------------------------------------------------- the icons
def test_shift_click_select_contents_and_a_click_on_the_backdrop(make_app):
    app, pilot = on_the_workbench(make_app)
    click_icon(app, pilot, Icon.WORKBENCH)
    click_icon(app, pilot, Icon.RAM_DISK, shift=True)
    assert app.workbench.selected_icons() == [Icon.WORKBENCH, Icon.RAM_DISK]
    click_icon(app, pilot, Icon.WORKBENCH, shift=True)  # Shift again: out of the selection
    assert app.workbench.selected_icons() == [Icon.RAM_DISK]
    pilot.key(pyxel.KEY_A, amiga=True)  # Select Contents
    assert app.workbench.selected_icons() == [Icon.WORKBENCH, Icon.RAM_DISK, Icon.MINESWEEPER]
    pilot.click(200, 200)
    assert app.workbench.selected_icons() == []


def test_icons_dragged_to_the_backdrop_move_there_and_clean_up_tidies_them(make_app):
    app, pilot = on_the_workbench(make_app)
    icon = app.workbench.icon(Icon.RAM_DISK)
    start = (icon.x, icon.y)
    pilot.move(icon.ax + 16, icon.ay + 8)
    pilot.press(LEFT)
    pilot.move(icon.ax + 116, icon.ay + 68)
    pilot.move(icon.ax + 136, icon.ay + 88)
    assert (icon.x, icon.y) == start  # while held, only its image follows
    image_x, image_y = icon.ax + 136 + (icon.w - 32) // 2, icon.ay + 88
    drawn = [pyxel.screen.pget(x, y) for x in range(image_x, image_x + 32) for y in range(image_y, image_y + 20)]
    assert sum(pen != 0 for pen in drawn) > 100  # its image is drawn there, over the grey
    pilot.release(LEFT)
    assert (icon.x, icon.y) == (start[0] + 120, start[1] + 80)
    pilot.key(pyxel.KEY_PERIOD, amiga=True)  # Clean Up
    assert (icon.x, icon.y) == start


def test_icons_let_go_over_another_window_stay_where_they_were(app_pilot):
    app, pilot = app_pilot  # the game window open, over the middle of the screen
    icon = app.workbench.icon(Icon.MINESWEEPER)
    start = (icon.x, icon.y)
    window = app.mine_window
    pilot.drag((icon.ax + 16, icon.ay + 8), (window.ax + 40, window.ay + 40))
    assert (icon.x, icon.y) == start


def test_snapshot_keeps_icons_and_the_window_and_they_come_back_at_the_next_start(make_app, tmp_path):
    app, pilot = on_the_workbench(make_app, data_dir=tmp_path)
    icon = app.workbench.icon(Icon.MINESWEEPER)
    pilot.drag((icon.ax + 16, icon.ay + 8), (icon.ax + 176, icon.ay - 20))
    moved = (icon.x, icon.y)
    pilot.key(pyxel.KEY_S, amiga=True)  # Icons > Snapshot: the selected (dragged) icon
    assert ("minesweeper", moved[0], moved[1]) in app.storage.settings.icon_places  # a backdrop's inside is all of it
    choose(app, pilot, "Workbench", "Backdrop")  # a window of its own now
    window = app.workbench
    assert not window.backdrop and window.title == "Workbench" and app.wm.windows[-1] is window
    pilot.drag((window.ax + 40, window.ay + 4), (window.ax + 40 + 30, window.ay + 4 + 20))
    corner = window.size_gadget
    pilot.drag((corner.ax + 5, corner.ay + 5), (corner.ax + 5 - 60, corner.ay + 5 - 50))
    box = window.box()
    choose(app, pilot, "Window", "Snapshot", "Window")
    assert app.storage.settings.workbench_window == box and app.storage.settings.backdrop is False
    again, _ = make_app(data_dir=tmp_path)
    assert not again.workbench.backdrop and again.workbench.box() == box
    wb = again.workbench
    assert wb.places[Icon.MINESWEEPER] == moved  # kept where it was put: past the window's edge ...
    inside = wb.icon(Icon.MINESWEEPER)
    room_w, _ = wb.room()
    assert moved[0] + inside.w > room_w and inside.x - wb.inner_x == moved[0]
    bar = wb.scroll_bars.horizontal
    start, size = bar.knob()
    assert size < bar.w - 4  # ... so the horizontal scroller's knob shows only part of the icons' area
    wb.scroll_across(moved[0])  # scrolled to its end, the icon is whole in sight
    assert wb.view_left == moved[0] + inside.w - room_w and inside.x - wb.inner_x + inside.w == room_w


def test_unsnapshot_forgets_a_kept_place(make_app, tmp_path):
    app, pilot = on_the_workbench(make_app, data_dir=tmp_path)
    icon = app.workbench.icon(Icon.RAM_DISK)
    pilot.drag((icon.ax + 16, icon.ay + 8), (icon.ax + 150, icon.ay + 8))
    pilot.key(pyxel.KEY_S, amiga=True)
    assert [entry[0] for entry in app.storage.settings.icon_places] == ["ram_disk"]
    pilot.key(pyxel.KEY_U, amiga=True)
    assert app.storage.settings.icon_places == ()
    again, _ = make_app(data_dir=tmp_path)
    assert again.workbench.places[Icon.RAM_DISK] == (TIDY_LEFT, again.workbench.places[Icon.RAM_DISK][1])


def test_update_all_takes_in_another_copys_snapshot_and_resetwb_forgets_unkept_moves(make_app, tmp_path):
    app, pilot = on_the_workbench(make_app, data_dir=tmp_path)
    other = Storage(tmp_path)  # another copy of the program, on the same data folder
    other.load()
    assert other.change_settings(icon_places=(("workbench", 150, 100),)) is None
    choose(app, pilot, "Workbench", "Update All")
    assert app.workbench.places[Icon.WORKBENCH] == (150, 100)
    icon = app.workbench.icon(Icon.RAM_DISK)
    pilot.drag((icon.ax + 16, icon.ay + 8), (icon.ax + 216, icon.ay + 8))
    assert app.workbench.places[Icon.RAM_DISK][0] > TIDY_LEFT
    choose(app, pilot, "Tools", "ResetWB")
    assert app.workbench.places[Icon.RAM_DISK][0] == TIDY_LEFT and app.workbench.selected_icons() == []
    assert app.workbench.places[Icon.WORKBENCH] == (150, 100) and app.wm.is_open(app.workbench)


# ------------------------------------------------------ the Workbench menu
def test_redraw_all_draws_the_board_and_the_icons_afresh(app_pilot):
    app, pilot = app_pilot
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    canvas = app.mine_window.canvas
    fresh = [canvas.image.pget(x, y) for y in range(0, 64, 3) for x in range(0, 64, 3)]
    canvas.image.cls(7)  # a disturbance, as 3.1's Redraw All is for
    icon = app.workbench.icon(Icon.WORKBENCH)
    pilot.click(icon.ax + 16, icon.ay + 8)  # the Workbench active, its menus shown
    app.workbench._drawn.cls(4)
    choose(app, pilot, "Workbench", "Redraw All")
    assert [canvas.image.pget(x, y) for y in range(0, 64, 3) for x in range(0, 64, 3)] == fresh
    assert pyxel.screen.pget(icon.ax + 1, icon.ay + 30) != 4


def test_last_message_shows_the_workbenchs_last_word_again(make_app):
    app, pilot = on_the_workbench(make_app)
    icon = app.workbench.icon(Icon.RAM_DISK)
    pilot.click(icon.ax + 16, icon.ay + 8)
    pilot.click(icon.ax + 16, icon.ay + 8)  # a disk: nothing on it opens here
    assert DISK_NOTE in app.screen_title()
    pilot.key(pyxel.KEY_ESCAPE)
    pilot.click(200, 200)
    assert app.screen_title() == workbench_title()
    choose(app, pilot, "Workbench", "Last Message")
    assert app.screen_title() == f"Ram Disk: {DISK_NOTE}"


def test_about_and_quit_asked_first(make_app):
    app, pilot = on_the_workbench(make_app)
    choose(app, pilot, "Workbench", "About...")
    assert app.requesters[-1].title == "About MineSweeper"
    pilot.key(pyxel.KEY_ESCAPE)
    choose(app, pilot, "Workbench", "Quit...")
    asked = app.requesters[-1]
    assert asked.lines == [QUIT_QUESTION] and [b.label for b in asked.buttons] == ["OK", "Cancel"]
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.quit_requested and not app.requesters
    choose(app, pilot, "Workbench", "Quit...")
    pilot.key(pyxel.KEY_RETURN)
    assert app.quit_requested


def test_right_amiga_q_on_the_workbench_asks_as_quit_does(make_app):
    """Issue 40: the Workbench's Right-Amiga-Q quit at once, though its menu
    item asks; now it asks, Cancel keeps the program, OK quits."""
    app, pilot = on_the_workbench(make_app)
    pilot.key(pyxel.KEY_Q, amiga=True)
    asked = app.requesters[-1]
    assert asked.lines == [QUIT_QUESTION] and not app.quit_requested
    pilot.key(pyxel.KEY_ESCAPE)  # Cancel
    assert not app.quit_requested and not app.requesters
    pilot.key(pyxel.KEY_Q, amiga=True)
    pilot.key(pyxel.KEY_RETURN)  # OK
    assert app.quit_requested


def test_right_amiga_q_in_the_game_window_quits_without_asking(app_pilot):
    app, pilot = app_pilot
    assert app.wm.active is app.mine_window
    pilot.key(pyxel.KEY_Q, amiga=True)
    assert app.quit_requested and not app.requesters


def test_backdrop_off_makes_a_window_that_depth_arranges_and_never_closes(app_pilot):
    app, pilot = app_pilot
    icon = app.workbench.icon(Icon.WORKBENCH)
    pilot.click(icon.ax + 16, icon.ay + 8)
    pilot.key(pyxel.KEY_B, amiga=True)  # Backdrop off
    window = app.workbench
    assert not window.backdrop and window.close_gadget is None and window.depth_gadget.visible
    assert app.wm.windows[-1] is window and app.workbench.menus.checked(item(C.BACKDROP)) is False
    pilot.click(window.depth_gadget.ax + 3, window.depth_gadget.ay + 3)
    assert app.wm.windows.index(window) < app.wm.windows.index(app.mine_window)
    pilot.click(window.ax + 30, window.ay + window.h - 8)
    pilot.key(pyxel.KEY_B, amiga=True)  # back to the backdrop
    assert window.backdrop and app.wm.windows[0] is window


@pytest.mark.parametrize("kind", [Icon.WORKBENCH, Icon.MINESWEEPER])
def test_open_from_the_icons_menu(make_app, kind):
    app, pilot = on_the_workbench(make_app)
    click_icon(app, pilot, kind)
    choose(app, pilot, "Icons", "Open")
    if kind is Icon.MINESWEEPER:
        assert app.wm.is_open(app.mine_window) and app.wm.active is app.mine_window
    else:
        assert app.requesters[-1].title == "Workbench"

"""The keyboard's way through the program (issue 32): F10 walks the menus as
MagicMenu's keyboard mode does, Tab lights every gadget of a requester or
window in turn, F9 cycles the windows."""

from __future__ import annotations

from types import SimpleNamespace

import pyxel

from amigasweeper.engine import Completion
from amigasweeper.ui.intuition.gfx import complement
from amigasweeper.ui.intuition.input import Frame
from amigasweeper.ui.intuition.keyfocus import gadgets_of
from amigasweeper.ui.intuition.menuwalk import MenuWalk
from amigasweeper.ui.intuition.palette import BAR_BLOCK
from amigasweeper.ui.intuition.requester import TextButton
from amigasweeper.ui.intuition.stringgadget import StringGadget


def lit(app):
    strip = app.menus
    return strip.menus[strip.menu_index].title, strip.item.label


# ------------------------------------------------------------- the menu walk
def test_f10_opens_the_menus_and_the_cursor_keys_walk_them(app_pilot):
    app, pilot = app_pilot
    pilot.move(300, 240)
    pilot.key(pyxel.KEY_F10)
    assert app.menus.is_open and lit(app) == ("Game", "New")
    title_x = app.menus.title_x[0]
    assert pyxel.screen.pget(title_x - 2, 5) == complement(BAR_BLOCK)  # the title lit, as under the mouse
    pilot.key(pyxel.KEY_DOWN)
    assert lit(app) == ("Game", "Beginner")
    pilot.key(pyxel.KEY_UP)
    pilot.key(pyxel.KEY_UP)  # round to the last item
    assert lit(app) == ("Game", "Quit")
    pilot.key(pyxel.KEY_HOME)
    assert lit(app) == ("Game", "New")
    pilot.key(pyxel.KEY_END)
    assert lit(app) == ("Game", "Quit")
    pilot.key(pyxel.KEY_LEFT)  # round the strip
    assert lit(app) == ("Help", "Manual...")
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_RIGHT)
    assert lit(app) == ("Completion", "All Mines Found")
    assert app.game.status.value == "ready" and not app.mine_window.cursor.shown  # the board took no key


def test_return_chooses_and_esc_leaves_choosing_nothing(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_F10)
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_DOWN)
    pilot.key(pyxel.KEY_DOWN)
    assert lit(app) == ("Completion", "Both")
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.menus.is_open and app.open_menus_strip is None
    assert app.session.choices.completion is not Completion.BOTH
    pilot.key(pyxel.KEY_F10)
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_DOWN)
    pilot.key(pyxel.KEY_DOWN)
    pilot.key(pyxel.KEY_RETURN)
    assert not app.menus.is_open and app.session.choices.completion is Completion.BOTH
    assert not app.quit_requested


def test_a_ghosted_item_cannot_be_chosen_and_a_click_leaves(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_F10)
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_END)
    assert lit(app) == ("Settings", "Window Scale")
    pilot.key(pyxel.KEY_RIGHT)  # into its sub-items
    pilot.key(pyxel.KEY_END)
    item = app.menus.sub_item
    assert item.label == "4x"
    assert not app.menus.enabled(item)  # ghosted: the display cannot hold the window so large
    pilot.key(pyxel.KEY_RETURN)
    assert app.menus.is_open and app.menus.sub_item is item
    pilot.click(300, 240)
    assert not app.menus.is_open


def test_help_while_walking_opens_the_page_of_that_menu(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_F10)
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_F1)
    assert not app.menus.is_open
    assert app.viewer is not None and app.viewer.navigation.place.node.name == "SettingsMenu"


def strip_with_sub_items():
    chosen = []
    sub = (SimpleNamespace(label="One", sub=()), SimpleNamespace(label="Two", sub=()))
    parent = SimpleNamespace(label="Parent", sub=sub)
    plain = SimpleNamespace(label="Plain", sub=())
    strip = SimpleNamespace(
        menus=(SimpleNamespace(title="M", items=(plain, parent)),),
        is_open=False, menu_index=None, item=None, sub_item=None,
        enabled=lambda item: True, on_select=chosen.append,
    )
    strip.open = lambda: setattr(strip, "is_open", True)
    return strip, parent, sub, chosen


def keys(*codes):
    return Frame(0, 0, keys=list(codes))


def test_sub_items_are_entered_with_right_and_left_leaves_them():
    strip, parent, sub, chosen = strip_with_sub_items()
    walk = MenuWalk()
    walk.start(strip)
    walk.update(keys(pyxel.KEY_DOWN))
    assert strip.item is parent
    walk.update(keys(pyxel.KEY_RIGHT))
    assert strip.sub_item is sub[0]
    walk.update(keys(pyxel.KEY_DOWN))
    assert strip.sub_item is sub[1]
    walk.update(keys(pyxel.KEY_LEFT))
    assert strip.sub_item is None and strip.item is parent
    walk.update(keys(pyxel.KEY_RETURN))  # Return on an item with sub-items opens them
    assert strip.sub_item is sub[0] and not chosen
    walk.update(keys(pyxel.KEY_RETURN))
    assert chosen == [sub[0]] and not strip.is_open and not walk.walking


# ----------------------------------------------------------------------- Tab
def test_tab_lights_every_gadget_of_a_requester_in_reading_order(app_pilot):
    app, pilot = app_pilot
    pilot.move(300, 240)
    pilot.key(pyxel.KEY_C, amiga=True)  # Custom...
    requester = app.requesters[-1]
    ring = app.keyboard.ring
    order = gadgets_of(requester)
    assert [g.label.strip() for g in order] == ["Width", "Height", "Mines", "OK", "Cancel"]
    assert requester.active_gadget is order[0] and ring.focused is None
    pilot.key(pyxel.KEY_TAB)
    assert ring.focused is order[1] and requester.active_gadget is order[1]  # typing goes there
    pilot.key(pyxel.KEY_TAB)
    pilot.key(pyxel.KEY_TAB)
    ok = order[3]
    assert ring.focused is ok and isinstance(ok, TextButton) and requester.active_gadget is None
    assert pyxel.screen.pget(ok.ax - 2, ok.ay + 3) == complement(pyxel.screen.pget(ok.ax - 4, ok.ay + 3))
    pilot.key(pyxel.KEY_TAB, shift=True)
    assert ring.focused is order[2] and isinstance(order[2], StringGadget)
    pilot.key(pyxel.KEY_TAB)
    pilot.key(pyxel.KEY_TAB)
    assert ring.focused is order[4]
    pilot.key(pyxel.KEY_SPACE)  # Cancel pressed by the keyboard
    assert requester.closed and not app.requesters


def test_tab_in_the_game_window_lights_the_face_and_space_presses_it(app_pilot):
    app, pilot = app_pilot
    pilot.click_cell(pilot.cell_at(3, 3))
    first = app.game
    pilot.key(pyxel.KEY_TAB)
    assert app.keyboard.ring.focused is app.mine_window.face_gadget
    pilot.key(pyxel.KEY_RETURN)
    assert app.game is not first  # a new game
    pilot.key(pyxel.KEY_TAB)  # round to nothing lit: the board's keys again
    assert app.keyboard.ring.focused is None
    pilot.key(pyxel.KEY_SPACE)
    assert app.mine_window.cursor.shown


def test_esc_puts_the_light_out(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_TAB)
    pilot.key(pyxel.KEY_ESCAPE)
    assert app.keyboard.ring.focused is None and not app.quit_requested


# ----------------------------------------------------------------------- F9
def test_f9_visits_every_window_and_shift_f9_goes_back(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_F, amiga=True)  # Statistics...
    stats = app.stats.window
    assert app.wm.active is stats
    pilot.key(pyxel.KEY_F9)
    assert app.wm.active is app.mine_window and app.wm.windows[-1] is app.mine_window
    pilot.key(pyxel.KEY_F9)
    assert app.wm.active is stats and app.wm.windows[-1] is stats
    pilot.key(pyxel.KEY_F9, shift=True)
    assert app.wm.active is app.mine_window and app.wm.windows[-1] is app.mine_window
    assert app.wm.windows[0] is app.workbench  # the backdrop stays at the back


def test_the_light_goes_with_its_window(app_pilot):
    app, pilot = app_pilot
    app.commands.open_about()
    pilot.step()
    about = app.requesters[-1]
    pilot.key(pyxel.KEY_TAB)
    assert app.keyboard.ring.focused is about.buttons[0]
    about.close()
    pilot.step()
    assert app.keyboard.ring.focused is None

"""Every string gadget edits with Workbench 3.1's keys (RKRM Libraries,
Table 5-1): Shift with the cursor keys to the ends, Shift-Backspace and
Shift-Del to the ends, Right-Amiga-X to clear and Right-Amiga-Q to undo,
driven through the real program (the Custom requester, the file requester)."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.ui.intuition.asl import FileRequester
from amigasweeper.ui.intuition.input import Frame
from amigasweeper.ui.intuition.stringgadget import StringGadget


def open_custom(app, pilot):
    pilot.key(pyxel.KEY_C, amiga=True)  # Game > Custom...
    requester = app.requesters[-1]
    assert requester.title == "Custom Field" and requester.active_gadget is requester.gadgets[0]
    return requester, requester.gadgets[0]


def test_shift_with_the_cursor_keys_goes_to_the_ends(app_pilot):
    app, pilot = app_pilot
    _requester, width = open_custom(app, pilot)
    pilot.type("12")
    assert (width.text, width.cursor) == ("812", 3)
    pilot.key(pyxel.KEY_LEFT, shift=True)
    assert width.cursor == 0
    pilot.type("3")
    assert width.text == "3812"
    pilot.key(pyxel.KEY_RIGHT, shift=True)
    assert width.cursor == 4
    pilot.key(pyxel.KEY_ESCAPE)


def test_shift_backspace_and_shift_del_delete_to_the_ends(app_pilot):
    app, pilot = app_pilot
    _requester, width = open_custom(app, pilot)
    pilot.type("123")  # "8123"
    pilot.key(pyxel.KEY_LEFT)
    pilot.key(pyxel.KEY_LEFT)  # cursor under "2"
    pilot.key(pyxel.KEY_BACKSPACE, shift=True)
    assert (width.text, width.cursor) == ("23", 0)
    pilot.key(pyxel.KEY_RIGHT)
    pilot.key(pyxel.KEY_DELETE, shift=True)
    assert (width.text, width.cursor) == ("2", 1)
    pilot.key(pyxel.KEY_ESCAPE)


def test_right_amiga_x_clears_and_right_amiga_q_undoes_to_the_text_at_activation(app_pilot):
    app, pilot = app_pilot
    requester, width = open_custom(app, pilot)
    pilot.type("0")
    pilot.key(pyxel.KEY_X, amiga=True)
    assert (width.text, width.cursor) == ("", 0) and not app.quit_requested
    pilot.type("16")
    pilot.key(pyxel.KEY_Q, amiga=True)  # undo, not Quit: the gadget has the keys
    assert (width.text, width.cursor) == ("8", 1)
    assert not app.quit_requested and app.requesters == [requester]
    # Another gadget activated keeps its own undo text.
    pilot.key(pyxel.KEY_TAB)
    height = requester.active_gadget
    assert height is requester.gadgets[1]
    pilot.key(pyxel.KEY_X, amiga=True)
    pilot.key(pyxel.KEY_Q, amiga=True)
    assert height.text == "8"
    pilot.key(pyxel.KEY_ESCAPE)
    pilot.key(pyxel.KEY_Q, amiga=True)  # with no gadget active, Right-Amiga-Q quits again
    assert app.quit_requested


def test_altgr_typing_with_the_right_amiga_key_held_types(pyxel_screen):
    """AltGr is the right Alt key, which is also Right-Amiga: a frame that brings
    typed text ("@" from AltGr-Q on a German keyboard) types it."""
    gadget = StringGadget("", "Ada", 10, 10)
    gadget.active = True
    gadget.edit(Frame(0, 0, keys=[pyxel.KEY_Q], amiga=True, text="@"))
    assert gadget.text == "Ada@"
    gadget.edit(Frame(0, 0, keys=[pyxel.KEY_X], amiga=True, text="»"))
    assert gadget.text == "Ada@»"


@pytest.mark.parametrize("limit", [3, 10])
def test_undo_never_overfills_a_gadget_and_activation_fills_the_undo_copy(pyxel_screen, limit):
    gadget = StringGadget("", "abcdef", 10, limit)
    gadget.active = True
    gadget.text, gadget.cursor = "x", 1
    gadget.edit(Frame(0, 0, keys=[pyxel.KEY_Q], amiga=True))
    assert gadget.text == "abcdef"[:limit] and gadget.cursor == len(gadget.text)
    gadget.active = False
    gadget.text = "new"
    gadget.active = True  # activated again: the text of this activation is the undo copy
    gadget.edit(Frame(0, 0, keys=[pyxel.KEY_X], amiga=True))
    gadget.edit(Frame(0, 0, keys=[pyxel.KEY_Q], amiga=True))
    assert gadget.text == "new"


def test_the_file_requesters_drawer_gadget_has_the_same_keys(app_pilot, tmp_path):
    app, pilot = app_pilot
    (tmp_path / "Docs").mkdir()
    asl = FileRequester("Open Guide", app.screen_mode.size, on_choose=lambda path: "", drawer=tmp_path,
                        ask=app.open_requester)
    app.open_requester(asl)
    pilot.step()
    asl.focus(asl.drawer_gadget)
    shown = asl.drawer_gadget.text
    pilot.key(pyxel.KEY_X, amiga=True)
    assert asl.drawer_gadget.text == ""
    pilot.key(pyxel.KEY_Q, amiga=True)
    assert asl.drawer_gadget.text == shown and not app.quit_requested
    pilot.key(pyxel.KEY_LEFT, shift=True)
    assert asl.drawer_gadget.cursor == 0
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters


def test_an_inactive_gadget_shows_the_start_of_a_long_text(pyxel_screen):
    """A text longer than the box: while the gadget is active it scrolls to
    the cursor at the end; inactive, it shows the text's start, as 3.1 does."""
    gadget = StringGadget("", "Work:Games/MineSweeper/Replays/Expert", 10, 80)
    gadget.x, gadget.y = 20, 20
    gadget.active = True
    assert gadget.display_start == len(gadget.text) - gadget.visible_chars + 1
    gadget.active = False
    assert gadget.display_start == 0
    pyxel.cls(0)
    gadget.draw()
    wide = StringGadget("", gadget.text[: gadget.visible_chars], 10, 80)
    wide.x, wide.y = 20, 60
    wide.draw()  # the same first characters, drawn on their own
    row = range(gadget.ax, gadget.ax + gadget.w)
    assert [pyxel.screen.pget(x, 20 + 5) for x in row] == [pyxel.screen.pget(x, 60 + 5) for x in row]

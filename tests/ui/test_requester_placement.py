"""Requesters open where Workbench 3.1 opened them: the screen's top left
corner, just below its title bar (intuition/placement.py names the
sources), on LowRes and HighRes; one the player moved stays where it was
put, and one asked from another opens at the corner too."""

from __future__ import annotations

import pyxel

from amigasweeper.ui.intuition.modes import ScreenMode
from amigasweeper.ui.intuition.placement import TOP_LEFT, asl_request_place, easy_request_place
from amigasweeper.ui.intuition.window import SCREEN_TOP


def test_the_place_is_the_corner_below_the_screen_bar():
    assert TOP_LEFT == (0, SCREEN_TOP) == easy_request_place() == asl_request_place()


def test_easy_requesters_open_at_the_corner_on_both_screens(make_app):
    for mode in (ScreenMode.LOWRES, ScreenMode.HIRES):
        app, pilot = make_app(screen=mode)
        try:
            for key in (pyxel.KEY_C, pyxel.KEY_T):  # Custom..., Best Times...
                pilot.key(key, amiga=True)
                requester = app.requesters[-1]
                assert (requester.x, requester.y) == TOP_LEFT, (mode, requester.title)
                pilot.key(pyxel.KEY_ESCAPE)
        finally:
            app.resize_screen(ScreenMode.LOWRES)


def test_a_moved_requester_stays_put_and_one_from_it_opens_at_the_corner(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_C, amiga=True)
    custom = app.requesters[-1]
    pilot.drag((custom.ax + 60, custom.ay + 4), (custom.ax + 60, custom.ay + 44))
    moved = (custom.x, custom.y)
    assert moved == (TOP_LEFT[0], TOP_LEFT[1] + 40)
    custom.say("Width 2 to 32, height 2 to 32.")  # it lays itself out again for a message
    assert (custom.x, custom.y) == moved
    pilot.key(pyxel.KEY_ESCAPE)
    pilot.key(pyxel.KEY_T, amiga=True)
    best = app.requesters[-1]
    pilot.click(best.buttons[0].ax + 3, best.buttons[0].ay + 3)  # Reset... asks again
    confirm = app.requesters[-1]
    assert confirm.owner is best and (confirm.x, confirm.y) == TOP_LEFT
    pilot.key(pyxel.KEY_ESCAPE)
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters

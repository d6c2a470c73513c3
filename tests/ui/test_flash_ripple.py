"""Settings > Flash (Screen, Border, None) and Settings > Ripple (Animated,
Instant), kept with the settings and honoured wherever DisplayBeep or a
ripple happens: a loss, a guide's BEEP, every opening."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.engine import GameStatus
from amigasweeper.ui.game.menudefs import MENUS, Command
from amigasweeper.ui.intuition.beep import BORDER_W, Flash
from amigasweeper.ui.intuition.gfx import complement
from amigasweeper.ui.intuition.palette import RGB, Pen, beep_rgb


def choose(app, command):
    item = next(i for m in MENUS for i in m.every_item() if i.command is command)
    app.commands.select(item)


def lose(app, pilot):
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    pilot.click_cell(min(app.game.mine_cells()))
    pilot.step(2)
    assert app.game.status is GameStatus.LOST


def test_flash_screen_is_2_4s_displaybeep(app_pilot):
    app, pilot = app_pilot
    assert app.screen.flash is Flash.SCREEN
    lose(app, pilot)
    assert app.screen.flashing and pyxel.colors[Pen.GREY] == beep_rgb(RGB[Pen.GREY])
    pilot.step(20)
    assert pyxel.colors[Pen.GREY] == RGB[Pen.GREY]


def test_flash_border_flashes_a_frame_round_the_screen_and_not_the_background(app_pilot):
    app, pilot = app_pilot
    choose(app, Command.FLASH_BORDER)
    pilot.move(160, 200)
    lose(app, pilot)
    assert app.screen.flashing and pyxel.colors[Pen.GREY] == RGB[Pen.GREY]
    h = app.screen.h
    assert pyxel.screen.pget(0, h // 2) == complement(Pen.GREY)
    assert pyxel.screen.pget(BORDER_W - 1, h - 20) == complement(Pen.GREY)
    assert pyxel.screen.pget(BORDER_W, h - 20) == Pen.GREY
    pilot.step(20)
    assert not app.screen.flashing and pyxel.screen.pget(0, h // 2) == Pen.GREY


def test_flash_none_never_flashes(app_pilot):
    app, pilot = app_pilot
    choose(app, Command.FLASH_NONE)
    lose(app, pilot)
    assert not app.screen.flashing and pyxel.colors[Pen.GREY] == RGB[Pen.GREY]
    assert pyxel.screen.pget(0, app.screen.h // 2) == Pen.GREY


def test_a_guides_beep_follows_the_setting_too(app_pilot):
    app, pilot = app_pilot
    choose(app, Command.FLASH_NONE)
    app.screen.beep()  # the help viewer's BEEP button calls the screen's beep
    assert not app.screen.flashing


@pytest.mark.parametrize("instant", [False, True])
def test_ripple_animated_spreads_and_instant_shows_the_opening_at_once(app_pilot, instant):
    app, pilot = app_pilot
    if instant:
        choose(app, Command.RIPPLE_INSTANT)
    pilot.click_cell(pilot.cell_at(3, 2))  # seed 5 opens 32 squares from here
    canvas = app.mine_window.canvas
    opened = [c for c in app.game.topology.cells() if app.game.is_open(c)]
    assert len(opened) > 2
    assert canvas.rippling is not instant
    shown = all(canvas.shown[c] == app.game.tile(c) for c in opened)
    assert shown is instant
    choose(app, Command.RIPPLE_ANIMATED)


def test_flash_and_ripple_are_kept_with_the_settings(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    choose(app, Command.FLASH_BORDER)
    choose(app, Command.RIPPLE_INSTANT)
    checked = {i.command for m in MENUS for i in m.every_item() if app.commands.checked(i)}
    assert {Command.FLASH_BORDER, Command.RIPPLE_INSTANT} <= checked
    assert not {Command.FLASH_SCREEN, Command.RIPPLE_ANIMATED} & checked
    again, _ = make_app(data_dir=tmp_path)
    assert again.storage.settings.flash == "border" and again.storage.settings.ripple == "instant"
    assert again.screen.flash is Flash.BORDER and again.mine_window.canvas.instant
    choose(again, Command.RIPPLE_ANIMATED)
    choose(again, Command.FLASH_SCREEN)

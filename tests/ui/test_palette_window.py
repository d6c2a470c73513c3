"""Settings > Palette...: the Palette preferences window (issue 32), as
Workbench 3.1's Prefs/Palette: pens edited and shown at once, the measured
presets, Save kept with the settings, Use for the run, Cancel and Esc put
the colours back; a damaged palette in the settings is told and set aside."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.access.colour import rgb12
from amigasweeper.access.colour.presets import PRESETS
from amigasweeper.storage.validation import PALETTES
from amigasweeper.ui.game.menudefs import MENUS, Command
from amigasweeper.ui.intuition.palette import RGB, Pen, number_pen
from amigasweeper.ui.palette.palettewindow import PenBox, Slider
from amigasweeper.ui.palette.pens import EDITABLE, from_settings


def open_palette(app, pilot):
    item = next(i for m in MENUS for i in m.items if i.command is Command.PALETTE)
    app.commands.select(item)
    pilot.step()
    window = app.palette.window
    assert window is not None and app.wm.active is window
    return window


def colours():
    return {pen: pyxel.colors[pen] for pen in EDITABLE}


def test_the_workbench_preset_unedited_is_the_2_4_look_to_the_last_bit(app_pilot):
    assert colours() == {pen: RGB[Pen(pen)] for pen in EDITABLE}


def test_keys_edit_a_pen_and_the_screen_shows_it_at_once(app_pilot):
    app, pilot = app_pilot
    window = open_palette(app, pilot)
    for _ in range(8):
        pilot.key(pyxel.KEY_RIGHT)  # to Number 1
    assert window.pen == number_pen(1)
    pilot.key(pyxel.KEY_EQUALS)  # more red
    assert window.palette.colour12(number_pen(1)) == 0x10F
    assert pyxel.colors[number_pen(1)] == rgb12.expand(0x10F)
    pilot.key(pyxel.KEY_DOWN)
    pilot.key(pyxel.KEY_DOWN)
    pilot.key(pyxel.KEY_MINUS)  # less blue
    assert pyxel.colors[number_pen(1)] == rgb12.expand(0x10E)
    box = next(b for b in window.boxes if b.pen == number_pen(1))
    assert pyxel.screen.pget(box.ax + 3, box.ay + 3) == number_pen(1)  # the box is drawn in the pen itself


def test_the_mouse_chooses_a_pen_and_drags_a_slider(app_pilot):
    app, pilot = app_pilot
    window = open_palette(app, pilot)
    box = next(b for b in window.boxes if b.pen == Pen.GREY)
    pilot.click(box.ax + 3, box.ay + 3)
    assert window.pen == Pen.GREY
    slider = window.arrows[1][1]  # green
    assert isinstance(slider, Slider)
    pilot.click(slider.ax + 2 + 15 * 4 + 1, slider.ay + 3)
    assert window.palette.colour12(Pen.GREY) == 0xAFA and pyxel.colors[Pen.GREY] == 0xAAFFAA


@pytest.mark.parametrize("name", ["deuteranopia", "protanopia", "tritanopia"])
def test_a_colour_blind_preset_puts_its_measured_number_colours_on_the_screen(app_pilot, name):
    app, pilot = app_pilot
    window = open_palette(app, pilot)
    while window.palette.preset.name != name:
        window.preset_gadget.activate()
    preset = PRESETS[name]
    for n, colour in enumerate(preset.numbers, start=1):
        assert pyxel.colors[number_pen(n)] == rgb12.expand(colour)
    assert pyxel.colors[Pen.GREY] == RGB[Pen.GREY]  # the Workbench pens stay as they were
    pilot.key(pyxel.KEY_ESCAPE)


def test_the_kickstart_2_preset_draws_every_number_in_the_text_pen(app_pilot):
    app, pilot = app_pilot
    window = open_palette(app, pilot)
    window.preset_gadget.activate()
    assert window.palette.preset.name == "kickstart2"
    assert all(pyxel.colors[number_pen(n)] == RGB[Pen.BLACK] for n in range(1, 13))
    pilot.key(pyxel.KEY_ESCAPE)


def test_cancel_esc_and_the_close_gadget_put_the_colours_back(app_pilot):
    app, pilot = app_pilot
    before = colours()
    for close in ("cancel", "esc", "gadget"):
        window = open_palette(app, pilot)
        window.preset_gadget.activate()
        window.set_gun(0, 3)
        assert colours() != before
        if close == "cancel":
            button = window.buttons[-1]
            pilot.click(button.ax + 3, button.ay + 3)
        elif close == "esc":
            pilot.key(pyxel.KEY_ESCAPE)
        else:
            window.close_gadget.activate()
        pilot.step()
        assert colours() == before and app.palette.window is None, close


def test_save_keeps_the_palette_with_the_settings_and_use_only_for_the_run(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    window = open_palette(app, pilot)
    window.preset_gadget.activate()
    window.preset_gadget.activate()  # Deuteranopia
    window.choose_pen(Pen.ORANGE)
    window.set_gun(2, 5)
    window.buttons[1].activate()  # Use
    assert app.storage.settings.palette == "workbench31"
    assert pyxel.colors[Pen.ORANGE] == rgb12.expand(0xE95)
    window = open_palette(app, pilot)
    assert window.palette.preset.name == "deuteranopia"
    window.buttons[0].activate()  # Save
    assert (app.storage.settings.palette, app.storage.settings.palette_pens) == ("deuteranopia", "7:#E95")
    pyxel.colors[Pen.ORANGE] = RGB[Pen.ORANGE]
    again, _ = make_app(data_dir=tmp_path)
    assert pyxel.colors[Pen.ORANGE] == rgb12.expand(0xE95)
    assert pyxel.colors[number_pen(1)] == rgb12.expand(PRESETS["deuteranopia"].numbers[0])
    assert again.palette.palette.preset.name == "deuteranopia"


def test_tab_reaches_every_gadget_of_the_window(app_pilot):
    app, pilot = app_pilot
    open_palette(app, pilot)
    seen = []
    for _ in range(40):
        pilot.key(pyxel.KEY_TAB)
        seen.append(app.keyboard.ring.focused)
    boxes = [g for g in seen if isinstance(g, PenBox)]
    assert {b.pen for b in boxes} == set(EDITABLE)
    assert {"Save", "Use", "Cancel", "Preset"} <= {getattr(g, "label", "").strip() for g in seen if g}
    pilot.key(pyxel.KEY_ESCAPE)


def test_the_storage_knows_every_preset_by_name():
    assert set(PALETTES) == set(PRESETS)


@pytest.mark.parametrize("name, pens, problem", [
    ("workbench31", "8:#00F", None),
    ("sepia", "", "no palette preset 'sepia'"),
    ("protanopia", "300:#FFF", "pen '300' is not a pen number"),
    ("protanopia", "29:#FFF", "pen 29 is not one the Palette window edits"),
])
def test_a_damaged_palette_in_the_settings_is_told_and_set_aside(name, pens, problem):
    palette, said = from_settings(name, pens)
    if problem is None:
        assert said is None and palette.edited == {8: 0x00F}
    else:
        assert problem in said and palette.edited == {}


def test_storage_refuses_a_hostile_pens_text(make_app, tmp_path):
    import json

    from amigasweeper.storage import SETTINGS_FILE

    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "palette": "tritanopia",
                                                        "palette_pens": "8:#00F;rm -rf /" * 40}))
    app, pilot = make_app(data_dir=tmp_path)
    assert app.storage.settings.palette == "tritanopia" and app.storage.settings.palette_pens == ""
    assert any("palette pens" in r.lines[0] or "palette pens" in " ".join(r.lines) for r in app.requesters)
    pilot.key(pyxel.KEY_ESCAPE)


def test_the_window_stays_whole_on_the_screen_when_the_mode_changes(app_pilot):
    from amigasweeper.ui.intuition.modes import ScreenMode

    app, pilot = app_pilot
    window = open_palette(app, pilot)
    app.commands.choose_screen(ScreenMode.HIRES)
    pilot.step()
    window.x = 600 - window.w  # far right on the larger screen
    app.commands.choose_screen(ScreenMode.LOWRES)
    pilot.step()
    assert window.screen_size == (320, 256) and window.x + window.w <= 320 and window.y + window.h <= 256
    pilot.key(pyxel.KEY_ESCAPE)

"""The looks for every reader in the Palette window (issue 39): the Red-green
and High contrast presets, Cursor (Complement, Bold ring) and Shading
(Colours, Light to dark), kept by Save, undone by Cancel, and the browser's
reduced-motion and contrast preferences followed where the settings are at
their defaults."""

from __future__ import annotations

import json
import sys
import types

import pytest
import pyxel

from amigasweeper.access.colour import bands, rgb12
from amigasweeper.access.colour.presets import PRESETS
from amigasweeper.storage import SETTINGS_FILE
from amigasweeper.storage.settings_and_times import Settings
from amigasweeper.ui.game.boardview import BoardCanvas
from amigasweeper.ui.game.keyplay import BoardCursor
from amigasweeper.ui.game.menudefs import MENUS, Command
from amigasweeper.ui.intuition.beep import Flash
from amigasweeper.ui.intuition.palette import RGB, Pen, number_pen
from amigasweeper.ui.palette import media, page_preferences
from amigasweeper.ui.palette.pens import SHADING_PENS, Palette, from_settings

STEPPED = dict(zip(SHADING_PENS, bands.colours()))
PLAIN = {pen: RGB[pen] for pen in SHADING_PENS}


@pytest.fixture(autouse=True)
def plain_again():
    yield
    BoardCursor.bold, BoardCanvas.instant = False, False  # class-wide: as the next test expects


def open_palette(app, pilot):
    app.commands.select(next(i for m in MENUS for i in m.every_item() if i.command is Command.PALETTE))
    pilot.step()
    return app.palette.window


def shading_on_screen() -> dict:
    return {pen: pyxel.colors[pen] for pen in SHADING_PENS}


def test_the_new_presets_are_in_the_window_and_on_the_screen(app_pilot):
    app, pilot = app_pilot
    window = open_palette(app, pilot)
    titles = window.preset_gadget.choices
    assert "Red-green" in titles and "High contrast" in titles
    for name in ("redgreen", "high_contrast"):
        while window.palette.preset.name != name:
            window.preset_gadget.activate()
        for n, colour in enumerate(PRESETS[name].numbers, start=1):
            assert pyxel.colors[number_pen(n)] == rgb12.expand(colour)
    pilot.key(pyxel.KEY_ESCAPE)
    assert pyxel.colors[number_pen(2)] == RGB[Pen.NUM2]


def test_cursor_and_shading_show_at_once_and_cancel_puts_them_back(app_pilot):
    app, pilot = app_pilot
    window = open_palette(app, pilot)
    assert window.cursor_gadget.value == "Complement" and window.shading_gadget.value == "Colours"
    assert shading_on_screen() == PLAIN and not BoardCursor.bold
    window.cursor_gadget.activate()
    window.shading_gadget.activate()
    assert window.cursor_gadget.value == "Bold ring" and window.shading_gadget.value == "Light to dark"
    assert BoardCursor.bold and shading_on_screen() == STEPPED
    window.preset_gadget.activate()  # a preset forgets edited pens, not the cursor or the shading
    assert window.palette.cursor == "bold" and window.palette.shading == "steps"
    pilot.key(pyxel.KEY_ESCAPE)
    assert not BoardCursor.bold and shading_on_screen() == PLAIN


def test_save_keeps_the_cursor_and_the_shading_and_the_next_run_starts_with_them(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    window = open_palette(app, pilot)
    window.cursor_gadget.activate()
    window.shading_gadget.activate()
    window.buttons[0].activate()  # Save
    assert (app.storage.settings.cursor, app.storage.settings.shading) == ("bold", "steps")
    BoardCursor.bold = False
    for pen in SHADING_PENS:
        pyxel.colors[pen] = RGB[pen]
    again, _ = make_app(data_dir=tmp_path)
    assert BoardCursor.bold and shading_on_screen() == STEPPED
    assert again.palette.palette == Palette(cursor="bold", shading="steps")


def test_use_keeps_them_for_the_run_only(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    window = open_palette(app, pilot)
    window.shading_gadget.activate()
    window.buttons[1].activate()  # Use
    assert shading_on_screen() == STEPPED and app.storage.settings.shading == "colours"


@pytest.mark.parametrize(("field", "value"), [("cursor", "thick"), ("shading", "rainbow"), ("cursor", 1),
                                              ("shading", None), ("cursor", "Bold")])
def test_the_settings_refuse_a_cursor_or_shading_they_do_not_know(field, value):
    with pytest.raises(ValueError, match=field):
        Settings(**{field: value})
    settings, faults = Settings.from_dict({field: value})
    assert getattr(settings, field) == getattr(Settings(), field) and faults


def test_a_damaged_settings_file_falls_back_to_the_2_4_cursor_and_shading(make_app, tmp_path):
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "cursor": "../../x", "shading": "steps"}))
    app, pilot = make_app(data_dir=tmp_path)
    assert app.storage.settings.cursor == "complement" and not BoardCursor.bold
    assert shading_on_screen() == STEPPED
    pilot.key(pyxel.KEY_ESCAPE)


def test_from_settings_keeps_the_looks_when_the_preset_is_unknown():
    palette, said = from_settings("sepia", "", "bold", "steps")
    assert said and palette == Palette(cursor="bold", shading="steps")


# ------------------------------------------------------------ the browser
class FakeMatch:
    def __init__(self, matches: bool) -> None:
        self.matches = matches


def fake_js(monkeypatch, *asked: str) -> None:
    """A page whose matchMedia matches ``asked`` and nothing else."""
    window = types.SimpleNamespace(matchMedia=lambda query: FakeMatch(query in asked))
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(window=window))


def test_outside_a_browser_nothing_is_asked(monkeypatch):
    fake_js(monkeypatch, media.LESS_MOTION, media.MORE_CONTRAST)
    assert media.ask_page("linux") == media.PagePreferences()


def test_the_page_is_asked_its_media_features(monkeypatch):
    fake_js(monkeypatch, media.LESS_MOTION)
    assert media.ask_page("emscripten") == media.PagePreferences(less_motion=True, more_contrast=False)
    fake_js(monkeypatch, media.MORE_CONTRAST)
    assert media.ask_page("emscripten") == media.PagePreferences(less_motion=False, more_contrast=True)


def test_a_page_that_cannot_answer_changes_nothing(monkeypatch):
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(window=types.SimpleNamespace()))
    assert media.ask_page("emscripten") == media.PagePreferences()

    def broken(query):
        raise RuntimeError("no matchMedia here")

    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(window=types.SimpleNamespace(matchMedia=broken)))
    assert media.ask_page("emscripten") == media.PagePreferences()


def test_less_motion_means_no_flash_and_an_instant_ripple_for_the_run(app_pilot):
    app, pilot = app_pilot
    changed = page_preferences.follow(app, media.PagePreferences(less_motion=True))
    assert changed == ["flash", "ripple"]
    assert app.screen.flash is Flash.NONE and BoardCanvas.instant
    assert (app.storage.settings.flash, app.storage.settings.ripple) == ("screen", "animated")  # not saved
    pilot.click_cell(pilot.cell_at(4, 4))
    assert not app.mine_window.canvas.rippling  # the whole opening at once


def test_more_contrast_means_the_high_contrast_preset_and_the_bold_cursor(app_pilot):
    app, pilot = app_pilot
    assert page_preferences.follow(app, media.PagePreferences(more_contrast=True)) == ["palette", "cursor"]
    assert app.palette.palette.preset is PRESETS["high_contrast"] and BoardCursor.bold
    assert pyxel.colors[number_pen(3)] == rgb12.expand(PRESETS["high_contrast"].numbers[2])
    assert app.storage.settings.palette == "workbench31"  # not saved


def test_a_players_own_choice_wins_over_the_browser(make_app, tmp_path):
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({
        "version": 1, "flash": "border", "ripple": "animated", "palette": "redgreen", "cursor": "complement"}))
    app, pilot = make_app(data_dir=tmp_path)
    changed = page_preferences.follow(app, media.PagePreferences(less_motion=True, more_contrast=True))
    assert changed == ["ripple", "cursor"]  # the saved flash and palette are the player's
    assert app.screen.flash is Flash.BORDER and app.palette.palette.preset is PRESETS["redgreen"]


def test_the_program_asks_the_page_when_it_starts(make_app, monkeypatch):
    """The App starts as a browser page asking for less motion would have it."""
    fake_js(monkeypatch, media.LESS_MOTION)
    monkeypatch.setattr(page_preferences, "ask_page", lambda: media.ask_page("emscripten"))  # as in a browser
    app, pilot = make_app()
    assert app.screen.flash is Flash.NONE and BoardCanvas.instant


# ------------------------------------------------ the shading as it is drawn
def drawn_steps(look, pilot) -> list[list[int]]:
    """Each step as the board draws it on a covered square (a 4x4 swatch,
    ui/game/minewindow.py), drawn on the screen and read back: the 24-bit
    colour of each of its pixels."""
    from amigasweeper.ui.game.shading_legend import STEPS, fill_step
    from amigasweeper.ui.intuition.modes import Look

    swatches = []
    for step in range(STEPS):
        x, y = 8 + 6 * step, 200
        fill_step(x, y, 4, 4, step, four_colours=look is Look.KICKSTART2)
        swatches.append([pyxel.colors[pyxel.screen.pget(px, py)] for py in range(y, y + 4) for px in range(x, x + 4)])
    return swatches


def average_lab(colours: list[int], vision):
    from amigasweeper.access.colour.vision import lab_of_linear, seen_as

    seen = [seen_as(c, vision) for c in colours]
    return lab_of_linear(tuple(sum(s[i] for s in seen) / len(seen) for i in range(3)))


@pytest.mark.parametrize("look", ["kickstart3", "kickstart2"])
def test_the_steps_as_drawn_go_light_to_dark_apart_for_every_vision(make_app, look):
    """The shading read back from the screen, each square's pixels averaged in
    linear light: neighbours at least 10 apart under every vision, lighter
    for safer; with Shading: Colours, 2.4's steps fail the same check."""
    from amigasweeper.access.colour import measure
    from amigasweeper.access.colour.ciede2000 import delta_e_2000
    from amigasweeper.access.colour.vision import Deficiency
    from amigasweeper.ui.intuition.modes import Look

    app, pilot = make_app(look=Look(look))
    window = open_palette(app, pilot)

    def worst() -> tuple[float, bool]:
        """The smallest distance of neighbours under any vision, and whether
        every vision sees each step darker than the one before."""
        app.apply_look()  # the Kickstart 2 look's pens, as the frame draws the board
        swatches = drawn_steps(Look(look), pilot)
        pyxel.pal()
        low, darker = 100.0, True
        for vision in Deficiency:
            labs = [average_lab(s, vision) for s in swatches]
            darker = darker and all(a[0] > b[0] for a, b in zip(labs, labs[1:]))
            low = min(low, *(delta_e_2000(a, b) for a, b in zip(labs, labs[1:])))
        return low, darker

    assert worst()[0] < measure.THRESHOLD  # 2.4's shading
    window.shading_gadget.activate()
    window.buttons[1].activate()  # Use
    low, darker = worst()
    assert low >= measure.THRESHOLD and darker


def test_the_tool_measures_2_4s_kickstart_2_patterns_as_they_are_drawn():
    import importlib.util
    from pathlib import Path

    from amigasweeper.ui.game.shading_legend import KICKSTART2_STEPS

    path = Path(__file__).resolve().parents[2] / "tools" / "palette_measure.py"
    spec = importlib.util.spec_from_file_location("palette_measure", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert [(p.base, p.over, p.sixteenths / 16) for p in tool.SHADING_2_4_KICKSTART2] == [
        (int(m.base), int(m.over), m.share) for m in KICKSTART2_STEPS]


def test_tab_reaches_the_cursor_and_shading_gadgets_and_space_cycles_them(app_pilot):
    app, pilot = app_pilot
    window = open_palette(app, pilot)
    for _ in range(3):
        pilot.key(pyxel.KEY_TAB)
        if app.keyboard.ring.focused is window.shading_gadget:
            break
    assert app.keyboard.ring.focused is window.shading_gadget
    pilot.key(pyxel.KEY_SPACE)
    assert window.palette.shading == "steps" and shading_on_screen() == STEPPED
    pilot.key(pyxel.KEY_ESCAPE)

"""Whole pixels, decided headless: the scale k chosen from a display's usable
area, the window sized and placed through a stand-in for SDL, Settings >
Window Scale kept with the settings and ghosted where it cannot fit, the
display probe's answer read, and the web page told. The real window is
captured in test_whole_pixels_window.py."""

from __future__ import annotations

import sys
import types

import pytest
import pyxel

from amigasweeper.storage import Settings
from amigasweeper.ui import display
from amigasweeper.ui.game.menudefs import MENUS, SCALE_COMMANDS, Command
from amigasweeper.ui.intuition.modes import ScreenMode
from amigasweeper.ui.scaling import page
from amigasweeper.ui.scaling.pixels import WholePixels
from amigasweeper.ui.scaling.rule import Area, ScaleChoice, WindowFrame, fits, largest_fit, placed, whole_scale

LOWRES, HIRES = ScreenMode.LOWRES.size, ScreenMode.HIRES.size


@pytest.mark.parametrize(
    ("screen", "usable", "frame", "k"),
    [
        (LOWRES, Area(0, 0, 1600, 1200), WindowFrame(), 4),  # the desktop: not 1.76
        (HIRES, Area(0, 0, 1600, 1200), WindowFrame(), 2),  # not 1125x900
        (HIRES, Area(0, 0, 1280, 1024), WindowFrame(), 2),  # exactly the display, no frame around it
        (HIRES, Area(0, 0, 1280, 1024), WindowFrame(top=24), 1),  # a title bar: 1, never 1.5
        (LOWRES, Area(0, 0, 1280, 1024), WindowFrame(), 4),
        (LOWRES, Area(0, 32, 1920, 1048), WindowFrame(30, 2, 2, 2), 3),  # a panel and a frame
        (HIRES, Area(0, 0, 800, 600), WindowFrame(), 1),
        (HIRES, Area(0, 0, 300, 200), WindowFrame(), 1),  # smaller than the screen: still 1
        (LOWRES, Area(0, 0, 3840, 2160), WindowFrame(), 8),  # Auto goes beyond the menu's 4x
    ],
)
def test_the_largest_whole_scale_that_fits_the_usable_area(screen, usable, frame, k):
    assert largest_fit(screen, usable, frame) == k
    assert whole_scale(ScaleChoice.AUTO, screen, usable, frame) == k


def test_a_chosen_scale_is_kept_when_it_fits_and_taken_down_when_not():
    usable = Area(0, 0, 1600, 1200)
    assert whole_scale(ScaleChoice.X1, HIRES, usable) == 1
    assert whole_scale(ScaleChoice.X3, LOWRES, usable) == 3
    assert whole_scale(ScaleChoice.X4, HIRES, usable) == 2 and not fits(ScaleChoice.X4, HIRES, usable)
    assert fits(ScaleChoice.X2, HIRES, usable) and fits(ScaleChoice.AUTO, HIRES, Area(0, 0, 10, 10))
    assert whole_scale(ScaleChoice.X3, HIRES, None) == 3 and whole_scale(ScaleChoice.AUTO, HIRES, None) == 1
    assert [choice.label for choice in ScaleChoice] == ["Auto", "1x", "2x", "3x", "4x"]


def test_a_window_is_moved_just_enough_to_be_whole_on_the_display():
    usable = Area(0, 30, 1600, 1170)
    assert placed((480, 344), (1280, 1024), usable) == (320, 176)
    assert placed((10, 40), (640, 512), usable) == (10, 40)  # already whole: left where it is
    assert placed((10, 0), (640, 512), usable, WindowFrame(top=24)) == (10, 54)  # its title bar on the display
    assert placed((500, 500), (3000, 3000), usable) == (0, 30)  # too big: its top left corner shows


class FakeWindow:
    """SDL's answers for a desktop window, and what was asked of it."""

    def __init__(self, usable=Area(0, 0, 1600, 1200), frame=WindowFrame(), at=(480, 344), size=(960, 768)):
        self.area, self.border, self.at, self.wh = usable, frame, at, size
        self.desktop = False
        self.asked: list[tuple] = []

    def usable(self):
        return self.area

    def frame(self):
        return self.border

    def size(self):
        return self.wh

    def position(self):
        return self.at

    def set_size(self, w, h):
        self.wh = (w, h)
        self.asked.append(("size", w, h))

    def set_position(self, x, y):
        self.at = (x, y)
        self.asked.append(("position", x, y))

    def desktop_sized(self):
        return self.desktop


def test_the_window_becomes_a_whole_multiple_on_every_mode_change(pyxel_screen):
    told = []
    window = FakeWindow()
    pixels = WholePixels(ScaleChoice.AUTO, window, page=lambda size, factor: told.append((size, factor)))
    try:
        pixels.show(HIRES)
        assert (pyxel.width, pyxel.height) == HIRES and window.wh == (1280, 1024) and pixels.scale == 2
        assert window.at == (320, 176)  # moved back onto the display
        pixels.show(LOWRES)  # back to LowRes: 4x, not the 480x384 the issue saw
        assert window.wh == (1280, 1024) and pixels.scale == 4
        pixels.choose(ScaleChoice.X1)
        assert window.wh == (320, 256) and pixels.fits(ScaleChoice.X4)
    finally:
        pyxel.resize(*LOWRES)
    assert told[-1] == (LOWRES, 1)


def test_full_screen_or_maximized_is_left_to_the_desktop(pyxel_screen):
    window = FakeWindow()
    window.desktop = True
    pixels = WholePixels(ScaleChoice.X2, window, page=lambda size, factor: None)
    pixels.show(LOWRES)
    assert window.asked == [] and pixels.scale is None  # integer_scale letterboxes what the desktop gave


def test_without_a_window_only_the_framebuffer_changes_and_only_auto_is_offered(pyxel_screen):
    pixels = WholePixels(ScaleChoice.X3, None, page=lambda size, factor: None)
    pixels.show(LOWRES)
    assert pixels.scale is None and pixels.fits(ScaleChoice.AUTO) and not pixels.fits(ScaleChoice.X1)
    in_a_browser = WholePixels(ScaleChoice.X3, None, page=lambda size, factor: None, browser=True)
    assert in_a_browser.fits(ScaleChoice.X4)  # the page takes it down to what fits


def scale_item(command: Command):
    return next(item for menu in MENUS for item in menu.every_item() if item.command is command)


def test_the_settings_menu_chooses_saves_checks_and_ghosts(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    assert app.pixels.choice is ScaleChoice.AUTO and app.commands.checked(scale_item(Command.SCALE_AUTO))
    window = FakeWindow(usable=Area(0, 0, 1024, 768))
    app.pixels.window = window
    app.commands.select(scale_item(Command.SCALE_2))
    assert window.wh == (640, 512) and app.commands.checked(scale_item(Command.SCALE_2))
    assert app.storage.load().settings.window_scale == "2"
    assert not app.commands.enabled(scale_item(Command.SCALE_4))  # 1280x1024 does not fit 1024x768
    assert app.commands.enabled(scale_item(Command.SCALE_3))
    pilot.key(pyxel.KEY_MINUS, amiga=True)  # Right-Amiga-- is 3x
    assert app.pixels.choice is ScaleChoice.X3 and window.wh == (960, 768)
    pilot.key(pyxel.KEY_EQUALS, amiga=True)  # 4x is ghosted here: nothing happens
    assert app.pixels.choice is ScaleChoice.X3
    again, _pilot = make_app(data_dir=tmp_path)
    assert again.pixels.choice is ScaleChoice.X3  # kept with the settings


def test_every_scale_is_in_the_menu_and_a_saved_value():
    from amigasweeper.storage.validation import WINDOW_SCALES

    assert set(SCALE_COMMANDS.values()) == set(ScaleChoice)
    assert {choice.value for choice in ScaleChoice} == set(WINDOW_SCALES)


def test_a_bad_saved_scale_is_replaced_with_a_fault():
    settings, faults = Settings.from_dict({"window_scale": "7"})
    assert settings.window_scale == "auto" and faults and "window scale" in faults[0]
    with pytest.raises(ValueError):
        Settings(window_scale="1.5")


@pytest.mark.parametrize(
    ("answer", "usable"),
    [
        ("driver x11 usable 0 0 1600 1200", Area(0, 0, 1600, 1200)),
        ("driver x11 usable 0 27 1920 1053", Area(0, 27, 1920, 1053)),
        ("driver x11", None),
        ("driver wayland usable 0 0 -5 100", None),
        ("driver x11 usable a b c d", None),
        ("driver x11 usable 1 2 3", None),
        ("driver x11 usable 0 0 1600 1200 extra", None),
    ],
)
def test_the_display_probes_usable_area_is_read_warily(monkeypatch, answer, usable):
    monkeypatch.setattr(display, "_ask_a_child", lambda seconds: answer)
    assert display.check_display(platform="linux") == usable


def test_an_invisible_driver_with_an_area_is_still_refused(monkeypatch):
    monkeypatch.setattr(display, "_ask_a_child", lambda seconds: "driver offscreen usable 0 0 800 600")
    with pytest.raises(display.DisplayError, match="offscreen"):
        display.check_display(platform="linux")


def test_the_window_opens_at_the_largest_whole_scale(monkeypatch):
    calls = []
    monkeypatch.setattr(display.pyxel, "init", lambda *args, **kwargs: calls.append((args, kwargs)))
    display.init_pyxel(HIRES, title="T", fps=60, headless=False, usable=Area(0, 0, 1600, 1200))
    display.init_pyxel(LOWRES, title="T", fps=60, headless=False)
    display.init_pyxel(LOWRES, title="T", fps=60, headless=True, usable=Area(0, 0, 1600, 1200))
    assert [kwargs["display_scale"] for _args, kwargs in calls] == [2, None, None]


def test_the_web_page_is_told_the_screen_and_the_scale(monkeypatch):
    seen = []
    fake = types.ModuleType("js")
    fake.window = types.SimpleNamespace(amigasweeperWholePixels=lambda w, h, k: seen.append((w, h, k)))
    monkeypatch.setitem(sys.modules, "js", fake)
    assert page.tell_page(HIRES, 2, platform="emscripten") and seen == [(640, 512, 2)]
    assert page.tell_page(LOWRES, None, platform="emscripten") and seen[-1] == (320, 256, 0)
    assert not page.tell_page(LOWRES, None, platform="linux")
    fake.window = types.SimpleNamespace()  # a page of Pyxel's own, without the script
    assert not page.tell_page(LOWRES, None, platform="emscripten")
    fake.window = types.SimpleNamespace(amigasweeperWholePixels=lambda *a: 1 / 0)  # a page that fails
    assert not page.tell_page(LOWRES, None, platform="emscripten")


def test_headless_there_is_no_window_to_size(pyxel_screen):
    from amigasweeper.ui.scaling.desktop import find_window

    assert find_window() is None

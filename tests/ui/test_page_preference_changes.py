"""A browser preference changed while the page runs (issue 39): the page's
``change`` event is noted by palette/media.py's PageWatch, and the next frame
asks the page again and follows the answer both ways, where the settings are
at their defaults. The ``js`` module here is a stand-in page; the real one is
tests/packaging/test_web_preferences.py's, in headless Chromium."""

from __future__ import annotations

import sys
import types

import pytest
import pyxel

from amigasweeper.access.colour import rgb12
from amigasweeper.access.colour.presets import DEFAULT, HIGH_CONTRAST
from amigasweeper.ui.game.boardview import BoardCanvas
from amigasweeper.ui.game.keyplay import BoardCursor
from amigasweeper.ui.game.menudefs import MENUS, Command
from amigasweeper.ui.intuition.beep import Flash
from amigasweeper.ui.intuition.palette import RGB, number_pen
from amigasweeper.ui.palette import media
from amigasweeper.ui.palette import page_preferences as page_module


class MediaList:
    """One MediaQueryList of the stand-in page: its answer and its listeners."""

    def __init__(self, page: Page, query: str) -> None:
        self.page, self.query = page, query

    @property
    def matches(self) -> bool:
        return self.query in self.page.asked

    def addEventListener(self, kind: str, handler) -> None:  # noqa: N802 - the DOM's name
        self.page.listeners.append((self.query, kind, handler))


class Page:
    def __init__(self) -> None:
        self.asked: set[str] = set()
        self.listeners: list = []

    def matchMedia(self, query: str) -> MediaList:  # noqa: N802 - the DOM's name
        return MediaList(self, query)

    def change(self, *asked: str) -> None:
        """The reader changes their settings: each query whose answer changed fires."""
        before, self.asked = self.asked, set(asked)
        for query, kind, handler in self.listeners:
            if kind == "change" and (query in before) != (query in self.asked):
                handler(types.SimpleNamespace(matches=query in self.asked))


@pytest.fixture
def page(monkeypatch):
    page = Page()
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(window=page))
    ffi = types.SimpleNamespace(create_proxy=lambda function: function)
    monkeypatch.setitem(sys.modules, "pyodide", types.SimpleNamespace(ffi=ffi))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.setattr(page_module, "ask_page", lambda: media.ask_page("emscripten"))  # as in a browser
    monkeypatch.setattr(page_module, "PageWatch", lambda: media.PageWatch("emscripten"))
    yield page
    BoardCursor.bold, BoardCanvas.instant = False, False  # class-wide: as the next test expects


def shown_number_3() -> int:
    return pyxel.colors[number_pen(3)]


def test_the_watch_listens_to_both_queries_and_notes_a_change_once(page):
    watch = media.PageWatch("emscripten")
    assert sorted(query for query, kind, _ in page.listeners if kind == "change") == sorted(
        [media.LESS_MOTION, media.MORE_CONTRAST])
    assert not watch.take()
    page.change(media.LESS_MOTION)
    assert watch.take() and not watch.take()


def test_outside_a_browser_nothing_is_listened_to(page):
    watch = media.PageWatch("linux")
    assert page.listeners == [] and watch.listening == []
    page.change(media.LESS_MOTION)
    assert not watch.take()


def test_a_page_without_change_events_is_asked_once(monkeypatch):
    window = types.SimpleNamespace(matchMedia=lambda query: types.SimpleNamespace(matches=True))  # no addEventListener
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(window=window))
    assert media.listen(lambda event: None) == []
    monkeypatch.setitem(sys.modules, "js", None)  # no page at all: import js fails
    assert media.PageWatch("emscripten").listening == []


def test_less_motion_asked_and_taken_back_while_running(page, make_app):
    app, pilot = make_app()
    assert app.screen.flash is Flash.SCREEN and not BoardCanvas.instant
    page.change(media.LESS_MOTION)
    pilot.step()
    assert app.screen.flash is Flash.NONE and BoardCanvas.instant
    page.change()
    pilot.step()
    assert app.screen.flash is Flash.SCREEN and not BoardCanvas.instant
    assert (app.storage.settings.flash, app.storage.settings.ripple) == ("screen", "animated")  # never saved


def test_more_contrast_asked_and_taken_back_while_running(page, make_app):
    app, pilot = make_app()
    assert shown_number_3() == RGB[number_pen(3)]
    page.change(media.MORE_CONTRAST)
    pilot.step()
    assert app.palette.palette.preset is HIGH_CONTRAST and BoardCursor.bold
    assert shown_number_3() == rgb12.expand(HIGH_CONTRAST.numbers[2])
    page.change()
    pilot.step()
    assert app.palette.palette.preset is DEFAULT and not BoardCursor.bold
    assert shown_number_3() == RGB[number_pen(3)]
    assert app.storage.settings.palette == "workbench31"


def test_a_choice_made_in_the_menus_meanwhile_wins(page, make_app):
    page.asked = {media.LESS_MOTION}
    app, pilot = make_app()
    assert app.screen.flash is Flash.NONE
    app.commands.select(next(i for m in MENUS for i in m.every_item() if i.command is Command.FLASH_BORDER))
    page.change()
    pilot.step()
    assert app.screen.flash is Flash.BORDER  # saved by the player: not the page's any more
    assert not BoardCanvas.instant  # the ripple still was


def test_a_change_waits_while_the_palette_window_is_open(page, make_app):
    app, pilot = make_app()
    app.commands.select(next(i for m in MENUS for i in m.every_item() if i.command is Command.PALETTE))
    pilot.step()
    page.change(media.MORE_CONTRAST)
    pilot.step(3)
    assert app.palette.palette.preset is DEFAULT and shown_number_3() == RGB[number_pen(3)]
    pilot.key(pyxel.KEY_ESCAPE)  # Cancel
    pilot.step()
    assert app.palette.palette.preset is HIGH_CONTRAST and shown_number_3() == rgb12.expand(HIGH_CONTRAST.numbers[2])


def test_only_the_preference_that_changed_is_followed_again(page, make_app):
    """Flash: Screen chosen in the menus with less motion asked for is saved as
    the default's own value: a later change of contrast leaves it alone."""
    page.asked = {media.LESS_MOTION}
    app, pilot = make_app()
    app.commands.select(next(i for m in MENUS for i in m.every_item() if i.command is Command.FLASH_SCREEN))
    assert app.screen.flash is Flash.SCREEN
    page.change(media.LESS_MOTION, media.MORE_CONTRAST)
    pilot.step()
    assert app.screen.flash is Flash.SCREEN and BoardCanvas.instant
    assert app.palette.palette.preset is HIGH_CONTRAST

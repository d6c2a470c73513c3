"""prefers-reduced-motion and prefers-contrast, from a real browser to the
screen: headless Chromium emulates them (playwright's context options and
page.emulateMedia), Pyodide 314.0.4 runs the program's reader of them
(amigasweeper/ui/palette/media.py, from the built pyxapp) through its real
``js`` module, and the game is then started under Pyxel with exactly what
the browser told it, and its screen read back pixel by pixel.

Pyxel's web runtime comes from a CDN this machine cannot reach (see
test_web_browser.py), so the two halves meet at the browser's answer: the
frames are drawn by the desktop Pyxel, into the same screen the web runtime
copies onto the page's canvas. The screenshots of each case are kept in the
test's folder (printed with -s) for people to look at.
Needs chromium (Debian's), node, and `npm ci` in tools/web (.ci/run does all).
"""

from __future__ import annotations

import pytest
import pyxel
from packaging_helpers import load_tool

from amigasweeper.access.colour import rgb12
from amigasweeper.access.colour.presets import HIGH_CONTRAST
from amigasweeper.engine import GameStatus, LevelName
from amigasweeper.ui.app import App
from amigasweeper.ui.drive.pilot import Pilot
from amigasweeper.ui.game.boardview import BoardCanvas
from amigasweeper.ui.game.keyplay import BoardCursor
from amigasweeper.ui.intuition.palette import RGB, Pen, beep_rgb, number_pen
from amigasweeper.ui.palette import page_preferences as page_module
from amigasweeper.ui.palette.media import PagePreferences
from amigasweeper.ui.window_options import Options

pytestmark = [pytest.mark.slow, pytest.mark.browser]

check = load_tool("tools/web/browser_check.py", "amigasweeper_browser_check")
OPENING = (3, 2)  # seed 5's Beginner board opens 32 squares from here


@pytest.fixture(scope="module")
def browser(built_pyxapp, tmp_path_factory):
    reason = check.missing()
    if reason:
        pytest.skip(reason)
    return check.media_in_a_page(built_pyxapp, tmp_path_factory.mktemp("media"))


def emulated(asked: dict) -> PagePreferences:
    """What the emulation asked for, as the program should be told it."""
    return PagePreferences(asked.get("reducedMotion") == "reduce", asked.get("contrast") == "more")


def told(report: dict) -> PagePreferences:
    return PagePreferences(report["less_motion"], report["more_contrast"])


def test_each_preference_chromium_emulates_reaches_the_program(browser):
    started = browser["started"]
    assert started["told"]["platform"] == "emscripten"
    assert told(started["told"]) == PagePreferences(less_motion=True, more_contrast=True)  # the context's options
    assert [told(load["told"]) for load in browser["loads"]] == [
        PagePreferences(False, False), PagePreferences(True, False), PagePreferences(False, True),
        PagePreferences(True, True)]
    for load in (started, *browser["loads"]):
        if "context" not in load["asked"]:
            assert told(load["told"]) == emulated(load["asked"])
        assert [load["told"]["less_motion"], load["told"]["more_contrast"]] == load["page"]  # the page's own script
        assert load["told"]["listening"] == 3  # the handler and both queries' lists
        assert not load["told"]["changed"]


def test_a_change_while_the_page_runs_is_noted_and_asked_again(browser):
    """Each change of the emulated media fires the page's change event, which
    the program notes; asked again, it gets the new answer."""
    assert [told(change["told"]) for change in browser["changes"]] == [
        PagePreferences(False, True), PagePreferences(False, False), PagePreferences(True, True)]
    for change in browser["changes"]:
        assert change["told"]["changed"]
        assert [change["told"]["less_motion"], change["told"]["more_contrast"]] == change["page"]
    assert not browser["unchanged"]["changed"]  # nothing since the last change: nothing noted


# ------------------------------------------------------------ on the screen
def start_as_told(monkeypatch, preferences: PagePreferences):
    """The game started as a page answering ``preferences`` starts it."""
    monkeypatch.setattr(page_module, "ask_page", lambda: preferences)
    BoardCursor.bold, BoardCanvas.instant = False, False  # class-wide: as a fresh program has them
    app = App(Options(headless=True, seed=5, level=LevelName.BEGINNER))
    pilot = Pilot(app)
    pilot.release_all()
    pilot.move(300, 240)  # the pointer off the board
    return app, pilot


def shown(x: int, y: int) -> int:
    """The 24-bit colour of a screen pixel as the canvas shows it."""
    return pyxel.colors[pyxel.screen.pget(x, y)]


def square_pixels(app, cell: int) -> list[int]:
    field, (ox, oy) = app.mine_window.field, app.mine_window.canvas.geometry.origin(cell)
    return [shown(field.ax + ox + i, field.ay + oy + j) for j in range(8) for i in range(8)]


def screenshot(tmp_path, name: str) -> None:
    pyxel.screenshot(str(tmp_path / f"{name}.png"), 2)
    print(f"screenshot: {tmp_path / name}.png")


@pytest.fixture
def screen_check(pyxel_screen, monkeypatch):
    yield
    BoardCursor.bold, BoardCanvas.instant = False, False  # class-wide: as the next test expects


@pytest.mark.parametrize("load", range(4))
def test_the_opening_and_the_loss_as_the_browser_asked(browser, screen_check, monkeypatch, tmp_path, load):
    """Reduced motion: the whole opening is on the screen the frame after the
    click, and a loss leaves the screen's colours alone. Without it, 2.4's
    ripple (some squares still covered a frame later) and DisplayBeep (the
    screen's grey in its complement)."""
    preferences = told(browser["loads"][load]["told"])
    app, pilot = start_as_told(monkeypatch, preferences)
    pilot.click_cell(pilot.cell_at(*OPENING))
    opened = [cell for cell in app.game.topology.cells() if app.game.is_open(cell)]
    assert len(opened) == 32
    first_frame = {cell: square_pixels(app, cell) for cell in opened}
    screenshot(tmp_path, f"opening-first-frame-{load}")
    pilot.finish_ripple()
    settled = {cell: square_pixels(app, cell) for cell in opened}
    still_covered = [cell for cell in opened if first_frame[cell] != settled[cell]]
    if preferences.less_motion:
        assert still_covered == []
    else:
        assert 0 < len(still_covered) < len(opened)
    pilot.click_cell(min(app.game.mine_cells()))
    pilot.step(2)
    assert app.game.status is GameStatus.LOST
    screenshot(tmp_path, f"loss-{load}")
    background = shown(2, app.screen.h // 2)  # the screen's grey at its left edge
    assert background == (RGB[Pen.GREY] if preferences.less_motion else beep_rgb(RGB[Pen.GREY]))
    pilot.step(20)
    assert shown(2, app.screen.h // 2) == RGB[Pen.GREY]
    assert not app.guard.faults


@pytest.mark.parametrize("load", range(4))
def test_the_numbers_colours_as_the_browser_asked(browser, screen_check, monkeypatch, tmp_path, load):
    """More contrast: every number on the board drawn in the High contrast
    preset's colour, and the bold cursor (its state only: its pixels are
    tests/ui/test_bold_cursor.py's); without it, 2.4's own colours."""
    preferences = told(browser["loads"][load]["told"])
    app, pilot = start_as_told(monkeypatch, preferences)
    pilot.click_cell(pilot.cell_at(*OPENING))
    pilot.finish_ripple()
    pilot.move(300, 240)  # the pointer off the board: every number square is the board's own pixels
    screenshot(tmp_path, f"numbers-{load}")
    numbers = {}
    for cell in app.game.topology.cells():
        n = app.game.tile(cell)
        if app.game.is_open(cell) and 0 < n < 9:
            numbers.setdefault(n, set()).update(square_pixels(app, cell))
    assert len(numbers) >= 2
    for n, colours in numbers.items():
        high = rgb12.expand(HIGH_CONTRAST.numbers[n - 1])
        plain = RGB[number_pen(n)]
        assert (high in colours, plain in colours) == (preferences.more_contrast, not preferences.more_contrast), n
    assert BoardCursor.bold is preferences.more_contrast
    assert not app.guard.faults


def board_after_a_key(app, pilot) -> dict[tuple[int, int], int]:
    """The board's pixels, as shown, with the keyboard's cursor on it."""
    pilot.click_cell(pilot.cell_at(*OPENING))
    pilot.finish_ripple()
    pilot.move(300, 240)
    pilot.key(pyxel.KEY_RIGHT)  # shows the board cursor
    field = app.mine_window.field
    return {(x, y): shown(x, y) for y in range(field.ay, field.ay + field.h) for x in range(field.ax, field.ax + field.w)}


def test_in_the_kickstart_2_look_more_contrast_changes_only_the_cursor(browser, screen_check, monkeypatch, tmp_path):
    """2.2's look draws every number in the text pen, black on the grey (9:1
    already): asked for more contrast, its board is the same pixel for pixel
    but for the cursor, the bold ring in place of the complement frame."""
    from amigasweeper.ui.intuition.modes import Look

    boards = {}
    for load in (0, 2):  # no preference, then more contrast alone
        preferences = told(browser["loads"][load]["told"])
        monkeypatch.setattr(page_module, "ask_page", lambda preferences=preferences: preferences)
        BoardCursor.bold = False
        app = App(Options(headless=True, seed=5, level=LevelName.BEGINNER, look=Look.KICKSTART2))
        pilot = Pilot(app)
        pilot.release_all()
        boards[preferences.more_contrast] = board_after_a_key(app, pilot)
        screenshot(tmp_path, f"kickstart2-{load}")
        assert not app.guard.faults
    cursor_x, cursor_y = app.mine_window.field.ax, app.mine_window.field.ay  # the cursor's square: the first
    changed = [xy for xy, colour in boards[True].items() if boards[False][xy] != colour]
    assert changed, "the bold ring should show"
    assert all(cursor_x - 3 <= x < cursor_x + 11 and cursor_y - 3 <= y < cursor_y + 11 for x, y in changed), changed

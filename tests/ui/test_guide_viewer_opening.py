"""The help viewer opens as MultiView opens a guide: at the guide's @width
(80 columns when it names none) and @height (24 lines when none), as far as
the screen allows; its zoom gadget switches between that and the largest
size. Its link buttons never cover the character beside them."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.ui.helpviewer.opening import DEFAULT_COLUMNS, DEFAULT_ROWS, wrap_rows
from amigasweeper.ui.helpviewer.pagedraw import LINE_H, LINK_PAD, PAGE_INSET_X, PAGE_INSET_Y
from amigasweeper.ui.intuition.modes import ScreenMode
from amigasweeper.ui.intuition.palette import BACKGROUND, SHINE
from amigasweeper.ui.intuition.window import SCREEN_TOP

LINES = "".join(f"Line {n} of a long page.\n" for n in range(80))


def guide(tmp_path, head: str = "", body: str = LINES):
    path = tmp_path / "Sized.guide"
    path.write_text(f"@database Sized.guide\n{head}@node Main \"Sized\"\n{body}@endnode\n")
    return path


@pytest.fixture
def hires_viewer(make_app, tmp_path):
    def build(head: str = "", body: str = LINES):
        app, pilot = make_app(guide=guide(tmp_path, head, body), screen=ScreenMode.HIRES)
        pilot.step()
        return app, app.viewer, pilot

    yield build
    pyxel.resize(320, 256)


def test_a_guide_with_width_and_height_opens_at_that_size(hires_viewer):
    _app, viewer, _pilot = hires_viewer("@width 40\n@height 10\n")
    assert (viewer.columns, viewer.rows) == (40, 10) and not viewer.sized


def test_a_guide_without_them_opens_80_by_24_as_far_as_the_screen_allows(hires_viewer):
    app, viewer, _pilot = hires_viewer()
    screen_w, screen_h = app.screen_mode.size
    assert viewer.rows == DEFAULT_ROWS and viewer.h < screen_h - SCREEN_TOP - 100  # not nearly full-screen
    assert viewer.columns < DEFAULT_COLUMNS and viewer.x + viewer.w <= screen_w  # 80 do not fit 640 pixels
    assert viewer.w >= screen_w - 8


def test_zoom_switches_between_the_guides_size_and_the_largest(hires_viewer):
    app, viewer, pilot = hires_viewer("@width 50\n@height 12\n")
    opening = (viewer.x, viewer.y, viewer.w, viewer.h)
    zoom = viewer.zoom_gadget
    pilot.click(zoom.ax + 4, zoom.ay + 4)
    screen_w, screen_h = app.screen_mode.size
    assert (viewer.x, viewer.y, viewer.w, viewer.h) == (0, SCREEN_TOP, screen_w, screen_h - SCREEN_TOP)
    assert viewer.columns > 50 and viewer.rows > 12
    pilot.click(viewer.zoom_gadget.ax + 4, viewer.zoom_gadget.ay + 4)
    assert (viewer.x, viewer.y, viewer.w, viewer.h) == opening and (viewer.columns, viewer.rows) == (50, 12)


def test_a_huge_or_tiny_width_stays_on_the_screen(make_app, tmp_path):
    for head in ("@width 5000\n@height 5000\n", "@width 1\n@height 1\n"):
        app, pilot = make_app(guide=guide(tmp_path, head))
        pilot.step()
        viewer = app.viewer
        assert viewer.x >= 0 and viewer.x + viewer.w <= 320 and viewer.y + viewer.h <= 256
        assert viewer.columns >= 10 and viewer.rows >= 1


def test_the_button_row_wraps_as_the_width_allows():
    assert wrap_rows([30, 30, 30], 100, 2) == [[0, 1, 2]]
    assert wrap_rows([30, 30, 30], 70, 2) == [[0, 1], [2]]
    assert wrap_rows([80, 10], 50, 2) == [[0], [1]]  # a button wider than the row still gets one


def link_cell(viewer, label: str):
    """(row, run, x, y) of a link on the page as drawn."""
    for row in range(viewer.navigation.place.top, viewer.navigation.place.top + viewer.rows):
        for run in viewer.scroll.lines[row].runs:
            if run.link is not None and run.text.strip() == label:
                x = viewer.page.ax + PAGE_INSET_X + (run.column - viewer.navigation.place.left) * 8
                y = viewer.page.ay + PAGE_INSET_Y + (row - viewer.navigation.place.top) * LINE_H + LINK_PAD
                return run, x, y
    raise AssertionError(f"no link {label}")


def test_a_link_button_leaves_the_character_after_it_alone(hires_viewer):
    """F1's "Playing" section read "(see [ Mouse ])." with the button over the ")"."""
    body = '(see @{" Mouse " link Main}).\nSee @{" Marks " link Main} for more.\n'
    app, viewer, pilot = hires_viewer("", body)
    pilot.move(0, 300)  # the pointer away from the page
    run, x, y = link_cell(viewer, "Mouse")
    after = x + len(run.text) * 8  # the ")" cell
    for column in (after, after + 1):
        for row in (y - LINK_PAD, y + 8 + LINK_PAD - 1):  # the bevel's top and bottom lines, if it reached
            assert pyxel.screen.pget(column, row) == BACKGROUND, (column, row)
    assert pyxel.screen.pget(after - 1, y - LINK_PAD) != BACKGROUND  # the bevel ends in its own cell
    # Beside a blank, the button still reaches into it, as before.
    run, x, y = link_cell(viewer, "Marks")
    assert pyxel.screen.pget(x + len(run.text) * 8 + 1, y - LINK_PAD) != BACKGROUND
    assert pyxel.screen.pget(x - LINK_PAD, y - LINK_PAD) == SHINE

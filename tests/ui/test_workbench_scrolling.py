"""The Workbench window's scroll bars (Backdrop off), as a 3.1 drawer window
has them: a proportional gadget and two arrows in the right border and in
the bottom border, scrolling icons that lie past the window's edges."""

from __future__ import annotations

from test_workbench_menus import choose, on_the_workbench

from amigasweeper.ui.intuition.atlas import Icon
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.intuition.window import SIZE_W
from amigasweeper.ui.workbench.scrollbars import REPEAT_AFTER, STEP


def small_workbench_window(make_app):
    """Backdrop off, the window sized down so the icons' column runs past its bottom."""
    app, pilot = on_the_workbench(make_app)
    choose(app, pilot, "Workbench", "Backdrop")
    window = app.workbench
    corner = window.size_gadget
    pilot.drag((corner.ax + 5, corner.ay + 5), (window.ax + 150, window.ay + 70))
    assert window.content_size()[1] > window.room()[1]
    return app, pilot, window


def test_the_window_has_scroll_bars_in_its_right_and_bottom_borders(make_app):
    app, pilot, window = small_workbench_window(make_app)
    bars = window.scroll_bars
    assert window.right_border == SIZE_W and all(g.visible for g in bars.gadgets)
    for gadget in (bars.vertical, bars.up, bars.down):
        assert gadget.x >= window.w - window.right_border and gadget.x + gadget.w <= window.w
    for gadget in (bars.horizontal, bars.left, bars.right):
        assert gadget.y >= window.h - window.bottom_border and gadget.y + gadget.h <= window.h
    size = window.size_gadget  # the arrows stop where the size gadget begins
    assert bars.down.y + bars.down.h <= size.y and bars.right.x + bars.right.w <= size.x
    start, knob = bars.vertical.knob()
    assert start == 0 and knob < bars.vertical.h - 4  # only part of the column is in sight
    choose(app, pilot, "Workbench", "Backdrop")  # the backdrop has no borders, so no scroll bars
    assert not any(g.visible for g in bars.gadgets)


def test_the_arrows_scroll_a_step_and_keep_scrolling_while_held(make_app):
    app, pilot, window = small_workbench_window(make_app)
    icon = window.icon(Icon.MINESWEEPER)
    before = icon.ay
    down = window.scroll_bars.down
    pilot.click(down.ax + 3, down.ay + 3)
    assert window.view_top == STEP and icon.ay == before - STEP
    pilot.move(down.ax + 3, down.ay + 3)
    pilot.press(Button.LEFT)
    pilot.step(REPEAT_AFTER + 10)
    pilot.release(Button.LEFT)
    assert window.view_top > 2 * STEP  # held, it went on
    bottom = window.content_size()[1] - window.room()[1]
    for _ in range(100):
        pilot.click(down.ax + 3, down.ay + 3)
    assert window.view_top == bottom  # never past the icons' area
    up = window.scroll_bars.up
    for _ in range(100):
        pilot.click(up.ax + 3, up.ay + 3)
    assert window.view_top == 0 and icon.ay == before


def test_the_knob_drags_the_view_and_hidden_icons_leave_the_borders_to_the_gadgets(make_app):
    app, pilot, window = small_workbench_window(make_app)
    bar = window.scroll_bars.vertical
    start, knob = bar.knob()
    pilot.drag((bar.ax + 4, bar.ay + 2 + start + knob // 2), (bar.ax + 4, bar.ay + bar.h))
    assert window.view_top == window.content_size()[1] - window.room()[1]
    first = window.icon(Icon.WORKBENCH)  # now scrolled up under the title bar
    assert first.ay < window.ay + window.inner_y
    depth = window.depth_gadget
    assert app.workbench.hit(depth.ax + 3, depth.ay + 3) is depth
    x = first.ax + first.w // 2
    if window.ay <= first.ay + 2 < window.ay + window.inner_y:
        assert app.workbench.hit(x, first.ay + 2) is not first  # the title bar there is the window's


def test_a_drop_lands_in_sight(make_app):
    app, pilot, window = small_workbench_window(make_app)
    icon = window.icon(Icon.RAM_DISK)
    pilot.drag((icon.ax + 16, icon.ay + 8), (icon.ax + 16 + 400, icon.ay + 8))  # far past the right edge
    x, _y = window.places[Icon.RAM_DISK]
    assert x + icon.w <= window.view_left + window.room()[0]

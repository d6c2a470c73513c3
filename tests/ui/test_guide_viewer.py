"""The AmigaGuide viewer driven through the real app."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.engine import GameStatus
from amigasweeper.guide import load_manual
from amigasweeper.ui.game.menudefs import Command
from amigasweeper.ui.helpviewer.pagedraw import LINE_H, LINK_PAD, PAGE_INSET_X, PAGE_INSET_Y
from amigasweeper.ui.intuition.input import Button


def click_widget(pilot, widget):
    pilot.click(widget.ax + 3, widget.ay + 3)


def button(viewer, label):
    return next(b for b in viewer.buttons if b.label == label)


@pytest.fixture
def viewer_pilot(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_F1)
    assert app.viewer is not None
    return app, app.viewer, pilot


def test_f1_and_help_open_the_page_about_the_game_and_pause_it(app_pilot):
    app, pilot = app_pilot
    pilot.click_cell(pilot.cell_at(3, 3))
    assert app.game.status is GameStatus.PLAYING
    pilot.key(pyxel.KEY_HELP)
    assert app.viewer.navigation.place.node.name == "Rules"
    assert app.game.paused
    pilot.step(120)
    seconds = app.game.seconds
    close = app.viewer.close_gadget
    click_widget(pilot, close)
    assert app.viewer is None and not app.game.paused
    pilot.step(70)
    assert app.game.seconds > seconds


def test_help_in_a_requester_opens_its_page(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_C, amiga=True)
    pilot.key(pyxel.KEY_F1)
    assert app.viewer.navigation.place.node.name == "Custom"


def test_help_in_a_menu_opens_that_menus_page(app_pilot):
    app, pilot = app_pilot
    x = app.menus.title_x[2] + 4
    pilot.move(x, 4)
    pilot.press(Button.RIGHT)
    pilot.key(pyxel.KEY_F1)
    pilot.release(Button.RIGHT)
    assert app.viewer.navigation.place.node.name == "SettingsMenu"


def test_the_manual_menu_item(app_pilot):
    app, pilot = app_pilot
    app.commands.select(next(i for m in app.menus.menus for i in m.items if i.command is Command.MANUAL))
    assert app.viewer is not None


def test_follow_a_link_retrace_and_browse(viewer_pilot):
    app, viewer, pilot = viewer_pilot
    click_widget(pilot, button(viewer, "Contents"))
    assert viewer.navigation.place.node.name == "Main"
    # The contents' buttons come after the introduction: bring the first on screen.
    viewer.scroll_to(next(i for i, line in enumerate(viewer.scroll.layout.finish()) if any(r.link for r in line.runs)))
    row, run = viewer.visible_links()[0]
    x = viewer.page.ax + PAGE_INSET_X + run.column * 8 + 2
    y = viewer.page.ay + PAGE_INSET_Y + (row - viewer.navigation.place.top) * LINE_H + 3
    pilot.click(x, y)
    target = load_manual().resolve(run.link).name
    assert viewer.navigation.place.node.name == target
    click_widget(pilot, button(viewer, "Retrace"))
    assert viewer.navigation.place.node.name == "Main"
    click_widget(pilot, button(viewer, "Browse >"))
    after_main = viewer.navigation.place.node.name
    assert after_main != "Main"
    click_widget(pilot, button(viewer, "Browse <"))
    assert viewer.navigation.place.node.name == "Main"
    # The keys: V and B alone (for browsers that keep Alt-V), or with Right-Amiga, one page each.
    pilot.key(pyxel.KEY_V)
    assert viewer.navigation.place.node.name == after_main
    pilot.key(pyxel.KEY_B, amiga=True)
    assert viewer.navigation.place.node.name == "Main"
    pilot.key(pyxel.KEY_V, amiga=True)
    pilot.key(pyxel.KEY_B)
    assert viewer.navigation.place.node.name == "Main"
    click_widget(pilot, button(viewer, "Index"))
    assert viewer.navigation.place.node.name == "Index"


def test_buttons_that_cannot_act_are_ghosted(viewer_pilot):
    app, viewer, pilot = viewer_pilot
    click_widget(pilot, button(viewer, "Contents"))
    viewer.navigation.history.clear()
    assert not button(viewer, "Retrace").can_act()
    assert not button(viewer, "Browse <").can_act()
    click_widget(pilot, button(viewer, "Retrace"))
    assert viewer.navigation.place.node.name == "Main"


def test_scrolling_with_keys_wheel_and_scroller(viewer_pilot):
    app, viewer, pilot = viewer_pilot
    viewer.show(max(viewer.navigation.document.nodes, key=lambda n: len(n.lines)))
    assert viewer.scroll.total_lines > viewer.rows
    pilot.key(pyxel.KEY_DOWN)
    assert viewer.navigation.place.top == 1
    pilot.key(pyxel.KEY_PAGEDOWN)
    assert viewer.navigation.place.top == 1 + viewer.rows or viewer.navigation.place.top == viewer.scroll.total_lines - viewer.rows
    pilot.key(pyxel.KEY_HOME)
    assert viewer.navigation.place.top == 0
    pilot.move(viewer.page.ax + 20, viewer.page.ay + 20)
    pilot.wheel(-1)
    assert viewer.navigation.place.top == 3
    pilot.wheel(1)
    assert viewer.navigation.place.top == 0
    # A page is laid out in the background; End on a page still growing
    # keeps to its end as lines arrive. Lay it all out, so End's target is fixed.
    viewer.scroll.layout.finish()
    pilot.key(pyxel.KEY_END)
    assert viewer.navigation.place.top == viewer.scroll.total_lines - viewer.rows
    scroller = viewer.scroller
    top, size = scroller.knob()
    assert top > 0 and size < scroller.h
    pilot.move(scroller.ax + 5, scroller.ay + 2 + top + 1)
    pilot.press(Button.LEFT)
    pilot.move(scroller.ax + 5, scroller.ay)
    pilot.release(Button.LEFT)
    assert viewer.navigation.place.top == 0


def test_tab_and_return_follow_links(viewer_pilot):
    app, viewer, pilot = viewer_pilot
    click_widget(pilot, button(viewer, "Index"))  # a page of links, many on screen
    links = viewer.visible_links()
    pilot.key(pyxel.KEY_TAB)
    pilot.key(pyxel.KEY_TAB)
    assert viewer.focus == 1
    pilot.key(pyxel.KEY_TAB, shift=True)
    assert viewer.focus == 0
    pilot.key(pyxel.KEY_RETURN)
    assert viewer.navigation.place.node is viewer.navigation.document.resolve(links[0][1].link)


def test_escape_closes_the_viewer_and_not_the_game(viewer_pilot):
    app, viewer, pilot = viewer_pilot
    pilot.key(pyxel.KEY_ESCAPE)
    assert app.viewer is None and not app.quit_requested


GUIDE = """@database Test.guide
@node Main "Test"
Hello @{b}bold@{ub} and @{"Other" link Other}.
Danger: @{"run it" system "rm -rf /"} and @{"beep" beep}.
@endnode
@node Other "Other page"
The other page.
@endnode
"""


def test_a_dropped_guide_opens_and_programs_are_never_run(app_pilot, tmp_path):
    app, pilot = app_pilot
    path = tmp_path / "Test.guide"
    path.write_text(GUIDE)
    pilot.drop(str(path))
    viewer = app.viewer
    # The window title is the page's title, as MultiView's is.
    assert viewer.navigation.place.node.name == "Main" and viewer.title == "Test"
    runs = {run.text.strip(): run for _, run in viewer.visible_links()}
    viewer.follow(runs["run it"].link)
    assert "Not run" in viewer.status
    viewer.follow(runs["beep"].link)
    assert app.screen.flashing
    viewer.follow(runs["Other"].link)
    assert viewer.navigation.place.node.name == "Other" and viewer.title == "Other page"


def test_a_broken_dropped_guide_opens_at_main_and_lists_its_problems_on_their_own_page(app_pilot, tmp_path):
    app, pilot = app_pilot
    path = tmp_path / "Broken.guide"
    path.write_bytes(b"@node Main\n@{\"x\" link Nowhere}\n@{unterminated\n\xff\x00garbage")
    pilot.drop(str(path))
    viewer = app.viewer
    assert viewer.navigation.place.node.name == "Main"
    viewer.show_problems()
    assert viewer.navigation.place.node.title.startswith("Problems in")
    text = " ".join(line.text for line in viewer.scroll.layout.finish())
    assert "Nowhere" in text and "'@{'" in text
    pilot.key(pyxel.KEY_BACKSPACE)
    assert viewer.navigation.place.node.name == "Main"


def test_dropping_something_else_says_so(app_pilot, tmp_path):
    app, pilot = app_pilot
    path = tmp_path / "notes.txt"
    path.write_text("hello")
    pilot.drop(str(path))
    assert app.viewer is None and "AmigaGuide" in app.requesters[-1].title


def test_the_viewer_opened_from_a_requester_has_the_keys_until_it_closes(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_C, amiga=True)
    requester = app.requesters[-1]
    pilot.key(pyxel.KEY_F1)
    viewer = app.viewer
    pilot.key(pyxel.KEY_DOWN)
    assert viewer.navigation.place.top == 1  # the viewer, in front, took the key
    pilot.key(pyxel.KEY_ESCAPE)
    assert app.viewer is None and app.requesters[-1] is requester  # Esc closed the viewer, not the requester
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters


def test_link_bevels_keep_their_padding_and_never_touch_the_line_above(viewer_pilot):
    """Each link's bevel has a pixel of space around its text and stays inside
    its own line: the row above a bevel is free of bevel edges, so no bevel
    reads as an underline of the line above it."""
    from amigasweeper.ui.intuition.palette import Pen

    app, viewer, pilot = viewer_pilot
    click_widget(pilot, button(viewer, "Index"))  # links on consecutive lines
    pilot.move(2, 250)  # the pointer off the page: no link lit
    links = viewer.visible_links()
    assert len(links) >= 2
    for row, run in links:
        x = viewer.page.ax + PAGE_INSET_X + run.column * 8
        y = viewer.page.ay + PAGE_INSET_Y + (row - viewer.navigation.place.top) * LINE_H + LINK_PAD
        width = 8 * len(run.text)
        top, bottom = y - LINK_PAD, y + 8 + LINK_PAD - 1
        assert pyxel.screen.pget(x + 3, top) == Pen.WHITE  # the bevel's shine edge
        assert pyxel.screen.pget(x + 3, bottom) == Pen.BLACK  # its shadow edge
        # The pixel row between edge and text is empty on both sides.
        assert {pyxel.screen.pget(x + dx, top + 1) for dx in range(width)} == {Pen.GREY}
        assert {pyxel.screen.pget(x + dx, bottom - 1) for dx in range(width)} == {Pen.GREY}
        # Above and left of the bevel: the gap row of the line above (or the
        # page's inset), never an edge or the page's frame.
        assert pyxel.screen.pget(x + 3, top - 1) == Pen.GREY
        assert pyxel.screen.pget(x - LINK_PAD - 1, y + 3) == Pen.GREY

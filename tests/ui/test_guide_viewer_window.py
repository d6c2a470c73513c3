"""The viewer's window as Intuition 3.1 has it: size and zoom gadgets, text
that reflows, its place on a LowRes screen, Tab paging to buttons below."""

from __future__ import annotations

import pyxel

from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.intuition.window import TITLE_H

PARAGRAPHS = "".join(f"Paragraph {n} holds words enough to wrap when the window is narrow. " * 3 + "\n\n"
                     for n in range(40))
GUIDE = f"@database W.guide\n@smartwrap\n@node Main \"Wrapped\"\n{PARAGRAPHS}@endnode\n"
LINKS = ("@database T.guide\n@node Main \"Links far down\"\n" + "".join(f"line {n}\n" for n in range(60))
         + '@{" First " link Main}\n' + "".join(f"more {n}\n" for n in range(60)) + '@{" Second " link Main}\n@endnode\n')


def opened(make_app, tmp_path, text=GUIDE, **options):
    path = tmp_path / "W.guide"
    path.write_text(text)
    app, pilot = make_app(guide=path, **options)
    pilot.step()
    return app, app.viewer, pilot


def test_the_size_gadget_resizes_and_the_text_reflows_keeping_the_place(make_app, tmp_path):
    app, viewer, pilot = opened(make_app, tmp_path)
    viewer.scroll_to(30)
    line_before = viewer.top_node_line()
    columns, width = viewer.columns, viewer.w
    gadget = viewer.size_gadget
    start = (gadget.ax + 5, gadget.ay + 5)
    pilot.move(*start)
    pilot.press(Button.LEFT)
    pilot.move(start[0] - 120, start[1] - 40)
    pilot.step()
    assert app.wm.drag is not None and app.wm.drag.resize and app.wm.drag.w == width - 120
    pilot.release(Button.LEFT)
    pilot.step()
    assert viewer.w == width - 120 and viewer.columns < columns and viewer.sized
    assert abs(viewer.top_node_line() - line_before) <= 1  # the same paragraph at the top
    assert max(line.width for line in viewer.scroll.lines) <= viewer.columns  # wrapped to the new width
    # Never smaller than its minimum, never off the screen.
    pilot.drag((viewer.size_gadget.ax + 5, viewer.size_gadget.ay + 5), (0, 0))
    pilot.step()
    assert (viewer.w, viewer.h) == viewer.min_size


def test_the_zoom_gadget_toggles_between_two_sizes(make_app, tmp_path):
    app, viewer, pilot = opened(make_app, tmp_path)
    first = (viewer.x, viewer.y, viewer.w, viewer.h)
    zoom = viewer.zoom_gadget
    assert zoom.x + zoom.w == viewer.depth_gadget.x  # left of the depth gadget
    pilot.click(zoom.ax + 4, zoom.ay + 4)
    zoomed = (viewer.x, viewer.y, viewer.w, viewer.h)
    assert zoomed != first and viewer.w == app.screen_mode.size[0]
    pilot.click(viewer.zoom_gadget.ax + 4, viewer.zoom_gadget.ay + 4)
    assert (viewer.x, viewer.y, viewer.w, viewer.h) == first


def test_on_lowres_the_game_windows_title_bar_stays_visible(make_app, tmp_path):
    app, pilot = make_app()
    pilot.key(pyxel.KEY_F1)
    pilot.step()
    viewer, mine = app.viewer, app.mine_window
    assert viewer.y >= mine.y + TITLE_H
    # A click on the game's title bar brings the game forward.
    pilot.click(mine.x + mine.w // 2, mine.y + 4)
    assert app.wm.active is mine


def test_tab_pages_to_buttons_below_and_above_the_window(make_app, tmp_path):
    app, viewer, pilot = opened(make_app, tmp_path, LINKS)
    assert viewer.visible_links() == []
    pilot.key(pyxel.KEY_TAB)
    row, run = viewer.visible_links()[viewer.focus]
    assert run.text.strip() == "First" and viewer.navigation.place.top <= row < viewer.navigation.place.top + viewer.rows
    pilot.key(pyxel.KEY_TAB)
    assert viewer.visible_links()[viewer.focus][1].text.strip() == "Second"
    pilot.key(pyxel.KEY_TAB, shift=True)
    assert viewer.visible_links()[viewer.focus][1].text.strip() == "First"

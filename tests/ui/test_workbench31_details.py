"""Details a Workbench 3.1 user sees, checked against how 3.1 draws them:
the pointer keeps its LowRes size on a HighRes screen, the Information
window has no Version field, and the rest of issue 43's list."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.ui.intuition.atlas import POINTER
from amigasweeper.ui.intuition.modes import ScreenMode
from amigasweeper.ui.intuition.palette import Pen
from amigasweeper.ui.intuition.pointerart import pointer_scale


def drawn_at_scale(x: int, y: int, art, scale: int) -> bool:
    """Every opaque pixel of the pointer's sprite covers a scale x scale block
    of the screen, its hot spot at (x, y)."""
    sprite = art.sprite
    bank = pyxel.images[sprite.bank]
    left, top = x - art.hot_x * scale, y - art.hot_y * scale
    opaque = 0
    for dy in range(sprite.h):
        for dx in range(sprite.w):
            colour = bank.pget(sprite.x + dx, sprite.y + dy)
            if colour == art.colkey:
                continue
            opaque += 1
            block = {pyxel.screen.pget(left + dx * scale + i, top + dy * scale + j)
                     for i in range(scale) for j in range(scale)}
            if block != {colour}:
                return False
    return opaque > 0


@pytest.mark.parametrize("mode,scale", [(ScreenMode.LOWRES, 1), (ScreenMode.HIRES, 2)])
def test_the_pointer_keeps_its_lowres_size_in_every_mode(make_app, mode, scale):
    app, pilot = make_app(screen=mode)
    assert pointer_scale(app.screen.w) == scale
    x, y = app.screen.w - 60, app.screen.h - 60
    pilot.move(x, y)
    pilot.step()
    assert drawn_at_scale(x, y, POINTER, scale)
    if scale > 1:  # not the small one: a pixel of it is a block of four here
        assert not drawn_at_scale(x, y, POINTER, 1)


def test_no_menu_or_sub_item_panel_runs_past_the_lowres_screen(make_app):
    """Settings groups its choices in sub-items, as a 3.1 program would: every
    panel, and every sub-item panel beside it, ends on the 256-line screen."""
    app, pilot = make_app(screen=ScreenMode.LOWRES)
    strip = app.menus
    for index, menu in enumerate(strip.menus):
        panel = strip.panels[index]
        assert panel.y + panel.h <= app.screen.h, f"{menu.title} runs off the screen"
        strip.menu_index = index
        for item in (i for i in menu.items if i.sub):
            strip.item = item
            sub = strip.sub_panel()
            assert sub is not None, f"{item.label}'s sub-items do not open"
            assert sub.y + sub.h <= app.screen.h and sub.left + sub.w <= app.screen.w
    strip.menu_index = strip.item = None
    settings = next(m for m in strip.menus if m.title == "Settings")
    assert len(settings.items) <= 12 and sum(1 for i in settings.items if i.sub) >= 5


def test_a_requester_has_a_depth_gadget_and_its_text_in_a_recessed_box(make_app):
    app, pilot = make_app()
    pilot.key(pyxel.KEY_T, amiga=True)  # Game > Best Times...
    requester = app.requesters[-1]
    assert requester.depth_gadget is not None and requester.close_gadget is None
    pilot.step()
    x, y, w, h = requester.text_box()
    left, top = requester.ax + x, requester.ay + y
    assert pyxel.screen.pget(left, top + h // 2) == Pen.BLACK  # recessed: shadow on the left ...
    assert pyxel.screen.pget(left + w - 1, top + h // 2) == Pen.WHITE  # ... shine on the right
    assert pyxel.screen.pget(left + w // 2, top) == Pen.BLACK and pyxel.screen.pget(left + w // 2, top + h - 1) == Pen.WHITE
    depth = requester.depth_gadget
    pilot.click(depth.ax + depth.w // 2, depth.ay + depth.h // 2)  # to the back: it still has the input
    assert requester in app.requesters and not requester.closed
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.requesters


def test_a_selected_icons_name_is_drawn_as_it_was(make_app):
    """3.1 shows a selection in the icon's image only; its name stays black on the background."""
    from amigasweeper.ui.intuition.atlas import ICON_H, Icon

    app, pilot = make_app()
    window = app.workbench
    icon = window.icon(Icon.MINESWEEPER)

    def label_pens() -> set[int]:
        pyxel.cls(0)
        icon.draw()
        y = icon.ay + ICON_H + 2
        return {pyxel.screen.pget(x, y + dy) for x in range(icon.ax, icon.ax + icon.w) for dy in range(8)}

    icon.selected = False
    plain = label_pens()
    icon.selected = True
    assert label_pens() == plain == {Pen.GREY, Pen.BLACK}

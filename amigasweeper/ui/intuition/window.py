"""An Intuition window: blue title bar with close and depth gadgets, thin borders,
and a grey interior that holds child widgets. A window may also have a zoom
gadget (left of the depth gadget: it toggles between two sizes) and a size
gadget (the bottom right corner: dragging it resizes the window; the window
manager draws the outline), as Intuition 3.1 gives them.

What a window offers the window manager (intuition/wm.py) is small: its title
bar to drag by, whether it is active, the menus and screen title it shows while
active, the owner it is modal to, and ``on_key`` for the keys it gets."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pyxel

from . import font, metrics
from .atlas import FONT, GADGET_H, Gadget
from .gfx import bevel
from .menustrip import MenuStrip
from .palette import BACKGROUND, FILL, FILL_TEXT, SHADOW, SHINE, TEXT
from .widgets import PushGadget, Widget

TITLE_H = GADGET_H  # 11 px: border top 2 + font 8 + 1
BORDER = 2  # left, right and bottom borders on a LowRes screen (metrics.py: HighRes sides are 4)
CLOSE_W = metrics.LOWRES.close_w
DEPTH_W = metrics.LOWRES.depth_w


SIZE_W, SIZE_H = 13, 11  # the size gadget in the bottom right corner


class SizeGadget(Widget):
    """The size gadget: a press on it starts a resize (wm.py follows the drag)."""

    def __init__(self) -> None:
        super().__init__(0, 0, SIZE_W, SIZE_H)

    def draw(self) -> None:
        x, y, w, h = self.ax, self.ay, self.w, self.h
        bevel(x, y, w, h, fill=BACKGROUND)
        # Intuition's glyph: a small window in the corner of a larger one.
        pyxel.rectb(x + 3, y + 2, w - 6, h - 4, TEXT)
        pyxel.rect(x + 3, y + 2, (w - 6) // 2, (h - 4) // 2 + 1, SHINE)
        pyxel.rectb(x + 3, y + 2, (w - 6) // 2 + 1, (h - 4) // 2 + 1, TEXT)


class SystemGadget(PushGadget):
    """A title-bar gadget: close or depth."""

    def __init__(self, x: int, gadget: Gadget, width: int, action: Callable[[], None]) -> None:
        super().__init__(x, 0, width, TITLE_H)
        self.gadget = gadget
        self.action = action

    def activate(self) -> None:
        self.action()

    def draw(self) -> None:
        sprite = (self.gadget.selected if self.held else self.gadget).sprite
        active = self.parent is None or getattr(self.parent, "active", True)
        if not active:
            pyxel.pal(FILL, BACKGROUND)  # an inactive window's title bar is grey, gadgets too
        blit_widened(self.ax, self.ay, sprite, self.w)
        pyxel.pal(FILL, FILL)


def blit_widened(x: int, y: int, sprite, width: int) -> None:
    """A gadget sprite drawn ``width`` wide: a HighRes gadget is wider than the
    LowRes art, so the plain columns beside its glyph (the second and the last
    but one) are repeated, half the extra on each side, keeping the glyph centred."""
    extra = max(0, width - sprite.w)
    left, right = extra // 2, extra - extra // 2
    bank, sx, sy, sw, sh = sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h
    pyxel.blt(x, y, bank, sx, sy, 2, sh)
    for i in range(left):
        pyxel.blt(x + 2 + i, y, bank, sx + 1, sy, 1, sh)
    pyxel.blt(x + 2 + left, y, bank, sx + 2, sy, sw - 4, sh)
    for i in range(right):
        pyxel.blt(x + sw - 2 + left + i, y, bank, sx + sw - 2, sy, 1, sh)
    pyxel.blt(x + sw - 2 + extra, y, bank, sx + sw - 2, sy, 2, sh)


class Window(Widget):
    """A window whose interior starts at (inner_x, inner_y) in its own coordinates."""

    backdrop = False  # a backdrop window stays behind the others and has no title bar
    menus: MenuStrip | None = None  # the MenuStrip shown while this window is active, if it has menus
    help_node: str | None = None  # the manual's page Help shows while it is active, if it has one
    owner: Window | None = None  # the window a requester blocks while it is open
    screen_title: str | None = None  # the screen bar's text while active (None: the screen's own)
    # Intuition's WFLG_SIZEBBOTTOM: the size gadget sits in a bottom border as
    # tall as itself, below the interior, instead of over its corner.
    size_bottom = False
    # The system gadgets a window has (None: it has none); set here too for
    # the layout a subclass may run before Window.__init__ has made them.
    close_gadget: SystemGadget | None = None
    depth_gadget: SystemGadget | None = None
    zoom_gadget: SystemGadget | None = None
    size_gadget: SizeGadget | None = None

    @property
    def inner_x(self) -> int:
        return self.border

    @property
    def inner_y(self) -> int:
        """Below the title bar (a property: a backdrop window has none)."""
        return TITLE_H

    @property
    def border(self) -> int:
        """The side borders: wider on a HighRes screen."""
        return metrics.current().side_border

    @property
    def right_border(self) -> int:
        """The right border: the side border's width, unless the window keeps
        gadgets in it (Intuition's WFLG_SIZEBRIGHT: a Workbench drawer's scroller)."""
        return self.border

    @property
    def side_borders(self) -> int:
        """The left and right borders together: outer width less inner width."""
        return self.border + self.right_border

    def __init__(
        self,
        title: str,
        x: int,
        y: int,
        inner_w: int,
        inner_h: int,
        *,
        on_close: Callable[[], None] | None = None,
        on_depth: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(x, y, 0, 0)
        self.title = title
        self.active = True
        self.closed = False
        self.moved = False  # dragged by the user: layout changes keep its place
        self.screen_size = (320, 256)
        self.close_gadget = None
        self.depth_gadget = None
        # The depth gadget of ``enable_depth`` was clicked: WindowManager.open sets what it does.
        self.depth_request: Callable[[], None] = lambda: None
        self.zoom_gadget = None
        self.size_gadget = None
        self.min_size = (0, 0)  # the smallest outer size the size gadget allows
        self.sized = False  # sized or zoomed by the user: layout changes keep the size
        self.other_box: tuple[int, int, int, int] | None = None  # where the zoom gadget goes next
        self.sizes_by_screen: dict[tuple[int, int], SizeKept] = {}  # the user's size on each screen it was on
        self.resize_inner(inner_w, inner_h)
        if on_close is not None:
            self.close_gadget = self.add(SystemGadget(0, Gadget.CLOSE, CLOSE_W, on_close))
        if on_depth is not None:
            self.depth_gadget = self.add(SystemGadget(self.w - DEPTH_W, Gadget.DEPTH, DEPTH_W, on_depth))

    @property
    def bottom_border(self) -> int:
        return SIZE_H if self.size_bottom and self.size_gadget is not None else BORDER

    def resize_inner(self, inner_w: int, inner_h: int) -> None:
        sizes = metrics.current()
        self.w = inner_w + self.side_borders
        self.h = TITLE_H + inner_h + self.bottom_border
        if self.close_gadget is not None:
            self.close_gadget.w = sizes.close_w
        if self.depth_gadget is not None:
            self.depth_gadget.w = sizes.depth_w
            self.depth_gadget.x = self.w - sizes.depth_w
        self._place_extra_gadgets()

    # ------------------------------------------------------ size and zoom
    def enable_sizing(self, min_w: int, min_h: int) -> None:
        """Give the window a size gadget; it never becomes smaller than min_w x min_h."""
        inner = (self.inner_w, self.inner_h)
        self.min_size = (min_w, min_h)
        self.size_gadget = self.add(SizeGadget())
        self.resize_inner(*inner)  # a size_bottom window's bottom border grows for it

    def enable_depth(self) -> None:
        """Give the window a depth gadget that the window manager works
        (``depth_request``, which WindowManager.open sets), for a window
        whose opener has no depth action of its own, such as a requester.
        A window has one depth gadget: asking again changes nothing."""
        if self.depth_gadget is not None:
            return
        self.depth_gadget = self.add(SystemGadget(self.w - DEPTH_W, Gadget.DEPTH, DEPTH_W, lambda: self.depth_request()))
        self.resize_inner(self.inner_w, self.inner_h)

    def enable_zoom(self) -> None:
        """Give the window a zoom gadget, left of its depth gadget."""
        self.zoom_gadget = self.add(SystemGadget(0, Gadget.ZOOM, DEPTH_W, self.zoom))
        self._place_extra_gadgets()

    def _place_extra_gadgets(self) -> None:
        if self.zoom_gadget is not None:
            self.zoom_gadget.w = metrics.current().depth_w
            right = self.depth_gadget.x if self.depth_gadget is not None else self.w
            self.zoom_gadget.x = right - self.zoom_gadget.w
        if self.size_gadget is not None:
            self.size_gadget.x, self.size_gadget.y = self.w - SIZE_W, self.h - SIZE_H

    def in_size_gadget(self, px: int, py: int) -> bool:
        return self.size_gadget is not None and self.size_gadget.contains(px, py)

    def fit_size(self, w: int, h: int) -> tuple[int, int]:
        """An outer size the window may take: at least its minimum, at most what fits from where it is."""
        screen_w, screen_h = self.screen_size
        min_w, min_h = self.min_size
        return max(min_w, min(w, screen_w - self.x)), max(min_h, min(h, screen_h - self.y))

    def size_to(self, w: int, h: int) -> None:
        """The user's new size (from the size gadget): the window lays itself out again."""
        w, h = self.fit_size(w, h)
        self.sized = True
        self.other_box = None  # a new size: the zoom gadget goes to the zoomed size again
        self._set_box(self.x, self.y, w, h)

    def zoom(self) -> None:
        """The zoom gadget: between the size the window has and the other one
        (at first the whole screen below its bar, or back again)."""
        box = self.other_box or self.zoomed_box()
        self.other_box = (self.x, self.y, self.w, self.h)
        self.sized = self.moved = True
        self._set_box(*box)

    def zoomed_box(self) -> tuple[int, int, int, int]:
        """Where the zoom gadget first takes the window: the whole screen below its bar."""
        screen_w, screen_h = self.screen_size
        return 0, SCREEN_TOP, screen_w, screen_h - SCREEN_TOP

    def _set_box(self, x: int, y: int, w: int, h: int) -> None:
        self.x, self.y = x, y
        self.resize_inner(w - self.side_borders, h - TITLE_H - self.bottom_border)
        self.x, self.y = clamp_to_screen(self.x, self.y, self.w, self.h, self.screen_size)
        self.on_resized()

    def on_resized(self) -> None:
        """Called after the size or zoom gadget changed the window's size: lay out the interior again."""

    # ------------------------------------------------------- a new screen
    def reopen(self, old_size: tuple[int, int], new_size: tuple[int, int]) -> None:
        """The screen closed and opened again at another size (a screen mode
        change), and this window with it. It keeps its size in the new mode's
        metrics: a size the user gave it on a screen of that size before comes
        back, any other size stays as it is (as far as the screen holds it),
        a window sized by its contents lays them out again. A place the user
        dragged it to is scaled to the new screen: the same share of the room
        left beside it, so a window at an edge stays at that edge."""
        if self.sized:
            self.sizes_by_screen[old_size] = SizeKept(self.w, self.h, self.other_box)
        kept = self.sizes_by_screen.get(new_size) if self.sized else None
        if kept is not None:
            self.w, self.h, self.other_box = kept.w, kept.h, kept.other_box
        elif self.sized:
            self.other_box = None  # the zoom gadget's other size was the old screen's
        place = (self.x, self.y, self.w, self.h)
        self.screen_size = new_size
        self._place_scaled(place, old_size)  # first with the old size, so the layout fits from there
        self.relayout()
        self._place_scaled(place, old_size)

    def _place_scaled(self, place: tuple[int, int, int, int], old_size: tuple[int, int]) -> None:
        if self.moved:
            self.x, self.y = scaled_place(place, (self.w, self.h), old_size, self.screen_size)
        self.x, self.y = clamp_to_screen(self.x, self.y, self.w, self.h, self.screen_size)

    def relayout(self) -> None:
        """Lay the window out again on its screen, as large as it was as far
        as the screen holds it (windows with contents to place do more)."""
        screen_w, screen_h = self.screen_size
        min_w, min_h = self.min_size
        w, h = max(min_w, min(self.w, screen_w)), max(min_h, min(self.h, screen_h - SCREEN_TOP))
        self.resize_inner(w - self.side_borders, h - TITLE_H - self.bottom_border)
        self.x, self.y = clamp_to_screen(self.x, self.y, self.w, self.h, self.screen_size)

    # -------------------------------------------------------------- placing
    def settle(self, x: int, y: int) -> None:
        """Put the window at (x, y), or keep the place the user dragged it to,
        and keep it whole on the screen below the screen bar."""
        if not self.moved:
            self.x, self.y = x, y
        self.x, self.y = clamp_to_screen(self.x, self.y, self.w, self.h, self.screen_size)

    def in_drag_bar(self, px: int, py: int) -> bool:
        """The title bar outside the system gadgets: where a drag starts."""
        if self.backdrop or not self.contains(px, py) or py >= self.ay + TITLE_H:
            return False
        gadgets = (self.close_gadget, self.depth_gadget, self.zoom_gadget)
        return not any(g is not None and g.contains(px, py) for g in gadgets)

    @property
    def inner_w(self) -> int:
        return self.w - self.side_borders

    @property
    def inner_h(self) -> int:
        return self.h - TITLE_H - self.bottom_border

    def draw_frame(self) -> None:
        x, y, w, h = self.ax, self.ay, self.w, self.h
        fill = FILL if self.active else BACKGROUND
        pyxel.rect(x, y, w, h, fill)
        side, sides, bottom = self.border, self.side_borders, self.bottom_border
        pyxel.rect(x + side, y + TITLE_H, w - sides, h - TITLE_H - bottom, BACKGROUND)
        bevel(x, y, w, h)  # outer edge: shine top-left, shadow bottom-right
        # Inner edge of the border, the reverse, around the interior.
        ix, iy, iw, ih = x + side - 1, y + TITLE_H - 1, w - sides + 2, h - TITLE_H - bottom + 2
        pyxel.line(ix, iy, ix + iw - 1, iy, SHADOW)
        pyxel.line(ix, iy, ix, iy + ih - 1, SHADOW)
        pyxel.line(ix + iw - 1, iy, ix + iw - 1, iy + ih - 1, SHINE)
        pyxel.line(ix, iy + ih - 1, ix + iw - 1, iy + ih - 1, SHINE)
        self.draw_title()

    def draw_title(self) -> None:
        left = self.ax + (self.close_gadget.w if self.close_gadget else 0) + 3
        right = self.ax + self.w - sum(g.w for g in (self.depth_gadget, self.zoom_gadget) if g) - 2
        room = max(0, (right - left) // FONT.cell)
        pen = FILL_TEXT if self.active else TEXT
        font.draw_text(left, self.ay + 2, self.title[:room], pen)

    def draw(self) -> None:
        self.draw_frame()
        self.draw_interior()
        super().draw()

    def draw_interior(self) -> None:
        """The window's own drawing under its child widgets."""

    def draw_over(self) -> None:
        """Drawn over every window, once all are drawn (what this window drags)."""


SCREEN_TOP = 11  # the screen bar and its trim line: windows stay below it


@dataclass(frozen=True)
class SizeKept:
    """A window's size on one screen, and the other size of its zoom gadget."""

    w: int
    h: int
    other_box: tuple[int, int, int, int] | None


def scaled_place(box: tuple[int, int, int, int], size: tuple[int, int], old_screen: tuple[int, int],
                 new_screen: tuple[int, int]) -> tuple[int, int]:
    """Where a window placed at ``box`` on the old screen goes on the new one,
    now ``size``: at the same share of the room beside it and below the bar
    (room of none: at the left or the top)."""
    x, y, w, h = box

    def along(at: int, start: int, room: int, new_room: int) -> int:
        return start + (round((at - start) * new_room / room) if room > 0 else 0)

    new_w, new_h = size
    return (along(x, 0, old_screen[0] - w, new_screen[0] - new_w),
            along(y, SCREEN_TOP, old_screen[1] - SCREEN_TOP - h, new_screen[1] - SCREEN_TOP - new_h))


def clamp_to_screen(x: int, y: int, w: int, h: int, screen_size: tuple[int, int]) -> tuple[int, int]:
    """A window's place moved just enough to keep it on the screen (its title
    bar first, when the window is larger than the screen)."""
    screen_w, screen_h = screen_size
    x = max(0, min(x, screen_w - w))
    y = max(SCREEN_TOP, min(y, screen_h - h))
    return x, y

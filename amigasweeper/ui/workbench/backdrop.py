"""The Workbench window: the disk and program icons, and the screen title
Workbench 3.1 shows while it is active. With Backdrop on (the Workbench
menu's item, kept with the settings) it is the screen's backdrop: no
borders, behind every other window, never dragged. With Backdrop off it is a
window named Workbench with a depth, a zoom and a size gadget, scroll bars
in its right and bottom borders as a 3.1 drawer window has (scrollbars.py),
and no close gadget: Workbench's own window never closes. Its icons keep
their places inside it either way (icons.py says how they are clicked and
dragged); in the window, icons beyond its edges are scrolled to."""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from ..intuition.atlas import Icon
from ..intuition.input import Button, Frame
from ..intuition.widgets import Widget
from ..intuition.window import SCREEN_TOP, SIZE_H, SIZE_W, TITLE_H, Window, clamp_to_screen
from .icons import COLUMN_W, ICON_BOX_H, ICONS, IconDrag, IconGadget, tidy_places
from .scrollbars import ARROW_H, ARROW_W, AxisView, ScrollBars, ViewAxis

# Our own figures for the screen title (a 2 MB chip RAM, 8 MB fast RAM Amiga).
GRAPHICS_MEM = 1_843_200
OTHER_MEM = 7_962_624
# The size gadget's smallest Workbench window: an icon's column, and room
# in the borders for the arrows beside the size gadget and a little scroller.
MIN_W = max(COLUMN_W + 40, 2 * ARROW_W + SIZE_W + 24)
MIN_H = max(TITLE_H + ICON_BOX_H + 16, TITLE_H + 2 * ARROW_H + SIZE_H + 12)

Box = tuple[int, int, int, int]


def workbench_title() -> str:
    return f"Amiga Workbench  {GRAPHICS_MEM:,} graphics mem  {OTHER_MEM:,} other mem"


class WorkbenchWindow(Window):
    """``on_open(icon)`` opens a double-clicked icon; ``kept`` are the icons'
    places Snapshot kept (the rest are tidied), ``box`` the window's place and
    size with Backdrop off."""

    size_bottom = True  # the size gadget in a bottom border as tall as it, beside the horizontal scroller

    def __init__(self, screen_size: tuple[int, int], clock: Callable[[], float], on_open: Callable[[Icon], None],
                 *, backdrop: bool = True, kept: dict[Icon, tuple[int, int]] | None = None,
                 box: Box | None = None) -> None:
        super().__init__("Workbench", 0, SCREEN_TOP, MIN_W, MIN_H)
        self.backdrop = backdrop
        self.screen_title = workbench_title()
        self.on_open = on_open
        self.icons = [self.add(IconGadget(icon, label, clock)) for icon, label in ICONS]
        self.drag: IconDrag | None = None  # icons being dragged
        self.view_left = self.view_top = 0  # the part of the icons' area in sight (Backdrop off)
        self.scroll_bars = ScrollBars(self, AxisView(
            ViewAxis(lambda: self.content_size()[0], lambda: self.room()[0], lambda: self.view_left, self.scroll_across),
            ViewAxis(lambda: self.content_size()[1], lambda: self.room()[1], lambda: self.view_top, self.scroll_down),
        ))
        self.enable_depth()
        self.enable_zoom()
        self.enable_sizing(MIN_W, MIN_H)
        self.places: dict[Icon, tuple[int, int]] = {}  # each icon's place inside the window
        self.screen_size = screen_size
        self.arrange(kept or {})
        self.set_backdrop(backdrop, box)
        self._drawn: pyxel.Image | None = None  # the backdrop's icons, drawn once until they change
        self._drawn_key: tuple | None = None

    def spoken(self) -> str:
        """What the Narrator says of the Workbench: its icons."""
        return "icons: " + ", ".join(" ".join(icon.label.split()) for icon in self.icons)

    # ------------------------------------------------------------ the window
    @property
    def inner_x(self) -> int:
        return 0 if self.backdrop else self.border

    @property
    def inner_y(self) -> int:
        return 0 if self.backdrop else TITLE_H

    @property
    def right_border(self) -> int:
        """As wide as the size gadget, for the vertical scroller (Backdrop off)."""
        return self.border if self.backdrop else SIZE_W

    def set_backdrop(self, backdrop: bool, box: Box | None = None) -> None:
        """The screen's backdrop, or a window of its own at ``box`` (the whole
        screen below its title bar when none is given)."""
        self.backdrop = backdrop
        for gadget in (self.depth_gadget, self.zoom_gadget, self.size_gadget):
            assert gadget is not None  # __init__ gave the window all three before this
            gadget.visible = not backdrop
        self.scroll_bars.show(not backdrop)
        self.view_left = self.view_top = 0
        screen_w, screen_h = self.screen_size
        x, y, w, h = box or (0, SCREEN_TOP, screen_w, screen_h - SCREEN_TOP)
        self.x, self.y = x, y
        self.resize_inner(w - self.side_borders, h - TITLE_H - self.bottom_border)
        self.sized = self.moved = box is not None  # a box kept by Snapshot is the user's
        self.other_box = None
        self.relayout()

    def relayout(self) -> None:
        if self.backdrop:
            screen_w, screen_h = self.screen_size
            self.x, self.y, self.w, self.h = 0, SCREEN_TOP, screen_w, screen_h - SCREEN_TOP
        else:
            super().relayout()
        self.place_icons()

    def on_resized(self) -> None:
        self.place_icons()

    def place_icons(self) -> None:
        """Each icon where its place is in sight: on the backdrop kept inside
        the screen (a place kept on a larger screen shows at the nearest one
        that fits); in the window, scrolled by the view, the scroll bars laid
        into the borders."""
        if self.backdrop:
            self._place_inside()
            return
        self.scroll_bars.place(self.w, self.h, self.inner_y, self.right_border, self.bottom_border, SIZE_H)
        self.view_left, self.view_top = self._clamped(self.view_left, self.view_top)
        for icon in self.icons:
            x, y = self.places.get(icon.icon, (0, 0))
            icon.x, icon.y = self.inner_x + x - self.view_left, self.inner_y + y - self.view_top

    # ------------------------------------------------------------ scrolling
    def content_size(self) -> tuple[int, int]:
        """The icons' area: what the icons reach, and at least what is in sight."""
        room_w, room_h = self.room()
        sizes = {i.icon: (i.w, i.h) for i in self.icons}
        reach_w = max((x + sizes[k][0] for k, (x, _) in self.places.items()), default=0)
        reach_h = max((y + sizes[k][1] for k, (_, y) in self.places.items()), default=0)
        return max(room_w, reach_w), max(room_h, reach_h)

    def _clamped(self, left: int, top: int) -> tuple[int, int]:
        (content_w, content_h), (room_w, room_h) = self.content_size(), self.room()
        return max(0, min(left, content_w - room_w)), max(0, min(top, content_h - room_h))

    def scroll_across(self, left: int) -> None:
        self.view_left, _ = self._clamped(left, self.view_top)
        self.place_icons()

    def scroll_down(self, top: int) -> None:
        _, self.view_top = self._clamped(self.view_left, top)
        self.place_icons()

    def hit(self, px: int, py: int) -> Widget | None:
        """Icons answer only inside the interior: one scrolled under a border
        or the title bar leaves the gadgets there to the pointer."""
        if self.backdrop:
            return super().hit(px, py)
        if not self.contains(px, py):
            return None
        x, y = self.ax + self.inner_x, self.ay + self.inner_y
        inside = x <= px < x + self.inner_w and y <= py < y + self.inner_h
        for child in reversed(self.children):
            if child in self.icons and not inside:
                continue
            found = child.hit(px, py)
            if found is not None:
                return found
        return self

    def box(self) -> Box:
        return self.x, self.y, self.w, self.h

    # ------------------------------------------------------------- the icons
    def icon(self, kind: Icon) -> IconGadget:
        return next(i for i in self.icons if i.icon is kind)

    def arrange(self, kept: dict[Icon, tuple[int, int]]) -> None:
        """Each icon at the place kept for it, the others where Clean Up puts them."""
        tidy = dict(zip((i.icon for i in self.icons), tidy_places(len(self.icons), self.room()[1])))
        self.places = {i.icon: kept.get(i.icon, tidy[i.icon]) for i in self.icons}
        self.place_icons()

    def clean_up(self) -> None:
        """The Window menu's Clean Up: every icon in a tidy column."""
        self.arrange({})

    def room(self) -> tuple[int, int]:
        """The inside of the window, where icons go."""
        screen_w, screen_h = self.screen_size
        if self.backdrop:
            return screen_w, screen_h - SCREEN_TOP
        return self.inner_w, self.inner_h

    def _place_inside(self) -> None:
        room_w, room_h = self.room()
        for icon in self.icons:
            x, y = self.places.get(icon.icon, (0, 0))
            icon.x = self.inner_x + max(0, min(x, room_w - icon.w))
            icon.y = self.inner_y + max(0, min(y, room_h - icon.h))

    def select_only(self, chosen: IconGadget | None) -> None:
        self.screen_title = workbench_title()  # a click on the Workbench: a message shown goes
        for icon in self.icons:
            icon.selected = icon is chosen

    def show_message(self, text: str) -> None:
        """A message in the screen's title bar while this window is active, as
        Workbench 3.1 shows its messages, until the Workbench is next clicked."""
        self.screen_title = text

    def select_all(self) -> None:
        """The Window menu's Select Contents."""
        for icon in self.icons:
            icon.selected = True

    def selected(self) -> Icon | None:
        return next((i.icon for i in self.icons if i.selected), None)

    def selected_icons(self) -> list[Icon]:
        return [i.icon for i in self.icons if i.selected]

    def open_icon(self, icon: Icon) -> None:
        self.on_open(icon)

    def drop(self, drag: IconDrag, frame: Frame) -> None:
        """Dragged icons let go: over this window (and no other in front of it)
        they move by how far they were dragged; anywhere else they stay."""
        inside = self.contains(frame.x, frame.y) and frame.pointer_in(self)
        if not inside or (not self.backdrop and frame.y < self.ay + TITLE_H):
            return
        dx, dy = drag.offset
        room_w, room_h = self.room()
        left, top = (0, 0) if self.backdrop else (self.view_left, self.view_top)  # a drop lands in sight
        for icon in (i for i in self.icons if i.selected):
            x, y = self.places[icon.icon]
            self.places[icon.icon] = (max(left, min(left + room_w - icon.w, x + dx)),
                                      max(top, min(top + room_h - icon.h, y + dy)))
        self.place_icons()

    def on_press(self, frame: Frame, button: Button) -> None:
        """A click on the bare window drops the selection."""
        if button is Button.LEFT:
            self.select_only(None)

    # ----------------------------------------------------------------- draw
    def redraw(self) -> None:
        """Redraw All: nothing drawn before is used again."""
        self._drawn_key = None

    def draw(self) -> None:
        if self.backdrop:
            self._draw_backdrop()
            return
        self.draw_frame()
        x, y = self.ax + self.inner_x, self.ay + self.inner_y
        pyxel.clip(x, y, self.inner_w, self.inner_h)
        for icon in self.icons:
            icon.draw()
        pyxel.clip()
        for gadget in self.children:
            if gadget.visible and gadget not in self.icons:
                gadget.draw()

    def _draw_backdrop(self) -> None:
        """The screen was cleared to the background just before: only the icons
        are drawn, from a copy kept until the selection, the places or the
        screen change (a thousand-pixel icon a frame is not redrawn for nothing)."""
        left = min(i.ax for i in self.icons)
        top = min(i.ay for i in self.icons)
        w = max(i.ax + i.w for i in self.icons) - left
        h = max(i.ay + i.h for i in self.icons) - top
        key = (self.screen_size, left, top, w, h, tuple((i.x, i.y, i.selected) for i in self.icons))
        if self._drawn is not None and self._drawn_key == key:  # the key is kept with its picture
            pyxel.blt(left, top, self._drawn, 0, 0, w, h)
            return
        for icon in self.icons:
            icon.draw()
        if self._drawn is None or self._drawn.width < w or self._drawn.height < h:
            self._drawn = pyxel.Image(max(w, COLUMN_W + 8), max(h, self.h))
        self._drawn.blt(0, 0, pyxel.screen, left, top, w, h)
        self._drawn_key = key

    def draw_over(self) -> None:
        """Icons being dragged, drawn over every window where they would go."""
        drag = self.drag
        if drag is None or not drag.moving:
            return
        dx, dy = drag.offset
        for icon in (i for i in self.icons if i.selected):
            icon.draw_at(icon.ax + dx, icon.ay + dy)


def kept_box(box: tuple[int, ...], screen_size: tuple[int, int]) -> Box | None:
    """A Workbench window's box kept by Snapshot, whole on this screen (None: none kept)."""
    if len(box) != 4:
        return None
    x, y, w, h = box
    screen_w, screen_h = screen_size
    w, h = max(MIN_W, min(w, screen_w)), max(MIN_H, min(h, screen_h - SCREEN_TOP))
    x, y = clamp_to_screen(x, y, w, h, screen_size)
    return x, y, w, h

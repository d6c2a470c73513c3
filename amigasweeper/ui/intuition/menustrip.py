"""Intuition menus: while the right button is held away from the minefield the
screen title bar becomes the window's menu strip; a title drops its white panel,
items are complemented under the pointer, and releasing over an enabled item
selects it. An item with sub-items shows Intuition's sub-item mark and, while
the pointer is on it, a second panel of them beside it, over the first one's
right edge as Intuition places it; the pointer goes across to choose one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import pyxel

from . import font, metrics
from .atlas import FONT, Glyph
from .gfx import complement
from .input import Frame
from .menus import ItemKind, Menu, MenuItem
from .palette import BAR_BLOCK, BAR_DETAIL, BAR_TRIM
from .screen import BAR_H

TITLE_GAP = 12  # space between titles in the strip
STRIP_LEFT = 6
ITEM_H = FONT.cell + 2
BAR_ITEM_H = 4  # a separator line between groups of items
PANEL_PAD = 3
KEY_MARK_W = 2 * FONT.cell + 2  # the Right-Amiga glyph, a gap and the letter
SUB_OVERLAP = 12  # how far a sub-item panel lies over its menu panel's right edge
SUB_MARK_W = 7  # the sub-item mark: two small chevrons


# Key codes for the letters and signs used as Right-Amiga hotkeys.
HOTKEY_CODES = {
    **{getattr(pyxel, f"KEY_{c}"): c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"},
    pyxel.KEY_QUESTION: "?",
    pyxel.KEY_SLASH: "?",  # Shift and / on most keyboards
    pyxel.KEY_MINUS: "-",
    pyxel.KEY_EQUALS: "=",
    pyxel.KEY_PERIOD: ".",
}


@dataclass(frozen=True)
class ItemBox:
    item: MenuItem
    y: int  # top of the item, screen coordinates
    h: int


class Panel(NamedTuple):
    """A laid-out panel of items: where its left edge would be, its top, its
    width and rows."""

    x: int
    y: int
    w: int
    boxes: list[ItemBox]

    @property
    def left(self) -> int:
        """Its left edge, moved left as far as it must be to stay whole on the screen."""
        return max(0, min(self.x, pyxel.width - self.w))

    @property
    def h(self) -> int:
        return self.boxes[-1].y + self.boxes[-1].h + 2 - self.y

    def contains(self, px: int, py: int) -> bool:
        return self.left <= px < self.left + self.w and self.y <= py < self.y + self.h

    def item_at(self, py: int) -> MenuItem | None:
        return next((box.item for box in self.boxes if box.y <= py < box.y + box.h), None)

    def box_of(self, item: MenuItem) -> ItemBox:
        return next(box for box in self.boxes if box.item is item)


class MenuStrip:
    """The menus of one window. ``checked`` and ``enabled`` say how items look;
    ``on_select`` is called with the chosen item (or sub-item) on release."""

    def __init__(
        self,
        menus: tuple[Menu, ...],
        *,
        checked: Callable[[MenuItem], bool],
        enabled: Callable[[MenuItem], bool],
        on_select: Callable[[MenuItem], None],
    ) -> None:
        self.menus = menus
        self.checked = checked
        self.enabled = enabled
        self.on_select = on_select
        self.is_open = False
        self.menu_index: int | None = None
        self.item: MenuItem | None = None  # the item under the pointer, or whose sub-items are open
        self.sub_item: MenuItem | None = None  # the sub-item under the pointer
        self.title_x = self._title_positions()
        self.panels = [self._panel_layout(i) for i in range(len(menus))]

    @classmethod
    def for_actions(
        cls,
        menus: tuple[Menu, ...],
        actions: dict,
        enabled: dict | None = None,
        checked: dict | None = None,
    ) -> MenuStrip:
        """A strip whose items run ``actions[command]``; ``enabled[command]``,
        where given, says when an item can be chosen (else it always can, and
        an item with sub-items when one of them can); ``checked[command]``
        whether a check mark shows."""
        conditions, marks = enabled or {}, checked or {}

        def can(item: MenuItem) -> bool:
            condition = conditions.get(item.command)
            if item.sub:
                return any(can(sub) for sub in item.sub) if condition is None else condition()
            return item.command in actions and (condition is None or condition())

        def run(item: MenuItem) -> None:
            if can(item) and not item.sub:
                actions[item.command]()

        def ticked(item: MenuItem) -> bool:
            mark = marks.get(item.command)
            return mark is not None and mark()

        return cls(menus, checked=ticked, enabled=can, on_select=run)

    # --------------------------------------------------------------- layout
    def _title_positions(self) -> list[int]:
        positions, x = [], STRIP_LEFT
        for menu in self.menus:
            positions.append(x)
            x += font.text_width(menu.title) + TITLE_GAP
        return positions

    def title_span(self, index: int) -> tuple[int, int]:
        x = self.title_x[index]
        return x - TITLE_GAP // 2, x + font.text_width(self.menus[index].title) + TITLE_GAP // 2

    @staticmethod
    def _panel(items: tuple[MenuItem, ...], x: int, y: int) -> Panel:
        """Items in a panel at (x, y), as wide as its longest label needs."""
        text_w = max(font.text_width(item.label) for item in items)
        sizes = metrics.current()  # HighRes columns are wider, as Intuition's
        width = PANEL_PAD + sizes.check_w + text_w + 8 + sizes.key_w + PANEL_PAD
        boxes, cursor = [], y + 2
        for item in items:
            if item.bar_before:
                cursor += BAR_ITEM_H
            boxes.append(ItemBox(item, cursor, ITEM_H))
            cursor += ITEM_H
        return Panel(x, y, width, boxes)

    def _panel_layout(self, index: int) -> Panel:
        return self._panel(self.menus[index].items, self.title_x[index] - PANEL_PAD, BAR_H + 1)

    def sub_panel(self) -> Panel | None:
        """The open item's sub-item panel (while it can be chosen), beside it."""
        item = self.item
        if self.menu_index is None or item is None or not item.sub or not self.enabled(item):
            return None
        panel = self.panels[self.menu_index]
        return self._panel(item.sub, panel.left + panel.w - SUB_OVERLAP, panel.box_of(item).y - 2)

    def panel_rect(self, index: int) -> tuple[int, int, int, int]:
        panel = self.panels[index]
        return panel.left, panel.y, panel.w, panel.h

    def hotkey_item(self, letter: str) -> MenuItem | None:
        return next((i for m in self.menus for i in m.every_item() if i.key == letter), None)

    # ---------------------------------------------------------------- input
    def hotkeys(self, frame: Frame) -> None:
        """Right-Amiga with a letter: the item with that key, as if chosen."""
        for code in frame.keys:
            letter = HOTKEY_CODES.get(code)
            if code == pyxel.KEY_SLASH and not frame.shift:
                letter = None
            item = self.hotkey_item(letter) if letter else None
            if item is not None and self.enabled(item):
                self.on_select(item)

    def open(self) -> None:
        self.panels = [self._panel_layout(i) for i in range(len(self.menus))]  # for this screen's metrics
        self.is_open = True
        self.menu_index = None
        self.item = self.sub_item = None

    def track(self, px: int, py: int) -> None:
        """Follow the pointer: titles in the bar choose a menu, rows choose an
        item, and the rows of an open sub-item panel one of those."""
        self.sub_item = None
        if py < BAR_H:
            for index in range(len(self.menus)):
                left, right = self.title_span(index)
                if left <= px < right:
                    self.menu_index = index
            self.item = None
            return
        sub = self.sub_panel()
        if sub is not None and sub.contains(px, py):
            self.sub_item = sub.item_at(py)  # the item whose sub-items these are stays lit
            return
        self.item = self.item_at(px, py)

    def item_at(self, px: int, py: int) -> MenuItem | None:
        if self.menu_index is None:
            return None
        panel = self.panels[self.menu_index]
        return panel.item_at(py) if panel.contains(px, py) else None

    def chosen(self) -> MenuItem | None:
        """What a release now would choose: an enabled sub-item, or an enabled
        item that has none."""
        if self.sub_item is not None:
            return self.sub_item if self.enabled(self.sub_item) else None
        item = self.item
        return item if item is not None and not item.sub and self.enabled(item) else None

    def release(self, px: int, py: int) -> MenuItem | None:
        """The right button went up: select the item under the pointer, if any."""
        self.track(px, py)
        chosen = self.chosen()
        self.is_open = False
        self.menu_index = self.item = self.sub_item = None
        if chosen is not None:
            self.on_select(chosen)
        return chosen

    # ----------------------------------------------------------------- draw
    def draw(self) -> None:
        if not self.is_open:
            return
        pyxel.rect(0, 0, pyxel.width, BAR_H, BAR_BLOCK)
        pyxel.line(0, BAR_H, pyxel.width - 1, BAR_H, BAR_TRIM)
        for index, menu in enumerate(self.menus):
            left, right = self.title_span(index)
            selected = index == self.menu_index
            if selected:
                pyxel.rect(left, 0, right - left, BAR_H, complement(BAR_BLOCK))
            font.draw_text(self.title_x[index], 1, menu.title, complement(BAR_DETAIL) if selected else BAR_DETAIL)
        if self.menu_index is not None:
            self.draw_panel(self.panels[self.menu_index], self.item)
            sub = self.sub_panel()
            if sub is not None:
                self.draw_panel(sub, self.sub_item)

    def draw_panel(self, panel: Panel, lit: MenuItem | None) -> None:
        x, w = panel.left, panel.w
        pyxel.rect(x, panel.y, w, panel.h, BAR_BLOCK)
        pyxel.rectb(x, panel.y, w, panel.h, BAR_DETAIL)
        for box in panel.boxes:
            if box.item.bar_before:
                pyxel.line(x + 2, box.y - BAR_ITEM_H // 2 - 1, x + w - 3, box.y - BAR_ITEM_H // 2 - 1, BAR_DETAIL)
            self.draw_item(x, w, box, box.item is lit)

    def draw_item(self, x: int, w: int, box: ItemBox, lit: bool) -> None:
        item = box.item
        lit = lit and self.enabled(item)
        back, ink = (complement(BAR_BLOCK), complement(BAR_DETAIL)) if lit else (BAR_BLOCK, BAR_DETAIL)
        pyxel.rect(x + 1, box.y, w - 2, box.h, back)
        text_y = box.y + 1
        if item.kind is not ItemKind.ACTION and self.checked(item):
            font.draw_glyph(x + PANEL_PAD + 1, text_y, Glyph.CHECK, ink)
        font.draw_text(x + PANEL_PAD + metrics.current().check_w, text_y, item.label, ink)
        if item.sub:
            draw_sub_mark(x + w - PANEL_PAD - SUB_MARK_W, text_y, ink)
        elif item.key:
            key_x = x + w - PANEL_PAD - KEY_MARK_W  # right-aligned in its column
            font.draw_glyph(key_x, text_y, Glyph.AMIGA_KEY, ink)
            font.draw_text(key_x + FONT.cell + 2, text_y, item.key, ink)
        if not self.enabled(item):
            ghost(x + 1, box.y, w - 2, box.h, back)


def draw_sub_mark(x: int, y: int, pen: int) -> None:
    """Intuition's mark of an item with sub-items, at the right of its row:
    two small chevrons, as the sign the 3.1 menus show there."""
    for left in (x, x + 4):
        pyxel.line(left, y + 1, left + 2, y + 3, pen)
        pyxel.line(left + 2, y + 3, left, y + 5, pen)


def ghost(x: int, y: int, w: int, h: int, pen: int) -> None:
    """Ghost a disabled item: every other pixel in the background pen."""
    pyxel.dither(0.5)
    pyxel.rect(x, y, w, h, pen)
    pyxel.dither(1.0)

"""Intuition menus: while the right button is held away from the minefield the
screen title bar becomes the window's menu strip; a title drops its white panel,
items are complemented under the pointer, and releasing over an enabled item
selects it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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


class MenuStrip:
    """The menus of one window. ``checked`` and ``enabled`` say how items look;
    ``on_select`` is called with the chosen item on release."""

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
        self.item: MenuItem | None = None
        self.title_x = self._title_positions()
        self.panels = [self._panel_layout(i) for i in range(len(menus))]

    @classmethod
    def for_actions(
        cls,
        menus: tuple[Menu, ...],
        actions: dict,
        enabled: dict | None = None,
    ) -> MenuStrip:
        """A strip whose items run ``actions[command]``; ``enabled[command]``,
        where given, says when an item can be chosen (else it always can)."""
        conditions = enabled or {}

        def can(item: MenuItem) -> bool:
            condition = conditions.get(item.command)
            return item.command in actions and (condition is None or condition())

        def run(item: MenuItem) -> None:
            if can(item):
                actions[item.command]()

        return cls(menus, checked=lambda item: False, enabled=can, on_select=run)

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

    def _panel_layout(self, index: int) -> tuple[int, int, int, list[ItemBox]]:
        menu = self.menus[index]
        text_w = max(font.text_width(item.label) for item in menu.items)
        sizes = metrics.current()  # HighRes columns are wider, as Intuition's
        width = PANEL_PAD + sizes.check_w + text_w + 8 + sizes.key_w + PANEL_PAD
        x = self.title_x[index] - PANEL_PAD
        y = BAR_H + 1
        boxes, cursor = [], y + 2
        for item in menu.items:
            if item.bar_before:
                cursor += BAR_ITEM_H
            boxes.append(ItemBox(item, cursor, ITEM_H))
            cursor += ITEM_H
        return x, y, width, boxes

    def panel_rect(self, index: int) -> tuple[int, int, int, int]:
        x, y, width, boxes = self.panels[index]
        x = min(x, pyxel.width - width)
        return x, y, width, boxes[-1].y + boxes[-1].h + 2 - y

    def hotkey_item(self, letter: str) -> MenuItem | None:
        return next((i for m in self.menus for i in m.items if i.key == letter), None)

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
        self.item = None

    def track(self, px: int, py: int) -> None:
        """Follow the pointer: titles in the bar choose a menu, rows choose an item."""
        if py < BAR_H:
            for index in range(len(self.menus)):
                left, right = self.title_span(index)
                if left <= px < right:
                    self.menu_index = index
            self.item = None
            return
        self.item = self.item_at(px, py)

    def item_at(self, px: int, py: int) -> MenuItem | None:
        if self.menu_index is None:
            return None
        x, y, w, h = self.panel_rect(self.menu_index)
        if not (x <= px < x + w and y <= py < y + h):
            return None
        for box in self.panels[self.menu_index][3]:
            if box.y <= py < box.y + box.h:
                return box.item
        return None

    def release(self, px: int, py: int) -> MenuItem | None:
        """The right button went up: select the item under the pointer, if any."""
        self.track(px, py)
        chosen = self.item if self.item is not None and self.enabled(self.item) else None
        self.is_open = False
        self.menu_index = self.item = None
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
            self.draw_panel(self.menu_index)

    def draw_panel(self, index: int) -> None:
        x, y, w, h = self.panel_rect(index)
        pyxel.rect(x, y, w, h, BAR_BLOCK)
        pyxel.rectb(x, y, w, h, BAR_DETAIL)
        for box in self.panels[index][3]:
            if box.item.bar_before:
                pyxel.line(x + 2, box.y - BAR_ITEM_H // 2 - 1, x + w - 3, box.y - BAR_ITEM_H // 2 - 1, BAR_DETAIL)
            self.draw_item(x, w, box)

    def draw_item(self, x: int, w: int, box: ItemBox) -> None:
        item = box.item
        lit = item is self.item and self.enabled(item)
        back, ink = (complement(BAR_BLOCK), complement(BAR_DETAIL)) if lit else (BAR_BLOCK, BAR_DETAIL)
        pyxel.rect(x + 1, box.y, w - 2, box.h, back)
        text_y = box.y + 1
        if item.kind is not ItemKind.ACTION and self.checked(item):
            font.draw_glyph(x + PANEL_PAD + 1, text_y, Glyph.CHECK, ink)
        font.draw_text(x + PANEL_PAD + metrics.current().check_w, text_y, item.label, ink)
        if item.key:
            key_x = x + w - PANEL_PAD - KEY_MARK_W  # right-aligned in its column
            font.draw_glyph(key_x, text_y, Glyph.AMIGA_KEY, ink)
            font.draw_text(key_x + FONT.cell + 2, text_y, item.key, ink)
        if not self.enabled(item):
            ghost(x + 1, box.y, w - 2, box.h, back)


def ghost(x: int, y: int, w: int, h: int, pen: int) -> None:
    """Ghost a disabled item: every other pixel in the background pen."""
    pyxel.dither(0.5)
    pyxel.rect(x, y, w, h, pen)
    pyxel.dither(1.0)

"""Walking a menu strip with the keyboard, as MagicMenu's keyboard mode does.

F10 opens the active window's menu strip with its first menu dropped and its
first item lit; it stays open with no button held. Then:

    Left, Right        the menu before or after (round the strip)
    Up, Down           the item above or below (round the menu)
    Home, End          the menu's first or last item
    Right on an item   with sub-items: into them; Left comes back out
    Return, Space      choose the lit item (a ghosted one cannot be chosen)
    Esc, F10           leave, choosing nothing

A click anywhere leaves too. The walk moves the strip's own lit menu and
item, so the strip draws it as a menu held with the mouse would look, and
whoever watches the strip (the Narrator) hears each item as it is lit. It
knows nothing of what the items do: choosing calls the strip's on_select.
"""

from __future__ import annotations

import pyxel

from .input import Frame
from .menus import MenuItem
from .menustrip import MenuStrip

WALK_KEY = pyxel.KEY_F10
CHOOSE_KEYS = (pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER, pyxel.KEY_SPACE)
LEAVE_KEYS = (pyxel.KEY_ESCAPE, WALK_KEY)


class MenuWalk:
    def __init__(self) -> None:
        self.strip: MenuStrip | None = None

    @property
    def walking(self) -> bool:
        return self.strip is not None and self.strip.is_open

    def start(self, strip: MenuStrip) -> None:
        strip.open()
        self.strip = strip
        self._to_menu(strip, 0)

    def stop(self) -> None:
        strip, self.strip = self.strip, None
        if strip is not None:
            strip.is_open = False
            strip.menu_index = strip.item = strip.sub_item = None

    # ---------------------------------------------------------------- keys
    def update(self, frame: Frame) -> None:
        """One frame of the walk: its keys, or a click that leaves it."""
        strip = self.strip
        if strip is None:
            return
        if frame.pressed or frame.key(*LEAVE_KEYS):
            self.stop()
            return
        if frame.key(*CHOOSE_KEYS):
            self._choose(strip)
            return
        for code in frame.keys:
            if code == pyxel.KEY_LEFT:
                self._left(strip)
            elif code == pyxel.KEY_RIGHT:
                self._right(strip)
            elif code in (pyxel.KEY_UP, pyxel.KEY_DOWN, pyxel.KEY_HOME, pyxel.KEY_END):
                self._step(strip, code)

    @staticmethod
    def _lit(strip: MenuStrip) -> tuple[int, MenuItem]:
        """The lit menu's index and item. A walk always has both: start
        lights them, every key moves them, and while it lasts the keys are
        its own (the mouse, which could unlight them, ends it)."""
        assert strip.menu_index is not None and strip.item is not None, "a menu walk with nothing lit"
        return strip.menu_index, strip.item

    @staticmethod
    def _to_menu(strip: MenuStrip, index: int) -> None:
        strip.menu_index = index % len(strip.menus)
        strip.item = strip.menus[strip.menu_index].items[0]
        strip.sub_item = None

    def _left(self, strip: MenuStrip) -> None:
        if strip.sub_item is not None:
            strip.sub_item = None
        else:
            self._to_menu(strip, self._lit(strip)[0] - 1)

    def _right(self, strip: MenuStrip) -> None:
        menu_index, item = self._lit(strip)
        if item.sub and strip.sub_item is None:
            strip.sub_item = item.sub[0]
        else:
            self._to_menu(strip, menu_index + 1)

    def _step(self, strip: MenuStrip, code: int) -> None:
        menu_index, item = self._lit(strip)
        in_sub = strip.sub_item is not None
        items = item.sub if in_sub else strip.menus[menu_index].items
        index = items.index(strip.sub_item if in_sub else item)
        index = {
            pyxel.KEY_UP: index - 1,
            pyxel.KEY_DOWN: index + 1,
            pyxel.KEY_HOME: 0,
            pyxel.KEY_END: len(items) - 1,
        }[code] % len(items)
        if in_sub:
            strip.sub_item = items[index]
        else:
            strip.item = items[index]

    def _choose(self, strip: MenuStrip) -> None:
        item = strip.sub_item or self._lit(strip)[1]
        if item.sub and strip.sub_item is None:
            self._right(strip)  # an item with sub-items opens them, as Right does
            return
        if not strip.enabled(item):
            return  # a ghosted item: the walk stays where it is
        self.stop()
        strip.on_select(item)

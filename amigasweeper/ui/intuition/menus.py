"""A menu strip's contents, as data: menus of items with hotkeys, check marks and bars.

Pure data (no pyxel). A window's program defines its own menus from these and
carries out the commands; the menu strip only draws them and reports choices.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum


class ItemKind(Enum):
    ACTION = "action"
    TOGGLE = "toggle"  # a check mark that flips
    CHOICE = "choice"  # a check mark exclusive within its group


@dataclass(frozen=True)
class MenuItem:
    label: str
    command: Hashable  # what the window's program does when the item is chosen
    key: str | None = None  # the letter after Right-Amiga
    kind: ItemKind = ItemKind.ACTION
    group: str | None = None  # mutually exclusive CHOICE items share a group
    bar_before: bool = False  # a separator line above this item
    sub: tuple[MenuItem, ...] = ()  # a submenu's items (Intuition's sub-items: one level only)

    def walk(self) -> tuple[MenuItem, ...]:
        """This item and its sub-items: everything that can be chosen through it."""
        return (self, *self.sub)


@dataclass(frozen=True)
class Menu:
    title: str
    items: tuple[MenuItem, ...]

    def every_item(self) -> tuple[MenuItem, ...]:
        """The items and sub-items, in the order a panel shows them."""
        return tuple(found for item in self.items for found in item.walk())

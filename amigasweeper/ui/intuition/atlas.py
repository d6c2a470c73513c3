"""Where every bitmap lives in Pyxel's image banks (pure data: no pyxel here).

The asset builder (tools/build_assets.py) paints the art into these places and
the UI blits from them, so this one table is all either side needs to agree on.

Layout (each bank is 256x256 pixels):

    bank 0  (0,0)    FONT: 16x16 glyphs of 8x8, Latin-1 code c at
                     ((c % 16) * 8, (c // 16) * 8); the rest of bank 0 is free.
    bank 1  (0,0)    square cells, 8x8: the ten kinds of square in one row
            (0,8)    square cells, 8x8: NUMBER_1 .. NUMBER_12
            (0,16)   counter digits, 7x11: 0..9, MINUS, BLANK
            (0,32)   faces, 16x16: SMILE, OH, DEAD, COOL
            (0,48)   window gadgets, 11 high: CLOSE (15 wide), DEPTH and
                     ZOOM (18 wide), each followed by its selected version
            (0,64)   the mouse pointer, 11x11
            (16,64)  the busy (wait) pointer, 16x16
            (0,80)   hexagon cells, 8x9: the ten kinds, then NUMBER_1 .. NUMBER_6
            (0,96)   triangle cells, 12x10: the ten kinds pointing up, then
                     the ten pointing down
            (0,106)  triangle cells pointing up: NUMBER_1 .. NUMBER_12
            (0,116)  triangle cells pointing down: NUMBER_1 .. NUMBER_12
            free:    x >= 128 above y = 96, x >= 240 for y 96..105,
                     x >= 144 for y 106..125, and all of y >= 126
    bank 2  (0,0)    Workbench icons, 32x20: WORKBENCH, RAM_DISK, MINESWEEPER
            free:    everything else

Colour keys: the font and the pointer are drawn over pen 0 (grey), which is
their transparent key; square cells, digits and gadgets are opaque (their grey
is real grey); faces use pen 0 outside the circle, so blit them with colour
key 0. Hexagon and triangle cells are grey inside too, so their outside is
painted in SHAPE_KEY, a pen no cell ever uses, and they are blitted with that
key: only the cell's own pixels land, never a neighbour's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import TypeVar

from .palette import Pen

BANK_SIZE = 256
TRANSPARENT = 0  # pen 0 doubles as the colour key of sprites with see-through parts


@dataclass(frozen=True)
class Sprite:
    """A rectangle of one image bank."""

    bank: int
    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        """One past the last column."""
        return self.x + self.w

    @property
    def bottom(self) -> int:
        """One past the last row."""
        return self.y + self.h

    def inside_bank(self) -> bool:
        return 0 <= self.x and 0 <= self.y and self.right <= BANK_SIZE and self.bottom <= BANK_SIZE

    def overlaps(self, other: Sprite) -> bool:
        return (
            self.bank == other.bank
            and self.x < other.right
            and other.x < self.right
            and self.y < other.bottom
            and other.y < self.bottom
        )


_Shown = TypeVar("_Shown", bound=Enum)  # the kind of thing a strip of sprites shows


def _strip(names: Sequence[_Shown], bank: int, x: int, y: int, w: int, h: int) -> dict[_Shown, Sprite]:
    """Sprites of one size placed side by side, left to right, without gaps."""
    return {name: Sprite(bank, x + i * w, y, w, h) for i, name in enumerate(names)}


# --- The font ----------------------------------------------------------------


class Glyph(IntEnum):
    """Our own symbols, kept at control codes that text never otherwise uses."""

    CHECK = 0x01  # the menu check mark (a tick)
    AMIGA_KEY = 0x02  # the Right-Amiga key: a boxed "A", before menu shortcut letters
    ARROW_LEFT = 0x03  # scroller arrows
    ARROW_RIGHT = 0x04
    ARROW_UP = 0x05
    ARROW_DOWN = 0x06
    RETURN = 0x07  # the Return key, for keyboard hints
    ELLIPSIS = 0x08  # three dots in one cell: where a name too long to show was cut
    CYCLE = 0x09  # Intuition's cycle gadget glyph: a circular arrow

    @property
    def char(self) -> str:
        """The glyph as a one-character string, to embed in text."""
        return chr(self.value)


@dataclass(frozen=True)
class FontSheet:
    """A fixed-width bitmap font: 256 square glyphs in a 16-column grid."""

    bank: int = 0
    x: int = 0
    y: int = 0
    cell: int = 8  # glyph width = height = advance, as Topaz 8
    columns: int = 16
    codes: int = 256  # Latin-1
    baseline: int = 6  # rows 0..6 stand on the baseline, row 7 holds descenders
    ink: int = 1  # glyphs are drawn in pen 1 (black) on pen 0 (the colour key)

    @property
    def sheet(self) -> Sprite:
        rows = self.codes // self.columns
        return Sprite(self.bank, self.x, self.y, self.columns * self.cell, rows * self.cell)

    def glyph(self, code: int) -> Sprite:
        if not 0 <= code < self.codes:
            raise ValueError(f"no glyph for code {code}")
        col, row = code % self.columns, code // self.columns
        return Sprite(self.bank, self.x + col * self.cell, self.y + row * self.cell, self.cell, self.cell)


FONT = FontSheet()


# --- Square cells ------------------------------------------------------------

CELL_SIZE = 8


class Cell(Enum):
    COVERED = "covered"  # raised: shine top-left, shadow bottom-right
    PRESSED = "pressed"  # a covered square held down: the bevel reversed
    UNCOVERED = "uncovered"  # flat grey with a blue grid line top and left
    FLAG = "flag"  # the player's mine mark
    QUESTION = "question"  # the "?" mark
    MINE = "mine"  # a mine shown after a loss
    MINE_HIT = "mine_hit"  # the mine stepped on, on red
    WRONG_MARK = "wrong_mark"  # a mark where there was no mine: crossed-out mine
    HINT_SAFE = "hint_safe"  # MySweeper's "checked" square: known safe
    HINT_MINE = "hint_mine"  # a red X: known mine
    NUMBER_1 = 1
    NUMBER_2 = 2
    NUMBER_3 = 3
    NUMBER_4 = 4
    NUMBER_5 = 5
    NUMBER_6 = 6
    NUMBER_7 = 7
    NUMBER_8 = 8
    NUMBER_9 = 9
    NUMBER_10 = 10
    NUMBER_11 = 11
    NUMBER_12 = 12  # triangles have 12 neighbours

    @property
    def sprite(self) -> Sprite:
        return _CELL_SPRITES[self]


_PLAIN_CELLS = [c for c in Cell if isinstance(c.value, str)]
_NUMBER_CELLS = [c for c in Cell if isinstance(c.value, int)]
_CELL_SPRITES = {
    **_strip(_PLAIN_CELLS, 1, 0, 0, CELL_SIZE, CELL_SIZE),
    **_strip(_NUMBER_CELLS, 1, 0, CELL_SIZE, CELL_SIZE, CELL_SIZE),
}


def number_cell(n: int) -> Cell:
    """The uncovered square showing n (1..12) in its Kickstart 3 number pen."""
    return Cell(n)


# --- Seven-segment counter digits -------------------------------------------

DIGIT_W, DIGIT_H = 7, 11


class Digit(Enum):
    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    MINUS = "-"
    BLANK = " "  # every segment unlit

    @property
    def sprite(self) -> Sprite:
        return _DIGIT_SPRITES[self]


_DIGIT_SPRITES = _strip(list(Digit), 1, 0, 16, DIGIT_W, DIGIT_H)


def digit(ch: str) -> Digit:
    """The counter digit for '0'..'9', '-' or ' ' (so f"{n:3d}" maps directly)."""
    return Digit(ch)


# --- Faces -------------------------------------------------------------------

FACE_SIZE = 16


class Face(Enum):
    SMILE = "smile"
    OH = "oh"  # a mouse button is held over the field
    DEAD = "dead"  # lost
    COOL = "cool"  # won: sunglasses

    @property
    def sprite(self) -> Sprite:
        return _FACE_SPRITES[self]


_FACE_SPRITES = _strip(list(Face), 1, 0, 32, FACE_SIZE, FACE_SIZE)


# --- Window gadgets (lores title bar, 11 px high) ---------------------------

GADGET_H = 11


class Gadget(Enum):
    CLOSE = "close"
    CLOSE_SELECTED = "close_selected"
    DEPTH = "depth"
    DEPTH_SELECTED = "depth_selected"
    ZOOM = "zoom"
    ZOOM_SELECTED = "zoom_selected"

    @property
    def sprite(self) -> Sprite:
        return _GADGET_SPRITES[self]

    @property
    def selected(self) -> Gadget:
        """The version drawn while the gadget is held down."""
        return self if self.name.endswith("_SELECTED") else Gadget[self.name + "_SELECTED"]


_GADGET_SPRITES = {
    **_strip([Gadget.CLOSE, Gadget.CLOSE_SELECTED], 1, 0, 48, 15, GADGET_H),
    **_strip([Gadget.DEPTH, Gadget.DEPTH_SELECTED, Gadget.ZOOM, Gadget.ZOOM_SELECTED], 1, 30, 48, 18, GADGET_H),
}


# --- The mouse pointer -------------------------------------------------------


@dataclass(frozen=True)
class Pointer:
    sprite: Sprite
    hot_x: int  # the pixel of the sprite that is the pointer's position
    hot_y: int
    colkey: int = TRANSPARENT


POINTER = Pointer(Sprite(1, 0, 64, 11, 11), hot_x=0, hot_y=0)
WAIT_POINTER = Pointer(Sprite(1, 16, 64, 16, 16), hot_x=7, hot_y=8)  # while the solver works over frames


# --- Hexagon and triangle cells ---------------------------------------------
#
# The same kinds of cell as the squares (the Cell names), drawn in the shape of
# the board. Which pixels of a sprite belong to its cell is fixed here, as spans
# (first, last) of each sprite row, so that the art builder can check the art and
# ui/game/geometry.py can find the cell under a pixel with the very same outline.

SHAPE_KEY = Pen.DIGIT_OFF  # the outside of a hexagon or triangle sprite: a pen no cell uses

HEX_W, HEX_H = 8, 9  # a pointy-top hexagon: 2 rows of point, 5 of straight sides, 2 of point
HEX_SPANS: tuple[tuple[int, int] | None, ...] = ((3, 4), (1, 6), *((0, 7),) * 5, (1, 6), (3, 4))

TRI_W, TRI_H = 12, 10  # a row band: the triangle is 12 wide at its base and 9 tall
TRI_UP_SPANS: tuple[tuple[int, int] | None, ...] = (
    None, (5, 6), (5, 6), (4, 7), (3, 8), (3, 8), (2, 9), (1, 10), (1, 10), (0, 11),
)  # fmt: skip
TRI_DOWN_SPANS = tuple(reversed(TRI_UP_SPANS))

HEX_LOOKS = tuple(c for c in Cell if not isinstance(c.value, int) or c.value <= 6)  # 6 neighbours
TRI_LOOKS = tuple(Cell)  # 12 neighbours

_HEX_SPRITES = _strip(list(HEX_LOOKS), 1, 0, 80, HEX_W, HEX_H)
_TRI_SPRITES: dict[tuple[bool, Cell], Sprite] = {
    **{(True, c): s for c, s in _strip(_PLAIN_CELLS, 1, 0, 96, TRI_W, TRI_H).items()},
    **{(False, c): s for c, s in _strip(_PLAIN_CELLS, 1, len(_PLAIN_CELLS) * TRI_W, 96, TRI_W, TRI_H).items()},
    **{(True, c): s for c, s in _strip(_NUMBER_CELLS, 1, 0, 106, TRI_W, TRI_H).items()},
    **{(False, c): s for c, s in _strip(_NUMBER_CELLS, 1, 0, 116, TRI_W, TRI_H).items()},
}


def hex_sprite(look: Cell) -> Sprite:
    """The hexagon showing this kind of cell (numbers up to 6)."""
    return _HEX_SPRITES[look]


def triangle_sprite(look: Cell, up: bool) -> Sprite:
    """The triangle showing this kind of cell, pointing up or down."""
    return _TRI_SPRITES[(up, look)]


def triangle_name(look: Cell, up: bool) -> str:
    """The art block name of a triangle sprite: UP_FLAG, DOWN_NUMBER_12, ..."""
    return f"{'UP' if up else 'DOWN'}_{look.name}"


# --- Workbench icons -----------------------------------------------------------

ICON_W, ICON_H = 32, 20


class Icon(Enum):
    WORKBENCH = "workbench"
    RAM_DISK = "ram_disk"
    MINESWEEPER = "minesweeper"

    @property
    def sprite(self) -> Sprite:
        return _ICON_SPRITES[self]


_ICON_SPRITES = _strip(list(Icon), 2, 0, 0, ICON_W, ICON_H)


# --- Everything, by art family -----------------------------------------------

# The block names each art file in tools/art/ must define, and where each goes.
FAMILIES: dict[str, dict[str, Sprite]] = {
    "cells": {c.name: c.sprite for c in Cell},
    "digits": {d.name: d.sprite for d in Digit},
    "faces": {f.name: f.sprite for f in Face},
    "gadgets": {g.name: g.sprite for g in Gadget},
    "pointer": {"POINTER": POINTER.sprite, "WAIT": WAIT_POINTER.sprite},
    "icons": {i.name: i.sprite for i in Icon},
    "hexes": {c.name: hex_sprite(c) for c in HEX_LOOKS},
    "triangles": {triangle_name(c, up): triangle_sprite(c, up) for up in (True, False) for c in TRI_LOOKS},
}

# The outline of every sprite of the shaped families: the spans of its cell.
SHAPE_SPANS: dict[str, dict[str, tuple[tuple[int, int] | None, ...]]] = {
    "hexes": {c.name: HEX_SPANS for c in HEX_LOOKS},
    "triangles": {
        triangle_name(c, up): TRI_UP_SPANS if up else TRI_DOWN_SPANS for up in (True, False) for c in TRI_LOOKS
    },
}


def all_sprites() -> dict[str, Sprite]:
    """Every region the atlas claims, named "family.NAME" (the font as one sheet)."""
    named = {"font.SHEET": FONT.sheet}
    for family, sprites in FAMILIES.items():
        named.update({f"{family}.{name}": sprite for name, sprite in sprites.items()})
    return named

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
            free:    x >= 128 anywhere, and y >= 80 (hexagon and triangle cells)
    bank 2  free.

Colour keys: the font and the pointer are drawn over pen 0 (grey), which is
their transparent key; cells, digits and gadgets are opaque (their grey is
real grey); faces use pen 0 outside the circle, so blit them with colour key 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

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


def _strip(names: list[Enum], bank: int, x: int, y: int, w: int, h: int) -> dict[Enum, Sprite]:
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


# --- Everything, by art family -----------------------------------------------

# The block names each art file in tools/art/ must define, and where each goes.
FAMILIES: dict[str, dict[str, Sprite]] = {
    "cells": {c.name: c.sprite for c in Cell},
    "digits": {d.name: d.sprite for d in Digit},
    "faces": {f.name: f.sprite for f in Face},
    "gadgets": {g.name: g.sprite for g in Gadget},
    "pointer": {"POINTER": POINTER.sprite},
}


def all_sprites() -> dict[str, Sprite]:
    """Every region the atlas claims, named "family.NAME" (the font as one sheet)."""
    named = {"font.SHEET": FONT.sheet}
    for family, sprites in FAMILIES.items():
        named.update({f"{family}.{name}": sprite for name, sprite in sprites.items()})
    return named

"""The screen's colours, as pen numbers (pure data: no pyxel here).

Pens 0-7 are the Workbench 3.1 defaults; a Kickstart 2 screen has only 0-3.
Pens from 8 on are the ones a Kickstart 3 program obtains beyond the Workbench
colours (the colour-coded numbers), and a few for our own gadgets.
"""

from __future__ import annotations

from enum import IntEnum


class Pen(IntEnum):
    GREY = 0
    BLACK = 1
    WHITE = 2
    BLUE = 3
    RED = 4
    GREEN = 5
    DARK_BLUE = 6
    ORANGE = 7
    # Colour-coded numbers (Kickstart 3 look): 1..8 as the Windows game, 9..12 ours.
    NUM1 = 8
    NUM2 = 9
    NUM3 = 10
    NUM4 = 11
    NUM5 = 12
    NUM6 = 13
    NUM7 = 14
    NUM8 = 15
    NUM9 = 16
    NUM10 = 17
    NUM11 = 18
    NUM12 = 19
    # Seven-segment counters: lit and unlit segments.
    DIGIT_ON = 20
    DIGIT_OFF = 21
    # Probability shading, safest (PROB0) to surest mine (PROB7).
    PROB0 = 22
    PROB1 = 23
    PROB2 = 24
    PROB3 = 25
    PROB4 = 26
    PROB5 = 27
    PROB6 = 28
    PROB7 = 29


# The Workbench DrawInfo pens, by role.
TEXT = Pen.BLACK
SHINE = Pen.WHITE
SHADOW = Pen.BLACK
FILL = Pen.BLUE
FILL_TEXT = Pen.BLACK
BACKGROUND = Pen.GREY
HIGHLIGHT_TEXT = Pen.WHITE
BAR_DETAIL = Pen.BLACK
BAR_BLOCK = Pen.WHITE
BAR_TRIM = Pen.BLACK

# Keyed by Pen, and read by any pen number a pixel holds (gfx.complement).
RGB: dict[int, int] = {
    Pen.GREY: 0xAAAAAA,
    Pen.BLACK: 0x000000,
    Pen.WHITE: 0xFFFFFF,
    Pen.BLUE: 0x6688BB,
    Pen.RED: 0xEE4444,
    Pen.GREEN: 0x55DD55,
    Pen.DARK_BLUE: 0x0044DD,
    Pen.ORANGE: 0xEE9900,
    Pen.NUM1: 0x0000FF,
    Pen.NUM2: 0x007700,
    Pen.NUM3: 0xDD0000,
    Pen.NUM4: 0x000080,
    Pen.NUM5: 0x800000,
    Pen.NUM6: 0x008080,
    Pen.NUM7: 0x000000,
    Pen.NUM8: 0x555555,
    Pen.NUM9: 0x800080,
    Pen.NUM10: 0x885500,
    Pen.NUM11: 0xCC00CC,
    Pen.NUM12: 0x333333,
    Pen.DIGIT_ON: 0xFF2020,
    Pen.DIGIT_OFF: 0x440000,
    Pen.PROB0: 0x33BB33,
    Pen.PROB1: 0x77CC33,
    Pen.PROB2: 0xAACC33,
    Pen.PROB3: 0xCCCC33,
    Pen.PROB4: 0xDDAA33,
    Pen.PROB5: 0xDD7733,
    Pen.PROB6: 0xDD4433,
    Pen.PROB7: 0xCC1111,
}

WORKBENCH2_PENS = (Pen.GREY, Pen.BLACK, Pen.WHITE, Pen.BLUE)


def number_pen(n: int) -> Pen:
    """The Kickstart 3 pen of a square's number (1..12)."""
    return Pen(Pen.NUM1 + n - 1)


def beep_rgb(rgb: int) -> int:
    """Colour 0 during a DisplayBeep: each 4-bit gun above 8 becomes 5, else 12."""
    out = 0
    for shift in (16, 8, 0):
        gun = ((rgb >> shift) & 0xFF) >> 4
        flashed = 5 if gun > 8 else 12
        out |= (flashed * 17) << shift
    return out


# The Kickstart 2 look keeps the Workbench's four colours: every other pen is
# drawn as the nearest of them (numbers in the text pen).
KICKSTART2_REMAP: dict[Pen, Pen] = {
    Pen.RED: Pen.WHITE,
    Pen.GREEN: Pen.WHITE,
    Pen.DARK_BLUE: Pen.BLUE,
    Pen.ORANGE: Pen.WHITE,
    **{Pen(p): Pen.BLACK for p in range(Pen.NUM1, Pen.NUM12 + 1)},
    Pen.DIGIT_ON: Pen.WHITE,
    Pen.DIGIT_OFF: Pen.BLACK,
    **{Pen(p): Pen.WHITE for p in range(Pen.PROB0, Pen.PROB3 + 1)},
    **{Pen(p): Pen.BLUE for p in range(Pen.PROB4, Pen.PROB7 + 1)},
}

"""A guide's colours as the screen's pens, in either look (pure data: no pyxel).

Named pens (``@{fg shine}``) are the Workbench's DrawInfo pens. Raw numbers
(``@{apen 5}``) are what they were on the Amiga: a colour register, taken
modulo the screen's colours, so on the four-colour Kickstart 2 screen pen 5
is pen 1, as two bitplanes made it. Authors who wrote for more colours never
meant text to vanish, so when both colours of a piece of text come out the
same, the text takes the pen that stands out on that background.
"""

from __future__ import annotations

from amigasweeper.guide import Colour
from amigasweeper.guide import DrawInfoPen as GuidePen

from ..intuition.modes import Look
from ..intuition.palette import KICKSTART2_REMAP, Pen

GUIDE_PENS = {
    GuidePen.TEXT: Pen.BLACK,
    GuidePen.SHINE: Pen.WHITE,
    GuidePen.SHADOW: Pen.BLACK,
    GuidePen.FILL: Pen.BLUE,
    GuidePen.FILLTEXT: Pen.BLACK,
    GuidePen.BACKGROUND: Pen.GREY,
    GuidePen.HIGHLIGHT: Pen.WHITE,
}

# The screen's colours in each look: the Workbench 3.1 screen has eight.
SCREEN_COLOURS = {Look.KICKSTART2: 4, Look.KICKSTART3: 8}

# What reads well on each background pen.
_CONTRAST = {Pen.GREY: Pen.BLACK, Pen.WHITE: Pen.BLACK, Pen.BLACK: Pen.WHITE, Pen.BLUE: Pen.WHITE}


def screen_pen(colour: Colour, look: Look = Look.KICKSTART3) -> Pen:
    """One guide colour as a screen pen, as it shows in ``look``."""
    if isinstance(colour, GuidePen):
        pen = GUIDE_PENS[colour]
    else:
        pen = Pen(int(colour) % SCREEN_COLOURS.get(look, 8))
    if look is Look.KICKSTART2:
        pen = KICKSTART2_REMAP.get(pen, pen)
    return pen


def text_pens(fg: Colour, bg: Colour, look: Look = Look.KICKSTART3) -> tuple[Pen, Pen]:
    """The ink and paper pens for text in a guide's colours; never the same."""
    ink, paper = screen_pen(fg, look), screen_pen(bg, look)
    if ink == paper:
        ink = _CONTRAST.get(paper, Pen.BLACK)
    return ink, paper

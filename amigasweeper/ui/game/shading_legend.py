"""The probability shading's steps and its legend, in both looks.

A settled chance (proved, or counted exactly) is a filled swatch; an
estimate is the same swatch hollow, its middle left in the square's grey,
as Workbench draws what is not final yet in outline.

The Kickstart 3 look has a pen for each of the eight steps (Pen.PROB0..PROB7).
The Kickstart 2 look has only the Workbench's four colours, so its eight steps
are mixes of white, blue and black in ordered-dither patterns (as Amiga
programs did on four-colour screens): as many steps, each distinct from its
neighbours, lighter for safer. The legend frames every swatch in black so the
white one still shows against the white screen bar.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyxel

from ..intuition import font
from ..intuition.palette import Pen
from .patterns import SteppedShading, fill_pattern

STEPS = 8


@dataclass(frozen=True)
class Mix:
    """A Kickstart 2 step: ``base`` with ``share`` of its pixels in ``over``."""

    base: Pen
    over: Pen
    share: float


KICKSTART3_STEPS = [Pen(p) for p in range(Pen.PROB0, Pen.PROB0 + STEPS)]
KICKSTART2_STEPS = [
    Mix(Pen.WHITE, Pen.BLUE, 0.0),
    Mix(Pen.WHITE, Pen.BLUE, 0.25),
    Mix(Pen.WHITE, Pen.BLUE, 0.5),
    Mix(Pen.WHITE, Pen.BLUE, 0.75),
    Mix(Pen.BLUE, Pen.BLACK, 0.0),
    Mix(Pen.BLUE, Pen.BLACK, 0.25),
    Mix(Pen.BLUE, Pen.BLACK, 0.5),
    Mix(Pen.BLUE, Pen.BLACK, 0.75),
]
SWATCH_W, SWATCH_H = 4, 6  # a legend swatch's inside; its frame is one pixel more each side
LEGEND_LOW, LEGEND_HIGH = "0%", "100%"
ESTIMATE_MARK = "est."  # in front of the legend when some chances shown are estimates, with a hollow swatch
ESTIMATE_SAMPLE_STEP = 4  # the step of that swatch: one whose ring shows plainly in both looks


def step_of(chance: float) -> int:
    """The shading step of a chance of a mine: 0 safest .. 7 surest."""
    return max(0, min(STEPS - 1, int(chance * STEPS)))


def fill_step(x: int, y: int, w: int, h: int, step: int, four_colours: bool, hollow: bool = False) -> None:
    """A rectangle in one shading step; ``hollow`` (an estimate) leaves its middle grey."""
    if not four_colours:
        pyxel.rect(x, y, w, h, KICKSTART3_STEPS[step])
    elif SteppedShading.on:  # the Palette window's Shading: Light to dark (patterns.py)
        fill_pattern(x, y, w, h, step)
    else:
        mix = KICKSTART2_STEPS[step]
        pyxel.rect(x, y, w, h, mix.base)
        if mix.share:
            pyxel.dither(mix.share)
            pyxel.rect(x, y, w, h, mix.over)
            pyxel.dither(1.0)
    if hollow:
        pyxel.rect(x + 1, y + 1, w - 2, h - 2, Pen.GREY)


def legend_width(estimated: bool = False) -> int:
    mark = font.text_width(ESTIMATE_MARK) + 1 + SWATCH_W + 2 + 4 if estimated else 0
    return mark + font.text_width(LEGEND_LOW) + 2 + STEPS * (SWATCH_W + 3) + 1 + font.text_width(LEGEND_HIGH)


def draw_legend(screen_w: int, four_colours: bool, estimated: bool = False) -> None:
    """The shading's key at the right of the screen bar: 0% (safe) to 100% (a mine),
    with "est." and a hollow swatch in front when some chances are estimates."""
    x = screen_w - 4 - legend_width(estimated)
    if estimated:
        x = font.draw_text(x, 1, ESTIMATE_MARK, Pen.BLACK) + 1
        _swatch(x, ESTIMATE_SAMPLE_STEP, four_colours, hollow=True)
        x += SWATCH_W + 2 + 4
    x = font.draw_text(x, 1, LEGEND_LOW, Pen.BLACK) + 2
    for step in range(STEPS):
        _swatch(x, step, four_colours)
        x += SWATCH_W + 3
    font.draw_text(x + 1, 1, LEGEND_HIGH, Pen.BLACK)


def _swatch(x: int, step: int, four_colours: bool, hollow: bool = False) -> None:
    """One step of the key, in a black frame."""
    pyxel.rectb(x, 1, SWATCH_W + 2, SWATCH_H + 2, Pen.BLACK)
    fill_step(x + 1, 2, SWATCH_W, SWATCH_H, step, four_colours, hollow)

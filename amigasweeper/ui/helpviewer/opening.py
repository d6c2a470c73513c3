"""The size the help viewer opens at, as MultiView opens a guide: as wide as
the guide's @width asks (80 columns when it names none) and as tall as its
@height (24 lines when it names none), each as far as the screen allows.
The zoom gadget then switches between that size and the largest one, the
whole screen below its bar (Window.zoom).

Also the wrap of the button row, which both the opening size (how many rows
of buttons a width leaves) and the viewer's layout (where they go) use.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from amigasweeper.guide import Document

from ..intuition.atlas import FONT

DEFAULT_COLUMNS = 80  # a guide without @width: the width of a text screen
DEFAULT_ROWS = 24  # a guide without @height: a sensible page, the height of a text screen


@dataclass(frozen=True)
class Chrome:
    """What the viewer puts around its page, in pixels (guideview.py's measures)."""

    margin: int  # inside the window's borders, around the buttons and the page
    button_gap: int  # between two buttons, across and down
    button_h: int
    scroller: int  # the scrollers' thickness, with their gap from the page
    inset_x: int  # from the page's edge to its text, each side
    inset_y: int
    line_h: int  # one line of the page


def wrap_rows(widths: Sequence[int], room: int, gap: int) -> list[list[int]]:
    """The buttons' indexes in rows: as many to a row as fit ``room`` (at least one)."""
    rows: list[list[int]] = []
    used = 0
    for index, width in enumerate(widths):
        if rows and used + width <= room:
            rows[-1].append(index)
            used += width + gap
        else:
            rows.append([index])
            used = width + gap
    return rows


def opening_inner(document: Document, room: tuple[int, int], button_widths: Sequence[int],
                  chrome: Chrome) -> tuple[int, int]:
    """The interior (width, height) the viewer opens at for this guide,
    given the largest interior the screen leaves (``room``)."""
    most_w, most_h = room
    columns = document.width or DEFAULT_COLUMNS
    page_w = columns * FONT.cell + 2 * chrome.inset_x
    inner_w = min(most_w, page_w + 2 * chrome.margin + chrome.scroller)
    rows = len(wrap_rows(button_widths, inner_w - 2 * chrome.margin, chrome.button_gap))
    buttons_h = rows * chrome.button_h + (rows - 1) * chrome.button_gap
    lines = document.height or DEFAULT_ROWS
    page_h = lines * chrome.line_h + chrome.inset_y
    inner_h = min(most_h, 3 * chrome.margin + buttons_h + page_h + chrome.scroller)
    return inner_w, inner_h

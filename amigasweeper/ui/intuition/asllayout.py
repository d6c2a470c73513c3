"""The ASL file requester's geometry, as 3.1 lays it out: the list with its
scroller at the top, taking the room left; under it a line for the
requester's note, the Pattern, Drawer and File gadgets and the row of
buttons; a bottom border holding the size gadget. The window opens at the
screen's top left corner (placement.py says why) and the size gadget
resizes it down to where the buttons still fit beside each other.
"""

from __future__ import annotations

from .asl_list import LIST_PAD, ROW_H, SCROLLER_W, FileList, ListScroller
from .atlas import FONT
from .metrics import HIRES_WIDTH, for_width
from .placement import asl_request_place
from .requester import BUTTON_H, MARGIN, SCREEN_GAP, Requester
from .stringgadget import GADGET_H
from .window import SCREEN_TOP, SIZE_H, TITLE_H

GAP = 4
SIDE = 6  # from the window's border to the list and gadgets
MOST_ROWS = {False: 14, True: 22}  # list rows on LowRes and HighRes screens
HIRES_LIST_CHARS = 56  # list width on a HighRes screen, in characters
MIN_ROWS = 3
# Under the list: a gap, the note's line, the three string gadgets, the buttons.
BELOW_LIST = GAP + ROW_H + 3 * (GADGET_H + 3) + 2 * MARGIN + BUTTON_H


class AslLayout(Requester):
    """Layout for FileRequester (asl.py): a Requester with a ``listing`` and
    its ``scroller``, which FileRequester makes before laying out."""

    listing: FileList
    scroller: ListScroller

    # ------------------------------------------------------------ layout
    def relayout(self) -> None:
        """Lay out at the size the player gave the window (its size or zoom
        gadget), else at the default for the screen; the list takes the room
        the gadgets and buttons leave, and the window opens at the corner."""
        if self.sized:
            w, h = self.fit_size(self.w, self.h)
            inner_w, inner_h = w - 2 * self.border, h - TITLE_H - self.bottom_border
        else:
            inner_w, inner_h = self.default_inner()
        self.resize_inner(inner_w, inner_h)
        list_w = inner_w - 2 * SIDE - SCROLLER_W - 1
        list_h = max(MIN_ROWS * ROW_H + 2 * LIST_PAD, inner_h - GAP - BELOW_LIST)
        self.listing.x, self.listing.y, self.listing.w, self.listing.h = (
            self.inner_x + SIDE, self.inner_y + GAP, list_w, list_h)
        self.scroller.x, self.scroller.y, self.scroller.h = self.listing.x + list_w + 1, self.listing.y, list_h
        y = self.listing.y + list_h + GAP + ROW_H
        for gadget in self.gadgets:
            gadget.x, gadget.y, gadget.w = self.listing.x, y + 3, inner_w - 2 * SIDE
            y += GADGET_H + 3
        self._place_buttons(inner_w, inner_h)
        self.listing.scroll_to(self.listing.top)
        self.settle(*asl_request_place())

    def on_resized(self) -> None:
        """The size gadget changed the window: the list and gadgets follow."""
        self.relayout()

    def default_inner(self) -> tuple[int, int]:
        """The interior's size when the player has not sized the window: a
        list as wide and as long as this screen comfortably holds."""
        screen_w, screen_h = self.screen_size
        hires = screen_w >= HIRES_WIDTH
        widest = screen_w - 2 * SCREEN_GAP - 2 * for_width(screen_w).side_border
        list_w = min(widest - 2 * SIDE - SCROLLER_W - 1, HIRES_LIST_CHARS * FONT.cell + 2 * LIST_PAD)
        room = screen_h - 2 * SCREEN_GAP - TITLE_H - SIZE_H - SCREEN_TOP - GAP - 2 * LIST_PAD - BELOW_LIST
        rows = max(MIN_ROWS, min(MOST_ROWS[hires], room // ROW_H))
        return list_w + SCROLLER_W + 1 + 2 * SIDE, GAP + rows * ROW_H + 2 * LIST_PAD + BELOW_LIST

    def min_outer(self) -> tuple[int, int]:
        """The smallest window the size gadget allows: the buttons side by
        side and three rows of the list."""
        buttons_w = sum(b.w for b in self.buttons) + MARGIN * (len(self.buttons) + 1)
        inner_h = GAP + MIN_ROWS * ROW_H + 2 * LIST_PAD + BELOW_LIST
        return buttons_w + 2 * self.border, TITLE_H + inner_h + SIZE_H

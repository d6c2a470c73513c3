"""The ASL file requester's list (asl.py): the drawer's entries, a row
each, with the keyboard's cursor, and the proportional scroller beside it."""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from . import font
from .atlas import FONT, Glyph
from .drawers import Entry, EntryKind
from .gfx import bevel, button_box
from .input import Button, Frame
from .palette import FILL, FILL_TEXT, HIGHLIGHT_TEXT, TEXT, Pen
from .requester import shorten
from .widgets import Widget

ROW_H = FONT.cell + 1
LIST_PAD = 2  # inside the list's recessed frame
SCROLLER_W = 11
ARROW_H = 9
SIZE_CHARS = 7  # the right column: "Drawer", "Volume" or a file's size


def size_text(size: int | None) -> str:
    """A file's size in the list's right column (at most SIZE_CHARS wide)."""
    if size is None:
        return ""
    for unit, scale in (("", 1), ("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30)):
        if size < 10_000_000 * scale:
            return f"{size // scale}{unit}"
    return f"{size >> 40}T"


def printable(name: str) -> str:
    """A name as drawn: characters the font cannot show become '?'."""
    return "".join(ch if ch.isprintable() and ord(ch) < 256 else "?" for ch in name)


class FileList(Widget):
    """The requester's list: entries, the first shown (``top``) and the
    keyboard's cursor. A click on a row calls ``on_pick(index)``."""

    def __init__(self, on_pick: Callable[[int], None]) -> None:
        super().__init__()
        self.on_pick = on_pick
        self.entries: list[Entry] = []
        self.top = 0
        self.cursor: int | None = None
        self.empty_text = ""  # shown when nothing is listed (why, in words)

    @property
    def rows(self) -> int:
        return max(1, (self.h - 2 * LIST_PAD) // ROW_H)

    @property
    def total_lines(self) -> int:
        return len(self.entries)

    @property
    def chars(self) -> int:
        return (self.w - 2 * LIST_PAD) // FONT.cell

    def show(self, entries: list[Entry]) -> None:
        self.entries = entries
        self.top = 0
        self.cursor = None

    def insert_at(self, index: int) -> None:
        """An entry went in at ``index``: the cursor stays on its own entry."""
        if self.cursor is not None and index <= self.cursor:
            self.cursor += 1

    def scroll_to(self, top: int) -> None:
        self.top = max(0, min(top, len(self.entries) - self.rows))

    def move_cursor(self, step: int) -> None:
        if not self.entries:
            return
        start = (-1 if step > 0 else len(self.entries)) if self.cursor is None else self.cursor
        self.cursor = max(0, min(len(self.entries) - 1, start + step))
        if self.cursor < self.top:
            self.scroll_to(self.cursor)
        elif self.cursor >= self.top + self.rows:
            self.scroll_to(self.cursor - self.rows + 1)

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is not Button.LEFT:
            return
        index = self.top + (frame.y - self.ay - LIST_PAD) // ROW_H
        if 0 <= index < len(self.entries) and frame.y >= self.ay + LIST_PAD:
            self.cursor = index
            self.on_pick(index)

    def draw(self) -> None:
        x, y = self.ax, self.ay
        bevel(x, y, self.w, self.h, recessed=True, fill=Pen.GREY)
        if not self.entries and self.empty_text:
            font.draw_text(x + LIST_PAD + 2, y + LIST_PAD + 1, shorten(self.empty_text, self.chars - 1), TEXT)
        for row, entry in enumerate(self.entries[self.top : self.top + self.rows]):
            self.draw_row(x + LIST_PAD, y + LIST_PAD + row * ROW_H, entry, self.top + row == self.cursor)

    def draw_row(self, x: int, y: int, entry: Entry, selected: bool) -> None:
        width = self.w - 2 * LIST_PAD
        if selected:
            pyxel.rect(x, y, width, ROW_H, FILL)
        pen = HIGHLIGHT_TEXT if entry.kind is not EntryKind.FILE else (FILL_TEXT if selected else TEXT)
        right = {EntryKind.DRAWER: "Drawer", EntryKind.VOLUME: "Volume"}.get(entry.kind) or size_text(entry.size)
        name = shorten(printable(entry.name), self.chars - SIZE_CHARS - 1)
        font.draw_text(x + 1, y + 1, name, pen)
        font.draw_text(x + width - 1 - font.text_width(right), y + 1, right, pen)


class ListScroller(Widget):
    """The list's proportional gadget with its two arrows underneath, as ASL
    drew them; an arrow held down keeps scrolling."""

    REPEAT_AFTER, REPEAT_EVERY = 15, 3  # frames

    def __init__(self, listing: FileList) -> None:
        super().__init__(0, 0, SCROLLER_W, 3 * ARROW_H)
        self.listing = listing
        self.grab: int | None = None  # where in the knob the pointer holds it
        self.arrow = 0  # -1 or +1 while an arrow is held
        self.held_frames = 0

    @property
    def track(self) -> int:
        return self.h - 2 * ARROW_H - 4

    def knob(self) -> tuple[int, int]:
        """The knob's offset and length along the track."""
        total, rows, top = self.listing.total_lines, self.listing.rows, self.listing.top
        if total <= rows:
            return 0, self.track
        length = max(6, self.track * rows // total)
        return (self.track - length) * top // (total - rows), length

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is not Button.LEFT:
            return
        offset = frame.y - self.ay - 2
        if offset >= self.track + 2:
            self.arrow = -1 if frame.y < self.ay + self.h - ARROW_H else 1
            self.held_frames = 0
            self.listing.scroll_to(self.listing.top + self.arrow)
            return
        start, length = self.knob()
        if start <= offset < start + length:
            self.grab = offset - start
        else:
            page = self.listing.rows if offset >= start + length else -self.listing.rows
            self.listing.scroll_to(self.listing.top + page)

    def on_drag(self, frame: Frame) -> None:
        if self.arrow:
            self.held_frames += 1
            late = self.held_frames - self.REPEAT_AFTER
            if late >= 0 and late % self.REPEAT_EVERY == 0:
                self.listing.scroll_to(self.listing.top + self.arrow)
        if self.grab is not None:
            _start, length = self.knob()
            room = max(1, self.track - length)
            offset = max(0, min(room, frame.y - self.ay - 2 - self.grab))
            spare = max(0, self.listing.total_lines - self.listing.rows)
            self.listing.scroll_to(round(offset * spare / room))

    def on_release(self, frame: Frame, button: Button) -> None:
        self.grab, self.arrow = None, 0

    def on_cancel(self) -> None:
        self.grab, self.arrow = None, 0

    def draw(self) -> None:
        x, y = self.ax, self.ay
        track_h = self.h - 2 * ARROW_H
        bevel(x, y, self.w, track_h, fill=Pen.GREY)
        start, length = self.knob()
        bevel(x + 2, y + 2 + start, self.w - 4, length, fill=Pen.BLUE)
        for i, (glyph, way) in enumerate(((Glyph.ARROW_UP, -1), (Glyph.ARROW_DOWN, 1))):
            ay = y + track_h + i * ARROW_H
            button_box(x, ay, self.w, ARROW_H, pressed=self.arrow == way)
            font.draw_glyph(x + (self.w - FONT.cell) // 2, ay + 1, glyph, Pen.BLACK)

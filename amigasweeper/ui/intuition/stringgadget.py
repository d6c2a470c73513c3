"""Intuition's string gadget: a one-line text field with a block cursor and
the editing keys of Workbench 3.1, for every string gadget in the program.

The keys are those of the RKRM Libraries manual, chapter 5, "String Gadget
Type", Table 5-1:

    Left / Right                 a character left or right
    Shift-Left / Shift-Right     to the start / the end of the text
    Backspace / Del              the character left of / under the cursor
    Shift-Backspace              everything left of the cursor
    Shift-Del                    everything from the cursor to the end
    Right-Amiga-X                clear the text (the undo copy is kept)
    Right-Amiga-Q                undo: the text as it was when the gadget
                                 was activated (after Right-Amiga-X too)

Home and End, which a PC keyboard has and an Amiga's has not, also go to the
ends. A frame that brings typed text with the Right-Amiga qualifier held is
typing, not a command: AltGr is the right Alt key, which the program also
takes for Right-Amiga, and AltGr-Q types "@" on a German keyboard.
"""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from . import font
from .atlas import FONT
from .gfx import bevel
from .input import Button, Frame
from .palette import Pen
from .widgets import Widget

# A string gadget: a two-pixel ridge, one pixel of space, then the text (8 high),
# so no character ever touches the frame.
TEXT_INSET = 3  # from the gadget's top (or its left) to the text
GADGET_H = 2 * TEXT_INSET + FONT.cell


class StringGadget(Widget):
    """A one-line text field: typed text, a block cursor, the 3.1 editing keys."""

    def __init__(self, label: str, text: str, width_chars: int, max_chars: int) -> None:
        self.label = label
        self.label_w = self.label_width(label)
        super().__init__(0, 0, self.label_w + width_chars * FONT.cell + 2 * TEXT_INSET, GADGET_H)
        self.text = text
        self.cursor = len(text)
        self.max_chars = max_chars
        self.undo_text = text  # Intuition's undo buffer: the text when the gadget was activated
        self._active = False
        self.on_focus: Callable[[StringGadget], None] = lambda gadget: None

    @property
    def active(self) -> bool:
        return self._active

    @active.setter
    def active(self, active: bool) -> None:
        if active and not self._active:
            self.undo_text = self.text  # activation fills the undo buffer, as Intuition's does
        self._active = active

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is Button.LEFT:
            self.on_focus(self)
            column = (frame.x - (self.ax + self.label_w + TEXT_INSET)) // FONT.cell
            self.cursor = max(0, min(len(self.text), column))

    # ------------------------------------------------------------ editing
    def edit(self, frame: Frame) -> None:
        """Apply this frame's typing and editing keys."""
        if frame.amiga and not frame.text:
            self._amiga_keys(frame)
            return
        for ch in frame.text:
            if ch.isprintable() and len(self.text) < self.max_chars:
                self.text = self.text[: self.cursor] + ch + self.text[self.cursor :]
                self.cursor += 1
        if frame.shift:
            self._shifted_keys(frame)
        else:
            self._plain_keys(frame)
        if frame.key(pyxel.KEY_HOME):
            self.cursor = 0
        if frame.key(pyxel.KEY_END):
            self.cursor = len(self.text)

    def _plain_keys(self, frame: Frame) -> None:
        if frame.key(pyxel.KEY_BACKSPACE) and self.cursor > 0:
            self.text = self.text[: self.cursor - 1] + self.text[self.cursor :]
            self.cursor -= 1
        if frame.key(pyxel.KEY_DELETE):
            self.text = self.text[: self.cursor] + self.text[self.cursor + 1 :]
        if frame.key(pyxel.KEY_LEFT):
            self.cursor = max(0, self.cursor - 1)
        if frame.key(pyxel.KEY_RIGHT):
            self.cursor = min(len(self.text), self.cursor + 1)

    def _shifted_keys(self, frame: Frame) -> None:
        if frame.key(pyxel.KEY_BACKSPACE):  # everything left of the cursor
            self.text, self.cursor = self.text[self.cursor :], 0
        if frame.key(pyxel.KEY_DELETE):  # the cursor's character and all after it
            self.text = self.text[: self.cursor]
        if frame.key(pyxel.KEY_LEFT):
            self.cursor = 0
        if frame.key(pyxel.KEY_RIGHT):
            self.cursor = len(self.text)

    def _amiga_keys(self, frame: Frame) -> None:
        if frame.key(pyxel.KEY_X):
            self.text, self.cursor = "", 0
        elif frame.key(pyxel.KEY_Q):
            self.text = self.undo_text[: self.max_chars]
            self.cursor = len(self.text)

    # --------------------------------------------------------------- draw
    def draw(self) -> None:
        x, y = self.ax, self.ay
        text_y = y + TEXT_INSET
        if self.label:
            font.draw_text(x, text_y, self.label, Pen.BLACK)
        box_x, box_w = x + self.label_w, self.w - self.label_w
        # The Amiga string gadget: a ridge, raised outside and recessed inside.
        bevel(box_x, y, box_w, self.h)
        bevel(box_x + 1, y + 1, box_w - 2, self.h - 2, recessed=True, fill=Pen.GREY)
        start = self.display_start
        shown = self.text[start : start + self.visible_chars]
        text_x = box_x + TEXT_INSET
        font.draw_text(text_x, text_y, shown, Pen.BLACK)
        if self.active:
            cx = text_x + (self.cursor - start) * FONT.cell
            under = self.text[self.cursor] if self.cursor < len(self.text) else " "
            pyxel.rect(cx, text_y, FONT.cell, FONT.cell, Pen.BLUE)
            font.draw_text(cx, text_y, under, Pen.BLACK)

    @staticmethod
    def label_width(label: str) -> int:
        """Room the label takes left of the box (none without a label)."""
        return font.text_width(label) + 4 if label else 0

    @property
    def display_start(self) -> int:
        """The first character shown. Active, the text scrolls to keep the
        cursor in sight; inactive, the gadget shows its text from the start,
        as Intuition 3.1 redraws a string gadget it deactivates."""
        return max(0, self.cursor - self.visible_chars + 1) if self.active else 0

    @property
    def visible_chars(self) -> int:
        return (self.w - self.label_w - 2 * TEXT_INSET) // FONT.cell

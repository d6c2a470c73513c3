"""Requesters in the Workbench EasyRequest style: a window with a title bar
that has a depth gadget (no close gadget: an answer closes it), its lines of
text in a recessed box, optional string gadgets and a row of bevelled
buttons, as Intuition 3.1 builds one (BuildEasyRequestArgs). Return chooses the
default button (the first, positive one unless the requester names another),
Esc the last (negative) one. A button may be mouse-only (:class:`Choice`): no
key ever chooses it, so a risky answer takes a deliberate click."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pyxel

from . import font
from .atlas import FONT, Glyph
from .gfx import bevel, button_box
from .input import Frame
from .metrics import for_width
from .palette import Pen
from .placement import easy_request_place
from .stringgadget import GADGET_H, StringGadget
from .widgets import PushGadget
from .window import Window

LINE_H = FONT.cell + 2
BUTTON_H = 14
BUTTON_PAD = 8  # space each side of a button's label
MARGIN = 8
TEXT_BOX_INSET = 4  # the recessed box around the text runs this far inside the margin
TEXT_BOX_GAP = 4  # and the first gadget or button row starts this far below it
SCREEN_GAP = 4  # a requester never runs closer than this to the screen's sides


def text_room(screen_size: tuple[int, int]) -> int:
    """How many characters a requester's line can hold on this screen."""
    screen_w, _ = screen_size
    border = for_width(screen_w).side_border
    return (screen_w - 2 * SCREEN_GAP - 2 * border - 2 * MARGIN) // FONT.cell


def shorten(text: str, room: int) -> str:
    """The text cut to ``room`` characters, its last one an ellipsis when cut."""
    if len(text) <= room:
        return text
    if room <= 0:
        return ""
    return text[: room - 1].rstrip() + Glyph.ELLIPSIS.char


def shorten_middle(text: str, room: int) -> str:
    """A long word (a file's path) cut in its middle, keeping both ends."""
    if len(text) <= room or room < 3:
        return shorten(text, room)
    head = (room - 1) // 2
    tail = room - 1 - head
    return text[:head] + Glyph.ELLIPSIS.char + text[len(text) - tail :]


SEPARATORS = "./\\-_"  # where a file name or path too long for a line may break


def split_long_word(word: str, room: int) -> list[str]:
    """A word longer than a line (a file name, a path) in pieces that each end
    at one of its own separators, so no part of a name is cut; a piece with no
    separator to break at is shortened in its middle instead."""
    pieces = []
    while len(word) > room:
        cut = max(word.rfind(sep, 0, room) for sep in SEPARATORS) + 1
        if cut <= 0:
            break
        pieces.append(word[:cut])
        word = word[cut:]
    return [*pieces, shorten_middle(word, room)]


def wrap(text: str, room: int) -> list[str]:
    """Lines of at most ``room`` characters broken between words; a word longer
    than a line breaks only after its separators (see split_long_word)."""
    if not text:
        return [""]
    lines = []
    for line in textwrap.wrap(text, room, break_long_words=False, break_on_hyphens=False):
        lines += split_long_word(line, room) if len(line) > room else [line]
    return lines or [""]


@dataclass(frozen=True)
class Choice:
    """A requester's button: its label, what it does, and whether only a
    click may choose it (never Return, Esc or any other key)."""

    label: str
    action: Callable[[], None]
    mouse_only: bool = False


class TextButton(PushGadget):
    """A bevelled button gadget with a label."""

    def __init__(self, label: str, action: Callable[[], None], mouse_only: bool = False) -> None:
        super().__init__(0, 0, font.text_width(label) + 2 * BUTTON_PAD, BUTTON_H)
        self.label = label
        self.action = action
        self.mouse_only = mouse_only  # chosen by clicking only (see Choice)

    def activate(self) -> None:
        self.action()

    def draw(self) -> None:
        button_box(self.ax, self.ay, self.w, self.h, pressed=self.pressed)
        font.draw_text(self.ax + BUTTON_PAD, self.ay + 3, self.label, Pen.BLACK)


class CycleGadget(PushGadget):
    """Intuition's cycle gadget: a label and a button that steps through choices."""

    def __init__(self, label: str, choices: list[str], index: int = 0) -> None:
        self.label = label
        self.label_w = font.text_width(label) + 4 if label else 0
        width = self.label_w + max(font.text_width(c) for c in choices) + FONT.cell + 12
        super().__init__(0, 0, width, GADGET_H + 2)
        self.choices = choices
        self.index = index
        self.on_change: Callable[[CycleGadget], None] = lambda gadget: None

    @property
    def value(self) -> str:
        return self.choices[self.index]

    def activate(self) -> None:
        self.index = (self.index + 1) % len(self.choices)
        self.on_change(self)

    def draw(self) -> None:
        x, y = self.ax, self.ay
        if self.label:
            font.draw_text(x, y + 3, self.label, Pen.BLACK)
        box_x = x + self.label_w
        button_box(box_x, y, self.w - self.label_w, self.h, pressed=self.pressed)
        font.draw_glyph(box_x + 3, y + 3, Glyph.CYCLE, Pen.BLACK)
        pyxel.line(box_x + FONT.cell + 5, y + 2, box_x + FONT.cell + 5, y + self.h - 3, Pen.BLACK)
        font.draw_text(box_x + FONT.cell + 8, y + 3, self.value, Pen.BLACK)


class Requester(Window):
    """A modal requester. ``buttons`` are (label, action) pairs or
    :class:`Choice` objects, positive first. ``default`` is the index of the
    button Return chooses (negative counts from the end); neither it nor the
    last button, which Esc chooses, may be mouse-only."""

    help_node: str  # a requester always has a page for Help (Window's may have none)

    def __init__(
        self,
        title: str,
        lines: list[str],
        buttons: Sequence[tuple[str, Callable[[], None]] | Choice],
        screen_size: tuple[int, int],
        *,
        gadgets: list[StringGadget] | None = None,
        cycles: list[CycleGadget] | None = None,
        help_node: str = "Main",
        default: int = 0,
    ) -> None:
        super().__init__(title, 0, 0, 10, 10)
        self.default = default  # the button Return chooses (Esc always the last, the safe one)
        choices = [b if isinstance(b, Choice) else Choice(*b) for b in buttons]
        if choices and (choices[default].mouse_only or choices[-1].mouse_only):
            raise ValueError("Return and Esc must choose buttons that keys may choose")
        self.lines = list(lines)
        self.message = ""  # a line shown in the highlight pen, e.g. what is allowed
        self.help_node = help_node
        self.closed = False
        self.gadgets = gadgets or []
        self.cycles = cycles or []
        for cycle in self.cycles:
            self.add(cycle)
        self.buttons = [self.add(TextButton(c.label, c.action, c.mouse_only)) for c in choices]
        for gadget in self.gadgets:
            self.add(gadget)
            gadget.on_focus = self.focus
        if self.gadgets:
            self.focus(self.gadgets[0])
        self.screen_size = screen_size
        self.enable_depth()  # 3.1's requesters can be sent behind other windows
        self.relayout()

    def close(self) -> None:
        self.closed = True

    def tick(self) -> None:
        """Once a frame while open: a requester with work over frames does it here."""

    # --------------------------------------------------------------- layout
    @property
    def room(self) -> int:
        """Characters a line may hold: what fits this screen."""
        return text_room(self.screen_size)

    def shown_lines(self) -> list[str]:
        """The text as drawn: each line wrapped between words to fit the screen,
        and no more lines than the screen's height leaves room for (the last
        one shown then ends in an ellipsis)."""
        lines = [part for line in self.lines for part in wrap(line, self.room)]
        most = self.most_lines()
        if len(lines) > most:
            lines = lines[: most - 1] + [shorten(lines[most - 1] + " " * self.room, self.room)]
        return lines

    def most_lines(self) -> int:
        """Text lines that fit above the gadgets and buttons on this screen."""
        _, screen_h = self.screen_size
        rows = [g for g in [*self.cycles, *self.gadgets] if g.visible]
        fixed = 11 + self.inner_y + 2 + 2 * MARGIN + TEXT_BOX_GAP + sum(3 + g.h for g in rows) + MARGIN + BUTTON_H
        message = len(wrap(self.message, self.room)) if self.message else 0
        return max(1, (screen_h - fixed) // LINE_H - message)

    def message_lines(self) -> list[str]:
        return wrap(self.message, self.room) if self.message else []

    def relayout(self) -> None:
        text_lines = self.shown_lines() + self.message_lines()
        title_w = min(font.text_width(self.title) + 40, self.room * FONT.cell)
        text_w = max([font.text_width(line) for line in text_lines] + [title_w])
        rows = [g for g in [*self.cycles, *self.gadgets] if g.visible]  # a hidden gadget leaves no gap
        gadgets_w = max([g.w for g in rows], default=0)
        buttons_w = sum(b.w for b in self.buttons) + MARGIN * (len(self.buttons) - 1)
        inner_w = max(text_w, gadgets_w, buttons_w) + 2 * MARGIN
        y = MARGIN + len(text_lines) * LINE_H + (TEXT_BOX_GAP if text_lines else 0)
        for gadget in rows:
            y += 3
            gadget.x, gadget.y = self.inner_x + MARGIN, self.inner_y + y
            y += gadget.h
        inner_h = y + MARGIN + BUTTON_H + MARGIN
        self.resize_inner(inner_w, inner_h)
        self._place_buttons(inner_w, inner_h)
        self.settle(*easy_request_place())  # the screen's top left corner: placement.py says why

    def draw_title(self) -> None:
        """A title too long for the bar is cut with an ellipsis, never run past
        it nor under a depth gadget (the file requester's)."""
        gadget_w = self.depth_gadget.w if self.depth_gadget is not None else 0
        room = max(0, (self.w - 6 - gadget_w) // FONT.cell)
        title, self.title = self.title, shorten(self.title, room)
        super().draw_title()
        self.title = title

    def _place_buttons(self, inner_w: int, inner_h: int) -> None:
        """EasyRequest's row: the first button at the left, the last at the right,
        the others spread evenly between."""
        y = self.inner_y + inner_h - MARGIN - BUTTON_H
        count = len(self.buttons)
        if count == 1:
            self.buttons[0].x = self.inner_x + (inner_w - self.buttons[0].w) // 2
        free = inner_w - 2 * MARGIN - sum(b.w for b in self.buttons)
        x = self.inner_x + MARGIN
        for button in self.buttons if count > 1 else []:
            button.x = x
            x += button.w + (free // (count - 1))
        if count > 1:
            self.buttons[-1].x = self.inner_x + inner_w - MARGIN - self.buttons[-1].w
        for button in self.buttons:
            button.y = y

    def say(self, message: str) -> None:
        """Show a message (such as what values are allowed) under the text."""
        self.message = message
        self.relayout()

    # ---------------------------------------------------------------- input
    def focus(self, gadget: StringGadget | None) -> None:
        for other in self.gadgets:
            other.active = other is gadget

    @property
    def active_gadget(self) -> StringGadget | None:
        return next((g for g in self.gadgets if g.active), None)

    def on_key(self, frame: Frame) -> bool:
        if frame.left_amiga and frame.key(pyxel.KEY_V, pyxel.KEY_B) and self.buttons:
            # Intuition's keys for a system requester (RKRM Libraries, Table 10-2):
            # Left-Amiga-V the leftmost button (the positive one), -B the rightmost.
            self.choose_by_key(self.buttons[0] if frame.key(pyxel.KEY_V) else self.buttons[-1])
            return True
        gadget = self.active_gadget
        if gadget is not None:
            gadget.edit(frame)
        if frame.key(pyxel.KEY_TAB) and self.gadgets:
            index = self.gadgets.index(gadget) if gadget else -1
            step = -1 if frame.shift else 1
            self.focus(self.gadgets[(index + step) % len(self.gadgets)])
        if frame.key(pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER) and self.buttons:
            self.choose_by_key(self.buttons[self.default])
        elif frame.key(pyxel.KEY_ESCAPE) and self.buttons:
            self.choose_by_key(self.buttons[-1])
        return True

    @staticmethod
    def choose_by_key(button: TextButton) -> None:
        """A key's choice: never a mouse-only button."""
        if not button.mouse_only:
            button.action()

    # ---------------------------------------------------------------- draw
    def text_box(self) -> tuple[int, int, int, int] | None:
        """Where the recessed box around the text is (x, y, w, h, relative to
        the window), or None for a requester with no text (the file requester)."""
        count = len(self.shown_lines()) + len(self.message_lines()) if self.lines or self.message else 0
        if not count:
            return None
        x, y = self.inner_x + TEXT_BOX_INSET, self.inner_y + TEXT_BOX_INSET
        bottom = self.inner_y + MARGIN + count * LINE_H + TEXT_BOX_GAP // 2
        return x, y, self.inner_w - 2 * TEXT_BOX_INSET, bottom - y

    def draw_interior(self) -> None:
        box = self.text_box()
        if box is not None:
            bx, by, bw, bh = box
            bevel(self.ax + bx, self.ay + by, bw, bh, recessed=True)
        x, y = self.ax + self.inner_x + MARGIN, self.ay + self.inner_y + MARGIN
        for line in self.shown_lines():
            font.draw_text(x, y, line, Pen.BLACK)
            y += LINE_H
        for line in self.message_lines():
            font.draw_text(x, y, line, Pen.WHITE, bg=Pen.BLUE)
            y += LINE_H

"""An icon's Information window, laid out after Workbench 3.1's: the path
of the icon as its title, the icon's image with its name and kind beside it,
the figures below, then (for a tool) the protection bits, the comment and
the Tool Types, and Save and Cancel at the bottom. Nothing here can be
changed (this program keeps no .info files), so the check boxes and Save are
ghosted, as Intuition ghosts gadgets that cannot act; Cancel, the close of
the window's Esc and Return, and Left-Amiga-B close it."""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from amigasweeper.guide import ManualPage

from ..intuition import font
from ..intuition.atlas import ICON_H, ICON_W, Glyph, Icon
from ..intuition.gfx import bevel
from ..intuition.ghostbutton import GhostButton
from ..intuition.input import Frame
from ..intuition.palette import BACKGROUND, Pen
from ..intuition.placement import easy_request_place
from ..intuition.requester import BUTTON_H, TextButton
from ..intuition.window import SCREEN_TOP, TITLE_H, Window
from .iconfacts import Facts, IconKind

MARGIN = 6
LINE_H = font.HEIGHT + 2
CHECK_W = 10  # a check box and the gap after it
MOST_TOOL_TYPES = 6  # lines of Tool Types shown; more end in "..."
CASCADE = TITLE_H + 2  # each further Information window opens this much lower and to the right


def _cut(text: str, room: int) -> str:
    """Text cut to ``room`` characters, an ellipsis where it was cut."""
    return text if len(text) <= room else text[: max(0, room - 1)] + chr(Glyph.ELLIPSIS)


class InformationWindow(Window):
    """The Information window of one icon."""

    def __init__(self, facts: Facts, icon: Icon, screen_size: tuple[int, int], on_close: Callable[[], None],
                 *, cascade: int = 0) -> None:
        super().__init__(facts.title, 0, 0, 10, 10)
        self.cascade = cascade  # how many Information windows were open before it: it opens below their titles
        self.facts = facts
        self.icon = icon
        self.on_close = on_close
        self.help_node = ManualPage.WORKBENCH  # Help (F1) here: the Workbench's page
        self.enable_depth()
        self.save = self.add(GhostButton("Save", lambda: None, lambda: False))  # nothing to save to
        self.cancel = self.add(TextButton("Cancel", on_close))
        self.screen_size = screen_size
        self.relayout()

    # --------------------------------------------------------------- content
    spoken_title = "Information"  # the Narrator names the window so: its title is a path

    def spoken(self) -> str:
        """What the Narrator says of the window: the icon's name and its fields."""
        return f"{self.facts.name}. " + "; ".join(line for line in self.lines() if line.strip())

    def lines(self) -> list[str]:
        """The text under the icon, one line each, as the window shows it."""
        facts = self.facts
        lines = [f"{label}: {value}" for label, value in facts.rows]
        if facts.kind is IconKind.TOOL:
            lines += ["", f"Comment: {facts.comment}", "Tool Types:"]
            shown = facts.tool_types[:MOST_TOOL_TYPES] or ["(none)"]
            if len(facts.tool_types) > MOST_TOOL_TYPES:
                shown[-1] = "..."
            lines += [f"  {tool_type}" for tool_type in shown]
        return lines

    def checks(self) -> list[tuple[str, bool]]:
        protection = self.facts.protection
        return protection.named() if protection is not None else []

    # ---------------------------------------------------------------- layout
    def _check_rows(self) -> int:
        return (len(self.checks()) + 1) // 2

    def relayout(self) -> None:
        screen_w, screen_h = self.screen_size
        room = (screen_w - 2 * self.border - 2 * MARGIN) // font.ADVANCE
        head = max(font.text_width(f"Name: {self.facts.name}"), font.text_width(f"({self.facts.kind.value})"))
        text_w = max([font.text_width(_cut(line, room)) for line in self.lines()] + [ICON_W + 8 + head])
        check_w = 2 * (CHECK_W + font.text_width("Executable") + MARGIN)
        buttons_w = self.save.w + self.cancel.w + 3 * MARGIN
        inner_w = min(screen_w - 2 * self.border, max(text_w, check_w, buttons_w) + 2 * MARGIN)
        body = ICON_H + 4 + LINE_H * (len(self.lines()) + self._check_rows()) + MARGIN
        inner_h = min(screen_h - SCREEN_TOP - TITLE_H - 2, MARGIN + body + BUTTON_H + MARGIN)
        self.resize_inner(inner_w, inner_h)
        bottom = self.inner_y + inner_h - MARGIN - BUTTON_H
        self.save.x, self.save.y = self.inner_x + MARGIN, bottom
        self.cancel.x, self.cancel.y = self.inner_x + inner_w - MARGIN - self.cancel.w, bottom
        x, y = easy_request_place()  # the screen's top left corner, as 3.1's requesters: see placement.py
        self.settle(x + self.cascade * CASCADE, y + self.cascade * CASCADE)

    # ------------------------------------------------------------------ keys
    def on_key(self, frame: Frame) -> bool:
        """Esc or Return (and Intuition's Left-Amiga-B) is Cancel: nothing else can act."""
        if frame.key(pyxel.KEY_ESCAPE, pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER) or (
                frame.left_amiga and frame.key(pyxel.KEY_B)):
            self.on_close()
        return True

    # ------------------------------------------------------------------ draw
    def draw_interior(self) -> None:
        x0, y0 = self.ax + self.inner_x + MARGIN, self.ay + self.inner_y + MARGIN
        room = (self.inner_w - 2 * MARGIN) // font.ADVANCE
        pyxel.clip(self.ax + self.inner_x, self.ay + self.inner_y, self.inner_w, self.inner_h)
        sprite = self.icon.sprite
        pyxel.blt(x0, y0, sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h)
        font.draw_text(x0 + ICON_W + 8, y0 + 2, _cut(f"Name: {self.facts.name}", room - 5), Pen.BLACK)
        font.draw_text(x0 + ICON_W + 8, y0 + 2 + LINE_H, f"({self.facts.kind.value})", Pen.BLACK)
        y = y0 + ICON_H + 4
        for line in self.lines():
            font.draw_text(x0, y, _cut(line, room), Pen.BLACK)
            y += LINE_H
        self._draw_checks(x0, y)
        pyxel.clip()

    def _draw_checks(self, x0: int, y: int) -> None:
        """The protection bits in two columns of check boxes, ghosted."""
        column_w = (self.inner_w - 2 * MARGIN) // 2
        for index, (label, on) in enumerate(self.checks()):
            x = x0 + (index % 2) * column_w
            row_y = y + (index // 2) * LINE_H
            bevel(x, row_y, 8, 8, recessed=True, fill=BACKGROUND)
            if on:
                font.draw_glyph(x, row_y, Glyph.CHECK, Pen.BLACK)
            font.draw_text(x + CHECK_W + 2, row_y, label, Pen.BLACK)
            pyxel.dither(0.5)
            pyxel.rect(x, row_y, CHECK_W + 2 + font.text_width(label), 8, BACKGROUND)
            pyxel.dither(1.0)

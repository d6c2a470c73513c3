"""The Workbench screen: the backdrop, the screen title bar, the windows on it,
the DisplayBeep flash and the mouse pointer."""

from __future__ import annotations

import pyxel

from . import font
from .atlas import POINTER
from .palette import BACKGROUND, BAR_BLOCK, BAR_DETAIL, BAR_TRIM, RGB, Pen, beep_rgb
from .widgets import Widget

BAR_H = 10  # font height + 2; the trim line under it makes 11
BEEP_FRAMES = 12  # about a fifth of a second at 60 frames per second
SCREEN_TITLE = "Workbench Screen"


class WorkbenchScreen(Widget):
    """The root of the widget tree; its children are windows, frontmost last."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__(0, 0, width, height)
        self.title = SCREEN_TITLE
        self.beep_left = 0
        self.show_pointer = True

    @property
    def windows(self) -> list[Widget]:
        return self.children

    def depth(self, window: Widget) -> None:
        """The depth gadget: to the back if in front, else to the front."""
        if self.children and self.children[-1] is window and len(self.children) > 1:
            self.children.remove(window)
            self.children.insert(0, window)
        elif window in self.children:
            self.raise_to_front(window)

    # ----------------------------------------------------------- DisplayBeep
    def beep(self) -> None:
        """Flash colour 0, as Intuition's DisplayBeep does."""
        self.beep_left = BEEP_FRAMES
        pyxel.colors[Pen.GREY] = beep_rgb(RGB[Pen.GREY])

    def tick(self) -> None:
        if self.beep_left:
            self.beep_left -= 1
            if not self.beep_left:
                pyxel.colors[Pen.GREY] = RGB[Pen.GREY]

    @property
    def flashing(self) -> bool:
        return self.beep_left > 0

    # ------------------------------------------------------------------ draw
    def draw_title_bar(self, text: str) -> None:
        pyxel.rect(0, 0, self.w, BAR_H, BAR_BLOCK)
        pyxel.line(0, BAR_H, self.w - 1, BAR_H, BAR_TRIM)
        font.draw_text(4, 1, text, BAR_DETAIL)

    def draw(self) -> None:
        pyxel.cls(BACKGROUND)
        super().draw()
        self.draw_title_bar(self.title)

    def draw_pointer(self) -> None:
        if not self.show_pointer:
            return
        sprite = POINTER.sprite
        x, y = pyxel.mouse_x - POINTER.hot_x, pyxel.mouse_y - POINTER.hot_y
        pyxel.blt(x, y, sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h, POINTER.colkey)

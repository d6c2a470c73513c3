"""The Workbench screen: the backdrop, the screen title bar with its depth
gadget, the windows on it, the DisplayBeep flash and the mouse pointer."""

from __future__ import annotations

import pyxel

from . import font
from .atlas import POINTER, WAIT_POINTER
from .beep import Flash, draw_border_flash
from .palette import BACKGROUND, BAR_BLOCK, BAR_DETAIL, BAR_TRIM, Pen, beep_rgb
from .input import Button, Frame
from .widgets import Widget

BAR_H = 10  # font height + 2; the trim line under it makes 11
BEEP_FRAMES = 12  # about a fifth of a second at 60 frames per second
SCREEN_TITLE = "Workbench Screen"
SCREEN_DEPTH_W = 16  # the screen's depth gadget, at the right end of the bar (LowRes size)


class WorkbenchScreen(Widget):
    """The root of the widget tree; its children are windows, frontmost last."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__(0, 0, width, height)
        self.title = SCREEN_TITLE
        self.beep_left = 0
        self.flash = Flash.SCREEN  # Settings > Flash: how a DisplayBeep shows (beep.py)
        self._beep_colour: int | None = None  # colour 0 before the screen flashed (a palette may have changed it)
        self.show_pointer = True
        self.busy = False  # the program works on over frames: the wait pointer shows
        self.depth_held = False
        self.behind = False  # sent back by its depth gadget: the display shows what is behind

    # -------------------------------------------------------- depth gadget
    def in_depth_gadget(self, px: int, py: int) -> bool:
        return self.w - SCREEN_DEPTH_W <= px < self.w and 0 <= py < BAR_H

    def on_press(self, frame: Frame, button: Button) -> None:
        self.depth_held = button is Button.LEFT and self.in_depth_gadget(frame.x, frame.y)

    def on_release(self, frame: Frame, button: Button) -> None:
        if button is Button.LEFT and self.depth_held and self.in_depth_gadget(frame.x, frame.y):
            self.to_back()
        self.depth_held = False

    def on_cancel(self) -> None:
        self.depth_held = False  # a long press (touch play) turned into the menus

    def to_back(self) -> None:
        """The screen's depth gadget. Ours is the only screen, so behind it is
        the display's bare background; a click anywhere brings it forward."""
        self.behind = not self.behind

    # ----------------------------------------------------------- DisplayBeep
    def beep(self) -> None:
        """Flash colour 0, as Intuition's DisplayBeep does; or, as Settings >
        Flash asks, a frame round the screen's edge, or nothing."""
        if self.flash is Flash.NONE:
            return
        if self.flash is Flash.SCREEN and self._beep_colour is None:
            self._beep_colour = pyxel.colors[Pen.GREY]
            pyxel.colors[Pen.GREY] = beep_rgb(self._beep_colour)
        self.beep_left = BEEP_FRAMES

    def tick(self) -> None:
        # Whole pixels, always (scaling/pixels.py): Pyxel's own Alt-8 would turn
        # its integer scale off and Alt-9 would filter the picture; both undone.
        pyxel.integer_scale(True)
        pyxel.screen_mode(0)  # Pyxel's "crisp": every pixel a sharp square
        if self.beep_left:
            self.beep_left -= 1
            if not self.beep_left and self._beep_colour is not None:
                pyxel.colors[Pen.GREY], self._beep_colour = self._beep_colour, None

    @property
    def flashing(self) -> bool:
        return self.beep_left > 0

    # ------------------------------------------------------------------ draw
    def draw_title_bar(self, text: str) -> None:
        pyxel.rect(0, 0, self.w, BAR_H, BAR_BLOCK)
        pyxel.line(0, BAR_H, self.w - 1, BAR_H, BAR_TRIM)
        room = (self.w - SCREEN_DEPTH_W - 8) // font.ADVANCE
        font.draw_text(4, 1, text[:room], BAR_DETAIL)
        self.draw_depth_gadget()

    def draw_depth_gadget(self) -> None:
        """Two overlapping boxes, the back one hollow and the front one filled,
        in the bar's pens; complemented while held, as a selected gadget is."""
        x = self.w - SCREEN_DEPTH_W
        pressed = self.depth_held and self.in_depth_gadget(pyxel.mouse_x, pyxel.mouse_y)
        back, ink = (BAR_DETAIL, BAR_BLOCK) if pressed else (BAR_BLOCK, BAR_DETAIL)
        pyxel.rect(x, 0, SCREEN_DEPTH_W, BAR_H, back)
        pyxel.line(x, 0, x, BAR_H - 1, ink)
        pyxel.rectb(x + 3, 1, 8, 5, ink)  # the screen behind: an outline
        pyxel.rect(x + 6, 4, 8, 5, ink)  # the screen in front: filled

    def draw(self) -> None:
        if self.behind:
            pyxel.cls(Pen.BLACK)
            return
        pyxel.cls(BACKGROUND)
        super().draw()
        self.draw_title_bar(self.title)
        if self.beep_left and self.flash is Flash.BORDER:
            draw_border_flash(self.w, self.h)

    def draw_pointer(self) -> None:
        if not self.show_pointer:
            return
        pointer = WAIT_POINTER if self.busy else POINTER
        sprite = pointer.sprite
        x, y = pyxel.mouse_x - pointer.hot_x, pyxel.mouse_y - pointer.hot_y
        pyxel.blt(x, y, sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h, pointer.colkey)

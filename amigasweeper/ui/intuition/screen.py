"""The Workbench screen: the backdrop, the screen title bar with its drag bar
and depth gadget, the windows on it, the DisplayBeep flash and the mouse
pointer.

Intuition's screen controls, from the RKRM (Libraries, "Intuition Screens":
the screen's title bar holds a drag gadget and a depth-arrangement gadget;
"Intuition Input and Output Methods", Table 10-2, Intuition's keyboard
shortcuts) and the intuition.library autodocs (MoveScreen, ScreenDepth):

- Pressing the title bar (left of the depth gadget) and moving drags the
  whole screen up and down, live; Left-Amiga with the mouse's select button
  drags it from anywhere on it, even over a window. Dragging a screen down
  reveals what is behind it; here no other screen is open, so the display
  above it is bare. Issue 31 asks for black there; the RKRM's "Intuition
  Screens" says the area above all screens takes the highest screen's
  background colour (colour 0): UNCOVERED holds the choice. The windows go
  with the screen and still take input (pointer.py turns display
  coordinates into the screen's). The title bar never leaves the display.
- The depth gadget, Left-Amiga-M (the front screen to the back) and
  Left-Amiga-N (the Workbench to the front) change the order of screens.
  With the Workbench the only screen, as on an Amiga with nothing else
  open, it is the front and the back screen at once: the gadget shows it
  is pressed, and the display stays as it is. The keys are Intuition's: no
  window ever sees them.
"""

from __future__ import annotations

from dataclasses import dataclass

import pyxel

from . import font, pointer
from .atlas import POINTER, WAIT_POINTER
from .beep import Flash, draw_border_flash
from .input import Button, Frame
from .palette import BACKGROUND, BAR_BLOCK, BAR_DETAIL, BAR_TRIM, Pen, beep_rgb
from .pointerart import draw_pointer_art
from .widgets import Widget

BAR_H = 10  # font height + 2; the trim line under it makes 11
BEEP_FRAMES = 12  # about a fifth of a second at 60 frames per second
SCREEN_TITLE = "Workbench Screen"
SCREEN_DEPTH_W = 16  # the screen's depth gadget, at the right end of the bar (LowRes size)
UNCOVERED = Pen.BLACK  # the display where no screen is
DEPTH_KEYS = (pyxel.KEY_M, pyxel.KEY_N)  # Left-Amiga-M, Left-Amiga-N: screen depth


@dataclass(frozen=True)
class ScreenDrag:
    """The screen being dragged: where on the display the button went down,
    and where the screen's top edge was then."""

    grab_y: int
    start_top: int


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
        self.drag: ScreenDrag | None = None
        self._slid: pyxel.Image | None = None  # the finished picture, while the screen is dragged down
        pointer.PLACE.top = 0  # a screen opens at the top of the display

    # ---------------------------------------------------------------- place
    @property
    def top(self) -> int:
        """How far the screen is dragged down the display."""
        return pointer.PLACE.top

    @property
    def lowest_top(self) -> int:
        """The furthest down the screen goes: its title bar stays in sight."""
        return self.h - BAR_H - 1

    def move_to(self, top: int) -> None:
        pointer.PLACE.top = max(0, min(self.lowest_top, top))

    def reopen(self, size: tuple[int, int]) -> None:
        """The screen closed and opened again at another size (a new mode):
        it opens at the top of the display, with nothing held."""
        self.w, self.h = size
        self.drag = None
        self.depth_held = False
        self.move_to(0)

    # -------------------------------------------------------------- gadgets
    def in_depth_gadget(self, px: int, py: int) -> bool:
        return self.w - SCREEN_DEPTH_W <= px < self.w and 0 <= py < BAR_H

    def in_drag_bar(self, px: int, py: int) -> bool:
        return 0 <= px < self.w - SCREEN_DEPTH_W and 0 <= py < BAR_H

    def drags_from(self, frame: Frame) -> bool:
        """Left-Amiga with the mouse's own select button: a drag from anywhere
        (not the keyboard mouse's Left-Amiga-Left-Alt, which is a click)."""
        return frame.left_amiga and Button.LEFT in frame.pressed and Button.LEFT not in frame.keyboard_buttons

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is not Button.LEFT:
            return
        if self.drags_from(frame) or self.in_drag_bar(frame.x, frame.y):
            self.drag = ScreenDrag(frame.y + self.top, self.top)
            return
        self.depth_held = self.in_depth_gadget(frame.x, frame.y)

    def on_drag(self, frame: Frame) -> None:
        if self.drag is not None:
            display_y = frame.y + self.top
            self.move_to(self.drag.start_top + display_y - self.drag.grab_y)

    def on_release(self, frame: Frame, button: Button) -> None:
        if button is Button.LEFT:
            # A release over the depth gadget is a depth arrangement: with no
            # other screen open it changes nothing on the display (see above).
            self.depth_held = False
            self.drag = None  # let go: the screen stays where it was dragged

    def on_cancel(self) -> None:
        self.depth_held = False  # a long press (touch play) turned into the menus
        self.drag = None

    def takes_key(self, frame: Frame) -> bool:
        """Intuition's own Left-Amiga keys, which no window sees: -M and -N
        arrange the screens' depth (the only screen stays in front)."""
        return frame.left_amiga and frame.key(*DEPTH_KEYS)

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
        # its integer scale off, Alt-9 would filter the picture and Alt-0 lay
        # its performance monitor over the screen, where no SDL event filter
        # keeps those chords from Pyxel (ui/keys/sdlfilter.py); all undone.
        pyxel.integer_scale(True)
        pyxel.screen_mode(0)  # Pyxel's "crisp": every pixel a sharp square
        pyxel.perf_monitor(False)
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
        pressed = self.depth_held and self.in_depth_gadget(*pointer.position())
        back, ink = (BAR_DETAIL, BAR_BLOCK) if pressed else (BAR_BLOCK, BAR_DETAIL)
        pyxel.rect(x, 0, SCREEN_DEPTH_W, BAR_H, back)
        pyxel.line(x, 0, x, BAR_H - 1, ink)
        pyxel.rectb(x + 3, 1, 8, 5, ink)  # the screen behind: an outline
        pyxel.rect(x + 6, 4, 8, 5, ink)  # the screen in front: filled

    def draw(self) -> None:
        pyxel.cls(BACKGROUND)
        super().draw()
        self.draw_title_bar(self.title)
        if self.beep_left and self.flash is Flash.BORDER:
            draw_border_flash(self.w, self.h)

    def finish(self) -> None:
        """The frame is drawn: show it where the screen is on the display, then
        the pointer over it. Call with the palette unmapped."""
        self._slide()
        self.draw_pointer()

    def _slide(self) -> None:
        """A screen dragged down: the finished picture moves down by the
        screen's top edge (copied aside first, as the copy overlaps), and the
        display above it shows no screen."""
        top = self.top
        if top <= 0:
            return
        if self._slid is None or (self._slid.width, self._slid.height) != (self.w, self.h):
            self._slid = pyxel.Image(self.w, self.h)
        self._slid.blt(0, 0, pyxel.screen, 0, 0, self.w, self.h - top)
        pyxel.blt(0, top, self._slid, 0, 0, self.w, self.h - top)
        pyxel.rect(0, 0, self.w, top, UNCOVERED)

    def draw_pointer(self) -> None:
        if not self.show_pointer:
            return
        draw_pointer_art(WAIT_POINTER if self.busy else POINTER, pyxel.mouse_x, pyxel.mouse_y, self.w)

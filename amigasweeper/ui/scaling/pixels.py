"""The program's whole pixels: the framebuffer's size, the scale chosen in
Settings > Window Scale, and the window or canvas that shows them.

Which call does each part:
- pyxel.integer_scale(True): Pyxel draws the framebuffer at the largest whole
  scale its window holds and letterboxes the rest (Pyxel's near-black,
  #202224), so a window the player resizes or makes full screen (Pyxel's
  Alt-Enter) still shows whole pixels. The screen sets it again every frame
  (intuition/screen.py), since Pyxel's own Alt-8 turns it off.
- pyxel.init's display_scale (ui/display.py): the window opens at a whole scale.
- pyxel.resize: the framebuffer takes a screen mode's size; Pyxel then resizes
  its window by the scale it had, capped to three quarters of the display,
  which need not be whole, so:
- SDL_SetWindowSize and SDL_SetWindowPosition (desktop.py): the window is
  made the framebuffer times the scale, whole on the display's usable area.
- In a browser the page's script sizes the canvas (page.py).
- After a mode change the pointer goes back over what it was over
  (put_pointer.py: pyxel.set_mouse_pos and SDL_WarpMouseInWindow).
"""

from __future__ import annotations

import sys
from typing import Protocol

import pyxel

from .desktop import find_window
from .page import tell_page
from .put_pointer import put_pointer
from .rule import Area, ScaleChoice, WindowFrame, fits, placed, whole_scale


class DesktopWindow(Protocol):
    """What the scale needs of a window (desktop.SdlWindow; a stand-in in tests)."""

    def usable(self) -> Area | None: ...

    def frame(self) -> WindowFrame: ...

    def size(self) -> tuple[int, int]: ...

    def position(self) -> tuple[int, int]: ...

    def warps(self) -> bool: ...

    def warp(self, x: int, y: int) -> None: ...

    def set_size(self, w: int, h: int) -> None: ...

    def set_position(self, x: int, y: int) -> None: ...

    def desktop_sized(self) -> bool: ...


class WholePixels:
    """Shows the framebuffer at a whole scale. ``window`` is None without a
    desktop window to size (headless, a browser, SDL out of reach);
    ``browser``: the web page sizes the canvas instead."""

    def __init__(self, choice: ScaleChoice, window: DesktopWindow | None = None, page=tell_page,
                 browser: bool = False) -> None:
        self.choice = choice
        self.window = window
        self.page = page
        self.browser = browser
        self.size = (pyxel.width, pyxel.height)
        self.scale: int | None = None  # the window's scale, once it was set here

    @classmethod
    def for_this_system(cls, saved: str) -> WholePixels:
        """From the saved setting, with Pyxel's window if SDL can reach it."""
        return cls(ScaleChoice(saved), find_window(), browser=sys.platform == "emscripten")

    def show(self, size: tuple[int, int]) -> None:
        """The framebuffer becomes ``size`` (a screen mode's) and the window
        its whole multiple."""
        pyxel.integer_scale(True)
        if (pyxel.width, pyxel.height) != size:
            pyxel.resize(*size)
        self.size = size
        self.fit()

    def put_pointer(self, x: int, y: int) -> None:
        """The pointer over Amiga pixel (x, y), where the system allows it."""
        put_pointer(x, y, self.size, self.window, self.browser)

    def choose(self, choice: ScaleChoice) -> None:
        """Settings > Window Scale."""
        self.choice = choice
        self.fit()

    def fits(self, choice: ScaleChoice) -> bool:
        """Whether the window can be shown at that scale (the menu ghosts what
        cannot): the display holds it, or the page sizes the canvas. With no
        window to size (SDL out of reach, headless) only Auto can be."""
        window = self.window
        if window is None:
            return self.browser or choice is ScaleChoice.AUTO
        return fits(choice, self.size, window.usable(), window.frame())

    def fit(self) -> None:
        """The window (or canvas) at the whole scale the choice and the display allow."""
        self.page(self.size, self.choice.factor)
        window = self.window
        if window is None or window.desktop_sized():
            return  # full screen or maximized: integer_scale letterboxes whatever size the desktop gave
        usable, frame = window.usable(), window.frame()
        self.scale = whole_scale(self.choice, self.size, usable, frame)
        w, h = self.size[0] * self.scale, self.size[1] * self.scale
        if window.size() != (w, h):
            window.set_size(w, h)
        if usable is not None:
            where = placed(window.position(), (w, h), usable, frame)
            if where != window.position():
                window.set_position(*where)

"""Pyxel's desktop window, sized through the SDL library Pyxel itself loaded
(ctypes: sdl.py; ui/display.py asks it about the display before Pyxel starts).
Pyxel 2.9 has no call to set its window's size or to read the display's
usable area; SDL has both:

- SDL_GL_GetCurrentWindow: Pyxel's window (its OpenGL context is current);
- SDL_GetWindowDisplayIndex, SDL_GetDisplayUsableBounds: the display the
  window is on, less its taskbars and panels;
- SDL_GetWindowBordersSize: the frame the desktop draws around the window;
- SDL_GetWindowSize / SDL_SetWindowSize and SDL_GetWindowPosition /
  SDL_SetWindowPosition: the window's picture size and place;
- SDL_GetWindowFlags: full screen or maximized, when the desktop decides the
  size and Pyxel's integer_scale letterboxes the picture instead;
- SDL_WarpMouseInWindow: the pointer put back over what it was over after a
  screen mode change (put_pointer.py), where the system lets a program move it;
  SDL_GetCurrentVideoDriver says whether it does (Wayland does not).

Where SDL is not a library of its own (Pyxel's wheels for Windows and macOS
link it in, and do not export it), ``find_window`` answers None and Pyxel's
own whole display_scale and integer_scale are all there is.
"""

from __future__ import annotations

import ctypes

from .rule import Area, WindowFrame
from .sdl import SdlRect, sdl_library

_SDL_WINDOW_FULLSCREEN = 0x1  # also part of SDL_WINDOW_FULLSCREEN_DESKTOP, which Pyxel's Alt-Enter uses
_SDL_WINDOW_MAXIMIZED = 0x80


class SdlWindow:
    """Pyxel's window, asked and moved through SDL."""

    def __init__(self, sdl: ctypes.CDLL, handle: int) -> None:
        self.sdl = sdl
        self.handle = ctypes.c_void_p(handle)

    def _pair(self, function) -> tuple[int, int]:
        a, b = ctypes.c_int(), ctypes.c_int()
        function(self.handle, ctypes.byref(a), ctypes.byref(b))
        return a.value, b.value

    def usable(self) -> Area | None:
        """The usable area of the display the window is on (None: SDL cannot say)."""
        rect = SdlRect()
        display = self.sdl.SDL_GetWindowDisplayIndex(self.handle)
        if display < 0 or self.sdl.SDL_GetDisplayUsableBounds(display, ctypes.byref(rect)) != 0:
            return None
        return Area(rect.x, rect.y, rect.w, rect.h)

    def frame(self) -> WindowFrame:
        """The desktop's frame around the window (none where SDL cannot tell, as on Wayland)."""
        sides = [ctypes.c_int() for _ in range(4)]
        if self.sdl.SDL_GetWindowBordersSize(self.handle, *(ctypes.byref(side) for side in sides)) != 0:
            return WindowFrame()
        return WindowFrame(*(side.value for side in sides))

    def size(self) -> tuple[int, int]:
        return self._pair(self.sdl.SDL_GetWindowSize)

    def position(self) -> tuple[int, int]:
        return self._pair(self.sdl.SDL_GetWindowPosition)

    def set_size(self, w: int, h: int) -> None:
        self.sdl.SDL_SetWindowSize(self.handle, w, h)

    def set_position(self, x: int, y: int) -> None:
        self.sdl.SDL_SetWindowPosition(self.handle, x, y)

    def desktop_sized(self) -> bool:
        """Full screen or maximized: the desktop sizes the window, not the program."""
        return bool(self.sdl.SDL_GetWindowFlags(self.handle) & (_SDL_WINDOW_FULLSCREEN | _SDL_WINDOW_MAXIMIZED))

    def full_screen(self) -> bool:
        return bool(self.sdl.SDL_GetWindowFlags(self.handle) & _SDL_WINDOW_FULLSCREEN)

    def warps(self) -> bool:
        """Whether the system lets a program move the pointer: not on Wayland,
        where SDL would fake it by grabbing the pointer instead."""
        driver = self.sdl.SDL_GetCurrentVideoDriver()
        return driver is not None and driver.decode("ascii", "replace") != "wayland"

    def warp(self, x: int, y: int) -> None:
        """Move the pointer to a pixel of the window's picture."""
        self.sdl.SDL_WarpMouseInWindow(self.handle, x, y)


def find_window() -> SdlWindow | None:
    """Pyxel's window, or None: headless, in a browser, or SDL out of reach."""
    sdl = sdl_library()
    if sdl is None:
        return None
    sdl.SDL_GL_GetCurrentWindow.restype = ctypes.c_void_p
    sdl.SDL_GetWindowFlags.restype = ctypes.c_uint32
    sdl.SDL_GetCurrentVideoDriver.restype = ctypes.c_char_p
    handle = sdl.SDL_GL_GetCurrentWindow()
    return SdlWindow(sdl, handle) if handle else None

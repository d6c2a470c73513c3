"""The SDL library Pyxel loaded, reached through ctypes: by ui/display.py to
ask about the display before Pyxel starts, and by desktop.py to size Pyxel's
window after. Linux's Pyxel wheels ship SDL as a library of its own; the
Windows and macOS ones link it into Pyxel, where ctypes cannot reach it.
"""

from __future__ import annotations

import ctypes
import sys
from pathlib import Path

import pyxel

SONAME = "libSDL2-2.0.so.0"


class SdlRect(ctypes.Structure):
    """SDL_Rect."""

    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


def load_sdl() -> ctypes.CDLL:
    """The SDL library Pyxel loaded (by its soname, which finds the loaded
    copy, else the one in Pyxel's folder); OSError where there is none."""
    try:
        return ctypes.CDLL(SONAME)
    except OSError:
        return ctypes.CDLL(str(Path(pyxel.__file__).parent / "libs" / SONAME))


def sdl_library() -> ctypes.CDLL | None:
    """Pyxel's SDL where it is a library of its own; None in a browser and
    where Pyxel links SDL in (Windows, macOS)."""
    if sys.platform == "emscripten":
        return None
    try:
        return load_sdl()
    except OSError:
        return None

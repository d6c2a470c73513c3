"""A player's keys and mouse for the program in a real X window: X's XTEST
extension (Debian's libxtst6, which .ci/run installs) sends key and button
events to the X server as a keyboard and a mouse would, so they go through
SDL and Pyxel (and Pyxel's own Alt shortcuts) exactly as a player's do.
XQueryPointer says where the system's pointer is. Loaded with ctypes; used
by window_modes.py."""

from __future__ import annotations

import ctypes
import ctypes.util


def missing() -> str | None:
    """Why XTEST cannot be used here, or None."""
    for name in ("X11", "Xtst"):
        if ctypes.util.find_library(name) is None:
            package = "libx11-6" if name == "X11" else "libxtst6"
            return f"no lib{name} (Debian: apt-get install {package}; .ci/run does)"
    return None


class FakeInput:
    """Keys and mouse through XTEST on the display in $DISPLAY."""

    def __init__(self) -> None:
        self.x11 = ctypes.CDLL(ctypes.util.find_library("X11"))
        self.xtst = ctypes.CDLL(ctypes.util.find_library("Xtst"))
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x11.XStringToKeysym.restype = ctypes.c_ulong
        self.x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        self.display = ctypes.c_void_p(self.x11.XOpenDisplay(None))
        if not self.display:
            raise RuntimeError("cannot open the X display")

    def _sync(self) -> None:
        self.x11.XSync(self.display, 0)

    def key(self, name: str, down: bool) -> None:
        """A key by its X keysym name: "Alt_L", "Super_R", "r", "Return"."""
        code = self.x11.XKeysymToKeycode(self.display, ctypes.c_ulong(self.x11.XStringToKeysym(name.encode())))
        self.xtst.XTestFakeKeyEvent(self.display, code, int(down), 0)
        self._sync()

    def move(self, x: int, y: int) -> None:
        """The pointer to a pixel of the X screen."""
        self.xtst.XTestFakeMotionEvent(self.display, -1, x, y, 0)
        self._sync()

    def button(self, number: int, down: bool) -> None:
        """Mouse button 1 (left) or 3 (right)."""
        self.xtst.XTestFakeButtonEvent(self.display, number, int(down), 0)
        self._sync()

    def pointer(self) -> tuple[int, int]:
        """Where the system's pointer is on the X screen."""
        root, child = ctypes.c_ulong(), ctypes.c_ulong()
        root_x, root_y, win_x, win_y, mask = (ctypes.c_int() for _ in range(5))
        self.x11.XQueryPointer(self.display, ctypes.c_ulong(self.x11.XDefaultRootWindow(self.display)),
                               ctypes.byref(root), ctypes.byref(child), ctypes.byref(root_x), ctypes.byref(root_y),
                               ctypes.byref(win_x), ctypes.byref(win_y), ctypes.byref(mask))
        return root_x.value, root_y.value

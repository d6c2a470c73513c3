"""The pointer put over a point of the Amiga screen, on the display: after a
screen mode change it goes back over what it was over (intuition/reopen.py).

Which call does it, where:
- pyxel.set_mouse_pos tells Pyxel where its pointer now is (it moves it
  too, by the window's scale as Pyxel last measured it). Headless, that is
  all there is; on Windows and macOS, where SDL is out of the program's
  reach, Pyxel sized the window itself and its scale is fresh, so its move
  is right.
- SDL_WarpMouseInWindow (desktop.py) moves the system's pointer where SDL
  is in reach, worked out here from the whole scale the program just gave
  the window: Pyxel measures its window again only when it next draws.
- Wayland lets no program move the pointer (SDL would lock it to fake a
  move), and a browser page cannot either: there the pointer stays where
  it is, and Pyxel reads where that is when it next moves.
"""

from __future__ import annotations

from typing import Protocol

import pyxel


class PointerWindow(Protocol):
    """What a desktop window offers to move the pointer (desktop.SdlWindow)."""

    def size(self) -> tuple[int, int]: ...

    def warps(self) -> bool: ...

    def warp(self, x: int, y: int) -> None: ...


def window_pixel(x: int, y: int, screen: tuple[int, int], window_size: tuple[int, int]) -> tuple[int, int]:
    """The middle of the window pixels that show Amiga pixel (x, y): the
    picture at the largest whole scale the window holds, centred in it (as
    Pyxel's integer_scale lays it out, letterboxed)."""
    (screen_w, screen_h), (window_w, window_h) = screen, window_size
    k = max(1, min(window_w // screen_w, window_h // screen_h))
    left, top = (window_w - screen_w * k) // 2, (window_h - screen_h * k) // 2
    return left + x * k + k // 2, top + y * k + k // 2


def put_pointer(x: int, y: int, screen: tuple[int, int], window: PointerWindow | None, browser: bool) -> None:
    """Put the pointer over Amiga pixel (x, y) of a screen this size, where the
    system allows it (the module's docstring says which)."""
    if browser or (window is not None and not window.warps()):
        return
    pyxel.set_mouse_pos(x, y)
    if window is not None:
        window.warp(*window_pixel(x, y, screen, window.size()))

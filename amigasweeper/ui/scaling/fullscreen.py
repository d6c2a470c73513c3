"""Alt-Enter: the window full screen and back, as Pyxel's own Alt-Enter did.

Pyxel no longer sees Alt (it is Right-Amiga here: ui/keys/sdlfilter.py
keeps the Alt keys from Pyxel, or intuition/input.py lets Pyxel's KEY_ALT
go after each frame where there is no filter), so the program carries out the one
Pyxel shortcut players rely on itself, with pyxel.fullscreen. Pyxel 2.9
cannot say whether its window is full screen; SDL can (SDL_GetWindowFlags,
desktop.py) where it is within reach, else the last state asked is kept.
"""

from __future__ import annotations

import pyxel

from .desktop import find_window


class FullScreen:
    def __init__(self) -> None:
        self.asked = False  # the state last asked for, where SDL cannot tell

    def is_on(self) -> bool:
        window = find_window()
        return window.full_screen() if window is not None else self.asked

    def toggle(self) -> None:
        self.asked = not self.is_on()
        pyxel.fullscreen(self.asked)


FULL_SCREEN = FullScreen()

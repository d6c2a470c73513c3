"""Drive the real program without a window: move, press, release, type, step.

Used by the tests, by `amigasweeper --headless --script`, and for demos. Input
goes in through pyxel.set_mouse_pos, pyxel.set_btn (by way of the app's
HeldButtons, see input.py) and pyxel.set_input_text; each step runs the
program's own update and draw. Headless (the tests, `--headless`), that is
all, never pyxel.flip. A script run in a window (`--script` without
`--headless`) also shows each frame with pyxel.flip, at the game's own pace.
"""

from __future__ import annotations

import sys

import pyxel

from ..intuition.input import Button


class Pilot:
    def __init__(self, app) -> None:
        self.app = app
        self.shows = not app.options.headless and sys.platform != "emscripten"  # a window to show frames in

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.update()
            self.app.draw()
            if self.shows:
                pyxel.flip()
            # Typed text, the wheel and dropped files last one frame, as in a window.
            pyxel.set_input_text("")
            pyxel.set_btnv(pyxel.MOUSE_WHEEL_Y, 0)
            pyxel.set_dropped_files([])

    def move(self, x: int, y: int) -> None:
        pyxel.set_mouse_pos(x, y)
        self.step()

    def press(self, button: Button = Button.LEFT) -> None:
        self.app.held.set(button.value, True)
        self.step()

    def release(self, button: Button = Button.LEFT) -> None:
        self.app.held.set(button.value, False)
        self.step()

    def click(self, x: int, y: int, button: Button = Button.LEFT) -> None:
        self.move(x, y)
        self.press(button)
        self.release(button)

    def drag(self, start: tuple[int, int], end: tuple[int, int], button: Button = Button.LEFT) -> None:
        self.move(*start)
        self.press(button)
        self.move(*end)
        self.release(button)

    def key(self, code: int, *, amiga: bool = False, shift: bool = False, left_amiga: bool = False) -> None:
        """Press and let go of a key: ``amiga`` with Right-Amiga (right Alt),
        ``left_amiga`` with Left-Amiga (the left GUI key) held."""
        held = [pyxel.KEY_RALT] * amiga + [pyxel.KEY_LSHIFT] * shift + [pyxel.KEY_LGUI] * left_amiga
        for qualifier in held:
            self.app.held.set(qualifier, True)
        self.app.held.set(code, True)
        self.step()
        self.app.held.set(code, False)
        for qualifier in held:
            self.app.held.set(qualifier, False)
        self.step()

    def type(self, text: str) -> None:
        pyxel.set_input_text(text)
        self.app.update()
        self.app.draw()
        pyxel.set_input_text("")

    def wheel(self, clicks: int) -> None:
        """Turn the mouse wheel: positive is away from the player (scroll up)."""
        pyxel.set_btnv(pyxel.MOUSE_WHEEL_Y, clicks)
        self.step()

    def drop(self, *paths: str) -> None:
        pyxel.set_dropped_files([str(p) for p in paths])
        self.step()

    # ------------------------------------------------------------ the board
    def cell_xy(self, cell: int) -> tuple[int, int]:
        """Screen coordinates of the middle of a square."""
        window = self.app.mine_window
        ox, oy = window.canvas.geometry.origin(cell)
        return window.field.ax + ox + 4, window.field.ay + oy + 4

    def cell_at(self, col: int, row: int) -> int:
        return self.app.game.topology.index(col, row)

    def click_cell(self, cell: int, button: Button = Button.LEFT) -> None:
        self.click(*self.cell_xy(cell), button)

    def finish_ripple(self) -> None:
        while self.app.mine_window.canvas.rippling:
            self.step()

    def settle(self, most: int = 120) -> None:
        """Frames until the games that ended are written (the end of a game's
        path works a slice a frame), or until it asks the player something."""
        for _ in range(most):
            self.step()
            if not self.app.ending.busy or self.app.ending.asking:
                return

    def release_all(self) -> None:
        for button in Button:
            self.app.held.set(button.value, False)
        self.step()

"""One frame's input, read from pyxel once and handed to the widgets.

Presses and releases are found by comparing this frame's button states with the
last frame's. In a window, pyxel.btnp/btnr are consulted as well so a click
shorter than a frame is kept.

Headless, no frame counter advances (the program steps itself and never calls
pyxel.flip), and pyxel latches a button that went down and up within one frame
as held for the rest of that frame. So a headless run keeps its own record of
the buttons held, fed by HeldButtons.set, which also tells pyxel.set_btn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

import pyxel


class Button(Enum):
    LEFT = pyxel.MOUSE_BUTTON_LEFT
    RIGHT = pyxel.MOUSE_BUTTON_RIGHT


# Keys the program reacts to; anything else is never polled.
WATCHED_KEYS = (
    [getattr(pyxel, f"KEY_{c}") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"]
    + [
        pyxel.KEY_RETURN,
        pyxel.KEY_KP_ENTER,
        pyxel.KEY_ESCAPE,
        pyxel.KEY_TAB,
        pyxel.KEY_BACKSPACE,
        pyxel.KEY_DELETE,
        pyxel.KEY_LEFT,
        pyxel.KEY_RIGHT,
        pyxel.KEY_UP,
        pyxel.KEY_DOWN,
        pyxel.KEY_PAGEUP,
        pyxel.KEY_PAGEDOWN,
        pyxel.KEY_HOME,
        pyxel.KEY_END,
        pyxel.KEY_SPACE,
        pyxel.KEY_F1,
        pyxel.KEY_HELP if hasattr(pyxel, "KEY_HELP") else pyxel.KEY_F1,
        pyxel.KEY_SLASH,
        pyxel.KEY_QUESTION,
    ]
)
AMIGA_KEYS = (pyxel.KEY_LALT, pyxel.KEY_RALT, pyxel.KEY_LGUI, pyxel.KEY_RGUI)
SHIFT_KEYS = (pyxel.KEY_LSHIFT, pyxel.KEY_RSHIFT)


@dataclass
class Frame:
    """What happened this frame."""

    x: int
    y: int
    down: set[Button] = field(default_factory=set)
    pressed: set[Button] = field(default_factory=set)
    released: set[Button] = field(default_factory=set)
    keys: list[int] = field(default_factory=list)  # keys pressed this frame
    amiga: bool = False  # a Right-Amiga key (Alt or GUI/Command) is held
    shift: bool = False
    text: str = ""
    wheel: int = 0
    dropped: list[str] = field(default_factory=list)  # files dropped on the window

    def key(self, *codes: int) -> bool:
        return any(code in self.keys for code in codes)

    def plain_key(self, *codes: int) -> bool:
        """A key pressed without the Right-Amiga qualifier."""
        return not self.amiga and self.key(*codes)


class HeldButtons:
    """The buttons and keys a headless driver holds down."""

    def __init__(self) -> None:
        self.down: set[int] = set()

    def set(self, code: int, held: bool) -> None:
        pyxel.set_btn(code, held)
        if held:
            self.down.add(code)
        else:
            self.down.discard(code)

    def btn(self, code: int) -> bool:
        return code in self.down


class InputReader:
    """Turns button states into Frames with presses and releases.

    ``held`` is None in a window (pyxel's own states are read) and a
    HeldButtons when headless.
    """

    def __init__(self, held: HeldButtons | None) -> None:
        self.held = held
        self.use_frame_edges = held is None
        self._down: set[int] = set()

    def _edges(self, code: int) -> tuple[bool, bool, bool]:
        down = pyxel.btn(code) if self.held is None else self.held.btn(code)
        was = code in self._down
        pressed = down and not was
        released = was and not down
        if self.use_frame_edges:
            pressed = pressed or pyxel.btnp(code)
            released = released or pyxel.btnr(code)
        if down:
            self._down.add(code)
        else:
            self._down.discard(code)
        return down, pressed, released

    def read(self) -> Frame:
        frame = Frame(pyxel.mouse_x, pyxel.mouse_y)
        for button in Button:
            down, pressed, released = self._edges(button.value)
            if down:
                frame.down.add(button)
            if pressed:
                frame.pressed.add(button)
            if released:
                frame.released.add(button)
        for code in WATCHED_KEYS:
            if self._edges(code)[1] and code not in frame.keys:
                frame.keys.append(code)
        frame.amiga = any(self._edges(code)[0] for code in AMIGA_KEYS)
        frame.shift = any(self._edges(code)[0] for code in SHIFT_KEYS)
        frame.text = pyxel.input_text or ""
        frame.wheel = pyxel.mouse_wheel
        frame.dropped = list(pyxel.dropped_files)
        return frame

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

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

import pyxel

from . import pointer


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
        pyxel.KEY_F9,  # cycles the windows (intuition/keyfocus.py)
        pyxel.KEY_F10,  # walks the menus (intuition/menuwalk.py)
        pyxel.KEY_HELP if hasattr(pyxel, "KEY_HELP") else pyxel.KEY_F1,
        pyxel.KEY_SLASH,
        pyxel.KEY_QUESTION,
        pyxel.KEY_MINUS,
        pyxel.KEY_EQUALS,
        pyxel.KEY_PERIOD,
    ]
)
# The two Amiga keys, on a PC or Mac keyboard (the manual's Keyboard page).
# The Amiga has Left-Amiga and Right-Amiga either side of the space bar, next
# to the Alt keys; a PC has the GUI (Windows) keys there and a Mac its two
# Command keys, so, as WinUAE and FS-UAE map them:
# - Right-Amiga, the menus' hotkeys: the right GUI/Command key, the Menu
#   (Application) key beside it on keyboards without one, and either Alt key,
#   which every menu hotkey of this program has always been held with.
# - Left-Amiga, Intuition's own keys (Left-Amiga-M, -N, -V, -B, a drag of
#   the screen from anywhere, the keyboard mouse's buttons): the left GUI
#   key, and the right Ctrl key, since desktops often keep the GUI key for
#   themselves. Not the left Ctrl: Windows reports AltGr as left Ctrl with
#   right Alt, and typing an AltGr character must not press a mouse button.
RIGHT_AMIGA_KEYS = (pyxel.KEY_RGUI, pyxel.KEY_APPLICATION, pyxel.KEY_LALT, pyxel.KEY_RALT)
LEFT_AMIGA_KEYS = (pyxel.KEY_LGUI, pyxel.KEY_RCTRL)
SHIFT_KEYS = (pyxel.KEY_LSHIFT, pyxel.KEY_RSHIFT)

# The keyboard mouse (Intuition's): either Amiga key with the cursor keys
# moves the pointer; Left-Amiga with Left-Alt is the left button, with
# Right-Alt the right.
POINTER_KEYS = {pyxel.KEY_LEFT: (-1, 0), pyxel.KEY_RIGHT: (1, 0), pyxel.KEY_UP: (0, -1), pyxel.KEY_DOWN: (0, 1)}
POINTER_STEP = 2  # pixels a frame
POINTER_STEP_FAST = 8  # with Shift


@dataclass
class Frame:
    """What happened this frame."""

    x: int
    y: int
    down: set[Button] = field(default_factory=set)
    pressed: set[Button] = field(default_factory=set)
    released: set[Button] = field(default_factory=set)
    keys: list[int] = field(default_factory=list)  # keys pressed this frame
    amiga: bool = False  # a Right-Amiga key is held (Alt, the right GUI/Command key or Menu)
    left_amiga: bool = False  # a Left-Amiga key is held (the left GUI/Command key or the right Ctrl)
    keyboard_buttons: set[Button] = field(default_factory=set)  # buttons held from the keyboard, not the mouse
    shift: bool = False
    text: str = ""
    wheel: int = 0
    dropped: list[str] = field(default_factory=list)  # files dropped on the window
    window: object | None = None  # the frontmost window under the pointer (the window manager says)

    def pointer_in(self, window) -> bool:
        """Whether the pointer is over this window and no other in front of it
        (a frame no window manager looked at counts as over it)."""
        return self.window is None or self.window is window

    def key(self, *codes: int) -> bool:
        return any(code in self.keys for code in codes)

    def plain_key(self, *codes: int) -> bool:
        """A key pressed without an Amiga qualifier."""
        return not (self.amiga or self.left_amiga) and self.key(*codes)


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


class Qualifiers(Protocol):
    """The Right-Amiga keys as an SDL event filter saw them, event by event
    (ui/keys/sdlfilter.py): the Alt keys never reach Pyxel there."""

    def is_held(self, code: int) -> bool: ...

    def take_chorded(self) -> set[int]: ...


class Gestures(Protocol):
    """What rewrites a frame's buttons as touch gestures (gestures.py, which reads Frame from here)."""

    def apply(self, frame: Frame) -> None: ...


class InputReader:
    """Turns button states into Frames with presses and releases.

    ``held`` is None in a window (pyxel's own states are read) and a
    HeldButtons when headless. ``qualifiers``, in a window where SDL's
    events are filtered, says which Right-Amiga keys are held and which keys
    were pressed with one held, however quickly let go.
    """

    def __init__(self, held: HeldButtons | None, on_full_screen: Callable[[], None] = lambda: None,
                 qualifiers: Qualifiers | None = None) -> None:
        self.held = held
        self.on_full_screen = on_full_screen  # Alt-Enter in a window (scaling/fullscreen.py)
        self.use_frame_edges = held is None
        self.qualifiers = qualifiers if held is None else None
        self._down: set[int] = set()
        self.gestures: Gestures | None = None  # a gestures.TouchGestures while touch play is on

    def _btn(self, code: int) -> bool:
        if self.held is not None:
            return self.held.btn(code)
        if self.qualifiers is not None and code in RIGHT_AMIGA_KEYS:
            return self.qualifiers.is_held(code)  # the Alt keys are kept from Pyxel
        return pyxel.btn(code)

    def _keyboard_buttons(self) -> set[Button]:
        """The mouse buttons held down from the keyboard."""
        if not any(self._btn(code) for code in LEFT_AMIGA_KEYS):
            return set()
        return {b for b, alt in ((Button.LEFT, pyxel.KEY_LALT), (Button.RIGHT, pyxel.KEY_RALT)) if self._btn(alt)}

    def _edges(self, code: int, also_down: bool = False) -> tuple[bool, bool, bool]:
        down = self._btn(code) or also_down
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

    def _move_pointer(self, frame: Frame) -> None:
        """An Amiga key and the cursor keys move the pointer (Shift: faster),
        anywhere on the display; the keys are used up and reach no window."""
        held = [code for code in POINTER_KEYS if self._btn(code)]
        if not held:
            return
        step = POINTER_STEP_FAST if frame.shift else POINTER_STEP
        dx = sum(POINTER_KEYS[code][0] for code in held) * step
        dy = sum(POINTER_KEYS[code][1] for code in held) * step
        x, y = pointer.display_position(frame.x, frame.y)
        x, y = max(0, min(pyxel.width - 1, x + dx)), max(0, min(pyxel.height - 1, y + dy))
        pyxel.set_mouse_pos(x, y)
        frame.x, frame.y = pointer.position()
        frame.keys = [code for code in frame.keys if code not in POINTER_KEYS]

    def read(self) -> Frame:
        frame = Frame(*pointer.position())
        from_keys = self._keyboard_buttons()
        frame.keyboard_buttons = from_keys
        for button in Button:
            down, pressed, released = self._edges(button.value, button in from_keys)
            if down:
                frame.down.add(button)
            if pressed:
                frame.pressed.add(button)
            if released:
                frame.released.add(button)
        for code in WATCHED_KEYS:
            if self._edges(code)[1] and code not in frame.keys:
                frame.keys.append(code)
        frame.amiga = any(self._edges(code)[0] for code in RIGHT_AMIGA_KEYS)
        if self.qualifiers is not None and set(frame.keys) & self.qualifiers.take_chorded():
            frame.amiga = True  # pressed with Right-Amiga held, let go before this frame was read
        frame.left_amiga = any(self._edges(code)[0] for code in LEFT_AMIGA_KEYS)
        frame.shift = any(self._edges(code)[0] for code in SHIFT_KEYS)
        if frame.amiga or frame.left_amiga:
            self._move_pointer(frame)
        frame.text = pyxel.input_text or ""
        frame.wheel = pyxel.mouse_wheel
        frame.dropped = list(pyxel.dropped_files)
        if self.gestures is not None:
            self.gestures.apply(frame)
        if self.use_frame_edges:
            self._full_screen_key(frame)
            keep_alt_from_pyxel()
        return frame

    def _full_screen_key(self, frame: Frame) -> None:
        """Alt-Enter, in a window: full screen or back (Pyxel's own, kept)."""
        if pyxel.KEY_RETURN in frame.keys and (self._btn(pyxel.KEY_LALT) or self._btn(pyxel.KEY_RALT)):
            frame.keys.remove(pyxel.KEY_RETURN)
            self.on_full_screen()


def keep_alt_from_pyxel() -> None:
    """Pyxel 2.9 acts on Alt with 1, 2, 3, 8, 9, 0, R and Enter before the
    program sees the key (pyxel-core's system.rs, check_special_input): Alt-R
    starts the whole program again as a new process, throwing the game in
    progress away (issue 31 saw it as Right-Amiga-R), and Alt-1 to Alt-3 save
    screenshots instead of choosing a Completion mode. Alt is Right-Amiga
    here, so Pyxel must not take it. Where SDL's events are filtered
    (ui/keys/sdlfilter.py) Pyxel never sees Alt at all; elsewhere Pyxel asks
    its virtual KEY_ALT, which is let go here after every frame is read,
    while the left and right Alt keys themselves stay held for the program.
    There an Alt pressed in the very frame of the key still reaches Pyxel:
    ui/keys/restart.py refuses its restart and intuition/screen.py undoes its
    picture changes each frame. Alt-Enter, Pyxel's full screen, is the
    program's own (scaling/fullscreen.py)."""
    pyxel.set_btn(pyxel.KEY_ALT, False)

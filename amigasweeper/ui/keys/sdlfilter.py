"""Pyxel's shortcuts hidden from Pyxel, on Linux (issue 40): an SDL event
filter, reached through ctypes as scaling/sdl.py reaches SDL.

Pyxel 2.9 acts on some chords before the program's update runs, with no
switch to turn them off (pyxel-core's check_special_input): Alt with 1, 2, 3
(a screenshot, a capture, a GIF), 8, 9, 0 (integer scale, screen mode, the
performance monitor), R (the program started again as a new process, the
game in progress thrown away) and Enter (full screen); Alt-Shift with 0 to 9
(the palette and image banks written out); and a gamepad's A+B+X+Y with Back
(started again) or the pad's arrows. Alt is Right-Amiga here, so every one of
those chords is a key of ours.

SDL runs the filter on each event before the event reaches its queue, so
Pyxel's input never holds what the filter takes out:
- the left and right Alt keys: Pyxel never sees Alt held, so none of its
  Alt chords can act; the filter keeps their state for the program instead;
- a gamepad's Back and arrows pressed while A, B, X and Y are held;
- the text a key types when it is pressed with Right-Amiga held: Alt-X in a
  string gadget is Right-Amiga-X (clear), never the letter x a real X11
  window also sends. Only the key's own letter goes: AltGr-Q typing "@" on
  a German keyboard (where SDL may report AltGr as the right Alt) is text.
It also notes, with each key press, whether Right-Amiga was held at that
moment: a chord quicker than a frame (Alt let go before the frame is read)
still arrives as a chord.

Where SDL is linked into Pyxel (Windows, macOS) or missing, there is no
filter: keys/restart.py and the per-frame resets in intuition/screen.py
stand in.
"""

from __future__ import annotations

import ctypes
import struct
from dataclasses import dataclass, field
from enum import IntEnum

from ..scaling.sdl import sdl_library


class EventType(IntEnum):
    """The SDL2 event types the filter looks at (SDL_events.h)."""

    WINDOWEVENT = 0x200
    KEYDOWN = 0x300
    KEYUP = 0x301
    TEXTINPUT = 0x303
    CONTROLLERBUTTONDOWN = 0x650
    CONTROLLERBUTTONUP = 0x651
    CONTROLLERDEVICEREMOVED = 0x654


class SdlWindowEvent(IntEnum):
    """SDL_WindowEventID: the keyboard comes or goes."""

    FOCUS_GAINED = 12
    FOCUS_LOST = 13


class Keycode(IntEnum):
    """SDL2 keycodes (SDL_keycode.h): Pyxel's KEY_ constants are the same numbers."""

    LALT = 0x400000E2
    RALT = 0x400000E6
    RGUI = 0x400000E7
    APPLICATION = 0x40000065


class PadButton(IntEnum):
    """SDL_GameControllerButton."""

    A = 0
    B = 1
    X = 2
    Y = 3
    BACK = 4
    DPAD_UP = 11
    DPAD_DOWN = 12
    DPAD_LEFT = 13
    DPAD_RIGHT = 14


ALT_KEYS = frozenset({Keycode.LALT, Keycode.RALT})
# Right-Amiga, as intuition/input.py's RIGHT_AMIGA_KEYS: both Alt keys, the right GUI key and Menu.
RIGHT_AMIGA = ALT_KEYS | {Keycode.RGUI, Keycode.APPLICATION}
PAD_HELD = frozenset({PadButton.A, PadButton.B, PadButton.X, PadButton.Y})  # Pyxel's gamepad chord
PAD_ACTS = frozenset({PadButton.BACK, PadButton.DPAD_UP, PadButton.DPAD_DOWN, PadButton.DPAD_LEFT,
                      PadButton.DPAD_RIGHT})

# Offsets into SDL_Event (SDL2): SDL_KeyboardEvent's keysym.sym, and
# SDL_ControllerButtonEvent's which and button.
KEY_SYM = struct.Struct("=i")
KEY_SYM_AT = 20
PAD_WHICH_AT = 8
PAD_BUTTON_AT = 12
WINDOW_EVENT_AT = 12  # SDL_WindowEvent's event
TEXT_AT, TEXT_SIZE = 12, 32  # SDL_TextInputEvent's text, UTF-8, NUL-ended
EVENT_SIZE = 56  # sizeof(SDL_Event)

EventFilter = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
PASS, DROP = 1, 0


@dataclass
class ShortcutFilter:
    """What the filter decides, and the keyboard state it keeps for the program."""

    held: set[int] = field(default_factory=set)  # Right-Amiga keys held (the Alt keys among them, which Pyxel never sees)
    chorded: set[int] = field(default_factory=set)  # keys pressed with Right-Amiga held, since the last take
    pads: dict[int, set[int]] = field(default_factory=dict)  # each gamepad's held buttons
    dropped: int = 0  # events kept from Pyxel, for the tests and a curious reader
    letter: str | None = None  # the character of the last key pressed with Right-Amiga held, until its text comes

    def decide(self, event: bytes) -> int:
        """PASS or DROP for one SDL_Event (its bytes)."""
        kind = int.from_bytes(event[:4], "little")
        if kind in (EventType.KEYDOWN, EventType.KEYUP):
            verdict = self._key(KEY_SYM.unpack_from(event, KEY_SYM_AT)[0], kind == EventType.KEYDOWN)
        elif kind == EventType.TEXTINPUT:
            verdict = self._text(event[TEXT_AT:TEXT_AT + TEXT_SIZE].split(b"\0", 1)[0].decode("utf-8", "replace"))
        elif kind in (EventType.CONTROLLERBUTTONDOWN, EventType.CONTROLLERBUTTONUP):
            which = int.from_bytes(event[PAD_WHICH_AT:PAD_WHICH_AT + 4], "little", signed=True)
            verdict = self._pad(which, event[PAD_BUTTON_AT], kind == EventType.CONTROLLERBUTTONDOWN)
        elif kind == EventType.WINDOWEVENT:
            if event[WINDOW_EVENT_AT] in (SdlWindowEvent.FOCUS_GAINED, SdlWindowEvent.FOCUS_LOST):
                self.held.clear()  # a key let go in another window: never held here for good
            verdict = PASS
        elif kind == EventType.CONTROLLERDEVICEREMOVED:
            self.pads.pop(int.from_bytes(event[PAD_WHICH_AT:PAD_WHICH_AT + 4], "little", signed=True), None)
            verdict = PASS
        else:
            verdict = PASS
        self.dropped += verdict == DROP
        return verdict

    def _key(self, sym: int, down: bool) -> int:
        if sym in RIGHT_AMIGA:
            if down:
                self.held.add(sym)
            else:
                self.held.discard(sym)
            return DROP if sym in ALT_KEYS else PASS
        if down:
            chorded = bool(self.held)
            if chorded:
                self.chorded.add(sym)
            self.letter = chr(sym) if chorded and 0x20 < sym < 0x110000 else None
        return PASS

    def _text(self, text: str) -> int:
        """DROP the text of a key pressed with Right-Amiga held: its own letter."""
        letter, self.letter = self.letter, None
        return DROP if self.held and letter is not None and text.lower() == letter.lower() else PASS

    def _pad(self, which: int, button: int, down: bool) -> int:
        buttons = self.pads.setdefault(which, set())
        chord = PAD_HELD <= buttons
        if down:
            buttons.add(button)
        else:
            buttons.discard(button)
        return DROP if down and chord and button in PAD_ACTS else PASS

    # --------------------------------------------------- for intuition/input.py
    def is_held(self, code: int) -> bool:
        return code in self.held

    def take_chorded(self) -> set[int]:
        """The keys pressed with Right-Amiga held since the last call."""
        keys, self.chorded = self.chorded, set()
        return keys


class InstalledFilter:
    """A ShortcutFilter set as SDL's event filter (the ctypes callback kept alive with it)."""

    def __init__(self, sdl: ctypes.CDLL, shortcuts: ShortcutFilter) -> None:
        self.sdl = sdl
        self.shortcuts = shortcuts
        self.callback = EventFilter(self._filter)
        sdl.SDL_SetEventFilter.argtypes = [EventFilter, ctypes.c_void_p]
        sdl.SDL_SetEventFilter.restype = None
        sdl.SDL_SetEventFilter(self.callback, None)

    def _filter(self, _userdata: int, event: int) -> int:
        try:
            return self.shortcuts.decide(ctypes.string_at(event, EVENT_SIZE))
        except Exception:  # noqa: BLE001 - an event the filter cannot read goes to Pyxel as it always did
            return PASS


_installed: InstalledFilter | None = None


SDL_INIT_EVENTS = 0x4000


def install() -> ShortcutFilter | None:
    """Set the filter on the SDL Pyxel loaded (once; after pyxel.init, in a
    window): the filter, or None where SDL is out of reach. An SDL whose
    events were never started is not Pyxel's (a copy of the system's, where
    Pyxel would link its own in): a filter there would see no key, and the
    program would never see Alt."""
    global _installed
    if _installed is None:
        sdl = sdl_library()
        if sdl is None or not sdl.SDL_WasInit(SDL_INIT_EVENTS):
            return None
        _installed = InstalledFilter(sdl, ShortcutFilter())
    return _installed.shortcuts


def installed() -> ShortcutFilter | None:
    return _installed.shortcuts if _installed is not None else None

"""Touch gestures: a finger is a mouse with one button and no hover, so the
input layer turns what a finger does into the two buttons every window
already understands. Nothing here is per window: a new window gets the same
gestures for free.

- A tap is the left button, pressed and released where the finger first
  touched: a finger may drift a few pixels (``drift``) and still be a tap.
- A long press (``long_frames``, half a second) that stays put acts as the
  right button would there. While it counts, the left button is held, so a
  square shows its pressed look; when it fires, that left press is called
  off (its release reaches nobody), so a long press never uncovers.
  - Over a widget that takes the right button itself (the minefield): a
    right click, at once (the mark appears under the finger).
  - Elsewhere, where the right button shows the menus (a window's body, the
    screen's title bar): the right button, held until the finger lifts, so
    the finger slides to an item and lets go, as on the Amiga.
  - Where the right button does nothing (a requester), it stays a left press.
- A press on a window's title bar drags the window (the window manager starts
  the drag on the press); a long press there goes on dragging.
- A widget may say that a tap on it is the right button (``touch_tap``): a
  tap on an uncovered number clears around it. Held for a long press, such a
  tap is called off instead.
- A finger that moves beyond ``drift`` before the long press is a drag with
  the left button, as the mouse's.
"""

from __future__ import annotations

from enum import Enum, auto
from typing import Protocol

from .input import Button, Frame

LONG_PRESS_FRAMES = 30  # half a second at 60 frames per second
DRIFT = 6  # pixels a finger may wander on a LowRes screen (twice on HighRes): about
# Android's touch slop (8 dp, 1.3 mm) on a phone showing 320 pixels across 6 cm


class Phase(Enum):
    IDLE = auto()
    COUNTING = auto()  # left held: a tap, or a long press if it stays put
    LEFT = auto()  # the finger is the left button until it lifts (a drag, a title bar)
    RIGHT_TAP = auto()  # a tap that is the right button (a number): counting too
    RIGHT_HELD = auto()  # a long press turned into the held right button (menus)
    SWALLOW = auto()  # the gesture has acted: the rest of this touch does nothing


class Surface(Protocol):
    """What the gestures need to know of the screen (WindowSurface gives it)."""

    def dragging(self) -> bool: ...

    def cancel_press(self) -> None: ...

    def tap_button(self, x: int, y: int) -> Button: ...

    def right_clicks(self, x: int, y: int) -> bool: ...

    def right_acts(self, x: int, y: int) -> bool: ...

    def scale(self) -> int: ...


class TouchGestures:
    """Rewrites each Frame's left button as the gestures above (apply)."""

    def __init__(self, surface: Surface, long_frames: int = LONG_PRESS_FRAMES, drift: int = DRIFT) -> None:
        self.surface = surface
        self.long_frames = long_frames
        self.drift = drift
        self.phase = Phase.IDLE
        self.button = Button.LEFT  # the button the finger stands for now
        self.start = (0, 0)
        self.frames = 0
        self.slid = False  # moved beyond the drift: the pointer follows the finger

    @property
    def counting(self) -> bool:
        """A long press is being counted (the pressed look shows meanwhile)."""
        return self.phase in (Phase.COUNTING, Phase.RIGHT_TAP)

    def apply(self, frame: Frame) -> None:
        pressed, down, released = (Button.LEFT in s for s in (frame.pressed, frame.down, frame.released))
        for buttons in (frame.pressed, frame.down, frame.released):
            buttons.discard(Button.LEFT)
        if pressed and self.phase is Phase.IDLE:
            self._begin(frame)
        elif down and self.phase is not Phase.IDLE:
            self._hold(frame)
        if released and self.phase is not Phase.IDLE:
            self._end(frame)
        elif not down and not pressed and self.phase is not Phase.IDLE:
            self._end(frame)  # a release lost between frames: the finger is up

    def _begin(self, frame: Frame) -> None:
        self.start, self.frames, self.slid = (frame.x, frame.y), 0, False
        self.button = self.surface.tap_button(frame.x, frame.y)
        self.phase = Phase.RIGHT_TAP if self.button is Button.RIGHT else Phase.COUNTING
        frame.pressed.add(self.button)
        frame.down.add(self.button)

    def _pin(self, frame: Frame) -> None:
        """Within the drift the finger is where it touched; beyond, it slides."""
        if self.slid:
            return
        if max(abs(frame.x - self.start[0]), abs(frame.y - self.start[1])) > self.drift * self.surface.scale():
            self.slid = True
            if self.phase is Phase.COUNTING:
                self.phase = Phase.LEFT
        else:
            frame.x, frame.y = self.start

    def _hold(self, frame: Frame) -> None:
        self._pin(frame)
        if self.counting:
            self.frames += 1
            if self.frames >= self.long_frames:
                self._long_press(frame)
        if self.phase in (Phase.COUNTING, Phase.LEFT, Phase.RIGHT_TAP, Phase.RIGHT_HELD):
            frame.down.add(self.button)

    def _long_press(self, frame: Frame) -> None:
        surface, (x, y) = self.surface, self.start
        if self.phase is Phase.RIGHT_TAP:
            surface.cancel_press()  # held too long to be a tap: nothing happens
            self.phase = Phase.SWALLOW
            return
        if surface.dragging() or not surface.right_acts(x, y):
            self.phase = Phase.LEFT
            return
        surface.cancel_press()
        self.button = Button.RIGHT
        frame.pressed.add(Button.RIGHT)
        if surface.right_clicks(x, y):
            frame.released.add(Button.RIGHT)
            self.phase = Phase.SWALLOW
        else:
            self.phase = Phase.RIGHT_HELD

    def _end(self, frame: Frame) -> None:
        if self.counting:
            self._pin(frame)
        if self.phase is not Phase.SWALLOW:
            frame.released.add(self.button)
            frame.down.discard(self.button)
        self.phase = Phase.IDLE


class WindowSurface:
    """The window manager's screen as the gestures see it."""

    def __init__(self, wm) -> None:
        self.wm = wm

    def _target(self, x: int, y: int):
        """The widget under a point when its window is the active, unblocked one."""
        wm = self.wm
        window = wm.window_at(x, y)
        if window is None or window is not wm.active or wm.blocker(window) is not None:
            return None
        return wm.screen.hit(x, y)

    def dragging(self) -> bool:
        return self.wm.drag is not None

    def scale(self) -> int:
        """Screen pixels per LowRes pixel: a HighRes finger drifts twice as far."""
        return max(1, self.wm.screen.w // 320)

    def cancel_press(self) -> None:
        self.wm.dispatcher.cancel()

    def tap_button(self, x: int, y: int) -> Button:
        target = self._target(x, y)
        return target.touch_tap(x, y) if target is not None else Button.LEFT

    def right_clicks(self, x: int, y: int) -> bool:
        target = self._target(x, y)
        return target is not None and target.wants_right_button

    def right_acts(self, x: int, y: int) -> bool:
        active = self.wm.active
        return self.right_clicks(x, y) or (active is not None and active.menus is not None)

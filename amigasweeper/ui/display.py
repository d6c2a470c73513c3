"""Opening the program's window only on a display the player can see.

Pyxel (through SDL) does not fail when the display cannot be opened: with a
stale ``DISPLAY=:99`` SDL quietly falls back to its ``offscreen`` driver and
the game runs invisibly until killed; ``SDL_VIDEODRIVER=dummy`` ends in a
Rust panic (a PanicException traceback); a display on an unreachable host
keeps SDL waiting inside a C call that no signal interrupts. So before
``pyxel.init`` a forked child asks SDL the same questions Pyxel will -
which video driver it gets, and whether it can make a (hidden) OpenGL
window - and the program goes on only if the answer comes within
PROBE_SECONDS and names a driver that shows something. The child also tells
the display's usable area (SDL_GetDisplayUsableBounds), from which the
window opens at the largest whole scale that fits (scaling/rule.py).

:func:`init_pyxel` then calls ``pyxel.init`` with the strings Pyxel copies
into Rust made safe: Pyxel reads ``sys.orig_argv`` and the current folder as
UTF-8, and a guide named in another encoding crashed it.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import select
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pyxel

from amigasweeper.plainfiles import shown

from .scaling.rule import Area, largest_fit
from .scaling.sdl import SdlRect, load_sdl

PROBE_SECONDS = 10.0
# SDL video drivers that open nothing a person can see.
INVISIBLE_DRIVERS = {"offscreen", "dummy", "evdev"}
_SDL_INIT_VIDEO = 0x20
_SDL_WINDOW_OPENGL = 0x2
_SDL_WINDOW_HIDDEN = 0x8
_SDL_GL_CONTEXT_MAJOR_VERSION = 17
_SDL_GL_CONTEXT_MINOR_VERSION = 18
_SDL_GL_CONTEXT_PROFILE_MASK = 21
_SDL_GL_CONTEXT_PROFILE_CORE = 0x1
_SDL_GL_CONTEXT_PROFILE_ES = 0x4
_UNIX_LIKE = ("linux", "freebsd", "openbsd", "netbsd")
_PR_SET_PDEATHSIG = 1  # prctl: a signal for the child when its parent ends (Linux)


class DisplayError(Exception):
    """No window can be shown; the message is one line for the player."""


def check_display(platform: str = sys.platform) -> Area | None:
    """Raise DisplayError unless a visible window can be opened. Only systems
    with X11/Wayland need the question asked (and can fork to ask it); the
    display's usable area comes back when SDL could tell it."""
    if not platform.startswith(_UNIX_LIKE) or not hasattr(os, "fork"):
        return None
    answer = _ask_a_child(PROBE_SECONDS)
    if answer is None:
        raise DisplayError(f"cannot open a window: the display {_named_display()} did not answer "
                           f"within {PROBE_SECONDS:g} s")
    if answer.startswith("driver "):
        words = answer.split()
        driver = words[1] if len(words) > 1 else ""
        if driver in INVISIBLE_DRIVERS:
            raise DisplayError(f"cannot open a window: no visible display ({_named_display()}; SDL's "
                               f"'{driver}' video driver shows nothing); to play without a window use "
                               "--headless --script FILE")
        return _usable_area(words[2:])
    raise DisplayError(f"cannot open a window on {_named_display()}: {answer}")


def _usable_area(words: list[str]) -> Area | None:
    """``usable X Y W H`` from the child, read as an area (None if it said anything else)."""
    if len(words) != 5 or words[0] != "usable":
        return None
    try:
        x, y, w, h = (int(word) for word in words[1:])
    except ValueError:
        return None
    return Area(x, y, w, h) if w > 0 and h > 0 else None


def _named_display() -> str:
    settings = {"DISPLAY": os.environ.get("DISPLAY"), "WAYLAND_DISPLAY": os.environ.get("WAYLAND_DISPLAY"),
                "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER")}
    return " ".join(f"{name}={shown(value)}" for name, value in settings.items() if value) or "the display"


def _ask_a_child(seconds: float) -> str | None:
    """What a forked child found out (see _probe), or None if it did not say
    in time (it is then killed)."""
    reading, writing = os.pipe()
    parent = os.getpid()
    child = os.fork()
    if child == 0:  # the child: never returns into the program
        _tie_to(parent, seconds)
        os.close(reading)
        try:
            answer = _probe()
        except BaseException as error:  # noqa: BLE001 - whatever happens, the parent gets a line
            answer = f"the display test failed ({error})"
        os.write(writing, answer.encode("utf-8", "replace")[:4000])
        os._exit(0)
    os.close(writing)
    try:
        return _answer(reading, child, seconds)
    finally:
        os.close(reading)
        _reap(child)


def _tie_to(parent: int, seconds: float) -> None:
    """In the child: end with the program, whatever becomes of it. Its own
    output goes nowhere (SDL's complaints would make the error more than one
    line, and an inherited pipe kept open would keep the program's caller
    waiting for the end of its output)."""
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGALRM):
        signal.signal(number, signal.SIG_DFL)  # Ctrl-C ends it at once
    signal.alarm(int(seconds) + 2)  # a child that hangs ends by itself soon after the parent gave up
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)  # dies with the parent
    if os.getppid() != parent:
        os._exit(0)  # the parent ended before that was set up
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)


def _answer(reading: int, child: int, seconds: float) -> str | None:
    deadline = time.monotonic() + seconds
    chunks: list[bytes] = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        ready, _, _ = select.select([reading], [], [], left)
        if not ready:
            return None
        chunk = os.read(reading, 4096)
        if not chunk:
            return b"".join(chunks).decode("utf-8", "replace").strip() or "the display test ended without a word"
        chunks.append(chunk)


def _reap(child: int) -> None:
    with contextlib.suppress(OSError):
        if os.waitpid(child, os.WNOHANG) == (0, 0):
            os.kill(child, signal.SIGKILL)
            os.waitpid(child, 0)


def _probe() -> str:
    """In the child: ``driver NAME`` when SDL could make a hidden OpenGL
    window as Pyxel will (with ``usable X Y W H``, the first display's usable
    area, when SDL can tell it), else SDL's reason."""
    sdl = load_sdl()
    sdl.SDL_GetError.restype = ctypes.c_char_p
    sdl.SDL_GetCurrentVideoDriver.restype = ctypes.c_char_p
    sdl.SDL_CreateWindow.restype = ctypes.c_void_p
    sdl.SDL_CreateWindow.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                     ctypes.c_uint32]
    sdl.SDL_GL_CreateContext.restype = ctypes.c_void_p
    sdl.SDL_GL_CreateContext.argtypes = [ctypes.c_void_p]
    # As Pyxel does: a Wayland session gets SDL's Wayland driver first.
    if os.environ.get("XDG_SESSION_TYPE") == "wayland" and "SDL_VIDEODRIVER" not in os.environ:
        os.environ["SDL_VIDEODRIVER"] = "wayland"
        if sdl.SDL_Init(_SDL_INIT_VIDEO) < 0:
            del os.environ["SDL_VIDEODRIVER"]
    if not sdl.SDL_WasInit(_SDL_INIT_VIDEO) and sdl.SDL_Init(_SDL_INIT_VIDEO) < 0:
        return _error(sdl)
    driver = (sdl.SDL_GetCurrentVideoDriver() or b"").decode("ascii", "replace")
    if driver in INVISIBLE_DRIVERS:
        return f"driver {driver}"
    window = sdl.SDL_CreateWindow(b"AmigaSweeper", 0, 0, 8, 8, _SDL_WINDOW_OPENGL | _SDL_WINDOW_HIDDEN)
    if not window:
        return _error(sdl)
    for profile, major, minor in ((_SDL_GL_CONTEXT_PROFILE_CORE, 2, 1), (_SDL_GL_CONTEXT_PROFILE_ES, 2, 0)):
        sdl.SDL_GL_SetAttribute(_SDL_GL_CONTEXT_PROFILE_MASK, profile)
        sdl.SDL_GL_SetAttribute(_SDL_GL_CONTEXT_MAJOR_VERSION, major)
        sdl.SDL_GL_SetAttribute(_SDL_GL_CONTEXT_MINOR_VERSION, minor)
        if sdl.SDL_GL_CreateContext(window):
            return f"driver {driver}{_usable_words(sdl)}"
    return _error(sdl)


def _usable_words(sdl: ctypes.CDLL) -> str:
    """`` usable X Y W H`` for the first display, or "" when SDL cannot tell."""
    rect = SdlRect()
    if sdl.SDL_GetDisplayUsableBounds(0, ctypes.byref(rect)) != 0:
        return ""
    return f" usable {rect.x} {rect.y} {rect.w} {rect.h}"


def _error(sdl: ctypes.CDLL) -> str:
    return (sdl.SDL_GetError() or b"SDL gave no reason").decode("utf-8", "replace").replace("\n", " ")


def init_pyxel(size: tuple[int, int], *, title: str, fps: int, headless: bool, usable: Area | None = None) -> None:
    """``pyxel.init`` with what it copies into Rust made UTF-8-safe; a panic
    of Pyxel's (no window after all) becomes a DisplayError. With the
    display's usable area known, the window opens at the largest whole scale
    that fits it (Pyxel's display_scale; without it Pyxel picks a whole scale
    of its own, three quarters of the display at most)."""
    scale = largest_fit(size, usable) if usable is not None and not headless else None
    with _utf8_safe_process_strings():
        try:
            pyxel.init(*size, title=title, fps=fps, quit_key=pyxel.KEY_NONE, display_scale=scale, headless=headless)
        except BaseException as error:  # pyo3's PanicException is not an Exception
            if type(error).__name__ != "PanicException":
                raise
            raise DisplayError(f"cannot open a window: {(str(error).splitlines() or ['Pyxel gave up'])[0]}") from None


@contextlib.contextmanager
def _utf8_safe_process_strings() -> Iterator[None]:
    """sys.argv, sys.orig_argv and sys.executable written readably, and a
    current folder whose name is UTF-8, while Pyxel starts. Pyxel keeps them
    only to restart itself, which the program never asks for; it then makes
    the folder of its caller current anyway."""
    saved = {name: getattr(sys, name) for name in ("argv", "orig_argv", "executable") if hasattr(sys, name)}
    for name, value in saved.items():
        setattr(sys, name, [shown(item) for item in value] if isinstance(value, list) else shown(value))
    try:
        os.getcwd().encode("utf-8")
    except (OSError, UnicodeEncodeError):  # a folder named in another encoding, or one removed
        os.chdir(Path(__file__).parent)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(sys, name, value)

"""Issue 40, headless: the SDL event filter that keeps Pyxel's shortcuts from
Pyxel (ui/keys/sdlfilter.py), decided event by event and run by SDL itself;
the input reader that reads Right-Amiga with each key press; Pyxel's
restart refused where no filter can be set (ui/keys/restart.py); the data
folder made current so a capture lands there. The same, pressed on a real
keyboard in a real window: test_shortcuts_window.py."""

from __future__ import annotations

import ctypes
import os
import struct
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
import pyxel

from amigasweeper.ui.intuition.input import Button, InputReader
from amigasweeper.ui.keys.restart import NoProcess, RestartGuard, is_pyxel_restart, keep_captures_in
from amigasweeper.ui.keys.sdlfilter import (
    DROP,
    EVENT_SIZE,
    PASS,
    EventType,
    InstalledFilter,
    Keycode,
    PadButton,
    ShortcutFilter,
)

ROOT = Path(__file__).resolve().parents[2]


def key_event(sym: int, down: bool = True) -> bytes:
    """An SDL_KeyboardEvent's bytes: type, timestamp, window, state, repeat, keysym (scancode, sym, mod)."""
    kind = EventType.KEYDOWN if down else EventType.KEYUP
    event = struct.pack("=IIIBBBBiiHI", kind, 0, 1, int(down), 0, 0, 0, 0, sym, 0, 0)
    return event.ljust(EVENT_SIZE, b"\0")


def text_event(text: str) -> bytes:
    return (struct.pack("=III", EventType.TEXTINPUT, 0, 1) + text.encode().ljust(32, b"\0")).ljust(EVENT_SIZE, b"\0")


def pad_event(which: int, button: PadButton, down: bool = True) -> bytes:
    kind = EventType.CONTROLLERBUTTONDOWN if down else EventType.CONTROLLERBUTTONUP
    return struct.pack("=IIiBB", kind, 0, which, button, int(down)).ljust(EVENT_SIZE, b"\0")


def decide_all(shortcuts: ShortcutFilter, events: list[bytes]) -> list[int]:
    return [shortcuts.decide(event) for event in events]


# ------------------------------------------------------------------ the filter
def test_the_alt_keys_never_reach_pyxel_and_are_kept_as_right_amiga():
    f = ShortcutFilter()
    assert f.decide(key_event(Keycode.LALT)) == DROP and f.is_held(Keycode.LALT)
    assert f.decide(key_event(ord("r"))) == PASS  # R reaches Pyxel, without Alt: no restart
    assert f.decide(key_event(ord("r"), down=False)) == PASS
    assert f.decide(key_event(Keycode.LALT, down=False)) == DROP and not f.held
    assert f.decide(key_event(Keycode.RALT)) == DROP and f.is_held(Keycode.RALT)
    assert f.decide(key_event(Keycode.RALT, down=False)) == DROP and f.dropped == 4


def test_a_key_pressed_with_right_amiga_held_is_noted_once_however_soon_let_go():
    f = ShortcutFilter()
    decide_all(f, [key_event(Keycode.LALT), key_event(ord("x")), key_event(ord("x"), False),
                   key_event(Keycode.LALT, False), key_event(ord("y")), key_event(ord("y"), False)])
    assert f.take_chorded() == {ord("x")}  # y came after Alt was let go
    assert f.take_chorded() == set()  # taken once


def test_the_gui_and_menu_keys_are_right_amiga_but_reach_pyxel_as_before():
    f = ShortcutFilter()
    assert f.decide(key_event(Keycode.RGUI)) == PASS and f.is_held(Keycode.RGUI)
    f.decide(key_event(ord("q")))
    assert f.take_chorded() == {ord("q")}
    f.decide(key_event(Keycode.RGUI, False))
    assert f.decide(key_event(Keycode.APPLICATION)) == PASS and f.held == {Keycode.APPLICATION}


def test_the_letter_a_right_amiga_chord_types_is_dropped_and_nothing_else():
    f = ShortcutFilter()
    decide_all(f, [key_event(ord("x"))])
    assert f.decide(text_event("x")) == PASS  # typing
    decide_all(f, [key_event(Keycode.LALT), key_event(ord("x"))])
    assert f.decide(text_event("x")) == DROP  # Alt-X in a real X11 window also sends "x"
    f.decide(key_event(ord("x")))  # Alt-Shift-X, as the key repeats
    assert f.decide(text_event("X")) == DROP
    f.decide(key_event(ord("q")))
    assert f.decide(text_event("@")) == PASS  # AltGr-Q on a German keyboard, if SDL calls AltGr the right Alt
    assert f.decide(text_event("q")) == PASS  # text no key of the chord typed (an input method's)
    f.decide(key_event(Keycode.LALT, False))
    f.decide(key_event(ord("x")))
    assert f.decide(text_event("x")) == PASS
    f.decide(key_event(0x400000E3))  # the left GUI key: Left-Amiga, whose chords type nothing anyway
    f.decide(key_event(ord("v")))
    assert f.decide(text_event("v")) == PASS


@pytest.mark.parametrize("focus", [12, 13])  # SDL_WINDOWEVENT_FOCUS_GAINED, _LOST
def test_a_change_of_keyboard_focus_lets_go_of_right_amiga(focus):
    """Alt let go in another window (Alt-Tab) sends no key up here: the
    filter must not hold it for good, or no text could ever be typed again."""
    f = ShortcutFilter()
    f.decide(key_event(Keycode.LALT))
    assert f.decide(struct.pack("=IIIB", EventType.WINDOWEVENT, 0, 1, focus).ljust(EVENT_SIZE, b"\0")) == PASS
    assert not f.held and f.decide(text_event("x")) == PASS
    f.decide(key_event(Keycode.LALT))
    f.decide(struct.pack("=IIIB", EventType.WINDOWEVENT, 0, 1, 10).ljust(EVENT_SIZE, b"\0"))  # the pointer left
    assert f.held == {Keycode.LALT}


def test_the_gamepads_chord_is_taken_from_pyxel_only_with_a_b_x_y_held():
    f = ShortcutFilter()
    held = [pad_event(0, b) for b in (PadButton.A, PadButton.B, PadButton.X)]
    assert decide_all(f, held) == [PASS] * 3
    assert f.decide(pad_event(0, PadButton.BACK)) == PASS  # Y not held: Pyxel does nothing with it
    f.decide(pad_event(0, PadButton.BACK, False))
    assert f.decide(pad_event(0, PadButton.Y)) == PASS
    assert f.decide(pad_event(0, PadButton.BACK)) == DROP  # Pyxel's restart
    assert f.decide(pad_event(0, PadButton.BACK, False)) == PASS
    for arrow in (PadButton.DPAD_UP, PadButton.DPAD_DOWN, PadButton.DPAD_LEFT, PadButton.DPAD_RIGHT):
        assert f.decide(pad_event(0, arrow)) == DROP  # its integer scale, screen mode, monitor, full screen
    assert f.decide(pad_event(1, PadButton.BACK)) == PASS  # another pad holds nothing
    f.decide(pad_event(0, PadButton.A, False))
    assert f.decide(pad_event(0, PadButton.BACK)) == PASS
    f.decide(pad_event(0, PadButton.A))
    f.decide(struct.pack("=IIi", EventType.CONTROLLERDEVICEREMOVED, 0, 0).ljust(EVENT_SIZE, b"\0"))
    assert f.decide(pad_event(0, PadButton.BACK)) == PASS  # a pad unplugged holds nothing


def test_other_events_pass_untouched():
    f = ShortcutFilter()
    assert f.decide(struct.pack("=I", 0x400).ljust(EVENT_SIZE, b"\0")) == PASS  # mouse motion
    assert f.decide(struct.pack("=I", 0x100).ljust(EVENT_SIZE, b"\0")) == PASS  # quit
    assert f.dropped == 0


FILTER_IN_SDL = textwrap.dedent("""
    import ctypes, struct, sys
    sys.path.insert(0, sys.argv[1])
    from amigasweeper.ui.scaling.sdl import load_sdl
    from amigasweeper.ui.keys.sdlfilter import EVENT_SIZE, InstalledFilter, ShortcutFilter
    sys.path.insert(0, sys.argv[2])
    from test_pyxel_shortcuts import key_event, text_event

    sdl = load_sdl()
    assert sdl.SDL_Init(0x4000) == 0  # SDL_INIT_EVENTS: no display needed
    installed = InstalledFilter(sdl, ShortcutFilter())
    sent = [key_event(0x400000E2), key_event(ord("r")), text_event("r"), key_event(0x400000E2, False),
            text_event("s"), struct.pack("=I", 0x8000).ljust(EVENT_SIZE, b"\\0")]  # SDL_USEREVENT
    pushed = [sdl.SDL_PushEvent(ctypes.create_string_buffer(event, EVENT_SIZE)) for event in sent]
    received = []
    event = ctypes.create_string_buffer(EVENT_SIZE)
    while sdl.SDL_PollEvent(event):
        kind = struct.unpack_from("=I", event.raw)[0]
        if kind in (0x300, 0x301):
            received.append(("key", struct.unpack_from("=i", event.raw, 20)[0]))
        elif kind == 0x303:
            received.append(("text", event.raw[12:13].decode()))
        else:
            received.append(("other", kind))
    print(pushed, received, sorted(installed.shortcuts.take_chorded()))
""")


def test_sdl_itself_runs_the_filter_and_queues_only_what_it_passes(tmp_path):
    """Pyxel's SDL, started for events alone, with the filter set: what it
    drops never reaches SDL's queue, so Pyxel's SDL_PollEvent never sees it."""
    script = tmp_path / "filter_in_sdl.py"
    script.write_text(FILTER_IN_SDL, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run([sys.executable, str(script), str(ROOT), str(Path(__file__).parent)], env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[0] == (
        "[0, 1, 0, 0, 1, 1] [('key', 114), ('text', 's'), ('other', 32768)] [114]"
    )


def test_an_event_the_filter_cannot_read_goes_to_pyxel():
    class Broken(ShortcutFilter):
        def decide(self, event: bytes) -> int:
            raise ValueError("unreadable")

    installed = InstalledFilter.__new__(InstalledFilter)
    installed.shortcuts = Broken()
    event = ctypes.create_string_buffer(key_event(Keycode.LALT), EVENT_SIZE)
    assert installed._filter(0, ctypes.addressof(event)) == PASS


# ------------------------------------------------------- the input reader
class Qualifiers:
    def __init__(self, held: set[int] = frozenset(), chorded: set[int] = frozenset()) -> None:
        self.held, self.chorded = set(held), set(chorded)

    def is_held(self, code: int) -> bool:
        return code in self.held

    def take_chorded(self) -> set[int]:
        keys, self.chorded = self.chorded, set()
        return keys


def read_with(qualifiers: Qualifiers, *pressed: int):
    """One frame read in a window's way (pyxel's own states), with these keys
    down. Headless Pyxel latches every key any test pressed as held for its
    one never-ending frame, so its states are stood in for here."""
    reader = InputReader(None, qualifiers=qualifiers)
    reader.use_frame_edges = False  # pyxel.btnp, likewise latched
    saved = pyxel.btn
    pyxel.btn = lambda code: code in pressed
    try:
        return reader.read()
    finally:
        pyxel.btn = saved


def test_a_key_pressed_with_right_amiga_is_a_chord_though_alt_was_let_go_before_the_frame(pyxel_screen):
    frame = read_with(Qualifiers(chorded={pyxel.KEY_X}), pyxel.KEY_X)
    assert frame.amiga and frame.key(pyxel.KEY_X)
    frame = read_with(Qualifiers(chorded={pyxel.KEY_Y}), pyxel.KEY_X)
    assert not frame.amiga  # the chord's key was another: X alone is plain


def test_alt_held_is_read_from_the_filter_not_from_pyxel(pyxel_screen):
    frame = read_with(Qualifiers(held={pyxel.KEY_LALT}), pyxel.KEY_Q)
    assert frame.amiga and not frame.plain_key(pyxel.KEY_Q)
    frame = read_with(Qualifiers(held={pyxel.KEY_LALT}), pyxel.KEY_LGUI)
    assert frame.keyboard_buttons == {Button.LEFT}  # Left-Amiga with the left Alt: the left button
    frame = read_with(Qualifiers(), pyxel.KEY_LALT)
    assert not frame.amiga  # Pyxel's own Alt state is not asked where the filter keeps it


def test_a_script_holds_its_own_keys_whatever_the_filter_says(pyxel_screen):
    from amigasweeper.ui.intuition.input import HeldButtons

    held = HeldButtons()
    reader = InputReader(held, qualifiers=Qualifiers(held={pyxel.KEY_LALT}, chorded={pyxel.KEY_X}))
    held.set(pyxel.KEY_X, True)
    frame = reader.read()
    held.set(pyxel.KEY_X, False)
    assert frame.key(pyxel.KEY_X) and not frame.amiga


# ------------------------------------------------------------ the restart
RESTART = textwrap.dedent("""
    import os, subprocess, sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[1])
    marks = Path(sys.argv[2])
    with marks.open("a") as out:
        out.write(f"started {os.getpid()}\\n")
    if len(marks.read_text().splitlines()) > 1:
        sys.exit(0)  # a second start: Pyxel's restart got through
    import pyxel
    from amigasweeper.ui.keys.restart import RestartGuard
    pyxel.init(32, 32, headless=True)
    guard = RestartGuard()
    if sys.argv[3] == "guarded":
        guard.install()
    real_exit = sys.exit
    pyxel.reset()  # what Pyxel's Alt-R and a pad's A+B+X+Y+Back do
    pyxel.reset()  # a second try: Pyxel's restart is used up
    assert sys.exit is real_exit
    ordinary = subprocess.Popen([sys.executable, "-c", "print('ordinary')"], stdout=subprocess.PIPE, text=True)
    assert isinstance(ordinary, subprocess.Popen) and ordinary.communicate()[0] == "ordinary\\n"
    with marks.open("a") as out:
        out.write(f"still running, {guard.refused} refused\\n")
""")


def run_restart(tmp_path: Path, mode: str) -> list[str]:
    script, marks = tmp_path / "restart.py", tmp_path / "marks.txt"
    script.write_text(RESTART, encoding="utf-8")
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    env.pop("PYXEL_WATCH_STATE_FILE", None)
    result = subprocess.run([sys.executable, str(script), str(ROOT), str(marks), mode], env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    for _ in range(100):  # a restarted copy runs on its own; give it a moment to say so
        if mode == "guarded" or len(marks.read_text().splitlines()) > 1:
            break
        time.sleep(0.1)
    return [line.split(" ")[0] if line.startswith("started") else line for line in marks.read_text().splitlines()]


def test_pyxels_restart_is_refused_and_the_program_goes_on(tmp_path):
    assert run_restart(tmp_path, "guarded") == ["started", "still running, 1 refused"]


def test_without_the_guard_pyxels_restart_starts_a_new_process(tmp_path):
    """The hazard itself, as Pyxel 2.9 has it: a new process, and this one gone."""
    assert run_restart(tmp_path, "unguarded") == ["started", "started"]


def test_only_pyxels_own_snippet_counts_as_its_restart():
    assert not is_pyxel_restart(sys._getframe())
    assert not is_pyxel_restart(None)
    names = {"exec_path": "", "orig_argv": [], "window_state_env": ""}
    frame = eval(compile("__import__('sys')._getframe()", "<string>", "eval"), {}, names)
    assert is_pyxel_restart(frame)
    frame = eval(compile("__import__('sys')._getframe()", "elsewhere.py", "eval"), {}, names)
    assert not is_pyxel_restart(frame)


def test_the_guard_goes_back_as_it_came():
    original = subprocess.Popen
    guard = RestartGuard()
    guard.install()
    guard.install()  # twice: still one layer
    assert subprocess.Popen.__mro__[1] is original
    guard.uninstall()
    assert subprocess.Popen is original
    assert NoProcess().wait() == 0 and NoProcess().poll() == 0


# ------------------------------------------------------------ captures
def test_the_data_folder_is_made_current_so_captures_land_there(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    data = tmp_path / "new" / "data"
    assert keep_captures_in(data) and Path.cwd() == data
    assert not keep_captures_in(None) and Path.cwd() == data
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    assert not keep_captures_in(blocked / "data") and Path.cwd() == data


@pytest.mark.parametrize(("reachable", "started", "set_"), [
    (True, True, True),
    (False, False, False),  # Windows, macOS: SDL linked into Pyxel
    (True, False, False),  # an SDL of the system's that Pyxel does not use: its filter would see no key
])
def test_the_program_sets_the_filter_only_on_pyxels_own_sdl(monkeypatch, reachable, started, set_):
    from amigasweeper.ui.keys import sdlfilter

    monkeypatch.setattr(sdlfilter, "_installed", None)
    calls = []

    def set_event_filter(callback, userdata) -> None:
        calls.append(callback)

    sdl = SimpleNamespace(SDL_SetEventFilter=set_event_filter,
                          SDL_WasInit=lambda flags: flags if started and flags == sdlfilter.SDL_INIT_EVENTS else 0)
    monkeypatch.setattr(sdlfilter, "sdl_library", lambda: sdl if reachable else None)
    shortcuts = sdlfilter.install()
    assert (shortcuts is not None) is set_ and (sdlfilter.installed() is shortcuts)
    assert len(calls) == int(set_)
    assert sdlfilter.install() is shortcuts and len(calls) == int(set_)  # set once


@pytest.mark.parametrize(("headless", "platform", "wanted"), [
    (False, "linux", ["filter", "restart guard"]),
    (True, "linux", ["restart guard"]),  # headless Pyxel reads no events; a script shown in a window does
    (False, "win32", ["filter", "restart guard"]),  # the filter finds no SDL there and is not set
    (False, "emscripten", []),  # the page's resetPyxel does nothing instead
])
def test_the_launch_sets_what_each_platform_needs(monkeypatch, headless, platform, wanted):
    from amigasweeper.ui import launch
    from amigasweeper.ui.keys import restart, sdlfilter

    done = []
    monkeypatch.setattr(sdlfilter, "install", lambda: done.append("filter"))
    monkeypatch.setattr(restart.RestartGuard, "install", lambda self: done.append("restart guard"))
    launch.guard_pyxel_shortcuts(headless=headless, platform=platform)
    assert done == wanted

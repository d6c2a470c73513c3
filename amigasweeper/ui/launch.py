"""From the command line to the frame loop: the options read, a display
found (or a clear line saying why not), Pyxel started, then the app run by
Pyxel or by a script."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pyxel

from amigasweeper.storage import LOCK_TIMEOUT
from amigasweeper.storage.file_backend import FileBackend
from amigasweeper.storage.folders import anchor_data_dir

from . import collector
from .app import App
from .display import DisplayError, check_display, init_pyxel
from .drive.frameclock import FPS
from .intuition.modes import ScreenMode
from .keys import sdlfilter
from .keys.restart import RestartGuard, keep_captures_in
from .stopping import StopRequests
from .window_options import Options, parse_args

NO_DISPLAY = (
    "no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
    "to play without a window use --headless --script FILE"
)


def display_problem(options: Options, environ=os.environ, platform: str = sys.platform) -> str | None:
    """Why a window cannot be opened, told by the environment alone, or None.
    Only X11/Wayland systems can lack a display; when one seems to be there
    (or SDL_VIDEODRIVER names a driver) display.check_display asks SDL."""
    if options.headless or not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY") or environ.get("SDL_VIDEODRIVER"):
        return None
    return NO_DISPLAY


def guard_pyxel_shortcuts(*, headless: bool, platform: str = sys.platform) -> None:
    """None of Pyxel's own shortcuts acts (issue 40): in a window SDL's events
    are filtered where SDL is within reach, and Pyxel's restart is refused
    wherever it is tried. In a browser Pyxel's restart is the page's
    resetPyxel(), which the page makes do nothing (tools/web/no_restart.js)."""
    if platform == "emscripten":
        return
    if not headless:
        sdlfilter.install()
    RestartGuard().install()


def run(argv: list[str]) -> int:
    started_in = Path.cwd()
    options = parse_args(argv)
    anchor_data_dir(started_in)  # before Pyxel makes another folder current
    # The game has no sound: SDL's dummy driver keeps Pyxel from opening (or
    # complaining about) an audio device. Set before pyxel.init reads it.
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    stop = StopRequests()
    stop.install()  # before pyxel.init, so SDL keeps its hands off these signals
    size = (options.screen or ScreenMode.LOWRES).size
    try:
        problem = display_problem(options)
        if problem:
            raise DisplayError(problem)
        usable = None if options.headless else check_display()  # the display's usable area, if SDL told it
        init_pyxel(size, title="AmigaSweeper", fps=FPS, headless=options.headless, usable=usable)
    except DisplayError as error:
        if stop.signum is not None:
            return 128 + stop.signum  # Ctrl-C during the display test ended the test, not the display
        print(f"amigasweeper: {error}", file=sys.stderr)
        return 1
    stop.install()
    guard_pyxel_shortcuts(headless=options.headless)
    app = App(options)
    app.stop = stop
    backend = app.storage.backend
    if sys.platform != "emscripten":
        keep_captures_in(backend.folder if isinstance(backend, FileBackend) else None)
    collector.freeze_long_lived()  # what start-up made stays for good: out of the collector's sight
    if app.folder_problem:
        print(f"amigasweeper: {app.folder_problem}", file=sys.stderr)
    if options.script is not None:
        from .drive.script import run_script
        from .drive.scriptwords import ScriptError

        try:
            run_script(app, options.script, base=started_in)
        except ScriptError as error:
            print(f"amigasweeper: {error}", file=sys.stderr)
            return 1
        app.update()  # a stop signal that came after the last frame ends here too
        app.commands.leave()  # the end of the script is the end of the game played
        app.finish_saving(LOCK_TIMEOUT)
        return 0
    pyxel.run(app.update, app.draw)
    return 0

"""Pyxel's restart refused, and its captures kept out of the program's
folder: what stands in where the SDL event filter (sdlfilter.py) cannot
hide Pyxel's shortcuts (Windows and macOS, whose Pyxel links SDL in).

Pyxel's Alt-R and a gamepad's A+B+X+Y+Back run a Python snippet of Pyxel's
(pyxel-binding's system_wrapper.rs): ``subprocess.Popen([executable] +
orig_argv[1:], cwd=..., env=...)`` then ``sys.exit(0)``: a new process
with a fresh board, the game in progress never recorded, not even as
abandoned. Popen is made to recognise that one call (made from Pyxel's
snippet, ``<string>``, with its ``exec_path``, ``orig_argv`` and
``window_state_env``), start nothing and let the ``sys.exit`` that follows
pass: the restart never happens and the game goes on. Pyxel takes its
restart away after the first try (its callback is used once), and the game
has no sound for the audio Pyxel closes first to matter.

Pyxel's screenshots and captures (Alt-1, Alt-3, Alt-Shift-0 to 9) are
written to the current folder, which pyxel.init makes the folder of the
module that called it: amigasweeper/ui in the source tree, or in an
installed copy. ``keep_captures_in`` makes the data folder current instead.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import FrameType
from typing import Any

# The names Pyxel's restart snippet is run with (pyxel-binding, system_wrapper.rs).
RESTART_NAMES = frozenset({"exec_path", "orig_argv", "window_state_env"})


def is_pyxel_restart(caller: FrameType | None) -> bool:
    """Whether a call to Popen comes from Pyxel's restart snippet."""
    return caller is not None and caller.f_code.co_filename == "<string>" and RESTART_NAMES <= caller.f_locals.keys()


class NoProcess:
    """What Popen gives Pyxel's restart instead of a process."""

    pid = None
    returncode = 0

    def poll(self) -> int:
        return 0

    def wait(self, timeout: float | None = None) -> int:
        return 0


class RestartGuard:
    """Installs the refusing Popen; counts the restarts refused."""

    def __init__(self) -> None:
        self.refused = 0
        self.original: type[subprocess.Popen[Any]] | None = None  # Popen of str or bytes

    def install(self) -> None:
        if self.original is not None:
            return
        self.original = subprocess.Popen
        guard = self

        class GuardedPopen(subprocess.Popen):  # a subclass, so isinstance(p, subprocess.Popen) still holds
            def __new__(cls, *args, **kwargs):
                if is_pyxel_restart(sys._getframe(1)):
                    return guard.refuse()
                return super().__new__(cls)

        # Replacing the standard library's class is the whole point (Pyxel's
        # snippet looks it up there), and no annotation can say so to mypy.
        subprocess.Popen = GuardedPopen  # type: ignore[misc]

    def uninstall(self) -> None:
        if self.original is not None:
            subprocess.Popen = self.original  # type: ignore[misc, assignment]  # the class put back, as above
            self.original = None

    def refuse(self) -> NoProcess:
        """Pyxel's restart: nothing started, and its sys.exit(0) let pass once."""
        self.refused += 1
        real_exit = sys.exit

        def stay(*_args: object) -> None:
            sys.exit = real_exit  # only Pyxel's own exit, the snippet's next line, is let pass

        # An exit that returns breaks sys.exit's NoReturn on purpose, once: mypy rightly objects.
        sys.exit = stay  # type: ignore[assignment]
        return NoProcess()


def keep_captures_in(folder: Path | None) -> bool:
    """Make the data folder current (made first, as the first save would),
    so a capture Pyxel still makes lands there, not in the program's own
    folder. False when there is none to go to (the folder as it was is kept)."""
    if folder is None:
        return False
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.chdir(folder)
    except OSError:
        return False
    return True

"""AVF (Arbiter), RMV (Viennasweeper) and MVF (Minesweeper Clone) replays,
read through ms-toollib, the community's reference library.

These formats are not open: ms-toollib reads them as the ranking sites do,
and we take its reading as it is. It is an optional extra
(``pip install 'amigasweeper[replays]'``, bundled in the executable); where
it is missing (the web page, where no native library can load, or a system
ms-toollib has no build for) :func:`missing` says so in a sentence.

ms-toollib stops its whole process on a file it cannot read, so it never
runs inside the program: each file is read by a child process
(toollib_child.py) that writes the board and the mouse events as JSON.
:class:`PendingRead` starts it and is asked each frame whether it is done,
so the frame loop never waits (files.ReplayLoad then plays the events a
slice at a time); :func:`read_foreign` waits (tests, tools). The mouse
events are played as every EVF file's are (board_moves.py).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .. import plainfiles
from ..metrics.clicks import Mouse
from ..slices import SLICE, Steps, finish
from .errors import ReplayError
from .events import MAX_EVENTS, TOO_MANY_EVENTS, MouseEvent
from .evf import recording_steps
from .evf_read import FileHeader, Read
from .recording import Recording
from .toollib_child import FLAG, KINDS

FOREIGN_SUFFIXES = tuple("." + kind for kind in KINDS)  # .avf, .rmv, .mvf
TIME_LIMIT = 60.0  # seconds a child may take (the largest sample file takes a second)
MAX_JSON_BYTES = 256 * 1024 * 1024  # far more than any replay makes
IN_BROWSER = ("The web page cannot read AVF, RMV or MVF replays: ms-toollib, which reads them, "
              "cannot run in a browser. Open them in the desktop program, or turn them into EVF files "
              "(Metasweeper does) to watch them here.")
NOT_INSTALLED = ("Reading AVF, RMV and MVF replays needs ms-toollib, which is not installed here: "
                 "pip install 'amigasweeper[replays]'. It has builds for Windows, macOS and Linux "
                 "(x86-64 and ARM); on another system these files cannot be read.")


# ms-toollib (1.5.20, as its MVF reader still is) reads one MVF version only:
# Minesweeper Clone 0.97 beta's, whose file starts 0x11 0x4D and has "5" at
# byte 27. Given any other MVF file it reads nothing, no board and no events.
MVF_READ_MARK = (b"\x11\x4d", 27, b"5")
MVF_LIMIT = ("This MVF file is not of Minesweeper Clone 0.97 beta, the only MVF version ms-toollib reads "
             "(older Clone versions wrote MVF files it cannot read), so it cannot be watched here.")


def mvf_limit(data: bytes) -> str | None:
    """The sentence naming ms-toollib's MVF limit when ``data`` is an MVF
    file of a version it cannot read; None for one it reads."""
    start, at, mark = MVF_READ_MARK
    return None if data[:2] == start and data[at:at + 1] == mark else MVF_LIMIT


def missing() -> str | None:
    """Why AVF, RMV and MVF files cannot be read here, in a sentence; None when they can."""
    if sys.platform == "emscripten":
        return IN_BROWSER
    if importlib.util.find_spec("ms_toollib") is None:
        return NOT_INSTALLED
    return None


def kind_of(name: str) -> str | None:
    """avf, rmv or mvf for a file name with one of their suffixes."""
    suffix = Path(name).suffix.lower()
    return suffix[1:] if suffix in FOREIGN_SUFFIXES else None


def child_command(kind: str, source: Path, target: Path) -> list[str]:
    """The command that reads a file in a process of its own: this
    program's own executable when it is one (PyInstaller), else Python."""
    if getattr(sys, "frozen", False):
        return [sys.executable, FLAG, kind, str(source), str(target)]
    return [sys.executable, "-m", "amigasweeper", FLAG, kind, str(source), str(target)]


def _child_environment() -> dict[str, str]:
    """The child finds this copy of the program, wherever it was loaded from
    (a checkout, an installed copy, a Pyxel app unpacked to a folder)."""
    package_parent = str(Path(__file__).resolve().parent.parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_parent, env.get("PYTHONPATH", "")) if p)
    return env


class PendingRead:
    """One file being read by a child process; ``poll()`` each frame."""

    def __init__(self, data: bytes, kind: str, time_limit: float = TIME_LIMIT) -> None:
        why = missing() or (mvf_limit(data) if kind == "mvf" else None)
        if why:
            raise ReplayError(why)
        self.kind = kind
        self.time_limit = time_limit
        self.deadline = time.monotonic() + time_limit
        try:
            self.folder = tempfile.TemporaryDirectory(prefix="amigasweeper-replay-")
        except OSError as error:
            raise ReplayError(f"no temporary folder can be made for ms-toollib ({error.strerror or error})") from None
        folder = Path(self.folder.name)
        source, self.target = folder / ("in." + kind), folder / "out.json"
        try:
            source.write_bytes(data)
            # In its own folder: ms-toollib writes crash.log where it runs when it stops.
            self.process = subprocess.Popen(
                child_command(kind, source, self.target), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, env=_child_environment(), cwd=folder,
                creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),  # Windows: no console flashes up
            )
        except OSError as error:
            self.folder.cleanup()
            raise ReplayError(f"ms-toollib could not be started on it ({error.strerror or error})") from None

    def poll(self) -> dict | None:
        """What the child wrote (see file_steps) once it is done, None
        while it works; a ReplayError when it failed (or took too long)."""
        code = self.process.poll()
        if code is None:
            if time.monotonic() < self.deadline:
                return None
            self.cancel()
            raise ReplayError(f"ms-toollib took more than {self.time_limit:.0f} seconds over it")
        try:
            if code != 0:
                raise ReplayError(f"ms-toollib cannot read it as an {self.kind.upper()} file (it stopped: exit status {code})")
            return _read_json(self.target)
        finally:
            self.folder.cleanup()

    def cancel(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.folder.cleanup()


def read_foreign(data: bytes, kind: str, time_limit: float = TIME_LIMIT) -> Recording:
    """Read a file and wait for it (for tests and tools, never the frame loop)."""
    pending = PendingRead(data, kind, time_limit)
    while True:
        written = pending.poll()
        if written is not None:
            return finish(recording_steps(*file_of_json(written, kind)))
        time.sleep(0.01)


def _read_json(path: Path) -> dict:
    try:
        return json.loads(plainfiles.read(path, MAX_JSON_BYTES))
    except (OSError, ValueError) as error:
        raise ReplayError(f"ms-toollib's reading of it cannot be used ({error})") from None


def file_of_json(data: dict, kind: str) -> Read:
    """The header, mines and mouse events of what the child wrote; anything
    out of place is a ReplayError."""
    return finish(file_steps(data, kind))


def file_steps(data: dict, kind: str) -> Steps[Read]:
    """:func:`file_of_json` a slice at a time (see slices.py)."""
    what = f"ms-toollib's reading of this {kind.upper()} file is not what was expected"
    try:
        header = FileHeader(
            version=0, summary=0, settings=0, rows=int(data["rows"]), columns=int(data["columns"]),
            cell_px=int(data["cell_px"]), mode=int(data["mode"]), time_ms=int(data["time_ms"]),
            start_us=max(0, int(data["start_us"])), software=str(data["software"]), player=str(data["player"]),
        )
        mines = frozenset(int(c) for c in data["mines"])
        events = data["events"]
        if not isinstance(events, list):
            raise TypeError("its events are not a list")
    except (KeyError, TypeError, ValueError) as error:
        raise ReplayError(f"{what} ({error})") from None
    cells = header.rows * header.columns
    if kind == "mvf" and cells == 0:  # what ms-toollib makes of an MVF version it does not read
        raise ReplayError(MVF_LIMIT)
    if not (0 < header.rows <= 255 and 0 < header.columns <= 255 and 0 < header.cell_px <= 255):
        raise ReplayError(f"the {kind.upper()} file gives an impossible board ({header.columns}x{header.rows})")
    if not events or not 0 < len(mines) < cells or any(not 0 <= c < cells for c in mines):
        raise ReplayError(f"the {kind.upper()} file has no events, or {len(mines)} mines on {cells} squares")
    if len(events) > MAX_EVENTS:
        raise ReplayError(TOO_MANY_EVENTS)
    mouse = []
    for start in range(0, len(events), SLICE):
        yield
        try:
            mouse += [MouseEvent(int(t), Mouse(name), int(x), int(y)) for t, name, x, y in events[start : start + SLICE]]
        except (TypeError, ValueError) as error:
            raise ReplayError(f"{what} ({error})") from None
    return header, mines, tuple(mouse)

"""What the file requester lists (pure Python: no pyxel here): a drawer's
entries read a slice at a time, so a folder of a million names never stops
the frame loop, the volumes of this system, and the check that a chosen name
is a plain file.

Only plain files and drawers (folders) are ever listed, by the rules every
file named from outside follows (amigasweeper/plainfiles.py): named pipes,
devices, sockets and the files of /proc and /sys (``/proc/kmsg`` is a
"regular" file whose reading waits forever and drains the kernel's log) are
left out, because opening one can block the program or read from hardware.
A link is judged by what it points to; a dangling one is left out too.
Names starting with a dot are hidden, as desktops hide them, and so are
Workbench icons (names ending in .info), as 3.1's ASL hides them for a
program that asks (ASLFR_RejectIcons, which its autodoc says "should
normally be set"): the one place is ``hidden``.
"""

from __future__ import annotations

import bisect
import os
import stat
import string
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Protocol

from amigasweeper import plainfiles

MOST_ENTRIES = 10_000  # listed at most from one drawer; the requester says when there are more
STEP_SECONDS = 0.004  # reading time a frame may spend (a 60 fps frame is 16.7 ms)
STEP_ENTRIES = 400  # and names a frame may read, whatever the clock says
FILTER_STEP = 2_000  # entries a frame judges against a new pattern (a few ms for the biggest list)


class EntryKind(IntEnum):
    """What a listed entry is; the order is the list's: volumes, drawers, files."""

    VOLUME = 0
    DRAWER = 1
    FILE = 2


@dataclass(frozen=True)
class Entry:
    name: str
    kind: EntryKind
    path: Path
    size: int | None = None  # a file's size in bytes, when it could be read
    key: tuple[int, str, str] = field(init=False, repr=False, compare=False)  # where it sorts, made once

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", (self.kind, self.name.casefold(), self.name))

    def sort_key(self) -> tuple[int, str, str]:
        return self.key


ICON_SUFFIX = ".info"  # a Workbench icon: AmigaDOS names are not case-sensitive


def hidden(name: str) -> bool:
    """Whether a drawer's entry stays out of the list: dot names and icons."""
    return name.startswith(".") or name.casefold().endswith(ICON_SUFFIX)


def describe_error(error: OSError, path: Path) -> str:
    """An OSError in the words the requester shows."""
    name = path.name or str(path)
    if isinstance(error, PermissionError):
        return f"{name}: you may not read this drawer"
    if isinstance(error, FileNotFoundError):
        return f"{name}: no such drawer"
    if isinstance(error, NotADirectoryError):
        return f"{name} is not a drawer"
    return f"{name}: cannot be read ({error.strerror or 'error'})"


class DrawerScan(Protocol):
    """A drawer being read (what os.scandir gives): entries one at a time, closed when done with."""

    def __next__(self) -> os.DirEntry[str]: ...

    def close(self) -> None: ...


@dataclass
class DrawerReader:
    """Reads one drawer a slice at a time. ``entries`` stays sorted (drawers
    first, then files, case ignored) as names arrive; ``problem`` says in words
    why the drawer could not be read; ``more`` is True when the drawer held
    more than ``most`` entries and the rest were not read."""

    folder: Path
    most: int = MOST_ENTRIES
    entries: list[Entry] = field(default_factory=list)
    problem: str = ""
    done: bool = False
    more: bool = False
    clock: Callable[[], float] = time.perf_counter
    _scan: DrawerScan | None = None

    def step(self, seconds: float = STEP_SECONDS, count: int = STEP_ENTRIES) -> list[Entry]:
        """Read on for about ``seconds`` (and at most ``count`` names, and at
        least one, so a loaded machine still gets through); the entries
        added, each already in its place in ``entries``."""
        if self.done:
            return []
        added: list[Entry] = []
        try:
            if self._scan is None:
                self._scan = os.scandir(self.folder)
            deadline = self.clock() + seconds
            while len(added) < count:
                item = next(self._scan, None)
                if item is None:
                    self._finish()
                    break
                entry = self._entry(item)
                if entry is not None and len(self.entries) >= self.most:
                    self.more = True
                    self._finish()
                    break
                if entry is not None:
                    bisect.insort(self.entries, entry, key=Entry.sort_key)
                    added.append(entry)
                if self.clock() > deadline:
                    break
        except OSError as error:
            self.problem = describe_error(error, self.folder)
            self._finish()
        return added

    def read_all(self) -> list[Entry]:
        """Everything at once (for tests and small drawers)."""
        while not self.done:
            self.step(seconds=1.0, count=self.most + 1)
        return self.entries

    def close(self) -> None:
        """Stop reading (the requester moved elsewhere or closed)."""
        self._finish()

    def _finish(self) -> None:
        self.done = True
        scan, self._scan = self._scan, None
        if scan is not None:
            scan.close()

    def _entry(self, item: os.DirEntry[str]) -> Entry | None:
        """A listed entry for a regular file or a drawer; None for anything else."""
        if hidden(item.name):
            return None
        path = self.folder / item.name
        try:
            if item.is_dir():
                return Entry(item.name, EntryKind.DRAWER, path)
            info = item.stat()  # what a link points to
        except OSError:
            return None  # gone while listed, or a link to nowhere: not listed
        return Entry(item.name, EntryKind.FILE, path, info.st_size) if plainfiles.kind_problem(info) is None else None


# ---------------------------------------------------------------- volumes
def volumes(extra: Iterable[Path] = (), platform: str = sys.platform,
            drives: Callable[[], list[str]] | None = None) -> list[Entry]:
    """The requester's Volumes list, each named as AmigaDOS names a volume,
    with its colon: on Windows the drive letters (C:); elsewhere Root: and
    Home:; then the caller's folders (a guide's own, say) by their names,
    a number added to a name already taken. The Drawer gadget writes its
    folder in these names (amigapaths.py)."""
    if platform.startswith("win"):
        found = [Entry(d.rstrip("\\/"), EntryKind.VOLUME, Path(d)) for d in (drives or windows_drives)()]
    else:
        found = [Entry("Root:", EntryKind.VOLUME, Path("/"))]
        try:
            found.append(Entry("Home:", EntryKind.VOLUME, Path.home()))
        except RuntimeError:  # no home folder known (no HOME set): root and the caller's only
            pass
    seen = {entry.path for entry in found}
    for folder in extra:
        if folder not in seen:
            found.append(Entry(_free_name(folder.name or "Place", found), EntryKind.VOLUME, folder))
            seen.add(folder)
    return found


def _free_name(name: str, taken: list[Entry]) -> str:
    """``name:``, or ``name_2:`` and so on when a volume has that name (case ignored)."""
    names = {entry.name.casefold() for entry in taken}
    name = name.replace(":", "_")  # a colon ends a volume's name in a path
    candidate, number = f"{name}:", 1
    while candidate.casefold() in names:
        number += 1
        candidate = f"{name}_{number}:"
    return candidate


def windows_drives() -> list[str]:
    """The drive letters in use, as C:\\ (os.listdrives where Python has it)."""
    listdrives = getattr(os, "listdrives", None)
    if listdrives is not None:
        return list(listdrives())
    if sys.platform != "win32":
        return []  # drive letters are Windows's
    import ctypes  # only on Windows before Python 3.12

    mask = ctypes.windll.kernel32.GetLogicalDrives()
    return [f"{letter}:\\" for i, letter in enumerate(string.ascii_uppercase) if mask >> i & 1]


# ------------------------------------------------------------ plain files
def plain_file_problem(path: Path) -> str:
    """"" when ``path`` is a plain file (a link to one counts), else why not,
    in words. Checked again when a name is chosen, whatever the list showed;
    the program that reads it then applies its own size limit."""
    name = plainfiles.shown(path.name)
    try:
        info = os.stat(path)
    except (OSError, ValueError):  # ValueError: a NUL in the name
        return f"No file called {name} here"
    if stat.S_ISDIR(info.st_mode):
        return f"{name} is a drawer"
    kind = plainfiles.kind_problem(info)
    return f"{name} is {kind}: never opened" if kind else ""

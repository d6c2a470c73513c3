"""What an icon's Information window says, found out on this system (no
pyxel here). Workbench 3.1's Information window shows, for every icon, its
name and kind, its image, its size and when it last changed; for a tool its
stack, comment, tool types and protection bits; for a disk its blocks used,
free and in all, their size, and whether it can be written to (the AmigaOS
manual's "Icon Menu - Information" and The AmigaDOS 2 Companion's account
of the window).

Here each field holds what is true of the thing the icon stands for:

- MineSweeper (a Tool) is this program: its own files (the package, in
  blocks of 512 bytes as AmigaDOS counts them), the newest of their dates,
  its version, the stack its main thread may grow to (the system's
  RLIMIT_STACK, where the system says it), the options it was started with
  as its Tool Types, and what this user may do with its files.
- Workbench (a Volume) is the disk the program lives on, Ram Disk the one
  the system keeps its temporary files on (a disk in memory on many
  systems): blocks and their size from statvfs, or disk_usage where there
  is none.

Nothing from outside is trusted: any question the system does not answer
leaves its field "not known"; names and options are shown as printable text.
"""

from __future__ import annotations

import math
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from amigasweeper import resources

UNKNOWN = "not known"
BLOCK = 512  # bytes in an AmigaDOS block, as the Information window counts a file
MOST_FILES = 5000  # the program's files counted at most (a damaged install could hold anything)
COMMENT = "MineSweeper 2.4, recreated"


class IconKind(str, Enum):
    """The icon types of Workbench's Information window (WBTOOL, WBDISK)."""

    TOOL = "Tool"
    VOLUME = "Volume"


@dataclass(frozen=True)
class Protection:
    """A file's protection bits as 3.1 shows them (Script, Archived, Readable,
    Writable, Executable, Deletable)."""

    script: bool = False
    archived: bool = False
    readable: bool = False
    writable: bool = False
    executable: bool = False
    deletable: bool = False

    def named(self) -> list[tuple[str, bool]]:
        return [("Script", self.script), ("Archived", self.archived), ("Readable", self.readable),
                ("Writable", self.writable), ("Executable", self.executable), ("Deletable", self.deletable)]


@dataclass(frozen=True)
class Facts:
    """The fields of one Information window, as text ready to show."""

    title: str  # the icon's path, as the window's title
    name: str
    kind: IconKind
    rows: list[tuple[str, str]]  # (label, value), in the window's order
    comment: str = ""
    tool_types: list[str] = field(default_factory=list)
    protection: Protection | None = None  # a tool's; a volume has none


def amiga_date(seconds: float | None) -> str:
    """A date as AmigaDOS writes one: 27-Nov-26 14:27:25."""
    if seconds is None:
        return UNKNOWN
    return time.strftime("%d-%b-%y %H:%M:%S", time.localtime(seconds))


def grouped(number: int | None) -> str:
    return UNKNOWN if number is None else f"{number:,}"


def printable(text: str, most: int = 60) -> str:
    """Text from outside made safe to show: printable characters, not too long."""
    shown = "".join(ch if ch.isprintable() else "?" for ch in text)
    return shown if len(shown) <= most else shown[: most - 3] + "..."


# ------------------------------------------------------------------ tools
@dataclass(frozen=True)
class FilesSize:
    bytes: int
    blocks: int
    newest: float | None


def files_size(folder: Path) -> FilesSize | None:
    """The files in a folder and below (not compiled caches), or None if it
    cannot be read; at most MOST_FILES files are counted."""
    total = blocks = 0
    newest: float | None = None
    try:
        for counted, path in enumerate(_files(folder)):
            if counted >= MOST_FILES:
                break
            stat = path.stat()
            total += stat.st_size
            blocks += max(1, math.ceil(stat.st_size / BLOCK))
            newest = stat.st_mtime if newest is None else max(newest, stat.st_mtime)
    except OSError:
        return None
    return FilesSize(total, blocks, newest)


def _files(folder: Path) -> Iterable[Path]:
    for path in sorted(folder.rglob("*")):
        if "__pycache__" not in path.parts and path.is_file() and not path.is_symlink():
            yield path


def stack_size() -> int | None:
    """The stack the main thread may grow to, in bytes (None: the system does
    not say, or sets no limit)."""
    if sys.platform in ("win32", "emscripten"):
        return None  # no POSIX resource module (a browser page would fetch one from its host)
    else:
        import resource

        try:
            soft, _hard = resource.getrlimit(resource.RLIMIT_STACK)
        except (OSError, ValueError):
            return None
        return None if soft == resource.RLIM_INFINITY or soft < 0 else soft


def protection_of(folder: Path) -> Protection:
    """What this user may do with the program's files."""
    try:
        first = folder / "__init__.py"
        return Protection(readable=os.access(first, os.R_OK), writable=os.access(first, os.W_OK),
                          executable=os.access(first, os.R_OK), deletable=os.access(folder, os.W_OK))
    except OSError:
        return Protection()


def tool_facts(tool_types: list[str], folder: Path = resources.PACKAGE_DIR) -> Facts:
    size = files_size(folder)
    stack = stack_size()
    rows = [
        ("Blocks", grouped(size.blocks if size else None)),
        ("Bytes", grouped(size.bytes if size else None)),
        ("Stack", grouped(stack) if stack is not None else UNKNOWN),
        ("Last Changed", amiga_date(size.newest if size else None)),
    ]
    return Facts("Workbench:MineSweeper", "MineSweeper", IconKind.TOOL, rows, COMMENT,
                 [printable(t, 40) for t in tool_types], protection_of(folder))


# ---------------------------------------------------------------- volumes
@dataclass(frozen=True)
class VolumeSize:
    block_size: int
    blocks: int
    free: int


def volume_size(folder: Path) -> VolumeSize | None:
    """The disk a folder is on, in its own blocks (statvfs), else in 512-byte
    ones (disk_usage); None if the system does not say."""
    try:
        info = os.statvfs(folder)
        unit = info.f_frsize or info.f_bsize
        if unit > 0:
            return VolumeSize(unit, info.f_blocks, info.f_bavail)
    except (AttributeError, OSError):
        pass
    try:
        usage = shutil.disk_usage(folder)
    except OSError:
        return None
    return VolumeSize(BLOCK, usage.total // BLOCK, usage.free // BLOCK)


def volume_facts(name: str, folder: Path) -> Facts:
    size = volume_size(folder)
    try:
        changed: float | None = folder.stat().st_mtime
        writable = os.access(folder, os.W_OK)
    except OSError:
        changed, writable = None, None
    rows = [
        ("Blocks", grouped(size.blocks if size else None)),
        ("Used", grouped(size.blocks - size.free if size else None)),
        ("Free", grouped(size.free if size else None)),
        ("Block Size", grouped(size.block_size if size else None)),
        ("Volume is", UNKNOWN if writable is None else ("Read/Write" if writable else "Read Only")),
        ("Last Changed", amiga_date(changed)),
    ]
    return Facts(f"{name}:", name, IconKind.VOLUME, rows)


def temporary_folder() -> Path:
    """The folder the system keeps temporary files in. In a browser every
    file of the page is held in memory: the Ram Disk is the program's own."""
    if sys.platform == "emscripten":
        return resources.PACKAGE_DIR.parent
    return Path(tempfile.gettempdir())


# What each icon stands for here.
VOLUMES: dict[str, Callable[[], Path]] = {
    "Workbench": lambda: resources.PACKAGE_DIR.parent,
    "Ram Disk": temporary_folder,
}

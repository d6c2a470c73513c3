"""A folder of this system written as AmigaDOS writes one, and back: the
file requester's Drawer gadget shows ``Volume:drawer/drawer``, the volume
named as its Volumes list names it (drawers.volumes), as 3.1's ASL shows
``Work:Games/Mines``. Pure Python: no pyxel here.

A folder belongs to the volume whose folder holds it most closely (a place
the caller added, say the guide's own folder, before the home folder, before
the root), as an assign such as LIBS: names a drawer inside a disk. What the
player types back may be in the same terms, AmigaDOS's rules (an empty part,
as in ``Work:Games//Tools`` or a leading ``/``, is the parent drawer), or a
path of this system (``/usr/share``, ``~/Games``, ``C:\\Games``), which is
taken as it is.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from .drawers import Entry

SEPARATOR = "/"  # AmigaDOS's, on every system


def _name(entry: Entry) -> str:
    """A volume's name without its colon, as the list shows it with one."""
    return entry.name[:-1] if entry.name.endswith(":") else entry.name


class VolumeMap:
    """The requester's volumes, for writing and reading Amiga paths."""

    def __init__(self, volumes: Sequence[Entry]) -> None:
        # Deepest folder first: the first volume that holds a folder is the closest one.
        self.volumes = sorted(volumes, key=lambda entry: len(entry.path.parts), reverse=True)

    def amiga_path(self, folder: Path) -> str:
        """``Volume:drawer/drawer`` for a folder, or the path as this system
        writes it when no volume holds it (a network share, say)."""
        for entry in self.volumes:
            try:
                inside = folder.relative_to(entry.path)
            except ValueError:
                continue
            return f"{_name(entry)}:{SEPARATOR.join(inside.parts)}"
        return str(folder)

    def volume_named(self, name: str) -> Entry | None:
        """The volume of that name; case does not matter, as in AmigaDOS."""
        wanted = name.casefold()
        return next((e for e in self.volumes if _name(e).casefold() == wanted), None)

    def host_path(self, typed: str, current: Path) -> Path | str:
        """The folder a typed Drawer means, seen from ``current``; a problem
        in words (a str) when it names a volume that is not there."""
        text = typed.strip()
        if _is_host_path(text):
            return Path(os.path.abspath(expand(Path(text))))
        volume, colon, rest = text.partition(":")
        if colon and SEPARATOR not in volume:
            entry = self.volume_named(volume)
            if entry is None:
                return f"No volume called {volume}" if volume else "A volume's name goes before the colon"
            return _walk(entry.path, rest)
        return _walk(current, text)


def _is_host_path(text: str) -> bool:
    """A path the way this system writes it: absolute, from a home folder
    (~), or (Windows) with a drive and a backslash."""
    return text.startswith("~") or (os.sep == "\\" and "\\" in text) or Path(text).is_absolute()


def _walk(start: Path, rest: str) -> Path:
    """AmigaDOS's walk: each part a drawer inside, an empty part the parent."""
    folder = start
    parts = rest.split(SEPARATOR)
    if parts and parts[-1] == "":
        parts.pop()  # "Games/" is Games
    for part in parts:
        folder = folder.parent if part == "" else folder / part
    return folder


def expand(path: Path) -> Path:
    """~ and ~user as the home folder; the path as typed when there is none."""
    try:
        return path.expanduser()
    except RuntimeError:  # no home folder to be found (no HOME, an unknown user)
        return path

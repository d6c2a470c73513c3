"""Amiga paths, as links in guides write them, found on the host.

A link such as ``@{"More" link /Docs/Other.guide/Main}`` names another file
by an Amiga path, relative to the folder of the guide that holds the link:

* ``/`` separates folders, and an empty part means the parent folder: a
  leading ``/`` is the parent (never the host's root), ``//`` the parent of
  the parent, ``a//b`` is ``b`` beside ``a``;
* ``NAME:`` at the start is a volume or assign (``HELP:``, ``SYS:``), which
  this computer does not have: the rest of the path is looked for in the
  guide's folder, then the file name alone;
* names are not case-sensitive, as on the Amiga's file systems.

A path that leads out of the folder tree the reader opened is reported as
``outside``: a viewer opens it only when the reader says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

# Parts that mean something to the host's file system but are only odd
# names on the Amiga: no Amiga guide can rely on them, so none is followed.
_HOST_ONLY = {".", ".."}


@dataclass(frozen=True)
class Resolved:
    """The host file an Amiga path leads to (``path`` None when there is none)."""

    path: Path | None
    outside: bool = False
    reason: str = ""


def amiga_parts(amiga: str) -> tuple[str | None, list[str | None]]:
    """``(volume, parts)`` of an Amiga path; a part of None is the parent folder."""
    volume = None
    if ":" in amiga:
        volume, amiga = amiga.split(":", 1)
    if not amiga:
        return volume, []
    pieces = amiga.split("/")
    if len(pieces) > 1 and pieces[-1] == "":
        pieces.pop()  # "Docs/" is the folder Docs
    return volume, [piece or None for piece in pieces]


def resolve(amiga: str, folder: str | Path, root: str | Path | None = None) -> Resolved:
    """The host file that ``amiga`` (a file part of a link) names, from ``folder``.

    ``root`` is the top of the tree the reader opened (``folder`` itself
    when not given); a file found outside it comes back with ``outside``.
    """
    folder = Path(folder)
    root = Path(root) if root is not None else folder
    volume, parts = amiga_parts(amiga.strip())
    if not parts or any(part is not None and (part in _HOST_ONLY or "\\" in part) for part in parts):
        return Resolved(None, reason=f"'{amiga}' is not a file name")
    if volume is not None:
        names = [part for part in parts if part is not None]
        tries = [names, names[-1:]] if names else []
        for attempt in tries:
            found = _walk(folder, attempt)
            if found is not None:
                return _judged(found, root)
        return Resolved(None, reason=f"{volume}: is an Amiga volume; {amiga} is not beside the guide either")
    found = _walk(folder, parts)
    if found is None:
        return Resolved(None, reason=f"{amiga} is not found")
    return _judged(found, root)


def _judged(found: Path, root: Path) -> Resolved:
    try:
        inside = found.resolve().is_relative_to(root.resolve())
    except OSError:
        inside = False
    return Resolved(found, outside=not inside)


def _walk(folder: Path, parts: list[str | None]) -> Path | None:
    """Follow ``parts`` from ``folder``; the file at the end, or None."""
    current = folder
    for part in parts:
        if part is None:
            current = current.parent
            continue
        step = _entry(current, part)
        if step is None:
            return None
        current = step
    return current if current.is_file() else None


def _entry(folder: Path, name: str) -> Path | None:
    """``name`` in ``folder``, matched without regard to case as AmigaDOS does."""
    exact = folder / name
    try:
        if exact.exists():
            return exact
        wanted = name.lower()
        for entry in folder.iterdir():
            if entry.name.lower() == wanted:
                return entry
    except OSError:
        return None
    return None


def unreadable(path: Path) -> str | None:
    """Why a path given as a guide cannot be read as one (None if it can):
    the words end a sentence that starts with the path."""
    if not path.exists():
        return "does not exist"
    if path.is_dir():
        return "is a folder, not a guide file"
    if not path.is_file():
        return "is not a plain file (a device or a pipe?)"
    return None

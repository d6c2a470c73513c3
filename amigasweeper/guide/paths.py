"""Where a guide may reach: the one place for the rules every reader follows.

A guide names other files by Amiga paths: links (``@{"More" link
Docs/Other.guide/Main}``), the ``@toc``/``@index``/``@help``/``@next``/
``@prev`` of a page, and (for viewers) pictures and ``@embed``. Macros only
make more of these, so they follow the same rules. The rules:

* **The folder.** A guide may reach the folder of the guide the reader
  opened and its subfolders (a :class:`GuideFolder`). A path that leaves it
  - by ``/`` (the parent folder), ``..``, a volume or assign (``HELP:``,
  ``SYS:``) or a symbolic link - is ``outside``: a viewer opens it only when
  the reader clicks Open in a warning that shows the host path it resolves
  to (:attr:`Resolved.shown`), and ``--check`` never opens it at all. Nothing
  outside the folder is listed or opened while a path is resolved.
* **Plain files only.** Never a folder, named pipe, device, socket or file
  of /proc or /sys (see :mod:`amigasweeper.plainfiles`): nothing read can
  block or be endless.
* **A size limit.** At most :data:`GUIDE_LIMIT` bytes of a guide are read
  (:data:`PICTURE_LIMIT` of a picture); a bigger file is refused with a
  message saying so.

Amiga path syntax, found on the host:

* ``/`` separates folders, and an empty part means the parent folder: a
  leading ``/`` is the parent (never the host's root), ``//`` the parent of
  the parent, ``a//b`` is ``b`` beside ``a``; ``..`` is the parent too (as
  on the host) and ``.`` the folder itself;
* ``NAME:`` at the start is a volume or assign, which this computer does
  not have: the rest of the path is looked for from the guide's folder, then
  the file name alone;
* names are not case-sensitive, as on the Amiga's file systems, and a name
  written in the guide's Latin-1 finds a host file named in Latin-1 bytes.

Typical use::

    tree = GuideFolder(opened_guide.parent)
    found = tree.resolve("Docs/Other.guide", folder_of_the_linking_guide)
    if found.path is None: say(found.reason)
    elif found.outside: ask(found.shown) and then read_guide(found.path)
    else: data = tree.read(found.path)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from amigasweeper import plainfiles
from amigasweeper.plainfiles import NotPlainFile, shown

GUIDE_LIMIT = 64 << 20  # bytes: the biggest guides the viewer is measured with are 50 MB
PICTURE_LIMIT = 4 << 20  # bytes: an Amiga picture is tens of kilobytes

__all__ = [
    "GUIDE_LIMIT", "PICTURE_LIMIT", "GuideFolder", "LeavesFolder", "Resolved", "amiga_parts", "read_guide", "resolve",
    "unreadable"
]


class LeavesFolder(NotPlainFile):
    """A file outside the guide's folder, read only when the reader said so."""


@dataclass(frozen=True)
class Resolved:
    """The host file an Amiga path leads to, links followed.

    ``path`` is None when there is none inside the folder (``reason`` says
    why). For a path that leaves the folder, ``outside`` is set and ``path``
    is where it leads; ``reason`` is then non-empty when that cannot be read
    either (missing, not a plain file, too big). ``words`` is the reason
    without the host path ("is a named pipe, not a plain file"), for a
    message that names the file as the link does."""

    path: Path | None
    outside: bool = False
    reason: str = ""
    words: str = ""

    @property
    def shown(self) -> str:
        """The host path, readable whatever its encoding ("" for none)."""
        return shown(self.path) if self.path is not None else ""


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


class GuideFolder:
    """The folder of the guide the reader opened, and its subfolders."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = plainfiles.real(root)

    def contains(self, path: str | os.PathLike[str]) -> bool:
        """Whether ``path``, links followed, is in the folder or below it."""
        try:
            return plainfiles.real(path).is_relative_to(self.root)
        except (OSError, ValueError):
            return False

    def resolve(self, amiga: str, folder: str | os.PathLike[str], limit: int = GUIDE_LIMIT) -> Resolved:
        """The host file that ``amiga`` (the file part of a link) names, from
        ``folder`` (the folder of the guide that holds the link)."""
        volume, parts = amiga_parts(amiga.strip())
        if not parts or any(part is not None and ("\\" in part or "\0" in part) for part in parts):
            return Resolved(None, reason=f"'{amiga}' is not a file name", words="is not a file name")
        tries: list[Sequence[str | None]] = [parts]
        if volume is not None:
            names = [part for part in parts if part is not None]
            tries = [names, names[-1:]] if names else []
        for attempt in tries:
            found = self._walk(Path(folder), attempt)
            if found is not None:
                return self._judged(found, limit)
        if volume is not None:
            return Resolved(None, reason=f"{volume}: is an Amiga volume; {amiga} is not beside the guide either",
                            words="is on an Amiga volume and not beside the guide")
        return Resolved(None, reason=f"{amiga} is not found", words="is not found")

    def read(self, path: str | os.PathLike[str], limit: int = GUIDE_LIMIT) -> bytes:
        """The bytes of a plain file in the folder: :class:`LeavesFolder` for
        one outside it, :class:`NotPlainFile` for one that is not read."""
        if not self.contains(path):
            raise LeavesFolder(f"{shown(path)} is outside the guide's folder {shown(self.root)}")
        return plainfiles.read(path, limit)

    # -- finding ------------------------------------------------------------

    def _walk(self, folder: Path, parts: Sequence[str | None]) -> Path | None:
        """Follow ``parts`` from ``folder``: the real path at the end (None when
        a name is not found inside the folder). Outside it, names are taken as
        written and nothing is listed."""
        current = plainfiles.real(folder)
        for part in parts:
            if part is None or part == "..":
                current = current.parent
            elif part == ".":
                continue
            elif not current.is_relative_to(self.root):
                current = _as_written(current, part)
            else:
                step = _entry(current, part)
                if step is None:
                    return None
                current = plainfiles.real(step)
        return plainfiles.real(current)

    def _judged(self, found: Path, limit: int) -> Resolved:
        why = plainfiles.why_not(found, limit) or ""
        reason = f"{shown(found)} {why}" if why else ""
        if not found.is_relative_to(self.root):
            return Resolved(found, outside=True, reason=reason, words=why)
        if why:
            return Resolved(None, reason=reason, words=why)
        return Resolved(found)


def _entry(folder: Path, name: str) -> Path | None:
    """``name`` in ``folder``, matched without regard to case as AmigaDOS
    does; a Latin-1 name also matches a host name made of the same bytes."""
    exact = folder / name
    try:
        if os.path.lexists(exact):
            return exact
        wanted = {name.lower()}
        try:
            wanted.add(os.fsdecode(name.encode("latin-1")).lower())
        except UnicodeEncodeError:
            pass
        for entry in folder.iterdir():
            if entry.name.lower() in wanted:
                return entry
    except (OSError, ValueError):
        return None
    return None


def _as_written(folder: Path, name: str) -> Path:
    """``name`` in a folder outside the guide's, which is never listed: as
    written, or (if only that exists) made of the same Latin-1 bytes."""
    written = folder / name
    try:
        latin = folder / os.fsdecode(name.encode("latin-1"))
    except (UnicodeEncodeError, ValueError):
        return written
    return latin if not os.path.lexists(written) and os.path.lexists(latin) else written


def resolve(amiga: str, folder: str | os.PathLike[str], root: str | os.PathLike[str] | None = None) -> Resolved:
    """``GuideFolder(root).resolve(amiga, folder)``; ``root`` is ``folder`` when not given."""
    return GuideFolder(root if root is not None else folder).resolve(amiga, folder)


def read_guide(path: str | os.PathLike[str], limit: int = GUIDE_LIMIT) -> bytes:
    """The bytes of a guide the reader chose (the one opened, or one outside
    the folder the reader said yes to): a plain file, at most ``limit`` bytes."""
    return plainfiles.read(path, limit)


def unreadable(path: str | os.PathLike[str], limit: int = GUIDE_LIMIT) -> str | None:
    """Why a path given as a guide would not be read (None if it would):
    a sentence that starts with the path. Nothing is opened."""
    return plainfiles.problem(path, limit)

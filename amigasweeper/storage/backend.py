"""What every back end offers: a place for small named documents.

A back end stores bytes under a name; it knows nothing of their meaning. The
three back ends are files in a folder (:mod:`.file_backend`), the browser's
localStorage (:mod:`.browser_backend`) and memory (:mod:`.memory_backend`).
"""

from __future__ import annotations

import contextlib
import datetime
from collections.abc import Iterable, Iterator
from typing import ContextManager, Protocol


class Backend(Protocol):
    """Storage for small named documents. Every method raises OSError on failure."""

    def read(self, name: str) -> bytes | None:
        """The document's bytes, or None if there is none."""

    def write(self, name: str, data: bytes) -> None:
        """Replace the document as a whole: afterwards it is the old or the new
        bytes, never a mixture."""

    def set_aside(self, name: str) -> str:
        """Move the document to a new, unused name (returned); never overwrite."""

    def label(self, name: str) -> str:
        """The document's name as the player sees it (file name, storage key)."""

    def lock(self, create: bool = True, timeout: float | None = None) -> ContextManager[None]:
        """Keep other copies of the program from writing until the block ends.
        ``create``: make the place (folder) if there is none yet. ``timeout``:
        seconds to wait for another copy (None: the back end's own; 0: not
        at all), after which LockTimeout (an OSError) is raised."""

    def check(self) -> str | None:
        """Why the place cannot be used at all, as the end of a sentence that
        starts "The data folder" (the player is told), or None."""

    def tidy(self, names: Iterable[str]) -> None:
        """Remove what interrupted saves of these documents left behind.
        Called with the lock held, so no save of another copy is under way."""

    def changed(self, name: str) -> bool:
        """Whether another copy may have written the document since we last
        read or wrote it."""


class BaseBackend:
    """Defaults for a back end only this program uses: nothing to lock,
    check, tidy or notice."""

    def label(self, name: str) -> str:
        return name

    def lock(self, create: bool = True, timeout: float | None = None) -> ContextManager[None]:
        return contextlib.nullcontext()

    def check(self) -> str | None:
        return None

    def tidy(self, names: Iterable[str]) -> None:
        return None

    def changed(self, name: str) -> bool:
        return False


def aside_names(name: str, now: datetime.datetime) -> Iterator[str]:
    """Candidate names for a document set aside, first the plainest."""
    base = f"{name}.damaged-{now:%Y%m%d-%H%M%S}"
    yield base
    number = 2
    while True:
        yield f"{base}-{number}"
        number += 1


def reason(error: OSError) -> str:
    """An OSError as a few words for the player."""
    return error.strerror or str(error) or type(error).__name__

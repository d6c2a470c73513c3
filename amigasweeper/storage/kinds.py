"""The two documents the store keeps (settings, best times), how one is
read and judged, and the sentences the player is told about them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .backend import Backend, reason
from .documents import Damaged, decode
from .settings_and_times import BestTimes, Settings

SETTINGS_FILE = "amigasweeper-settings.json"
BEST_TIMES_FILE = "amigasweeper-besttimes.json"
FAULTS_SHOWN = 3
IN_MEMORY = "settings and best times are kept only until the game is closed"


@dataclass(frozen=True)
class DocumentKind:
    """One document: its file name, and how it is named, parsed and made fresh."""

    name: str  # document name (file name)
    what: str  # for messages: "settings", "best times"
    fresh: str  # for messages: what replaces a damaged document
    parse: Callable[[Any], tuple[Any, list[str]]]
    default: Callable[[], Any]


SETTINGS = DocumentKind(
    SETTINGS_FILE, "settings", "the default settings are used", Settings.from_dict, Settings
)
BEST_TIMES = DocumentKind(
    BEST_TIMES_FILE, "best times", "fresh best times are used", BestTimes.from_dict, BestTimes
)
KINDS = (SETTINGS, BEST_TIMES)
NAMES = tuple(kind.name for kind in KINDS)


@dataclass
class Found:
    """One document as read: what can be used, and what is wrong with it."""

    value: Any  # the record (defaults where nothing could be used)
    raw: Any = None  # the decoded document, whose unknown keys a save keeps
    trouble: str | None = None  # why it must be set aside
    partial: bool = False  # only some values were bad
    newer: int | None = None  # the format version of the newer program that wrote it


def read_document(backend: Backend, kind: DocumentKind) -> Found:
    """One document as it is now in the backend. Never raises."""
    try:
        raw = backend.read(kind.name)
    except OSError as error:
        return Found(kind.default(), trouble=f"could not be read ({reason(error)})")
    if raw is None:
        return Found(kind.default())
    try:
        decoded = decode(raw)
    except Damaged as damage:
        return Found(kind.default(), trouble=f"was damaged ({damage})")
    value, faults = kind.parse(decoded.data)
    if decoded.newer:
        return Found(value, decoded.data, newer=decoded.version)
    if faults:
        trouble = f"had bad values ({summary(faults)})"
        return Found(value, decoded.data, trouble=trouble, partial=True)
    return Found(value, decoded.data)


def summary(faults: list[str]) -> str:
    shown = "; ".join(faults[:FAULTS_SHOWN])
    more = len(faults) - FAULTS_SHOWN
    return f"{shown}; and {more} more" if more > 0 else shown


def locked_out(kinds: list[DocumentKind]) -> str:
    what = " and the ".join(kind.what for kind in kinds)
    return (
        f"The {what} are not saved yet: another copy of AmigaSweeper is holding the data "
        "folder's lock (it may be stopped). The game goes on, keeps them, and saves them "
        "as soon as the lock is free."
    )


def not_saved(kinds: list[DocumentKind], reasons: list[str]) -> str:
    what = " and the ".join(kind.what for kind in kinds)
    why = "; ".join(dict.fromkeys(reasons))
    return (
        f"The {what} could not be saved ({why}); the game goes on and keeps "
        "them until it is closed."
    )

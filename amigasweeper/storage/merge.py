"""Merging our changes into what another copy of the program saved.

Several copies (two windows, two browser tabs) share one set of documents.
Each copy keeps its changes since its last save as *data*: the settings keys
it changed, and the best-time and Duel events it recorded. A save re-reads
the document (under the folder's lock on the desktop) and applies them to
what it finds, so nothing another copy saved in the meantime is lost:

* a best time is kept only if it beats the one on disk (the faster wins);
* Duel results are counted again on top of the disk's, so they add up;
* a reset forgets what is on disk too, as the player asked;
* a settings change writes only the keys this copy changed;
* keys this version does not know (from a newer version) are kept as found.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .settings_and_times import KIND_SECTION, SETTING_CHECKS, BestTime, BestTimes, Settings
from .time_kinds import kind_key

# -- best-time events ---------------------------------------------------------


@dataclass(frozen=True)
class RecordTime:
    level: str
    seconds: int
    name: str

    def apply(self, times: BestTimes) -> None:
        times.record(self.level, self.seconds, self.name)


@dataclass(frozen=True)
class RecordKindTime:
    key: str  # see time_kinds.py
    seconds: int
    name: str

    def apply(self, times: BestTimes) -> None:
        times.record_kind(self.key, self.seconds, self.name)


@dataclass(frozen=True)
class MoveEarlier:
    """An earlier version's time of a level, moved to its kind's row (key
    None: it stays, being of a square random game)."""

    level: str
    held: BestTime
    key: str | None

    def apply(self, times: BestTimes) -> None:
        times.move_earlier(self.level, self.held, self.key)


@dataclass(frozen=True)
class SortedEarlier:
    """The slots hold square random boards only from now on."""

    def apply(self, times: BestTimes) -> None:
        times.sorted_earlier = True


@dataclass(frozen=True)
class ResetTimes:
    def apply(self, times: BestTimes) -> None:
        times.reset()


@dataclass(frozen=True)
class ForgetCustom:
    def apply(self, times: BestTimes) -> None:
        times.forget_custom()


@dataclass(frozen=True)
class CountDuel:
    opponent: str
    result: str

    def apply(self, times: BestTimes) -> None:
        times.record_duel(self.opponent, self.result)


@dataclass(frozen=True)
class ResetDuels:
    def apply(self, times: BestTimes) -> None:
        times.reset_duels()


Event = RecordTime | RecordKindTime | MoveEarlier | SortedEarlier | ResetTimes | ForgetCustom | CountDuel | ResetDuels


def replay(base: BestTimes, events: list[Event]) -> BestTimes:
    """``base`` with the events applied, in order (``base`` is not changed)."""
    merged = base.copy()
    for event in events:
        event.apply(merged)
    return merged


# -- documents ------------------------------------------------------------------


def merge_settings(
    found: Settings, raw: Any, ours: Settings, changed: set[str]
) -> tuple[Settings, dict[str, Any]]:
    """The settings to save: ours, except the keys another copy saved (valid
    values in ``raw``) and we did not change since; and their document,
    keeping unknown keys of ``raw``. A key missing on disk (a deleted file)
    takes our value, not the default."""
    present = raw if isinstance(raw, dict) else {}
    theirs = {
        name: getattr(found, name)
        for name in SETTING_CHECKS
        if name in present and name not in changed and _valid(name, present[name])
    }
    merged = ours.with_values(theirs)
    return merged, _with_unknown(raw, merged.to_dict())


def _valid(name: str, value: Any) -> bool:
    try:
        SETTING_CHECKS[name](value)
    except ValueError:
        return False
    return True


def merge_best_times(
    found: BestTimes, raw: Any, events: list[Event]
) -> tuple[BestTimes, dict[str, Any]]:
    """The best times to save: ``found`` on disk with our events replayed;
    and their document, keeping what ``raw`` holds that this version does
    not know (other keys, other levels, other fields of an unchanged entry)."""
    merged = replay(found, events)
    document = merged.to_dict()
    for section in ("best_times", "duels", KIND_SECTION):
        if section not in document:  # no kinds yet: an earlier version's times, still to sort
            continue
        old = raw.get(section) if isinstance(raw, dict) else None
        old = old if isinstance(old, dict) else {}
        entries = {key: _entry(old.get(key), value) for key, value in document[section].items()}
        if section != "duels":  # levels or kinds of a newer version; a removed Duel stays removed
            entries.update({k: v for k, v in old.items() if k not in entries and not _ours(section, k)})
        document[section] = entries
    return merged, _with_unknown(raw, document)


def _ours(section: str, key: Any) -> bool:
    """A kind this version knows: one not in the merged times was reset, not left by a newer version."""
    if section != KIND_SECTION:
        return False
    try:
        kind_key(key)
    except ValueError:
        return False
    return True


def _with_unknown(old: Any, new: dict[str, Any]) -> dict[str, Any]:
    """``new``, plus the keys of ``old`` (if it is an object) ``new`` lacks."""
    if not isinstance(old, dict):
        return new
    return {**new, **{key: value for key, value in old.items() if key not in new}}


def _entry(old: Any, new: dict[str, Any]) -> dict[str, Any]:
    """An entry's unknown fields are kept while the entry is the same record."""
    if isinstance(old, dict) and all(old.get(key) == value for key, value in new.items()):
        return _with_unknown(old, new)
    return new



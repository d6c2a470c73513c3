"""The name of a game's replay file, made from its record: one function
(:func:`replay_file_name`) that the replays folder, the records and the
statistics all ask, so a record always finds its replay.

A name says when the game began, its level, its time and how it ended::

    2026-11-27_140322.123Z_beginner_12.345s_won.evf
    2026-11-27_141005.907Z_expert30x16_98.763s_lost.evf
    2026-11-27_141530.004Z_hex-custom9x7-12_40.100s_abandoned.asreplay

The date and time are UTC, to the millisecond, so the name is the same
wherever the computer is and sorts by age; the level is 2.4's (Beginner
8x8/10, Intermediate 16x16/40, Expert 32x16/99), the community's Expert
(30x16/99), else custom with its size and mines, after the shape for
hexagons and triangles. Replays saved before names said this were named by
the date in milliseconds alone (``1764250992123.evf``): those still open
(:func:`replay_names_of` gives both, newest form first).
"""

from __future__ import annotations

import calendar
import re
import time

from ..engine.levels import board_name

_DATED = re.compile(r"^(\d{4})-(\d{2})-(\d{2})_(\d{2})(\d{2})(\d{2})\.(\d{3})Z_")


def level_word(shape: str, width: int, height: int, mines: int) -> str:
    named = board_name(width, height, mines)
    level = named.word if named else f"custom{width}x{height}-{mines}"
    return level if shape == "square" else f"{shape}-{level}"


def date_text(date_ms: int) -> str:
    """``2026-11-27_140322.123Z``: a moment in UTC, to the millisecond (a
    date before 1970, which no game has, is written as 1970's first)."""
    seconds, millis = divmod(max(0, int(date_ms)), 1000)
    return time.strftime("%Y-%m-%d_%H%M%S", time.gmtime(seconds)) + f".{millis:03d}Z"


def _name(date_ms: int, level: str, time_ms: int, result: str, suffix: str) -> str:
    return f"{date_text(date_ms)}_{level}_{time_ms / 1000:.3f}s_{result}{suffix}"


def replay_file_name(record) -> str:
    """The replay file of a record (a KeptGame with a replay suffix)."""
    level = level_word(record.shape, record.width, record.height, record.mines)
    return _name(record.date_ms, level, record.time_ms, record.result, record.replay_suffix)


def name_for(recording, suffix: str) -> str:
    """The same name for a recording that has no record (Save As...)."""
    setup = recording.setup
    level = level_word(setup.shape.value, setup.width, setup.height, setup.mines)
    return _name(round(recording.started * 1000), level, recording.time_ms, recording.result.value, suffix)


def legacy_file_name(record) -> str:
    """The name replays had before: the date in milliseconds and the suffix."""
    return f"{record.date_ms}{record.replay_suffix}"


def replay_names_of(record) -> tuple[str, ...]:
    """Every name the record's replay may have, the current form first."""
    if not record.replay_suffix:
        return ()
    return replay_file_name(record), legacy_file_name(record)


def date_of_name(name: str) -> int:
    """When the game of a replay file began (ms since 1970, UTC), read from
    its name in either form; 0 for a name of neither form."""
    stem = name.split(".", 1)[0]
    if stem.isdigit():
        return int(stem)
    found = _DATED.match(name)
    if not found:
        return 0
    year, month, day, hour, minute, second, millis = map(int, found.groups())
    return calendar.timegm((year, month, day, hour, minute, second, 0, 0, 0)) * 1000 + millis

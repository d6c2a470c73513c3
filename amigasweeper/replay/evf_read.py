"""Reading the bytes of an EVF file, every version ms-toollib reads (0 to 4),
the way it reads them (base/src/videos/evf_video.rs, 1.5.20):

* versions 0 and 1, 2 and 3 (Metasweeper 3.1.9 to 3.2.0): the times and the
  country as text, each event with its whole time in three bytes; 2 adds a
  device identifier, 3 the settings byte;
* version 4 (Metasweeper 3.2.1 on): a fixed header, then each event as the
  change since the one before. Besides mouse events it may hold game-state
  events (81-99: a time step), board and metric events (100-254:
  ms-toollib reads their code alone and goes on), and pauses (255: a
  longer time step).

Every failure is a ReplayError with a sentence for the player.
"""

from __future__ import annotations

import itertools
import struct
from dataclasses import dataclass

from ..metrics.clicks import Mouse
from ..slices import SLICE, Steps
from .errors import ReplayError
from .events import MAX_EVENTS, TOO_MANY_EVENTS, MouseEvent
from .evf_header import Summary

MOUSE_CODES = {
    Mouse.MOVE: 1, Mouse.LEFT_DOWN: 2, Mouse.LEFT_UP: 3, Mouse.RIGHT_DOWN: 4,
    Mouse.RIGHT_UP: 5, Mouse.MIDDLE_DOWN: 6, Mouse.MIDDLE_UP: 7, Mouse.PRE_FLAG: 8,
    Mouse.CHORD_DOWN: 9, Mouse.LEFT: 10, Mouse.RIGHT: 11, Mouse.MIDDLE: 12,
}
MOUSE_BY_CODE = {code: mouse for mouse, code in MOUSE_CODES.items()}
FIRST_EVENTS = (Mouse.MOVE, Mouse.LEFT_DOWN, Mouse.RIGHT_DOWN, Mouse.PRE_FLAG)  # what a v4 file may start with
EARLY_CODES = range(1, 10)  # the mouse events versions 0 to 2 have; 3 adds l, r and m
GAME_STATE = range(81, 100)  # replay, win, fail, error: a time step only
SKIPPED = range(100, 255)  # board and metric events: ms-toollib reads the code alone
PAUSE = 255
END = 0


@dataclass
class FileHeader:
    version: int
    summary: int
    settings: int  # 0 before version 3, which has no settings byte
    rows: int
    columns: int
    cell_px: int
    mode: int
    time_ms: int
    start_us: int = 0
    software: str = ""
    player: str = ""

    @property
    def completed(self) -> bool:
        return bool(self.summary & Summary.COMPLETED)

    @property
    def fair(self) -> bool:
        return bool(self.summary & Summary.FAIR)


@dataclass
class _Reader:
    data: bytes
    at: int = 0

    def take(self, size: int, what: str) -> bytes:
        if self.at + size > len(self.data):
            raise ReplayError(f"the EVF file ends too soon (in its {what})")
        chunk = self.data[self.at : self.at + size]
        self.at += size
        return chunk

    def unpack(self, fmt: str, what: str):
        return struct.unpack(fmt, self.take(struct.calcsize(fmt), what))

    def u24(self, what: str) -> int:
        high, low = self.unpack(">BH", what)
        return high << 16 | low

    def c_string(self, what: str) -> str:
        end = self.data.find(b"\0", self.at)
        if end < 0:
            raise ReplayError(f"the EVF file ends too soon (in its {what})")
        raw = self.data[self.at : end]
        self.at = end + 1
        return raw.decode("utf-8", "replace")


Read = tuple[FileHeader, frozenset[int], tuple[MouseEvent, ...]]


def read_evf_steps(data: bytes) -> Steps[Read]:
    """The header, the mines and the mouse events of an EVF file, a slice at
    a time (see slices.py)."""
    if not data:
        raise ReplayError("the file is empty")
    version = data[0]
    if version > 4:
        raise ReplayError(f"this is EVF version {version}; versions 0 to 4 can be read")
    reader = _Reader(data, 1)
    if version == 4:
        header = _header_v4(reader)
        mines = _mines(reader, header)
        return header, mines, (yield from _events_v4(reader, header))
    header = _header_early(reader, version)
    mines = _mines(reader, header)
    return header, mines, (yield from _events_early(reader, version))


def _board(r: _Reader, version: int, summary: int, settings: int) -> FileHeader:
    rows, columns, _mine_count, cell_px, mode, _bbbv = r.unpack(">BBHBHH", "header")
    time_ms = r.unpack(">I", "header")[0] if version == 4 else r.u24("header")
    if rows < 1 or columns < 1 or cell_px < 1:
        raise ReplayError(f"the EVF header gives an impossible board ({columns}x{rows}, {cell_px}-pixel squares)")
    return FileHeader(version, summary, settings, rows, columns, cell_px, mode, time_ms)


def _header_v4(r: _Reader) -> FileHeader:
    summary, settings = r.unpack(">BB", "header")
    h = _board(r, 4, summary, settings)
    r.take(2, "country")
    h.start_us, _end_us = r.unpack(">QQ", "header")
    h.software = r.c_string("software name")
    if h.summary & Summary.TRANSCODED:  # the transcoder's name and the original encoding
        r.c_string("transcoder's name")
        r.c_string("original encoding")
    h.player = r.c_string("player's name")
    r.c_string("race identifier")
    r.c_string("unique identifier")
    (uuid_length,) = r.unpack(">H", "device UUID")
    r.take(uuid_length, "device UUID")
    return h


def _header_early(r: _Reader, version: int) -> FileHeader:
    """Versions 0 to 3: the same header, with the settings byte from 3 on
    and a device identifier (a string) from 2 on."""
    summary = r.unpack(">B", "header")[0]
    settings = r.unpack(">B", "header")[0] if version == 3 else 0
    h = _board(r, version, summary, settings)
    h.software = r.c_string("software name")
    h.player = r.c_string("player's name")
    r.c_string("race identifier")
    r.c_string("unique identifier")
    start = r.c_string("start time")
    r.c_string("end time")
    r.c_string("country")
    if version >= 2:
        r.c_string("device UUID")
    h.start_us = int(start) if start.isdigit() and len(start) < 20 else 0
    return h


def _mines(r: _Reader, h: FileHeader) -> frozenset[int]:
    cells = h.rows * h.columns
    bits = r.take((cells + 7) // 8, "mines")
    mines = frozenset(c for c in range(cells) if bits[c // 8] & (0x80 >> (c % 8)))
    if not 0 < len(mines) < cells:
        raise ReplayError(f"the EVF board has {len(mines)} mines on {cells} squares")
    return mines


def _within_bounds(events: list) -> None:
    if len(events) > MAX_EVENTS:
        raise ReplayError(TOO_MANY_EVENTS)


def _unknown(code: int) -> ReplayError:
    return ReplayError(f"the EVF file has an event of kind {code}, which ms-toollib cannot read either")


def _events_early(r: _Reader, version: int) -> Steps[tuple[MouseEvent, ...]]:
    """Each event: its kind, its time (3 bytes, ms) and its pixel; then 0
    (a checksum follows) or 255 (none)."""
    known = EARLY_CODES if version < 3 else range(1, 13)
    events: list[MouseEvent] = []
    for step in itertools.count():
        if step % SLICE == 0:  # counted by what is read, not what is kept: a slice is bounded either way
            yield
            _within_bounds(events)
        (code,) = r.unpack(">B", "events")
        if code in (END, PAUSE):
            break
        if code not in known:
            raise _unknown(code)
        t_ms = r.u24("events")
        x, y = r.unpack(">HH", "events")
        events.append(MouseEvent(t_ms, MOUSE_BY_CODE[code], x, y))
    if not events:
        raise ReplayError("the EVF file has no events")
    _within_bounds(events)
    return tuple(events)


def _events_v4(r: _Reader, h: FileHeader) -> Steps[tuple[MouseEvent, ...]]:
    """The custom metrics' names, then the events, each after the one before."""
    (custom,) = r.unpack(">H", "metric names")
    for _ in range(custom):
        r.c_string("metric names")
    code, t_ms, x, y = r.unpack(">BBHH", "first event")
    mouse = MOUSE_BY_CODE.get(code)
    if mouse not in FIRST_EVENTS:
        raise ReplayError(f"the EVF events start with code {code}, not a move or a press")
    events = [MouseEvent(t_ms, mouse, x, y)]
    paused = 0
    for step in itertools.count():
        if step % SLICE == 0:  # counted by what is read, not what is kept: a slice is bounded either way
            yield
            _within_bounds(events)
        (code,) = r.unpack(">B", "events")
        if code == END:
            break
        if code == PAUSE:
            paused += r.unpack(">H", "events")[0]
        elif code in MOUSE_BY_CODE:
            dt, dx, dy = r.unpack(">Bhh", "events")
            t_ms += dt + paused
            paused = 0
            x, y = (x + dx) & 0xFFFF, (y + dy) & 0xFFFF
            events.append(MouseEvent(t_ms, MOUSE_BY_CODE[code], x, y))
        elif code in GAME_STATE:
            t_ms += r.unpack(">B", "events")[0] + paused
            paused = 0
        elif code not in SKIPPED:
            raise _unknown(code)
    _within_bounds(events)
    return tuple(events)

"""EVF v4, the open replay format of Metasweeper, read and written by ms-toollib.

Written from the format's specification (ms-toollib's "evf format" document,
section v0.4). Integers are big-endian. What we write:

* header: version 4; summary bits (completed; official and fair, unless hints
  were shown; official only for random boards won by uncovering; no flags);
  settings bits (bit 7 set when "?" marks are off); rows, columns, mines,
  cell size in pixels, game mode (0 standard, 5 for our no-guess boards),
  3BV, time in ms, country "XX" (unknown), start and end in microseconds
  since 1970, the software's name, empty player/race/unique identifiers and
  no device UUID;
* the mines, one bit a square, row by row;
* no custom metrics;
* the mouse events: the first with its absolute position, the rest as
  differences; a gap of more than 255 ms is carried by pause events (255);
* the end of the events (0) and an empty checksum.

Only square boards fit the format; :func:`to_evf` refuses others.
:func:`from_evf` reads version 4 and the version 3 that Metasweeper 3.1.9 to
3.2.0 wrote (times as text, each event with its whole time in 3 bytes).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from ..engine.game import GameSetup
from ..engine.layouts import LayoutKind
from ..engine.rules import Completion
from ..engine.topology import Shape, make_topology
from ..metrics.clicks import BoardState, ClickCounter, Mouse
from .errors import ReplayError
from .events import MouseEvent, Result
from .recording import OUR_SOFTWARE, Recording

VERSION = 4
MODE_STANDARD = 0
MODE_COMPETITIVE_SOLVABLE = 5  # the board is solvable; a lucky guess does not lose
MOUSE_CODES = {
    Mouse.MOVE: 1, Mouse.LEFT_DOWN: 2, Mouse.LEFT_UP: 3, Mouse.RIGHT_DOWN: 4,
    Mouse.RIGHT_UP: 5, Mouse.MIDDLE_DOWN: 6, Mouse.MIDDLE_UP: 7, Mouse.PRE_FLAG: 8,
    Mouse.CHORD_DOWN: 9, Mouse.LEFT: 10, Mouse.RIGHT: 11, Mouse.MIDDLE: 12,
}
MOUSE_BY_CODE = {code: mouse for mouse, code in MOUSE_CODES.items()}
FIRST_EVENTS = (Mouse.MOVE, Mouse.LEFT_DOWN, Mouse.RIGHT_DOWN, Mouse.PRE_FLAG)
PAUSE = 255
END = 0
MAX_SIDE = 255
MAX_PIXELS = 32767


def _c_string(text: str) -> bytes:
    return text.encode("utf-8").replace(b"\0", b"") + b"\0"


def fits(setup: GameSetup, cell_px: int = 8) -> bool:
    return (
        setup.shape is Shape.SQUARE
        and 1 <= setup.width <= MAX_SIDE
        and 1 <= setup.height <= MAX_SIDE
        and 5 <= cell_px <= 255
        and max(setup.width, setup.height) * cell_px <= MAX_PIXELS
    )


def _mine_bits(width: int, height: int, mines: frozenset[int]) -> bytes:
    out = bytearray((width * height + 7) // 8)
    for cell in mines:
        out[cell // 8] |= 0x80 >> (cell % 8)
    return bytes(out)


def to_evf(recording: Recording) -> bytes:
    """The recording as an EVF v4 file."""
    setup = recording.setup
    if not fits(setup, recording.cell_px):
        raise ValueError("only square boards of at most 255x255 squares can be written as EVF")
    metrics = recording.metrics()
    won = recording.result is Result.WON
    fair = won and not recording.helped
    standard = setup.layout is LayoutKind.RANDOM and setup.completion is Completion.ALL_NON_MINES
    summary = (0x80 if won else 0) | (0x40 if fair and standard else 0) | (0x20 if fair else 0)
    summary |= 0x10 if metrics.right_eff == 0 else 0
    settings = 0 if setup.marks else 0x80
    mode = MODE_STANDARD if setup.layout is LayoutKind.RANDOM else MODE_COMPETITIVE_SOLVABLE
    start_us = round(recording.started * 1_000_000)
    out = bytearray([VERSION, summary, settings, setup.height, setup.width])
    out += struct.pack(
        ">HBHHI2sQQ",
        len(recording.mines),
        recording.cell_px,
        mode,
        min(metrics.bbbv, 0xFFFF),
        min(recording.time_ms, 0xFFFFFFFF),
        b"XX",
        start_us,
        start_us + recording.time_ms * 1000,
    )
    out += _c_string(recording.software) + _c_string(recording.player) + b"\0\0"
    out += struct.pack(">H", 0)  # no device UUID
    out += _mine_bits(setup.width, setup.height, recording.mines)
    out += struct.pack(">H", 0)  # no custom metrics
    out += _events(recording.mouse_events())
    out += bytes([END]) + struct.pack(">H", 0)  # no checksum
    return bytes(out)


def _events(events: tuple[MouseEvent, ...]) -> bytes:
    out = bytearray()
    if not events:
        return bytes(out)
    first = events[0]
    if first.mouse not in FIRST_EVENTS:  # the format starts with a move or a press
        first = MouseEvent(first.t_ms, Mouse.MOVE, first.x, first.y)
        events = (first, *events)
    out += struct.pack(">BBHH", MOUSE_CODES[first.mouse], min(first.t_ms, 255), first.x, first.y)
    last_t, last_x, last_y = min(first.t_ms, 255), first.x, first.y
    for event in events[1:]:
        gap = max(0, event.t_ms - last_t)
        last_t += gap
        while gap > 255:
            part = min(gap, 0xFFFF)
            out += struct.pack(">BH", PAUSE, part)
            gap -= part
        out += struct.pack(">BBhh", MOUSE_CODES[event.mouse], gap, event.x - last_x, event.y - last_y)
        last_x, last_y = event.x, event.y
    return bytes(out)


# ------------------------------------------------------------------ reading


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

    def c_string(self, what: str) -> str:
        end = self.data.find(b"\0", self.at)
        if end < 0:
            raise ReplayError(f"the EVF file ends too soon (in its {what})")
        raw = self.data[self.at : end]
        self.at = end + 1
        return raw.decode("utf-8", "replace")


@dataclass
class _Header:
    summary: int
    settings: int
    rows: int
    columns: int
    cell_px: int
    mode: int
    time_ms: int
    start_us: int = 0
    software: str = ""
    player: str = ""


def from_evf(data: bytes) -> Recording:
    """Read an EVF file, version 4 or 3 (ours or another program's). Raises ReplayError."""
    if not data:
        raise ReplayError("the file is empty")
    readers = {VERSION: _read_v4, 3: _read_v3}
    if data[0] not in readers:
        raise ReplayError(f"this is EVF version {data[0]}; only versions 3 and 4 can be read")
    header, mines, mouse = readers[data[0]](_Reader(data, 1))
    return _recording(header, mines, mouse)


def _fixed_header(r: _Reader, time_format: str) -> _Header:
    summary, settings, rows, columns = r.unpack(">BBBB", "header")
    _mine_count, cell_px, mode, _bbbv = r.unpack(">HBHH", "header")
    if time_format == ">I":
        (time_ms,) = r.unpack(">I", "header")
    else:  # three bytes
        high, low = r.unpack(">BH", "header")
        time_ms = high << 16 | low
    if rows < 1 or columns < 1 or cell_px < 1:
        raise ReplayError(f"the EVF header gives an impossible board ({columns}x{rows}, {cell_px}-pixel squares)")
    return _Header(summary, settings, rows, columns, cell_px, mode, time_ms)


def _mines(r: _Reader, h: _Header) -> frozenset[int]:
    cells = h.rows * h.columns
    bits = r.take((cells + 7) // 8, "mines")
    mines = frozenset(c for c in range(cells) if bits[c // 8] & (0x80 >> (c % 8)))
    if not 0 < len(mines) < cells:
        raise ReplayError(f"the EVF board has {len(mines)} mines on {cells} squares")
    return mines


def _read_v4(r: _Reader):
    h = _fixed_header(r, ">I")
    r.take(2, "country")
    h.start_us, _end_us = r.unpack(">QQ", "header")
    h.software = r.c_string("software name")
    if h.summary & 0x08:  # transcoded: the transcoder's name and the original encoding
        r.c_string("transcoder's name")
        r.c_string("original encoding")
    h.player = r.c_string("player's name")
    r.c_string("race identifier")
    r.c_string("unique identifier")
    (uuid_length,) = r.unpack(">H", "device UUID")
    r.take(uuid_length, "device UUID")
    mines = _mines(r, h)
    (custom,) = r.unpack(">H", "metric names")
    for _ in range(custom):
        r.c_string("metric names")
    return h, mines, _read_events(r, h.columns * h.cell_px, h.rows * h.cell_px)


def _read_v3(r: _Reader):
    """Version 3 (Metasweeper 3.1.9 to 3.2.0): strings for the times, and
    events with absolute times of three bytes."""
    h = _fixed_header(r, "24")
    h.software = r.c_string("software name")
    h.player = r.c_string("player's name")
    r.c_string("race identifier")
    r.c_string("unique identifier")
    start = r.c_string("start time")
    r.c_string("end time")
    r.c_string("country")
    r.c_string("device UUID")
    h.start_us = int(start) if start.isdigit() and len(start) < 20 else 0
    mines = _mines(r, h)
    events = []
    while True:
        (code,) = r.unpack(">B", "events")
        if code in (END, PAUSE):  # 0: a checksum follows; 255: none
            break
        if code not in MOUSE_BY_CODE:
            raise ReplayError(f"the EVF file has an event of kind {code}, which this reader does not know")
        high, low, x, y = r.unpack(">BHHH", "events")
        events.append(MouseEvent(high << 16 | low, MOUSE_BY_CODE[code], x, y))
    if not events:
        raise ReplayError("the EVF file has no events")
    return h, mines, tuple(events)


def _recording(h: _Header, mines: frozenset[int], mouse: tuple[MouseEvent, ...]) -> Recording:
    setup = GameSetup(
        width=h.columns,
        height=h.rows,
        mines=len(mines),
        marks=not h.settings & 0x80,
        layout=LayoutKind.RANDOM if h.mode == MODE_STANDARD else LayoutKind.NO_GUESS,
    )
    topology = make_topology(Shape.SQUARE, h.columns, h.rows)
    from .stream import cell_at, events_from_mouse

    started = h.start_us / 1e6
    shell = Recording(setup, mines, (), Result.ABANDONED, h.time_ms, started, h.cell_px, h.software, h.player, mouse=mouse)
    counter = ClickCounter(topology, mines)
    for m in mouse:
        counter.step(m.mouse, cell_at(shell, m.x, m.y))
    result = {BoardState.WON: Result.WON, BoardState.LOST: Result.LOST}.get(counter.state, Result.ABANDONED)
    if h.summary & 0x80:
        result = Result.WON
    return Recording(
        setup, mines, events_from_mouse(shell, mouse), result, h.time_ms, started,
        h.cell_px, h.software, h.player, mouse=mouse,
    )


def _read_events(r: _Reader, off_x: int, off_y: int) -> tuple[MouseEvent, ...]:
    code, t_ms, x, y = r.unpack(">BBHH", "first event")
    mouse = MOUSE_BY_CODE.get(code)
    if mouse not in FIRST_EVENTS:
        raise ReplayError(f"the EVF events start with code {code}, not a move or a press")
    events = [MouseEvent(t_ms, mouse, x, y)]
    paused = 0
    while True:
        (code,) = r.unpack(">B", "events")
        if code == END:
            break
        if code == PAUSE:
            paused += r.unpack(">H", "events")[0]
            continue
        if code in MOUSE_BY_CODE:
            dt, dx, dy = r.unpack(">Bhh", "events")
            t_ms += dt + paused
            paused = 0
            x, y = (x + dx) & 0xFFFF, (y + dy) & 0xFFFF
            events.append(MouseEvent(t_ms, MOUSE_BY_CODE[code], x, y))
        elif 81 <= code <= 99:  # the game's state (won, lost...): a time step only
            t_ms += r.unpack(">B", "events")[0] + paused
            paused = 0
        else:
            raise ReplayError(f"the EVF file has an event of kind {code}, which this reader does not know")
    return tuple(events)

"""EVF, the open replay format of Metasweeper, read and written as ms-toollib
reads and writes it.

Written from the format's specification (ms-toollib's "evf format"
document, section v0.4) and checked against ms-toollib 1.5.20, which wins
where the two disagree (evf_header.py names the case). Integers are
big-endian. What we write, version 4:

* the summary (evf_header.summary_byte): completed when every safe square
  was uncovered, as ms-toollib finds it on replaying the events (a win by
  marks alone under All Mines Found or Either is not); fair when completed
  with no help; official when also a random board under All Non Mines Found;
  no-flags when no mine was flagged;
* the settings: "?" marks in use when the game began;
* rows, columns, mines, the square's size in pixels, the mode (standard, or
  Competitive Solvable for our no-guess boards), 3BV, the time in ms, the
  country "XX" (unknown), the start (the first uncover) and end in
  microseconds since 1970, the program's name (another program's game saved
  again keeps its name and is marked transcoded, by us), the player's name,
  empty race and unique identifiers and no device UUID;
* the mines, one bit a square, row by row; no custom metrics;
* the mouse events (stream.py says how 2.4's buttons are written): the first
  with its absolute position, the rest as differences; a gap of more than
  255 ms is carried by pause events (255);
* the end of the events (0) and an empty checksum.

Only square boards fit the format; :func:`to_evf` refuses others.
:func:`from_evf_steps` reads versions 0 to 4 (evf_read.py) and plays the
events as ms-toollib does (board_moves.py), a slice at a time, for a long
game (slices.py).
"""

from __future__ import annotations

import struct

from ..engine.game import GameSetup
from ..engine.topology import Shape
from ..metrics.clicks import BoardState, Mouse
from ..slices import Steps
from . import evf_header
from .board_moves import played_steps
from .events import MouseEvent, Result
from .evf_read import END, FIRST_EVENTS, MOUSE_CODES, PAUSE, FileHeader, read_evf_steps
from .recording import OUR_SOFTWARE, OUR_SOFTWARE_NAME, Recording, clock_start_ms

VERSION = 4
MAX_SIDE = 255
MAX_PIXELS = 32767
MAX_GAP = 255  # ms between two events that fits an event's own byte


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


def completed(recording: Recording) -> bool:
    """Whether the EVF says completed: won, and read as won by ms-toollib."""
    return recording.result is Result.WON and recording.board_state() is BoardState.WON


def to_evf(recording: Recording) -> bytes:
    """The recording as an EVF v4 file."""
    setup = recording.setup
    if not fits(setup, recording.cell_px):
        raise ValueError("only square boards of at most 255x255 squares can be written as EVF")
    metrics = recording.metrics()
    transcoded = not recording.software.startswith(OUR_SOFTWARE_NAME)  # another program's game, saved again
    summary = evf_header.summary_byte(
        completed=completed(recording), helped=recording.helped, layout=setup.layout,
        completion=setup.completion, no_flags=metrics.right_eff == 0,
    ) | (evf_header.Summary.TRANSCODED if transcoded else 0)
    start_us = round((recording.started + recording.clock_start_ms / 1000) * 1_000_000)
    out = bytearray([VERSION, summary, evf_header.settings_byte(setup.marks), setup.height, setup.width])
    out += struct.pack(
        ">HBHHI2sQQ",
        len(recording.mines),
        recording.cell_px,
        evf_header.mode_of(setup.layout),
        min(metrics.bbbv, 0xFFFF),
        min(recording.time_ms, 0xFFFFFFFF),
        b"XX",
        start_us,
        start_us + recording.time_ms * 1000,
    )
    out += _c_string(recording.software)
    if transcoded:  # who wrote it again, and the names' original encoding (unknown)
        out += _c_string(OUR_SOFTWARE) + _c_string("")
    out += _c_string(recording.player) + b"\0\0"
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
    out += struct.pack(">BBHH", MOUSE_CODES[first.mouse], min(first.t_ms, MAX_GAP), first.x, first.y)
    last_t, last_x, last_y = min(first.t_ms, MAX_GAP), first.x, first.y
    for event in events[1:]:
        gap = max(0, event.t_ms - last_t)
        last_t += gap
        while gap > MAX_GAP:
            part = min(gap, 0xFFFF)
            out += struct.pack(">BH", PAUSE, part)
            gap -= part
        out += struct.pack(">BBhh", MOUSE_CODES[event.mouse], gap, event.x - last_x, event.y - last_y)
        last_x, last_y = event.x, event.y
    return bytes(out)


# ------------------------------------------------------------------ reading


def from_evf_steps(data: bytes) -> Steps[Recording]:
    """Read an EVF file (ours or another program's), a slice at a time (see
    slices.py). Raises ReplayError."""
    header, mines, mouse = yield from read_evf_steps(data)
    return (yield from recording_steps(header, mines, mouse))


def recording_steps(h: FileHeader, mines: frozenset[int], mouse: tuple[MouseEvent, ...]) -> Steps[Recording]:
    """A recording of a file's board and mouse events, played as ms-toollib
    plays them, a slice at a time (see slices.py)."""
    setup = GameSetup(
        width=h.columns, height=h.rows, mines=len(mines),
        marks=evf_header.marks_of(h.settings), layout=evf_header.layout_of(h.mode),
    )
    ours = h.software.startswith(OUR_SOFTWARE_NAME)
    shell = Recording(setup, mines, (), Result.ABANDONED, h.time_ms, 0.0, h.cell_px, h.software, h.player,
                      mouse=mouse, evf_mode=h.mode)
    events, result = yield from played_steps(shell, mouse, question_marks=ours)
    started = h.start_us / 1e6 - clock_start_ms(events) / 1000 if h.start_us else 0.0
    return Recording(
        setup, mines, events, result, h.time_ms, started, h.cell_px, h.software, h.player,
        helped=h.completed and not h.fair, mouse=mouse, evf_mode=h.mode,
    )

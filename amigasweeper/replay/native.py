"""Our own replay format, for every board shape (``.asreplay``).

A gzip-compressed UTF-8 text file; once unpacked it reads::

    AmigaSweeper replay 1
    board hex 16 16 40
    seed 7
    options marks no-guess completion=all_non_mines helped
    result won 83215
    started 1764100000.125
    cell 8
    software AmigaSweeper
    mines 3 17 40 ...
    events
    m 0 12 30 49
    p 140 L 12 30 49
    r 95 L 13 30 49 u49
    k 410 R 20 40 86 f86
    m 35 - - -
    end 1a2b3c4d

``options`` has marks or no-marks, random or no-guess, the completion mode,
and ``helped`` when hints were shown. ``board`` gives the shape, width,
height and mine count; ``mines`` the
squares holding mines (numbered row by row from 0). Each event line starts
with its kind (m: the pointer moved, p: a button pressed, r: released, k: a
key used) and the milliseconds since the event before; then for p and r the
button (L, R, M), for k the click it stood for (L, R, C); then the pointer's
x and y in pixels from the board's corner and the square under it ("-" for
each off the board); then the moves the event made: u (uncover), f (cycle the
mark), c (clear around) each followed by its square, and P, R, Q+, Q- for
pause, resume, and "?" marks switched on or off. ``end`` closes the file with
the CRC-32 of every line before it (in hexadecimal), so a damaged file is
noticed and refused with a message saying what is wrong.
"""

from __future__ import annotations

import gzip
import io
import zlib
from dataclasses import replace

from ..engine.game import GameSetup
from ..engine.layouts import LayoutKind
from ..engine.rules import Completion, Move, MoveKind
from ..engine.topology import Shape
from ..metrics.clicks import Click
from .errors import ReplayError
from .events import MAX_EVENTS, TOO_MANY_EVENTS, EventKind, InputEvent, RecordedButton, Result
from .recording import Recording

MAGIC = "AmigaSweeper replay"
VERSION = 1
SUFFIX = ".asreplay"
MAX_UNPACKED = 32 * 1024 * 1024  # far more than any game; a bigger file is refused

_KIND = {EventKind.MOVE: "m", EventKind.PRESS: "p", EventKind.RELEASE: "r", EventKind.KEY: "k"}
_KIND_BY_LETTER = {v: k for k, v in _KIND.items()}
_BUTTON = {RecordedButton.LEFT: "L", RecordedButton.RIGHT: "R", RecordedButton.MIDDLE: "M"}
_BUTTON_BY_LETTER = {v: k for k, v in _BUTTON.items()}
_CLICK = {Click.LEFT: "L", Click.RIGHT: "R", Click.CHORD: "C"}
_CLICK_BY_LETTER = {v: k for k, v in _CLICK.items()}
_CELL_MOVE = {MoveKind.UNCOVER: "u", MoveKind.MARK: "f", MoveKind.CLEAR: "c"}
_CELL_MOVE_BY_LETTER = {v: k for k, v in _CELL_MOVE.items()}
_PLAIN_MOVE = {MoveKind.PAUSE: "P", MoveKind.RESUME: "R", MoveKind.MARKS_ON: "Q+", MoveKind.MARKS_OFF: "Q-"}
_PLAIN_MOVE_BY_WORD = {v: k for k, v in _PLAIN_MOVE.items()}


def _value(number: int | None) -> str:
    return "-" if number is None else str(number)


def _move_token(move: Move) -> str:
    if move.cell is not None:
        return f"{_CELL_MOVE[move.kind]}{move.cell}"
    return _PLAIN_MOVE[move.kind]


def to_text(recording: Recording) -> str:
    s = recording.setup
    options = ["marks" if s.marks else "no-marks", s.layout.value, f"completion={s.completion.value}"]
    if recording.helped:
        options.append("helped")
    lines = [
        f"{MAGIC} {VERSION}",
        f"board {s.shape.value} {s.width} {s.height} {len(recording.mines)}",
        f"seed {s.seed}",
        "options " + " ".join(options),
        f"result {recording.result.value} {recording.time_ms}",
        f"started {recording.started:.3f}",
        f"cell {recording.cell_px}",
        "software " + " ".join(recording.software.split()),
        "mines " + " ".join(str(c) for c in sorted(recording.mines)),
        "events",
    ]
    last = 0
    for e in recording.events:
        parts = [_KIND[e.kind], str(max(0, e.t_ms - last))]
        last = max(last, e.t_ms)
        if e.kind in (EventKind.PRESS, EventKind.RELEASE):
            assert e.button is not None, "a press or release says its button (the recorder, the readers)"
            parts.append(_BUTTON[e.button])
        elif e.kind is EventKind.KEY:
            assert e.click is not None, "a key says its click (the recorder, the readers)"
            parts.append(_CLICK[e.click])
        parts += [_value(e.x), _value(e.y), _value(e.cell)]
        parts += [_move_token(m) for m in e.moves]
        lines.append(" ".join(parts))
    body = "\n".join(lines) + "\n"
    return body + f"end {zlib.crc32(body.encode('utf-8')):08x}\n"


def to_bytes(recording: Recording) -> bytes:
    return gzip.compress(to_text(recording).encode("utf-8"), mtime=0)


# ------------------------------------------------------------------ reading


def from_bytes(data: bytes) -> Recording:
    """Read our format (gzip-compressed or plain text). Raises ReplayError."""
    if data[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as packed:
                data = packed.read(MAX_UNPACKED + 1)
        except (OSError, EOFError, zlib.error) as error:
            raise ReplayError(f"the replay is damaged: it cannot be unpacked ({error})") from None
        if len(data) > MAX_UNPACKED:
            raise ReplayError("the replay unpacks to more than 32 MB, far more than any game")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ReplayError("the replay is damaged: it is not text") from None
    return from_text(text)


def _check_sum(text: str) -> str:
    body, sep, tail = text.rstrip("\n").rpartition("\n")
    if not sep or not tail.startswith("end "):
        raise ReplayError("the replay is cut short: its last line 'end' is missing")
    body += "\n"
    if tail[4:].strip() != f"{zlib.crc32(body.encode('utf-8')):08x}":
        raise ReplayError("the replay is damaged: its checksum does not match what it holds")
    return body


def from_text(text: str) -> Recording:
    if not text.startswith(MAGIC + " "):
        raise ReplayError(f"not an AmigaSweeper replay: the first line must start with {MAGIC!r}")
    first = text.split("\n", 1)[0]
    version = first[len(MAGIC) + 1 :].strip()
    if version != str(VERSION):
        raise ReplayError(f"this replay is of version {version}; this program reads version {VERSION}")
    body = _check_sum(text)
    lines = body.split("\n")[1:-1]
    try:
        split = lines.index("events")
    except ValueError:
        raise ReplayError("the replay has no 'events' line") from None
    header = _header(lines[:split])
    try:
        setup, mines, result, time_ms, started, cell_px, software, helped = _setup(header)
    except (KeyError, ValueError, IndexError) as error:
        raise ReplayError(f"the replay's header is damaged ({error})") from None
    if len(lines) - split - 1 > MAX_EVENTS:
        raise ReplayError(TOO_MANY_EVENTS)
    gaps = [_event(n + split + 3, line, setup.topology.size) for n, line in enumerate(lines[split + 1 :])]
    events = tuple(_absolute_times(gaps))
    return Recording(setup, mines, events, result, time_ms, started, cell_px, software, helped=helped)


def _header(lines: list[str]) -> dict[str, list[str]]:
    fields = {}
    for line in lines:
        word, *rest = line.split(" ")
        fields[word] = rest
    return fields


def _setup(h: dict[str, list[str]]):
    shape, width, height, count = Shape.saved(h["board"][0]), *map(int, h["board"][1:4])
    if not (1 <= width <= 255 and 1 <= height <= 255):
        raise ValueError(f"a board of {width}x{height} squares")
    options = h.get("options", [])
    completion = next((o.split("=", 1)[1] for o in options if o.startswith("completion=")), "all_non_mines")
    layout = LayoutKind.NO_GUESS if LayoutKind.NO_GUESS.value in options else LayoutKind.RANDOM
    setup = GameSetup(
        width=width, height=height, mines=count, seed=int(h.get("seed", ["0"])[0]), shape=shape,
        marks="no-marks" not in options, completion=Completion.saved(completion), layout=layout,
    )
    mines = frozenset(int(c) for c in h["mines"])
    if len(mines) != count or any(not 0 <= c < width * height for c in mines):
        raise ValueError(f"the mines do not match the board ({len(mines)} listed, {count} said)")
    result, time_ms = Result(h["result"][0]), int(h["result"][1])
    if time_ms < 0:
        raise ValueError("a negative time")
    cell_px = int(h.get("cell", ["8"])[0])
    if not 1 <= cell_px <= 255:
        raise ValueError(f"squares of {cell_px} pixels")
    started = float(h.get("started", ["0"])[0])
    software = " ".join(h.get("software", [])) or "unknown"
    return setup, mines, result, time_ms, started, cell_px, software, "helped" in options


def _number(token: str, what: str, line: int) -> int | None:
    if token == "-":
        return None
    if not token.isdigit() or len(token) > 9:
        raise ReplayError(f"line {line} of the replay is damaged: {what} {token!r} is not a number")
    return int(token)


def _event(line: int, text: str, size: int) -> InputEvent:
    tokens = text.split(" ")
    kind = _KIND_BY_LETTER.get(tokens[0])
    if kind is None or len(tokens) < 5:
        raise ReplayError(f"line {line} of the replay is damaged: {text[:40]!r} is no event")
    dt = _number(tokens[1], "the time", line) or 0
    button = click = None
    rest = tokens[2:]
    if kind in (EventKind.PRESS, EventKind.RELEASE):
        button = _BUTTON_BY_LETTER.get(rest.pop(0))
        if button is None:
            raise ReplayError(f"line {line} of the replay is damaged: no such button")
    elif kind is EventKind.KEY:
        click = _CLICK_BY_LETTER.get(rest.pop(0))
        if click is None:
            raise ReplayError(f"line {line} of the replay is damaged: no such click")
    if len(rest) < 3:
        raise ReplayError(f"line {line} of the replay is damaged: the pointer is missing")
    x, y, cell = (_number(t, "the pointer", line) for t in rest[:3])
    if cell is not None and cell >= size:
        raise ReplayError(f"line {line} of the replay is damaged: square {cell} is off the board")
    moves = tuple(_move(line, token, size) for token in rest[3:])
    return InputEvent(dt, kind, x, y, cell, button, click, moves)


def _move(line: int, token: str, size: int) -> Move:
    if token in _PLAIN_MOVE_BY_WORD:
        return Move(_PLAIN_MOVE_BY_WORD[token])
    kind = _CELL_MOVE_BY_LETTER.get(token[:1])
    cell = _number(token[1:], "the square", line) if kind else None
    if kind is None or cell is None or cell >= size:
        raise ReplayError(f"line {line} of the replay is damaged: {token!r} is no move")
    return Move(kind, cell)


def _absolute_times(events: list[InputEvent]) -> list[InputEvent]:
    """Events are read with the gap before each; give them their times."""
    total = 0
    timed = []
    for e in events:
        total += e.t_ms
        timed.append(replace(e, t_ms=total))
    return timed

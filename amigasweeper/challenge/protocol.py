"""The messages between a table (the referee's process) and a bot's worker process.

Every message is a few bytes packed with ``struct``, sent whole with
``Connection.send_bytes``. Nothing from a worker is ever unpickled: a bot
controls its process and could write anything into the pipe, and unpickling
runs code, which would let it act inside the process that holds the layout.
A message the table cannot decode costs the bot that game, nothing more.

The first byte says what a message is; the rest is fixed by that byte.
"""

from __future__ import annotations

import struct
from enum import Enum

from .challenge_game import GameOverError, KnownCellError, OffBoardError, RuleViolation

MAX_MESSAGE = 4096  # bytes; longer is a protocol error, never an allocation a bot controls
MAX_TEXT = 400  # characters of an error text a worker sends back


class MessageKind(bytes, Enum):
    # worker -> table
    BOOTED = b"H"  # the worker's interpreter is up, and waits to be told which bot to load
    READY = b"R"  # the bot loaded; ready for a game
    LOAD_FAILED = b"L"  # + text: why the bot could not be loaded
    MOVE = b"M"  # row, col, mark
    BAD_MOVE = b"B"  # a move whose row or column is not a whole number that fits
    DONE = b"D"  # + error text (empty when the bot returned); the time is the referee's own measure
    # table -> worker
    START = b"S"  # size, bombs, shape: play a game
    ANSWER = b"A"  # the cell's value, bombs remaining, you_lose, you_win
    REFUSED = b"X"  # error type, NUL, message: the move broke a rule


MOVE = struct.Struct("<cqq?")
START = struct.Struct("<cii")
ANSWER = struct.Struct("<cbi??")

VIOLATIONS: dict[str, type[RuleViolation]] = {
    cls.__name__: cls for cls in (RuleViolation, GameOverError, OffBoardError, KnownCellError)
}


class ProtocolError(Exception):
    """A worker sent bytes that are not a message it may send."""


def text(data: bytes) -> str:
    """Text a worker sent, made safe to print: one line, no control characters.

    A bot writes it, so it may hold anything: newlines that would forge rows
    of the results, or terminal escapes.
    """
    return escape(data[:MAX_TEXT * 4].decode("utf-8", errors="replace")[:MAX_TEXT])


def escape(line: str) -> str:
    """``line`` with every character that is not printable (controls, escapes, line breaks) as ``\\xNN``."""
    return "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in line)


def clip(message: str) -> bytes:
    return message[:MAX_TEXT].encode("utf-8", errors="replace")


# ------------------------------------------------------------ worker -> table
def load_failed(message: str) -> bytes:
    return MessageKind.LOAD_FAILED.value + clip(message)


def done(error: str) -> bytes:
    """The game is over on the bot's side; ``error`` is what it raised ("" if it returned).

    No time travels with it: the referee times the bot itself, from its own
    side of the pipe, so nothing a bot writes here can change its score.
    """
    return MessageKind.DONE.value + clip(error)


def read_done(message: bytes) -> str:
    """The error text of a DONE message, made safe to show."""
    return text(message[1:])


def read_move(message: bytes) -> tuple[int, int, bool]:
    if len(message) != MOVE.size:
        raise ProtocolError("a malformed move")
    _, row, col, mark = MOVE.unpack(message)
    return row, col, mark


# ------------------------------------------------------------ table -> worker
def start(size: int, bombs: int, shape: str) -> bytes:
    return START.pack(MessageKind.START.value, size, bombs) + shape.encode("ascii")


def read_start(message: bytes) -> tuple[int, int, str]:
    _, size, bombs = START.unpack_from(message)
    return size, bombs, message[START.size:].decode("ascii")


def refused(broken: RuleViolation) -> bytes:
    return MessageKind.REFUSED.value + type(broken).__name__.encode("ascii") + b"\0" + clip(str(broken))


def read_refused(message: bytes) -> RuleViolation:
    """The RuleViolation to raise in the bot for a REFUSED message."""
    name, _, body = message[1:].partition(b"\0")
    cls = VIOLATIONS.get(name.decode("ascii", errors="replace"), RuleViolation)
    return cls(text(body))

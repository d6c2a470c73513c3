"""A two-way channel for the small messages of a game, as cheap as the system allows.

Every move of every game crosses it twice, so its cost is most of what
isolation costs. On POSIX it is two plain pipes read and written with one
``os.read``/``os.write`` a message (a 2-byte length, then the bytes), which
is several times less Python than ``Connection.send_bytes``/``recv_bytes``;
the child's ends are plain file descriptors, handed to the worker's program
(which may run inside a sandbox) as inherited descriptors. On Windows it is
a ``multiprocessing`` duplex Pipe, whose child end crosses to a spawned
process as a ``Connection``.

The reading side never trusts the other: a frame longer than ``limit`` or a
pipe that closes mid-frame is an error, never a large allocation.
"""

from __future__ import annotations

import math
import os
import struct
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext

LENGTH = struct.Struct("<H")
BIGGEST = 0xFFFF
ATOMIC = 512  # bytes a pipe write always delivers whole (POSIX's PIPE_BUF is at least this)

if sys.platform == "win32":
    select = None
else:
    import select

class ChannelClosed(EOFError):
    """The other end has gone, or sent a frame this end will not take."""


class Channel:
    """One end: ``send(bytes)`` and ``recv(limit, deadline) -> bytes``.

    Made from two POSIX descriptors (read, write), or from one duplex
    ``Connection`` on Windows.
    """

    def __init__(self, ends: tuple[int, int] | Connection) -> None:
        self._buffer = b""
        # ``send`` is bound once here to the way this end writes, so no message pays for a test.
        self.send: Callable[[bytes], None]
        self._connection: Connection | None
        self._poller: select.poll | None
        if isinstance(ends, Connection):
            self._connection = ends
            self.send = ends.send_bytes
            self._poller = None
        else:
            self._connection = None
            self._rfd, self._wfd = ends
            self.send = self._send_pipe
            self._poller = select.poll()
            self._poller.register(self._rfd, select.POLLIN)
        self._room: select.poll | None = None  # for room to write, made when a write first finds the pipe full

    @staticmethod
    def pair(context: SpawnContext) -> tuple[Channel, tuple[int, int] | Connection]:
        """This process's end, and the child's ends (to close here once the child has them)."""
        if select is None:
            mine, theirs = context.Pipe(duplex=True)
            return Channel(mine), theirs
        to_child_r, to_child_w = os.pipe()
        to_parent_r, to_parent_w = os.pipe()
        return Channel((to_parent_r, to_child_w)), (to_child_r, to_parent_w)

    def _send_pipe(self, message: bytes) -> None:
        frame = LENGTH.pack(len(message)) + message
        if len(frame) <= ATOMIC:  # the usual move or answer: written whole by one call
            os.write(self._wfd, frame)
            return
        while frame:
            frame = frame[os.write(self._wfd, frame):]

    def send_by(self, message: bytes, deadline: float) -> None:
        """Send, but never wait for room in the pipe past ``deadline`` (time.monotonic): TimeoutError then.

        For the referee's end, whose writes must not hang on a worker that
        stops reading its answers (see ``writes_never_block``).
        """
        if self._poller is None:
            self.send(message)  # a Windows pipe: the other end's buffer is its own
            return
        frame = LENGTH.pack(len(message)) + message
        while frame:
            try:
                frame = frame[os.write(self._wfd, frame):]
                continue
            except BlockingIOError:
                pass
            room = self._room
            if room is None:
                room = self._room = select.poll()
                room.register(self._wfd, select.POLLOUT)
            if not room.poll(_milliseconds(deadline)):
                raise TimeoutError

    def writes_never_block(self) -> None:
        """Make this end's writes fail at once on a full pipe, for ``send_by`` to bound the wait."""
        if self._poller is not None:
            os.set_blocking(self._wfd, False)

    def recv(self, limit: int = BIGGEST, deadline: float | None = None) -> bytes:
        """The next message.

        ``deadline`` (``time.monotonic``) bounds the wait: past it, TimeoutError,
        even when the other end has sent half a message and stopped.
        ChannelClosed at the end of the pipe, or for a frame over ``limit``.
        """
        poller = self._poller
        if poller is None:
            return self._recv_windows(limit, deadline)
        buffer = self._buffer
        if not buffer and (deadline is None or poller.poll(_milliseconds(deadline))):
            # The usual case: nothing left over, and one read brings exactly one whole frame.
            try:
                buffer = os.read(self._rfd, 65536)
            except OSError as error:
                raise ChannelClosed(str(error)) from None
            if not buffer:
                raise ChannelClosed("the other end has closed")
            if len(buffer) >= 2 and LENGTH.unpack_from(buffer)[0] == len(buffer) - 2 <= limit:
                return buffer[2:]
        while True:
            if len(buffer) >= 2:
                (size,) = LENGTH.unpack_from(buffer)
                if size > limit:
                    raise ChannelClosed(f"a message of {size} bytes (at most {limit} are taken)")
                if len(buffer) >= 2 + size:
                    self._buffer = buffer[2 + size:]
                    return buffer[2:2 + size]
            if deadline is not None and not poller.poll(_milliseconds(deadline)):
                self._buffer = buffer
                raise TimeoutError
            try:
                more = os.read(self._rfd, 65536)
            except OSError as error:
                raise ChannelClosed(str(error)) from None
            if not more:
                raise ChannelClosed("the other end has closed")
            buffer += more

    def _recv_windows(self, limit: int, deadline: float | None) -> bytes:
        # A Windows pipe delivers whole messages, so one poll covers a message.
        reader = self._connection
        assert reader is not None  # an end without a poller is made from a Connection
        if deadline is not None and not reader.poll(max(0.0, deadline - time.monotonic())):
            raise TimeoutError
        try:
            return reader.recv_bytes(limit)
        except (EOFError, OSError) as error:
            raise ChannelClosed(str(error)) from None

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            return
        for fd in (self._rfd, self._wfd):
            try:
                os.close(fd)
            except OSError:
                pass  # closed already


def _milliseconds(deadline: float) -> int:
    """poll()'s timeout for a monotonic deadline, rounded up so it never wakes early."""
    return max(0, math.ceil((deadline - time.monotonic()) * 1000))


def close_ends(ends: tuple[int, int] | Connection) -> None:
    """Close the child's ends in the parent once the child has them."""
    if isinstance(ends, Connection):
        ends.close()
        return
    for fd in ends:
        os.close(fd)

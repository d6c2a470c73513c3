"""Ctrl-C (and SIGTERM) held back while a game is counted and written, so the two always agree.

A game ends, its record is added to the player's running sums and written
as a line of ``--jsonl``: an interrupt between the two (or half-way through
the sums) would leave the table counting a game the file lacks, or the
reverse, and a resumed run would play it twice or never. Python runs a
signal's handler between two steps of the main thread, so for the run the
handlers of SIGINT and SIGTERM are wrapped: inside ``held()`` a signal is
noted, and its handler runs as the block ends (raising KeyboardInterrupt
there, as it would have). Outside, the handlers run as before.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType

Handler = Callable[[int, FrameType | None], object]


class Holder:
    def __init__(self) -> None:
        self.holding = False
        self.pending: tuple[Handler, int, FrameType | None] | None = None  # a signal noted meanwhile
        self.previous: dict[signal.Signals, Handler] = {}

    @contextlib.contextmanager
    def wrapping(self) -> Iterator[Holder]:
        """For the block (the run), hold-able handlers in place of the callable ones (main thread only)."""
        if threading.current_thread() is threading.main_thread():
            for number in (signal.SIGINT, signal.SIGTERM):  # both exist on every platform, Windows too
                handler = signal.getsignal(number)
                if callable(handler):
                    self.previous[number] = handler
                    signal.signal(number, self._handler(handler))
        try:
            yield self
        finally:
            for number, handler in self.previous.items():
                signal.signal(number, handler)
            self.previous.clear()

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """A signal arriving in the block is handled as it ends."""
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
            pending, self.pending = self.pending, None
            if pending is not None:
                handler, number, frame = pending
                handler(number, frame)

    def _handler(self, handler: Handler) -> Handler:
        def hold_or_handle(number: int, frame: FrameType | None) -> None:
            if self.holding:
                self.pending = self.pending or (handler, number, frame)
                return
            handler(number, frame)

        return hold_or_handle

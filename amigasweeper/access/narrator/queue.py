"""The line queue: which line is said next, by the rule in lines.py."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from .lines import QUEUE_LIMIT, STALE_KINDS, Line, Policy


class LineQueue:
    """Lines waiting to be spoken, at most ``limit`` of them (the oldest is
    dropped past that). ``add`` answers whether the line being spoken must be
    cut off to make way for the new one."""

    def __init__(self, limit: int = QUEUE_LIMIT) -> None:
        if limit < 1:
            raise ValueError("the queue must hold at least one line")
        self.limit = limit
        self.waiting: deque[Line] = deque()
        self.dropped = 0  # lines never spoken: replaced, swept aside or pushed out

    def _drop(self, keep) -> None:
        before = len(self.waiting)
        self.waiting = deque(line for line in self.waiting if keep(line))
        self.dropped += before - len(self.waiting)

    def add(self, line: Line, speaking: Line | None = None) -> bool:
        policy = line.kind.policy
        interrupt = False
        if policy is Policy.REPLACE_AND_INTERRUPT:
            self._drop(lambda waiting: waiting.kind is not line.kind)
            interrupt = speaking is not None and speaking.kind is line.kind
        elif policy is Policy.URGENT:
            self._drop(lambda waiting: waiting.kind not in STALE_KINDS)
            interrupt = speaking is not None and speaking.kind in STALE_KINDS
        self.waiting.append(line)
        while len(self.waiting) > self.limit:
            self.waiting.popleft()
            self.dropped += 1
        return interrupt

    def next(self, ready: Callable[[Line], bool] = lambda line: True) -> Line | None:
        """The first waiting line that is ``ready`` (a cursor line waits for the
        keys to be still; the lines behind it need not)."""
        for line in self.waiting:
            if ready(line):
                self.waiting.remove(line)
                return line
        return None

    def clear(self) -> None:
        self.dropped += len(self.waiting)
        self.waiting.clear()

    def __len__(self) -> int:
        return len(self.waiting)

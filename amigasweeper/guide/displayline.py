"""A screen line of a laid-out page: styled runs at character columns (see layout.py)."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from enum import Enum

from .sourceline import PLAIN, Link, Style


class Justify(Enum):
    LEFT = "left"
    CENTER = "center"
    RIGHT = "right"



@dataclass(frozen=True, slots=True)
class StyledRun:
    """Text in one style at a character column; ``link`` is set on a button's label."""

    text: str
    column: int
    style: Style = PLAIN
    link: Link | None = None

    @property
    def end(self) -> int:
        return self.column + len(self.text)


@dataclass(slots=True)
class DisplayLine:
    """One screen line. ``node_line`` is the index in ``node.lines`` of the
    file line it starts in (for ``link NODE line`` targets); ``source_line``
    is that line's 1-based number in the file."""

    runs: list[StyledRun]
    node_line: int = 0
    source_line: int = 0

    @property
    def width(self) -> int:
        return self.runs[-1].end if self.runs else 0

    @property
    def text(self) -> str:
        """The line as plain characters, spaces filling the gaps between runs."""
        chars: list[str] = []
        length = 0
        for run in self.runs:
            chars.append(" " * (run.column - length))
            chars.append(run.text)
            length = run.end
        return "".join(chars)

    def link_at(self, column: int) -> Link | None:
        """The button under character column ``column``, if any (found by
        bisection: runs are in column order, and a line may hold thousands)."""
        index = bisect_right(self.runs, column, key=lambda run: run.end)
        if index < len(self.runs):
            run = self.runs[index]
            if run.link is not None and run.column <= column:
                return run.link
        return None


def line_for(lines: list[DisplayLine], node_line: int) -> int:
    """Index of the first screen line showing ``node.lines[node_line]`` or later
    (where to scroll for a ``link NODE line`` button); 0 when there is none."""
    for index, line in enumerate(lines):
        if line.node_line >= node_line:
            return index
    return max(0, len(lines) - 1)

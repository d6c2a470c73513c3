"""Where a page's N-th line starts in the file, found from the nearest
place already known instead of from the page's top.

A page is read lazily, so a viewer that jumps into it (End, a link to a
line, a far drag of the scroller, a match that Find shows) needs the file
offset of one of its lines without reading those before it. Walking from
the top took 0.24-0.53 s of one frame for End on a page of 180,000 lines
(E1). :class:`LinePlaces` keeps the places found so far - the top, the
page's end once its lines are counted, and every line asked for since -
and walks from the nearest, forward or backward, so End walks the last
screenful back from the end and scrolling up from there walks a screenful.

A page line is a file line that is not a line command (``@title``,
``@next``...): those show nothing and are skipped, whichever way the walk
goes. A place is (file offset of a page line's start, its file line number).
"""

from __future__ import annotations

from collections.abc import Callable

MOST_REMEMBERED = 64  # lines remembered besides the top and the end (each two integers)

IsCommand = Callable[[str, int, int], bool]  # (text, line start, line end): whether it shows nothing


class LinePlaces:
    """The places of one page's lines: ``text[start:end]`` is the page,
    ``first`` the file line number at ``start``."""

    __slots__ = ("text", "start", "end", "is_command", "known", "pinned")

    def __init__(self, text: str, start: int, end: int, first: int, is_command: IsCommand):
        self.text, self.start, self.end, self.is_command = text, start, end, is_command
        self.known: dict[int, tuple[int, int]] = {0: (start, first)}
        self.pinned = 1  # the top (and, once known, the end) are never forgotten

    def know_end(self, total: int, end_number: int) -> None:
        """The page has ``total`` lines and its end is at file line
        ``end_number`` (the line of the command that closed it)."""
        if end_number > 0 and total not in self.known:
            self.known = {0: self.known[0], total: (self.end, end_number), **self.known}
            self.pinned = 2

    def offset_of(self, index: int) -> tuple[int, int]:
        """(file offset, file line number) where page line ``index`` starts
        (the page's end when it has fewer lines)."""
        nearest = min(self.known, key=lambda known: abs(known - index))
        position, number = self.known[nearest]
        if index >= nearest:
            position, number = self._forward(position, number, index - nearest)
        else:
            position, number = self._backward(position, number, nearest - index)
        if position < self.end:  # the end is the place of the page's line count, not of ``index``
            self._remember(index, (position, number))
        return position, number

    def _forward(self, position: int, number: int, lines: int) -> tuple[int, int]:
        text, end, is_command = self.text, self.end, self.is_command
        while position < end:
            line_end = text.find("\n", position, end)
            line_end = end if line_end < 0 else line_end
            if not is_command(text, position, line_end):
                if lines <= 0:
                    break
                lines -= 1
            position = line_end + 1
            number += 1
        return min(position, end), number

    def _backward(self, position: int, number: int, lines: int) -> tuple[int, int]:
        """From a page line's start (or the page's end), back over ``lines``
        page lines: to the start of the last one stepped over."""
        text, start, is_command = self.text, self.start, self.is_command
        while lines > 0 and position > start:
            line_end = position - 1  # the line end before this line
            line_start = max(start, text.rfind("\n", start, line_end) + 1)
            position, number = line_start, number - 1
            if not is_command(text, line_start, line_end):
                lines -= 1
        return position, number

    def _remember(self, index: int, place: tuple[int, int]) -> None:
        known = self.known
        if index not in known and len(known) >= self.pinned + MOST_REMEMBERED:
            del known[next(iter(list(known)[self.pinned:]))]  # the oldest of the others
        known[index] = place

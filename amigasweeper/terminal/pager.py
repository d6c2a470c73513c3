"""Long answers a page at a time: one line out for each line in, still.

An answer longer than a page (the help, a list of squares, a manual page,
the statistics) is said one page at a time: the first page answers the
line that asked, and ends by saying how to go on; `next` (or `more`) says
the next page. A page is at most PAGE characters, so the Narrator (which
speaks at most LONGEST_LINE characters of a line) says every word of it,
and it is cut between words, never inside one. A new long answer forgets
the pages left of the last one.
"""

from __future__ import annotations

from collections.abc import Callable

from amigasweeper.access.narrator import LineKind

PAGE = 330  # characters of a page, with room for what ends it under the Narrator's LONGEST_LINE
MORE = "(more: type next)"
NOTHING_MORE = ("nothing more to read: next goes on through a long answer (help, manual, stats, safe); "
                "next covered or next number moves you")


def pages_of(text: str, size: int = PAGE) -> list[str]:
    """``text`` cut between words into pages of at most ``size`` characters
    (a single word longer than a page is cut where it must be)."""
    pages: list[str] = []
    page = ""
    for word in text.split():
        while len(word) > size:
            if page:
                pages.append(page)
                page = ""
            pages.append(word[:size])
            word = word[size:]
        if page and len(page) + 1 + len(word) > size:
            pages.append(page)
            page = word
        else:
            page = f"{page} {word}" if page else word
    if page or not pages:
        pages.append(page)
    return pages


class Pager:
    """The pages of the last long answer still to be said."""

    def __init__(self, say: Callable[[LineKind, str], None]) -> None:
        self._say = say
        self._left: list[str] = []
        self._count = 0

    def show(self, kind: LineKind, text: str) -> None:
        """Say ``text``: whole if it fits a page, else its first page."""
        pages = pages_of(text)
        self._count = len(pages)
        self._left = pages
        self._say_next(kind)

    def more(self) -> None:
        """`next`: the next page of the last long answer."""
        if not self._left:
            self._say(LineKind.RESULT, NOTHING_MORE)
            return
        self._say_next(LineKind.ASKED)

    @property
    def waiting(self) -> bool:
        return bool(self._left)

    def _say_next(self, kind: LineKind) -> None:
        page = self._left.pop(0)
        if self._count > 1:
            number = self._count - len(self._left)
            end = MORE if self._left else "(end)"
            page = f"page {number} of {self._count}: {page} {end}"
        self._say(kind, page)

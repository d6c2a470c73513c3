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


BREAKS = (",", ";", ".", ":")  # a page ends after one of these where it can: "known mines" stays whole


def pages_of(text: str, size: int = PAGE) -> list[str]:
    """``text`` cut between words into pages of at most ``size`` characters,
    after a comma, semicolon or full stop where one falls in a page's second
    half (so a list's items, "known mines" say, are never split), else
    between any two words (a single word longer than a page is cut where it
    must be)."""
    pages: list[str] = []
    page: list[str] = []
    for word in text.split():
        while len(word) > size:
            if page:
                pages.append(" ".join(page))
                page = []
            pages.append(word[:size])
            word = word[size:]
        if page and len(" ".join(page)) + 1 + len(word) > size:
            cut = _last_break(page)
            pages.append(" ".join(page[:cut]))
            page = page[cut:]
        page.append(word)
    if page or not pages:
        pages.append(" ".join(page))
    return pages


def _last_break(words: list[str]) -> int:
    """Where a full page of ``words`` is best cut: after the last word that
    ends a clause, if that keeps more than half the page; else after all."""
    half = len(" ".join(words)) // 2
    length = 0
    best = len(words)
    for index, word in enumerate(words):
        length += len(word) + (1 if index else 0)
        if word.endswith(BREAKS) and length > half:
            best = index + 1
    return best


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

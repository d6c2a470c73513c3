"""What the help viewer shows of a page: laid-out lines, scrolled both ways (no pyxel).

A page is laid out only as far as it is looked at (``PageLayout``); each
frame lays out a little more in the background (``BACKGROUND_WORK``), so
the scroller fills in while the reader reads, and nothing a frame does grows
with the page's length, its lines' length or the guide's number of nodes.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator

from amigasweeper.guide import DisplayLine, LineStore, Node, PageLayout, StyledRun

# Units of layout (file lines and words) done each frame beyond what is on
# screen: well under a millisecond, so a page of 180,000 lines is complete
# after a few minutes of reading without a frame ever waiting for it (and
# scrolling lays out what it needs at once).
BACKGROUND_WORK = 120
# Pages kept laid out (the current one and the last few visited); a page that
# leaves this cache also forgets its parsed text, so reading a whole 50 MB
# guide page by page keeps memory near the size of the file.
KEPT_LAYOUTS = 8


class Layouts:
    """Laid-out pages by node and width, the most recently used kept."""

    def __init__(self) -> None:
        self._kept: dict[tuple[int, int], tuple[Node, PageLayout]] = {}

    def get(self, node: Node, columns: int) -> PageLayout:
        key = (id(node), columns)
        entry = self._kept.pop(key, None)
        if entry is None:
            entry = (node, PageLayout(node, columns))
        self._kept[key] = entry  # most recent last
        while len(self._kept) > KEPT_LAYOUTS:
            old_key = next(iter(self._kept))
            old_node, _layout = self._kept.pop(old_key)
            if not any(kept is old_node for kept, _ in self._kept.values()) and isinstance(old_node.lines, LineStore):
                old_node.lines.forget()
        return entry[1]

    def clear(self) -> None:
        self._kept.clear()


def visible_runs(line: DisplayLine, left: int, columns: int) -> Iterator[tuple[StyledRun, int, str]]:
    """The runs of ``line`` that show between columns ``left`` and
    ``left + columns``, each with its screen column and the part that shows.

    Runs are in column order, so the first one is found by bisection: a
    line of 65,000 characters costs what its visible part costs.
    """
    runs = line.runs
    right = left + columns
    start = bisect_right(runs, left, key=lambda run: run.end)
    for index in range(start, len(runs)):
        run = runs[index]
        if run.column >= right:
            break
        cut = max(0, left - run.column)
        text = run.text[cut : cut + right - max(run.column, left)]
        if text:
            yield run, max(run.column, left) - left, text


def blank_beside(line: DisplayLine, run: StyledRun) -> tuple[bool, bool]:
    """Whether the character cells just left and just right of a run are
    blank (a space, a gap or the line's end): a link's bevel reaches into
    them, and stays within its own cells beside a character, so it never
    covers the ")" after "(see @{" Marks " link Marks})"."""
    runs = line.runs
    index = bisect_right(runs, run.column, key=lambda other: other.end)  # the run itself
    before = runs[index - 1] if index > 0 else None
    after = runs[index + 1] if index + 1 < len(runs) else None
    left_blank = before is None or before.end < run.column or before.text[-1:] in ("", " ")
    right_blank = after is None or after.column > run.end or after.text[:1] in ("", " ")
    return left_blank, right_blank

"""Turning a node into screen lines of styled runs, for a window so many characters wide.

The viewer draws each :class:`Run` of a :class:`DisplayLine` at
``run.column`` character cells from the left; indents and justification are
already applied. Widths are counted in characters of a fixed-width font
(the Amiga's topaz 8, our 8x8 font).

How file lines become screen lines depends on the node's :class:`WrapMode`:

* NONE - every file line is one screen line, never wrapped; a viewer
  scrolls sideways or clips what is too long.
* WORDWRAP - every file line is a paragraph, wrapped at spaces to fit.
* SMARTWRAP - a single line end is a space; a blank line ends the paragraph
  and leaves an empty line, as does ``@{par}``. Paragraphs are wrapped.

In every mode ``@{line}`` ends the screen line, ``@{par}`` ends it and adds
an empty line, and between ``@{code}`` and ``@{body}`` lines are shown as in
the file, unwrapped. A file line holding nothing but commands (say a lone
``@{code}`` or ``@{b}``) adds no line end of its own, so such commands can
sit on lines of their own without leaving gaps.

Paragraph settings last until changed or reset by ``@{pard}``:
``@{lindent n}`` indents every line by n characters; ``@{pari n}`` adds n
(possibly negative, for hanging indents) to the first line of each
paragraph; ``@{jleft}``, ``@{jcenter}``, ``@{jright}`` place each line. A
setting takes effect from the next screen line that starts. A tab (a tab
character or ``@{tab}``) moves to the next stop: the ``@{settabs}`` columns,
then every ``@tab`` characters (8 unless set). ``@{cleartabs}`` drops the
explicit stops.

Wrapping breaks only at spaces and tabs; a word (or a button label) wider
than the whole line is cut into pieces. Spaces where a line is wrapped are
dropped; spaces at the end of a file line are kept (guides draw rules and
coloured bars with them). White space at the start of a wrapped line that
leaves no room for the word after it fills the line and breaks there, as
MultiView does, rather than making a line wider than the window.

Layout is incremental (:class:`PageLayout`): a page is laid out only as far
as it is looked at, so a page of 180,000 lines or a paragraph of 10 MB
shows its first screen at once, and the rest follows as needed.
"""

from __future__ import annotations

from bisect import bisect_right

from .displayline import DisplayLine, line_for
from .layouter import Layouter
from .model import Node

__all__ = ["PageLayout", "layout_node"]


def layout_node(node: Node, columns: int) -> list[DisplayLine]:
    """Lay out all of ``node`` for a window ``columns`` characters wide (at least 1)."""
    return PageLayout(node, columns).finish()


class PageLayout:
    """A node laid out only as far as it has been asked for.

    ``lines`` holds the screen lines made so far; :meth:`ensure` makes more.
    ``work`` counts the units of work done (file lines and words placed), so
    tests can prove a first screen costs a screenful, whatever the page.
    """

    def __init__(self, node: Node, columns: int, start: int = 0):
        self.start = start  # the node line laid out first (0: the top of the page)
        self._layouter = Layouter(node, columns, start)
        self._steps = self._layouter.steps()
        self.lines: list[DisplayLine] = self._layouter.out
        self.done = False

    def reaches(self, node_line: int) -> bool:
        """Whether the lines laid out so far cover ``node_line`` (or the page is complete)."""
        return self.done or (bool(self.lines) and self.lines[-1].node_line > node_line)

    def index_of(self, node_line: int) -> int:
        """Index of the first line laid out showing ``node_line`` or later (the last if none)."""
        index = bisect_right(self.lines, node_line - 1, key=lambda line: line.node_line)
        return min(index, max(0, len(self.lines) - 1))

    @property
    def work(self) -> int:
        return self._layouter.work

    @property
    def widest(self) -> int:
        """The width of the widest line laid out so far, in characters."""
        return self._layouter.widest

    def ensure(self, count: int) -> int:
        """Lay out until ``count`` lines exist or the page ends; how many exist."""
        return self._advance(count, None)

    def advance(self, work: int) -> bool:
        """Do about ``work`` more units of layout; whether the page is complete."""
        self._advance(None, self._layouter.work + max(1, work))
        return self.done

    def finish(self) -> list[DisplayLine]:
        """Lay out the whole page."""
        self._advance(None, None)
        return self.lines

    def line_for(self, node_line: int) -> int:
        """Index of the first screen line showing ``node.lines[node_line]`` or later."""
        while not self.done and (not self.lines or self.lines[-1].node_line < node_line):
            self.ensure(len(self.lines) + 64)
        return line_for(self.lines, node_line)

    def _advance(self, count: int | None, work: int | None) -> int:
        layouter = self._layouter
        layouter.want_lines = count
        layouter.want_work = work
        while not self.done:
            if count is not None and len(self.lines) >= count:
                break
            if work is not None and layouter.work >= work:
                break
            try:
                next(self._steps)
            except StopIteration:
                self.done = True
        return len(self.lines)

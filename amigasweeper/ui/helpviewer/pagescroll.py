"""The help viewer's page as laid out and scrolled (no pyxel): which lines
show, from which layout, and where the reader lands after a jump.

A page is laid out from its top a little each frame (pageview.py). A jump
far past what is laid out (End, a link to line 40,000, a find, the
scroller dragged to the bottom) does not wait for that: the page is laid out
again from a little above the line jumped to (a *segment*), and the view
returns to the layout from the top once that one reaches the line shown.
The scroller measures a page not yet laid out to its end in the page's own
lines, counted without reading them, so its knob is where the reader is.

:class:`PageScroll` works on the :class:`~amigasweeper.guide.navigation.Place`
its navigation shows; the window tells it how many columns and rows show.
"""

from __future__ import annotations

from collections.abc import Callable

from amigasweeper.guide import DisplayLine, LineStore, Node, PageLayout, StyledRun
from amigasweeper.guide.navigation import Navigation

from .pageview import BACKGROUND_WORK, Layouts, visible_runs


class PageScroll:
    # A jump further than this many lines past what is laid out is laid out
    # from near its target (at once), not from the top of the page.
    JUMP_FAR = 1500
    JUMP_CONTEXT = 40  # lines laid out above a line jumped to
    END_WORK = 20_000  # layout done at once for End before the view follows it frame by frame
    TAB_REACH = 2000  # lines Tab looks through beyond the window for the next button

    def __init__(self, navigation: Navigation, columns: Callable[[], int], rows: Callable[[], int]) -> None:
        self.navigation = navigation
        self._columns, self._rows = columns, rows
        self.layouts = Layouts()
        self.following_end = False  # End pressed while the page was still being laid out
        # (node, columns, layout) of a page laid out from a line far down: see ``view``.
        self.segment: tuple[Node, int, PageLayout] | None = None
        self._node_totals: dict[int, int] = {}  # lines of long pages, counted for the scroller

    @property
    def columns(self) -> int:
        return self._columns()

    @property
    def rows(self) -> int:
        return self._rows()

    @property
    def place(self):
        return self.navigation.place

    @property
    def layout(self) -> PageLayout:
        return self.layouts.get(self.place.node, self.columns)

    @property
    def view(self) -> PageLayout:
        """The layout shown: the page from its top, or from a line far down
        that the reader jumped to (End, a link's line, a find), until the
        layout from the top gets there."""
        segment = self.segment
        if segment is not None and segment[0] is self.place.node and segment[1] == self.columns:
            return segment[2]
        return self.layout

    @property
    def lines(self) -> list[DisplayLine]:
        """The shown screen lines laid out so far (at least the visible ones)."""
        view = self.view
        view.ensure(self.place.top + self.rows + 1)
        return view.lines

    @property
    def total_lines(self) -> int:
        """Lines laid out so far: the whole page once the layout is complete."""
        return len(self.lines)

    @property
    def widest(self) -> int:
        return self.view.widest

    @property
    def top(self) -> int:
        return self.place.top

    @property
    def left(self) -> int:
        return self.place.left

    def new_page(self) -> None:
        """A page was just shown: from its top, following nothing."""
        self.following_end = False
        self.segment = None

    def advance(self) -> bool:
        """A frame's background layout; True while the page is not laid out to its end."""
        layout, view = self.layout, self.view
        if view is not layout:
            self._rejoin(layout, view)
        if self.following_end and not view.done:
            view.advance(BACKGROUND_WORK)
            self._place_top(len(view.lines))
        if not layout.done:
            layout.advance(BACKGROUND_WORK)
            return True
        return False

    # ------------------------------------------------------------ jumping
    def go_to_node_line(self, node_line: int) -> None:
        """Show the page from its line ``node_line`` (counted from 0), laid out
        by whichever layout is nearest to it, or from near it when none is."""
        layout, view = self.layout, self.view
        choices = [layout] + ([view] if view is not layout and view.start <= node_line else [])

        def gap(choice: PageLayout) -> int:
            if choice.reaches(node_line):
                return 0
            return node_line - (choice.lines[-1].node_line if choice.lines else choice.start)

        best = min(choices, key=gap)
        if gap(best) > self.JUMP_FAR and self._can_anchor():
            self._anchor(max(0, node_line - self.JUMP_CONTEXT))
            best = self.view
        elif best is layout:
            self.segment = None
        self.scroll_to(best.line_for(node_line))

    def vertical_axis(self) -> tuple[int, int, int, Callable[[int], None]]:
        """(total, shown, first shown, move to) for the vertical scroller: in
        screen lines once the page is laid out to its end; before that in the
        page's own lines (counted at once without reading them), so the knob
        is where the reader is and dragging it lands at once anywhere."""
        layout, node = self.layout, self.place.node
        if layout.done or not self._can_anchor():
            return self.total_lines, self.rows, self.top, self.scroll_to
        total = self._node_totals.get(id(node))
        if total is None:
            total = self._node_totals[id(node)] = node.lines.total()
        return max(total, self.rows), self.rows, self.top_node_line(), self.go_to_node_line

    def top_node_line(self) -> int:
        """The line of the node at the top of the view (counted from 0)."""
        lines = self.view.lines
        return lines[min(self.place.top, len(lines) - 1)].node_line if lines else 0

    def _can_anchor(self) -> bool:
        return isinstance(self.place.node.lines, LineStore)

    def _anchor(self, start: int) -> None:
        node = self.place.node
        if start <= 0:
            self.segment = None
        else:
            self.segment = (node, self.columns, PageLayout(node, self.columns, start))

    def _rejoin(self, layout: PageLayout, view: PageLayout) -> None:
        """Back to the layout from the top once it covers the line shown."""
        lines = view.lines
        shown = lines[min(self.place.top, len(lines) - 1)].node_line if lines else view.start
        if layout.reaches(shown) and not self.following_end:
            self.segment = None
            self.place.top = layout.index_of(shown)

    def _reanchor_above(self, view: PageLayout, top: int) -> int:
        """Scrolling up past the first line of a layout begun far down: begin it
        further up; the new top, where the old one's line now is."""
        first = view.lines[0].node_line if view.lines else view.start
        self._anchor(max(0, view.start - 2 * max(-top, self.rows)))
        new = self.view
        new.line_for(first)
        return new.index_of(first) + top

    # ---------------------------------------------------------- scrolling
    def scroll_home(self) -> None:
        self.segment = None
        self.scroll_to(0)
        self.scroll_sideways_to(0)

    def scroll_to(self, top: int) -> None:
        """Show the page from line ``top`` (the reader's choice: End's
        following of a growing page stops)."""
        self.following_end = False
        self._place_top(top)

    def _place_top(self, top: int) -> None:
        view = self.view
        if top < 0 and view.start > 0:
            top = self._reanchor_above(view, top)
            view = self.view
        known = view.ensure(max(0, top) + self.rows)
        self.place.top = max(0, min(top, known - self.rows))

    def scroll_by(self, lines: int) -> None:
        self.scroll_to(self.place.top + lines)

    def scroll_to_end(self) -> None:
        """End: the last line laid out; while the page is still being laid
        out, the view keeps to its end as more arrives."""
        layout, node = self.layout, self.place.node
        if not layout.done and self._can_anchor():
            total = node.lines.total()
            known = layout.lines[-1].node_line if layout.lines else 0
            if total - known > self.JUMP_FAR:
                self._anchor(max(0, total - self.JUMP_CONTEXT))
        view = self.view
        view.advance(self.END_WORK)
        self._place_top(len(view.lines))
        self.following_end = not view.done

    def scroll_sideways_to(self, left: int) -> None:
        self.place.left = max(0, min(left, self.widest - self.columns))

    def scroll_sideways(self, columns: int) -> None:
        self.scroll_sideways_to(self.place.left + columns)

    # ------------------------------------------------------------- links
    def visible_links(self) -> list[tuple[int, StyledRun]]:
        found = []
        lines = self.lines
        for row in range(self.place.top, min(len(lines), self.place.top + self.rows)):
            found += [(row, run) for run, _c, _t in visible_runs(lines[row], self.place.left, self.columns)
                      if run.link is not None]
        return found

    def link_row_beyond(self, step: int) -> int | None:
        """The first line with a button below the window (step 1) or above it (-1)."""
        view, top = self.view, self.place.top
        if step > 0:
            first = top + self.rows
            view.ensure(first + self.TAB_REACH)
            rows = range(first, min(len(view.lines), first + self.TAB_REACH))
        else:
            rows = range(top - 1, max(-1, top - 1 - self.TAB_REACH), -1)
        return next((row for row in rows if any(run.link is not None for run in view.lines[row].runs)), None)

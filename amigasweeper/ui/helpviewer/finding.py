"""Find, Find Next and Go To Node in the help viewer (MultiView's Search menu).

Find asks for the text and two choices (case, whole words); the search runs
a bounded piece at a time (amigasweeper.guide.find), a few pieces a frame
within ``FRAME_BUDGET``, so no frame waits for it however big the guide.
The match found is shown highlighted; Find Next goes on from it. Go To
Node asks for a page's name and completes it with Tab.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

import pyxel

from amigasweeper.guide import DisplayLine, ManualPage, Node
from amigasweeper.guide.find import Match, Query, Search
from amigasweeper.guide.navigation import Navigation

from ..intuition.input import Frame
from ..intuition.requester import CycleGadget, Requester
from ..intuition.stringgadget import StringGadget


class Searchable(Protocol):
    """What Find needs of the viewer (helpviewer/guideview.py)."""

    navigation: Navigation  # the guide shown and where the reader is in it
    status: str
    screen_size: tuple[int, int]

    def show(self, node: Node, line: int = 0) -> None: ...

    def go_to_node_line(self, node_line: int) -> None: ...

    def top_node_line(self) -> int: ...

    def ask_requester(self, requester: Requester) -> None: ...

FRAME_BUDGET = 0.011  # seconds of searching a frame: with a draw (under 2 ms) the frame stays under 16 ms
QUERY_CHARS = 80
NAME_CHARS = 120
GADGET_CHARS = 24  # fits a LowRes screen beside its label


class Finder:
    """The viewer's search: what was asked, the search under way, the match shown."""

    def __init__(self, viewer: Searchable) -> None:
        self.viewer = viewer
        self.query: Query | None = None
        self.search: Search | None = None
        self.found: Match | None = None

    # ----------------------------------------------------------- requesters
    def ask_find(self) -> None:
        """Find...: a requester for the text and the choices."""
        viewer = self.viewer
        last = self.query or Query("")
        text = StringGadget("Find:", last.text, GADGET_CHARS, QUERY_CHARS)
        case = CycleGadget("Case:", ["Ignored", "Matters"], int(last.case))
        words = CycleGadget("Match:", ["Any text", "Whole words"], int(last.whole_word))
        requester: Requester

        def start() -> None:
            if not text.text:
                requester.say("Type the text to find.")
                return
            requester.close()
            self.start(Query(text.text, case.index == 1, words.index == 1), fresh=True)

        requester = Requester("Find", ["Find text in this guide:"], [("Find", start), ("Cancel", lambda: requester.close())],
                              viewer.screen_size, gadgets=[text], cycles=[case, words], help_node=ManualPage.VIEWER)
        viewer.ask_requester(requester)

    def ask_node(self) -> None:
        """Go To Node...: a requester for a page's name, completed with Tab."""
        viewer = self.viewer
        requester: Requester
        gadget = CompletingGadget("Page:", GADGET_CHARS, NAME_CHARS, self.node_names, lambda note: requester.say(note))

        def go() -> None:
            node = viewer.navigation.document.node(gadget.text.strip())
            if node is None:
                requester.say(f"No page called {gadget.text.strip()[:30]}; Tab completes a name.")
                return
            requester.close()
            viewer.show(node)

        requester = Requester("Go To Page", ["Name of a page of this guide:"], [("Go", go), ("Cancel", lambda: requester.close())],
                              viewer.screen_size, gadgets=[gadget], help_node=ManualPage.VIEWER)
        viewer.ask_requester(requester)

    def node_names(self) -> list[str]:
        return [node.name for node in self.viewer.navigation.document.nodes]

    # -------------------------------------------------------------- finding
    def find_next(self) -> None:
        """Find Next: on from the match shown (or asks, when nothing was asked yet)."""
        if self.query is None:
            self.ask_find()
        else:
            self.start(self.query, fresh=False)

    def start(self, query: Query, *, fresh: bool) -> None:
        viewer = self.viewer
        self.query = query
        found = self.found
        if not fresh and found is not None and found.node is viewer.navigation.place.node:
            self.search = Search(viewer.navigation.document, query, found.node, found.node_line, found.occurrence)
        else:
            self.search = Search(viewer.navigation.document, query, viewer.navigation.place.node, viewer.top_node_line(), -1)
        viewer.status = f"Finding {query.text}..."[:60]
        self.tick()

    @property
    def busy(self) -> bool:
        return self.search is not None

    def tick(self) -> None:
        """Search on for up to FRAME_BUDGET; show the match when there is one."""
        search = self.search
        if search is None:
            return
        deadline = time.perf_counter() + FRAME_BUDGET
        while not search.step():
            if time.perf_counter() >= deadline:
                return
        self.search = None
        self.found = search.found
        viewer = self.viewer
        if search.found is None:
            viewer.status = f"Not found: {search.query.text}"[:60]
            return
        viewer.status = ""
        match = search.found
        if match.node is not viewer.navigation.place.node:
            viewer.show(match.node)
        viewer.go_to_node_line(match.node_line)
        viewer.status = ""

    def cancel(self) -> None:
        if self.search is not None:
            self.search = None
            self.viewer.status = "Find stopped"

    # ------------------------------------------------------------ highlight
    def spans(self, lines: list[DisplayLine], row: int) -> list[tuple[int, int]]:
        """Columns (start, end) of the match shown on screen line ``row``, if any."""
        found, viewer = self.found, self.viewer
        if found is None or found.node is not viewer.navigation.place.node or self.query is None:
            return []
        line = lines[row]
        if line.node_line != found.node_line:
            return []
        pattern = self.query.pattern()
        first = row
        while first > 0 and lines[first - 1].node_line == found.node_line:
            first -= 1
        seen = 0
        for index in range(first, row + 1):
            for match in pattern.finditer(lines[index].text):
                if seen == found.occurrence:
                    return [(match.start(), match.end())] if index == row else []
                seen += 1
        return []


class CompletingGadget(StringGadget):
    """A string gadget that completes a name from a list with Tab."""

    def __init__(self, label: str, width_chars: int, max_chars: int,
                 names: Callable[[], list[str]], say: Callable[[str], None]) -> None:
        super().__init__(label, "", width_chars, max_chars)
        self.names = names
        self.say = say

    def edit(self, frame: Frame) -> None:
        super().edit(frame)
        if frame.key(pyxel.KEY_TAB):
            self.complete()

    def complete(self) -> None:
        typed = self.text.strip().lower()
        matches = sorted({name for name in self.names() if name.lower().startswith(typed)}, key=str.lower)
        if not matches:
            self.say("No page name starts so.")
            return
        common = matches[0]
        for name in matches[1:]:
            while not name.lower().startswith(common.lower()):
                common = common[:-1]
        self.text = matches[0] if len(matches) == 1 else common if len(common) >= len(typed) else self.text
        self.cursor = len(self.text)
        if len(matches) > 1:
            shown = ", ".join(matches[:4]) + (", ..." if len(matches) > 4 else "")
            self.say(f"{len(matches)} pages: {shown}"[:60])
        else:
            self.say("")

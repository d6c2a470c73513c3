"""Find in a guide: the page shown first, then the pages after it, round to
where the search began (pure Python; MultiView's Find and Find Next).

A search is done a bounded piece at a time (:meth:`Search.step`), so a viewer
spreads it over frames: each step searches at most ``CHUNK`` characters of
the file with a regular expression (in C), or indexes a few hundred line
commands, or reads one line. The file's text is searched first (allowing for
inline commands and escapes between letters); a line that matches there is
then read as the page shows it (commands gone, escapes
undone) and searched again, so a match is always text the reader sees.
(Text that only a macro writes is not found: the file does not hold it.)

A guide just opened is indexed only a little way (see parser.py). A match
past the index is not waited for: the file is searched backward from it for
the nearest ``@node`` (or ``@endnode``: then the match is outside any node),
a window a step, and that one node is read ahead of the index, so Find in a
50 MB guide costs the characters searched, not the 60,000 nodes before it.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field

from .model import Document, LineStore, Node
from .nodereader import node_line_at, node_line_offset, node_source

CHUNK = 500_000  # file characters searched by one step (about a millisecond)
INDEX_STEP = 100  # line commands indexed by one step (about a millisecond)
OVERLAP = 4096  # a chunk starts this far before the last one ended, for a match across the edge
BACK_CHUNK = 65_536  # file characters searched backward by one step for the "@node" a match is under
# A line that begins or ends a node; "\n" first, so the search skips ahead in C.
_NODE_EDGE = re.compile(r"\n@(end)?node(?![a-z])", re.I)
_NODE_EDGE_FIRST = re.compile(r"@(end)?node(?![a-z])", re.I)  # the same on the file's first line


@dataclass(frozen=True)
class Query:
    """What to find: the text, whether case matters, whether only whole words count."""

    text: str
    case: bool = False
    whole_word: bool = False

    def pattern(self) -> re.Pattern[str]:
        body = re.escape(self.text)
        if self.whole_word:
            body = rf"(?<!\w){body}(?!\w)"
        return re.compile(body, 0 if self.case else re.IGNORECASE)

    def file_pattern(self) -> re.Pattern[str]:
        """What to look for in the file: the text, each character maybe
        escaped and maybe followed by inline commands (``b@{b}old`` shows
        as "bold"). It finds a little more than the page shows; every
        candidate is checked against the page's own text."""
        between = r"(?:@\{[^{}\n]{0,64}\})*"
        text = self.text if self.case else self.text.lower()
        # The first character is plain, so the search skips ahead at C speed.
        body = between.join([re.escape(text[:1])] + [rf"\\?{re.escape(char)}" for char in text[1:]])
        return re.compile(body)


@dataclass(frozen=True)
class Match:
    """A match: the page, its line (counted from 0), and which match of the
    query in that line's text it is (0 the first)."""

    node: Node
    node_line: int
    occurrence: int
    text: str


@dataclass
class _Owner:
    """Finding the node that holds a match past the index: backward to its
    ``@node`` line (``at``), then its file line number counted from where the
    index is, a chunk a step."""

    offset: int  # the match in the file
    low: int  # searched backward down to here
    at: int = -1  # where its "@node" line starts, once found
    counted_to: int = 0  # lines counted up to here ...
    counted: int = 0  # ... are this many (the file line number there)
    line: int | None = field(default=None)  # the "@node" line's number, once counted


def line_text(node: Node, index: int) -> str | None:
    """The text of line ``index`` of a page as shown (None past its end),
    without reading the lines before it."""
    lines = node.lines
    if index < 0:
        return None
    if isinstance(lines, LineStore):
        if index < lines.read_count:
            return lines[index].text()
        line = next(iter(lines.starting_at(index)), None)
        return line.text() if line is not None else None
    return lines[index].text() if index < len(lines) else None


class Search:
    """One Find or Find Next, from just after (``node``, ``line``, ``occurrence``).

    ``step`` until ``done``; then ``found`` is the match, or None when the
    query is nowhere in the guide. A page that is not one of the guide's
    (a problems page) is searched alone.
    """

    def __init__(self, document: Document, query: Query, node: Node, line: int = 0, occurrence: int = -1):
        self.document = document
        self.query = query
        self.pattern = query.pattern()
        self.file_pattern = query.file_pattern()
        self.done = not query.text
        self.found: Match | None = None
        self.home = node
        self._line_first: tuple[Node, int, int] | None = (node, line, occurrence)  # the line the search starts in, searched first
        source = node_source(node) if document.reads(node) else None
        if source is None:
            self._text, self._start = "", 0
            self._page_only = True
        else:
            self._text, self._start = source[0], self._offset_after(node, line, source)
            self._page_only = False
        self._cursor = self._start
        self._wrapped = False
        self._page_line = line + 1  # for a page searched alone
        self._owner: _Owner | None = None
        self._in_open_node = -1  # a match in the node the index is reading: its end is indexed
        self.looked_at = 0  # file characters the last step searched or counted (its work, for tests)

    # ------------------------------------------------------------ stepping
    def step(self) -> bool:
        """Do one bounded piece of the search; whether it is over."""
        self.looked_at = 0
        if self.done:
            return True
        if self._line_first is not None:
            node, line, occurrence = self._line_first
            self._line_first = None
            if self._try_line(node, line, occurrence + 1):
                return True
            return False
        if self._page_only:
            return self._step_page()
        return self._step_file()

    def run(self) -> Match | None:
        """The whole search at once (for tests and the command line)."""
        while not self.step():
            pass
        return self.found

    # ------------------------------------------------------- a page alone
    def _step_page(self) -> bool:
        node = self.home
        for _ in range(200):
            text = line_text(node, self._page_line)
            if text is None:
                self.done = True  # a page of the viewer's own is not searched round again
                return True
            if self._try_line(node, self._page_line, 0):
                return True
            self._page_line += 1
        return False

    # ------------------------------------------------------- the whole file
    def _step_file(self) -> bool:
        if self._owner is not None:
            return self._step_owner(self._owner)
        text = self._text
        end = len(text) if not self._wrapped else self._start
        if self._cursor >= end:
            if self._wrapped:
                self.done = True
                return True
            self._wrapped, self._cursor = True, 0
            return False
        match = self._search_chunk(text, self._cursor, min(end, self._cursor + CHUNK))
        if match is None:
            # A match may straddle the chunk's edge: the next chunk starts a query's length back.
            chunk_end = min(end, self._cursor + CHUNK)
            self._cursor = chunk_end if chunk_end >= end else max(self._cursor + 1, chunk_end - OVERLAP)
            return False
        return self._candidate(match)

    def _search_chunk(self, text: str, start: int, end: int) -> int | None:
        """Offset of the first candidate in ``text[start:end]``, or None. Without
        case, the chunk is lowered first: a literal search, ten times faster
        than one that ignores case."""
        chunk = text[start:end]
        self.looked_at += end - start
        if not self.query.case:
            lowered = chunk.lower()
            if len(lowered) != len(chunk):  # a letter whose lower case is longer (not Latin-1)
                found = re.compile(self.file_pattern.pattern, re.IGNORECASE).search(chunk)
                return None if found is None else start + found.start()
            chunk = lowered
        found = self.file_pattern.search(chunk)
        return None if found is None else start + found.start()

    def _candidate(self, offset: int) -> bool:
        """A match in the file at ``offset``: is it text on a page?"""
        indexer = self.document.indexer
        if indexer is not None and not indexer.covers(offset):
            if offset != self._in_open_node:
                self._owner = _Owner(offset, low=offset)  # past the index: which node, not waited for
                return False
            if not indexer.index_past(offset, INDEX_STEP):
                return False  # the node being indexed, a piece further; looked at again next step
        return self._on_line(self._node_at(offset), offset)

    def _on_line(self, node: Node | None, offset: int) -> bool:
        """Search the page line of ``node`` that file character ``offset`` is on; the file search goes on after it."""
        line_end = self._text.find("\n", offset)
        self._cursor = len(self._text) if line_end < 0 else line_end + 1
        line = node_line_at(node, offset) if node is not None else None
        if node is None or line is None:
            return False
        return self._try_line(node, line, 0)

    def _step_owner(self, owner: _Owner) -> bool:
        """One step of finding the node that holds a match past the index."""
        indexer = self.document.indexer
        if indexer is None or indexer.covers(owner.offset):
            self._owner = None  # the index got there meanwhile: its own node is the one
            return self._candidate(owner.offset)
        if owner.at < 0:
            return self._step_back(owner, indexer.where())
        if owner.line is None:
            end = min(owner.at, owner.counted_to + CHUNK)
            owner.counted += self._text.count("\n", owner.counted_to, end)
            self.looked_at += end - owner.counted_to
            owner.counted_to = end
            if end == owner.at:
                owner.line = owner.counted
            return False
        done, node = indexer.read_ahead(owner.at, owner.line, INDEX_STEP)
        if not done:
            return False
        self._owner = None
        return self._on_line(node, owner.offset)

    def _step_back(self, owner: _Owner, index_at: tuple[int, int]) -> bool:
        """Search one window backward for the line that begins (or ends) the node the match is in."""
        text = self._text
        low = max(0, owner.low - BACK_CHUNK)
        self.looked_at += owner.low - low
        edge = None
        for found in _NODE_EDGE.finditer(text, low, min(len(text), owner.low + 8)):
            if found.start() >= owner.low:
                break
            edge = found
        at = -1
        if edge is not None:
            at = -1 if edge.group(1) else edge.start() + 1
        elif low > 0:
            owner.low = low
            return False
        else:
            first = _NODE_EDGE_FIRST.match(text)
            at = 0 if first is not None and not first.group(1) else -1
        if at < 0:  # after an @endnode (or before any @node): not on a page
            self._owner = None
            return self._on_line(None, owner.offset)
        if at <= index_at[0]:  # the index has read this "@node": the node it is reading
            self._owner, self._in_open_node = None, owner.offset
            return self._candidate(owner.offset)
        owner.at = at
        owner.counted_to, owner.counted = index_at
        return False

    def _node_at(self, offset: int) -> Node | None:
        nodes = self.document.indexed
        index = bisect_right(nodes, offset, key=_body_start) - 1
        if index < 0:
            return None
        source = node_source(nodes[index])
        return nodes[index] if source is not None and source[1] <= offset < source[2] else None

    def _try_line(self, node: Node, line: int, first: int) -> bool:
        text = line_text(node, line)
        if text is None:
            return False
        matches = list(self.pattern.finditer(text))
        if first < len(matches):
            self.found = Match(node, line, first, matches[first].group())
            self.done = True
        return self.done

    @staticmethod
    def _offset_after(node: Node, line: int, source: tuple[str, int, int]) -> int:
        """The file offset where line ``line + 1`` of ``node`` starts."""
        offset = node_line_offset(node, line + 1)
        return source[2] if offset is None else offset


def _body_start(node: Node) -> int:
    source = node_source(node)
    return source[1] if source is not None else 1 << 62  # the node being indexed: its text not yet known

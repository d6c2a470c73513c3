"""The document model an AmigaGuide file is read into.

A :class:`Document` holds the database-wide settings and its :class:`Node`
pages in file order. A node's text is kept line by line, as it was in the
file, because the wrap modes decide later how those lines become screen lines
(see :mod:`amigasweeper.guide.layout`). Each :class:`SourceLine` (sourceline.py) is a list of
inline items:

* :class:`Span` - text in one :class:`Style` (bold, italic, underline, pens);
* :class:`Link` - a button with a label and an action (:class:`ActionKind`);
* :class:`Layout` - a formatting command such as ``@{line}`` or ``@{lindent 4}``.

Style commands (``@{b}``, ``@{fg shine}`` ...) do not appear as items: they
change the style of the spans that follow, so a viewer only ever draws spans.
Nothing in the model executes anything; actions are data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from itertools import islice
from typing import Callable, Iterator, Protocol, Sequence, overload, runtime_checkable

from .sourceline import Link, SourceLine


class WrapMode(Enum):
    """How the lines of a node become lines on the screen.

    NONE
        Each line of the file is one screen line; long lines run off the
        right edge (a viewer scrolls or clips). The only mode before V39.
    WORDWRAP
        (V39, ``@wordwrap``) Each line of the file is a paragraph that is
        wrapped at word boundaries to fit the window.
    SMARTWRAP
        (V40, ``@smartwrap``) Single line ends in the file count as spaces;
        a blank line or ``@{par}`` ends a paragraph. Paragraphs are wrapped.
    """

    NONE = "none"
    WORDWRAP = "wordwrap"
    SMARTWRAP = "smartwrap"


@dataclass(frozen=True, slots=True)
class Font:
    name: str
    size: int


@dataclass(frozen=True, slots=True)
class Macro:
    """``@macro name "body"``: ``$1``, ``$2`` ... in the body take the arguments."""

    name: str
    body: str


@dataclass(frozen=True, slots=True)
class Problem:
    """Something the parser could not read as intended, at a 1-based file line."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@runtime_checkable
class SkippingReader(Protocol):
    """A node's reader that can start at a later line, and count the lines
    without reading them (the parser's NodeReader)."""

    def __call__(self, skip: int = 0) -> Iterator[SourceLine]: ...

    def total(self) -> int: ...


class LineStore(Sequence[SourceLine]):
    """A node's lines, read from the file only as far as they are asked for.

    ``reader`` makes a fresh iterator of the node's parsed lines, in order.
    Iterating reads on as needed, so a page of 180,000 lines shows its first
    screen after reading a screenful; ``len`` reads everything. ``forget``
    drops what was read (it is read again when asked for), which keeps the
    memory of a browsed 50 MB guide near the size of the file.
    """

    __slots__ = ("_reader", "_read", "_source", "done")

    def __init__(self, reader: Callable[[], Iterator[SourceLine]] | SkippingReader):
        self._reader = reader
        self._read: list[SourceLine] = []
        self._source: Iterator[SourceLine] | None = None
        self.done = False

    def _more(self) -> bool:
        if self.done:
            return False
        if self._source is None:
            self._source = self._reader()
        line = next(self._source, None)
        if line is None:
            self.done, self._source = True, None
            return False
        self._read.append(line)
        return True

    def read_up_to(self, count: int) -> int:
        """Read until ``count`` lines are in hand (or the node ends); how many are."""
        while len(self._read) < count and self._more():
            pass
        return len(self._read)

    @property
    def reader(self) -> Callable[[], Iterator[SourceLine]] | SkippingReader:
        """What reads the node's lines (the parser's NodeReader for a node of a guide's text)."""
        return self._reader

    @property
    def read_count(self) -> int:
        return len(self._read)

    def __iter__(self) -> Iterator[SourceLine]:
        position = 0
        while position < len(self._read) or self._more():
            yield self._read[position]
            position += 1

    def __len__(self) -> int:
        if not self.done:
            if self._source is None:
                self._source = self._reader()
            self._read.extend(self._source)  # the rest at C speed, not line by line
            self.done, self._source = True, None
        return len(self._read)

    @overload
    def __getitem__(self, index: int) -> SourceLine: ...

    @overload
    def __getitem__(self, index: slice) -> list[SourceLine]: ...

    def __getitem__(self, index: int | slice) -> SourceLine | list[SourceLine]:
        if isinstance(index, int) and index >= 0:
            if self.read_up_to(index + 1) <= index:
                raise IndexError(index)
            return self._read[index]
        len(self)
        return self._read[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, LineStore)):
            return list(self) == list(other)
        return NotImplemented

    def forget(self) -> None:
        self._read, self._source, self.done = [], None, False

    def total(self) -> int:
        """How many lines the node has, without reading them when the reader can count."""
        if self.done:
            return len(self._read)
        reader = self._reader
        return reader.total() if isinstance(reader, SkippingReader) else len(self)

    def starting_at(self, index: int) -> "LineStore":
        """The lines from ``index`` on, read afresh without reading those before
        (in plain style: a style set earlier on the page is not known)."""
        reader = self._reader
        if index <= len(self._read) or not isinstance(reader, SkippingReader):
            return LineStore(lambda: islice(iter(self), index, None))  # what was read, then read on
        return LineStore(lambda: reader(index))


@dataclass(slots=True, eq=False)
class Node:
    """One page. ``wrap``, ``tab_size``, ``font`` and ``proportional`` already
    include the database-wide defaults when the node sets nothing itself.
    ``position`` is the node's place in ``Document.nodes`` (-1 for pages
    made by a viewer, such as the problems page). Nodes compare by identity."""

    name: str
    title: str
    line: int = 0
    end_line: int = 0
    next: str | None = None
    prev: str | None = None
    toc: str | None = None
    index: str | None = None
    help: str | None = None
    keywords: tuple[str, ...] = ()
    onopen: str | None = None
    onclose: str | None = None
    font: Font | None = None
    wrap: WrapMode = WrapMode.NONE
    tab_size: int = 8
    proportional: bool = False
    embeds: list[str] = field(default_factory=list)
    macros: dict[str, Macro] = field(default_factory=dict)
    lines: Sequence[SourceLine] = field(default_factory=list)
    position: int = -1

    def links(self) -> Iterator[Link]:
        for source_line in self.lines:
            for item in source_line.items:
                if isinstance(item, Link):
                    yield item

    def text(self) -> str:
        """The node's plain text, one file line per text line."""
        return "\n".join(line.text() for line in self.lines)


class GuideIndex(Protocol):
    """What a document asks of the parser's indexer (indexer.py) while its
    file is not indexed to its end, and what Find asks to search ahead of it."""

    def resume(self, until: Callable[[], bool] | None = None, steps: int | None = None) -> bool: ...

    def find(self, key: str) -> Node | None: ...

    def first(self) -> Node | None: ...

    def reach(self, position: int) -> None: ...

    def holds_ahead(self, node: Node) -> bool: ...

    def covers(self, offset: int) -> bool: ...

    def index_past(self, offset: int, steps: int) -> bool: ...

    def where(self) -> tuple[int, int]: ...

    def read_ahead(self, at: int, line: int, steps: int) -> tuple[bool, Node | None]: ...


@dataclass(frozen=True, slots=True)
class Target:
    """Where a link or a node reference leads: ``file`` is None for a node
    of the same guide, else the Amiga path of another guide as written."""

    file: str | None
    node: str


# Problems beyond this many are counted, not listed: a 5 MB binary file
# would otherwise produce a list longer than anyone could read.
MAX_PROBLEMS = 500


@dataclass(slots=True, weakref_slot=True)
class Document:
    """A whole guide. ``nodes`` are in file order; ``indexed_by_name`` has
    lower-case keys because node names are not case-sensitive. ``problems``
    lists what could not be read, in the order it was found: a guide read
    lazily (see :func:`amigasweeper.guide.parser.parse`) adds the problems of
    a page when the page is first read, and :meth:`read_all` reads them all.
    Links are checked separately by
    :func:`amigasweeper.guide.validate.validate_links`. ``folder`` is the
    host folder the guide was read from ("" when it came from memory): links
    into other files are resolved from there."""

    source_name: str = ""
    database: str = ""
    version: str = ""
    copyright: str = ""
    author: str = ""
    master: str = ""
    font: Font | None = None
    width: int | None = None
    height: int | None = None
    wrap: WrapMode = WrapMode.NONE
    tab_size: int = 8
    proportional: bool = False
    index: str | None = None
    help: str | None = None
    toc: str | None = None
    onopen: str | None = None
    onclose: str | None = None
    macros: dict[str, Macro] = field(default_factory=dict)
    # The nodes indexed so far (all of them once ``indexer`` is None): use
    # ``nodes`` and ``node()``, which finish the index first.
    indexed: list[Node] = field(default_factory=list)
    indexed_by_name: dict[str, Node] = field(default_factory=dict)
    indexer: GuideIndex | None = None  # the parser's, while the file is not indexed to its end
    # Gives the text an @embed line shows (a viewer sets it: it reads files by its folder's rules).
    embedder: Callable[[str], str] | None = None
    problems: list[Problem] = field(default_factory=list)
    problems_dropped: int = 0
    # A fault repeated is listed once, at its first line: here, by message,
    # how many times it was found and the last line (see validate.counted).
    problem_counts: dict[str, tuple[int, int]] = field(default_factory=dict)
    folder: str = ""
    size: int = 0
    # The line of each file-wide @index, @toc and @help: a missing target is reported there.
    setting_lines: dict[str, int] = field(default_factory=dict)

    # -- the index -----------------------------------------------------------

    @property
    def nodes(self) -> list[Node]:
        """Every node, in file order (indexing the rest of the file first)."""
        self.index_all()
        return self.indexed

    @property
    def indexing(self) -> bool:
        """Whether part of the file is still to be indexed."""
        return self.indexer is not None

    def index_all(self) -> None:
        if self.indexer is not None:
            self.indexer.resume()

    def index_more(self, commands: int) -> bool:
        """Index about ``commands`` more line commands; whether the index is complete."""
        if self.indexer is not None:
            self.indexer.resume(steps=commands)
        return self.indexer is None

    def _lookup(self, key: str) -> Node | None:
        """The node called ``key`` (lower case), indexing only as far as needed."""
        if self.indexer is not None:
            return self.indexer.find(key)
        return self.indexed_by_name.get(key)

    # -- problems ------------------------------------------------------------

    def add_problem(self, problem: Problem) -> None:
        seen = self.problem_counts.get(problem.message)
        if seen is not None:  # listed once, counted every time
            self.problem_counts[problem.message] = (seen[0] + 1, max(seen[1], problem.line))
        elif len(self.problems) < MAX_PROBLEMS:
            self.problems.append(problem)
            self.problem_counts[problem.message] = (1, problem.line)
        else:
            self.problems_dropped += 1

    def summarise_dropped(self) -> None:
        """Turn the count of unlisted problems into a last problem saying so."""
        if self.problems_dropped:
            last = max((problem.line for problem in self.problems), default=0)
            self.problems.append(Problem(last, f"{self.problems_dropped} further problems not listed"))
            self.problems_dropped = 0

    def read_all(self) -> None:
        """Read every page, so that ``problems`` lists all there are."""
        for node in self.nodes:
            len(node.lines)

    @property
    def unread_pages(self) -> int:
        """How many pages have not been read through yet (0 once all are)."""
        return sum(1 for node in self.nodes if isinstance(node.lines, LineStore) and not node.lines.done)

    # -- finding nodes -------------------------------------------------------

    def locate(self, target: str) -> Target:
        """Where ``target`` (``NODE`` or ``file/NODE``) leads.

        A name this file has as a node is that node, even when it holds a
        "/" (real guides have nodes called ``Help/About``); otherwise the
        part after the last "/" is a node of the file the rest names, which
        may be this one (``ThisGuide.guide/NODE``).
        """
        if "/" not in target or self._lookup(target.lower()) is not None:
            return Target(None, target)
        file, node_name = target.rsplit("/", 1)
        if self.names_this_file(file):
            return Target(None, node_name)
        return Target(file, node_name)

    def node(self, name: str | None) -> Node | None:
        """The node called ``name`` (any case), or a ``file/NODE`` path into this file."""
        if not name:
            return None
        where = self.locate(name)
        if where.file is not None:
            return None
        return self._lookup(where.node.lower())

    def names_this_file(self, file: str) -> bool:
        """Whether ``file`` (a path from a link) is this guide itself."""
        base = file.replace(":", "/").rsplit("/", 1)[-1].lower()
        own = {n.replace(":", "/").rsplit("/", 1)[-1].lower() for n in (self.source_name, self.database) if n}
        return base in own

    @property
    def main(self) -> Node | None:
        """The page a viewer opens first: the node named MAIN, else the first node."""
        found = self._lookup("main")
        if found is None and self.indexer is not None:
            return self.indexer.first()
        return found or (self.indexed[0] if self.indexed else None)

    def resolve(self, link: Link) -> Node | None:
        """The node of this file a LINK/ALINK button goes to, or None."""
        if not link.kind.navigates:
            return None
        return self.node(link.target)

    def holds(self, node: Node) -> bool:
        """Whether ``node`` is one of this guide's pages (in constant time)."""
        return 0 <= node.position < len(self.indexed) and self.indexed[node.position] is node

    def reads(self, node: Node) -> bool:
        """Whether ``node`` is one of this guide's: indexed, or read ahead of
        the index by a Find (the index adopts it when it gets there)."""
        return self.holds(node) or (self.indexer is not None and self.indexer.holds_ahead(node))

    # -- the viewer's buttons ------------------------------------------------

    def contents_for(self, node: Node) -> Node | None:
        """Target of the Contents button: the node's @toc, the database's, else MAIN."""
        return self.node(node.toc) or self.node(self.toc) or self.main

    def index_for(self, node: Node) -> Node | None:
        """Target of the Index button, or None when the guide has no index."""
        return self.node(node.index) or self.node(self.index)

    def help_for(self, node: Node) -> Node | None:
        """Target of the Help button, or None when the guide names no help node."""
        return self.node(node.help) or self.node(self.help)

    def browse_next(self, node: Node) -> Node | None:
        """Browse >: the node's @next, else the next node in the file."""
        if node.next:
            return self.node(node.next)
        return self._neighbour(node, 1)

    def browse_prev(self, node: Node) -> Node | None:
        """Browse <: the node's @prev, else the previous node in the file."""
        if node.prev:
            return self.node(node.prev)
        return self._neighbour(node, -1)

    def _neighbour(self, node: Node, step: int) -> Node | None:
        if not self.holds(node):
            return None
        other = node.position + step
        if self.indexer is not None and other >= 0:
            self.indexer.reach(other)
        return self.indexed[other] if 0 <= other < len(self.indexed) else None

    def links(self) -> Iterator[tuple[Node, Link]]:
        for node in self.nodes:
            for link in node.links():
                yield node, link

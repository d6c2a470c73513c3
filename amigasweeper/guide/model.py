"""The document model an AmigaGuide file is read into.

A :class:`Document` holds the database-wide settings and its :class:`Node`
pages in file order. A node's text is kept line by line, as it was in the
file, because the wrap modes decide later how those lines become screen lines
(see :mod:`amigasweeper.guide.layout`). Each :class:`SourceLine` is a list of
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
from typing import Iterator, Union


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


class Pen(Enum):
    """The DrawInfo pens that ``@{fg name}`` and ``@{bg name}`` may name."""

    TEXT = "text"
    SHINE = "shine"
    SHADOW = "shadow"
    FILL = "fill"
    FILLTEXT = "filltext"
    BACKGROUND = "background"
    HIGHLIGHT = "highlight"

    @classmethod
    def from_name(cls, name: str) -> "Pen | None":
        """The pen called ``name`` (any case; ``highlighttext`` also accepted)."""
        key = name.strip().lower()
        if key == "highlighttext":
            key = "highlight"
        try:
            return cls(key)
        except ValueError:
            return None


# A colour is a named DrawInfo pen or, after @{apen n}/@{bpen n}, a raw pen number.
Colour = Union[Pen, int]


@dataclass(frozen=True, slots=True)
class Style:
    """How a piece of text is drawn. ``fg``/``bg`` are pens or raw pen numbers."""

    bold: bool = False
    italic: bool = False
    underline: bool = False
    fg: Colour = Pen.TEXT
    bg: Colour = Pen.BACKGROUND


PLAIN = Style()


@dataclass(frozen=True, slots=True)
class Span:
    """Text drawn in one style. May contain tab characters."""

    text: str
    style: Style = PLAIN


class ActionKind(Enum):
    """What a button does when clicked.

    LINK and ALINK go to a node (ALINK asked the Amiga for a new window; a
    single-window viewer treats it as LINK). SYSTEM, RX and RXS would run a
    program or an ARexx script: a viewer shows the button and refuses it.
    CLOSE, QUIT and BEEP are harmless and left to the viewer.
    """

    LINK = "link"
    ALINK = "alink"
    SYSTEM = "system"
    RX = "rx"
    RXS = "rxs"
    CLOSE = "close"
    QUIT = "quit"
    BEEP = "beep"

    @property
    def navigates(self) -> bool:
        return self in (ActionKind.LINK, ActionKind.ALINK)

    @property
    def runs_program(self) -> bool:
        return self in (ActionKind.SYSTEM, ActionKind.RX, ActionKind.RXS)


@dataclass(frozen=True, slots=True)
class Link:
    """A button: ``@{"label" kind target [line]}``.

    ``target`` is the argument as written: ``NODE`` or ``file/NODE`` for
    LINK/ALINK, the command line for SYSTEM/RX/RXS, empty otherwise. ``line``
    is the line of the target node to show first, counted from 0.
    ``source_line`` is where the button is in the file.
    """

    label: str
    kind: ActionKind
    target: str = ""
    line: int = 0
    style: Style = PLAIN
    source_line: int = 0

    @property
    def file(self) -> str | None:
        """The file part of ``file/NODE``, or None for a node of this file."""
        if "/" not in self.target:
            return None
        return self.target.rsplit("/", 1)[0]

    @property
    def node(self) -> str:
        """The node part of the target (the whole target when there is no file)."""
        return self.target.rsplit("/", 1)[-1]


class Command(Enum):
    """Formatting commands kept in the text for the layout step."""

    LINE = "line"  # end the screen line, same paragraph
    PAR = "par"  # end the paragraph (like a blank line)
    TAB = "tab"  # move to the next tab stop
    JLEFT = "jleft"
    JCENTER = "jcenter"
    JRIGHT = "jright"
    LINDENT = "lindent"  # left indent of every line, in characters
    PARI = "pari"  # extra indent of a paragraph's first line (may be negative)
    PARD = "pard"  # back to default paragraph settings
    SETTABS = "settabs"  # explicit tab stops
    CLEARTABS = "cleartabs"  # back to a stop every `tab` characters
    CODE = "code"  # stop wrapping: lines as in the file
    BODY = "body"  # wrap again as the node's mode says


@dataclass(frozen=True, slots=True)
class Layout:
    """One formatting command; ``value`` for LINDENT/PARI, ``stops`` for SETTABS."""

    command: Command
    value: int = 0
    stops: tuple[int, ...] = ()


Inline = Union[Span, Link, Layout]


@dataclass(slots=True)
class SourceLine:
    """One line of a node's text as read from the file.

    ``blank`` is True when the line held nothing but white space: in smart
    wrap mode such a line ends a paragraph. A line that held only commands
    is not blank but has no visible content (see :attr:`visible`).
    """

    number: int
    items: list[Inline] = field(default_factory=list)
    blank: bool = False

    @property
    def visible(self) -> bool:
        """Whether the line puts anything on the screen (text, a button, a tab or a break)."""
        for item in self.items:
            if isinstance(item, Layout):
                if item.command in (Command.LINE, Command.PAR, Command.TAB):
                    return True
            elif not isinstance(item, Span) or item.text:
                return True
        return False

    def text(self) -> str:
        """The line's plain text, link labels included, without formatting."""
        parts = []
        for item in self.items:
            if isinstance(item, Span):
                parts.append(item.text)
            elif isinstance(item, Link):
                parts.append(item.label)
            elif item.command is Command.TAB:
                parts.append("\t")
        return "".join(parts)


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


@dataclass(slots=True)
class Node:
    """One page. ``wrap``, ``tab_size``, ``font`` and ``proportional`` already
    include the database-wide defaults when the node sets nothing itself."""

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
    lines: list[SourceLine] = field(default_factory=list)

    def links(self) -> Iterator[Link]:
        for source_line in self.lines:
            for item in source_line.items:
                if isinstance(item, Link):
                    yield item

    def text(self) -> str:
        """The node's plain text, one file line per text line."""
        return "\n".join(line.text() for line in self.lines)


@dataclass(slots=True)
class Document:
    """A whole guide. ``nodes`` are in file order; ``nodes_by_name`` has
    lower-case keys because node names are not case-sensitive. ``problems``
    lists what could not be read; links are checked separately by
    :func:`amigasweeper.guide.validate.validate_links`."""

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
    nodes: list[Node] = field(default_factory=list)
    nodes_by_name: dict[str, Node] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    # -- finding nodes -------------------------------------------------------

    def node(self, name: str | None) -> Node | None:
        """The node called ``name`` (any case), or a ``file/NODE`` path into this file."""
        if not name:
            return None
        found = self.nodes_by_name.get(name.lower())
        if found is not None or "/" not in name:
            return found
        file, node_name = name.rsplit("/", 1)
        if self.names_this_file(file):
            return self.nodes_by_name.get(node_name.lower())
        return None

    def names_this_file(self, file: str) -> bool:
        """Whether ``file`` (a path from a link) is this guide itself."""
        base = file.replace(":", "/").rsplit("/", 1)[-1].lower()
        own = {n.replace(":", "/").rsplit("/", 1)[-1].lower() for n in (self.source_name, self.database) if n}
        return base in own

    def is_local(self, target: str) -> bool:
        """Whether a link target or node reference points into this file."""
        if "/" not in target or target.lower() in self.nodes_by_name:
            return True
        return self.names_this_file(target.rsplit("/", 1)[0])

    @property
    def main(self) -> Node | None:
        """The page a viewer opens first: the node named MAIN, else the first node."""
        return self.nodes_by_name.get("main") or (self.nodes[0] if self.nodes else None)

    def resolve(self, link: Link) -> Node | None:
        """The node of this file a LINK/ALINK button goes to, or None."""
        if not link.kind.navigates:
            return None
        return self.node(link.target)

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
        for position, candidate in enumerate(self.nodes):
            if candidate is node:
                other = position + step
                return self.nodes[other] if 0 <= other < len(self.nodes) else None
        return None

    def links(self) -> Iterator[tuple[Node, Link]]:
        for node in self.nodes:
            for link in node.links():
                yield node, link

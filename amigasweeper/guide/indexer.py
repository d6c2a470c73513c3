"""The first step of reading a guide: every line command, and where each
node's text lies (see parser.py for the whole). A lazily read guide is
indexed only as far as it is used; a viewer indexes the rest a little each
frame, and Find may read a node ahead of the index."""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable

from . import outside
from .commandlines import (
    COMMAND,
    HAS_NODE,
    LINE_COMMAND,
    NON_BLANK,
    Body,
    line_commands,
)
from .inline import MacroBudget
from .linecommands import LineCommands
from .model import Document, LineStore, Node
from .nodereader import NodeReader, reader_of


class Indexer(LineCommands):
    """The first step: every line command, and where each node's text lies."""

    def __init__(self, name: str, text: str):
        super().__init__(Document(source_name=name), text)
        self.body: Body | None = None
        self._outside_reported = False
        self._implicit = False  # the file has no @node: one page, no @endnode expected
        self.budget = MacroBudget()
        # Nodes read ahead of the index (for Find), by the offset of their
        # "@node": the index adopts each one when it gets there.
        self._ahead: dict[int, Node] = {}
        self._scouts: dict[int, Indexer] = {}

    # -- the main loop -------------------------------------------------------

    def start(self) -> Document:
        """Get ready to index: the whole-file checks (at C speed); commands are
        then read by :meth:`resume`, as far as someone needs them."""
        text = self.text
        self._check_database()
        if not HAS_NODE.search(text):
            self._implicit_main(NON_BLANK.search(text) is not None)
        self._commands = line_commands(text)
        self._position, self._line_no = 0, 1  # a place in the text and its line number
        self._absent: set[str] = set()  # node names known to be nowhere in the file
        self.doc.indexer = self
        return self.doc

    def resume(self, until: Callable[[], bool] | None = None, steps: int | None = None) -> bool:
        """Read line commands until ``until()`` holds, ``steps`` commands were
        read, or the file ends (then the document is complete); whether it is."""
        if self.doc.indexer is not self:
            return True
        text, count = self.text, 0
        try:
            for match in self._commands:
                start, name, rest = match.start(1) - 1, match.group(1), match.group(2)
                if self.node is None and not self._outside_reported:
                    self._check_outside(self._position, start, self._line_no)
                self._line_no += text.count("\n", self._position, start)
                self._position, self.line = start, self._line_no
                self._command(name.lower(), rest, start)
                count += 1
                if (steps is not None and count >= steps) or (until is not None and until()):
                    return False
            if self.node is None:
                self._check_outside(self._position, len(text), self._line_no)
            # The last line's number, as a reader counts lines (the rest of the file counted only).
            self.line = self._line_no + text.count("\n", self._position) - (1 if text.endswith("\n") or not text else 0)
        except Exception as error:  # noqa: BLE001 - last guard of the never-raise promise
            self.problem(0, f"reading stopped by an internal error: {error!r}")
        self.finish()
        return True

    def find(self, key: str) -> Node | None:
        """The node called ``key`` (lower case), indexing on just as far as it
        is; the file's rest is searched first (in C), so a name that is not
        there costs no indexing."""
        by_name = self.doc.indexed_by_name
        node = by_name.get(key)
        if node is None:
            if key in self._absent or not self._may_hold(key):
                self._absent.add(key)
                return None
            self.resume(until=lambda: key in by_name)
            node = by_name.get(key)
        if node is not None and node is self.node:
            self.resume(until=lambda: self.node is not node)  # its text ends at its @endnode
        return node

    def _may_hold(self, key: str) -> bool:
        if '"' in key or "\\" in key:
            return True  # quoting or escapes: only indexing can tell
        name = re.escape(key)
        # "\n@node" rather than "^@node" in multi-line mode: ten times faster on 50 MB.
        pattern = re.compile(rf'\n@node(?:[ \t]+{name}(?=[ \t\n]|$)|[ \t]*"{name}")', re.I)
        if self._position == 0 and pattern.match("\n" + self.text[:4096]):
            return True
        return pattern.search(self.text, max(0, self._position - 1)) is not None

    def index_past(self, offset: int, steps: int) -> bool:
        """Index until the node holding file character ``offset`` is complete,
        ``steps`` commands at most; whether it is (or the file ended)."""
        return self.resume(until=lambda: self.covers(offset), steps=steps) or self.covers(offset)

    def covers(self, offset: int) -> bool:
        """Whether the node holding file character ``offset`` (if any) is indexed complete."""
        return self._position > offset and (self.body is None or self.body.start > offset)

    def where(self) -> tuple[int, int]:
        """(file character, its file line number) the index has read to."""
        return self._position, self._line_no

    def read_ahead(self, at: int, line: int, steps: int) -> tuple[bool, Node | None]:
        """The node whose ``@node`` line starts at file character ``at`` (on
        file line ``line``), read on its own ahead of the index, without
        indexing the nodes before it: ``steps`` of its line commands a call,
        (False, None) until its end is read, then (True, the node). It starts with the file's settings read
        so far (real guides give them before the first node). When the index
        gets there it adopts this very node, so a viewer showing it keeps it."""
        node = self._ahead.get(at)
        if node is not None:
            return True, node
        scout = self._scouts.get(at)
        if scout is None:
            scout = self._scouts[at] = self._scout(at, line)
        indexed = scout.doc.indexed

        def node_read() -> bool:
            return len(indexed) > 1 or (bool(indexed) and scout.node is None)

        if not (scout.resume(until=node_read, steps=steps) or node_read()):
            return False, None
        del self._scouts[at]
        if not indexed:
            return True, None
        node = indexed[0]
        node.position = -1  # not in the index yet
        reader = reader_of(node)
        if reader is not None:
            reader.doc = weakref.ref(self.doc)  # @embed is read by the viewer's rules
            reader.reported = True  # its problems are reported when the index reads it
        self._ahead[at] = node
        return True, node

    def holds_ahead(self, node: Node) -> bool:
        return any(node is ahead for ahead in self._ahead.values())

    def _scout(self, at: int, line: int) -> "Indexer":
        """An indexer of its own that reads from ``at`` on, with this file's settings so far."""
        scout = Indexer(self.doc.source_name, self.text)
        doc, mine = scout.doc, self.doc
        doc.wrap, doc.tab_size, doc.font, doc.proportional = mine.wrap, mine.tab_size, mine.font, mine.proportional
        doc.macros = mine.macros
        scout._outside_reported = True
        scout._commands = LINE_COMMAND.finditer(self.text, at - 1) if at else line_commands(self.text)
        scout._position, scout._line_no = at, line
        scout._absent = set()
        doc.indexer = scout
        return scout

    def _adopt(self, node: Node) -> Node:
        """The node read ahead at this ``@node``, made what the index has just
        made (its text kept meanwhile, for a viewer that shows it); else ``node``."""
        start = self._start
        self._scouts.pop(start, None)  # a node still being read ahead: the index has it now
        ahead = self._ahead.pop(start, None) if self._ahead else None
        if ahead is None:
            return node
        lines = ahead.lines
        for name in Node.__slots__:
            setattr(ahead, name, getattr(node, name))
        ahead.lines = lines
        return ahead

    def first(self) -> Node | None:
        """The first node, its text complete."""
        indexed = self.doc.indexed
        self.resume(until=lambda: bool(indexed) and indexed[0] is not self.node)
        return indexed[0] if indexed else None

    def reach(self, position: int) -> None:
        """Index until the node at ``position`` in file order is complete (or the file ends)."""
        indexed = self.doc.indexed
        self.resume(until=lambda: len(indexed) > position and indexed[position] is not self.node)

    def _check_outside(self, start: int, end: int, line: int) -> None:
        """Text between nodes (see :mod:`.outside`): one report is enough, it is usually one stray block."""
        if self._outside_reported or start >= end:
            return
        text = self.text
        if COMMAND.match(text, start, end) and not text.startswith("@{", start):
            # The stretch begins with the command line just read, which is not text.
            start = text.find("\n", start, end)
            if start < 0:
                return
        lost = outside.lost_text(text, start, end)
        if not self.doc.version:
            self.doc.version = outside.plain_version(text, start, end if lost is None else lost) or ""
        if lost is not None:
            self._outside_reported = True
            self.problem(line + text.count("\n", start, lost), "text outside any node is not shown")

    def _check_database(self) -> None:
        found = NON_BLANK.search(self.text)
        if found is None:
            return
        line_start = self.text.rfind("\n", 0, found.start()) + 1
        if not self.text[line_start : line_start + 9].lower().startswith("@database"):
            self.problem(self.text.count("\n", 0, found.start()) + 1, "the file does not start with @database")

    def _implicit_main(self, has_text: bool) -> None:
        if has_text:
            self.problem(1, "no @node in the file: all of it is shown as one page")
        self._open_node("MAIN", "", body_start=0, first_line=1)
        self._implicit = True

    def finish(self) -> Document:
        self.doc.indexer = None  # complete: the document no longer needs its indexer
        if self.node is not None and not self._implicit:
            self.problem(self.line, f"node '{self.node.name}' has no @endnode")
        self._close_node(len(self.text))
        self._apply_defaults()
        return self.doc

    # -- nodes ---------------------------------------------------------------

    def _open_node(self, name: str, title: str, body_start: int, first_line: int) -> None:
        doc = self.doc  # the file's settings so far; a later file-wide one applies at the end
        node = Node(name=name, title=title or name, line=self.line, tab_size=doc.tab_size, wrap=doc.wrap,
                    font=doc.font, proportional=doc.proportional, position=len(doc.indexed))
        node = self._adopt(node)
        self.node = node
        self.body = Body(body_start, first_line)
        if name.lower() in self.doc.indexed_by_name:
            self.problem(self.line, f"a second node is called '{name}': links go to the first")
        else:
            self.doc.indexed_by_name[name.lower()] = node
        self.doc.indexed.append(node)

    def _close_node(self, body_end: int) -> None:
        if self.node is not None and self.body is not None:
            self.node.end_line = self.line
            self.body.end = body_end
            self.node.lines = LineStore(NodeReader(self.doc, self.node, self.text, self.body, self.budget))
        self.node = None
        self.body = None

    def _apply_defaults(self) -> None:
        """File-wide settings given after some nodes reach those nodes too (a
        node made later started with them already)."""
        doc = self.doc
        for node in doc.indexed[: self._late_default]:
            own = self._own.get(id(node), ())
            if "wrap" not in own:
                node.wrap = doc.wrap
            if "tab" not in own:
                node.tab_size = doc.tab_size
            if "font" not in own:
                node.font = doc.font
            if "proportional" not in own:
                node.proportional = doc.proportional

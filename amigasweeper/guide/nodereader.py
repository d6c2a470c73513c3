"""The second step of reading a guide: one node's text lines, parsed when
they are first asked for (see parser.py for the whole)."""

from __future__ import annotations

import weakref
from collections.abc import Iterator

from .commandlines import EMBED, LINE_COMMAND, Body, is_command_line
from .inline import InlineParser, MacroBudget, unquote
from .linewalk import LinePlaces
from .model import Document, LineStore, Macro, Node, Problem
from .sourceline import PLAIN, LayoutCommand, LayoutStep, SourceLine, Span


class NodeReader:
    """The second step for one node: its text lines, parsed in order.

    Called again after :meth:`LineStore.forget`, it reads the node anew;
    problems are reported to the document the first time only. It keeps no
    strong reference to its node or document, so a guide is a tree of
    objects that reference counting frees at once when a viewer lets it go,
    without waiting for the cycle collector.
    """

    __slots__ = ("doc", "node_macros", "file_macros", "text", "body", "budget", "reported", "_places", "_total",
                 "_end_line")

    def __init__(self, doc: Document, node: Node, text: str, body: Body, budget: MacroBudget):
        self.doc = weakref.ref(doc)
        self.node_macros, self.file_macros = node.macros, doc.macros
        self.text, self.body, self.budget = text, body, budget
        self.reported = False
        self._places: LinePlaces | None = None
        self._total: int | None = None
        self._end_line = 0

    def __call__(self, skip: int = 0) -> Iterator[SourceLine]:
        """The node's lines in order; with ``skip``, from its line ``skip`` on
        (read in plain style, as what comes before is not read, and reporting
        nothing: the page's problems are found when it is read from its top)."""
        first_time = not self.reported and not skip
        self.reported = self.reported or first_time
        inline = InlineParser(self._find_macro, self._report if first_time else _ignore_problem,
                              self.budget.for_page(first_time))
        text, end = self.text, self.body.end
        position, number = self.offset_of(skip) if skip else (self.body.start, self.body.first_line)
        while position < end:
            line_end = text.find("\n", position, end)
            if line_end < 0:
                line_end = end
            if EMBED.match(text, position, line_end):
                yield self._embedded(number, text[position + 6 : line_end])
            elif not is_command_line(text, position, line_end):
                yield inline.parse_line(number, text[position:line_end])
            position = line_end + 1
            number += 1

    def _embedded(self, number: int, rest: str) -> SourceLine:
        """An ``@embed`` line: the text of the file it names, as the document's
        ``embedder`` gives it (a viewer reads it by its folder's rules; without
        one, nothing is read and the line says what would be there)."""
        document = self.doc()
        name = unquote(rest)
        embedder = document.embedder if document is not None else None
        text = embedder(name) if embedder is not None else f"[the text of {name}]"
        items: list = []
        for index, line in enumerate(text.split("\n")):
            if index:
                items.append(LayoutStep(LayoutCommand.LINE))
            if line:
                items.append(Span(line, PLAIN))
        return SourceLine(number, items, blank=not text.strip())

    def offset_of(self, index: int) -> tuple[int, int]:
        """(file offset, file line number) where node line ``index`` starts
        (the node's end when it has fewer lines), walked from the nearest
        line found before (see :mod:`.linewalk`)."""
        if self._places is None:
            body = self.body
            self._places = LinePlaces(self.text, body.start, body.end, body.first_line, is_command_line)
            self._know_end()
        return self._places.offset_of(index)

    def line_at(self, offset: int) -> int | None:
        """The node line (counted from 0) that file character ``offset`` is on;
        None when that is a command line or outside the node's text."""
        text, start, end = self.text, self.body.start, self.body.end
        if not start <= offset < end:
            return None
        line_start = text.rfind("\n", start, offset) + 1 or start
        line_end = text.find("\n", line_start, end)
        if is_command_line(text, line_start, end if line_end < 0 else line_end):
            return None
        lines = text.count("\n", start, line_start)
        return lines - self._commands_between(start, line_start)

    def _commands_between(self, start: int, end: int) -> int:
        text = self.text
        return sum(1 for match in LINE_COMMAND.finditer(text, max(0, start - 1), end)
                   if match.start() + 1 < end and match.group(1).lower() != "embed")

    def total(self) -> int:
        """How many lines the node has, counted at C speed without reading
        them (once: the text never changes)."""
        if self._total is None:
            text, start, end = self.text, self.body.start, self.body.end
            newlines = text.count("\n", start, end)
            lines = newlines + (0 if text.endswith("\n", start, end) else 1) if start < end else 0
            self._total = lines - self._commands_between(start, end) if lines else 0
            # The file line at the node's end, when a whole line ends there (it
            # does before @endnode): where walks back from the end start.
            self._end_line = self.body.first_line + newlines if text.endswith("\n", start, end) else 0
            self._know_end()
        return self._total

    def _know_end(self) -> None:
        if self._places is not None and self._total is not None:
            self._places.know_end(self._total, self._end_line)

    def _report(self, problem: Problem) -> None:
        document = self.doc()
        if document is not None:
            document.add_problem(problem)

    def _find_macro(self, name: str) -> Macro | None:
        if name in self.node_macros:
            return self.node_macros[name]
        return self.file_macros.get(name)


def node_source(node: Node) -> tuple[str, int, int] | None:
    """(file text, start, end) of a node's text in the guide read from a file
    or memory; None for a page made otherwise (such as a problems page)."""
    reader = reader_of(node)
    return (reader.text, reader.body.start, reader.body.end) if reader is not None else None


def node_line_offset(node: Node, index: int) -> int | None:
    """The file offset where line ``index`` of ``node`` starts (None for a page not read from a file)."""
    reader = reader_of(node)
    return reader.offset_of(index)[0] if reader is not None else None


def node_line_at(node: Node, offset: int) -> int | None:
    """The node line that file character ``offset`` is on (see :meth:`NodeReader.line_at`)."""
    reader = reader_of(node)
    return reader.line_at(offset) if reader is not None else None


def reader_of(node: Node) -> NodeReader | None:
    """The reader of a node read from a guide's text; None for a page made otherwise."""
    lines = node.lines
    reader = lines.reader if isinstance(lines, LineStore) else None
    return reader if isinstance(reader, NodeReader) else None


def _ignore_problem(problem: Problem) -> None:
    """Problems of a page read a second time were reported the first time."""

"""Checking that a guide's buttons and node references lead somewhere, and
the page and the report that list a guide's problems."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from amigasweeper.plainfiles import printable

from .model import Document, LineStore, Node, Problem, WrapMode
from .paths import GuideFolder
from .sourceline import PLAIN, SourceLine, Span, Style

# Node settings that name another node, with the command that sets them.
_REFERENCES = ("next", "prev", "toc", "index", "help")


class _OtherFiles:
    """Guides that links lead to, each read (its node index only) once, and
    only inside the guide's folder (see :mod:`.paths`): a link that leaves it
    is reported, and what it leads to is never opened."""

    def __init__(self, document: Document, root: str | Path | None = None):
        self.document = document
        top = root or document.folder
        self.tree = GuideFolder(top) if top and document.folder else None
        self._read: dict[Path, Document] = {}

    def missing(self, file: str, node: str) -> str:
        """What is wrong with a link to ``file/node``, as the end of a sentence
        about the link; "" when it leads somewhere."""
        if self.tree is None:
            return ""  # read from memory: nothing to look in
        found = self.tree.resolve(file, self.document.folder)
        if found.outside:
            return f"leads out of the guide's folder, to {found.shown}"
        if found.path is None:
            return _to_missing(f"{file}/{node}", found.reason)
        if found.path not in self._read:
            from .parser import (
                parse_file,  # the parser needs this module's siblings first
            )

            self._read[found.path] = parse_file(found.path, lazy=True, read=self.tree.read)
        other = self._read[found.path]
        if other.problems and not other.nodes:
            return _to_missing(f"{file}/{node}", other.problems[0].message)
        if other.node(node) is None:
            return _to_missing(f"{file}/{node}", f"{found.path.name} has no node '{node}'")
        return ""


def _to_missing(node: str, why: str = "") -> str:
    return f"goes to the missing node '{node}'" + (f" ({why})" if why else "")


def validate_links(document: Document, *, read_pages_only: bool = False,
                   root: str | Path | None = None) -> list[Problem]:
    """Problems for every LINK/ALINK button, and every @next, @prev, @toc,
    @index or @help, that names a node that does not exist, in this file or
    (for a guide read from a file) in the file the link names, found by Amiga
    path rules from the guide's folder, or that leads out of that folder. A
    button with no target at all was reported when the page was read.
    Buttons that run programs are not checked: a viewer refuses them anyway.

    With ``read_pages_only`` the pages of a lazily read guide that have not
    been read yet are left out (so a huge guide is not read for a page).
    ``root`` is the folder links may reach (the guide's own when not given;
    a viewer gives the folder of the guide the reader opened).
    """
    others = _OtherFiles(document, root)
    problems: list[Problem] = []
    for node in document.nodes:
        lines = node.lines
        if read_pages_only and isinstance(lines, LineStore) and not lines.done:
            continue
        problems.extend(_node_problems(document, node, others.missing))
    for attribute in ("toc", "index", "help"):
        target = getattr(document, attribute)
        wrong = _wrong(document, target, others.missing)
        if wrong:
            problems.append(Problem(document.setting_lines.get(attribute, 0), f"@{attribute} {wrong}"))
    return problems


def _node_problems(document: Document, node: Node, elsewhere: Callable[[str, str], str]) -> list[Problem]:
    problems = []
    for link in node.links():
        wrong = _wrong(document, link.target, elsewhere) if link.kind.navigates else ""
        if wrong:
            problems.append(Problem(link.source_line, f"button \"{link.label}\" in node '{node.name}' {wrong}"))
    for attribute in _REFERENCES:
        target = getattr(node, attribute)
        wrong = _wrong(document, target, elsewhere)
        if wrong:
            problems.append(Problem(node.line, f"@{attribute} of node '{node.name}' {wrong}"))
    return problems


def _wrong(document: Document, target: str | None, elsewhere: Callable[[str, str], str]) -> str:
    """"" when ``target`` leads somewhere; otherwise what is wrong, as the
    end of a sentence about the button or setting that names it."""
    if not target:
        return ""
    where = document.locate(target)
    if where.file is None:
        return _to_missing(target) if document.node(target) is None else ""
    return elsewhere(where.file, where.node)


def check_guide(path: str | Path) -> list[Problem]:
    """Every problem of the guide at ``path``, in line order, a fault
    repeated listed once with its count: what the linter
    (``amigasweeper --guide FILE --check``) prints."""
    from .parser import parse_file

    document = parse_file(path)
    return counted([*document.problems, *validate_links(document)], document.problem_counts)


def counted(problems: Iterable[Problem], counts: Mapping[str, tuple[int, int]] | None = None) -> list[Problem]:
    """The problems to report, in line order, each fault once: at its first
    line, saying how many times it was found and the line of the last when
    more than once (one guide of Aminet has the same broken button 289
    times). ``counts`` are tallies kept already, by message: a document's
    own, whose parser lists a repeated fault once and counts it."""
    counts = counts or {}
    first: dict[str, Problem] = {}
    tally: dict[str, tuple[int, int]] = {}
    for problem in problems:
        message = problem.message
        if message not in first:
            first[message] = problem
            count, last = counts.get(message, (1, problem.line))
            tally[message] = (count, max(last, problem.line))
            continue
        if problem.line < first[message].line:
            first[message] = problem
        count, last = tally[message]
        tally[message] = (count + 1, max(last, problem.line))
    reported = [problem if tally[message][0] == 1 else
                Problem(problem.line, f"{message} ({tally[message][0]:,} times; the last on line {tally[message][1]})")
                for message, problem in first.items()]
    return sorted(reported, key=lambda problem: problem.line)


PROBLEMS_NODE = "Problems"


# Guides up to this many characters are read through when their problems are
# asked for (a quarter of a second or so); bigger ones list what was read.
READ_ALL_LIMIT = 2_000_000


def problems_page(document: Document, problems: Iterable[Problem] | None = None,
                  root: str | Path | None = None) -> Node:
    """A page listing what was wrong with a guide, for a viewer to show.

    It is not part of ``document.nodes``; by default it lists the reading
    problems and the link problems in line order, one paragraph each,
    word-wrapped so a narrow window shows every word. A big guide read
    lazily is not read through for it: the page lists the problems of the
    pages read so far and says how many are still unread.
    """
    unread = 0
    if problems is None:
        if document.size <= READ_ALL_LIMIT:
            document.read_all()
        unread = document.unread_pages
        problems = counted([*document.problems, *validate_links(document, read_pages_only=bool(unread), root=root)],
                           document.problem_counts)
        if document.problems_dropped:
            problems.append(Problem(problems[-1].line if problems else 0,
                                    f"{document.problems_dropped} further problems not listed"))
    name = printable(document.source_name or document.database or "this guide")
    lines = [SourceLine(1, [Span(f"Problems in {name}", Style(bold=True))]), SourceLine(2, blank=True)]
    for problem in problems:
        if len(lines) > 2:
            lines.append(SourceLine(len(lines) + 1, blank=True))  # paragraphs: wrapping never joins two
        lines.append(SourceLine(len(lines) + 1, [Span(printable(str(problem)), PLAIN)]))  # names from the file escaped
    if len(lines) == 2:
        lines.append(SourceLine(3, [Span("None found." if not unread else "None found so far.", PLAIN)]))
    if unread:
        note = (f"{unread:,} of the {len(document.nodes):,} pages have not been read yet; their problems "
                "appear here once they have been shown. amigasweeper --guide FILE --check lists them all.")
        lines += [SourceLine(len(lines) + 1, blank=True), SourceLine(len(lines) + 2, [Span(note, Style(italic=True))])]
    return Node(name=PROBLEMS_NODE, title=f"Problems in {name}", wrap=WrapMode.WORDWRAP, lines=lines)

"""Checking that a guide's buttons and node references lead somewhere."""

from __future__ import annotations

from typing import Iterable

from .model import PLAIN, Document, Node, Problem, SourceLine, Span, Style, WrapMode

# Node settings that name another node, with the command that sets them.
_REFERENCES = ("next", "prev", "toc", "index", "help")


def validate_links(document: Document) -> list[Problem]:
    """Problems for every LINK/ALINK button, and every @next, @prev, @toc,
    @index or @help, that names a node missing from this file.

    Targets in other files (``other.guide/NODE``) cannot be checked from one
    file and are left alone; so are buttons that run programs, which a viewer
    refuses anyway.
    """
    problems: list[Problem] = []
    for node in document.nodes:
        problems.extend(_node_problems(document, node))
    for attribute in ("toc", "index", "help"):
        target = getattr(document, attribute)
        if _missing(document, target):
            problems.append(Problem(0, f"@{attribute} names the missing node '{target}'"))
    return problems


def _node_problems(document: Document, node: Node) -> list[Problem]:
    problems = []
    for link in node.links():
        if link.kind.navigates and _missing(document, link.target):
            problems.append(
                Problem(link.source_line, f"button \"{link.label}\" in node '{node.name}' "
                        f"goes to the missing node '{link.target}'")
            )
    for attribute in _REFERENCES:
        target = getattr(node, attribute)
        if _missing(document, target):
            problems.append(Problem(node.line, f"@{attribute} of node '{node.name}' names the missing node '{target}'"))
    return problems


def _missing(document: Document, target: str | None) -> bool:
    return bool(target) and document.is_local(target) and document.node(target) is None


PROBLEMS_NODE = "Problems"


def problems_page(document: Document, problems: Iterable[Problem] | None = None) -> Node:
    """A page listing what was wrong with a guide, for a viewer to show.

    It is not part of ``document.nodes``; by default it lists the reading
    problems followed by the link problems, one paragraph each, word-wrapped so
    a narrow window shows every word.
    """
    if problems is None:
        problems = [*document.problems, *validate_links(document)]
    name = document.source_name or document.database or "this guide"
    lines = [SourceLine(1, [Span(f"Problems in {name}", Style(bold=True))]), SourceLine(2, blank=True)]
    for problem in problems:
        if len(lines) > 2:
            lines.append(SourceLine(len(lines) + 1, blank=True))  # paragraphs: wrapping never joins two
        lines.append(SourceLine(len(lines) + 1, [Span(str(problem), PLAIN)]))
    if len(lines) == 2:
        lines.append(SourceLine(3, [Span("None found.", PLAIN)]))
    return Node(name=PROBLEMS_NODE, title=f"Problems in {name}", wrap=WrapMode.WORDWRAP, lines=lines)

"""AmigaGuide support, in pure Python: reading guides, laying out pages.

Typical use by a viewer::

    from amigasweeper.guide import parse_file, layout_node

    document = parse_file("docs/AmigaGuide/AmigaSweeper.guide")
    page = document.main
    for line in layout_node(page, columns=36):
        for run in line.runs:
            draw(run.column, run.text, run.style, run.link)

Nothing here imports pyxel or runs a command. Files other than the one asked
for are read only to check or follow links into them, found by Amiga path
rules from the guide's folder (see :mod:`amigasweeper.guide.paths`).
"""

from .displayline import DisplayLine, Justify, StyledRun, line_for
from .layout import PageLayout, layout_node
from .manual import MANUAL_FILE, ManualPage, load_manual, manual_path
from .model import Document, Font, LineStore, Macro, Node, Problem, Target, WrapMode
from .parser import parse, parse_file
from .paths import Resolved
from .paths import resolve as resolve_path
from .sourceline import (
    PLAIN,
    ActionKind,
    Colour,
    DrawInfoPen,
    Inline,
    LayoutCommand,
    LayoutStep,
    Link,
    SourceLine,
    Span,
    Style,
)
from .validate import PROBLEMS_NODE, check_guide, problems_page, validate_links

__all__ = [
    "PLAIN",
    "PROBLEMS_NODE",
    "PageLayout",
    "Resolved",
    "Target",
    "check_guide",
    "resolve_path",
    "ActionKind",
    "Colour",
    "LayoutCommand",
    "DisplayLine",
    "Document",
    "Font",
    "Inline",
    "Justify",
    "LayoutStep",
    "Link",
    "LineStore",
    "MANUAL_FILE",
    "Macro",
    "ManualPage",
    "Node",
    "DrawInfoPen",
    "Problem",
    "StyledRun",
    "SourceLine",
    "Span",
    "Style",
    "WrapMode",
    "layout_node",
    "line_for",
    "load_manual",
    "manual_path",
    "parse",
    "parse_file",
    "problems_page",
    "validate_links",
]

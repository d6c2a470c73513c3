"""Save As: a page of a guide written as plain Latin-1 text (pure Python).

The text is the page's own, one file line per line, without commands:
what MultiView's Save As gave. A character Latin-1 has no place for (a
guide read as UTF-8 may hold one) becomes "?". The file is written
atomically: to a new file beside the target, flushed, then renamed over
it, so a failed save leaves the old file as it was.
"""

from __future__ import annotations

from pathlib import Path

from amigasweeper.atomicfile import write_atomically

from .model import Node


def page_text(node: Node) -> bytes:
    """The page as Latin-1 text, one line per file line, ending in a line end."""
    text = node.text()
    return (text + "\n" if text else "").encode("latin-1", errors="replace")


def save_page(node: Node, target: Path) -> None:
    """Write the page's text to ``target`` atomically; raises OSError on failure."""
    write_atomically(target, page_text(node))

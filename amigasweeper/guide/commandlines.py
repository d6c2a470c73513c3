"""The line commands of an AmigaGuide file, found at C speed: which lines
are commands (``@node``, ``@font``...), where each starts, and where a
node's text lies. The indexer (indexer.py) walks them; the node reader
(nodereader.py) skips them when it reads a page's text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain

COMMAND = re.compile(r"@(\$ver:?|\(c\)|[a-z]+)(.*)", re.I | re.S)
# The same test as COMMAND at the start of a line, for the whole file at
# once. Searching for "\n@" lets the regex engine skip ahead to each
# candidate (three times faster than "^@" in multi-line mode on 50 MB).
HAS_NODE = re.compile(r"^@node(?![a-z])", re.I | re.M)
FIRST_COMMAND = re.compile(r"@(\$ver:?|\(c\)|[a-z]+)([^\n]*)", re.I)
LINE_COMMAND = re.compile(r"\n@(\$ver:?|\(c\)|[a-z]+)([^\n]*)", re.I)
NON_BLANK = re.compile(r"\S")
EMBED = re.compile(r"@embed(?![a-z])", re.I)


@dataclass(slots=True)
class Body:
    """Where a node's text is: characters ``start`` to ``end`` of the file,
    the first of them on file line ``first_line``."""

    start: int
    first_line: int
    end: int = -1


def line_commands(text: str) -> Iterator[re.Match[str]]:
    """A match for every line that is a line command, in order: its name is
    group 1, the rest of the line group 2, and its "@" is at ``start(1) - 1``."""
    first = FIRST_COMMAND.match(text)
    return chain([first], LINE_COMMAND.finditer(text)) if first else LINE_COMMAND.finditer(text)


def is_command_line(text: str, position: int, line_end: int) -> bool:
    """A line command, which shows nothing (``@embed`` shows a file's text: it is a line of the page)."""
    return (text.startswith("@", position) and not text.startswith("@{", position)
            and COMMAND.match(text, position, line_end) is not None and not EMBED.match(text, position, line_end))

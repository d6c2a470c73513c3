"""Text outside any node: MultiView skips all of it without harm, so the
linter reports only what looks like lost text, the words of a page whose
``@node`` line is missing (once a file: it is usually one stray block).

Quiet, because real guides hold it on purpose (counted on 3,044 guides of
Aminet, docs/BENCHMARKS.md "The linter on real guides"):

* the header Makeinfo writes before the first node ("This is the
  AmigaGuide(R) file X.guide, produced by Makeinfo-1.55 from the input file
  X.texi.") and the Info preamble it copies after it (copyright and
  permission notices), up to the next command;
* comment lines by the conventions of scripts and sources: ``#`` (``##``,
  ``#@font`` put out of use), ``;``, ``//`` and ``/*``, and ``@rem``
  indented;
* rules: a line of punctuation alone (``-----``, ``**--``, ``-=-=-``), or
  one that starts with three of ``- = * ~ _ +`` (``****** Title ******``);
* a plain ``$VER:`` string, which the Version command finds, and which is
  the guide's version when no ``@$VER:`` gave one.

Everything here runs at C speed (regular expressions over the stretch), so a
file of a million comment lines costs no more than one of a single line.
"""

from __future__ import annotations

import re

# The first non-blank character of a line that is none of the quiet kinds.
_LOST = re.compile(
    r"^(?![ \t]*(?:@rem(?:ark)?(?![a-z])|[^\n]*\$VER:|[#;]|//|/\*|([-=*~_+])\1\1|[^\w\s@]+[ \t]*$))[ \t]*(\S)",
    re.I | re.M,
)
# Makeinfo's first line ("..., produced by Makeinfo-1.55 from ..."), also
# when a guide's author wrote it by hand without the rest.
_MAKEINFO = re.compile(r"^This is the AmigaGuide\S*[ \t]+file\b", re.M)
_VERSION = re.compile(r"\$VER:([^\n]*)")


def lost_text(text: str, start: int, end: int) -> int | None:
    """Where the first lost text between ``start`` and ``end`` begins (a
    stretch outside any node, from a line start or the newline before one),
    or None when all of it is quiet."""
    makeinfo = _MAKEINFO.search(text, start, end)
    if makeinfo is not None:
        end = makeinfo.start()  # the header and the preamble after it are Makeinfo's
    found = _LOST.search(text, start, end)
    return found.start(2) if found else None


def plain_version(text: str, start: int, end: int) -> str | None:
    """The version a ``$VER:`` string between ``start`` and ``end`` gives, if any."""
    found = _VERSION.search(text, start, end)
    return found.group(1).strip() if found else None

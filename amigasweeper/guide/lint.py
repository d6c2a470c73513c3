"""``amigasweeper --guide FILE --check``: a linter for AmigaGuide authors.

Prints every problem of a guide with its line number, as compilers do
(``FILE:LINE: message``): broken links (into this file or, by Amiga path
rules, into another in the guide's folder), links that leave that folder
(never opened: see paths.py), unknown commands, an ``@{`` never closed, a node
without ``@endnode``, and everything else the reader noticed. A fault the
file repeats is printed once, with its count and its last line ("(289
times; the last on line 4016)"); text taken from the file is printed with
its non-printing characters escaped. Exits with 1
when there is any problem, 0 when there is none, 2 when the command line is
wrong. Pure Python: no window is opened.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from amigasweeper.plainfiles import printable

from ..plainfiles import shown
from .paths import unreadable
from .validate import check_guide


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="amigasweeper --guide FILE --check",
        description="Check an AmigaGuide file and list its problems with their line numbers.",
    )
    parser.add_argument("--guide", type=Path, required=True, metavar="FILE", help="the guide to check")
    parser.add_argument("--check", action="store_true", required=True, help="check instead of showing it")
    parser.add_argument("--node", help="ignored when checking: every node is checked")
    return parser


def main(argv: list[str], out: TextIO | None = None) -> int:
    out = out if out is not None else sys.stdout
    args, unknown = build_parser().parse_known_args(argv)
    if unknown:
        print(f"amigasweeper: --check takes only --guide FILE (not {' '.join(unknown)})", file=sys.stderr)
        return 2
    path: Path = args.guide
    why = unreadable(path)
    if why:
        print(f"amigasweeper: {why}", file=sys.stderr)
        return 2
    problems = check_guide(path)
    name = shown(path)  # printable whatever the name's encoding
    for problem in problems:
        # Names and labels come from the file: a byte that would move the
        # terminal's cursor (ESC, or the C1 CSI 0x9B of Latin-1) is escaped.
        print(f"{name}:{problem.line}: {printable(problem.message)}", file=out)
    if problems:
        print(f"{name}: {len(problems)} problem{'s' if len(problems) != 1 else ''}", file=sys.stderr)
        return 1
    print(f"{name}: no problems found", file=out)
    return 0

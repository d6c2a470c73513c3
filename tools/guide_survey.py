"""Run the guide linter over a folder of real guides and say what it flags.

    python3 tools/guide_survey.py FOLDER [--json OUT]

Every ``*.guide`` file below FOLDER (any case) is checked as
``amigasweeper --guide FILE --check`` checks it. The report gives how many
guides were checked and flagged, and for each kind of problem (its message
with the names, numbers and paths taken out) in how many guides it was
found, how many lines the linter printed for it, and in how many guides it
was the only kind. With ``--json`` every guide's printed problems are
written to OUT as well, to compare two runs. CPU time is given, as the
machine may be shared.

The guides themselves are other people's: survey them where they are, and
commit none of them.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from amigasweeper.guide.validate import check_guide  # noqa: E402

# What varies between two instances of one kind of problem: quoted names,
# paths, numbers and what a message adds in brackets.
_VARYING = [
    (re.compile(r"\(\d[\d,]* times; the last on line \d+\)"), ""),
    (re.compile(r"'[^']*'"), "'X'"),
    (re.compile(r'"[^"]*"'), '"X"'),
    (re.compile(r"\(.*\)"), "(...)"),
    (re.compile(r" to /\S+"), " to PATH"),
    (re.compile(r"\d+"), "N"),
]


def kind(message: str) -> str:
    """A problem's message with what varies taken out."""
    for pattern, replacement in _VARYING:
        message = pattern.sub(replacement, message)
    return message.strip()


def survey(folder: Path) -> tuple[dict, dict[str, list[str]]]:
    guides = sorted(path for path in folder.rglob("*") if path.suffix.lower() == ".guide" and path.is_file())
    printed: dict[str, list[str]] = {}
    started = time.process_time()
    for path in guides:
        printed[str(path.relative_to(folder))] = [f"{p.line}: {p.message}" for p in check_guide(path)]
    files = collections.Counter()
    lines = collections.Counter()
    alone = collections.Counter()
    for messages in printed.values():
        kinds = [kind(message.split(": ", 1)[1]) for message in messages]
        lines.update(kinds)
        files.update(set(kinds))
        if len(set(kinds)) == 1:
            alone[kinds[0]] += 1
    report = {
        "guides": len(guides),
        "flagged": sum(1 for messages in printed.values() if messages),
        "lines_printed": sum(len(messages) for messages in printed.values()),
        "cpu_seconds": round(time.process_time() - started, 1),
        "kinds": [{"kind": name, "guides": count, "lines": lines[name], "only_kind_in": alone[name]}
                  for name, count in files.most_common()],
    }
    return report, printed


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--json", type=Path, help="write every guide's printed problems here")
    args = parser.parse_args(argv)
    report, printed = survey(args.folder)
    if args.json:
        args.json.write_text(json.dumps(printed, indent=1))
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])

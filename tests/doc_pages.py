"""The project's documentation pages, for the tests that hold them to the code.

README.md is the short front page; the rest lives in its own pages under docs/
and in CONTRIBUTING.md. A test reads the page that now holds what it checks,
through these names, so a page moved again is mended here once.
(A unique module name: tests/ has no __init__.py.)
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CONTRIBUTING = ROOT / "CONTRIBUTING.md"
DOCS = ROOT / "docs"
USAGE = DOCS / "USAGE.md"  # playing, options and --help, text mode, environment, scripts, saved data, systems
CONTEST = DOCS / "CONTEST.md"  # the bots' challenge: threat model, sandbox, time, caps
CLUSTER = DOCS / "CLUSTER.md"  # the tables on a Ray cluster
PACKAGING = DOCS / "PACKAGING.md"  # the Pyxel app, the executable, the web page, releases
BENCHMARKS = DOCS / "BENCHMARKS.md"
ARCHITECTURE = DOCS / "ARCHITECTURE.md"


def pages() -> list[Path]:
    """Every Markdown page of the project's documentation."""
    return [README, CONTRIBUTING, *sorted(DOCS.glob("*.md"))]


def text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def flat(page: Path) -> str:
    """The page's words with every run of white space made one space."""
    return " ".join(text(page).split())


def code_lines(*chosen: Path) -> list[str]:
    """The code blocks (indented by four spaces) of the pages, line by line."""
    return [line[4:] for page in chosen for line in text(page).splitlines() if line.startswith("    ")]


def section(page: Path, heading: str) -> str:
    """From the heading (a line of the page) to the next heading of level two or above."""
    whole = text(page)
    start = whole.index(f"\n{heading}\n") + 1 if not whole.startswith(f"{heading}\n") else 0
    rest = whole[start:]
    ends = [rest.find(mark, 1) for mark in ("\n## ", "\n# ")]
    ends = [end for end in ends if end > 0]
    return rest[: min(ends)] if ends else rest

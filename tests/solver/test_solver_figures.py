"""The manual's Solver page gives players the win rates docs/BENCHMARKS.md measured."""

import re
from pathlib import Path

from amigasweeper.guide import parse_file

ROOT = Path(__file__).resolve().parents[2]


def measured_rates() -> dict[str, tuple[int, float, float, float]]:
    """board -> (games, win rate, interval low, interval high) from the Solver win-rate table."""
    text = (ROOT / "docs" / "BENCHMARKS.md").read_text(encoding="utf-8")
    section = text.split("### Solver win rates", 1)[1].split("\n#", 1)[0]
    rates = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) > 4 and cells[3].endswith("%") and re.fullmatch(r"[\d.]+-[\d.]+", cells[4]):
            low, high = (float(x) for x in cells[4].split("-"))
            rates[cells[0]] = (int(cells[1].replace(",", "")), float(cells[3].rstrip("%")), low, high)
    return rates


def test_the_benchmark_table_covers_every_anchor_and_shape():
    rates = measured_rates()
    for board in ("8x8/10", "9x9/10", "16x16/40", "30x16/99", "32x16/99 (Amiga Expert)", "hex 32x16/99", "triangle 32x16/99"):
        assert board in rates, board
        games, rate, low, high = rates[board]
        assert games > 0 and low <= rate <= high


def test_the_manual_gives_every_measured_rate():
    document = parse_file(str(ROOT / "docs" / "AmigaGuide" / "AmigaSweeper.guide"))
    page = document.node("Solver").text()
    for board, (games, rate, low, high) in measured_rates().items():
        line = f"{games:>6} {rate:.1f}% {low:.1f}-{high:.1f}"
        assert line in page, (board, line)

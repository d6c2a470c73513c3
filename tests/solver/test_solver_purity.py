"""The solver works from what a player sees (tests/test_architecture.py checks
that it never imports pyxel)."""

import re
from pathlib import Path

SOLVER = Path(__file__).resolve().parents[2] / "amigasweeper" / "solver"


def test_solver_never_reads_the_mine_layout():
    # The layout lives in Game's private fields and its is_mine/mine_cells methods;
    # only the no-guess generator (which makes the layout) may know it.
    for path in SOLVER.glob("*.py"):
        if path.name == "noguess.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\._mine\b|\.is_mine\(|\.mine_cells\(|\._count\b", text), path.name

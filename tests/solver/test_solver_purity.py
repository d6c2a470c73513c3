"""The solver works from what a player sees (tests/test_architecture.py checks
that it never imports pyxel)."""

import re

from repository_files import tracked_paths


def test_solver_never_reads_the_mine_layout():
    # The layout lives in Game's private fields and its is_mine/mine_cells methods;
    # only the no-guess generator (which makes the layout) may know it.
    for path in tracked_paths("amigasweeper/solver", ".py"):
        if path.name == "noguess.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\._mine\b|\.is_mine\(|\.mine_cells\(|\._count\b", text), path.name

"""amigasweeper.access keeps the size rule. (That it is part of the pyxel-free
core, below the windows, is the layer contract's: tests/test_architecture.py.)"""

from __future__ import annotations

from pathlib import Path

ACCESS = Path(__file__).resolve().parents[2] / "amigasweeper" / "access"


def test_no_access_module_is_over_the_size_rule():
    for path in ACCESS.rglob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) < 450, path.name

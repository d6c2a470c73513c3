"""amigasweeper.access is part of the pyxel-free core: it imports with pyxel
missing and never reaches into the ui (the windows wire it in, not the
reverse)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "amigasweeper"
ACCESS = PACKAGE / "access"


def access_modules() -> list[str]:
    names = []
    for path in sorted(ACCESS.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_every_access_module_imports_without_pyxel_or_the_ui():
    code = (
        "import sys\n"
        "sys.modules['pyxel'] = None\n"
        + "".join(f"import {name}\n" for name in access_modules())
        + "bad = sorted(m for m in sys.modules if m.startswith('amigasweeper.ui'))\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PACKAGE.parent, check=False)
    assert result.returncode == 0, result.stderr


def test_no_access_module_is_over_the_size_rule():
    for path in ACCESS.rglob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) < 450, path.name

"""The core never imports pyxel: only amigasweeper/ui may."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "amigasweeper"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
            names.update(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return names


def test_only_the_ui_imports_pyxel():
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] == "ui":
            continue
        if "pyxel" in imported_modules(path):
            offenders.append(str(relative))
    assert not offenders, f"pyxel imported outside amigasweeper/ui: {offenders}"


CORE_MODULES = [
    "amigasweeper.engine",
    "amigasweeper.engine.record",
    "amigasweeper.engine.textboard",
    "amigasweeper.solver",
    "amigasweeper.challenge",
    "amigasweeper.guide",
    "amigasweeper.storage",
    "amigasweeper.stats",
]


def test_the_core_imports_with_pyxel_missing():
    """A fresh interpreter where importing pyxel fails still imports every core module."""
    import subprocess
    import sys

    present = [m for m in CORE_MODULES if (PACKAGE.parent / (m.replace(".", "/") + ".py")).exists()
               or (PACKAGE.parent / m.replace(".", "/") / "__init__.py").exists()]
    code = "import sys; sys.modules['pyxel'] = None\n" + "".join(f"import {m}\n" for m in present)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PACKAGE.parent)
    assert result.returncode == 0, result.stderr

"""The challenge package is pure Python: it never imports pyxel."""

import ast
import subprocess
import sys
from pathlib import Path

CHALLENGE = Path(__file__).resolve().parents[2] / "amigasweeper" / "challenge"


def test_no_module_of_the_challenge_imports_pyxel():
    files = sorted(CHALLENGE.glob("*.py"))
    assert files
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(n.split(".")[0] == "pyxel" for n in names), path.name


def test_the_challenge_runs_where_pyxel_cannot_be_imported():
    code = (
        "import sys; sys.modules['pyxel'] = None\n"
        "import amigasweeper.challenge.cli, amigasweeper.challenge.players\n"
        "raise SystemExit(amigasweeper.challenge.cli.main(['--size', '6', '--bombs', '5', '--games', '2']))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=CHALLENGE.parents[1])
    assert result.returncode == 0, result.stderr

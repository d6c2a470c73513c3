"""The challenge runs where pyxel cannot be imported (tests/test_architecture.py
checks the imports of every core package)."""

import subprocess
import sys
from pathlib import Path

CHALLENGE = Path(__file__).resolve().parents[2] / "amigasweeper" / "challenge"


def test_the_challenge_runs_where_pyxel_cannot_be_imported():
    code = (
        "import sys; sys.modules['pyxel'] = None\n"
        "import amigasweeper.challenge.cli, amigasweeper.challenge.players\n"
        "raise SystemExit(amigasweeper.challenge.cli.main(['--size', '6', '--bombs', '5', '--games', '2']))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=CHALLENGE.parents[1])
    assert result.returncode == 0, result.stderr

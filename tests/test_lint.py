"""Lint as a habit: ruff, as pyproject.toml configures it (its default rules
and import sorting), finds nothing in the tree. `ruff check --fix .` mends
most of what it finds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    pytest.importorskip("ruff", reason="ruff is not installed: python3 -m pip install -e '.[test]' installs it")
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr

"""What git tracks in this repository: the only files a repository check reads.

A checkout holds more than the repository: the README's own set-up makes a
virtual environment inside it (full of symbolic links and of other people's
Python files), editors and tools add folders of their own, builds leave
output. Checks of the repository itself (no symbolic links, only the UI
imports pyxel, every environment variable documented, ...) therefore read the
index, `git ls-files -s`, never the working tree.

Where there is no git index (an sdist, a source archive unpacked from a
download), a repository check skips, saying why. Every test file that imports
this module is run by tests/test_readme_setup.py in a fresh clone with a venv
inside it, so a check that walks the working tree cannot come back unseen.
(A unique module name: tests/ has no __init__.py.)
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SYMLINK_MODE = "120000"  # git's file mode of a symbolic link
SUBMODULE_MODE = "160000"


@dataclass(frozen=True)
class Tracked:
    """One entry of the index."""

    mode: str  # "100644", "100755", SYMLINK_MODE or SUBMODULE_MODE
    name: str  # relative to the repository, with "/" on every system

    @property
    def path(self) -> Path:
        return ROOT.joinpath(*self.name.split("/"))


def parse_ls_files(output: str) -> list[Tracked]:
    """Entries of `git ls-files -s -z`: "<mode> <object> <stage>\\t<name>\\0" each."""
    entries = []
    for record in output.split("\0"):
        if not record:
            continue
        header, _, name = record.partition("\t")
        mode = header.split(" ", 1)[0]
        if not name or not mode.isdigit():
            raise ValueError(f"not a line of git ls-files -s: {record!r}")
        entries.append(Tracked(mode, name))
    return entries


@functools.cache
def _index() -> tuple[tuple[Tracked, ...], str]:
    """The index's entries, or () and why there are none."""
    if not (ROOT / ".git").exists():
        return (), "no git repository here (an sdist or an unpacked source archive has none)"
    if shutil.which("git") is None:
        return (), "git is not installed"
    result = subprocess.run(["git", "ls-files", "-s", "-z"], cwd=ROOT, capture_output=True, text=True,
                            encoding="utf-8", timeout=60, check=False)
    if result.returncode != 0:
        return (), f"git ls-files failed: {result.stderr.strip()}"
    return tuple(parse_ls_files(result.stdout)), ""


def tracked() -> list[Tracked]:
    """Every entry of the index; skips the calling test where there is none."""
    entries, why = _index()
    if why:
        # At a module's top (a table of files read at import), it skips the module.
        pytest.skip(f"repository check: it reads what git tracks, and {why}", allow_module_level=True)
    return list(entries)


def tracked_paths(folder: str = "", suffix: str = "") -> list[Path]:
    """The tracked files under `folder` (e.g. "amigasweeper/ui"; a file's own
    name gives that file) whose names end with `suffix`, as paths in the
    working tree, sorted. A tracked file
    deleted but not yet committed is left out: there is nothing to read."""
    prefix = folder.rstrip("/") + "/" if folder else ""
    found = sorted(
        entry.path
        for entry in tracked()
        if (entry.name.startswith(prefix) or entry.name == folder) and entry.name.endswith(suffix) and entry.mode != SUBMODULE_MODE
        and entry.path.is_file()
    )
    assert found, f"git tracks no file {folder or '.'}/*{suffix}: the check would pass on nothing"
    return found

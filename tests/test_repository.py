"""The repository works on every system: what git tracks has no symbolic
links and no names that differ only in case, and .gitignore keeps out what
people make inside a checkout (the README's .venv first of all).

Read from the index, never the working tree (tests/repository_files.py says why)."""

from __future__ import annotations

import subprocess

import pytest
from repository_files import ROOT, SYMLINK_MODE, parse_ls_files, tracked

# Folders and files people make inside a checkout: virtual environments (the
# README's .venv and the other usual names), tox, editors, Python's caches,
# macOS's Finder. None of them belongs in the repository.
LOCAL_NAMES = [".venv/", "venv/", "env/", ".env/", ".tox/", ".nox/", ".idea/", ".vscode/", "__pycache__/",
               "x.pyc", ".DS_Store", "Thumbs.db", ".mypy_cache/", ".ruff_cache/", ".coverage", "htmlcov/",
               "build/", "dist/", "amigasweeper.egg-info/", ".pytest_cache/", ".hypothesis/"]


def test_the_repository_has_no_symbolic_links():
    links = [entry.name for entry in tracked() if entry.mode == SYMLINK_MODE]
    assert links == [], "a checkout without symlinks (Windows) would get text files instead"


def test_no_two_tracked_names_differ_only_in_case():
    seen: dict[str, str] = {}
    clashes = []
    for entry in tracked():
        folded = entry.name.casefold()
        if folded in seen:
            clashes.append((seen[folded], entry.name))
        seen[folded] = entry.name
    assert clashes == [], "macOS and Windows would keep only one of each pair"


def test_gitignore_keeps_out_what_people_make_in_a_checkout(tmp_path):
    tracked()  # git and a repository are needed (skips, saying why, without them)
    names = [name + ("inside" if name.endswith("/") else "") for name in LOCAL_NAMES]
    result = subprocess.run(["git", "check-ignore", "--no-index", "--stdin"], cwd=ROOT, input="\n".join(names) + "\n",
                            capture_output=True, text=True, timeout=60, check=False)
    ignored = set(result.stdout.splitlines())
    assert [name for name in names if name not in ignored] == []
    # Not everything: the project's own files stay visible to git.
    kept = subprocess.run(["git", "check-ignore", "--no-index", "README.md", "amigasweeper/__init__.py"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert kept.stdout == ""


def test_the_index_reader_reads_modes_and_odd_names():
    output = ("100644 " + "a" * 40 + " 0\tREADME.md\0" + "120000 " + "b" * 40 + " 0\tdocs/a link\0"
              "100755 " + "c" * 40 + " 0\t.ci/run\0")
    entries = parse_ls_files(output)
    assert [(e.mode, e.name) for e in entries] == [("100644", "README.md"), (SYMLINK_MODE, "docs/a link"),
                                                  ("100755", ".ci/run")]
    with pytest.raises(ValueError, match="not a line"):
        parse_ls_files("README.md\0")

"""The repository works on every system: what git tracks has no symbolic
links and no names that differ only in case, and .gitignore keeps out what
people make inside a checkout (the README's .venv first of all).

Read from the index, never the working tree (tests/repository_files.py says why)."""

from __future__ import annotations

import ast
import re
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
    # And no pattern hides a file the repository has.
    hidden = subprocess.run(["git", "ls-files", "--cached", "--ignored", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60, check=True)
    assert hidden.stdout == ""


def test_the_index_reader_reads_modes_and_odd_names():
    output = ("100644 " + "a" * 40 + " 0\tREADME.md\0" + "120000 " + "b" * 40 + " 0\tdocs/a link\0"
              "100755 " + "c" * 40 + " 0\t.ci/run\0")
    entries = parse_ls_files(output)
    assert [(e.mode, e.name) for e in entries] == [("100644", "README.md"), (SYMLINK_MODE, "docs/a link"),
                                                  ("100755", ".ci/run")]
    with pytest.raises(ValueError, match="not a line"):
        parse_ls_files("README.md\0")


# What only some systems have, as tests use it: each test that does must skip
# elsewhere, saying why (a skipif on it, on its module, or a pytest.skip in it).
SYSTEM_ONLY = {
    "fcntl": re.compile(r"\bimport fcntl\b|\bfcntl\.(flock|lockf|fcntl)\b"),
    "/proc": re.compile(r"[\"']/proc/"),
    "bubblewrap": re.compile(r"\bbwrap\b|bubblewrap"),
    "SIGKILL": re.compile(r"signal\.SIGKILL\b"),
    "os.mkfifo": re.compile(r"\bos\.mkfifo\("),
    "os.geteuid": re.compile(r"\bos\.geteuid\("),
    "os.fork": re.compile(r"\bos\.fork\("),
    "SIGTERM sent": re.compile(r"send_signal\(signal\.SIG(TERM|INT)\)"),
}


def _skips(node: ast.AST) -> bool:
    """Whether a test or module skips somewhere: skipif/skip marks or pytest.skip."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Attribute) and inner.attr in ("skipif", "skip", "importorskip"):
            return True
        if isinstance(inner, ast.Name) and inner.id.endswith("_only") or isinstance(inner, ast.Name) and \
                inner.id.startswith("posix_"):
            return True  # a shared mark, e.g. posix_only = pytest.mark.skipif(...)
    return False


class _CodeSamples(ast.NodeTransformer):
    """Blanks strings of several lines: code given to a checker as a sample
    (`"import fcntl\\n..."`) is not code the test runs."""

    def visit_Constant(self, node: ast.Constant) -> ast.Constant:
        return ast.Constant("") if isinstance(node.value, str) and "\n" in node.value else node


def _without_code_samples(node: ast.AST) -> ast.AST:
    import copy

    return _CodeSamples().visit(copy.deepcopy(node))


def system_only_uses(source: str) -> list[tuple[str, str]]:
    """(test, what) for each test function using SYSTEM_ONLY things with no skip
    on it or on its module (pytestmark)."""
    tree = ast.parse(source)
    module_skips = any(isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "pytestmark" for t in node.targets)
                       and _skips(node) for node in tree.body)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
            continue
        text = ast.unparse(_without_code_samples(node))
        for what, pattern in SYSTEM_ONLY.items():
            if pattern.search(text) and not module_skips and not _skips(node):
                found.append((node.name, what))
    return found


def test_tests_of_one_systems_features_skip_elsewhere():
    offenders = []
    for entry in tracked():
        name = entry.name
        if name.startswith("tests/") and name.rsplit("/", 1)[-1].startswith("test_") and name.endswith(".py") \
                and name != "tests/test_repository.py" and entry.path.is_file():
            offenders += [(name, *use) for use in system_only_uses(entry.path.read_text(encoding="utf-8"))]
    assert offenders == [], "these tests need a skipif for the systems without what they use"


def test_the_system_only_check_sees_a_missing_skip():
    source = (
        "import os, pytest, signal\n"
        "def test_bare(tmp_path):\n    os.mkfifo(tmp_path / 'p')\n"
        "@pytest.mark.skipif(not hasattr(os, 'mkfifo'), reason='no FIFOs')\n"
        "def test_marked(tmp_path):\n    os.mkfifo(tmp_path / 'p')\n"
        "def test_skips_inside(p):\n    if os.name != 'posix':\n        pytest.skip('POSIX')\n"
        "    p.send_signal(signal.SIGTERM)\n"
        "def test_proc():\n    open('/proc/self/status')\n"
    )
    assert system_only_uses(source) == [("test_bare", "os.mkfifo"), ("test_proc", "/proc")]

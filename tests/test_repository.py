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


# Files a test run leaves only when something went wrong in it: ms-toollib's
# panic log, written into the current folder (tests/, where pyxel.init moves
# it) as it aborts the run, when asked to write a game that is not over.
LEFT_BY_A_BROKEN_RUN = {"crash.log": "ms-toollib's panic log (tests/conftest.py's toollib_evf says why)"}


def test_nothing_a_broken_test_run_leaves_is_tracked():
    found = [f"{entry.name}: {LEFT_BY_A_BROKEN_RUN[entry.name.rsplit('/', 1)[-1]]}" for entry in tracked()
             if entry.name.rsplit("/", 1)[-1] in LEFT_BY_A_BROKEN_RUN]
    assert found == [], "remove it, and find the test that made it"


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
    "bubblewrap": re.compile(r"""which\(\s*["']bwrap["']|\[\s*["']bwrap["']"""),  # looked for or run
    "SIGKILL": re.compile(r"signal\.SIGKILL\b"),
    "os.mkfifo": re.compile(r"\bos\.mkfifo\("),
    "os.geteuid": re.compile(r"\bos\.geteuid\("),
    "os.fork": re.compile(r"\bos\.fork\("),
    "SIGTERM sent": re.compile(r"send_signal\(signal\.SIG(TERM|INT)\)"),
}


def _skips(node: ast.AST, marks: frozenset[str] = frozenset()) -> bool:
    """Whether a test or module skips somewhere: skipif/skip marks, pytest.skip,
    or a shared mark of its file (`posix = pytest.mark.skipif(...)`, in `marks`)."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Attribute) and inner.attr in ("skipif", "skip", "importorskip"):
            return True
        if isinstance(inner, ast.Name) and inner.id in marks:
            return True
    return False


def _shared_marks(tree: ast.Module) -> frozenset[str]:
    """Names a file gives its skip marks at the top: `posix = pytest.mark.skipif(...)`."""
    return frozenset(target.id for node in tree.body if isinstance(node, ast.Assign) and _skips(node.value)
                     for target in node.targets if isinstance(target, ast.Name))


class _CodeSamples(ast.NodeTransformer):
    """Blanks strings of several lines: code given to a checker as a sample
    (`"import fcntl\\n..."`) is not code the test runs."""

    def visit_Constant(self, node: ast.Constant) -> ast.Constant:
        return ast.Constant("") if isinstance(node.value, str) and "\n" in node.value else node


def _without_code_samples(node: ast.AST) -> ast.AST:
    import copy

    return _CodeSamples().visit(copy.deepcopy(node))


def skipping_functions(source: str) -> set[str]:
    """Names of the functions (fixtures, helpers) in a file that skip."""
    return {node.name for node in ast.walk(ast.parse(source)) if isinstance(node, ast.FunctionDef) and _skips(node)}


def system_only_uses(source: str, skippers: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """(test, what) for each test function using SYSTEM_ONLY things that does
    not skip: no skip on it or on its module (pytestmark), and no fixture or
    helper it takes or calls (of its file, or `skippers` of the conftest files)
    that skips."""
    tree = ast.parse(source)
    marks = _shared_marks(tree)
    module_skips = any(isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "pytestmark" for t in node.targets)
                       and _skips(node, marks) for node in tree.body)
    skippers = skippers | skipping_functions(source)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
            continue
        text = ast.unparse(_without_code_samples(node))
        used = {arg.arg for arg in node.args.args} | {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
        if module_skips or _skips(node, marks) or used & skippers:
            continue
        found += [(node.name, what) for what, pattern in SYSTEM_ONLY.items() if pattern.search(text)]
    return found


@pytest.mark.slow
def test_tests_of_one_systems_features_skip_elsewhere():
    files = [entry for entry in tracked() if entry.name.startswith("tests/") and entry.name.endswith(".py")
             and entry.path.is_file()]
    skippers = frozenset().union(*(skipping_functions(entry.path.read_text(encoding="utf-8")) for entry in files
                                   if entry.name.endswith("/conftest.py")))
    offenders = []
    for entry in files:
        name = entry.name
        if name.rsplit("/", 1)[-1].startswith("test_") and name != "tests/test_repository.py":
            offenders += [(name, *use) for use in system_only_uses(entry.path.read_text(encoding="utf-8"), skippers)]
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
        "fifo = pytest.mark.skipif(not hasattr(os, 'mkfifo'), reason='FIFOs')\n"
        "@fifo\ndef test_shared_mark(tmp_path):\n    os.mkfifo(tmp_path / 'p')\n"
        "@pytest.fixture\ndef sandbox():\n    if shutil.which('bwrap') is None:\n        pytest.skip('no bwrap')\n"
        "def test_in_the_sandbox(sandbox):\n    run(['bwrap', '--'])\n"
        "def test_in_a_conftest_sandbox(jail):\n    run(['bwrap', '--'])\n"
    )
    assert system_only_uses(source) == [("test_bare", "os.mkfifo"), ("test_proc", "/proc"),
                                        ("test_in_a_conftest_sandbox", "bubblewrap")]
    assert system_only_uses(source, frozenset({"jail"})) == [("test_bare", "os.mkfifo"), ("test_proc", "/proc")]


# ------------------------------------------------------- each name used once
# A module file name or a top-level class name defined twice in the package
# makes a reader (and a traceback, and a grep) guess which one is meant:
# issue 43 renamed Worker, Session, Table, Loaded and the three worker.py,
# then every other doubled name (37 modules, 23 classes).


def _package_files() -> list[str]:
    return [entry.name for entry in tracked()
            if entry.name.startswith("amigasweeper/") and entry.name.endswith(".py")]


def _doubled(names: dict[str, list[str]]) -> dict[str, list[str]]:
    return {name: places for name, places in names.items() if len(places) > 1}


def doubled_file_names(paths: list[str]) -> dict[str, list[str]]:
    """Module file names (``__init__.py`` aside) defined in more than one folder."""
    names: dict[str, list[str]] = {}
    for path in paths:
        name = path.rsplit("/", 1)[-1]
        if name != "__init__.py":
            names.setdefault(name, []).append(path)
    return _doubled(names)


def doubled_class_names(sources: dict[str, str]) -> dict[str, list[str]]:
    """Top-level class names defined in more than one module."""
    names: dict[str, list[str]] = {}
    for path, source in sources.items():
        for node in ast.parse(source, path).body:
            if isinstance(node, ast.ClassDef):
                names.setdefault(node.name, []).append(path)
    return _doubled(names)


def test_no_module_file_name_is_used_twice_in_the_package():
    doubled = doubled_file_names(_package_files())
    assert doubled == {}, "name each module for what it holds, once in the package"


def test_no_top_level_class_name_is_defined_twice_in_the_package():
    doubled = doubled_class_names({path: (ROOT / path).read_text(encoding="utf-8") for path in _package_files()})
    assert doubled == {}, "name each class for what it is, once in the package"


def test_the_name_checks_see_a_second_definition():
    """The checks above can fail: a second worker.py, a second Worker class."""
    assert doubled_file_names(["amigasweeper/a/worker.py", "amigasweeper/b/worker.py", "amigasweeper/a/__init__.py",
                               "amigasweeper/b/__init__.py", "amigasweeper/c/other.py"]) == {
        "worker.py": ["amigasweeper/a/worker.py", "amigasweeper/b/worker.py"]}
    sources = {"a.py": "class Worker:\n    class Inner: ...\n", "b.py": "class Worker(object): ...\n",
               "c.py": "def Worker(): ...\nclass Inner: ...\n"}
    assert doubled_class_names(sources) == {"Worker": ["a.py", "b.py"]}

"""Static rules for the code the web page runs.

In the browser the program runs in Pyodide inside Pyxel's web runtime: one
thread, an event loop it must never block, files only in Pyxel's user data
folder (and the browser's localStorage), Python 3.14. These rules are checked
on the source, over an explicit list of what the page runs. A test also
follows the imports from the pyxapp's startup script, so a new module the page
comes to import must be added to WEB_CODE (and obey the rules) or the test
says so. The real Python 3.14 compile of every file happens in the browser
test (test_web_browser.py), in Pyodide.
"""

from __future__ import annotations

import ast
import re
import warnings
from pathlib import Path

import pytest
from packaging_helpers import ROOT, load_package_tool
from repository_files import tracked_paths

STARTUP = "<startup script>"  # tools/package.py's STARTUP_SCRIPT, run first by the page

# What the web page runs. amigasweeper/challenge is left out on purpose: its
# harness and benchmarks may use processes; the page never imports it.
WEB_CODE = (
    "amigasweeper/__init__.py",
    "amigasweeper/__main__.py",
    "amigasweeper/arguments.py",
    "amigasweeper/engine",
    "amigasweeper/solver",
    "amigasweeper/guide",
    "amigasweeper/resources.py",
    "amigasweeper/plainfiles.py",
    "amigasweeper/atomicfile.py",
    "amigasweeper/slices.py",
    "amigasweeper/storage",
    "amigasweeper/metrics",
    "amigasweeper/replay",
    "amigasweeper/records",
    "amigasweeper/play",
    "amigasweeper/access",
    "amigasweeper/terminal",
    "amigasweeper/ui",
)

# Modules the page must not import: no threads or processes in the browser,
# no sockets, and nothing removed from (or deprecated in) Python by 3.14.
BANNED_MODULES = {
    "threading": "no threads in the browser",
    "_thread": "no threads in the browser",
    "multiprocessing": "no processes in the browser",
    "concurrent": "no threads or processes in the browser",
    "subprocess": "no processes in the browser",
    "socket": "no sockets in the browser",
    "imp": "removed in Python 3.12",
    "asynchat": "removed in Python 3.12",
    "asyncore": "removed in Python 3.12",
    "smtpd": "removed in Python 3.12",
    "distutils": "removed in Python 3.12",
    "lib2to3": "removed in Python 3.13",
    **dict.fromkeys(
        ["aifc", "audioop", "cgi", "cgitb", "chunk", "crypt", "imghdr", "mailcap", "msilib", "nis",
         "nntplib", "ossaudiodev", "pipes", "sndhdr", "spwd", "sunau", "telnetlib", "uu", "xdrlib"],
        "removed in Python 3.13 (PEP 594)",
    ),
}

# module -> attributes that block the page's loop or are gone in Python 3.14.
BANNED_ATTRIBUTES = {
    "pyxel": {"flip": "blocks the browser's frame loop", "show": "runs a loop of its own"},
    "time": {"sleep": "blocks the browser's event loop"},
    "os": {
        "system": "no processes in the browser", "popen": "no processes in the browser",
        "fork": "no processes in the browser",
        "chdir": "changes the folder every relative path means (pyxel.init already does)",
    },
    "ast": {n: "removed in Python 3.14" for n in ("Num", "Str", "Bytes", "NameConstant", "Ellipsis")},
    "pkgutil": {"find_loader": "removed in Python 3.14", "get_loader": "removed in Python 3.14"},
    "tempfile": {"gettempdir": "outside the user data folder", "mkdtemp": "outside the user data folder"},
    "Path": {"home": "outside the user data folder", "expanduser": "outside the user data folder"},
    "path": {"expanduser": "outside the user data folder"},  # os.path.expanduser
}
BANNED_CALLS = {"input": "blocks (no console in the browser)", "breakpoint": "blocks"}

# Only these files may write files: the storage's file back end and its lock
# write into the folder they are given (Pyxel's user data folder; in the
# browser the storage uses localStorage instead), the fault reports go to that
# same folder (none in the browser), and the script runner saves screenshots
# in headless runs, which the page never makes.
WRITERS = {
    "amigasweeper/storage/file_backend.py",
    "amigasweeper/storage/locking.py",
    "amigasweeper/ui/faults.py",
    "amigasweeper/ui/drive/script.py",
    # The games' records and replays go into the data folder they are given;
    # in the browser GameKeeper is given localStorage and writes no file.
    "amigasweeper/records/record_store.py",
    "amigasweeper/records/replay_folder.py",
    "amigasweeper/records/game_keeper.py",
    # One file written whole for the three above that write files: the
    # storage's, the replays folder's, and the viewer's Save As (desktop only:
    # asl.available() is False in the browser).
    "amigasweeper/atomicfile.py",
}
# (file, call) -> why the page never runs it although it imports the file.
DESKTOP_ONLY = {
    ("amigasweeper/storage/locking.py", "time.sleep"):
        "the lock guards a desktop data folder; the browser's storage needs none",
    ("amigasweeper/records/stats_cli.py", "Path.home"):
        "`amigasweeper --stats` runs in a shell; the page never passes it",
    ("amigasweeper/ui/drive/pilot.py", "pyxel.flip"):
        "only a script run in a desktop window shows its frames so (Pilot.shows is False in the browser)",
    ("amigasweeper/ui/stopping.py", "import threading"):
        "the stop watchdog starts from a signal handler, which the page never installs",
    ("amigasweeper/play/end_worker.py", "import threading"):
        "the end of a game is written in a thread on the desktop only; the page writes in its frames (ending.InFrame)",
    ("amigasweeper/ui/display.py", "os.fork"): "the display is asked about on Linux and the BSDs only",
    ("amigasweeper/ui/display.py", "os.chdir"):
        "only when the current folder's name is not UTF-8, just before pyxel.init changes it anyway",
    ("amigasweeper/ui/display.py", "os.open"): "the display test's child sends SDL's complaints to os.devnull",
    **dict.fromkeys(
        [("amigasweeper/replay/foreign.py", "import subprocess"), ("amigasweeper/replay/foreign.py", "source.write_bytes")],
        "ms-toollib reads AVF, RMV and MVF files in a child process, given the file in a temporary folder, on the "
        "desktop only: in the browser foreign.missing() refuses first",
    ),
    ("amigasweeper/replay/foreign.py", "time.sleep"):
        "read_foreign waits for the child for tests and tools; the program asks PendingRead each frame instead",
    ("amigasweeper/replay/toollib_child.py", "target.write_text"):
        "the child process writes ms-toollib's reading into foreign.py's temporary folder; the page never starts it",
    **dict.fromkeys(
        [("amigasweeper/ui/intuition/amigapaths.py", "path.expanduser"), ("amigasweeper/ui/intuition/drawers.py", "Path.home")],
        "the file requester browses the desktop's files (asl.available() is False in the browser); it opens nothing",
    ),
    ("amigasweeper/ui/information/iconfacts.py", "tempfile.gettempdir"):
        "the Ram Disk's Information asks for the temporary folder on the desktop only; in the browser it is the program's",
    **dict.fromkeys(
        [("amigasweeper/ui/helpviewer/pictureview.py", "tempfile.mkstemp"),
         ("amigasweeper/ui/helpviewer/pictureview.py", "os.fdopen"),
         ("amigasweeper/ui/helpviewer/pictureview.py", "os.unlink")],
        "Pyxel's loader reads a PNG, GIF, JPEG or BMP picture on the desktop only; the page shows IFF pictures alone",
    ),
}
# The Narrator's pieces the page reaches through the text mode's entry (and,
# later, the window's Narrator): the page speaks through the Web Speech API alone.
DESKTOP_ONLY.update({
    ("amigasweeper/terminal/reader.py", "import threading"):
        "--text plays in a terminal: on the page terminal/text_cli.py refuses it before anything starts",
    ("amigasweeper/access/narrator/log.py", "import threading"):
        "the log writes in a thread of its own on the desktop; in the browser in the frame (default_writer)",
    ("amigasweeper/access/narrator/log.py", "os.open"):
        "the narration log is the file --narration-log names, which only --text takes: the page refuses --text",
    **dict.fromkeys(
        [("amigasweeper/access/voices/pipe.py", "import subprocess"),
         ("amigasweeper/access/voices/pipe.py", "import threading"),
         ("amigasweeper/access/voices/ssip.py", "import socket"),
         ("amigasweeper/access/voices/ssip.py", "import subprocess"),
         ("amigasweeper/access/voices/voice_thread.py", "import threading")],
        "the desktop's voices (a helper process, a socket, a worker thread): in the browser find_voice takes "
        "the Web Speech API's voice alone",
    ),
})
# Issue 40's stand-ins for the SDL event filter, on the desktop only: in the
# browser Pyxel's restart calls the page's resetPyxel() (tools/web/no_restart.js),
# and the data folder is localStorage, so there is none to make current.
DESKTOP_ONLY.update(dict.fromkeys(
    [("amigasweeper/ui/keys/restart.py", "import subprocess"), ("amigasweeper/ui/keys/restart.py", "folder.mkdir"),
     ("amigasweeper/ui/keys/restart.py", "os.chdir")],
    "launch.py sets Pyxel's restart guard and the data folder current outside the browser only",
))
# (file, call) -> why a call the rules take for writing only reads.
READ_ONLY = {
    ("amigasweeper/plainfiles.py", "os.open"): "opens O_RDONLY: the file a guide or a script names",
}
PATH_WRITING_METHODS = {"write_text", "write_bytes", "mkdir", "unlink", "touch", "rmdir", "symlink_to", "hardlink_to"}
MODULE_WRITING_CALLS = {
    "os": {"replace", "rename", "remove", "unlink", "mkdir", "makedirs", "rmdir", "removedirs", "fdopen", "open", "truncate"},
    "shutil": {"copy", "copy2", "copyfile", "copytree", "move", "rmtree"},
    "tempfile": {"mkstemp", "NamedTemporaryFile", "TemporaryFile", "SpooledTemporaryFile"},
    "pyxel": {"screenshot", "screencast", "save"},
}

ABSOLUTE_PATH = re.compile(r"^(/(?!/)[\w.~-]+|[A-Za-z]:[\\/]|~[\\/]|\\\\[\w.-]+\\)")


def web_files() -> list[Path]:
    """The tracked files of WEB_CODE (tests/repository_files.py says why tracked)."""
    files: list[Path] = []
    for entry in WEB_CODE:
        files += tracked_paths(entry, "" if entry.endswith(".py") else ".py")
    return files


def sources() -> dict[str, str]:
    """name -> source of everything the page runs."""
    named = {str(p.relative_to(ROOT).as_posix()): p.read_text(encoding="utf-8") for p in web_files()}
    named[STARTUP] = load_package_tool().startup_script()
    return named


SOURCES = sources()


# ------------------------------------------------------------ import graph
def module_file(module: str) -> Path | None:
    base = ROOT / module.replace(".", "/")
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def imports_of(tree: ast.AST, module: str, is_package: bool) -> set[str]:
    """Every module named by an import anywhere in the file (lazy ones too),
    with `from X import y` counted as X.y when y is a module."""
    found: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def reachable_from_startup() -> set[str]:
    """Files of amigasweeper the page imports, following imports from the startup script."""
    seen: set[str] = set()
    todo = [(ast.parse(SOURCES[STARTUP]), "__main__", False)]
    while todo:
        tree, module, is_package = todo.pop()
        for name in imports_of(tree, module, is_package):
            parts = name.split(".")
            if parts[0] != "amigasweeper":
                continue
            for depth in range(1, len(parts) + 1):  # importing a.b.c runs a and a.b too
                prefix = ".".join(parts[:depth])
                path = module_file(prefix)
                if path is None or prefix in seen:
                    continue
                seen.add(prefix)
                todo.append((ast.parse(path.read_text(encoding="utf-8")), prefix, path.name == "__init__.py"))
    return {module_file(m).relative_to(ROOT).as_posix() for m in seen}


@pytest.mark.slow
def test_the_list_covers_everything_the_page_imports():
    listed = set(SOURCES)
    missing = reachable_from_startup() - listed
    assert not missing, (
        f"the web page now imports {sorted(missing)}: add them to WEB_CODE in "
        "tests/packaging/test_web_rules.py and keep them to its rules"
    )
    assert "amigasweeper/ui/app.py" in listed and "amigasweeper/engine/game.py" in listed


# ------------------------------------------------------------------ rules
def _docstring_nodes(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _attribute_chain(node: ast.AST) -> list[str]:
    chain = []
    while isinstance(node, ast.Attribute):
        chain.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        chain.append(node.id)
    return chain[::-1]


def violations(name: str, source: str) -> list[str]:
    tree = ast.parse(source, filename=name)
    found: list[str] = []

    def where(node: ast.AST) -> str:
        return f"{name}:{getattr(node, 'lineno', '?')}"

    docstrings = _docstring_nodes(tree)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if isinstance(node, ast.ImportFrom) and node.level:
                modules = []
            for module in modules:
                top = module.split(".")[0]
                if top in BANNED_MODULES and (name, f"import {module}") not in DESKTOP_ONLY:
                    found.append(f"{where(node)}: imports {module}: {BANNED_MODULES[top]}")
                if module == "tkinter.tix":
                    found.append(f"{where(node)}: imports tkinter.tix: removed in Python 3.13")
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                banned = BANNED_ATTRIBUTES.get(node.module.split(".")[-1], {})
                for alias in node.names:
                    if alias.name in banned:
                        found.append(f"{where(node)}: from {node.module} import {alias.name}: {banned[alias.name]}")
        elif isinstance(node, ast.Attribute):
            owner = _attribute_chain(node.value)
            desktop_only = (name, ".".join(owner + [node.attr])) in DESKTOP_ONLY
            if owner and node.attr in BANNED_ATTRIBUTES.get(owner[-1], {}) and not desktop_only:
                found.append(f"{where(node)}: {'.'.join(owner)}.{node.attr}: {BANNED_ATTRIBUTES[owner[-1]][node.attr]}")
            writes = node.attr in PATH_WRITING_METHODS or node.attr in MODULE_WRITING_CALLS.get(owner[-1] if owner else "", ())
            exempt = (name, ".".join(owner + [node.attr])) in {**DESKTOP_ONLY, **READ_ONLY}
            if writes and name not in WRITERS and not exempt:
                found.append(f"{where(node)}: {'.'.join(owner + [node.attr])}: writes files outside storage.py")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in BANNED_CALLS:
                found.append(f"{where(node)}: {func.id}(): {BANNED_CALLS[func.id]}")
            if isinstance(func, ast.Name) and func.id == "open" and node.args:
                first = node.args[0]
                if isinstance(first, (ast.Constant, ast.JoinedStr)):
                    found.append(f"{where(node)}: open() of a literal path: relative to a folder that is not ours")
                mode = node.args[1] if len(node.args) > 1 else next((k.value for k in node.keywords if k.arg == "mode"), None)
                if isinstance(mode, ast.Constant) and set(str(mode.value)) & set("wax+") and name not in WRITERS:
                    found.append(f"{where(node)}: open(..., {mode.value!r}) writes files outside storage.py")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            if ABSOLUTE_PATH.match(node.value) and "\n" not in node.value:
                found.append(f"{where(node)}: absolute path {node.value!r}")
        elif isinstance(node, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            for statement in node.finalbody:
                for inner in _escapes_finally(statement):
                    found.append(f"{where(inner)}: {type(inner).__name__.lower()} in finally: a SyntaxWarning in Python 3.14 (PEP 765)")
    return found


def _escapes_finally(node: ast.AST, in_loop: bool = False):
    """return, and break/continue not inside a loop of their own, in a finally block."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
        return
    if isinstance(node, ast.Return) or (isinstance(node, (ast.Break, ast.Continue)) and not in_loop):
        yield node
    for child in ast.iter_child_nodes(node):
        yield from _escapes_finally(child, in_loop or isinstance(node, (ast.For, ast.While, ast.AsyncFor)))


# Modules only other systems have. Pyxel's web runtime answers an import it
# cannot find by fetching the module from the page's host: even an import in
# `try: ... except ImportError` costs a failed request a load. So these are
# imported only on a branch of a sys.platform test the browser does not take.
OTHER_SYSTEMS_MODULES = {"fcntl", "msvcrt", "winreg", "winsound", "_winapi", "_overlapped", "nt", "termios", "tty",
                         "pty", "pwd", "grp", "resource", "syslog", "posix", "readline", "curses"}
BROWSER = "emscripten"


def _platform_test(test: ast.AST, platform: str = BROWSER) -> bool | None:
    """The value of an `if` test about sys.platform on `platform`, or None
    when the test is about something else."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _platform_test(test.operand, platform)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        values = [_platform_test(v, platform) for v in test.values]
        if None in values:
            return None
        return all(values) if isinstance(test.op, ast.And) else any(values)
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and _attribute_chain(test.left) == ["sys", "platform"]:
        try:
            other = ast.literal_eval(test.comparators[0])
        except ValueError:
            return None
        op = test.ops[0]
        if isinstance(op, (ast.Eq, ast.NotEq)):
            return (platform == other) == isinstance(op, ast.Eq)
        if isinstance(op, (ast.In, ast.NotIn)):
            return (platform in other) == isinstance(op, ast.In)
    if (isinstance(test, ast.Call) and _attribute_chain(test.func) == ["sys", "platform", "startswith"]
            and len(test.args) == 1):
        try:
            return platform.startswith(ast.literal_eval(test.args[0]))
        except ValueError:
            return None
    return None


def other_systems_imports(name: str, source: str) -> list[str]:
    """Imports of OTHER_SYSTEMS_MODULES the browser would reach: everywhere
    but the branches of sys.platform tests it does not take."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If):
            taken = _platform_test(node.test)
            visit(node.test)
            for branch, runs in ((node.body, taken is not False), (node.orelse, taken is not True)):
                for statement in branch if runs else ():
                    visit(statement)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for module in modules if not getattr(node, "level", 0) else ():
                if module.split(".")[0] in OTHER_SYSTEMS_MODULES:
                    found.append(f"{name}:{node.lineno}: imports {module}, which the browser lacks "
                                 "(Pyxel would fetch it from the page's host): import it under a sys.platform test")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source, filename=name))
    return found


@pytest.mark.slow
def test_web_code_imports_no_other_systems_module_in_the_browser():
    found = [problem for name in sorted(SOURCES) for problem in other_systems_imports(name, SOURCES[name])]
    assert found == []


def test_the_other_systems_rule_sees_guards_and_their_absence():
    source = (
        "import sys\n"
        "try:\n    import fcntl\nexcept ImportError:\n    fcntl = None\n"  # 2: reached, guard or not
        "if sys.platform == 'win32':\n    import msvcrt\n"  # not in the browser
        "elif sys.platform != 'emscripten':\n    import termios\n"  # not in the browser
        "else:\n    import pwd\n"  # 11: the browser's branch
        "if not sys.platform.startswith(('linux', 'darwin')):\n    import grp\n"  # 13
        "if os.name == 'posix':\n    import resource\n"  # 15: not about sys.platform: reached
        "def f():\n    import winreg\n"  # 17: a lazy import the browser may call
    )
    lines = sorted(int(p.split(":")[1]) for p in other_systems_imports("x.py", source))
    assert lines == [3, 11, 13, 15, 17]


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_web_code_obeys_the_rules(name):
    assert violations(name, SOURCES[name]) == []


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_web_code_compiles_without_warnings(name):
    """Invalid escape sequences and the like are warnings now and errors later;
    with warnings as errors, each file must still compile."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compile(SOURCES[name], name, "exec", dont_inherit=True)


def test_the_rules_catch_what_they_should():
    bad = (
        "import threading\n"
        "from multiprocessing import Pool\n"
        "import subprocess, distutils.core\n"
        "import pyxel\n"
        "from time import sleep\n"
        "pyxel.flip()\n"
        "name = input('?')\n"
        "open('/etc/passwd')\n"
        "HOME = '/home/player/.amigasweeper'\n"
        "import os\n"
        "os.chdir('x')\n"
        "p.write_text('x')\n"
        "os.replace('a', 'b')\n"
        "'text'.replace('a', 'b')\n"
        "SAVES = 'C:\\\\Games\\\\AmigaSweeper'\n"
        "from pathlib import Path\n"
        "Path.home() / 'x'\n"
        "def f():\n"
        "    try:\n"
        "        pass\n"
        "    finally:\n"
        "        return 1\n"
    )
    found = "\n".join(violations("bad.py", bad))
    for expected in (":1: imports threading", ":2: imports multiprocessing", ":3: imports subprocess",
                     ":3: imports distutils.core", ":5: from time import sleep", ":6: pyxel.flip",
                     ":7: input()", ":8: open() of a literal path", ":8: absolute path '/etc/passwd'",
                     ":9: absolute path", ":11: os.chdir", ":12: p.write_text", ":13: os.replace",
                     ":15: absolute path", ":17: Path.home", ":22: return in finally"):
        assert expected in found, (expected, found)
    assert ":14:" not in found

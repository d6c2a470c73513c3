"""AMIGASWEEPER_ARGS is split by the rules of the system it is written on
(amigasweeper/arguments.py): CommandLineToArgvW's on Windows, a POSIX
shell's elsewhere. Both are pure Python, so both tables run on every system."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from amigasweeper.arguments import ArgumentsError, split_arguments, split_windows

ROOT = Path(__file__).resolve().parents[1]

# (the variable's text, the arguments a Windows program gets). The cases of
# Microsoft's own table for argv, and those where CommandLineToArgvW parts
# from the C library ("" inside quotes) or from a POSIX shell (backslashes).
WINDOWS = [
    (r"--data-dir C:\Users\me\w.txt", ["--data-dir", r"C:\Users\me\w.txt"]),
    (r'--guide "C:\Program Files\AmigaSweeper\a b.guide"', ["--guide", r"C:\Program Files\AmigaSweeper\a b.guide"]),
    (r'"C:\Users\me\saved games\\"', ["C:\\Users\\me\\saved games\\"]),  # 2n backslashes before a quote: n
    (r'"a b c" d e', ["a b c", "d", "e"]),
    (r'"ab\"c" "\\" d', ['ab"c', "\\", "d"]),
    (r'a\\\b d"e f"g h', [r"a\\\b", "de fg", "h"]),
    (r'a\\\"b c d', [r'a\"b', "c", "d"]),  # 2n+1 backslashes before a quote: n and a quote mark
    (r'a\\\\"b c" d e', [r"a\\b c", "d", "e"]),
    (r'"a ""b"" c"', ['a "b', "c"]),  # "" inside quotes: a quote mark, and the quotes close
    (r'a"b"" c d', ['ab"', "c", "d"]),
    ('""""""', ['""']),  # every third quote mark of a run is a literal one
    ('"" x', ["", "x"]),  # quote marks alone: an empty argument
    ('  \t--seed\t 5  ', ["--seed", "5"]),
    ('--script "unclosed.txt', ["--script", "unclosed.txt"]),  # an open quote ends with the text
    (r"\\server\share\script.txt", [r"\\server\share\script.txt"]),
    ("it's", ["it's"]),  # a single quote is an ordinary character on Windows
    ("", []),
]

# The same texts by a POSIX shell's rules, where they differ or fail.
POSIX = [
    (r"--data-dir C:\Users\me\w.txt", ["--data-dir", "C:Usersmew.txt"]),  # why Windows needs its own rules
    ("--data-dir '/home/me/saved games'", ["--data-dir", "/home/me/saved games"]),
    (r'a\ b "c d" e', ["a b", "c d", "e"]),
    ("", []),
]


@pytest.mark.parametrize(("text", "arguments"), WINDOWS)
def test_windows_rules(text, arguments):
    assert split_windows(text) == arguments
    assert split_arguments(text, windows=True) == arguments


@pytest.mark.parametrize(("text", "arguments"), POSIX)
def test_posix_rules(text, arguments):
    assert split_arguments(text, windows=False) == arguments


def test_an_open_quote_is_an_error_by_posix_rules_only():
    with pytest.raises(ArgumentsError, match="POSIX shell"):
        split_arguments('--script "unclosed.txt', windows=False)
    assert split_arguments('--script "unclosed.txt', windows=True) == ["--script", "unclosed.txt"]


def test_windows_rules_give_back_what_windows_quoting_made():
    """Arguments quoted as Python's subprocess quotes them for Windows
    (list2cmdline, the inverse of these rules) come back unchanged."""
    samples = [["plain"], ["two words"], ['say "hi"'], ["ends\\"], ["ends with \\ and space \\"], [""],
               ["a\\\\\"b"], ["\t"], ['"'], ["x", "", "y"], [r"C:\Users\me\w.txt", "--seed", "5"]]
    for arguments in samples:
        assert split_windows(subprocess.list2cmdline(arguments)) == arguments


def test_the_variable_is_split_by_the_rules_of_the_system_it_runs_on(tmp_path):
    """main_from_environment picks the rules: a path with backslashes in the
    variable reaches --script whole only by Windows' rules."""
    folder = tmp_path / r"saved\scripts"  # a POSIX name with a backslash in it, as a Windows path has
    folder.mkdir()
    script = folder / "one.txt"
    script.write_text("wait 1\nexpect state ready\n", encoding="utf-8")
    code = ("import sys; from amigasweeper.__main__ import main_from_environment as m; "
            "raise SystemExit(m(windows=sys.argv[1] == 'windows'))")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(SDL_AUDIODRIVER="dummy", AMIGASWEEPER_ARGS=f"--headless --script {script}")
    outcome = {}
    for rules in ("windows", "posix"):
        result = subprocess.run([sys.executable, "-c", code, rules], cwd=ROOT, env=env, capture_output=True,
                                text=True, timeout=120, check=False)
        outcome[rules] = (result.returncode, "savedscripts" in result.stderr)
    assert outcome == {"windows": (0, False), "posix": (1, True)}

"""The README and the pages it points to tell the truth a new user needs: how
to set up from a fresh machine, what .ci/run runs (README.md), every option's
--help text, every script command, and every environment variable the program
reads (docs/USAGE.md, docs/CONTEST.md), and the release (docs/PACKAGING.md)."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from doc_pages import CONTEST, PACKAGING, USAGE, section, text
from repository_files import tracked_paths

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PLAY = "python3 -m pip install -e '.[test]' && amigasweeper"
TEST = "python3 -m pip install -e '.[test]' && python3 -m pytest"


def code_lines() -> list[str]:
    """The README's code blocks (indented by four spaces), line by line."""
    return [line[4:] for line in README.splitlines() if line.startswith("    ")]


def test_a_fresh_machine_makes_a_virtual_environment_before_the_two_commands():
    lines = code_lines()
    assert PLAY in lines and TEST in lines
    venv = lines.index("python3 -m venv .venv")
    assert venv < lines.index(PLAY) < lines.index(TEST)
    assert ". .venv/bin/activate" in lines
    assert "externally-managed-environment" in README


def test_ci_runs_exactly_the_readmes_test_command():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    last = [line for line in script.splitlines() if line.strip()][-1]
    assert last == TEST
    # The project is installed once, by that command: the steps before it add
    # only the tools the packaging tests need.
    before = script[: script.rindex(TEST)]
    assert "pip install -e" not in before and "pip install ." not in before
    assert "--no-install-recommends" in script


def help_text(module: str, *args: str) -> str:
    # 80 columns, and no colours (Python 3.14's argparse colours when asked to).
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "PYTHON_COLORS")}
    env.update(COLUMNS="80", NO_COLOR="1")
    result = subprocess.run([sys.executable, "-m", module, *args, "--help"], env=env, capture_output=True,
                            text=True, timeout=60, check=True)
    return result.stdout


@pytest.mark.parametrize("program, module, args, page", [("amigasweeper", "amigasweeper", (), USAGE),
                                                         ("amigasweeper --text", "amigasweeper", ("--text",), USAGE),
                                                         ("amigasweeper-challenge", "amigasweeper.challenge.cli", (),
                                                          CONTEST)])
def test_the_docs_give_each_programs_help_text(program, module, args, page):
    printed = help_text(module, *args)
    block = "\n".join(f"    {line}".rstrip() for line in printed.rstrip("\n").splitlines())
    assert block in text(page), f"{page.name}'s block differs from `{program} --help`:\n" + printed


def script_commands() -> set[str]:
    tree = ast.parse((ROOT / "amigasweeper" / "ui" / "drive" / "script.py").read_text(encoding="utf-8"))
    runner = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == "ScriptRunner")
    return {f.name.removeprefix("do_") for f in runner.body if isinstance(f, ast.FunctionDef) and f.name.startswith("do_")}


def test_every_script_command_is_documented():
    scripts = section(USAGE, "## Scripted runs")
    commands = script_commands()
    assert {"move", "cell", "click", "key", "quit", "expect"} <= commands
    for command in commands:
        assert re.search(rf"^    {command}\b", scripts, re.MULTILINE), f"script command {command!r} is not in USAGE.md"
    assert "0 to 319" in scripts and "0 0" in scripts  # what the coordinates count from


def environment_variables() -> set[str]:
    """Names the program reads with os.environ / os.getenv: given as text, or
    as a module-level constant holding it; and the Pyxel app's startup script's."""
    names: set[str] = set()
    sources = tracked_paths("amigasweeper", ".py")
    for path in sources:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {
            target.id: node.value.value
            for node in tree.body
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args:
                func = ast.unparse(node.func)
                if func in ("os.environ.get", "os.getenv", "environ.get", "getenv"):
                    arg = node.args[0]
                    name = arg.value if isinstance(arg, ast.Constant) else constants.get(getattr(arg, "id", ""))
                    assert isinstance(name, str), f"{path}: reads an environment variable the test cannot name"
                    names.add(name)
            elif isinstance(node, ast.Subscript) and ast.unparse(node.value) in ("os.environ", "environ"):
                key = node.slice
                name = key.value if isinstance(key, ast.Constant) else constants.get(getattr(key, "id", ""))
                assert isinstance(name, str), f"{path}: reads an environment variable the test cannot name"
                names.add(name)
    startup = (ROOT / "tools" / "package.py").read_text(encoding="utf-8")
    names.add(re.search(r'^ARGS_ENV = "([A-Z_]+)"', startup, re.MULTILINE).group(1))
    return names


def test_every_environment_variable_read_is_documented():
    names = environment_variables()
    assert {"AMIGASWEEPER_DATA_DIR", "AMIGASWEEPER_ARGS"} <= names
    variables = section(USAGE, "### Environment variables")
    for name in names:
        assert f"`{name}`" in variables, f"{name} is read but not in USAGE.md's Environment variables"


def test_releases_and_the_web_pages_needs_are_stated():
    packaging = text(PACKAGING)
    assert "## Releases" in packaging and ".github/workflows/release.yml" in packaging
    assert "The\npage needs an internet connection" in packaging or "page needs an internet connection" in packaging


QUICK = 'python3 -m pytest -m "not slow"'


def test_the_quick_suite_is_given_and_its_marker_is_registered_strictly():
    assert QUICK in code_lines()
    nearby = README[README.index(TEST) :][:1500]
    assert QUICK in nearby and ".ci/run" in nearby  # beside the test command, saying CI runs everything
    pytest_options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]
    assert "--strict-markers" in pytest_options["ini_options"]["addopts"].split()
    assert any(marker.startswith("slow:") for marker in pytest_options["ini_options"]["markers"])

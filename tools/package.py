#!/usr/bin/env python3
"""Build AmigaSweeper for playing without a Python set-up.

    python3 tools/package.py [pyxapp|html|exe|all] [--dist DIR] [--build DIR]

pyxapp  dist/amigasweeper.pyxapp, a Pyxel app: ``pyxel play dist/amigasweeper.pyxapp``
html    dist/amigasweeper.html, the pyxapp in a web page (``pyxel app2html``);
        publish it on any static host
exe     dist/amigasweeper/, a PyInstaller one-folder build: run
        dist/amigasweeper/amigasweeper (amigasweeper.exe on Windows)
all     the three (the default)
measure sizes of what is in dist/, time to the first frame, the browser check's
        timings (the figures of docs/BENCHMARKS.md, "Packaging")

The pyxapp is made with ``pyxel package`` from a staging folder (build/package/
amigasweeper/) that holds a copy of the ``amigasweeper`` package, with
assets.pyxres inside it and the manual (docs/AmigaGuide/*.guide) copied into
amigasweeper/guide/, where amigasweeper.guide.manual looks first; the
startup script below calls amigasweeper.ui.app.run. ``pyxel play`` hands an app
no arguments, so the startup script takes the command line from the
environment variable AMIGASWEEPER_ARGS (split as a POSIX shell would):

    AMIGASWEEPER_ARGS="--headless --script win.txt --seed 5" pyxel play dist/amigasweeper.pyxapp

The executable is not made with ``pyxel app2exe``: that one wraps the pyxapp
but leaves out Pyxel's own SDL library (site-packages/pyxel/libs, loaded with
ctypes, which PyInstaller cannot see), so it stops at start with "libSDL2-2.0.so.0:
cannot open shared object file". Here PyInstaller is run on a tiny entry script
that calls amigasweeper.__main__.main (so the executable takes the usual
command-line options), with every file of pyxel/libs added by --add-binary and
the assets and the manual added as data inside the package folder. PyInstaller
comes from the optional dependency group: ``python3 -m pip install -e '.[package]'``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "amigasweeper"
GUIDE_DIR = ROOT / "docs" / "AmigaGuide"
APP_NAME = "amigasweeper"  # the pyxapp, the html page and the executable are all named so
STARTUP_FILE = "amigasweeper_start.py"
ARGS_ENV = "AMIGASWEEPER_ARGS"
TARGETS = ("pyxapp", "html", "exe")

# Pyxel reads "# key: value" comments of the startup script into the pyxapp's
# metadata (shown by `pyxel play`).
STARTUP_SCRIPT = '''\
# title: AmigaSweeper
# author: The AmigaSweeper team
# desc: MineSweeper 2.4 for the Amiga (1993), on a Workbench screen
# license: MIT
# version: {version}
"""Starts AmigaSweeper inside its Pyxel app (pyxel play, the web page).

pyxel play passes an app no arguments: the command line comes from the
environment variable {args_env}, split as a POSIX shell would. In the
browser it is not set and the game starts as usual.
"""

import sys

from amigasweeper.__main__ import main_from_environment

_status = main_from_environment()
if _status:
    sys.exit(_status)
'''

EXE_ENTRY = '''\
"""Entry point of the AmigaSweeper executable (PyInstaller)."""

import sys

from amigasweeper.__main__ import main

sys.exit(main())
'''

# pyxel.init() changes the current folder to the folder of the file that called
# it (amigasweeper/ui). PyInstaller normally keeps modules inside an archive, so
# that folder would not exist and init would fail; this hook has the package
# collected as compiled .pyc files in folders laid out as in the source tree.
PYINSTALLER_HOOK = '''\
# Collect amigasweeper as .pyc files in real folders (see tools/package.py).
module_collection_mode = "pyc"
'''

IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo", ".*")


def log(message: str) -> None:
    print(f"package: {message}", flush=True)


def version() -> str:
    import re

    text = (PACKAGE / "__init__.py").read_text(encoding="utf-8")
    return re.search(r"^__version__ = [\"']([^\"']+)[\"']", text, re.MULTILINE).group(1)


def guide_files() -> list[Path]:
    """The manual and any other AmigaGuide files that ship with the program."""
    return sorted(GUIDE_DIR.glob("*.guide")) if GUIDE_DIR.is_dir() else []


def startup_script() -> str:
    return STARTUP_SCRIPT.format(version=version(), args_env=ARGS_ENV)


def stage(build: Path) -> Path:
    """build/amigasweeper/: the package (with assets.pyxres and the manual
    inside it) and the startup script. Returns that folder (pyxel's APP_DIR)."""
    app_dir = build / APP_NAME
    if app_dir.exists():
        shutil.rmtree(app_dir)
    app_dir.mkdir(parents=True)
    package = app_dir / "amigasweeper"
    shutil.copytree(PACKAGE, package, ignore=IGNORED)
    if not (package / "assets.pyxres").is_file():
        raise SystemExit("package: amigasweeper/assets.pyxres is missing (run tools/build_assets.py)")
    guides = guide_files()
    if not guides:
        log(f"warning: no manual in {GUIDE_DIR.relative_to(ROOT)}; the Help viewer will say so")
    for guide in guides:  # a real copy, even where the source tree has a link
        target = package / "guide" / guide.name
        target.unlink(missing_ok=True)
        shutil.copy2(guide, target)
    (app_dir / STARTUP_FILE).write_text(startup_script(), encoding="utf-8")
    return app_dir


def run(command: list[str], cwd: Path, quiet: bool = True) -> None:
    log(" ".join(str(part) for part in command))
    result = subprocess.run(
        command,
        cwd=cwd,
        stdout=subprocess.PIPE if quiet else None,
        stderr=subprocess.STDOUT if quiet else None,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        if quiet:
            print(result.stdout, file=sys.stderr)
        raise SystemExit(f"package: failed with exit code {result.returncode}: {command[:4]}")


def build_pyxapp(dist: Path, build: Path) -> Path:
    app_dir = stage(build)
    dist.mkdir(parents=True, exist_ok=True)
    target = dist / f"{APP_NAME}.pyxapp"
    target.unlink(missing_ok=True)
    # `pyxel package` writes APP_DIR's name + .pyxapp into the current folder.
    run([sys.executable, "-m", "pyxel", "package", str(app_dir), str(app_dir / STARTUP_FILE)], cwd=dist)
    if not target.is_file():
        raise SystemExit(f"package: pyxel package made no {target}")
    log(f"built {target} ({target.stat().st_size:,} bytes)")
    return target


def build_html(dist: Path, build: Path) -> Path:
    pyxapp = dist / f"{APP_NAME}.pyxapp"
    if not pyxapp.is_file():
        raise SystemExit(f"package: {pyxapp} is missing: build the pyxapp first")
    target = dist / f"{APP_NAME}.html"
    target.unlink(missing_ok=True)
    run([sys.executable, "-m", "pyxel", "app2html", pyxapp.name], cwd=dist)
    if not target.is_file():
        raise SystemExit(f"package: pyxel app2html made no {target}")
    log(f"built {target} ({target.stat().st_size:,} bytes)")
    return target


def pyxel_libraries() -> list[Path]:
    """The shared libraries Pyxel loads itself with ctypes (SDL2 on Linux)."""
    import importlib.util

    spec = importlib.util.find_spec("pyxel")
    if spec is None or spec.origin is None:
        raise SystemExit("package: pyxel is not installed")
    libs = Path(spec.origin).parent / "libs"
    return sorted(path for path in libs.iterdir() if path.is_file()) if libs.is_dir() else []


def executable_path(dist: Path) -> Path:
    suffix = ".exe" if sys.platform == "win32" else ""
    return dist / APP_NAME / f"{APP_NAME}{suffix}"


def build_exe(dist: Path, build: Path) -> Path:
    import importlib.util

    if importlib.util.find_spec("PyInstaller") is None:
        raise SystemExit(
            "package: PyInstaller is not installed: python3 -m pip install -e '.[package]'"
        )
    app_dir = stage(build)
    work = build / "pyinstaller"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    entry = work / "amigasweeper_exe.py"  # not amigasweeper.py: that would shadow the package
    entry.write_text(EXE_ENTRY, encoding="utf-8")
    hooks = work / "hooks"
    hooks.mkdir()
    (hooks / "hook-amigasweeper.py").write_text(PYINSTALLER_HOOK, encoding="utf-8")
    package = app_dir / "amigasweeper"
    data = [(package / "assets.pyxres", "amigasweeper")]
    data += [(guide, "amigasweeper/guide") for guide in sorted((package / "guide").glob("*.guide"))]
    command = [
        sys.executable, "-m", "PyInstaller",
        "--noconfirm", "--clean", "--onedir", "--log-level", "WARN",
        "--name", APP_NAME,
        "--distpath", str(dist), "--workpath", str(work / "work"), "--specpath", str(work),
        "--paths", str(app_dir),  # analyse the staged copy, not whatever is installed
        "--collect-submodules", "amigasweeper",  # modules the UI imports lazily
        "--additional-hooks-dir", str(hooks),
    ]
    if sys.platform in ("win32", "darwin"):
        command.append("--windowed")  # no console window; a .app on macOS
    else:
        command.append("--strip")  # debug symbols off the shared libraries: half the size
    for source, folder in data:
        command += ["--add-data", f"{source}{os.pathsep}{folder}"]
    for library in pyxel_libraries():
        command += ["--add-binary", f"{library}{os.pathsep}pyxel/libs"]
    command.append(str(entry))
    run(command, cwd=work)
    target = executable_path(dist)
    if not target.is_file():
        raise SystemExit(f"package: PyInstaller made no {target}")
    log(f"built {target.parent} ({folder_size(target.parent):,} bytes)")
    return target


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


BUILDERS = {"pyxapp": build_pyxapp, "html": build_html, "exe": build_exe}

FIRST_FRAME_SCRIPT = "# start, show one frame, stop\nwait 1\nquit\n"


def _median_seconds(command: list[str], env: dict[str, str], cwd: Path, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, check=False)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            raise SystemExit(f"package: {command} failed: {result.stderr}")
    return sorted(times)[len(times) // 2]


def measure(dist: Path, runs: int = 9) -> dict:
    """Sizes of the builds in dist/, and the median wall time of a headless run
    that shows one frame and quits (start to first frame, plus the exit), for
    the installed program, the pyxapp and the executable; with the browser
    check available, Pyodide's load time and the core's import time there."""
    import json
    import shlex
    import statistics
    import tempfile

    figures: dict = {"runs": runs, "sizes": {}, "first_frame_ms": {}}
    pyxapp, html, exe = dist / f"{APP_NAME}.pyxapp", dist / f"{APP_NAME}.html", executable_path(dist)
    for label, path in (("pyxapp", pyxapp), ("html", html)):
        if path.is_file():
            figures["sizes"][label] = path.stat().st_size
    if exe.is_file():
        figures["sizes"]["exe_folder"] = folder_size(exe.parent)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        script = work / "first_frame.txt"
        script.write_text(FIRST_FRAME_SCRIPT, encoding="utf-8")
        args = ["--headless", "--script", str(script)]
        env = {k: v for k, v in os.environ.items() if k != ARGS_ENV}
        env.update(SDL_AUDIODRIVER="dummy", AMIGASWEEPER_DATA_DIR=str(work / "data"))
        installed = shutil.which("amigasweeper")
        with_args = {**env, ARGS_ENV: shlex.join(args)}
        commands = [  # label, command, environment, built?
            ("amigasweeper", ([installed] if installed else [sys.executable, "-m", "amigasweeper"]) + args, env, True),
            ("python -m amigasweeper", [sys.executable, "-m", "amigasweeper", *args], env, True),
            ("pyxel play (pyxapp)", [sys.executable, "-m", "pyxel", "play", str(pyxapp)], with_args, pyxapp.is_file()),
            ("executable", [str(exe), *args], env, exe.is_file()),
        ]
        for label, command, run_env, built in commands:
            if built:
                figures["first_frame_ms"][label] = round(1000 * _median_seconds(command, run_env, work, runs), 1)
        check = _browser_check()
        if check is not None and pyxapp.is_file() and check.missing() is None:
            loads = [check.run_page(pyxapp, work / f"browser{i}")["first"] for i in range(3)]
            figures["browser"] = {
                "runs": len(loads),
                "python": loads[0]["python"],
                "pyodide_load_ms": round(statistics.median(r["timing"]["pyodide_load_ms"] for r in loads), 1),
                "core_import_ms": round(statistics.median(r["timing"]["core_import_ms"] for r in loads), 1),
                "games_and_manual_ms": round(statistics.median(r["play_ms"] for r in loads), 1),
                "page_total_ms": round(statistics.median(r["timing"]["total_ms"] for r in loads), 1),
            }
    print(json.dumps(figures, indent=1))
    return figures


def _browser_check():
    import importlib.util

    spec = importlib.util.spec_from_file_location("browser_check", ROOT / "tools" / "web" / "browser_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/package.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("target", nargs="?", default="all", choices=[*TARGETS, "all", "measure"])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the builds go (dist/)")
    parser.add_argument("--build", type=Path, default=ROOT / "build" / "package", help="scratch folder")
    args = parser.parse_args(argv)
    dist, build = args.dist.resolve(), args.build.resolve()
    if args.target == "measure":
        measure(dist)
        return 0
    targets = TARGETS if args.target == "all" else (args.target,)
    if targets == ("html",):
        targets = ("pyxapp", "html")  # the page carries the pyxapp: never a stale one
    for target in targets:
        start = time.perf_counter()
        BUILDERS[target](dist, build)
        log(f"{target} done in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

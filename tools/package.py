#!/usr/bin/env python3
"""Build AmigaSweeper for playing without a Python set-up.

    python3 tools/package.py [pyxapp|html|exe|archive|all|measure] [--dist DIR] [--build DIR]

pyxapp  dist/amigasweeper.pyxapp, a Pyxel app: ``pyxel play dist/amigasweeper.pyxapp``
html    dist/amigasweeper.html, the pyxapp in a web page (``pyxel app2html``,
        with a message for a browser that cannot load Pyxel's runtime);
        publish it on any static host
exe     dist/amigasweeper/, a PyInstaller one-folder build: run
        dist/amigasweeper/amigasweeper (amigasweeper.exe on Windows), a
        console program on every system; beside it amigasweeperw.exe on
        Windows (no console window, for a double-click), AmigaSweeper.app on
        macOS, amigasweeper.png and amigasweeper.desktop on Linux, with the
        icon of tools/icons.py; the folder has LICENSE and licences/, the
        licence texts of what it bundles
archive dist/amigasweeper-VERSION-SYSTEM-MACHINE.tar.gz (.zip on Windows): the
        executable folder in one file, as a release carries it
all     pyxapp, html and exe (the default)
measure sizes of what is in dist/, time to the first frame, the browser check's
        timings (the figures of docs/BENCHMARKS.md, "Packaging")

The pyxapp is made with ``pyxel package`` from a staging folder (build/package/
amigasweeper/) that holds a copy of the ``amigasweeper`` package, with the
images (assets.pyxres) and the manual (docs/AmigaGuide/AmigaSweeper.guide)
copied into amigasweeper/bundled/, where amigasweeper.resources looks first,
and LICENSE; the startup script below calls amigasweeper.ui.launch.run.
``pyxel play`` hands an app
no arguments, so the startup script takes the command line from the
environment variable AMIGASWEEPER_ARGS, split by the rules of the system the
app runs on (amigasweeper/arguments.py): on Windows as Windows programs
split theirs (CommandLineToArgvW: only double quotes quote, backslashes stay),
elsewhere as a POSIX shell would (shlex). In the browser it is never set.

    AMIGASWEEPER_ARGS="--headless --script win.txt --seed 5" pyxel play dist/amigasweeper.pyxapp
    set AMIGASWEEPER_ARGS=--headless --script "C:\\My Scripts\\win.txt" --seed 5    (Windows, cmd)

The executable is not made with ``pyxel app2exe``: that one wraps the pyxapp
but leaves out Pyxel's own SDL library (site-packages/pyxel/libs, loaded with
ctypes, which PyInstaller cannot see), so it stops at start with "libSDL2-2.0.so.0:
cannot open shared object file". Here PyInstaller is run on a tiny entry script
that calls amigasweeper.__main__.main (so the executable takes the usual
command-line options), with every file of pyxel/libs added by --add-binary and
the images and the manual added as data in amigasweeper/bundled/. PyInstaller
comes from the optional dependency group: ``python3 -m pip install -e '.[package]'``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "amigasweeper"
LICENSE = ROOT / "LICENSE"
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
environment variable {args_env}, split by the rules of the system it runs
on (Windows programs' on Windows, a POSIX shell's elsewhere). In the
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

IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo", ".*", "bundled")


def load_tool(relative: str):
    """Another script of tools/ (not a package), imported by its file name
    ("icons", "web/browser_check")."""
    import importlib.util

    name = "amigasweeper_tools_" + relative.replace("/", "_")
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{relative}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def args_env_value(args: list[str], windows: bool = os.name == "nt") -> str:
    """The value of AMIGASWEEPER_ARGS that the startup script, on this system,
    splits back into `args`: quoted for Windows' rules there, a POSIX shell's
    elsewhere (shlex's quotes would reach a Windows program as part of a path)."""
    import shlex

    return subprocess.list2cmdline(args) if windows else shlex.join(args)


def log(message: str) -> None:
    print(f"package: {message}", flush=True)


def version() -> str:
    """The program's version, from its one source (tools/release.py says which)."""
    return load_tool("release").project_version(ROOT)


def startup_script() -> str:
    return STARTUP_SCRIPT.format(version=version(), args_env=ARGS_ENV)


def load_resources():
    """amigasweeper/resources.py (what the program ships with, and where a built
    copy keeps it), loaded by its file name like setup.py does."""
    import importlib.util

    name = "amigasweeper_package_resources"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, PACKAGE / "resources.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules[name]


def bundled_files() -> list[tuple[Path, str]]:
    """(file in the repository, its path inside the package) for each file the
    program ships with; exits naming the first one missing."""
    resources = load_resources()
    pairs = []
    for resource in resources.SHIPPED:
        source = ROOT.joinpath(*resource.source.parts)
        if not source.is_file():
            hint = " (run tools/build_assets.py)" if resource is resources.ASSETS else ""
            raise SystemExit(f"package: {resource.source} is missing{hint}")
        pairs.append((source, resource.bundled.as_posix()))
    return pairs


def stage(build: Path) -> Path:
    """build/amigasweeper/: the package, with the images and the manual in
    amigasweeper/bundled/ (where amigasweeper.resources looks first), the
    licence, and the startup script. Returns that folder (pyxel's APP_DIR)."""
    app_dir = build / APP_NAME
    if app_dir.exists():
        shutil.rmtree(app_dir)
    app_dir.mkdir(parents=True)
    package = app_dir / "amigasweeper"
    shutil.copytree(PACKAGE, package, ignore=IGNORED)
    for source, inside in bundled_files():
        target = package / inside
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    shutil.copy2(LICENSE, app_dir / LICENSE.name)
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


OFFLINE_ID = "amigasweeper-offline"
# The canvas in whole device pixels per Amiga pixel, never blurred (the script says how).
WHOLE_PIXELS_SCRIPT = ROOT / "tools" / "web" / "whole_pixels.js"
# Pyxel's resetPyxel() redefined to do nothing: its Alt-R never restarts the game (the script says why).
NO_RESTART_SCRIPT = ROOT / "tools" / "web" / "no_restart.js"
OFFLINE_MESSAGE = (
    "AmigaSweeper needs an internet connection to load Pyxel {pyxel_version}, the engine it runs on, "
    "from {host}. Connect to the internet and reload this page."
)

# The page pyxel app2html writes, with a message in place of a blank page when
# Pyxel's web runtime cannot be loaded: the script fails to load (offline, or
# the CDN blocked), launchPyxel is then missing, or a script the runtime
# adds later to fetch the rest of itself (Pyodide) fails to load.
PAGE = """\
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>AmigaSweeper</title>
<style>
#{offline_id} {{ font: 18px/1.5 sans-serif; max-width: 36em; margin: 3em auto; padding: 1em 1.5em;
  color: #000; background: #aaa; border: 3px solid #fff; border-right-color: #000; border-bottom-color: #000; }}
div#pyxel-screen {{ background-color: #000; }}
canvas#canvas {{ image-rendering: pixelated; }}
</style>
</head>
<body>
<noscript><p>AmigaSweeper runs in the browser with JavaScript: turn it on and reload this page.</p></noscript>
<div id="{offline_id}" role="alert" hidden>{message}</div>
<script>
"use strict";
// Pyxel {pyxel_version} (the version installed when this page was built) comes from {host}.
function amigasweeperOffline() {{
  document.getElementById("{offline_id}").hidden = false;
}}
window.addEventListener("error", (event) => {{
  if (event.target instanceof HTMLScriptElement) amigasweeperOffline();
}}, true);
</script>
<script>
{whole_pixels}</script>
<script src="{runtime}" onerror="amigasweeperOffline()"></script>
<script>
{no_restart}</script>
<script>
if (typeof launchPyxel === "function") {{
  {launch}
}} else {{
  amigasweeperOffline();
}}
</script>
</body>
</html>
"""


def pyxel_version() -> str:
    """The installed Pyxel's version, checked against pyproject.toml's range."""
    from importlib import metadata

    installed = metadata.version("pyxel")
    wanted = pyxel_requirement()
    if not version_in_range(installed, wanted):
        raise SystemExit(f"package: Pyxel {installed} is installed, but pyproject.toml asks for pyxel{wanted}")
    return installed


def pyxel_requirement() -> str:
    """The version range of pyxel in pyproject.toml's dependencies (">=2.9,<3")."""
    import re
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for requirement in project["dependencies"]:
        match = re.fullmatch(r"\s*pyxel\s*([<>=!~, .0-9]*)", requirement)
        if match:
            return match.group(1).replace(" ", "")
    raise SystemExit("package: pyproject.toml does not depend on pyxel")


def version_in_range(version: str, specifiers: str) -> bool:
    """Whether a release version (2.9.9) meets specifiers like >=2.9,<3 (the
    operators >=, >, <=, <, ==, != on release numbers)."""
    import operator
    import re

    def numbers(text: str) -> tuple[int, ...]:
        parts = [int(part) for part in re.match(r"\d+(?:\.\d+)*", text).group(0).split(".")]
        while len(parts) > 1 and parts[-1] == 0:
            parts.pop()
        return tuple(parts)

    compare = {">=": operator.ge, "<=": operator.le, "==": operator.eq, "!=": operator.ne, ">": operator.gt, "<": operator.lt}
    for specifier in filter(None, specifiers.split(",")):
        op = re.match(r"[<>=!]+", specifier).group(0)
        if not compare[op](numbers(version), numbers(specifier[len(op):])):
            return False
    return True


def web_page(app2html_page: str) -> str:
    """Our page around what pyxel app2html wrote (its runtime address, which
    names the installed Pyxel's version, and its launch call)."""
    import re
    from urllib.parse import urlsplit

    runtime = re.search(r'<script src="([^"]+/pyxel\.js)"></script>', app2html_page)
    launch = re.search(r"^launchPyxel\(.*\);$", app2html_page, re.MULTILINE)
    if runtime is None or launch is None:
        raise SystemExit("package: pyxel app2html wrote a page of an unknown shape: update tools/package.py")
    host = urlsplit(runtime.group(1)).hostname
    version = pyxel_version()
    return PAGE.format(
        offline_id=OFFLINE_ID,
        message=OFFLINE_MESSAGE.format(host=host, pyxel_version=version),
        host=host,
        pyxel_version=version,
        runtime=runtime.group(1),
        launch=launch.group(0),
        whole_pixels=WHOLE_PIXELS_SCRIPT.read_text(encoding="utf-8"),
        no_restart=NO_RESTART_SCRIPT.read_text(encoding="utf-8"),
    )


def build_html(dist: Path, build: Path) -> Path:
    pyxapp = dist / f"{APP_NAME}.pyxapp"
    if not pyxapp.is_file():
        raise SystemExit(f"package: {pyxapp} is missing: build the pyxapp first")
    target = dist / f"{APP_NAME}.html"
    target.unlink(missing_ok=True)
    pyxel_version()  # refuse a Pyxel outside the dependency range before building
    run([sys.executable, "-m", "pyxel", "app2html", pyxapp.name], cwd=dist)
    if not target.is_file():
        raise SystemExit(f"package: pyxel app2html made no {target}")
    target.write_text(web_page(target.read_text(encoding="utf-8")), encoding="utf-8")
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


WINDOWED_EXE = f"{APP_NAME}w.exe"  # Windows: the twin without a console, as pythonw.exe is python.exe's
MAC_APP = "AmigaSweeper.app"  # macOS: the bundle a double-click opens, inside the executable folder


def pyinstaller_command(name: str, windowed: bool, icon: Path | None, dist: Path, work: Path, app_dir: Path,
                        entry: Path) -> list[str]:
    """PyInstaller's command line for one launcher of the program."""
    package = app_dir / "amigasweeper"
    data = [(package / inside, f"amigasweeper/{Path(inside).parent.as_posix()}") for _, inside in bundled_files()]
    command = [
        sys.executable, "-m", "PyInstaller",
        "--noconfirm", "--clean", "--onedir", "--log-level", "WARN",
        "--name", name,
        "--distpath", str(dist), "--workpath", str(work / "work"), "--specpath", str(work),
        "--paths", str(app_dir),  # analyse the staged copy, not whatever is installed
        "--collect-submodules", "amigasweeper",  # modules the UI imports lazily
        # ms-toollib, the replays extra: the program itself never imports it, its
        # child process reading an AVF, RMV or MVF file does (replay/toollib_child.py)
        "--hidden-import", TOOLLIB,
        "--additional-hooks-dir", str(work / "hooks"),
        # GPL code never goes in (gather_licences refuses it): no module of the
        # program uses these, which link GNU readline and GNU dbm.
        *[part for module in GPL_MODULES for part in ("--exclude-module", module)],
    ]
    if windowed:
        command.append("--windowed")  # no console window; a .app on macOS
    if icon is not None:
        command += ["--icon", str(icon)]
    if sys.platform not in ("win32", "darwin"):
        command.append("--strip")  # debug symbols off the shared libraries: half the size
    for source, folder in data:
        command += ["--add-data", f"{source}{os.pathsep}{folder}"]
    for library in pyxel_libraries():
        command += ["--add-binary", f"{library}{os.pathsep}pyxel/libs"]
    command.append(str(entry))
    return command


def build_exe(dist: Path, build: Path) -> Path:
    """dist/amigasweeper/: the console executable with everything it needs.
    Every system gets the console one, so --version, --help, --check and every
    error line reach the terminal. Beside it: on Windows amigasweeperw.exe,
    the same program without a console window, for a double-click; on macOS
    AmigaSweeper.app; on Linux the icon and a .desktop file."""
    import importlib.util

    for module, what in (("PyInstaller", "PyInstaller"), (TOOLLIB, "ms-toollib (the replays extra, bundled)")):
        if importlib.util.find_spec(module) is None:
            raise SystemExit(f"package: {what} is not installed: python3 -m pip install -e '.[package]'")
    app_dir = stage(build)
    work = build / "pyinstaller"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    entry = work / "amigasweeper_exe.py"  # not amigasweeper.py: that would shadow the package
    entry.write_text(EXE_ENTRY, encoding="utf-8")
    (work / "hooks").mkdir()
    (work / "hooks" / "hook-amigasweeper.py").write_text(PYINSTALLER_HOOK, encoding="utf-8")
    icons = load_tool("icons")
    icon_files = icons.build(work / "icons")
    icon = icon_files.get({"win32": ".ico", "darwin": ".icns"}.get(sys.platform, ""))
    run(pyinstaller_command(APP_NAME, False, icon, dist, work, app_dir, entry), cwd=work)
    target = executable_path(dist)
    if not target.is_file():
        raise SystemExit(f"package: PyInstaller made no {target}")
    gather_licences(target.parent, work / "work" / APP_NAME / "COLLECT-00.toc")
    if sys.platform in ("win32", "darwin"):
        add_windowed_launcher(target.parent, icon, work, app_dir, entry)
    else:
        add_desktop_entry(target.parent, icon_files[".png"], icons.desktop_entry())
    log(f"built {target.parent} ({folder_size(target.parent):,} bytes)")
    return target


def add_windowed_launcher(folder: Path, icon: Path | None, work: Path, app_dir: Path, entry: Path) -> Path:
    """The program built again --windowed, put in the console build's folder:
    on Windows only its amigasweeperw.exe (it finds _internal/ beside it, the
    same files), on macOS the whole AmigaSweeper.app."""
    twin_dist = work / "windowed"
    name = WINDOWED_EXE.removesuffix(".exe") if sys.platform == "win32" else MAC_APP.removesuffix(".app")
    run(pyinstaller_command(name, True, icon, twin_dist, work, app_dir, entry), cwd=work)
    made = twin_dist / name / WINDOWED_EXE if sys.platform == "win32" else twin_dist / MAC_APP
    target = folder / made.name
    if not made.exists():
        raise SystemExit(f"package: PyInstaller made no {made}")
    if made.is_dir():
        shutil.copytree(made, target, symlinks=True, dirs_exist_ok=True)
    else:
        shutil.copy2(made, target)
    return target


def add_desktop_entry(folder: Path, png: Path, text: str) -> Path:
    """Linux: the icon and a .desktop file beside the executable (the README
    says where to copy them for the desktop's menus)."""
    shutil.copy2(png, folder / png.name)
    entry = folder / f"{APP_NAME}.desktop"
    entry.write_text(text, encoding="utf-8")
    return entry


LICENCES_FOLDER = "licences"
SDL2_LICENCE = ROOT / "tools" / "licences" / "SDL2.txt"  # Pyxel's wheel has no SDL licence text
TOOLLIB = "ms_toollib"
TOOLLIB_LICENCE = ROOT / "tools" / "licences" / "ms-toollib.txt"  # its wheel has a bill of materials, not its licence


def python_licence() -> Path:
    """The licence of the Python that PyInstaller bundles (it covers the
    libraries Python's own build brings, such as OpenSSL on Windows)."""
    import sysconfig

    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    for candidate in (
        Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt",  # Linux and macOS builds, pyenv
        Path(sys.base_prefix) / "LICENSE.txt",  # the Windows installer
        Path(f"/usr/share/doc/python{version}/copyright"),  # Debian's python3
    ):
        if candidate.is_file():
            return candidate
    raise SystemExit("package: cannot find the licence of this Python (LICENSE.txt); the executable must carry it")


def distribution_of(path: Path, distributions: dict[Path, object]):
    """The installed Python distribution that owns the file, or None."""
    return distributions.get(path.resolve())


def installed_files() -> dict[Path, object]:
    """Every file of every installed distribution -> its distribution."""
    from importlib import metadata

    owners: dict[Path, object] = {}
    for distribution in metadata.distributions():
        for file in distribution.files or ():
            owners[Path(distribution.locate_file(file)).resolve()] = distribution
    return owners


def licence_files_of(distribution) -> list[Path]:
    """A distribution's licence texts and software bills of materials (Pyxel
    lists the Rust crates built into it, with their licences, in one)."""
    found = []
    for file in distribution.files or ():
        parts = file.parts
        if len(parts) >= 2 and parts[0].endswith(".dist-info") and parts[1] in ("licenses", "sboms"):
            found.append(Path(distribution.locate_file(file)))
        elif len(parts) == 2 and parts[0].endswith(".dist-info") and parts[1].upper().startswith(("LICEN", "COPYING", "NOTICE")):
            found.append(Path(distribution.locate_file(file)))
    return sorted(found)


def debian_copyright(library: Path) -> tuple[str, Path] | None:
    """(package, its copyright file) for a system library on Debian or Ubuntu."""
    if shutil.which("dpkg") is None:
        return None
    for candidate in dict.fromkeys((str(library), str(library.resolve()))):
        result = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True, check=False)
        if result.returncode == 0 and ":" in result.stdout:
            package = result.stdout.split(":", 1)[0].strip()
            copyright_file = Path("/usr/share/doc") / package / "copyright"
            if copyright_file.is_file():
                return package, copyright_file
    return None


# Modules of Python's own build that link GPL libraries (GNU readline, GNU dbm).
GPL_MODULES = ("readline", "_gdbm")


def library_licence(copyright_file: Path, library: str) -> str:
    """The licence a Debian copyright file (its machine-readable form) gives
    ``library``: the paragraph of its own folder ("Files: libuuid/*" for
    libuuid.so.1, in util-linux's), else the "Files: *" one; "" when the
    file says neither."""
    stem = re.sub(r"\.(so|dylib|dll)\b.*$", "", Path(library).name)
    own = {stem, stem.removeprefix("lib")}
    general = ""
    text = copyright_file.read_text(encoding="utf-8", errors="replace")
    for paragraph in re.split(r"\n\s*\n", text):
        files = re.search(r"^Files:(.*(?:\n[ \t].*)*)", paragraph, re.MULTILINE)
        licence = re.search(r"^License:[ \t]*(.*)$", paragraph, re.MULTILINE)
        if files is None or licence is None:
            continue
        patterns = files.group(1).split()
        if patterns == ["*"]:
            general = licence.group(1).strip()
        elif any(pattern.split("/")[0] in own for pattern in patterns):
            return licence.group(1).strip()
    return general


def is_gpl(licence: str) -> bool:
    """A GPL the executable may not carry: GPL or AGPL, not LGPL, and not a
    GPL with a runtime exception (GCC's, whose libgcc any program may carry)."""
    choices = [part.strip() for part in re.split(r"\bor\b|\|", licence)]
    return bool(choices) and all(re.match(r"(A?GPL)(-|$)", choice) and "exception" not in choice.lower()
                                 for choice in choices)


def gpl_parts(binaries: list[tuple[str, Path]]) -> list[str]:
    """The bundled libraries that are GPL code: an extension module of
    GPL_MODULES, or a system library whose Debian package is GPL."""
    found = []
    for name, source in binaries:
        module = Path(name).name.split(".", 1)[0]
        if module in GPL_MODULES:
            found.append(f"{name} (links {'GNU readline' if module == 'readline' else 'GNU dbm'})")
            continue
        system = debian_copyright(source)
        licence = library_licence(system[1], name) if system is not None else ""
        if is_gpl(licence):
            found.append(f"{name} (Debian package {system[0]}: {licence})")
    return found


def collected_binaries(toc: Path) -> list[tuple[str, Path]]:
    """(name in the bundle, source file) of each library and extension module
    PyInstaller put in the executable folder, from its COLLECT table."""
    import ast

    table = ast.literal_eval(toc.read_text(encoding="utf-8"))
    entries = next(part for part in table if isinstance(part, (list, tuple)) and part and isinstance(part[0], (list, tuple)))
    return [(name, Path(source)) for name, source, kind in entries if kind in ("BINARY", "EXTENSION")]


def gather_licences(folder: Path, toc: Path) -> Path:
    """Put AmigaSweeper's LICENSE at the top of the executable folder and, in
    licences/, the licence texts of everything bundled with it: Python, each
    Python distribution whose files were collected (Pyxel), SDL2, PyInstaller
    (its bootloader is the executable) and, on Debian or Ubuntu, the system
    libraries PyInstaller took from the build machine. licences/README.txt
    lists every bundled library and the text that covers it; one whose
    licence could not be found is listed as such (and logged). A bundle with
    GPL code in it (gpl_parts) is refused: the build stops and says what."""
    from importlib import metadata

    gpl = gpl_parts(collected_binaries(toc))
    if gpl:
        raise SystemExit("package: the executable would bundle GPL code, which its MIT licence cannot carry: "
                         + "; ".join(gpl))
    shutil.copy2(LICENSE, folder / LICENSE.name)
    target = folder / LICENCES_FOLDER
    if target.exists():
        shutil.rmtree(target)
    target.mkdir()
    texts: dict[str, list[str]] = {}  # licence file in licences/ -> what it covers

    def add(source: Path, name: str, covers: str) -> str:
        if name not in texts:
            shutil.copy2(source, target / name)
            texts[name] = []
        if covers not in texts[name]:
            texts[name].append(covers)
        return name

    add(LICENSE, "AmigaSweeper-LICENSE.txt", "AmigaSweeper itself")
    python = python_licence()
    add(python, "Python-LICENSE.txt", f"Python {sys.version.split()[0]} and the libraries of its own build")
    add(SDL2_LICENCE, "SDL2-LICENSE.txt", "SDL2, used by Pyxel")
    installer = metadata.distribution("pyinstaller")
    for file in licence_files_of(installer):
        add(file, f"PyInstaller-{file.name}", "the PyInstaller bootloader (the executable's launcher)")
    owners = installed_files()
    prefixes = {Path(p).resolve() for p in (sys.base_prefix, sys.base_exec_prefix)}
    unlicensed = []
    for name, source in collected_binaries(toc):
        owner = distribution_of(source, owners)
        if owner is not None:
            project = owner.metadata["Name"]
            names = [add(file, f"{project}-{file.name}", f"{project} {owner.version}") for file in licence_files_of(owner)]
            if "SDL2" in name:  # Pyxel's copy of SDL2 (Linux)
                texts["SDL2-LICENSE.txt"].append(name)
                continue
            if name.startswith(TOOLLIB):  # its own MIT text, beside its wheel's list of the crates in it
                texts[add(TOOLLIB_LICENCE, "ms-toollib-LICENSE.txt", f"ms-toollib {owner.version}")].append(name)
                continue
            if names:
                texts[names[0]].append(name)
                continue
        if any(prefix in source.resolve().parents for prefix in prefixes):
            texts["Python-LICENSE.txt"].append(name)
            continue
        system = debian_copyright(source)
        if system is not None:
            package, copyright_file = system
            add(copyright_file, f"{package}-copyright.txt", f"{name} (Debian package {package})")
            continue
        unlicensed.append(f"{name} (from {source})")
    lines = [
        "What this folder bundles, and the licence text of each part.",
        "AmigaSweeper's own licence is LICENSE, one folder up (the MIT licence).",
        "",
    ]
    for text, covers in texts.items():
        lines.append(f"{text}:")
        lines += [f"    {item}" for item in covers]
    if unlicensed:
        lines += ["", "Bundled from the build machine, licence text not found there:"]
        lines += [f"    {item}" for item in unlicensed]
        log(f"warning: no licence text found for {len(unlicensed)} bundled libraries: see {target / 'README.txt'}")
    (target / "README.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def archive_name() -> str:
    """amigasweeper-VERSION-SYSTEM-MACHINE, as a release names the executable's archive."""
    import platform

    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux" if sys.platform.startswith("linux") else sys.platform)
    machine = platform.machine().lower().replace("amd64", "x86_64") or "unknown"
    return f"{APP_NAME}-{version()}-{system}-{machine}"


def build_archive(dist: Path, build: Path) -> Path:
    """The executable folder packed into one file for a release: a .zip on
    Windows, a .tar.gz elsewhere (it keeps the executable's permission)."""
    folder = executable_path(dist).parent
    if not executable_path(dist).is_file():
        raise SystemExit(f"package: {executable_path(dist)} is missing: build the executable first (exe)")
    archive_format = "zip" if sys.platform == "win32" else "gztar"
    for old in dist.glob(f"{APP_NAME}-*-*-*.*"):
        old.unlink()
    target = Path(shutil.make_archive(str(dist / archive_name()), archive_format, root_dir=dist, base_dir=folder.name))
    log(f"built {target} ({target.stat().st_size:,} bytes)")
    return target


BUILDERS = {"pyxapp": build_pyxapp, "html": build_html, "exe": build_exe, "archive": build_archive}

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
        with_args = {**env, ARGS_ENV: args_env_value(args)}
        commands = [  # label, command, environment, built?
            ("amigasweeper", ([installed] if installed else [sys.executable, "-m", "amigasweeper"]) + args, env, True),
            ("python -m amigasweeper", [sys.executable, "-m", "amigasweeper", *args], env, True),
            ("pyxel play (pyxapp)", [sys.executable, "-m", "pyxel", "play", str(pyxapp)], with_args, pyxapp.is_file()),
            ("executable", [str(exe), *args], env, exe.is_file()),
        ]
        for label, command, run_env, built in commands:
            if built:
                figures["first_frame_ms"][label] = round(1000 * _median_seconds(command, run_env, work, runs), 1)
        check = load_tool("web/browser_check")
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/package.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("target", nargs="?", default="all", choices=[*TARGETS, "archive", "all", "measure"])
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

"""What a sealed worker sees of the files, and what it finds in its environment.

A sealed worker's root is an empty tmpfs into which bubblewrap binds, read-only:

- the system's programs and libraries (/usr, /bin, /sbin, /lib*, and /etc);
- Python: its installation, the virtual environment, and every folder of
  the interpreter's own sys.path (its standard library and installed
  packages, and what their .pth files add), not PYTHONPATH's nor the
  current folder;
- this package;
- the bot's own files: the file of its top-level module, or its package's
  folder, and nothing else of the folder it sits in, so the other players
  (often written to the same folder) stay out of sight.

Its /tmp and /dev/shm are private tmpfs mounts of a bounded size, /dev the
few devices bubblewrap makes, /proc its own processes. Folders the binds
pass through are made by bubblewrap (mode 0755), so a folder closed to the
workers' user (pyenv's /root) opens only onto what is bound inside.

The environment is a short fixed list (``environment``): nothing of the
operator's reaches a bot, whether sealed or not.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import sys
from pathlib import Path

from .harness import BUILTIN_PLAYERS

SYSTEM_FOLDERS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
PACKAGE = str(Path(__file__).resolve().parents[1])  # the amigasweeper package's folder
PATH = "/usr/local/bin:/usr/bin:/bin"
# What Python needs on Windows to start at all (SYSTEMROOT, for its random numbers and sockets).
WINDOWS_KEEP = ("SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "TEMP", "TMP", "PATH", "PATHEXT", "COMSPEC")


def environment(sealed: bool) -> dict[str, str]:
    """A worker's whole environment: what Python needs, and nothing of the operator's.

    Sealed, /tmp is the worker's own, so it is also its home and its
    temporary folder. (The interpreter runs with ``-I``, so it would ignore
    any PYTHON... variable anyway; see ``sandbox.PYTHON_FLAGS``.)
    """
    if sys.platform == "win32":
        return {name: value for name, value in os.environ.items() if name.upper() in WINDOWS_KEEP}
    env = {"PATH": PATH, "LANG": "C.UTF-8"}
    if sealed:
        env.update(HOME="/tmp", TMPDIR="/tmp")
    return env


def system_binds() -> list[str]:
    """The system's folders, a symbolic link kept a link (merged /usr systems), read-only."""
    args: list[str] = []
    for folder in SYSTEM_FOLDERS:
        if os.path.islink(folder):
            args += ["--symlink", os.readlink(folder), folder]
        elif os.path.isdir(folder):
            args += ["--ro-bind", folder, folder]
    return args


@functools.lru_cache(maxsize=None)
def python_folders() -> tuple[str, ...]:
    """Everything the interpreter needs to run and import installed packages (real paths)."""
    folders = {sys.base_prefix, sys.prefix, os.path.dirname(os.path.realpath(sys.executable)), PACKAGE,
               *_interpreter_path()}
    real = {os.path.realpath(f) for f in folders if f and os.path.isdir(f)}
    return tuple(sorted(f for f in real if not any(f.startswith(o + "/") for o in real)))


def _interpreter_path() -> list[str]:
    """sys.path as the interpreter makes it by itself: the standard library, the site folders and what
    their .pth files add (never PYTHONPATH or the current folder, where other bots may be).

    ``site`` is the one the interpreter loaded at start, never imported here:
    an ``import site`` makes PyInstaller bundle what site may load, GNU
    readline among it (GPL), into the executable. Without it (``python -S``,
    a frozen program) the site folders are sysconfig's alone."""
    import sysconfig

    places = [path for key, path in sysconfig.get_paths().items() if key in ("stdlib", "platstdlib", "purelib",
                                                                            "platlib")]
    site = sys.modules.get("site")
    sites = [] if site is None else \
        [*site.getsitepackages(), *([site.getusersitepackages()] if site.ENABLE_USER_SITE else [])]
    for folder in sites:
        places.append(folder)
        places += _pth_folders(folder)
    return [place for place in places if os.path.isdir(place)]


def _pth_folders(site_folder: str) -> list[str]:
    """The folders a site folder's .pth files add to sys.path, as ``site`` reads them."""
    added = []
    try:
        names = sorted(name for name in os.listdir(site_folder) if name.endswith(".pth"))
    except OSError:
        return []
    for name in names:
        try:
            with open(os.path.join(site_folder, name), encoding="utf-8", errors="replace") as pth:
                lines = pth.read().splitlines()
        except OSError:
            continue
        added += [os.path.join(site_folder, line.strip()) for line in lines
                  if line.strip() and not line.startswith(("#", "import ", "import\t"))]
    return added


def bot_files(spec: str, path: list[str]) -> list[str]:
    """The bot's own files (real paths): its top-level module's file, or its package's folder.

    Found the way its import will find it, without running any of it. Empty
    when it lies inside what is bound anyway (a built-in player, an
    installed package), or when it cannot be found (its worker then says so).
    """
    bound = python_folders()
    return [f for f in module_files(spec, path) if not any(f == b or f.startswith(b + "/") for b in bound)]


def module_files(spec: str, path: list[str]) -> list[str]:
    """The file of the bot's top-level module, or its package's folder, wherever it is ([] if not found)."""
    module = BUILTIN_PLAYERS.get(spec, spec).partition(":")[0].split(".")[0]
    if not module:
        return []
    saved = sys.path[:]
    try:
        sys.path[:] = path
        found = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return []
    finally:
        sys.path[:] = saved
    if found is None:
        return []
    places = list(found.submodule_search_locations or []) or ([found.origin] if found.has_location and found.origin else [])
    return [os.path.realpath(p) for p in places if p and os.path.exists(p)]


def binds(bot: list[str], open_steps: bool = False) -> list[str]:
    """bubblewrap's arguments for Python, this package and the bot's files, read-only.

    ``open_steps``: make the folders on the way to each one first, open to
    every user (bwrap run by root makes them 0700, closed to ``nobody``).
    """
    system = [os.path.realpath(f) for f in SYSTEM_FOLDERS if os.path.isdir(f)]
    args: list[str] = []
    made: set[str] = set()
    for place in (*python_folders(), *bot):
        if any(place == top or place.startswith(top + "/") for top in system):
            continue  # bound with the system already
        for step in sorted((str(p) for p in Path(place).parents if str(p) not in ("/", "/tmp")), key=len):
            if open_steps and step not in made:
                made.add(step)
                args += ["--perms", "0755", "--dir", step]
        args += ["--ro-bind", place, place]
    return args


def working_folder(bot: list[str]) -> str:
    """Where the worker starts: the folder of the bot's module (where its data would be), else /."""
    if not bot:
        return "/"
    first = bot[0]
    return first if os.path.isdir(first) else os.path.dirname(first)

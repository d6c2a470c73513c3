"""A table's first code on a node: make sure the node runs exactly the coordinator's files, then start its agent.

Ray's worker on a node finds modules on a path it builds itself: the copies
shipped with the job (``py_modules``), but also the driver's working and
script folders (Ray adds them) and whatever the node's own environment puts
there. A file at the coordinator's path on a node (an old checkout, a bot
changed there) would then be imported instead of the shipped copy. So the
actor Ray starts is ``Boot``, sent *by value* (its code travels in the job,
see ``tables``), which imports nothing of this package until it has:

1. found the shipped copy of each top-level name the coordinator sent (this
   package and each bot's module or package) among Ray's unpacked
   ``py_modules`` folders;
2. checked every file of it against the coordinator's SHA-256 manifest
   (the same files, the same bytes), refusing the table on any difference;
3. put those folders first on ``sys.path`` and taken every folder of the
   driver's (as the coordinator named them) off it, and forgotten any copy
   already imported from elsewhere; then checked that each name now
   imports from its shipped copy.

Only then does it unpickle its arguments and start the ``TableAgent``. The
table process and the bots' workers inherit this ``sys.path``. This module
uses the standard library alone, as it runs before anything is trusted.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import pickle
import sys

# Where Ray unpacks a job's py_modules on a node (under its session's runtime_resources folder).
RAY_SHIPPED = os.sep + "py_modules_files" + os.sep
SKIPPED = ("__pycache__",)  # never shipped (see runtime.SHIPPED_LEAVES_OUT), never compared
HASH_CHUNK = 1 << 20

Manifest = dict[str, dict[str, str]]  # top-level file or folder name -> {path inside it: sha256}


def file_hashes(place: str) -> dict[str, str]:
    """SHA-256 of every file of a module's file or a package's folder, by its path relative to ``place``
    ("" for a lone module file); compiled files and caches left out, as they are not shipped."""
    if os.path.isfile(place):
        return {"": _sha256(place)}
    hashes = {}
    for folder, subfolders, files in os.walk(place):
        subfolders[:] = sorted(name for name in subfolders if name not in SKIPPED)
        for name in sorted(files):
            if not name.endswith(".pyc"):
                path = os.path.join(folder, name)
                hashes[os.path.relpath(path, place)] = _sha256(path)
    return hashes


def _sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while chunk := file.read(HASH_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def take_shipped_code(manifest: Manifest, driver_folders: list[str]) -> str:
    """Make this process import the shipped copies alone; "" when done, else why the table is refused."""
    shipped = {}
    for name, hashes in manifest.items():
        found = _shipped_copy(name, hashes)
        if found.startswith("!"):
            return found[1:]
        shipped[name] = found
    folders = list(dict.fromkeys(shipped.values()))
    driver = {os.path.realpath(folder) for folder in driver_folders}
    kept = [entry for entry in sys.path if entry not in folders and os.path.realpath(entry or ".") not in driver]
    sys.path[:] = folders + kept
    importlib.invalidate_caches()
    for name in manifest:
        _forget(_module_name(name))
    for name, folder in shipped.items():
        module = _module_name(name)
        spec = importlib.util.find_spec(module)
        origin = (spec.origin or "") if spec is not None else ""
        if not origin.startswith(folder + os.sep):
            return f"{module} would be imported from {origin or 'nowhere'}, not from the copy the job shipped"
    return ""


def _module_name(name: str) -> str:
    return name[:-3] if name.endswith(".py") else name


def _shipped_copy(name: str, hashes: dict[str, str]) -> str:
    """The folder of sys.path holding the shipped ``name`` whose files match ``hashes``, or "!why"."""
    copies = [entry for entry in sys.path if RAY_SHIPPED in entry + os.sep and os.path.exists(os.path.join(entry, name))]
    if not copies:
        return f"!the copy of {name} shipped with the job is not on this node's path"
    why = ""
    for entry in copies:
        difference = _difference(hashes, file_hashes(os.path.join(entry, name)))
        if not difference:
            return entry
        why = why or f"!the copy of {name} shipped to this node differs from the coordinator's: {difference}"
    return why


def _difference(wanted: dict[str, str], found: dict[str, str]) -> str:
    """The first file that differs between two manifests, said in words ("" when they are the same)."""
    for path in sorted(set(wanted) | set(found)):
        shown = path or "the file"
        if path not in found:
            return f"{shown} is missing"
        if path not in wanted:
            return f"{shown} is not the coordinator's"
        if wanted[path] != found[path]:
            return f"{shown} has other contents (SHA-256 {found[path][:12]}..., not {wanted[path][:12]}...)"
    return ""


def _forget(module: str) -> None:
    """Drop a module and its submodules imported before the path was set (the next import finds the shipped copy)."""
    for loaded in [key for key in sys.modules if key == module or key.startswith(module + ".")]:
        del sys.modules[loaded]


class Boot:
    """The Ray actor of one table: checks the node's code (see above), then is its ``TableAgent``."""

    def __init__(self, manifest: Manifest, driver_folders: list[str], arguments: bytes) -> None:
        self.refused = take_shipped_code(manifest, driver_folders)
        self.agent = None
        if not self.refused:
            from amigasweeper.challenge.cluster.agent import TableAgent

            self.agent = TableAgent(*pickle.loads(arguments))  # noqa: S301 - the coordinator's own, through Ray

    def start(self):
        """The agent's start, or ``{"refused": why}`` when this node's code is not the coordinator's."""
        if self.agent is None:
            return {"refused": self.refused}
        return self.agent.start()

    def play(self, task):
        agent = self.agent
        if agent is None:  # the coordinator deals to a table only once it has started
            raise RuntimeError(f"this table refused to start: {self.refused}")
        return agent.play(task)

    def play_many(self, tasks):
        """A batch, each record yielded as its game ends (Ray streams them back one by one)."""
        for task in tasks:
            yield self.play(task)

    def stop(self, politely: bool) -> None:
        if self.agent is not None:
            self.agent.stop(politely)

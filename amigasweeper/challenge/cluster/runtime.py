"""Ray itself: whether it is installed, joining or starting a cluster, and what is shipped to the nodes.

Ray is optional (the ``cluster`` extra); nothing imports it until a run asks
for it, so without it nothing changes. The bots' files are never assumed to
be on the nodes: each is sent with the job in Ray's runtime environment
(``py_modules``), with this package too, so every node plays with the
coordinator's code, whatever it has installed.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import socket
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

from ..challenge_game import ChallengeError
from ..sealed_view import module_files
from .boot import Manifest, file_hashes

INSTALL = "python3 -m pip install 'amigasweeper[cluster]'"
CLIENT = "ray://"  # Ray Client's addresses (a driver elsewhere, through gRPC): refused, see check_client
PACKAGE = str(Path(__file__).resolve().parents[2])  # the amigasweeper package's folder
# A run's own local Ray: the object store holds only small records, so a small store will do (Ray's least
# is 75 MB); no dashboard (its processes cost about 1 GB); no usage statistics sent anywhere.
OBJECT_STORE_BYTES = 100 * 1024 * 1024
SHIPPED_LEAVES_OUT = ["__pycache__", "*.pyc"]
REACH_SECONDS = 10.0  # for the cluster's address to answer at all


class ClusterUnavailable(ChallengeError):
    """Ray is not installed, or the cluster cannot be reached or used."""


def ray_missing() -> str:
    """Why Ray cannot be used here ("" when it can), without importing it."""
    if importlib.util.find_spec("ray") is None:
        return f"Ray is not installed here ({INSTALL})"
    return ""


def import_ray():
    why = ray_missing()
    if why:
        raise ClusterUnavailable(why)
    import ray

    return ray


def shipped(specs: list[str]) -> list[str]:
    """What the nodes are sent: this package and each bot's own files (its module's file, or its package)."""
    files = [PACKAGE]
    standard = {os.path.realpath(sysconfig.get_path(key)) for key in ("stdlib", "platstdlib")}
    for spec in specs:
        for place in module_files(spec, sys.path):
            inside = [top for top in (PACKAGE, *standard) if place == top or place.startswith(top + os.sep)]
            if not inside and place not in files:
                files.append(place)
    return files


def manifest(places: list[str]) -> Manifest:
    """What each table checks its node's copies against (see ``boot``): every shipped file's SHA-256,
    by the top-level name it ships as."""
    return {os.path.basename(place): file_hashes(place) for place in places}


def driver_folders(places: list[str]) -> list[str]:
    """This process's folders that a node's Ray worker may find on its path, ahead of the shipped copies:
    the working and script folders (Ray adds them), PYTHONPATH's, and any folder on sys.path holding a
    shipped name. The interpreter's own folders are kept (a node needs its installed packages)."""
    names = {os.path.basename(place) for place in places}
    candidates = [os.getcwd(), os.path.dirname(os.path.realpath(sys.argv[0] or ".")),
                  *os.environ.get("PYTHONPATH", "").split(os.pathsep),
                  *(entry or os.getcwd() for entry in sys.path
                    if any(os.path.exists(os.path.join(entry or ".", name)) for name in names))]
    own = {os.path.realpath(prefix) for prefix in (sys.prefix, sys.base_prefix)}
    folders = []
    for folder in (os.path.realpath(c) for c in candidates if c):
        if not any(folder == o or folder.startswith(o + os.sep) for o in own) and folder not in folders:
            folders.append(folder)
    return folders


def connect(address: str | None, specs: list[str], cpus: int | None = None):
    """Join the cluster at ``address`` (``auto``, ``host:port``; ``ray://`` is refused), or start a local one
    for this run (None), sending the package and the bots' files with the job. Returns the ray module."""
    ray = import_ray()
    if ray.is_initialized():
        raise ClusterUnavailable("Ray is already in use in this process; a run connects by itself")
    if address is not None:
        check_client(address)
        check_reachable(address)
    options = {"runtime_env": {"py_modules": shipped(specs), "excludes": SHIPPED_LEAVES_OUT},
               "log_to_driver": False, "logging_level": logging.WARNING}
    try:
        if address is None:
            os.environ["RAY_USAGE_STATS_ENABLED"] = "0"  # only the cluster started here reads it
            ray.init(address="local", num_cpus=cpus, include_dashboard=False,
                     object_store_memory=OBJECT_STORE_BYTES, **options)
        else:
            ray.init(address=address, **options)
    except Exception as error:  # noqa: BLE001 - Ray raises many kinds for a cluster it cannot join
        where = f"the Ray cluster at {address}" if address else "a local Ray cluster"
        raise ClusterUnavailable(f"cannot use {where}: {type(error).__name__}: {_first_line(error)}") from None
    return ray


def check_reachable(address: str) -> None:
    """Refuse an address that is malformed or that nothing answers at, at once: Ray itself would keep
    trying to join for minutes. ``auto`` is Ray's to find (it says at once when there is none)."""
    if address == "auto":
        return
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not (colon and host and port.isdigit() and 0 < int(port) < 65536):
        raise ClusterUnavailable(f"a Ray address is auto or host:port, not {address!r}")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=REACH_SECONDS).close()
    except OSError as error:
        raise ClusterUnavailable(f"nothing answers at {address} (the Ray cluster's address): "
                                 f"{error.strerror or error}") from None


def check_client(address: str) -> None:
    """Refuse a ray:// address (Ray Client) in a sentence: a tournament's tables stream each game's record
    back as it ends (streaming actor methods, which Ray Client does not carry), and a research pool is
    not tried through it either; run the command on a machine of the cluster instead."""
    if address.startswith(CLIENT):
        raise ClusterUnavailable(f"{address}: Ray Client addresses ({CLIENT}) are not used: Ray Client cannot "
                                 "stream a table's records back as each game ends, which is how every game is "
                                 "counted once; run this command on a machine of the cluster, with --ray-address "
                                 "auto or the head's host:port")


def disconnect() -> None:
    """Leave the cluster (and stop it, when this run started it)."""
    import ray

    if ray.is_initialized():
        ray.shutdown()


@dataclass(frozen=True)
class ClusterNode:
    id: str
    name: str  # as the results show it: its address, and the start of its id (two may share a machine)
    cpus: int


def alive_nodes(ray) -> list[ClusterNode]:
    """The cluster's live machines that can hold a table (a whole processor)."""
    nodes = []
    for node in ray.nodes():
        cpus = int(node.get("Resources", {}).get("CPU", 0))
        if node.get("Alive") and cpus >= 1:
            nodes.append(ClusterNode(node["NodeID"], f"{node.get('NodeManagerAddress', '?')}/{node['NodeID'][:8]}", cpus))
    return sorted(nodes, key=lambda n: n.name)


def node_alive(ray, node_id: str) -> bool:
    try:
        return any(node["NodeID"] == node_id and node.get("Alive") for node in ray.nodes())
    except Exception:  # noqa: BLE001 - a cluster that cannot even be asked is as good as gone
        return False


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else ""

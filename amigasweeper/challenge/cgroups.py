"""Control groups for bots' workers: their memory, process count and processor capped, their CPU time
counted and their processes frozen, all of them at once, whatever they start (Linux).

A table makes one group per worker, below the groups it runs in itself, so
it needs nobody else (it can move to another machine with its bots). Each
feature is taken from cgroup v2 where this process may make a group that
has it, else from the v1 hierarchy of its controller where that one is
writable; ``probe`` says which, and the run's results say so too:

- v2: CPU time (``cpu.stat``) and freezing (``cgroup.freeze``) come with
  every group; memory, pids and cpuset only where the parent group hands
  them down (its ``cgroup.subtree_control``), as a delegated group does.
- v1: ``memory``, ``pids``, ``cpuacct``, ``freezer`` and ``cpuset``, each a
  hierarchy of its own (root may write them; an ordinary user seldom may).

On a machine run by systemd, a group is made only inside a subtree systemd
delegated (marked with the ``user.delegate`` or ``trusted.delegate``
attribute): the rest of its tree is systemd's alone.
"""

from __future__ import annotations

import contextlib
import os
import signal
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

PROC = Path("/proc")
SYSTEMD_RUNNING = Path("/run/systemd/system")
PREFIX = "amigasweeper-bot-"
PROBE = "probe-"  # a trial group's name after PREFIX, before the pid of the process trying
NO_SWAP = "0"


class Version(str, Enum):
    V1 = "cgroup v1"
    V2 = "cgroup v2"


class Feature(str, Enum):
    MEMORY = "memory"
    PROCESSES = "pids"
    CPU_TIME = "cpu time"
    FREEZER = "freezer"
    PROCESSOR = "cpuset"


V1_CONTROLLER = {Feature.MEMORY: "memory", Feature.PROCESSES: "pids", Feature.CPU_TIME: "cpuacct",
                 Feature.FREEZER: "freezer", Feature.PROCESSOR: "cpuset"}
V2_CONTROLLER = {Feature.MEMORY: "memory", Feature.PROCESSES: "pids", Feature.PROCESSOR: "cpuset"}
V2_CORE = {Feature.CPU_TIME: "cpu.stat", Feature.FREEZER: "cgroup.freeze"}  # in every v2 group (Linux 5.2+)


@dataclass(frozen=True)
class GroupPlace:
    """Where the groups that give one feature are made."""

    version: Version
    parent: Path


@dataclass(frozen=True)
class Plan:
    """The features this process can give its workers, and where each comes from."""

    places: dict[Feature, GroupPlace] = field(default_factory=dict)
    why_not: str = ""  # when there are none: why

    def version(self, feature: Feature) -> Version | None:
        place = self.places.get(feature)
        return place.version if place else None


# ------------------------------------------------------------------ finding
def _mounts() -> list[tuple[str, Path, str, set[str]]]:
    """(fstype, mount point, root inside the hierarchy, controllers) of every cgroup mount."""
    found = []
    with contextlib.suppress(OSError), open(PROC / "self" / "mountinfo", encoding="utf-8") as mountinfo:
        for line in mountinfo:
            left, _, right = line.partition(" - ")
            fields, tail = left.split(), right.split()
            if len(fields) < 5 or len(tail) < 3 or tail[0] not in ("cgroup", "cgroup2"):
                continue
            point = fields[4].replace("\\040", " ")
            found.append((tail[0], Path(point), fields[3], set(tail[2].split(","))))
    return found


def _memberships() -> dict[str, str]:
    """This process's group in each hierarchy: v1 controllers by name, v2 under ""."""
    paths: dict[str, str] = {}
    with contextlib.suppress(OSError), open(PROC / "self" / "cgroup", encoding="utf-8") as cgroup:
        for line in cgroup:
            _, controllers, path = line.rstrip("\n").split(":", 2)
            for controller in controllers.split(",") if controllers else [""]:
                paths[controller] = path
    return paths


def _inside(mount: Path, root: str, path: str) -> Path:
    """The folder of group ``path`` in a hierarchy mounted at ``mount`` showing it from ``root``."""
    relative = path[len(root):] if root != "/" and path.startswith(root) else path
    return mount / relative.lstrip("/")


def _writable(folder: Path) -> bool:
    return os.access(folder, os.W_OK | os.X_OK) and os.access(folder / "cgroup.procs", os.W_OK)


def _delegated(folder: Path, mount: Path) -> bool:
    """Inside a subtree systemd delegated (or no systemd here, so nothing to respect)."""
    if not SYSTEMD_RUNNING.exists():
        return True
    for above in (folder, *folder.parents):
        for name in ("user.delegate", "trusted.delegate"):
            with contextlib.suppress(OSError, AttributeError):
                if os.getxattr(above, name) == b"1":
                    return True
        if above == mount:
            return False
    return False


def _v2_place(mount: Path, root: str, path: str) -> tuple[Path | None, set[Feature]]:
    """The nearest writable v2 group to make worker groups under, and the features they would get."""
    own = _inside(mount, root, path)
    best: tuple[Path | None, set[Feature]] = (None, set())
    for candidate in (own, *own.parents):
        if candidate != mount and mount not in candidate.parents:
            break
        if not (_writable(candidate) and _delegated(candidate, mount)):
            break  # what is above is someone else's
        handed_down = set()
        with contextlib.suppress(OSError):
            handed_down = set((candidate / "cgroup.subtree_control").read_text().split())
        features = {f for f, c in V2_CONTROLLER.items() if c in handed_down} | set(V2_CORE)
        if len(features) > len(best[1]):
            best = (candidate, features)
    return best


def probe(versions: tuple[Version, ...] = (Version.V2, Version.V1)) -> Plan:
    """What this process can give its workers through control groups, learned by making a group.

    ``versions``: which to look at, the first preferred for each feature.
    """
    if not PROC.joinpath("self", "cgroup").exists():
        return Plan(why_not="this system has no control groups")
    memberships, places = _memberships(), {}
    mounts = _mounts()
    for fstype, mount, root, _ in mounts:
        if fstype == "cgroup2" and "" in memberships and Version.V2 in versions:
            parent, features = _v2_place(mount, root, memberships[""])
            if parent is not None and _trial(parent, [V2_CORE[f] for f in features if f in V2_CORE]):
                places.update({f: GroupPlace(Version.V2, parent) for f in features})
            break
    for fstype, mount, root, controllers in mounts:
        for feature, controller in V1_CONTROLLER.items():
            if fstype != "cgroup" or controller not in controllers or feature in places or Version.V1 not in versions:
                continue
            parent = _inside(mount, root, memberships.get(controller, "/"))
            if _writable(parent) and _delegated(parent, mount) and _trial(parent, []):
                places[feature] = GroupPlace(Version.V1, parent)
    why = "" if places else "no control group this user may write (cgroup v2 delegation, or root's cgroup v1)"
    return Plan(places, why)


def _trial(parent: Path, files: list[str]) -> bool:
    """Whether a group can be made under ``parent``, holding ``files``."""
    probe_group = parent / f"{PREFIX}{PROBE}{os.getpid()}"
    try:
        probe_group.mkdir()
    except OSError:
        return False
    try:
        return all((probe_group / name).exists() for name in files)
    finally:
        with contextlib.suppress(OSError):
            probe_group.rmdir()


def owner_of(name: str) -> str:
    """The pid of the table that made the group ``name`` (a worker's, or a trial's that was killed mid-way)."""
    return name[len(PREFIX):].removeprefix(PROBE).split("-", 1)[0]


def sweep(plan: Plan) -> None:
    """Remove empty groups left by tables that were killed (their process is gone)."""
    for parent in {place.parent for place in plan.places.values()}:
        with contextlib.suppress(OSError):
            for entry in parent.iterdir():
                owner = owner_of(entry.name)
                if entry.name.startswith(PREFIX) and owner.isdigit() and not (PROC / owner).exists():
                    with contextlib.suppress(OSError):
                        entry.rmdir()


# ------------------------------------------------------------------ a group
class WorkerGroup:
    """One worker's group in every hierarchy the plan uses: made, capped, joined, read, frozen, removed."""

    def __init__(self, plan: Plan, name: str) -> None:
        self.plan = plan
        self.folders: dict[Feature, Path] = {}
        made: dict[Path, Path] = {}
        for feature, place in plan.places.items():
            folder = made.get(place.parent)
            if folder is None:
                folder = place.parent / f"{PREFIX}{os.getpid()}-{name}"
                folder.mkdir(exist_ok=True)
                made[place.parent] = folder
            self.folders[feature] = folder
        if self.version(Feature.PROCESSOR) is Version.V1:  # a v1 cpuset holds no process until given both
            for name in ("cpuset.mems", "cpuset.cpus"):
                self._write(Feature.PROCESSOR, name, self._parents(Feature.PROCESSOR, name) or "0")

    def has(self, feature: Feature) -> bool:
        return feature in self.folders

    def version(self, feature: Feature) -> Version | None:
        return self.plan.version(feature)

    def _write(self, feature: Feature, name: str, value: str) -> bool:
        folder = self.folders.get(feature)
        if folder is None:
            return False
        try:
            (folder / name).write_text(value)
        except OSError:
            return False
        return True

    def _read(self, feature: Feature, name: str) -> str:
        folder = self.folders.get(feature)
        if folder is None:
            return ""
        with contextlib.suppress(OSError):
            return (folder / name).read_text()
        return ""

    # -- caps
    def cap_memory(self, megabytes: int) -> bool:
        """The memory of every process in the group together, tmpfs pages they write included; no swap."""
        if megabytes <= 0 or not self.has(Feature.MEMORY):
            return False
        limit = str(megabytes * 1024 * 1024)
        if self.version(Feature.MEMORY) is Version.V2:
            self._write(Feature.MEMORY, "memory.swap.max", NO_SWAP)
            return self._write(Feature.MEMORY, "memory.max", limit)
        held = self._write(Feature.MEMORY, "memory.limit_in_bytes", limit)
        self._write(Feature.MEMORY, "memory.memsw.limit_in_bytes", limit)  # only with swap accounting on
        return held

    def cap_processes(self, count: int) -> bool:
        return count > 0 and self._write(Feature.PROCESSES, "pids.max", str(count))

    def keep_to(self, cpu: int | None) -> bool:
        """Keep the group on one processor (a v1 cpuset must also be given memory nodes first)."""
        if cpu is None or not self.has(Feature.PROCESSOR):
            return False
        return self._write(Feature.PROCESSOR, "cpuset.cpus", str(cpu))

    def _parents(self, feature: Feature, name: str) -> str:
        with contextlib.suppress(OSError):
            return (self.folders[feature].parent / name).read_text().strip()
        return ""

    # -- members
    def join(self, pids: list[int]) -> bool:
        """Move these processes into the group in every hierarchy (before the bot runs anything)."""
        moved = True
        for folder in set(self.folders.values()):
            for pid in pids:
                try:
                    (folder / "cgroup.procs").write_text(str(pid))
                except OSError:
                    moved = False
        return moved

    def members(self) -> list[int]:
        pids: set[int] = set()
        for folder in set(self.folders.values()):
            with contextlib.suppress(OSError):
                pids.update(int(p) for p in (folder / "cgroup.procs").read_text().split())
        return sorted(pids)

    # -- CPU time, freezing
    def cpu_seconds(self) -> float | None:
        """CPU time of every process the group ever held, or None without the feature."""
        if not self.has(Feature.CPU_TIME):
            return None
        if self.version(Feature.CPU_TIME) is Version.V2:
            for line in self._read(Feature.CPU_TIME, "cpu.stat").splitlines():
                key, _, value = line.partition(" ")
                if key == "usage_usec":
                    return int(value) / 1e6
            return None
        usage = self._read(Feature.CPU_TIME, "cpuacct.usage").strip()
        return int(usage) / 1e9 if usage.isdigit() else None

    def freeze(self, frozen: bool) -> bool:
        if self.version(Feature.FREEZER) is Version.V2:
            return self._write(Feature.FREEZER, "cgroup.freeze", "1" if frozen else "0")
        return self._write(Feature.FREEZER, "freezer.state", "FROZEN" if frozen else "THAWED")

    def out_of_memory(self) -> bool:
        """Whether the kernel killed a process of the group for its memory cap."""
        if self.version(Feature.MEMORY) is Version.V2:
            events = self._read(Feature.MEMORY, "memory.events")
        else:
            events = self._read(Feature.MEMORY, "memory.oom_control")
        for line in events.splitlines():
            key, _, value = line.partition(" ")
            if key == "oom_kill" and value.strip().isdigit() and int(value) > 0:
                return True
        return False

    def remove(self) -> None:
        """Kill whatever is left in the group and remove it from every hierarchy."""
        self.freeze(False)  # a frozen process only dies once thawed (v1)
        for folder in {f for feature, f in self.folders.items() if self.version(feature) is Version.V2}:
            with contextlib.suppress(OSError):
                (folder / "cgroup.kill").write_text("1")  # Linux 5.14+: every process at once
        for _ in range(20):
            left = self.members()
            if not left:
                break
            for pid in left:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            _pause()
        for folder in set(self.folders.values()):
            for _ in range(20):
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    _pause()  # the last processes are still leaving


def _pause() -> None:
    import time

    time.sleep(0.01)

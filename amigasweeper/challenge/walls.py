"""What held in a run: the clock, the freezing, the processors and each cap, as the results say them.

Each table learns what its own machine gives (see ``cgroups.probe``) and
tells the coordinator with its first answer, so the results state what
actually held, not what was asked for.
"""

from __future__ import annotations

import sys
from dataclasses import asdict, dataclass, field

from .cgroups import Feature, Plan, Version
from .sandbox import Sandbox

POSIX = sys.platform != "win32"
LINUX = sys.platform.startswith("linux")


class ClockKind:
    GROUP = "cgroup"  # every process the bot ran, counted by its control group
    TREE = "process tree"  # every process in the sealed worker's PID namespace, and those its init reaped
    PROCESS = "process"  # the worker and the children it reaped
    WALL = "wall"  # no CPU clock for another process on this system


@dataclass(frozen=True)
class Walls:
    """One phrase for each wall, and the facts behind them for tests and JSON."""

    syscalls: str
    clock: str
    freezing: str
    processors: str
    memory: str
    processes: str
    files: str
    clock_kind: str = ClockKind.WALL
    cgroups: dict[str, str] = field(default_factory=dict)  # feature -> "cgroup v1" / "cgroup v2"

    def lines(self) -> list[tuple[str, str]]:
        """(label, text) for the results table."""
        return [("syscalls", self.syscalls), ("clock", self.clock), ("idle bots", self.freezing),
                ("processors", self.processors), ("memory", self.memory), ("processes", self.processes),
                ("files", self.files)]

    def to_dict(self) -> dict:
        return asdict(self)


def describe(sandbox: Sandbox, plan: Plan, cpu: int | None, tables: int, on_a_cluster: bool = False) -> Walls:
    """What a table with this sandbox, these control groups and this processor gives its workers."""
    used = {feature.value: version.value for feature in Feature if (version := plan.version(feature))}
    return Walls(
        syscalls=sandbox.describe_filter(),
        clock=_clock(plan, sandbox)[1],
        freezing=_freezing(plan),
        processors=_processors(plan, cpu, tables, on_a_cluster),
        memory=_memory(sandbox, plan),
        processes=_processes(sandbox, plan),
        files=_files(sandbox),
        clock_kind=_clock(plan, sandbox)[0],
        cgroups=used,
    )


def _how(version: Version, what: str) -> str:
    return f"{version.value} {what}"


def _clock(plan: Plan, sandbox: Sandbox) -> tuple[str, str]:
    if version := plan.version(Feature.CPU_TIME):
        return ClockKind.GROUP, ("CPU time of all the bot's processes while it plays, whatever they are ("
                                 f"{_how(version, 'CPU accounting')})")
    if LINUX and sandbox.sealed:
        return ClockKind.TREE, ("CPU time of all the bot's processes while it plays, whatever they are (no "
                                "control group here: counted over the sandbox's own PID namespace, whose init "
                                "reaps what the bot leaves running)")
    if LINUX:
        return ClockKind.PROCESS, ("CPU time of the bot's worker and the children it has reaped, while it plays "
                                   "(no control group here: a process it leaves running is not counted)")
    return ClockKind.WALL, (f"wall time of each game ({sys.platform} gives no CPU clock of another process); "
                            "compare scores from runs made under similar load")


def _freezing(plan: Plan) -> str:
    if version := plan.version(Feature.FREEZER):
        return f"frozen between their games ({_how(version, 'freezer')})"
    if POSIX:
        return "stopped between their games (SIGSTOP to each of their processes)"
    return "NOT frozen between their games (Windows)"


def _processors(plan: Plan, cpu: int | None, tables: int, on_a_cluster: bool = False) -> str:
    if on_a_cluster:
        return "NOT pinned (Ray gives each table a processor's worth of a node, not a processor of its own)"
    if cpu is None:
        return f"NOT pinned ({tables} tables, and this system lets each have no processor of its own)"
    version = plan.version(Feature.PROCESSOR)
    how = _how(version, "cpuset") if version else \
        "affinity, which the filter keeps bots from changing"
    return f"each table and its bots on a processor of their own ({how})"


def _not_set(value: int, option: str) -> str:
    """The phrase for a cap that is off or that this system cannot set; "" when it is set."""
    if value <= 0:
        return f"no cap ({option} 0)"
    return "" if POSIX else "NOT capped (Windows)"


def _memory(sandbox: Sandbox, plan: Plan) -> str:
    megabytes = sandbox.caps.memory_mb
    if _not_set(megabytes, "--memory-limit"):
        return _not_set(megabytes, "--memory-limit")
    each = f"{megabytes} MB of address space for each process (RLIMIT_AS)"
    if version := plan.version(Feature.MEMORY):
        private = ", its /tmp and /dev/shm included" if sandbox.sealed else ""
        return f"{megabytes} MB for all the bot's processes together{private} " \
               f"({_how(version, 'memory')}), and {each}"
    if one_process(sandbox, plan):
        return f"{megabytes} MB of address space for the bot's one process and its threads (RLIMIT_AS; no " \
               "control group here, so new processes are refused: see processes)"
    return f"{each}, NOT for the bot's processes together (no control group here)"


def one_process(sandbox: Sandbox, plan: Plan) -> bool:
    """Whether each bot is kept to one process (threads allowed): no control group here caps the memory of
    several together, and a process per fork each with the whole cap would multiply it, so the filter
    refuses new processes; the threads of one process share its address space, which RLIMIT_AS caps."""
    return sandbox.filtered and sandbox.caps.memory_mb > 0 and not plan.version(Feature.MEMORY)


def _processes(sandbox: Sandbox, plan: Plan) -> str:
    count = sandbox.caps.processes
    if one_process(sandbox, plan):
        threads = f", up to {count} threads" if count > 0 else ""
        return (f"one process for each bot{threads}: no control group here caps several processes' memory "
                "together, so the filter refuses new ones (fork, vfork, clone)")
    if _not_set(count, "--process-limit"):
        return _not_set(count, "--process-limit")
    if version := plan.version(Feature.PROCESSES):
        return f"{count} processes and threads for each bot ({_how(version, 'pids')})"
    if sandbox.sealed and not sandbox.privileged:
        return f"{count} processes and threads for each bot (RLIMIT_NPROC, counted in its own user namespace)"
    user = sandbox.user or "the user"
    return f"{count} processes and threads more than {user} already runs (RLIMIT_NPROC, which counts " \
           f"every process of {user}: all bots share it)"


def _files(sandbox: Sandbox) -> str:
    megabytes = sandbox.caps.file_mb
    if _not_set(megabytes, "--file-limit"):
        return _not_set(megabytes, "--file-limit")
    if sandbox.sealed:
        return f"{megabytes} MB a file (RLIMIT_FSIZE), and a private /tmp and /dev/shm of {megabytes} MB each " \
               "(bwrap --size)"
    return f"{megabytes} MB a file (RLIMIT_FSIZE); /tmp and /dev/shm are the system's, shared"

"""The caps on what one bot may take, and the per-process limits its worker sets before the bot loads.

Each cap holds for a bot's whole tree of processes where a control group
gives it (see ``cgroups``); otherwise a per-process resource limit (an
rlimit) holds it as far as it can, and the results say which held:

- memory: the group's memory (tmpfs and /dev/shm pages it writes count),
  else the address space of each process (RLIMIT_AS), which the worker also
  sets in any case so a single greedy process gets a MemoryError, not a kill;
- processes (and threads): the group's pids.max, else RLIMIT_NPROC, which
  the kernel counts per user (per user namespace, when sealed without root);
- files: RLIMIT_FSIZE, the largest file a bot may write, and, sealed, the
  size of its private /tmp and /dev/shm each (bwrap's ``--size``).
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_MEMORY_MB = 2048  # a fair bot needs a small part of it
DEFAULT_PROCESSES = 64  # processes and threads together; a bot needs one
DEFAULT_FILE_MB = 64  # the largest file, and each private tmpfs (/tmp, /dev/shm)
MEGABYTE = 1024 * 1024


@dataclass(frozen=True)
class Caps:
    """What one bot may take; 0 means no cap."""

    memory_mb: int = DEFAULT_MEMORY_MB
    processes: int = DEFAULT_PROCESSES
    file_mb: int = DEFAULT_FILE_MB

    def tmpfs_bytes(self) -> int:
        return self.file_mb * MEGABYTE


def set_limits(memory_mb: int, processes: int, file_mb: int) -> str:
    """Set this process's rlimits (a worker, before the bot loads): "" when done, else why not.

    Soft and hard limits alike, so the bot cannot raise them again; never
    above a hard limit already there. Windows has none of these: nothing is set.
    """
    try:
        import resource
    except ImportError:
        return ""
    wanted = [
        (getattr(resource, "RLIMIT_AS", resource.RLIMIT_DATA), memory_mb * MEGABYTE, f"memory to {memory_mb} MB"),
        (getattr(resource, "RLIMIT_NPROC", None), processes, f"processes to {processes}"),
        (resource.RLIMIT_FSIZE, file_mb * MEGABYTE, f"files to {file_mb} MB"),
    ]
    for which, limit, what in wanted:
        if which is None or limit <= 0:
            continue
        try:
            _, hard = resource.getrlimit(which)
            if hard != resource.RLIM_INFINITY and hard < limit:
                limit = hard
            resource.setrlimit(which, (limit, limit))
        except (OSError, ValueError) as error:
            return f"cannot limit the bot's {what}: {error}"
    return ""

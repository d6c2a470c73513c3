"""The walls around a bot's worker: which ones this system has, and the command that raises them.

On Linux with bubblewrap (``bwrap``, Debian's ``bubblewrap``) every worker
runs sealed: its own user, PID, IPC, network, UTS and cgroup namespaces, the
whole filesystem read-only, a private empty /tmp, a new session (no terminal
to type into), and ``--die-with-parent``. Inside, the worker sees only its
own processes, so it can read or signal neither the coordinator, nor the
tables, nor the other players; when it ends, or its table does, the kernel
ends everything it started (the namespace's first process is gone).

Whether bwrap works is learned by a trial run, not from the binary being
there: containers and AppArmor often forbid the user namespaces it needs.

What holds without it (``off``, other systems, or bwrap refused): the
coordinator and the tables are non-dumpable, run as root the workers drop
to ``nobody``, no child's command line carries the seed, and the layouts
live in the tables only. What does not: a worker run by the same user can
read that user's files, see the other processes (``/proc``) and signal the
other workers, and the user's own ``--seed`` is readable in the
coordinator's command line. ``describe`` says this in the results.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from .rules import ChallengeError

UNPRIVILEGED = "nobody"
TRIAL_LIMIT = 30.0  # seconds for the trial run: a fresh interpreter importing the worker
DEFAULT_MEMORY_MB = 2048  # address space a worker may map; a fair bot needs a small part of it
BWRAP_OPTIONS = ("--unshare-all", "--die-with-parent", "--new-session",
                 "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp")


class SandboxMode(str, Enum):
    AUTO = "auto"  # sealed when bwrap works here, else said plainly
    REQUIRED = "required"  # refuse to run unsealed
    OFF = "off"  # never sealed (the other walls still hold)


class SandboxUnavailable(ChallengeError):
    """``--sandbox required`` on a system where the sandbox does not work."""


@dataclass(frozen=True)
class Sandbox:
    """How the tables start their workers; made by ``choose`` in the coordinator, sent to each table."""

    sealed: bool
    why_not: str = ""  # when not sealed: the reason, in the user's words
    user: str = ""  # the account the workers run as, when they drop to one ("" = the caller's)
    uid: int | None = None
    gid: int | None = None
    memory_mb: int = DEFAULT_MEMORY_MB  # 0: no limit

    def describe(self) -> str:
        """One line for the results: sealed, or what a bot can do here."""
        who = f", bots run as {self.user}" if self.user else ""
        if self.sealed:
            return f"sealed (bubblewrap: own namespaces, read-only files, no network{who})"
        return (f"NOT sealed ({self.why_not}{who}): a bot can read what its user may read, see the other "
                "processes and their command lines, and signal the other bots")

    def command(self, python_argv: list[str], visible: list[str]) -> list[str]:
        """The worker's full command: ``python_argv`` itself, or wrapped in bwrap.

        ``visible`` are folders the worker must read (its sys.path, its current
        folder); those under /tmp are bound over the private /tmp, read-only.
        """
        if not self.sealed:
            return python_argv
        bound = [folder for folder in sorted(set(visible))
                 if _under_tmp(folder) and os.path.isdir(folder) and self._reachable(folder)]
        binds = [arg for folder in bound for arg in ("--ro-bind", folder, folder)]
        cwd = os.getcwd()
        inside = cwd in bound or not _under_tmp(cwd)  # else hidden by the private /tmp
        return [_bwrap(), *BWRAP_OPTIONS, *binds, "--chdir", cwd if inside else "/", "--", *python_argv]

    def _reachable(self, folder: str) -> bool:
        """Whether the workers' account can read ``folder`` (bwrap refuses to bind one it cannot)."""
        if self.uid is None:
            return os.access(folder, os.R_OK | os.X_OK)
        path = Path(folder)
        try:
            return all(p.stat().st_mode & 0o001 for p in path.parents) and path.stat().st_mode & 0o005 == 0o005
        except OSError:
            return False

    def popen_options(self) -> dict:
        """The Popen keywords that start a worker as ``user`` (when root) in a process group of its own."""
        options: dict = {"process_group": 0} if sys.platform != "win32" else {}
        if self.uid is not None:
            options.update(user=self.uid, group=self.gid, extra_groups=[])
        return options


def choose(mode: SandboxMode | str, memory_mb: int = DEFAULT_MEMORY_MB) -> Sandbox:
    """The sandbox for this run, after a trial run of bwrap when the mode allows it."""
    mode = SandboxMode(mode)
    failure = workers_cannot_start()
    if failure:
        raise ChallengeError(failure)
    user, uid, gid = _unprivileged_account()
    if mode is SandboxMode.OFF:
        return Sandbox(False, "--sandbox off", user, uid, gid, memory_mb)
    failure = trial_failure(uid, gid)
    if not failure:
        return Sandbox(True, "", user, uid, gid, memory_mb)
    if mode is SandboxMode.REQUIRED:
        raise SandboxUnavailable(f"--sandbox required, but {failure}")
    return Sandbox(False, failure, user, uid, gid, memory_mb)


def workers_cannot_start() -> str:
    """Why no worker can start here, sealed or not ("" when one can): run as root, the workers'
    account must be able to run this Python."""
    try:
        user, uid, gid = _unprivileged_account()
    except ChallengeError as error:
        return str(error)
    if uid is None:
        return ""
    failure = _run_in(Sandbox(False, uid=uid, gid=gid))
    if failure:
        return (f"started by root, the bots run as the user {user}, who cannot run this Python "
                f"({sys.executable}: {failure}); install Python where every user can read it, "
                "or run the tournament as an ordinary user")
    return ""


@functools.lru_cache(maxsize=None)
def trial_failure(uid: int | None, gid: int | None) -> str:
    """Why bwrap cannot seal a worker here ("" when it can): a real worker interpreter is started in it."""
    if not sys.platform.startswith("linux"):
        return f"bubblewrap is a Linux sandbox; on {sys.platform} bots run in plain processes"
    if _bwrap() is None:
        return "bwrap (Debian's bubblewrap) is not installed"
    failure = _run_in(Sandbox(True, uid=uid, gid=gid))
    return f"bwrap does not work here: {failure}" if failure else ""


@functools.lru_cache(maxsize=None)
def _run_in(sandbox: Sandbox) -> str:
    """Start a worker's interpreter as ``sandbox`` would and import the worker: "" when it works, else why not."""
    argv = sandbox.command([sys.executable, "-c", f"{boot_path()}import amigasweeper.challenge.worker"], [])
    try:
        done = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, timeout=TRIAL_LIMIT,
                              **sandbox.popen_options())
    except (OSError, subprocess.SubprocessError) as error:
        return str(error)
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return said[-1] if said else f"exit code {done.returncode}"
    return ""


def boot_path() -> str:
    """Python that puts this package's folder first on sys.path (a checkout works like an install)."""
    root = str(Path(__file__).resolve().parents[2])
    return f"import sys; sys.path.insert(0, {root!r}); "


def _bwrap() -> str | None:
    return shutil.which("bwrap")


def _under_tmp(folder: str) -> bool:
    return folder == "/tmp" or folder.startswith("/tmp/")


def _unprivileged_account() -> tuple[str, int | None, int | None]:
    """Run as root, the workers drop to ``nobody``: (name, uid, gid), or ("", None, None) as anyone else."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "", None, None
    import pwd

    try:
        account = pwd.getpwnam(UNPRIVILEGED)
    except KeyError:
        raise ChallengeError(f"run as root, the bots would run as the user {UNPRIVILEGED}, "
                             "which this system does not have; run the tournament as an ordinary user") from None
    return UNPRIVILEGED, account.pw_uid, account.pw_gid

"""The walls around a bot's worker: which ones this system has, and the command that raises them.

On Linux with bubblewrap (``bwrap``, Debian's ``bubblewrap``) every worker
runs sealed: its own user, PID, IPC, network, UTS and cgroup namespaces, the
whole filesystem read-only, a private empty /tmp, no terminal to type into
(its table has left the user's session: see ``processes.leave_the_terminal``),
and ``--die-with-parent``. Inside, the worker sees only its
own processes, so it can read or signal neither the coordinator, nor the
tables, nor the other players; when it ends, or its table does, the kernel
ends everything it started (the namespace's first process is gone).

Whether bwrap works is learned by a trial run, not from the binary being
there: containers and AppArmor often forbid the user namespaces it needs.

Started by root (the usual case in containers), bwrap runs privileged: no
user namespace (its root would be the real root), the other namespaces as
above, and the worker's first act, before Python imports anything of ours
or the bot's, is to become ``nobody`` for good (no_new_privs is set, so no
setuid program can take it back). Python and the checkout often live where
``nobody`` may not go (pyenv under /root, mode 700): each folder the worker
needs is bound back, read-only, into an empty tmpfs laid over the closed
folder above it, so the worker reaches those and nothing else there.

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
# No --new-session: the table is already in a session with no terminal, and a
# session of the worker's own puts it in another scheduling group (autogroup)
# than its table, which made every move's round trip about 40% slower (see
# docs/BENCHMARKS.md).
VIEW = ("--die-with-parent", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp")
# Every namespace; as root, every one but the user namespace (see the module's notes).
UNSHARE = ("--unshare-all",)
UNSHARE_AS_ROOT = ("--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try")
PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])


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

    @property
    def privileged(self) -> bool:
        """Sealed by a bwrap started as root, the drop to ``user`` made inside."""
        return self.sealed and self.uid is not None

    def describe(self) -> str:
        """One line for the results: sealed, or what a bot can do here."""
        who = f", bots run as {self.user}" if self.user else ""
        if self.sealed:
            return f"sealed (bubblewrap: own namespaces, read-only files, no network{who})"
        return (f"NOT sealed ({self.why_not}{who}): a bot can read what its user may read, see the other "
                "processes and their command lines, and signal the other bots")

    def worker_command(self, code: str, visible: list[str]) -> list[str]:
        """The command that runs ``code`` (Python) as a worker: in bwrap when sealed.

        ``visible`` are folders the worker must read (its sys.path, its current
        folder): bound into the sandbox, read-only, where they would be hidden.
        """
        prelude = f"import sys; sys.path.insert(0, {PACKAGE_ROOT!r}); "
        if self.privileged:  # the first act, before any import that reads a file of ours or the bot's
            prelude = f"import os; os.setgroups([]); os.setgid({self.gid}); os.setuid({self.uid}); " + prelude
        python = [sys.executable, "-c", prelude + code]
        if not self.sealed:
            return python
        needed = sorted({os.path.realpath(f) for f in visible if f and os.path.isdir(f)})
        binds = self._binds_as_root(needed) if self.privileged else self._binds(needed)
        reachable = {arg for arg in binds[2::3]} if not self.privileged else set(needed)
        cwd = os.path.realpath(os.getcwd())
        inside = cwd in reachable or not (_under_tmp(cwd) or self.privileged and _closed_above(cwd))
        unshare = UNSHARE_AS_ROOT if self.privileged else UNSHARE
        return [_bwrap(), *unshare, *VIEW, *binds, "--chdir", cwd if inside else "/", "--", *python]

    def _binds(self, needed: list[str]) -> list[str]:
        """Unprivileged: the needed folders under /tmp, bound over the private /tmp."""
        return [arg for folder in needed if _under_tmp(folder) and os.access(folder, os.R_OK | os.X_OK)
                for arg in ("--ro-bind", folder, folder)]

    def _binds_as_root(self, needed: list[str]) -> list[str]:
        """As root: each needed folder behind a folder closed to ``nobody`` is bound back into an
        empty tmpfs laid over that closed folder, with open folders on the way to it."""
        needed = sorted(set(needed) | _interpreter_folders())
        needed = [f for f in needed if not any(f.startswith(other + "/") for other in needed)]  # outermost
        hidden: dict[str, str] = {}  # needed folder -> the closed (or /tmp) folder above it
        for folder in needed:
            above = "/tmp" if _under_tmp(folder) and folder != "/tmp" else _closed_above(folder)
            if above:
                hidden[folder] = above
        covers = sorted({c for c in hidden.values() if c != "/tmp"})
        covers = [c for c in covers if not any(c.startswith(o + "/") for o in covers)]
        args = [arg for c in covers for arg in ("--tmpfs", c)]
        made: set[str] = set()
        for folder, above in sorted(hidden.items()):
            top = next((c for c in [*covers, "/tmp"] if folder.startswith(c + "/")), above)
            for step in _steps_between(top, folder):
                if step not in made:
                    made.add(step)
                    args += ["--perms", "0755", "--dir", step]
            args += ["--ro-bind", folder, folder]
        return args

    def popen_options(self) -> dict:
        """The Popen keywords: a process group of its own; as ``user`` unless bwrap drops inside."""
        options: dict = {"process_group": 0} if sys.platform != "win32" else {}
        if self.uid is not None and not self.privileged:
            options.update(user=self.uid, group=self.gid, extra_groups=[])
        return options


def choose(mode: SandboxMode | str, memory_mb: int = DEFAULT_MEMORY_MB) -> Sandbox:
    """The sandbox for this run, after a trial run of bwrap when the mode allows it.

    ChallengeError when no worker could start at all (run by root without a
    sandbox, the workers' user must be able to run this Python).
    """
    mode = SandboxMode(mode)
    user, uid, gid = _unprivileged_account()
    why = "--sandbox off"
    if mode is not SandboxMode.OFF:
        why = trial_failure(uid, gid)
        if not why:
            return Sandbox(True, "", user, uid, gid, memory_mb)
        if mode is SandboxMode.REQUIRED:
            raise SandboxUnavailable(f"--sandbox required, but {why}")
    plain = Sandbox(False, why, user, uid, gid, memory_mb)
    failure = _run_in(plain) if uid is not None else ""
    if failure:
        raise ChallengeError(f"not sealed ({why}), and started by root the bots would run as the user {user}, "
                             f"who cannot run this Python ({sys.executable}: {failure}); install bubblewrap, "
                             "put Python where every user can read it, or run as an ordinary user")
    return plain


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
    argv = sandbox.worker_command("import amigasweeper.challenge.worker", [])
    try:
        done = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, timeout=TRIAL_LIMIT,
                              cwd="/", **sandbox.popen_options())
    except (OSError, subprocess.SubprocessError) as error:
        return str(error)
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return said[-1] if said else f"exit code {done.returncode}"
    return ""


def _bwrap() -> str | None:
    return shutil.which("bwrap")


def _under_tmp(folder: str) -> bool:
    return folder == "/tmp" or folder.startswith("/tmp/")


def _interpreter_folders() -> set[str]:
    """What Python itself needs to run: its install (and a virtual environment's), and our package."""
    folders = {os.path.realpath(sys.base_prefix), os.path.realpath(sys.prefix), PACKAGE_ROOT,
               os.path.dirname(os.path.realpath(sys.executable))}
    return {f for f in folders if os.path.isdir(f)}


def _closed_above(folder: str) -> str:
    """The topmost folder above ``folder`` that other users may not pass through, or ""."""
    for above in reversed(Path(folder).parents):
        if str(above) == "/":
            continue
        try:
            if not above.stat().st_mode & 0o001:
                return str(above)
        except OSError:
            return ""
    return ""


def _steps_between(top: str, folder: str) -> list[str]:
    """The folders strictly between ``top`` and ``folder``, outermost first."""
    steps = [str(p) for p in Path(folder).parents if str(p).startswith(top + "/")]
    return sorted(steps, key=len)


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

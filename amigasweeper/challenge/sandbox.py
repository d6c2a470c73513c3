"""The walls around a bot's worker: which ones this system has, and the command that raises them.

On Linux with bubblewrap (``bwrap``, Debian's ``bubblewrap``) every worker
runs sealed: its own user, PID, IPC, network, UTS and cgroup namespaces, a
root of its own that shows only the system's programs and libraries,
Python with its installed packages, and the bot's own files, all read-only
(see ``sealed_view``), a private /tmp and /dev/shm of bounded size open to the bot
(mode 1777), the root and /dev read-only once all is bound, no terminal to
type into (its table has left the user's session: see
``processes.leave_the_terminal``), a seccomp filter (see ``syscalls``),
no further user namespaces (``--disable-userns``), and ``--die-with-parent``.
Inside, the worker sees only its own processes, so it can read or signal
neither the coordinator, nor the tables, nor the other players; when it
ends, or its table does, the kernel ends everything it started.

Whether bwrap works is learned by a trial run of a real worker, not from
the binary being there: containers and AppArmor often forbid the user
namespaces it needs. When the trial fails, a bare bwrap is tried too, so
the message says whether bwrap itself or the worker inside it failed.

Started by root (the usual case in containers), bwrap runs privileged: no
user namespace (its root would be the real root), the other namespaces as
above, and the worker's first act, before Python imports anything of ours
or the bot's, is to become a user id of its own with the rights of
``nobody`` (see ``for_worker``), for good (no_new_privs is set, so no
setuid program can take it back). Folders bwrap makes on the way to what
it binds are open to every user (0755), whatever the real ones are.

What holds without it (``off``, other systems, or bwrap refused): the
coordinator and the tables are non-dumpable, run as root the workers drop
to a user id of their own, the seccomp filter (loaded by the worker itself), the clean
environment, the caps, no child's command line carries the seed, and the
layouts live in the tables only. What does not: a worker run by the same
user can read that user's files, see the other processes (``/proc``),
signal the other workers and the command itself, and read the user's own
``--seed`` in the coordinator's command line. ``describe`` says this in
the results.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path

from . import sealed_view, syscalls
from .challenge_game import ChallengeError
from .limits import Caps

UNPRIVILEGED = "nobody"
TRIAL_LIMIT = 30.0  # seconds for the trial run: a fresh interpreter importing the worker
# -I: no PYTHON... variable, no user site, no current folder on sys.path (the worker sets its own);
# -B: no bytecode written beside read-only files; -X utf8: what a bot prints is UTF-8 whatever the locale.
PYTHON_FLAGS = ("-I", "-B", "-X", "utf8")
# No --new-session: the table is already in a session with no terminal, and a
# session of the worker's own puts it in another scheduling group (autogroup)
# than its table, which made every move's round trip about 40% slower (see
# docs/BENCHMARKS.md).
VIEW = ("--dev", "/dev", "--proc", "/proc")
PRIVATE = ("/tmp", "/dev/shm")  # tmpfs mounts of the worker's own, each of Caps.file_mb
# Open to every user, sticky (as /tmp always is): bwrap run by root makes a tmpfs root's own (0755),
# which the worker, once it has dropped to its own user, could not write (HOME and TMPDIR point there).
PRIVATE_MODE = "1777"
# Remounted read-only once every bind is made: the root and /dev are tmpfs mounts bwrap makes, of no
# bounded size, so only the private (bounded) mounts above may take a bot's writes.
READ_ONLY = ("/", "/dev")
# As root, each worker runs as a user id of its own, none with an account (see ``for_worker``): the
# kernel's per-user counters (processes, queued signals, message queues) are then no channel between
# two bots. The ids are far above the ranges systems give accounts (sssd's default ends at 2,000,200,000).
WORKER_UIDS_FROM = 3_000_000_000
WORKER_UID_SLOTS = 64  # ids for the workers of one table, reused in turn (a retired worker's are all dead)
PID_SPACE = 1 << 22  # Linux's largest pid_max: a table's pid picks its block of ids
# Every namespace; as root, every one but the user namespace (see the module's notes).
UNSHARE = ("--unshare-all", "--unshare-user")
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
    caps: Caps = field(default_factory=Caps)
    filtered: bool = False  # the seccomp filter goes on every worker
    why_unfiltered: str = ""

    @property
    def privileged(self) -> bool:
        """Sealed by a bwrap started as root, the drop to ``user`` made inside."""
        return self.sealed and self.uid is not None

    @property
    def memory_mb(self) -> int:
        return self.caps.memory_mb

    def for_worker(self, table: int, serial: int) -> Sandbox:
        """This sandbox for the ``serial``-th worker of the table whose pid is ``table``: as root, with a
        user id (and group) of its own, the same for no two workers running at once on this machine."""
        if self.uid is None:
            return self
        uid = worker_uid(table, serial)
        return replace(self, uid=uid, gid=uid)

    def describe(self) -> str:
        """One line for the results: sealed, or what a bot can do here."""
        who = f", bots run as {self.user}" if self.user else ""
        if self.uid is not None:
            who = f", each bot as a user id of its own with the rights of {self.user}"
        if self.sealed:
            return ("sealed (bubblewrap: own namespaces, only Python, installed packages and the bot's own files "
                    f"to read, a private /tmp, no network{who})")
        command = "" if self.uid is not None else ", and stop or kill this command itself (it is the same user's)"
        return (f"NOT sealed ({self.why_not}{who}): a bot can read what its user may read, see the other "
                f"processes and their command lines, and signal the other bots{command}")

    def describe_filter(self) -> str:
        if self.filtered:
            return f"filtered (seccomp: {syscalls.SUMMARY})"
        return f"NOT filtered ({self.why_unfiltered}): file locks and new namespaces are open to bots"

    def worker_command(self, code: str, bot: list[str], seccomp_fd: int | None = None) -> list[str]:
        """The command that runs ``code`` (Python) as a worker: in bwrap when sealed.

        ``bot`` are the bot's own files (see ``sealed_view.bot_files``), bound in
        read-only; ``seccomp_fd`` a descriptor holding the filter as BPF
        (see ``filter_descriptor``), which bwrap reads and loads.
        """
        prelude = f"import sys; sys.path.insert(0, {PACKAGE_ROOT!r}); "
        if self.privileged:  # the first act, before any import that reads a file of ours or the bot's
            prelude = f"import os; os.setgroups([]); os.setgid({self.gid}); os.setuid({self.uid}); " + prelude
        python = [sys.executable, *PYTHON_FLAGS, "-c", prelude + code]
        if not self.sealed:
            return python
        return [*self.bwrap_prefix(), *self.private_mounts(), *sealed_view.binds(bot, self.privileged), *self.read_only(),
                "--chdir", sealed_view.working_folder(bot),
                *(["--seccomp", str(seccomp_fd)] if seccomp_fd is not None else []), "--", *python]

    def bwrap_prefix(self) -> list[str]:
        """bwrap, its namespaces and the system's folders."""
        unshare = UNSHARE_AS_ROOT if self.privileged else UNSHARE
        nested = ["--disable-userns"] if not self.privileged and _bwrap_knows("--disable-userns") else []
        return [_bwrap() or "bwrap", *unshare, *nested, "--die-with-parent", *sealed_view.system_binds(), *VIEW]

    def private_mounts(self) -> list[str]:
        size = ["--size", str(self.caps.tmpfs_bytes())] if self.caps.file_mb > 0 else []
        return [arg for folder in PRIVATE for arg in (*size, "--perms", PRIVATE_MODE, "--tmpfs", folder)]

    @staticmethod
    def read_only() -> list[str]:
        """bwrap's last mount arguments: the root and /dev made read-only (see ``READ_ONLY``)."""
        return [arg for folder in READ_ONLY for arg in ("--remount-ro", folder)]

    def filter_descriptor(self, one_process: bool = False) -> int | None:
        """A descriptor to read the filter's BPF from, for one worker's bwrap (the caller closes it);
        ``one_process``: the filter refuses new processes too (see ``walls.one_process``)."""
        if not (self.sealed and self.filtered):
            return None
        program = syscalls.bpf(one_process)
        read_end, write_end = os.pipe()
        try:
            os.write(write_end, program)  # far smaller than a pipe holds
        finally:
            os.close(write_end)
        return read_end

    def popen_options(self) -> dict:
        """The Popen keywords: a clean environment, a process group of its own; as ``user`` unless bwrap drops inside."""
        options: dict = {"env": sealed_view.environment(self.sealed)}
        if sys.platform != "win32":
            options["process_group"] = 0
        if self.uid is not None and not self.privileged:
            options.update(user=self.uid, group=self.gid, extra_groups=[])
        return options


def choose(mode: SandboxMode | str, caps: Caps | None = None) -> Sandbox:
    """The sandbox for this run, after a trial run of bwrap when the mode allows it.

    ChallengeError when no worker could start at all (run by root without a
    sandbox, the workers' user must be able to run this Python).
    """
    mode = SandboxMode(mode)
    caps = caps or Caps()
    user, uid, gid = _unprivileged_account()
    why_unfiltered = syscalls.unavailable()
    why = "--sandbox off"
    if mode is SandboxMode.REQUIRED and why_unfiltered:
        # Without the filter nothing refuses a bot's page-cache probes, message queues, locks or (where no
        # control group caps them together) its forks: not a run to call sealed.
        raise SandboxUnavailable(f"--sandbox required, but the system-call filter cannot be built here: "
                                 f"{why_unfiltered}")
    if mode is not SandboxMode.OFF:
        why = trial_failure(uid, gid, not why_unfiltered)
        if not why:
            return Sandbox(True, "", user, uid, gid, caps, filtered=not why_unfiltered, why_unfiltered=why_unfiltered)
        if mode is SandboxMode.REQUIRED:
            raise SandboxUnavailable(f"--sandbox required, but {why}")
    plain = Sandbox(False, why, user, uid, gid, caps, filtered=not why_unfiltered, why_unfiltered=why_unfiltered)
    failure = _run_in(plain) if uid is not None else ""
    if failure:
        raise ChallengeError(f"not sealed ({why}), and started by root the bots would run as the user {user}, "
                             f"who cannot run this Python ({sys.executable}: {failure}); install bubblewrap, "
                             "put Python where every user can read it, or run as an ordinary user")
    return plain


@functools.lru_cache(maxsize=None)
def trial_failure(uid: int | None, gid: int | None, filtered: bool = False) -> str:
    """Why bwrap cannot seal a worker here ("" when it can): a real worker interpreter is started in it.

    When that fails, a bare bwrap running ``true`` tells whether bwrap itself
    is refused here or only the worker inside it failed (a folder Python needs
    that the view leaves out, say), and the message names the one at fault.
    """
    if not sys.platform.startswith("linux"):
        return f"bubblewrap is a Linux sandbox; on {sys.platform} bots run in plain processes"
    if _bwrap() is None:
        return "bwrap (Debian's bubblewrap) is not installed"
    sandbox = Sandbox(True, uid=uid, gid=gid, filtered=filtered)
    failure = _run_in(sandbox)
    if not failure:
        return ""
    bare = _run([*sandbox.bwrap_prefix(), "--", "true"], sandbox)
    if bare:
        return f"bwrap does not work here: {bare}"
    return (f"bwrap works, but a worker does not start inside it: {failure} (it shows the worker the system's "
            f"folders and {', '.join(sealed_view.python_folders())})")


@functools.lru_cache(maxsize=None)
def _run_in(sandbox: Sandbox) -> str:
    """Start a worker's interpreter as ``sandbox`` would and import the worker: "" when it works, else why not."""
    descriptor = sandbox.filter_descriptor()
    try:
        argv = sandbox.worker_command("import amigasweeper.challenge.bot_worker", [], descriptor)
        return _run(argv, sandbox, () if descriptor is None else (descriptor,))
    finally:
        if descriptor is not None:
            os.close(descriptor)


def _run(argv: list[str], sandbox: Sandbox, keep: tuple[int, ...] = ()) -> str:
    """Run a trial command as a worker would be run: "" when it exits 0, else the last line it said."""
    try:
        done = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, timeout=TRIAL_LIMIT,
                              cwd="/", pass_fds=keep, **sandbox.popen_options())
    except (OSError, subprocess.SubprocessError) as error:
        return str(error)
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return said[-1] if said else f"exit code {done.returncode}"
    return ""


def _bwrap() -> str | None:
    return shutil.which("bwrap")


@functools.lru_cache(maxsize=None)
def _bwrap_knows(option: str) -> bool:
    """Whether this bwrap has ``option`` (--disable-userns came with bubblewrap 0.8)."""
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        shown = subprocess.run([_bwrap() or "bwrap", "--help"], capture_output=True, text=True, timeout=TRIAL_LIMIT)
        return option in shown.stdout + shown.stderr
    return False


def worker_uid(table: int, serial: int) -> int:
    """The user id of a table's ``serial``-th worker: a block of ids for each table pid, used in turn."""
    return WORKER_UIDS_FROM + (table % PID_SPACE) * WORKER_UID_SLOTS + serial % WORKER_UID_SLOTS


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

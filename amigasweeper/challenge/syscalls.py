"""The system calls a bot's worker may not make: a seccomp filter, built with libseccomp.

Linux only. The filter allows every call but those listed in ``DENIED`` and a
few recognised by their arguments (file locks through ``fcntl``, ``clone``
into new namespaces, ``ioctl`` pushing keys into a terminal, ``preadv2`` asking not to wait for
the disk, which tells a cached page from another); a denied call
fails with EPERM, ``clone3`` with ENOSYS so that the C library falls back on
``clone``, whose flags the filter can read. A call of another architecture's
ABI (32-bit ``int 0x80`` on x86-64) ends the process.

Sealed, the filter goes to bubblewrap as BPF (``bwrap --seccomp FD``);
unsealed, the worker loads it itself before the bot is imported. The binding
is ``pyseccomp`` (PyPI) or Debian's ``python3-seccomp``, both over the
system's libseccomp; where neither works, ``unavailable`` says why and the
run goes on unfiltered, saying so.
"""

from __future__ import annotations

import functools
import platform
import sys
import tempfile
from dataclasses import dataclass

EPERM = 1
ENOSYS = 38
# fcntl commands (<asm-generic/fcntl.h>): record locks, open-file-description locks, leases, dnotify
F_GETLK, F_SETLK, F_SETLKW = 5, 6, 7
F_GETLK64, F_SETLK64, F_SETLKW64 = 12, 13, 14  # the same through fcntl64 on 32-bit systems
F_OFD_GETLK, F_OFD_SETLK, F_OFD_SETLKW = 36, 37, 38
F_SETLEASE, F_GETLEASE, F_NOTIFY = 1024, 1025, 1026
LOCKING_FCNTL = (F_GETLK, F_SETLK, F_SETLKW, F_GETLK64, F_SETLK64, F_SETLKW64, F_OFD_GETLK, F_OFD_SETLK,
                 F_OFD_SETLKW, F_SETLEASE, F_GETLEASE, F_NOTIFY)
# <linux/sched.h>: every namespace clone() can make
CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS = 0x00020000, 0x02000000, 0x04000000
CLONE_NEWIPC, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = 0x08000000, 0x10000000, 0x20000000, 0x40000000
CLONE_THREAD = 0x00010000  # a thread of the same process (same memory), not a new process
NEW_NAMESPACES = (CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWUSER, CLONE_NEWPID,
                  CLONE_NEWNET)
# <asm-generic/ioctls.h>: type into a terminal, and the console's own pasting
TIOCSTI, TIOCLINUX = 0x5412, 0x541C
RWF_NOWAIT = 0x00000008  # <linux/fs.h>: preadv2 answers EAGAIN for a page not cached: a page-cache probe
PREADV2_FLAGS = 5  # preadv2(fd, iov, iovcnt, pos_l, pos_h, flags)
LOW_32_BITS = 0xFFFFFFFF  # fcntl's and ioctl's command is an int: the kernel ignores the upper half


@dataclass(frozen=True)
class Denial:
    """Calls denied outright, and why a contest sandbox denies them."""

    calls: tuple[str, ...]
    why: str


DENIED: tuple[Denial, ...] = (
    Denial(("flock",), "file locks, a channel between bots through any file both can open"),
    Denial(("inotify_init", "inotify_init1", "inotify_add_watch", "fanotify_init", "fanotify_mark"),
           "watching files, which tells a bot when another one opens or reads them"),
    Denial(("unshare", "setns"), "new namespaces, and with them all capabilities inside"),
    Denial(("ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd", "process_madvise"),
           "reading or steering other processes"),
    Denial(("keyctl", "add_key", "request_key"), "the kernel's key rings, shared across the user's processes"),
    Denial(("bpf", "perf_event_open", "userfaultfd"), "kernel programs, performance counters, page-fault traps"),
    Denial(("io_uring_setup", "io_uring_enter", "io_uring_register"), "io_uring, which bypasses this filter"),
    Denial(("mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen", "fsconfig",
            "fsmount", "fspick", "mount_setattr"), "changing what the sandbox shows"),
    Denial(("name_to_handle_at", "open_by_handle_at"), "opening files by handle, past the sandbox's view"),
    Denial(("sched_setaffinity", "set_mempolicy", "mbind", "migrate_pages", "move_pages"),
           "leaving the processor and memory its table keeps it on"),
    Denial(("cachestat", "mincore", "fadvise64", "fadvise64_64", "arm_fadvise64_64", "readahead"),
           "probing or filling the page cache another bot reads (preadv2's RWF_NOWAIT too: see build)"),
    Denial(("mq_open", "mq_unlink", "mq_timedsend", "mq_timedreceive", "mq_notify", "mq_getsetattr",
            "msgget", "msgsnd", "msgrcv", "msgctl"),
           "message queues, counted per user machine-wide (and shared unsealed)"),
    Denial(("reboot", "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
            "swapon", "swapoff", "acct", "quotactl", "settimeofday", "clock_settime", "clock_adjtime",
            "adjtimex", "syslog", "vhangup", "iopl", "ioperm", "uselib", "lookup_dcookie", "nfsservctl",
            "_sysctl", "ustat", "sysfs", "create_module", "get_kernel_syms", "query_module"),
           "administering the machine"),
)
SUMMARY = ("no file locks, inotify or fanotify, no new namespaces (clone3 answers ENOSYS), no ptrace, keyctl, "
           "bpf, perf_event_open, io_uring or mount, no message queues, no page-cache probes (mincore, fadvise, "
           "readahead, preadv2's RWF_NOWAIT), nor the administrator's calls; other ABIs end the process")


def _clone_flags_argument() -> int:
    """clone()'s flags are its first argument, but its second on s390 (and cris)."""
    return 1 if platform.machine().startswith("s390") else 0


@functools.lru_cache(maxsize=None)
def _binding():
    """The libseccomp binding (a module), or the reason there is none, as a string."""
    if not sys.platform.startswith("linux"):
        return f"seccomp is Linux's; this is {sys.platform}"
    failures = []
    for name in ("seccomp", "pyseccomp"):  # Debian's python3-seccomp, then PyPI's pyseccomp
        try:
            return __import__(name)
        except (ImportError, RuntimeError, OSError) as error:  # pyseccomp raises RuntimeError without the library
            failures.append(f"{name}: {error}")
    return "no libseccomp binding here (pip install pyseccomp; it needs the system's libseccomp2): " + \
        "; ".join(failures)


def unavailable() -> str:
    """Why the filter cannot be built here ("" when it can)."""
    try:
        bpf()
    except FilterUnavailable as error:
        return str(error)
    return ""


class FilterUnavailable(RuntimeError):
    """The filter cannot be built on this system: the message says why."""


def build(one_process: bool = False):
    """A fresh ``SyscallFilter`` with every rule of this module; ``one_process``: new processes refused too
    (fork, vfork, and clone without CLONE_THREAD), threads still allowed (see ``walls.one_process``)."""
    seccomp = _binding()
    if isinstance(seccomp, str):
        raise FilterUnavailable(seccomp)
    try:
        rules = seccomp.SyscallFilter(seccomp.ALLOW)
        rules.set_attr(seccomp.Attr.ACT_BADARCH, seccomp.KILL_PROCESS)
        for denial in DENIED:
            for call in denial.calls:
                _deny(seccomp, rules, seccomp.ERRNO(EPERM), call)
        for command in LOCKING_FCNTL:
            for call in ("fcntl", "fcntl64"):
                _deny(seccomp, rules, seccomp.ERRNO(EPERM), call,
                      seccomp.Arg(1, seccomp.MASKED_EQ, LOW_32_BITS, command))
        flags = _clone_flags_argument()
        for flag in NEW_NAMESPACES:
            _deny(seccomp, rules, seccomp.ERRNO(EPERM), "clone", seccomp.Arg(flags, seccomp.MASKED_EQ, flag, flag))
        for request in (TIOCSTI, TIOCLINUX):
            _deny(seccomp, rules, seccomp.ERRNO(EPERM), "ioctl",
                  seccomp.Arg(1, seccomp.MASKED_EQ, LOW_32_BITS, request))
        _deny(seccomp, rules, seccomp.ERRNO(ENOSYS), "clone3")
        _deny(seccomp, rules, seccomp.ERRNO(EPERM), "preadv2",
              seccomp.Arg(PREADV2_FLAGS, seccomp.MASKED_EQ, RWF_NOWAIT, RWF_NOWAIT))
        if one_process:
            for call in ("fork", "vfork"):
                _deny(seccomp, rules, seccomp.ERRNO(EPERM), call)
            _deny(seccomp, rules, seccomp.ERRNO(EPERM), "clone", seccomp.Arg(flags, seccomp.MASKED_EQ, CLONE_THREAD, 0))
    except (OSError, ValueError, AttributeError) as error:
        raise FilterUnavailable(f"libseccomp refused the filter: {error}") from None
    return rules


def _deny(seccomp, rules, action: int, call: str, *arguments) -> None:
    """Add one rule; a call this system's libseccomp does not know is left out (the kernel lacks it too)."""
    try:
        number = seccomp.resolve_syscall(seccomp.Arch.NATIVE, call)
    except ValueError:
        return
    if number == -1:  # __NR_SCMP_ERROR: unknown to this libseccomp
        return
    rules.add_rule(action, call, *arguments)


@functools.lru_cache(maxsize=None)
def bpf(one_process: bool = False) -> bytes:
    """The filter as the kernel's BPF program, as ``bwrap --seccomp`` reads it."""
    rules = build(one_process)
    with tempfile.TemporaryFile() as program:
        try:
            rules.export_bpf(program)
        except OSError as error:
            raise FilterUnavailable(f"libseccomp could not export the filter: {error}") from None
        program.seek(0)
        return program.read()


def apply(one_process: bool = False) -> None:
    """Load the filter into this process for good (an unsealed worker, before the bot loads).

    no_new_privs is set with it, so no setuid program can shed it.
    """
    rules = build(one_process)
    seccomp = _binding()
    try:
        rules.set_attr(seccomp.Attr.CTL_TSYNC, 1)  # every thread of the process, not only this one
    except OSError:
        pass  # a kernel without TSYNC: the worker has no other thread at this point anyway
    try:
        rules.load()
    except OSError as error:
        raise FilterUnavailable(f"the kernel refused the seccomp filter: {error}") from None

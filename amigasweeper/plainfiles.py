"""Reading a file someone else named (a guide, a link's target, a script)
without trusting it.

Only a plain (regular) file is read: never a folder, a named pipe (opening
one waits for a writer), a device (``/dev/zero`` never ends), a socket, or
a file of the kernel's own file systems (``/proc/kmsg`` waits forever,
``/proc/self/environ`` holds secrets and says it is empty). The kind is
checked before the file is opened, and again on what was opened, which is
opened so that it cannot block. At most ``limit`` bytes are read, and never
more than the file said it held when it was opened.

:func:`shown` writes a path readably whatever bytes its name is made of, and
:func:`printable` any text taken from such a file.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

# File systems whose files describe the running system instead of holding a
# document: their "regular" files report a size of 0 and may block or leak.
_SYSTEM_TREES = ("proc", "sys")  # folders at the root of Linux systems
_NEVER_WAIT = (
    getattr(os, "O_NONBLOCK", 0)  # a pipe swapped in after the check still never blocks
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_OPEN_FLAGS = os.O_RDONLY | _NEVER_WAIT
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


class NotPlainFile(OSError):
    """A file that is not read, and why: ``str(error)`` is a sentence that
    begins with the path as :func:`shown` writes it; ``why`` is the rest of
    it ("is a named pipe, not a plain file"), for a message that names the
    file its own way."""

    def __init__(self, sentence: str, why: str = "") -> None:
        super().__init__(sentence)
        self.why = why or sentence


def shown(path: str | os.PathLike[str]) -> str:
    """A path as a person can read it, whatever its encoding: bytes that are
    not UTF-8 and control characters appear as ``\\xNN`` escapes, so a name
    never crashes a print or a window title and never moves the cursor."""
    raw = os.fsencode(path)
    return printable(raw.decode("utf-8", errors="backslashreplace"))


def printable(text: str) -> str:
    """Text taken from a file someone else made (a chunk's name, a node's
    name, a label) as it is shown or printed: every character that does not
    print - control characters, C1 controls such as the terminal's CSI
    (U+009B), line and paragraph separators - as a ``\\xNN`` or
    ``\\uNNNN`` escape, so it can neither move a terminal's cursor nor
    draw what it is not."""
    if text.isprintable():
        return text  # the usual case, at C speed
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def megabytes(size: int) -> str:
    """A byte count for a message: ``64 MB``."""
    return f"{size / (1 << 20):g} MB"


def kind_problem(info: os.stat_result) -> str | None:
    """What a file is when it is not a plain file (words that follow "is"), else None."""
    mode = info.st_mode
    if stat.S_ISREG(mode):
        return _system_file() if _on_system_tree(info) else None
    for test, what in _KINDS:
        if test(mode):
            return f"{what}, not a plain file"
    return "not a plain file"


def _system_file() -> str:
    """What a file of the kernel's own trees is, for a message."""
    return "a file of the system (/proc, /sys), not a document"


def _on_system_tree(info: os.stat_result) -> bool:
    return info.st_dev in _system_devices()


_DEVICES: frozenset[int] | None = None


def _system_devices() -> frozenset[int]:
    """The devices /proc and /sys are mounted from (none on systems without
    them, nor where they are plain folders of the root's own device)."""
    global _DEVICES
    if _DEVICES is None:
        found = set()
        try:
            root = os.stat(os.sep).st_dev
            for tree in _SYSTEM_TREES:
                with contextlib.suppress(OSError):
                    found.add(os.stat(os.path.join(os.sep, tree)).st_dev)
        except OSError:
            root = None
        _DEVICES = frozenset(found - {root})
    return _DEVICES


def problem(path: str | os.PathLike[str], limit: int | None = None) -> str | None:
    """Why ``path`` would not be read (a sentence starting with the path), or None.
    Looks only at the file's details: nothing is opened."""
    why = why_not(path, limit)
    return f"{shown(path)} {why}" if why else None


def why_not(path: str | os.PathLike[str], limit: int | None = None) -> str | None:
    """:func:`problem` without the path: "is a named pipe, not a plain file",
    "does not exist", ... (for a message that names the file its own way)."""
    try:
        info = os.stat(path)
    except OSError as error:
        return _cannot(error)
    return _judge(path, info, limit)


def _cannot(error: OSError) -> str:
    if isinstance(error, FileNotFoundError):
        return "does not exist"
    return f"cannot be read ({error.strerror or error})"


def _judge(path: str | os.PathLike[str], info: os.stat_result, limit: int | None) -> str | None:
    kind = kind_problem(info)
    if kind is None and os.name == "posix" and real(path).parts[1:2] in [(tree,) for tree in _SYSTEM_TREES]:
        kind = _system_file()  # below /proc or /sys by name, whatever is mounted there
    if kind is not None:
        return f"is {kind}"
    if limit is not None and info.st_size > limit:
        return f"is larger than {megabytes(limit)}, the most that is read"
    return None


def read(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the plain file at ``path``, at most ``limit`` of them;
    :class:`NotPlainFile` (an OSError) saying why when it is not read."""
    why = problem(path, limit)
    if why:
        raise NotPlainFile(why)
    try:
        handle = os.open(path, _OPEN_FLAGS)
    except OSError as error:
        raise NotPlainFile(f"{shown(path)} {_cannot(error)}") from None
    try:
        info = os.fstat(handle)
        why = _judge(path, info, limit)  # what was opened, in case it changed since
        if why:
            raise NotPlainFile(f"{shown(path)} {why}")
        return _read_up_to(handle, min(info.st_size, limit))
    except NotPlainFile:
        raise
    except OSError as error:
        raise NotPlainFile(f"{shown(path)} {_cannot(error)}") from None
    finally:
        os.close(handle)


def open_plain(path: str | os.PathLike[str], flags: int = os.O_RDONLY, mode: int = 0o644) -> int:
    """A descriptor of the plain file at ``path`` opened with ``flags`` (the
    program's own files: the data folder's records, its lock, a log), or
    :class:`NotPlainFile` saying what stands there instead. The open never
    waits: a named pipe where the file should be would hold it forever."""
    handle = os.open(path, flags | _NEVER_WAIT, mode)
    try:
        kind = kind_problem(os.fstat(handle))
        if kind is not None:
            raise NotPlainFile(f"{shown(path)} is {kind}", f"is {kind}")
    except BaseException:
        os.close(handle)
        raise
    return handle


def _read_up_to(handle: int, size: int) -> bytes:
    """``size`` bytes at most: the file as it was when it was opened."""
    chunks = []
    left = size
    while left > 0:
        chunk = os.read(handle, left)[:left]  # usually all of it at once: no copy to join
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def real(path: str | os.PathLike[str]) -> Path:
    """The path with every link and ``..`` followed (nothing is opened)."""
    return Path(os.path.realpath(path))

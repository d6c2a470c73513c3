"""Reading any replay file: EVF (ours or another program's) or our own format."""

from __future__ import annotations

import os
from pathlib import Path

from .. import plainfiles
from ..engine.topology import Shape
from . import evf, native
from .errors import ReplayError
from .recording import Recording

EVF_SUFFIX = ".evf"
REPLAY_SUFFIXES = (EVF_SUFFIX, native.SUFFIX)
MAX_REPLAY_BYTES = 16 * 1024 * 1024


def replay_suffix(recording: Recording) -> str:
    """EVF for square boards that fit it, our own format for the rest."""
    return EVF_SUFFIX if evf.fits(recording.setup, recording.cell_px) else native.SUFFIX


def replay_bytes(recording: Recording) -> bytes:
    """The recording as the file :func:`replay_suffix` names."""
    if replay_suffix(recording) == EVF_SUFFIX:
        return evf.to_evf(recording)
    return native.to_bytes(recording)


def parse_replay(data: bytes) -> Recording:
    """A recording from a file's bytes, whichever format they are in."""
    if data[:2] == b"\x1f\x8b" or data.startswith(native.MAGIC.encode()):
        return native.from_bytes(data)
    if data[:1] in (b"\x00", b"\x01", b"\x02", b"\x03", b"\x04"):
        return evf.from_evf(data)  # versions 3 and 4 are read; the reader names any other
    raise ReplayError("this is neither an EVF file nor an AmigaSweeper replay")


def load_replay(path: str | os.PathLike[str]) -> Recording:
    """Read a replay file; every failure is a ReplayError with a sentence.

    The file is read by the rules every file named from outside follows
    (amigasweeper/plainfiles.py): a plain file only - never a folder, a
    named pipe, a device or a file of /proc or /sys such as /proc/kmsg,
    whose reading waits forever and drains the kernel's log - and at most
    MAX_REPLAY_BYTES of it (no replay is that big)."""
    path = Path(path)
    try:
        data = plainfiles.read(path, MAX_REPLAY_BYTES)
    except plainfiles.NotPlainFile as error:
        raise ReplayError(_not_read(path, str(error))) from None
    try:
        return parse_replay(data)
    except ReplayError as error:  # its words may quote the file: escaped where they do not print
        raise ReplayError(plainfiles.printable(str(error))) from None
    except (ValueError, IndexError, KeyError) as error:  # a board no game can have, say
        raise ReplayError(f"{plainfiles.shown(path.name)} cannot be played: {plainfiles.printable(str(error))}") from None


def _not_read(path: Path, why: str) -> str:
    """plainfiles' sentence, which starts with the whole path, told with the
    file's name alone, as the other replay messages name it."""
    whole = plainfiles.shown(path)
    return plainfiles.shown(path.name) + why[len(whole):] if why.startswith(whole) else why


__all__ = ["EVF_SUFFIX", "REPLAY_SUFFIXES", "ReplayError", "Shape", "load_replay", "parse_replay", "replay_bytes", "replay_suffix"]

"""Reading any replay file: EVF (ours or another program's), our own format,
and AVF, RMV and MVF through ms-toollib (foreign.py).

A file is read as plainfiles reads what someone else named: a plain file
only, of at most MAX_REPLAY_BYTES. EVF and our own format are told apart by
their bytes; AVF, RMV and MVF by their names' suffixes (their first bytes
say nothing reliable), and they are read by a child process: ask with
:func:`open_replay`, which gives a Recording at once or a PendingRead.
"""

from __future__ import annotations

import os
from pathlib import Path

from .. import plainfiles
from ..engine.topology import Shape
from . import evf, native
from .errors import ReplayError
from .foreign import FOREIGN_SUFFIXES, PendingRead, kind_of, read_foreign
from .recording import Recording

EVF_SUFFIX = ".evf"
OWN_SUFFIXES = (EVF_SUFFIX, native.SUFFIX)  # the files we write (the replays folder holds only these)
REPLAY_SUFFIXES = (*OWN_SUFFIXES, *FOREIGN_SUFFIXES)  # what the Replay window opens
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
    """A recording from the bytes of an EVF file or one of ours."""
    if data[:2] == b"\x1f\x8b" or data.startswith(native.MAGIC.encode()):
        return native.from_bytes(data)
    if data[:1] and data[0] <= evf.VERSION:
        return evf.from_evf(data)  # versions 0 to 4 are read; the reader names any other
    raise ReplayError("this is neither an EVF file nor an AmigaSweeper replay")


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A replay file's bytes, read as plainfiles reads a file someone named."""
    try:
        return plainfiles.read(path, MAX_REPLAY_BYTES)
    except plainfiles.NotPlainFile as error:
        raise ReplayError(str(error)) from None


def open_replay(path: str | os.PathLike[str]) -> Recording | PendingRead:
    """A replay file as a recording, or as a read under way for the formats
    ms-toollib reads (poll it). Every failure is a ReplayError with a sentence."""
    path = Path(path)
    data = read_bytes(path)
    kind = kind_of(path.name)
    if kind is not None:
        return PendingRead(data, kind, path.name)
    return _parsed(data, path.name)


def load_replay(path: str | os.PathLike[str]) -> Recording:
    """Read a replay file, waiting for ms-toollib if it reads it (tests,
    tools: never in the frame loop)."""
    path = Path(path)
    kind = kind_of(path.name)
    if kind is not None:
        return read_foreign(read_bytes(path), kind)
    return _parsed(read_bytes(path), path.name)


def _parsed(data: bytes, name: str) -> Recording:
    try:
        return parse_replay(data)
    except ReplayError:
        raise
    except (ValueError, IndexError, KeyError) as error:  # a board no game can have, say
        raise ReplayError(f"{plainfiles.shown(name)} cannot be played: {error}") from None


__all__ = [
    "EVF_SUFFIX", "OWN_SUFFIXES", "REPLAY_SUFFIXES", "ReplayError", "Shape", "load_replay", "open_replay", "parse_replay",
    "replay_bytes", "replay_suffix",
]

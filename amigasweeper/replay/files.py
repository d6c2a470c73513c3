"""Reading any replay file: EVF (ours or another program's), our own format,
and AVF, RMV and MVF through ms-toollib (foreign.py).

A file is read as plainfiles reads what someone else named: a plain file
only, of at most MAX_REPLAY_BYTES. EVF and our own format are told apart by
their bytes; AVF, RMV and MVF by their names' suffixes (their first bytes
say nothing reliable), and they are read by a child process.
:func:`load_replay` reads a file at once (tests, tools, the replays
folder's newest game); :func:`open_replay` gives a :class:`ReplayLoad`,
which the Replay window asks each frame: it reads the file, plays its
events and makes its timeline a slice at a time, so that a 20-minute game
never holds the frame loop.
"""

from __future__ import annotations

import os
from pathlib import Path

from .. import plainfiles
from ..slices import Sliced, Steps, finish
from . import evf, native
from .errors import ReplayError
from .foreign import FOREIGN_SUFFIXES, PendingRead, file_steps, kind_of, read_foreign
from .recording import Recording
from .timeline import Timeline

EVF_SUFFIX = ".evf"
OWN_SUFFIXES = (EVF_SUFFIX, native.SUFFIX)  # the files we write (the replays folder holds only these)
REPLAY_SUFFIXES = (*OWN_SUFFIXES, *FOREIGN_SUFFIXES)  # what the Replay window opens
MAX_REPLAY_BYTES = 16 * 1024 * 1024
SMALL_REPLAY_BYTES = 16 * 1024  # an Expert game's EVF file is about 14 KB: read at once, in a few ms


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
    return finish(parse_steps(data))


def parse_steps(data: bytes) -> Steps[Recording]:
    """:func:`parse_replay` a slice at a time (see slices.py)."""
    if data[:2] == b"\x1f\x8b" or data.startswith(native.MAGIC.encode()):
        return native.from_bytes(data)  # our hexagons and triangles: a game's worth, read at once
    if data[:1] and data[0] <= evf.VERSION:
        return (yield from evf.from_evf_steps(data))  # versions 0 to 4; the reader names any other
    raise ReplayError("this is neither an EVF file nor an AmigaSweeper replay")


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A replay file's bytes, read as plainfiles reads a file someone named."""
    try:
        return plainfiles.read(path, MAX_REPLAY_BYTES)
    except plainfiles.NotPlainFile as error:
        raise ReplayError(_not_read(Path(path), str(error))) from None


class ReplayLoad:
    """A replay file being read, played and given its timeline; ``poll``
    once a frame. Every failure is a ReplayError with a sentence."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        path = Path(path)
        data = read_bytes(path)
        kind = kind_of(path.name)
        self.reading = PendingRead(data, kind) if kind is not None else None
        self.work = Sliced(_own_steps(data)) if kind is None else None
        self.small = kind is None and len(data) <= SMALL_REPLAY_BYTES  # ours, or EVF: worth no frames

    def poll(self, budget_s: float) -> tuple[Recording, Timeline] | None:
        """The recording and its timeline once done; None while under way."""
        if self.reading is not None:
            written = self.reading.poll()
            if written is None:
                return None
            self.work = Sliced(_foreign_steps(written, self.reading.kind))
            self.reading = None
        work = self.work
        assert work is not None, "our own file's work is made at the start, a foreign one's once it is read"
        try:
            done = work.advance(budget_s)
        except ReplayError:
            raise
        except (ValueError, IndexError, KeyError) as error:  # a board no game can have, say
            raise ReplayError(str(error)) from None
        return work.value if done else None

    def cancel(self) -> None:
        if self.reading is not None:
            self.reading.cancel()


def _own_steps(data: bytes) -> Steps[tuple[Recording, Timeline]]:
    recording = yield from parse_steps(data)
    return recording, (yield from Timeline.building(recording))


def _foreign_steps(written: dict, kind: str) -> Steps[tuple[Recording, Timeline]]:
    read = yield from file_steps(written, kind)
    recording = yield from evf.recording_steps(*read)
    return recording, (yield from Timeline.building(recording))


def open_replay(path: str | os.PathLike[str]) -> ReplayLoad:
    """A replay file to read a slice at a time (poll it)."""
    return ReplayLoad(path)


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
    except ReplayError as error:  # its words may quote the file: escaped where they do not print
        raise ReplayError(plainfiles.printable(str(error))) from None
    except (ValueError, IndexError, KeyError) as error:  # a board no game can have, say
        raise ReplayError(f"{plainfiles.shown(name)} cannot be played: {plainfiles.printable(str(error))}") from None


def _not_read(path: Path, why: str) -> str:
    """plainfiles' sentence, which starts with the whole path, told with the
    file's name alone, as the other replay messages name it."""
    whole = plainfiles.shown(path)
    return plainfiles.shown(path.name) + why[len(whole):] if why.startswith(whole) else why


__all__ = [
    "EVF_SUFFIX", "OWN_SUFFIXES", "REPLAY_SUFFIXES", "ReplayLoad", "load_replay", "open_replay", "parse_replay",
    "replay_bytes", "replay_suffix"
]

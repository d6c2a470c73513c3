"""The replays/ folder: one file a recorded game, at most REPLAY_CAP of them.

Each file is named by replay_names.replay_file_name (when the game began,
its level, time and result); a record finds its file with :meth:`path_of`,
under that name or the one replays had before (the date alone). Saving
past the cap removes the oldest replays, except the ones the player chose
to keep and the ones that set a record (their names are passed in: the
statistics know which games those are; a name in either form spares the
game's file). Records themselves are never removed; a record whose replay
has gone says so (its ``replay`` is null).
Files are written atomically (a temporary file renamed into place). With no
data folder (a headless run) the replays are kept in memory, under the same cap.

The folder's listing is kept between saves while the folder's modification
time says nothing else changed it, so keeping a game does not list a full
folder of a thousand replays each time (see docs/BENCHMARKS.md). A change
another copy makes in the same instant as ours can be missed until the
folder changes again: at worst a replay is pruned one save late.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from pathlib import Path

from ..atomicfile import write_atomically
from ..replay.errors import ReplayError
from ..replay.files import OWN_SUFFIXES, load_replay, parse_replay, replay_bytes
from .replay_names import date_of_name, replay_names_of

REPLAY_FOLDER = "replays"
REPLAY_CAP = 1000
LEFTOVER_AGE = 10.0  # seconds: a replay is written in milliseconds, so an older temporary file is a crash's


class ReplayFolder:
    def __init__(self, data_folder: str | os.PathLike[str] | None, cap: int = REPLAY_CAP) -> None:
        self.folder = Path(data_folder) / REPLAY_FOLDER if data_folder is not None else None
        self.cap = cap
        self.in_memory: dict[str, bytes] = {}
        self._listed: tuple[int, list[str]] | None = None  # (the folder's mtime, its names) at the last look

    def names(self) -> list[str]:
        """The replays, oldest first."""
        if self.folder is None:
            return sorted(self.in_memory, key=_age)
        try:
            stamp = os.stat(self.folder).st_mtime_ns
            if self._listed is not None and self._listed[0] == stamp:
                return list(self._listed[1])
            names = sorted(
                (e.name for e in os.scandir(self.folder) if e.name.endswith(OWN_SUFFIXES) and e.is_file()),
                key=_age,
            )
        except OSError:
            return []
        self._listed = (stamp, names)
        return list(names)

    def _relist(self, folder: Path, names: list[str]) -> None:
        """After our own change: ``names`` are the ones in ``folder`` (ours) now."""
        try:
            self._listed = (os.stat(folder).st_mtime_ns, sorted(names, key=_age))
        except OSError:
            self._listed = None

    def remove_leftovers(self, older_than: float = LEFTOVER_AGE) -> int:
        """Remove the temporary files (``.NAME.xxxx.tmp``) of replays whose
        writing a crash cut short; one younger than ``older_than`` seconds
        may be another copy's write under way, and stays. How many went."""
        if self.folder is None:
            return 0
        removed, now = 0, time.time()
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return 0
        for entry in entries:
            if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
                continue
            try:
                if entry.is_file(follow_symlinks=False) and now - entry.stat(follow_symlinks=False).st_mtime >= older_than:
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                pass  # gone already, or not ours to remove: left as it is
        return removed

    def count(self) -> int:
        return len(self.names())

    def name_of(self, record) -> str | None:
        """The name a record's replay is kept under, in either form; None
        when it has none or it has gone."""
        names = replay_names_of(record)
        if self.folder is None:
            return next((name for name in names if name in self.in_memory), None)
        return next((name for name in names if (self.folder / name).is_file()), None)

    def path_of(self, record) -> Path | None:
        """A record's replay file; None when it has none or it has gone (or
        the replays live in memory)."""
        folder = self.folder
        if folder is None:
            return None
        name = self.name_of(record)
        return folder / name if name else None

    def load(self, record):
        """The Recording of a record's replay; ReplayError when it cannot be played."""
        name = self.name_of(record)
        if name is None:
            raise ReplayError("that replay is gone")
        if self.folder is not None:
            return load_replay(self.folder / name)
        return parse_replay(self.in_memory[name])

    def save(self, recording, name: str, spared: Iterable[str] = ()) -> str:
        """Write the replay as ``name`` (replay_names.replay_file_name's); returns it."""
        if self.folder is None:
            self.in_memory[name] = replay_bytes(recording)
            self.prune(set(spared) | {name})
            return name
        self.folder.mkdir(parents=True, exist_ok=True)
        before = self.names()
        write_atomically(self.folder / name, replay_bytes(recording))
        self._relist(self.folder, [*before, name] if name not in before else before)
        self.prune(set(spared) | {name})
        return name

    def prune(self, spared: set[str]) -> list[str]:
        """Remove the oldest replays beyond the cap, never a spared one (a
        game's file is spared when it is named in either form)."""
        names = self.names()
        spared_games = {date_of_name(n) for n in spared} - {0}
        removable = [n for n in names if n not in spared and date_of_name(n) not in spared_games]
        removed: list[str] = []
        while len(names) - len(removed) > self.cap and removable:
            victim = removable.pop(0)
            if self.folder is None:
                del self.in_memory[victim]
                removed.append(victim)
                continue
            try:
                os.unlink(self.folder / victim)
            except FileNotFoundError:
                pass  # another copy took it: gone all the same
            except OSError:
                continue
            removed.append(victim)
        if removed and self.folder is not None:
            self._relist(self.folder, [n for n in names if n not in removed])
        return removed


def _age(name: str) -> tuple[int, str]:
    return (date_of_name(name), name)

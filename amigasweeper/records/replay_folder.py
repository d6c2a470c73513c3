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
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from ..atomicfile import write_atomically
from ..replay.files import OWN_SUFFIXES, replay_bytes
from .replay_names import date_of_name, replay_names_of

REPLAY_FOLDER = "replays"
REPLAY_CAP = 1000


class ReplayFolder:
    def __init__(self, data_folder: str | os.PathLike[str] | None, cap: int = REPLAY_CAP) -> None:
        self.folder = Path(data_folder) / REPLAY_FOLDER if data_folder is not None else None
        self.cap = cap
        self.in_memory: dict[str, bytes] = {}

    def names(self) -> list[str]:
        if self.folder is None:
            return sorted(self.in_memory, key=_age)
        try:
            return sorted(
                (e.name for e in os.scandir(self.folder) if e.name.endswith(OWN_SUFFIXES) and e.is_file()),
                key=_age,
            )
        except OSError:
            return []

    def count(self) -> int:
        return len(self.names())

    def path_of(self, record) -> Path | None:
        """A record's replay file, under its name of either form; None when
        it has none or it has gone (or the replays live in memory)."""
        if self.folder is None:
            return None
        for name in replay_names_of(record):
            if (self.folder / name).is_file():
                return self.folder / name
        return None

    def save(self, recording, name: str, spared: Iterable[str] = ()) -> str:
        """Write the replay as ``name`` (replay_names.replay_file_name's); returns it."""
        if self.folder is None:
            self.in_memory[name] = replay_bytes(recording)
            self.prune(set(spared) | {name})
            return name
        self.folder.mkdir(parents=True, exist_ok=True)
        write_atomically(self.folder / name, replay_bytes(recording))
        self.prune(set(spared) | {name})
        return name

    def prune(self, spared: set[str]) -> list[str]:
        """Remove the oldest replays beyond the cap, never a spared one (a
        game's file is spared when it is named in either form)."""
        names = self.names()
        spared_games = {date_of_name(n) for n in spared} - {0}
        removable = [n for n in names if n not in spared and date_of_name(n) not in spared_games]
        removed = []
        while len(names) - len(removed) > self.cap and removable:
            victim = removable.pop(0)
            if self.folder is None:
                del self.in_memory[victim]
                removed.append(victim)
                continue
            try:
                os.unlink(self.folder / victim)
            except OSError:
                continue
            removed.append(victim)
        return removed


def _age(name: str) -> tuple[int, str]:
    return (date_of_name(name), name)

"""GameKeeper: where a finished game is kept, in the two steps the end of a
game takes (see amigasweeper/play/ending.py, which runs them in order):

1. ``add(record)``: the game's line appended to the games file, and folded
   into the index under the same lock (never a re-read of the games);
2. ``save_replay(recording, record)``: the replay file in the replays
   folder (desktop only), the oldest beyond the cap removed, never one that
   holds a best of its row nor one the player chose to keep.

``keep_replay(name)`` marks a replay as one the player keeps for good.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..replay.files import replay_suffix
from ..replay.recording import Recording
from ..storage.backend import Backend, reason
from ..storage.file_backend import FileBackend, remove_temporaries
from ..storage.locking import LOCK_TIMEOUT, FolderLock, LockTimeout
from ..storage.memory_backend import MemoryBackend
from .index import INDEX_FILE
from .kept_game import KeptGame
from .live import LiveIndex
from .record_store import RecordStore
from .replay_folder import REPLAY_CAP, ReplayFolder

KEPT_FILE = "amigasweeper-kept-replays.txt"


class GameKeeper:
    def __init__(
        self,
        folder: str | os.PathLike[str] | None = None,
        backend: Backend | None = None,
        replay_cap: int = REPLAY_CAP,
    ) -> None:
        self.folder = Path(folder) if folder is not None else None
        self.store = RecordStore(folder, backend)
        self.live = LiveIndex(self.store)
        # The browser keeps no replays folder (a replay is downloaded instead);
        # with neither a folder nor a back end, records and replays live in memory.
        self.replays = ReplayFolder(self.folder, replay_cap) if backend is None else None
        self.last: tuple[Recording, str] | None = None  # the newest game kept, and its replay's name
        # Games whose line could not be written (a full disk, a file size
        # limit): held here, oldest first, and written before the next game.
        self.unkept: list[KeptGame] = []

    @classmethod
    def for_backend(cls, backend: Backend) -> GameKeeper:
        """Where the settings are: files beside them on the desktop, memory for
        a run with no data folder (nothing of the player's is touched), else
        the browser's localStorage (records only: a replay there is downloaded)."""
        if isinstance(backend, FileBackend):
            keeper = cls(backend.folder)
            keeper.tidy()
            return keeper
        if isinstance(backend, MemoryBackend):
            return cls(None)
        return cls(backend=backend)

    def tidy(self) -> None:
        """At the game's start (never in --stats, which only reads): remove
        the temporary files a crash left, the index's under the data
        folder's lock (skipped when another copy holds it: its write may be
        under way), the replays' when they are older than any write takes."""
        if self.folder is None:
            return
        try:
            with FolderLock(self.folder, create=False, timeout=0):
                remove_temporaries(self.folder, {INDEX_FILE})
        except OSError:
            pass  # locked, or a folder we cannot write: left for the next start
        if self.replays is not None:
            self.replays.remove_leftovers()

    # ------------------------------------------------------------ a game's end
    def record_of(self, recording, level: str, by_marks: bool = False, practice: bool = False) -> KeptGame:
        """The line a finished game is kept as; it names the replay file that
        :meth:`save_replay` writes, when this keeper keeps replays."""
        suffix = replay_suffix(recording) if self.replays is not None else ""
        return KeptGame.from_recording(recording, level, suffix, by_marks, practice)

    def add(self, record: KeptGame, lock_timeout: float = LOCK_TIMEOUT) -> None:
        """Append the game and fold it into the index. Raises OSError when it
        cannot be kept, LockTimeout (an OSError) when another copy held the
        data folder's lock longer than ``lock_timeout``: nothing was written.
        The games held from before (:attr:`unkept`) go first; on any other
        failure ``record`` joins them, to be tried again with the next game
        (or :meth:`retry`), and the error is raised for the player to hear."""
        try:
            self.retry(lock_timeout)
            self.live.adopt(self.store.append(record, lock_timeout, self.live.index))
        except LockTimeout:
            raise
        except OSError:
            self.unkept.append(record)
            raise

    def retry(self, lock_timeout: float = LOCK_TIMEOUT) -> None:
        """Write the games held in memory, oldest first; OSError (and the
        rest still held) when one still cannot be."""
        while self.unkept:
            self.live.adopt(self.store.append(self.unkept[0], lock_timeout, self.live.index))
            self.unkept.pop(0)

    def save_replay(self, recording, record: KeptGame) -> str | None:
        """Write the game's replay; a sentence for the player when it could not be."""
        self.last = (recording, record.replay_name)
        if self.replays is None or not record.replay_name:
            return None
        try:
            self.replays.save(recording, record.replay_name, self.spared() | {record.replay_name})
        except OSError as error:
            return f"The replay could not be saved ({reason(error)})."
        return None

    def spared(self) -> set[str]:
        """Replays the cap never takes: the bests of every row, the ones kept.
        While the index is still being made, none is taken at all."""
        index = self.live.index
        if not self.live.ready or index is None:
            return set(self.replays.names()) if self.replays is not None else set()
        return index.spared_replays() | self.kept_names()

    def reset(self, date_ms: int, lock_timeout: float = LOCK_TIMEOUT) -> None:
        """Start the statistics afresh (the games stay in the file); OSError if
        it cannot be written (LockTimeout when another copy held the lock)."""
        self.live.adopt(self.store.reset(date_ms, self.live.index, lock_timeout))

    # ------------------------------------------------------------ kept replays
    def kept_names(self) -> set[str]:
        """Replays the player chose to keep (one name a line, appended)."""
        if self.folder is None:
            return set()
        try:
            text = (self.folder / KEPT_FILE).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return set()
        return {line.strip() for line in text.splitlines() if line.strip()}

    def keep_replay(self, name: str) -> str | None:
        if self.folder is None or not name or "/" in name or "\\" in name:
            return "That replay cannot be kept here."
        try:
            with open(self.folder / KEPT_FILE, "a", encoding="utf-8") as file:
                file.write(name + "\n")
        except OSError as error:
            return f"The replay could not be marked as kept ({reason(error)})."
        return None

"""GameKeeper: what the MineSweeper window calls when a recorded game ends.

``keeper.keep(recording, level)`` saves the replay (desktop only) and appends
the game's record; it never raises: a failure comes back as a sentence for the
player, and the record is still appended when only the replay failed.
``keeper.keep_replay(record)`` marks a game's replay as one the player chose to
keep (the cap never removes it).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..replay.files import replay_suffix
from ..storage.backend import Backend, reason
from ..storage.locking import LOCK_TIMEOUT, LockTimeout
from .game_record import GameRecord
from .replay_folder import REPLAY_CAP, ReplayFolder
from .replay_names import replay_file_name
from .store import RecordStore
from .summary import record_setting

KEPT_FILE = "amigasweeper-kept-replays.txt"


@dataclass
class Kept:
    record: GameRecord
    problem: str | None = None  # a sentence for the player when something was not saved
    waiting: bool = False  # another copy held the lock: the record is not added yet; keep it again later


class GameKeeper:
    def __init__(
        self,
        folder: str | os.PathLike[str] | None = None,
        backend: Backend | None = None,
        replay_cap: int = REPLAY_CAP,
    ) -> None:
        self.folder = Path(folder) if folder is not None else None
        self.store = RecordStore(folder, backend)
        # The browser keeps no replays folder (a replay is downloaded instead);
        # with neither a folder nor a back end, records and replays live in memory.
        self.replays = ReplayFolder(self.folder, replay_cap) if backend is None else None

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

    def keep(self, recording, level: str, lock_timeout: float = LOCK_TIMEOUT) -> Kept:
        """Save the replay and append the record. Called again for the same
        recording after ``waiting``, it writes the same replay file again."""
        record = GameRecord.from_recording(recording, level)
        problem = None
        if self.replays is not None:
            try:
                earlier = self.store.load().records
                named = record._replace(replay_suffix=replay_suffix(recording))
                spared = record_setting([*earlier, named]) | self.kept_names()
                self.replays.save(recording, replay_file_name(named), spared)
                record = named
            except OSError as error:
                problem = f"The replay could not be saved ({reason(error)})."
        try:
            self.store.append(record, lock_timeout)
        except LockTimeout:
            return Kept(record, problem, waiting=True)
        except OSError as error:
            problem = f"The game could not be added to the statistics ({reason(error)})."
        return Kept(record, problem)

"""Saved data as the frame loop sees it: it never waits for the lock.

Another copy of the program may hold the data folder's lock for a moment -
or for ever, if it was stopped (SIGSTOP, a debugger) while saving. A frame
must not wait for it: saves that find the lock taken wait in memory and are
tried again every few frames (Storage.retry_waiting); the player is told
when they stay unsaved, and the program makes a last, bounded try when it
ends, so nothing is lost while the game goes on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pyxel

from amigasweeper.storage import Storage, default_folder

REFRESH_FRAMES = 60  # look for best times another copy saved once a second (at 60 frames a second)


def open_storage(data_dir: Path | None, headless: bool) -> Storage:
    """--data-dir, else AMIGASWEEPER_DATA_DIR (the folder --stats reads too),
    else Pyxel's user data folder; a headless run given neither keeps nothing."""
    if data_dir is not None:
        return Storage(data_dir)
    if headless and default_folder(None) is None:  # no AMIGASWEEPER_DATA_DIR either
        return Storage(None)  # a headless run never touches the player's saved data unless told where
    return Storage.for_platform(pyxel.user_data_dir)


class FrameSaving:
    def __init__(self, storage: Storage, clock: Callable[[], float], tell: Callable[[str], None]) -> None:
        self.storage = storage
        self.tell = tell
        storage.lock_wait = 0  # never wait in a frame
        storage.clock = clock

    def tick(self, frame: int) -> None:
        """Each frame: retry saves that found the lock taken; now and then take
        in what another copy saved."""
        message = self.storage.retry_waiting()
        if message:
            self.tell(message)
        if frame % REFRESH_FRAMES == 0:
            self.storage.refresh()

    def finish(self, timeout: float) -> bool:
        """The program ends: wait up to ``timeout`` seconds for the lock to save
        what still waits for it. False (and a line on stderr) if it could not."""
        message = self.storage.flush(timeout)
        if message:
            print(f"amigasweeper: {message}", file=sys.stderr)
        return message is None

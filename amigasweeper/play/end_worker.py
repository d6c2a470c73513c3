"""A thread for the end of a game's writes on the desktop.

Appending a game's line, writing the index and the replay each end in an
fsync: on a busy or slow disk that is tens of milliseconds, frames the
player would see stutter. So on the desktop the queue (see ending.py) hands
those steps to a thread of their own, one at a time, and takes the answer
in a later frame. The browser has no threads: there the steps run in the
frame, a few milliseconds' worth each (ending.InFrame).

Only the step runs in the thread; what it reads and writes (the games file,
the index, the replays folder) nothing else writes meanwhile: the queue
starts no other step until this one is back. The index the Statistics
window reads is replaced whole, never changed in place (see
records/live.py), so the window may read it at any moment.
"""

from __future__ import annotations

import threading
from collections.abc import Callable


class EndWorker:
    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._outcome: object = None  # a step's StepResult, once its thread has finished

    @property
    def busy(self) -> bool:
        return self._thread is not None

    def start(self, work: Callable[[], object]) -> None:
        """Run ``work`` in a thread; its answer comes from :meth:`result`. None now."""
        def run() -> None:
            try:
                self._outcome = work()
            except Exception as error:  # noqa: BLE001 - a step's failure is said, never lost in the thread
                from .ending import Step

                self._outcome = (Step.DONE, f"The game could not be written ({type(error).__name__}: {error}).")

        self._outcome = None
        self._thread = threading.Thread(target=run, name="amigasweeper-end-of-game", daemon=True)
        self._thread.start()
        return None

    def result(self):
        """The step's outcome once it has finished (then the worker is free), else None."""
        if self._thread is None or self._thread.is_alive():
            return None
        self._thread = None
        return self._outcome

    def wait(self, timeout: float):
        """Leaving: the step's outcome, waiting up to ``timeout`` seconds; None if it is still at work."""
        if self._thread is None:
            return None
        self._thread.join(timeout)
        return self.result()

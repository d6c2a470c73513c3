"""The store: one player's settings and best times, in memory and in a back end.

Nothing here loses data or stops the game:

* a damaged or unreadable document is set aside (renamed, never overwritten
  or deleted), every valid part of it is kept, defaults fill the rest, and
  the player is told once;
* a document written by a newer version is read as far as we can and never
  overwritten;
* a save merges with what another copy saved (see :mod:`.merge`), under the
  folder's lock on the desktop;
* a place that cannot be written leaves everything in memory: the save
  methods return a message (once) instead of raising;
* with ``lock_wait = 0`` (the game's frame loop) a save never waits for
  another copy's lock: it waits in memory and :meth:`Storage.retry_waiting`,
  called every frame, tries again now and then; the player is told when it
  stays unsaved for a few seconds, and :meth:`Storage.flush` makes a last
  try when the program ends.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .backend import Backend, reason
from .browser_backend import LocalStorageBackend
from .documents import encode
from .file_backend import FileBackend
from .folders import default_folder
from .kinds import (
    BEST_TIMES,
    BEST_TIMES_FILE,
    IN_MEMORY,
    KINDS,
    NAMES,
    SETTINGS,
    SETTINGS_FILE,
    DocumentKind,
    Found,
    locked_out,
    not_saved,
    read_document,
)
from .locking import LockTimeout, LockWait
from .memory_backend import MemoryBackend
from .merge import (
    CountDuel,
    Event,
    ForgetCustom,
    MoveEarlier,
    RecordKindTime,
    RecordTime,
    ResetTimes,
    SortedEarlier,
    merge_best_times,
    merge_settings,
    replay,
)
from .settings_and_times import BestTimes, Settings
from .validation import check_custom, clean_name

# The names version 0.1 used in its own folder (Pyxel's user data folder).
LEGACY_NAMES = {SETTINGS_FILE: "settings.json", BEST_TIMES_FILE: "besttimes.json"}


@dataclass
class LoadedData:
    """What :meth:`Storage.load` found: the data, and sentences for the player
    (empty when all was well) to be shown once in a requester.
    ``folder_problem`` is the sentence about a data folder that cannot be
    used, if there is one (it is among ``problems`` too)."""

    settings: Settings
    best_times: BestTimes
    problems: list[str]
    folder_problem: str | None = None


class Storage:
    """Settings and best times of one player, in memory and in a backend.

    ``Storage(folder)`` keeps files in ``folder`` on the desktop. With
    ``folder=None`` it uses localStorage in the browser and memory elsewhere.
    A ``backend`` given explicitly wins (tests pass fakes).

    Call :meth:`load` once at start and show its problems. Afterwards the
    ``settings`` and ``best_times`` attributes are the truth for this copy;
    the helper methods change them and save, returning a message for the
    player when saving failed (else None). Nothing here raises on I/O
    failure. Call :meth:`refresh` now and then to take in best times another
    copy saved.
    """

    def __init__(
        self,
        folder: str | os.PathLike[str] | None = None,
        backend: Backend | None = None,
    ) -> None:
        self.settings = Settings()
        self.best_times = BestTimes()
        self._startup_problems: list[str] = []
        self.backend: Backend = backend if backend is not None else self._choose(folder)
        self._blocked: set[str] = set()  # never written: unreadable and kept, or newer
        self._failing: set[str] = set()  # last save failed and was reported
        self._changed: set[str] = set()  # settings keys changed since the last save
        self._events: list[Event] = []  # best-time events since the last save
        self._legacy: dict[str, str] = {}  # new name -> old name to copy from once
        # None: a save waits for another copy's lock (the back end's timeout);
        # 0: it never waits and is tried again by retry_waiting.
        self.lock_wait: float | None = None
        self.clock: Callable[[], float] = time.monotonic
        self._waiting: set[str] = set()  # the documents whose save found the lock taken
        self._wait = LockWait()

    def _choose(self, folder: str | os.PathLike[str] | None) -> Backend:
        if sys.platform == "emscripten" and folder is None:
            try:
                return LocalStorageBackend()
            except OSError as error:
                text = reason(error)
                self._startup_problems.append(
                    f"{text[:1].upper()}{text[1:]}; settings and best times last only "
                    "until the page is closed."
                )
                return MemoryBackend()
        return MemoryBackend() if folder is None else FileBackend(folder)

    @classmethod
    def for_platform(
        cls, user_data_dir: str | os.PathLike[str] | Callable[[str, str], str] | None
    ) -> Storage:
        """The store the program uses: Pyxel's user data folder on the desktop
        (pass ``pyxel.user_data_dir``), localStorage in the browser."""
        folder = default_folder(user_data_dir)
        store = cls(folder)
        if isinstance(store.backend, FileBackend):
            # The folder is AmigaSweeper's own: its files of earlier versions are ours.
            store._legacy = dict(LEGACY_NAMES)
        if folder is None and sys.platform != "emscripten":
            store._startup_problems.append(
                "No folder for saved data could be found; settings and best "
                "times last only until the game is closed."
            )
        return store

    @property
    def in_memory_only(self) -> bool:
        """True if something is not being saved (the player has been told)."""
        return isinstance(self.backend, MemoryBackend) or bool(
            self._blocked or self._failing
        )

    # -- loading ----------------------------------------------------------

    def load(self) -> LoadedData:
        """Read both documents, repairing what is damaged. Never raises."""
        problems = list(self._startup_problems)
        self._startup_problems.clear()
        for reset in (self._blocked, self._failing, self._changed, self._events):
            reset.clear()
        unusable = self.backend.check()
        if unusable:
            # Never write where we could not read: that could replace good data.
            self._blocked.update(NAMES)
            sentence = f"The data folder {unusable}; {IN_MEMORY}."
            self.settings, self.best_times = Settings(), BestTimes()
            return LoadedData(self.settings, self.best_times, [*problems, sentence], sentence)
        folder_problem = None
        with contextlib.ExitStack() as held:
            try:
                held.enter_context(self._lock(create=False))
                self.backend.tidy(NAMES)
            except LockTimeout:
                pass  # another copy is saving (or stopped while saving): writes are atomic, so read anyway
            except OSError as error:  # a read-only folder: reading still works
                self._failing.update(NAMES)
                folder = getattr(self.backend, "folder", None)
                where = f"the data folder {folder}" if folder is not None else "the data folder"
                folder_problem = f"Saving in {where} failed ({reason(error)}); {IN_MEMORY}."
                problems.append(folder_problem)
            self.settings = self._load(SETTINGS, problems)
            self.best_times = self._load(BEST_TIMES, problems)
        return LoadedData(self.settings, self.best_times, problems, folder_problem)

    def _load(self, kind: DocumentKind, problems: list[str]) -> Any:
        found = read_document(self.backend, kind)
        if found.raw is None and found.trouble is None and kind.name in self._legacy:
            found = self._copy_legacy(kind, found)
        if self._settle(kind, found, problems) and found.trouble:
            _, document = self._merge(kind, found)
            failure = self._write(kind, document)
            if failure:
                problems.append(not_saved([kind], [failure]))
        return found.value

    def _copy_legacy(self, kind: DocumentKind, found: Found) -> Found:
        """The document an earlier version kept under its old name, copied to
        the new name; the old file is left as it is. ``found`` if there is
        none, or it cannot be used as it is."""
        old = read_document(self.backend, replace(kind, name=self._legacy[kind.name]))
        if old.raw is None or old.trouble is not None or old.newer is not None:
            return found
        _, document = self._merge(kind, old)
        self._write(kind, document)  # if this fails, the next save writes it
        return old

    def _settle(self, kind: DocumentKind, found: Found, problems: list[str]) -> bool:
        """Deal with what is wrong with a document just read (set it aside, or
        keep it from being overwritten) and say so. True if it may be written."""
        label = self.backend.label(kind.name)
        if found.newer is not None:
            if kind.name not in self._blocked:
                problems.append(
                    f"{label} was written by a newer version of AmigaSweeper (format "
                    f"{found.newer}); it is used as far as this version understands it "
                    f"and never changed; changes to the {kind.what} are kept only until "
                    "the game is closed."
                )
            self._blocked.add(kind.name)
            return False
        if found.trouble is None:
            return True
        try:
            aside = self.backend.set_aside(kind.name)
        except OSError as error:
            self._blocked.add(kind.name)
            problems.append(
                f"{label} {found.trouble} and could not be set aside "
                f"({reason(error)}); it is left untouched, and {kind.what} are "
                "kept only until the game is closed."
            )
            return False
        used = "the bad values were replaced by defaults" if found.partial else kind.fresh
        problems.append(f"{label} {found.trouble}; it was kept as {aside} and {used}.")
        return True

    # -- saving -----------------------------------------------------------

    def save_settings(self) -> str | None:
        """Save the settings. Returns a message for the player if that failed
        (given once, until a save succeeds again), else None. Never raises on
        I/O failure: the data stay in memory and the game goes on."""
        return self._save(SETTINGS)

    def save_best_times(self) -> str | None:
        """Save best times and Duel results; like :meth:`save_settings`."""
        return self._save(BEST_TIMES)

    def _save(self, *kinds: DocumentKind, retried_by_caller: float | None = None) -> str | None:
        """Merge and save documents under the lock; one message for the player
        about all that went wrong for the first time, or None. With
        ``retried_by_caller`` (seconds to wait for the lock) a lock another
        copy holds raises LockTimeout and nothing is parked: the caller's own
        loop tries again (the end-of-game queue's, play/ending.py)."""
        waiting = tuple(kind for kind in KINDS if kind.name in self._waiting)
        kinds = tuple(kind for kind in dict.fromkeys(kinds + waiting) if kind.name not in self._blocked)
        if not kinds:
            return None  # the player was told at load time
        told: list[str] = []
        failures: dict[str, str] = {}  # document name -> why it was not saved
        try:
            lock = self._lock(create=True, timeout=retried_by_caller)
            lock.__enter__()
        except LockTimeout as error:
            if retried_by_caller is not None:
                raise
            if self.lock_wait is not None and self.lock_wait <= 0:
                self._waiting.update(kind.name for kind in kinds)
                self._wait.locked(self.clock())
                return None  # kept in memory; retry_waiting tries again
            failures = {kind.name: reason(error) for kind in kinds}
        except OSError as error:
            failures = {kind.name: reason(error) for kind in kinds}
        else:
            self._waiting.difference_update(kind.name for kind in kinds)
            if not self._waiting:
                self._wait.free()
            try:
                for kind in kinds:
                    failure = self._save_one(kind, told)
                    if failure:
                        failures[kind.name] = failure
            finally:
                lock.__exit__(None, None, None)
        new = [kind for kind in kinds if kind.name in failures and kind.name not in self._failing]
        self._failing.difference_update(kind.name for kind in kinds)
        self._failing.update(failures)
        if new:
            told.append(not_saved(new, [failures[kind.name] for kind in new]))
        return " ".join(told) or None

    def _save_one(self, kind: DocumentKind, told: list[str]) -> str | None:
        """Re-read, merge and write one document; the reason if writing failed."""
        found = read_document(self.backend, kind)
        if not self._settle(kind, found, told):
            return None
        merged, document = self._merge(kind, found)
        failure = self._write(kind, document)
        if failure is None:
            if kind is SETTINGS:
                self._changed.clear()
            else:
                self.best_times = merged
                self._events.clear()
        return failure

    def _merge(self, kind: DocumentKind, found: Found) -> tuple[Any, dict[str, Any]]:
        if kind is SETTINGS:
            return merge_settings(found.value, found.raw, self.settings, self._changed)
        return merge_best_times(found.value, found.raw, self._events)

    def _write(self, kind: DocumentKind, document: dict[str, Any]) -> str | None:
        try:
            self.backend.write(kind.name, encode(document))
        except OSError as error:
            return reason(error)
        return None

    # -- saves waiting for the lock ---------------------------------------

    def _lock(self, create: bool, timeout: float | None = None):
        wait = self.lock_wait if timeout is None else timeout
        if wait is None:
            return self.backend.lock(create=create)
        return self.backend.lock(create=create, timeout=wait)

    @property
    def waiting(self) -> bool:
        """Whether changes wait in memory for another copy to let go of the lock."""
        return bool(self._waiting)

    def retry_waiting(self) -> str | None:
        """Try again, without waiting, to save what found the folder locked
        (at most every RETRY_EVERY seconds; call it every frame). A message
        for the player when a save failed, or once when the lock has been
        held for TELL_AFTER seconds; else None."""
        if not self._waiting:
            self._wait.free()
            return None
        now = self.clock()
        if not self._wait.due(now):
            return None
        self._wait.tried(now)
        message = self._save()
        if message or not self._waiting:
            return message
        if self._wait.tell(now):
            kinds = [kind for kind in KINDS if kind.name in self._waiting]
            return locked_out(kinds)
        return None

    def flush(self, timeout: float) -> str | None:
        """A last try, waiting up to ``timeout`` seconds for the lock, to save
        what waits for it (the program is ending); a message if that failed."""
        if not self._waiting:
            return None
        patient, self.lock_wait = self.lock_wait, timeout
        try:
            return self._save()
        finally:
            self.lock_wait = patient

    # -- other copies -----------------------------------------------------

    def refresh(self) -> bool:
        """Take in the best times another copy saved since we last read or
        wrote them (our unsaved ones stay on top). Cheap when nothing changed;
        True if the best times were read again. Never raises."""
        found = self._changed_by_another(BEST_TIMES)
        if found is None:
            return False
        self.best_times = replay(found.value, self._events)
        return True

    def refresh_settings(self) -> bool:
        """Read the settings on disk again and take in what another copy saved
        there (the keys we changed and did not save yet stay ours), as the
        Workbench's Update reads its disk again: even when we wrote last, for
        a save of ours merges another copy's keys into the file and not into
        memory. True if the settings were read. Never raises."""
        found = self._changed_by_another(SETTINGS, always=True)
        if found is None:
            return False
        self.settings, _document = merge_settings(found.value, found.raw, self.settings, self._changed)
        return True

    def _changed_by_another(self, kind: DocumentKind, always: bool = False) -> Found | None:
        """A document as another copy last saved it, or None: unchanged since
        we read or wrote it (unless asked ``always``), unreadable, or damaged
        (the next save sets a damaged one aside and says so)."""
        if kind.name in self._blocked or not (always or self.backend.changed(kind.name)):
            return None
        try:
            with self._lock(create=False):
                found = read_document(self.backend, kind)
        except OSError:
            return None
        return None if found.trouble else found

    # -- changing and saving ----------------------------------------------
    # Each returns a message for the player if saving failed, else None.

    def change_settings(self, **changes: Any) -> str | None:
        """Change settings and save the keys that changed. Changing the Custom
        size forgets the Custom best time (saved too). A bad value raises
        ValueError or TypeError and changes nothing."""
        new = replace(self.settings, **changes)
        old, self.settings = self.settings, new
        self._changed.update(n for n in changes if getattr(new, n) != getattr(old, n))
        if new.custom != old.custom and self.best_times.forget_custom():
            self._events.append(ForgetCustom())
            return self._save(SETTINGS, BEST_TIMES)
        return self._save(SETTINGS)

    def set_custom(self, width: int, height: int, mines: int) -> str | None:
        """Choose the Custom level with this size (ValueError saying what is
        allowed if it is not, see :func:`check_custom`). The Custom best time
        is forgotten if the size changed."""
        check_custom(width, height, mines)
        return self.change_settings(
            level="custom", custom_width=width, custom_height=height, custom_mines=mines
        )

    def _record(self, event: Event) -> None:
        event.apply(self.best_times)  # raises ValueError for a bad event
        self._events.append(event)

    def sort_earlier(self, moves: dict[str, str | None]) -> None:
        """An earlier version's times sorted into their kinds' rows (level:
        the key of its row, None to stay in 2.4's slot; see time_kinds.py),
        in memory only: :meth:`save_kept` writes them, as it does best times."""
        for level, key in moves.items():
            self._record(MoveEarlier(level, self.best_times[level], key))
        self._record(SortedEarlier())

    def record_time(self, level: str, seconds: int, name: str, kind: str | None = None) -> str | None:
        """Keep a new best time (if it is one; see ``best_times.is_record``)
        and remember the name for the next name requester. ``kind``: the
        row of a game not on a square random board (time_kinds.time_kind)."""
        if not self.keep_time(level, seconds, name, kind):
            return None
        return self._save(BEST_TIMES, SETTINGS) if "last_name" in self._changed else self._save(BEST_TIMES)

    def keep_time(self, level: str, seconds: int, name: str, kind: str | None = None) -> bool:
        """A new best time (if it is one) and its name, in memory only: True
        when kept. :meth:`save_kept` writes it. ``kind``: the row of a game not
        on a square random board (time_kinds.time_kind); None for 2.4's slots."""
        times = self.best_times
        beaten = times.is_record(level, seconds) if kind is None else times.is_kind_record(kind, seconds)
        if not beaten:
            return False
        self._record(RecordTime(level, seconds, name) if kind is None else RecordKindTime(kind, seconds, name))
        name = clean_name(name)
        if name and name != self.settings.last_name:
            self.settings = replace(self.settings, last_name=name)
            self._changed.add("last_name")
        return True

    def keep_duel(self, opponent: str, result: str) -> None:
        """A Duel's result counted in memory only; :meth:`save_kept` writes it."""
        self._record(CountDuel(opponent, result))

    def save_kept(self, lock_timeout: float) -> str | None:
        """Write what :meth:`keep_time` and :meth:`keep_duel` kept (and the
        name typed), waiting up to ``lock_timeout`` seconds for the lock.
        Raises LockTimeout when another copy holds it: nothing is parked
        here, the end-of-game queue tries again. A message for the player
        when writing failed, else None."""
        kinds = (BEST_TIMES, SETTINGS) if "last_name" in self._changed else (BEST_TIMES,)
        return self._save(*kinds, retried_by_caller=lock_timeout)

    def reset_best_times(self) -> str | None:
        """Forget every level's best time (Duel results stay)."""
        self._record(ResetTimes())
        return self._save(BEST_TIMES)

    def record_duel(self, opponent: str, result: str) -> str | None:
        """Count a Duel game against ``opponent`` ("computer-easy", ..., or a
        human's name); result is "win", "loss" or "draw" for the player."""
        self.keep_duel(opponent, result)
        return self._save(BEST_TIMES)

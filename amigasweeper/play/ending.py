"""The one path a finished game takes: one queue, never waiting in a frame.

When a game ends, its GameEnd goes into the queue and is written in order:

1. its metrics are worked out and its line appended to the games file,
   folded into the index under the same lock (records/game_keeper.py);
2. its best time, where the rule says it counts (records/rows.py) and it
   beats the one kept: the player is asked for a name, then it is saved
   under the lock, retried by this queue as step 1 is (never parked in Storage);
3. its replay is saved, signed with that name when one was asked.

A Duel's result and the Statistics window's Reset take the same queue, so
every write of the games file comes from here, one after the other.

Each frame the program calls :meth:`EndQueue.tick`. The writes to files
(steps 1 and 2, a reset) are a frame's work only in the browser, which
has no threads: there a tick does steps until a few milliseconds are
spent, and the rest waits for the next frames. On the desktop a tick hands
them to a worker thread (see :mod:`.end_worker`) and looks each frame whether
it has finished, so a slow disk's fsync never holds a frame. Asking the
player, and everything the player is told, stay in the frame. A step never
waits for the data folder's lock: when another copy holds it, the job waits
in memory, the next frames try again every quarter second, and the player
is told once it has waited three seconds; the games behind it wait their
turn, so they are kept in the order they were played. Leaving the program,
:meth:`EndQueue.flush` makes one last, bounded try.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import Protocol

from amigasweeper.engine import LevelName
from amigasweeper.records import BestTimeTable, GameKeeper, KeptGame, counts_as_best
from amigasweeper.records.earlier_times import sort_moves
from amigasweeper.storage import Storage
from amigasweeper.storage.backend import reason
from amigasweeper.storage.locking import LockTimeout, LockWait
from amigasweeper.storage.time_kinds import earlier_kind, kind_title, time_kind

FRAME_BUDGET = 0.004  # seconds of end-of-game work a frame may do (more only when one step takes it)
INDEX_SLICE = 32 * 1024  # bytes of games folded into the index in a frame with nothing else to do
WAITING_NOTE = ("Another copy of AmigaSweeper is holding the data folder. Your last game is kept in memory "
                "and goes into the statistics as soon as that copy lets go.")


@dataclass(frozen=True)
class BestTimeRow:
    """The Best Times row a win goes to: 2.4's own slot of its level (a square random board) or the
    row of its kind (a no-guess, hexagonal or triangular board), so the question names the right one."""

    level: LevelName
    kind: str | None  # None: 2.4's slot; else a time_kinds key ("beginner/square/no-guess")

    @property
    def title(self) -> str:
        """"Beginner" for 2.4's slot; "Beginner, square, no-guess" for a kind's row."""
        return self.level.title if self.kind is None else kind_title(self.kind)


class Step(Enum):
    DONE = "done"
    LOCKED = "locked"  # another copy holds the data folder's lock: try again later
    ASKING = "asking"  # waiting for the player (a name for Best Times)


StepResult = tuple[Step, "str | None"]  # and a sentence for the player about what was not saved
JobStep = Callable[["Desk", float, bool], StepResult]  # (where it writes, lock timeout, leaving)


@dataclass
class Desk:
    """Where the steps write, and how they talk to the player."""

    keeper: GameKeeper
    storage: Storage
    tell: Callable[[str], None]  # a sentence for the player about something not saved
    # ask_name(row, seconds, default name, answer): a requester for a new best time
    ask_name: Callable[[BestTimeRow, int, str, Callable[[str], None]], None]
    best_times_changed: Callable[[], None] = lambda: None  # 2.4 shows Best Times after the name

    def default_name(self) -> str:
        settings = self.storage.settings
        return settings.player_name or settings.last_name


def _under_lock(write: Callable[[], None], failed: str) -> StepResult:
    """A write under the data folder's lock: LOCKED (nothing written) when
    another copy holds it; any other failure said in a sentence."""
    try:
        write()
    except LockTimeout:
        return Step.LOCKED, None
    except OSError as error:
        return Step.DONE, f"{failed} ({reason(error)})."
    return Step.DONE, None


def _saving_kept(desk: Desk, lock_timeout: float) -> StepResult:
    """Storage's kept best times and Duel results written: LOCKED (nothing
    written, the queue tries again) when another copy holds the lock."""
    try:
        return Step.DONE, desk.storage.save_kept(lock_timeout)
    except LockTimeout:
        return Step.LOCKED, None


def _files(step):
    """Mark a step as one that only writes files: it may run off the frame."""
    step.writes_files = True
    return step


class EndJob(Protocol):
    """What the queue runs: its steps, first first, and what to do once
    they are all done."""

    steps: list[JobStep]

    def done(self) -> None: ...


class _NothingAfter:
    """A job with nothing to do once its steps are done."""

    def done(self) -> None:
        pass


class GameJob(_NothingAfter):
    """A finished game's three writes, a step at a time."""

    def __init__(self, end) -> None:
        self.end = end
        self.record: KeptGame | None = None
        self.name: str | None = None
        self.asked = False
        self.time_kept = False  # the best time is in Storage's memory, its file still to write
        # The best time before the replay: a record-setting replay is signed
        # with the name the player gives for it.
        self.steps: list[JobStep] = [self.metrics, self.add_record, self.best_time, self.save_replay]

    @_files
    def metrics(self, desk: Desk, lock_timeout: float, leaving: bool) -> StepResult:
        end = self.end
        self.record = desk.keeper.record_of(end.recording, end.level.value, end.by_marks, end.practice)
        return Step.DONE, None

    @_files
    def add_record(self, desk: Desk, lock_timeout: float, leaving: bool) -> StepResult:
        # A failure other than the lock leaves the game held in the keeper's
        # memory (GameKeeper.unkept), written before the next game.
        record = self.record
        assert record is not None, "metrics, the step before, makes the record"
        return _under_lock(lambda: desk.keeper.add(record, lock_timeout),
                           "The game could not be written to the games file; it is held in memory and "
                           "tried again with your next game")

    @_files
    def save_replay(self, desk: Desk, lock_timeout: float, leaving: bool) -> StepResult:
        recording = self.end.recording
        if self.name is not None and self.name != recording.player:
            recording = recording.signed(self.name)  # what saving reads stays worked out
        assert self.record is not None, "metrics, the first step, makes the record"
        return Step.DONE, desk.keeper.save_replay(recording, self.record)

    def best_time(self, desk: Desk, lock_timeout: float, leaving: bool) -> StepResult:
        if self.time_kept:  # kept in memory, its file was locked: this queue tries again
            return self._save_best_time(desk, lock_timeout, leaving)
        end, best_times = self.end, desk.storage.best_times
        level = end.level.value
        setup = end.recording.setup  # 2.4's slot takes square random boards; other kinds have rows of their own
        kind = time_kind(level, setup.shape.value, setup.layout.value == "no-guess")
        beaten = best_times.is_record(level, end.seconds) if kind is None else \
            best_times.is_kind_record(kind, end.seconds)
        if end.practice or not counts_as_best(end.won, end.recording.helped, end.by_marks, BestTimeTable.BEST_TIMES) \
                or not beaten:
            return Step.DONE, None
        if self.name is None:
            if leaving:  # the requester never got its answer: the name it offered
                self.name = desk.default_name()
            elif not self.asked:
                self.asked = True
                desk.ask_name(BestTimeRow(end.level, kind), end.seconds, desk.default_name(), self.named)
                return Step.ASKING, None
            else:
                return Step.ASKING, None
        self.time_kept = desk.storage.keep_time(level, end.seconds, self.name, kind)
        return self._save_best_time(desk, lock_timeout, leaving) if self.time_kept else (Step.DONE, None)

    def _save_best_time(self, desk: Desk, lock_timeout: float, leaving: bool) -> StepResult:
        """The kept best time written under the lock; LOCKED (the queue's
        own retry) while another copy holds it, never parked in Storage."""
        outcome = _saving_kept(desk, lock_timeout)
        if outcome[0] is Step.DONE and not leaving:
            desk.best_times_changed()
        return outcome

    def named(self, name: str) -> None:
        self.name = name


class SortEarlierJob(_NothingAfter):
    """A best-times file of an earlier version: its times sorted into the
    rows of their kinds (records/earlier_times.py), once, off the frame."""

    def __init__(self) -> None:
        self.sorted = False  # in Storage's memory, its file still to write
        self.steps: list[JobStep] = [self.sort]

    @_files
    def sort(self, desk: Desk, lock_timeout: float, leaving: bool) -> StepResult:
        if not self.sorted:
            earlier = desk.storage.best_times.earlier_times()
            try:
                moves = sort_moves(desk.keeper.store, earlier) if earlier else {}
            except OSError:  # no games to match: every time goes to the earlier version's rows
                moves = {level: earlier_kind(level) for level in earlier}
            desk.storage.sort_earlier(moves)
            self.sorted = True
        return _saving_kept(desk, lock_timeout)  # LOCKED: this queue tries again, nothing parked in Storage


class DuelJob(_NothingAfter):
    """A Duel's result, counted from the first player's side against the opponent."""

    def __init__(self, opponent: str, result: str) -> None:
        self.opponent, self.result = opponent, result
        self.counted = False  # in Storage's memory, its file still to write
        self.steps: list[JobStep] = [self.count]

    def count(self, desk: Desk, lock_timeout: float, leaving: bool) -> StepResult:
        if not self.counted:
            self.counted = True
            desk.storage.keep_duel(self.opponent, self.result)
        return _saving_kept(desk, lock_timeout)  # LOCKED: the queue tries again


class ResetJob:
    """The Statistics window's Reset: a reset line after the games kept so far."""

    def __init__(self, date_ms: int, done: Callable[[], None] = lambda: None) -> None:
        self.date_ms, self.done = date_ms, done
        self.steps: list[JobStep] = [self.reset]

    @_files
    def reset(self, desk: Desk, lock_timeout: float, leaving: bool) -> StepResult:
        return _under_lock(lambda: desk.keeper.reset(self.date_ms, lock_timeout), "The statistics could not be reset")


class InFrame:
    """Runs a step at once, in the frame: the browser's way, and the tests'."""

    busy = False

    def start(self, work: Callable[[], StepResult]) -> StepResult | None:
        return work()

    def result(self) -> StepResult | None:
        return None

    def wait(self, timeout: float) -> StepResult | None:
        return None


class EndQueue:
    def __init__(self, desk: Desk, clock: Callable[[], float] = time.monotonic,
                 may_run: Callable[[], bool] = lambda: True, runner=None) -> None:
        self.desk = desk
        self.clock = clock
        self.may_run = may_run  # False while the board still ripples: the end shows first
        self.runner = runner or InFrame()  # where steps that write files run (see end_worker.py)
        self.jobs: list[EndJob] = []
        self._wait = LockWait()  # while another copy holds the data folder's lock
        if not desk.storage.best_times.sorted_earlier:
            self.put(SortEarlierJob())

    @property
    def busy(self) -> bool:
        return bool(self.jobs)

    @property
    def asking(self) -> bool:
        """The front job waits for the player's answer (a name for Best Times)."""
        front = self.jobs[0] if self.jobs else None
        return isinstance(front, GameJob) and front.asked and front.name is None

    def put(self, job: EndJob) -> None:
        self.jobs.append(job)

    def put_game(self, end) -> None:
        self.put(GameJob(end))

    def newest_game(self):
        """The Recording of the newest game whose replay is not written yet, or None."""
        waiting = [job for job in self.jobs if isinstance(job, GameJob) and job.save_replay in job.steps]
        return waiting[-1].end.recording if waiting else None

    # ------------------------------------------------------------ each frame
    def tick(self, budget: float = FRAME_BUDGET) -> None:
        """A frame's share: steps until ``budget`` seconds are spent (a step
        that writes files handed to the runner, whose answer a later frame
        takes); with nothing to write, a slice of the statistics index."""
        if self.runner.busy:
            finished = self.runner.result()
            if finished is None:
                return
            if not self._took(finished):
                return
        if not self.jobs:
            self.desk.keeper.live.step(INDEX_SLICE)
            return
        now = self.clock()
        if not self.may_run() or (self._wait.waiting and not self._wait.due(now)):
            return
        started = time.perf_counter()
        while self.jobs and not self.runner.busy and time.perf_counter() - started < budget:
            step = self.jobs[0].steps[0]
            if getattr(step, "writes_files", False):
                outcome = self.runner.start(partial(step, self.desk, 0, False))
            else:
                outcome = step(self.desk, 0, False)
            if outcome is None or not self._took(outcome):
                return

    def _took(self, outcome: StepResult) -> bool:
        """The front job's step came back: True when the next may follow."""
        result, problem = outcome
        if problem:
            self.desk.tell(problem)
        if result is Step.LOCKED:
            now = self.clock()
            self._wait.tried(now)
            self._wait.locked(now)
            if self._wait.tell(now):
                self.desk.tell(WAITING_NOTE)
            return False
        if result is Step.ASKING:
            return False
        self._wait.free()
        self._advance()
        return True

    def _advance(self) -> None:
        job = self.jobs[0]
        job.steps.pop(0)
        if not job.steps:
            self.jobs.pop(0)
            job.done()

    # ------------------------------------------------------------ leaving
    def flush(self, timeout: float) -> str | None:
        """Leaving: everything written, waiting up to ``timeout`` seconds in
        all for the lock (and for the step the runner is on); a sentence
        about what could not be, or None. Nothing is told: the program ends."""
        deadline = time.monotonic() + timeout
        if self.runner.busy:
            finished = self.runner.wait(timeout)
            if finished is None:
                return f"{len(self.jobs)} game(s) not added to the statistics: the disk did not answer in time"
            if finished[0] is Step.DONE:
                self._advance()
        while self.jobs:
            step = self.jobs[0].steps[0]
            result, _problem = step(self.desk, max(0.0, deadline - time.monotonic()), True)
            if result is Step.LOCKED:
                games = sum(1 for job in self.jobs if isinstance(job, GameJob))
                return f"{games} game(s) not added to the statistics: another copy held the data folder"
            self._advance()
        return self._unkept(deadline)

    def _unkept(self, deadline: float) -> str | None:
        """Leaving: one last try for the games held in memory since a write failed."""
        keeper = self.desk.keeper
        if not keeper.unkept:
            return None
        try:
            keeper.retry(max(0.0, deadline - time.monotonic()))
        except OSError as error:
            return f"{len(keeper.unkept)} game(s) not added to the statistics: {reason(error)}"
        return None

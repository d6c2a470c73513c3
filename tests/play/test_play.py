"""amigasweeper/play without a window: a game's life (setup at the first
uncover, input events, help used, the end), the clock's reasons, and the
one queue a finished game takes (record, replay, best time)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from amigasweeper.engine import Completion, GameStatus, LevelName, Shape
from amigasweeper.engine.duel import Duel
from amigasweeper.engine.duel_moves import DuelMoveKind, DuelSetup
from amigasweeper.play import (
    Action,
    Choices,
    Desk,
    DuelPlay,
    DuelPlayers,
    EndQueue,
    Opponent,
    PauseReason,
    SeedSource,
    Session,
)
from amigasweeper.play.ending import WAITING_NOTE, BestTimeRow
from amigasweeper.play.played import Help
from amigasweeper.records import GameKeeper, RecordStore
from amigasweeper.replay import EventKind, RecordedButton, Result
from amigasweeper.replay.files import load_replay
from amigasweeper.storage import Storage
from amigasweeper.storage.locking import TELL_AFTER


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def session_with(**choices) -> tuple[Session, Clock, list]:
    clock = Clock()
    session = Session(Choices(**choices), clock, SeedSource(5), wall=lambda: 1.7e9)
    ends: list = []
    session.on_end = ends.append
    session.player_name = lambda: "Ada"
    return session, clock, ends


def aim(session, cell):
    col, row = session.game.topology.coords(cell)
    return col * 8 + 3, row * 8 + 3, cell


def click(session, cell, button=RecordedButton.LEFT, action=Action.UNCOVER):
    session.played.press(button, aim(session, cell))
    return session.played.release(button, aim(session, cell), action)


def safe_cells(game):
    return [c for c in game.topology.cells() if not game.is_mine(c) and not game.is_open(c)]


def win_by_uncovering(session, clock):
    game = session.game
    click(session, 27)
    while game.status is GameStatus.PLAYING:
        clock.now += 0.5
        click(session, safe_cells(game)[0])


# ------------------------------------------------------------------ a game's life
def test_the_recording_says_the_marks_setting_at_the_first_uncover():
    """The fault: the Marks flag was the setting when the board was made (26 of 225 records)."""
    session, clock, ends = session_with(marks=True)
    session.set_marks(False)  # after the board was made, before play began
    win_by_uncovering(session, clock)
    session.set_marks(True)  # after play began: not the game's setting
    (end,) = ends
    assert end.recording.setup.marks is False and end.recording.result is Result.WON


def test_the_recording_is_signed_and_says_whether_help_was_used():
    """The fault: a win after Hint was written fair: nothing told the recorder."""
    for helped in (False, True):
        session, clock, ends = session_with()
        click(session, 27)
        if helped:
            session.played.use_help(Help.HINT)
        while session.game.status is GameStatus.PLAYING:
            click(session, safe_cells(session.game)[0])
        (end,) = ends
        assert end.recording.helped is helped and end.recording.player == "Ada"


def test_every_event_is_recorded_once_and_keys_carry_their_square():
    session, clock, ends = session_with()
    played = session.played
    click(session, 27)
    covered = next(c for c in session.game.topology.cells() if not session.game.is_open(c))
    played.key(Action.MARK, covered)  # a key, the Demo, a player with no pointer
    played.pointer(aim(session, 3))
    session.new_game()
    (end,) = ends
    kinds = [e.kind for e in end.recording.events]
    assert kinds.count(EventKind.PRESS) == 1 and kinds.count(EventKind.RELEASE) == 1
    key = next(e for e in end.recording.events if e.kind is EventKind.KEY)
    assert key.cell == covered and key.click.value == "right" and key.x is not None
    assert end.recording.result is Result.ABANDONED


def test_the_right_button_acts_only_on_a_square_of_the_kind_it_was_pressed_on():
    session, clock, ends = session_with()
    click(session, 27)
    opened = next(c for c in session.game.topology.cells() if session.game.is_open(c))
    result = click(session, opened, RecordedButton.RIGHT, Action.MARK)
    assert result is None and session.game.mark(opened) == 0


def test_a_game_abandoned_before_any_uncover_is_not_kept_and_the_end_is_handed_on_once():
    session, clock, ends = session_with()
    session.played.key(Action.MARK, 5)  # a mark, no uncover
    session.new_game()
    assert ends == []
    click(session, 27)
    session.leave()
    session.leave()
    assert [e.recording.result for e in ends] == [Result.ABANDONED]


def test_a_win_by_marks_alone_is_said_so():
    session, clock, ends = session_with(completion=Completion.ALL_MINES)
    game = session.game
    click(session, 27)
    for mine in sorted(game.mine_cells()):
        session.played.key(Action.MARK, mine)
    (end,) = ends
    assert end.won and end.by_marks and not game.cleared


def test_the_clock_reasons_hold_the_game_and_its_recording_alike():
    session, clock, ends = session_with()
    click(session, 27)
    clock.now += 2
    session.pauses.set(PauseReason.AWAY, True)
    assert session.game.paused
    clock.now += 50
    session.pauses.hold(PauseReason.HELP)
    session.pauses.set(PauseReason.AWAY, False)
    assert session.game.paused  # another reason still holds it
    session.pauses.release(PauseReason.HELP)
    assert not session.game.paused
    session.new_game()
    (end,) = ends
    assert end.recording.time_ms == 2000 and session.game.elapsed() == 0


def test_a_duel_hands_on_its_result_once():
    import amigasweeper.solver  # noqa: F401 - the Duel's reveal is the solver's reasoning

    results = []
    duel = Duel(DuelSetup(seed=3))
    play = DuelPlay(duel, DuelPlayers(("Ann", "Bob"), Opponent.HUMAN), None, lambda *r: results.append(r))
    while not play.over:
        mine = next(c for c in duel.topology.cells() if duel.is_mine(c) and not duel.is_visible(c))
        assert play.human_move(DuelMoveKind.GUESS, mine)
    assert not play.human_move(DuelMoveKind.UNCOVER, 0)
    assert len(results) == 1 and results[0][0] == "Bob"


# ------------------------------------------------------------------ the queue
class Desk_:
    """A desk of a temporary data folder, answering names at once."""

    def __init__(self, folder, answer="Ada") -> None:
        self.told: list[str] = []
        self.asked: list[tuple] = []
        self.storage = Storage(folder)
        self.storage.load()
        self.storage.lock_wait = 0
        self.answer = answer
        self.desk = Desk(GameKeeper(folder), self.storage, self.told.append, self.ask)

    def ask(self, level, seconds, offered, answer) -> None:
        self.asked.append((level, seconds, offered))
        if self.answer is not None:
            answer(self.answer)


def finished(**choices):
    session, clock, ends = session_with(**choices)
    win_by_uncovering(session, clock)
    return ends[0]


def run(queue: EndQueue, frames: int = 50) -> None:
    for _ in range(frames):
        queue.tick(budget=10.0)


def test_a_finished_game_is_written_in_order_record_best_time_replay_signed_with_the_name(tmp_path):
    desk = Desk_(tmp_path, answer="Grace")
    queue = EndQueue(desk.desk)
    end = finished()
    assert end.recording.player == "Ada"  # the name known when the game ended
    queue.put_game(end)
    job = queue.jobs[0]
    order = []
    for step in job.steps:
        name = step.__name__
        original = getattr(job, name)
        setattr(job, name, lambda *a, original=original, name=name: (order.append(name), original(*a))[1])
    job.steps = [getattr(job, s.__name__) for s in job.steps]
    run(queue)
    assert list(dict.fromkeys(order)) == ["metrics", "add_record", "best_time", "save_replay"]  # asked, then saved
    (record,) = RecordStore(tmp_path).load().records
    assert record.result == "won" and (tmp_path / "replays" / record.replay_name).is_file()
    assert load_replay(tmp_path / "replays" / record.replay_name).player == "Grace"  # the name given for it
    assert desk.asked == [(BestTimeRow(LevelName.BEGINNER, None), end.seconds, "")]
    assert desk.storage.best_times["beginner"].name == "Grace" and not queue.busy


@pytest.mark.parametrize(("choices", "kind", "title"), [
    ({"shape": Shape.HEX}, "beginner/hex/random", "Beginner, hexagonal, random"),
    ({"no_guess": True}, "beginner/square/no-guess", "Beginner, square, no-guess"),
])
def test_a_best_time_of_another_kind_is_asked_for_by_its_own_row(tmp_path, choices, kind, title):
    """A hexagonal or no-guess win goes to its kind's row, not 2.4's Beginner slot: the question names
    that row, and the name lands there."""
    desk = Desk_(tmp_path, answer="Grace")
    queue = EndQueue(desk.desk)
    queue.put_game(finished(**choices))
    run(queue)
    ((row, _, _),) = desk.asked
    assert row == BestTimeRow(LevelName.BEGINNER, kind) and row.title == title
    assert desk.storage.best_times.kind(kind).name == "Grace"
    assert desk.storage.best_times["beginner"].name != "Grace"  # 2.4's slot is untouched


def test_saving_a_game_as_evf_replays_the_engine_once_even_signed_with_a_new_name(tmp_path, monkeypatch):
    """The metrics and the EVF file's mouse events read one mouse stream,
    and signing the replay with the best time's name keeps it."""
    from amigasweeper.replay import stream

    replays = []

    class CountedWriter(stream._Writer):
        def __init__(self, recording) -> None:
            replays.append(recording.player)
            super().__init__(recording)

    monkeypatch.setattr(stream, "_Writer", CountedWriter)
    desk = Desk_(tmp_path, answer="Grace")
    queue = EndQueue(desk.desk)
    queue.put_game(finished())
    run(queue)
    (record,) = RecordStore(tmp_path).load().records
    assert record.replay_name.endswith(".evf")
    assert replays == ["Ada"]  # once, before the name was given; not again for "Grace"
    saved = load_replay(tmp_path / "replays" / record.replay_name)
    assert saved.player == "Grace" and saved.metrics() == record.metrics  # the file counts as the line says


def test_a_helped_win_is_kept_but_never_asks_for_best_times(tmp_path):
    """The fault, through the one rule: Best Times refused it, Statistics
    showed it as best; now neither counts it."""
    desk = Desk_(tmp_path)
    queue = EndQueue(desk.desk)
    session, clock, ends = session_with()
    click(session, 27)
    session.played.use_help(Help.HINT)
    while session.game.status is GameStatus.PLAYING:
        click(session, safe_cells(session.game)[0])
    queue.put_game(ends[0])
    run(queue)
    assert desk.asked == [] and desk.storage.best_times["beginner"].seconds == 999
    record = RecordStore(tmp_path).load().records[0]
    assert record.helped and record.won
    row = GameKeeper(tmp_path).live.whole().summaries()[0]
    assert row.won == 1 and row.best_ms is None


def test_a_win_by_marks_never_enters_best_times(tmp_path):
    desk = Desk_(tmp_path)
    queue = EndQueue(desk.desk)
    session, clock, ends = session_with(completion=Completion.EITHER)
    click(session, 27)
    for mine in sorted(session.game.mine_cells()):
        session.played.key(Action.MARK, mine)
    queue.put_game(ends[0])
    run(queue)
    assert desk.asked == []
    assert RecordStore(tmp_path).load().records[0].by_marks


def test_a_name_not_given_waits_and_leaving_uses_the_offered_one(tmp_path):
    desk = Desk_(tmp_path, answer=None)
    desk.storage.change_settings(player_name="Grace")
    queue = EndQueue(desk.desk)
    queue.put_game(finished())
    run(queue)
    assert queue.asking and desk.asked[0][2] == "Grace"
    assert queue.flush(1.0) is None
    assert desk.storage.best_times["beginner"].name == "Grace"


HOLDER = """
import sys, time
from pathlib import Path
from amigasweeper.storage import FolderLock
with FolderLock(Path(sys.argv[1])):
    print("held", flush=True)
    time.sleep(120)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs SIGSTOP (POSIX)")
def test_a_held_lock_makes_the_game_wait_in_memory_never_the_frame(tmp_path):
    desk = Desk_(tmp_path)
    clock = Clock()
    queue = EndQueue(desk.desk, clock)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        os.kill(holder.pid, signal.SIGSTOP)
        queue.put_game(finished())
        queue.put_game(finished())
        for _ in range(int(TELL_AFTER * 4) + 4):
            clock.now += 0.25
            queue.tick()
        assert len(queue.jobs) == 2 and RecordStore(tmp_path).load().records == []
        assert desk.told == [WAITING_NOTE]  # told once
        assert "2 game(s)" in queue.flush(0.2)
    finally:
        os.kill(holder.pid, signal.SIGCONT)
        holder.kill()
        holder.wait(timeout=30)
    clock.now += 1
    run(queue)
    assert len(RecordStore(tmp_path).load().records) == 2 and not queue.busy


def test_a_best_time_and_a_duel_found_locked_wait_in_this_queue_never_parked_in_storage(tmp_path):
    """One retry loop: the best time (and a Duel's result) kept in memory
    while another copy holds the lock, tried again by the queue, and never
    handed to Storage's own queue of saves waiting for the lock."""
    from amigasweeper.play import DuelJob

    desk = Desk_(tmp_path, answer=None)
    clock = Clock()
    queue = EndQueue(desk.desk, clock)
    queue.put_game(finished())
    queue.put(DuelJob("computer-easy", "win"))
    run(queue)
    assert queue.asking and len(RecordStore(tmp_path).load().records) == 1  # the game's line is written
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        queue.jobs[0].named("Grace")
        for _ in range(8):
            clock.now += 0.25
            queue.tick()
        assert len(queue.jobs) == 2 and queue.jobs[0].steps[0].__name__ == "best_time"  # waits at the front
        assert desk.storage.best_times["beginner"].name == "Grace"  # kept in memory
        assert not desk.storage.waiting  # and not parked in a second queue
        assert Storage(tmp_path).load().best_times["beginner"].seconds == 999  # nothing written yet
    finally:
        holder.kill()
        holder.wait(timeout=30)
    clock.now += 1
    run(queue)
    assert not queue.busy and not desk.storage.waiting
    saved = Storage(tmp_path).load()
    assert saved.best_times["beginner"].name == "Grace" and saved.settings.last_name == "Grace"
    assert saved.best_times.duel("computer-easy").wins == 1  # counted once
    assert desk.storage.best_times.duel("computer-easy").wins == 1


def test_a_duel_result_takes_the_same_queue(tmp_path):
    from amigasweeper.play import DuelJob

    desk = Desk_(tmp_path)
    queue = EndQueue(desk.desk)
    queue.put(DuelJob("computer-easy", "win"))
    run(queue)
    assert desk.storage.best_times.duel("computer-easy").wins == 1


def test_on_the_desktop_the_files_are_written_in_a_worker_and_the_frame_asks_the_name(tmp_path):
    """A tick hands the writing of files to the worker and returns at once,
    even while the disk (here: a step held on an event) does not answer."""
    import threading

    from amigasweeper.play.end_worker import EndWorker

    desk = Desk_(tmp_path)
    queue = EndQueue(desk.desk, runner=EndWorker())
    release, threads = threading.Event(), {}
    add = desk.desk.keeper.add

    def slow_add(record, lock_timeout):
        threads["add"] = threading.current_thread().name
        threads["released"] = release.wait(30)  # False only if a tick waited for it
        add(record, lock_timeout)

    desk.desk.keeper.add = slow_add
    asker = desk.ask

    def ask(*asked):
        threads["ask"] = threading.current_thread().name
        asker(*asked)

    desk.desk.ask_name = ask
    queue.put_game(finished())
    for _ in range(200):
        queue.tick()  # returns while the worker is held
        if "add" in threads:
            break
        threading.Event().wait(0.01)
    assert queue.runner.busy and RecordStore(tmp_path).load().records == []
    release.set()
    for _ in range(500):
        queue.tick()
        if not queue.busy:
            break
        threading.Event().wait(0.01)
    assert not queue.busy and threads["released"]
    assert threads["add"] == "amigasweeper-end-of-game" and threads["ask"] == threading.current_thread().name
    assert len(RecordStore(tmp_path).load().records) == 1 and desk.storage.best_times["beginner"].name == "Ada"


def test_a_step_that_fails_in_the_worker_is_told_not_lost(tmp_path):
    from amigasweeper.play.end_worker import EndWorker

    desk = Desk_(tmp_path)
    queue = EndQueue(desk.desk, runner=EndWorker())

    def broken(recording, record):
        raise RuntimeError("the disk caught fire")

    desk.desk.keeper.save_replay = broken
    queue.put_game(finished())
    for _ in range(500):
        queue.tick()
        if not queue.busy:
            break
        __import__("time").sleep(0.01)
    assert not queue.busy and any("caught fire" in text for text in desk.told)
    assert len(RecordStore(tmp_path).load().records) == 1  # the record was written before


def test_a_game_whose_line_cannot_be_written_is_said_held_and_written_with_the_next(tmp_path, monkeypatch):
    """The fault: a write cut short left a torn line, with no message, and the game was lost."""
    import errno

    from amigasweeper.records import record_store as store_module

    desk = Desk_(tmp_path)
    queue = EndQueue(desk.desk)
    real_write = os.write

    def full(handle, data):
        real_write(handle, bytes(data[:10]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(store_module.os, "write", full)
    first = finished()
    queue.put_game(first)
    run(queue)
    assert not queue.busy and len(desk.told) == 1
    assert desk.told[0].startswith("The game could not be written to the games file; it is held in memory")
    assert "No space left on device" in desk.told[0]
    assert RecordStore(tmp_path).load().records == [] and RecordStore(tmp_path).size() == 0  # nothing torn
    assert len(desk.desk.keeper.unkept) == 1
    monkeypatch.setattr(store_module.os, "write", real_write)
    queue.put_game(finished())
    run(queue)
    records = RecordStore(tmp_path).load().records
    assert len(records) == 2 and records[0].date_ms == round(first.recording.started * 1000)
    assert not desk.desk.keeper.unkept and len(desk.told) == 1


def test_leaving_makes_one_last_try_for_the_games_held_and_says_if_it_fails(tmp_path, monkeypatch):
    import errno

    from amigasweeper.records import record_store as store_module

    desk = Desk_(tmp_path)
    queue = EndQueue(desk.desk)
    monkeypatch.setattr(store_module.os, "write", lambda handle, data: (_ for _ in ()).throw(
        OSError(errno.EFBIG, os.strerror(errno.EFBIG))))
    queue.put_game(finished())
    run(queue)
    assert queue.flush(1.0) == "1 game(s) not added to the statistics: File too large"
    monkeypatch.undo()
    assert queue.flush(1.0) is None and len(RecordStore(tmp_path).load().records) == 1

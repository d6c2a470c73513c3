"""The line queue's rule, with a fake clock and a fake voice; the narration log."""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

import pytest
from fakes import FakeClock, FakeVoice

from amigasweeper.access.narrator import (
    QUEUE_LIMIT,
    Line,
    LineKind,
    LineQueue,
    NarrationLog,
    Narrator,
)
from amigasweeper.access.narrator.log import FileAppender, ThreadedAppender, timestamp
from amigasweeper.access.voices.base import estimated_seconds


def narrator(clock: FakeClock, **kwargs) -> tuple[Narrator, FakeVoice]:
    voice = FakeVoice(clock)
    return Narrator(voice, clock=clock, **kwargs), voice


def run(narr: Narrator, clock: FakeClock, seconds: float, frame: float = 1 / 60) -> None:
    """Frames of the game loop for ``seconds`` of fake time."""
    end = clock.now + seconds
    while clock.now < end:
        narr.update()
        clock.advance(frame)


def test_lines_are_spoken_one_after_the_other_in_order():
    clock = FakeClock()
    narr, voice = narrator(clock)
    narr.say(LineKind.RESULT, "12 squares opened")
    narr.say(LineKind.END, "game won in 34 seconds")
    narr.update()
    assert voice.said == ["12 squares opened"]
    run(narr, clock, estimated_seconds("12 squares opened") - 0.1)
    assert voice.said == ["12 squares opened"], "the second waits for the first to finish"
    run(narr, clock, 0.2)
    assert voice.said == ["12 squares opened", "game won in 34 seconds"]


def test_a_cursor_line_cuts_off_the_cursor_line_being_spoken_and_replaces_waiting_ones():
    clock = FakeClock()
    narr, voice = narrator(clock)
    narr.say(LineKind.CURSOR, "A1, covered")
    narr.update()
    assert voice.said == [], "a cursor line waits for the keys to be still"
    run(narr, clock, 0.3)
    narr.say(LineKind.CURSOR, "B1, 2")
    assert voice.stops == 1
    run(narr, clock, 0.5)  # a second press 0.3 s after the first: still for 0.45 s
    assert voice.said == ["A1, covered", "B1, 2"]
    # Keys held down: only the latest position is said once the voice is free.
    narr.say(LineKind.RESULT, "3 squares opened")
    for name in ("C1", "D1", "E1"):
        narr.say(LineKind.CURSOR, f"{name}, covered")
    assert voice.stops == 2  # the line being spoken was a cursor line
    run(narr, clock, 5)
    assert voice.said == ["A1, covered", "B1, 2", "3 squares opened", "E1, covered"]


def test_a_cursor_line_lets_a_move_result_finish():
    clock = FakeClock()
    narr, voice = narrator(clock)
    narr.say(LineKind.RESULT, "12 squares opened")
    narr.update()
    narr.say(LineKind.CURSOR, "C5, 2")
    narr.update()
    assert voice.stops == 0 and voice.said == ["12 squares opened"]
    run(narr, clock, 3)
    assert voice.said == ["12 squares opened", "C5, 2"]


def test_the_counter_keeps_only_the_latest_count_and_cuts_one_being_said():
    clock = FakeClock()
    narr, voice = narrator(clock)
    narr.say(LineKind.COUNTER, "9 mines left")
    narr.update()
    narr.say(LineKind.COUNTER, "8 mines left")
    narr.say(LineKind.COUNTER, "7 mines left")
    assert voice.stops == 1
    run(narr, clock, 5)
    assert voice.said == ["9 mines left", "7 mines left"]


def test_what_marks_did_is_never_dropped():
    clock = FakeClock()
    narr, voice = narrator(clock)
    for name, left in (("A1", 9), ("B1", 8), ("C1", 7)):
        narr.say(LineKind.RESULT, f"{name} marked, {left} mines left")
        narr.update()
    assert voice.stops == 0
    run(narr, clock, 10)
    assert voice.said == ["A1 marked, 9 mines left", "B1 marked, 8 mines left", "C1 marked, 7 mines left"]


def test_urgent_lines_sweep_stale_cursor_and_menu_lines_aside():
    clock = FakeClock()
    narr, voice = narrator(clock)
    narr.say(LineKind.MENU, "Game menu, New, 1 of 10")
    narr.update()
    narr.say(LineKind.RESULT, "nothing changed")
    narr.say(LineKind.CURSOR, "C5, 2")
    narr.say(LineKind.REQUESTER, "Quit requester: Really quit? Buttons: Quit, Cancel.")
    assert voice.stops == 1
    run(narr, clock, 10)
    assert voice.said == ["Game menu, New, 1 of 10", "nothing changed",
                          "Quit requester: Really quit? Buttons: Quit, Cancel."]


def test_a_menu_walk_says_only_where_it_is():
    clock = FakeClock()
    narr, voice = narrator(clock)
    for item in ("New", "Beginner", "Intermediate", "Expert"):
        narr.say(LineKind.MENU, item)
        narr.update()
        clock.advance(0.05)
    assert voice.said == ["New", "Beginner", "Intermediate", "Expert"] and voice.stops == 3


def test_the_queue_is_capped_and_the_oldest_waiting_line_goes():
    clock = FakeClock()
    narr, voice = narrator(clock)
    for n in range(QUEUE_LIMIT + 4):
        narr.say(LineKind.RESULT, f"line {n}")
    assert len(narr.queue) == QUEUE_LIMIT and narr.queue.dropped == 4
    run(narr, clock, 30)
    assert voice.said == [f"line {n}" for n in range(4, QUEUE_LIMIT + 4)]


def test_saying_never_waits_for_the_voice():
    """Hundreds of lines in one frame: each call only files the line."""
    clock = FakeClock()
    narr, voice = narrator(clock)
    for n in range(500):
        narr.say(LineKind.RESULT, f"line {n}")
    assert voice.said == [] and len(narr.queue) == QUEUE_LIMIT


def test_without_a_voice_lines_go_only_to_the_log(tmp_path):
    clock = FakeClock()
    log = NarrationLog.to_file(tmp_path / "n.log", wall=lambda: 0.0, clock=clock)
    narr = Narrator(None, log)
    narr.say(LineKind.CURSOR, "C5, covered")
    narr.update()
    assert narr.problem is None and len(narr.queue) == 0
    narr.close()
    assert (tmp_path / "n.log").read_text(encoding="utf-8") == f"{timestamp(0.0)} cursor: C5, covered\n"


def test_a_voice_that_dies_is_noticed_and_its_reason_kept():
    clock = FakeClock()
    narr, voice = narrator(clock)
    narr.say(LineKind.RESULT, "one")
    narr.update()
    voice.problem = "espeak-ng exited with status 1"
    narr.say(LineKind.RESULT, "two")
    narr.update()
    assert voice.said == ["one"] and narr.problem == "espeak-ng exited with status 1"


def test_silence_and_close():
    clock = FakeClock()
    narr, voice = narrator(clock)
    narr.say(LineKind.RESULT, "one")
    narr.say(LineKind.RESULT, "two")
    narr.update()
    narr.silence()
    assert voice.stops == 1 and len(narr.queue) == 0
    narr.close()
    assert voice.closed


def test_an_empty_line_is_not_said():
    clock = FakeClock()
    narr, voice = narrator(clock)
    narr.say(LineKind.RESULT, " \n\t ")
    narr.update()
    assert voice.said == []


def test_the_queue_alone():
    queue = LineQueue(limit=2)
    assert queue.add(Line(LineKind.CURSOR, "A1"), speaking=Line(LineKind.RESULT, "x")) is False
    assert queue.add(Line(LineKind.CURSOR, "B1"), speaking=Line(LineKind.CURSOR, "A0")) is True
    assert [line.text for line in queue.waiting] == ["B1"]
    with pytest.raises(ValueError):
        LineQueue(limit=0)


# ------------------------------------------------------------------ the log
def test_the_log_is_written_at_a_bounded_rate_with_timestamps(tmp_path):
    clock = FakeClock()
    path = tmp_path / "narration.log"
    log = NarrationLog(FileAppender(path), wall=lambda: 1_700_000_000.25, clock=clock, interval=1.0)
    log.write(Line(LineKind.CURSOR, "C5, covered"))
    log.tick()
    assert not path.exists(), "nothing is written before the interval has passed"
    clock.advance(1.0)
    log.write(Line(LineKind.RESULT, "12 squares opened"))
    log.tick()
    stamp = timestamp(1_700_000_000.25)
    assert path.read_text(encoding="utf-8") == f"{stamp} cursor: C5, covered\n{stamp} result: 12 squares opened\n"
    assert stamp.endswith(".250")


def test_the_log_appends_to_what_is_there(tmp_path):
    path = tmp_path / "narration.log"
    path.write_text("earlier\n", encoding="utf-8")
    log = NarrationLog(FileAppender(path), wall=lambda: 0.0, clock=FakeClock())
    log.write(Line(LineKind.END, "game won in 3 seconds"))
    log.close()
    assert path.read_text(encoding="utf-8").splitlines()[0] == "earlier"
    assert path.read_text(encoding="utf-8").endswith("end: game won in 3 seconds\n")


def test_a_line_cannot_forge_another_line_in_the_log(tmp_path):
    path = tmp_path / "narration.log"
    log = NarrationLog(FileAppender(path), wall=lambda: 0.0, clock=FakeClock())
    log.write(Line(LineKind.REQUESTER, "Open x\n2099-01-01T00:00:00.000 end: game won in 1 second"))
    log.close()
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1


@pytest.mark.parametrize("where", ["folder", "missing-folder"])
def test_a_log_that_cannot_be_written_says_why_and_the_game_goes_on(tmp_path, where):
    path = tmp_path if where == "folder" else tmp_path / "no" / "such" / "n.log"
    clock = FakeClock()
    voice = FakeVoice(clock)
    narr = Narrator(voice, NarrationLog(FileAppender(path), clock=clock, interval=0))
    narr.say(LineKind.RESULT, "12 squares opened")
    narr.update()
    assert voice.said == ["12 squares opened"]
    assert narr.problem is not None and str(path) in narr.problem


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_is_refused_without_waiting_for_a_reader(tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    appender = FileAppender(pipe)
    appender.append(b"x\n")
    assert appender.problem is not None


@pytest.mark.skipif(sys.platform == "win32", reason="no /dev/null device file on Windows")
def test_a_device_is_refused():
    appender = FileAppender(Path(os.devnull))
    appender.append(b"x\n")
    assert "not a plain file" in appender.problem


def test_the_threaded_writer_writes_off_the_callers_thread(tmp_path):
    seen = []

    class Recording:
        problem = None

        def append(self, data):
            seen.append((threading.current_thread().name, data))

        def close(self):
            seen.append(("closed", b""))

    writer = ThreadedAppender(Recording())
    log = NarrationLog(writer, wall=lambda: 0.0, clock=FakeClock(), interval=0)
    log.write(Line(LineKind.RESULT, "one"))
    log.tick()
    log.close()
    assert seen[0][0] == "narration-log" and seen[0][1].endswith(b"result: one\n")
    assert seen[-1] == ("closed", b"")


def test_the_threaded_writer_drops_chunks_rather_than_wait(tmp_path):
    release = threading.Event()

    class Stuck:
        problem = None

        def append(self, data):
            release.wait(5)

        def close(self):
            pass

    writer = ThreadedAppender(Stuck())
    for _ in range(200):
        writer.append(b"x\n")
    assert writer.lost > 0
    release.set()
    writer.close()


def test_two_logs_appending_to_one_file_keep_whole_lines(tmp_path):
    path = tmp_path / "shared.log"
    logs = [NarrationLog(FileAppender(path), wall=lambda: 0.0, clock=FakeClock(), interval=0) for _ in range(2)]
    for n in range(200):
        for i, log in enumerate(logs):
            log.write(Line(LineKind.RESULT, f"copy {i} line {n}"))
            log.tick()
    for log in logs:
        log.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 400 and all(line.startswith(timestamp(0.0)) for line in lines)

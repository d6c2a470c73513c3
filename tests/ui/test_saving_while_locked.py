"""The frame loop never waits for the data folder's lock: with another copy
stopped (SIGSTOP) while it holds the lock, this copy plays on, keeps its
changes, tells the player they wait, and saves them once the lock is free."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from amigasweeper.storage import BEST_TIMES_FILE, LOCK_TIMEOUT, SETTINGS_FILE
from amigasweeper.storage.locking import TELL_AFTER
from amigasweeper.ui.drive.frameclock import FPS

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs SIGSTOP (POSIX)")

HOLDER = """
import sys, time
from pathlib import Path
from amigasweeper.storage import FolderLock
with FolderLock(Path(sys.argv[1])):
    print("held", flush=True)
    time.sleep(120)
"""


@pytest.fixture
def stopped_holder(tmp_path):
    """Another copy that took the lock of tmp_path/data and was stopped."""
    folder = tmp_path / "data"
    folder.mkdir()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        os.kill(holder.pid, signal.SIGSTOP)
        yield folder, holder
    finally:
        if holder.poll() is None:
            os.kill(holder.pid, signal.SIGCONT)
            holder.kill()
            holder.wait(timeout=30)


def timed_steps(pilot, frames):
    """The longest wall time one frame took."""
    longest = 0.0
    for _ in range(frames):
        started = time.monotonic()
        pilot.step()
        longest = max(longest, time.monotonic() - started)
    return longest


def test_frames_flow_while_a_stopped_copy_holds_the_lock_and_nothing_is_lost(make_app, stopped_holder):
    folder, holder = stopped_holder
    started = time.monotonic()
    app, pilot = make_app(data_dir=folder)
    assert time.monotonic() - started < LOCK_TIMEOUT  # start-up did not wait for the lock either
    marks = app.storage.settings.marks
    app.commands.toggle_marks()  # a setting changed: its save finds the folder locked
    assert app.storage.record_time("beginner", 7, "Ada") is None  # a best time too
    assert app.storage.waiting and not (folder / SETTINGS_FILE).exists()
    # A frame that waited would take LOCK_TIMEOUT (5 s); frames go on at once.
    assert timed_steps(pilot, int(TELL_AFTER * FPS) + 30) < LOCK_TIMEOUT / 2
    told = [r for r in app.requesters if r.title == "Saved Data"]
    assert len(told) == 1 and "not saved yet" in " ".join(told[0].lines)
    assert app.storage.waiting  # still kept in memory
    os.kill(holder.pid, signal.SIGCONT)
    holder.kill()  # its lock ends with it
    holder.wait(timeout=30)
    pilot.step(FPS)
    assert not app.storage.waiting
    settings = json.loads((folder / SETTINGS_FILE).read_text())
    best = json.loads((folder / BEST_TIMES_FILE).read_text())
    assert settings["marks"] is (not marks) and "Ada" in json.dumps(best)


def test_quitting_waits_a_bounded_time_and_says_what_stayed_unsaved(make_app, stopped_holder, capsys):
    folder, _holder = stopped_holder
    app, pilot = make_app(data_dir=folder)
    app.commands.toggle_marks()
    started = time.monotonic()
    app.request_quit()
    assert time.monotonic() - started < 2 * LOCK_TIMEOUT
    assert "could not be saved" in capsys.readouterr().err


def test_a_game_that_ends_while_a_stopped_copy_holds_the_lock_waits_and_is_kept(make_app, stopped_holder):
    """The games file is appended under the same lock: a game that ends while
    another copy holds it waits in memory, frames flow, and it is added as
    soon as the lock is free."""
    folder, holder = stopped_holder
    app, pilot = make_app(data_dir=folder)
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    mine = next(iter(app.game.mine_cells()))
    started = time.monotonic()
    pilot.click_cell(mine)  # lost: the game ends and its record finds the folder locked
    pilot.step(5)
    assert time.monotonic() - started < LOCK_TIMEOUT / 2
    store = app.ending.desk.keeper.store
    assert store.load().records == []  # nothing appended yet...
    assert len(app.ending.jobs) == 1  # ...but kept in memory, in the one queue of games that ended
    assert timed_steps(pilot, int(TELL_AFTER * FPS) + 30) < LOCK_TIMEOUT / 2
    assert any(r.title == "Saved Data" and "holding the data folder" in " ".join(r.lines) for r in app.requesters)
    os.kill(holder.pid, signal.SIGCONT)
    holder.kill()
    holder.wait(timeout=30)
    pilot.step(FPS)
    records = store.load().records
    assert [r.result for r in records] == ["lost"] and not app.ending.busy

"""Saves that must not wait (the frame loop's) wait in memory instead, and
are saved by a later try once the lock is free."""

from __future__ import annotations

import json
import time

import pytest

from amigasweeper.storage import SETTINGS_FILE, FolderLock, LockTimeout, Storage
from amigasweeper.storage.locking import RETRY_EVERY, TELL_AFTER

fcntl = pytest.importorskip("fcntl")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_lock_asked_not_to_wait_gives_up_at_once(tmp_path):
    with FolderLock(tmp_path):
        started = time.monotonic()
        with pytest.raises(LockTimeout):
            with FolderLock(tmp_path, timeout=0):
                pass
        assert time.monotonic() - started < 1  # the other way takes the whole timeout (5 s)


def test_a_save_that_finds_the_lock_taken_waits_then_is_saved(tmp_path):
    store = Storage(tmp_path)
    store.load()
    store.lock_wait, store.clock = 0, Clock()
    with FolderLock(tmp_path):
        assert store.change_settings(marks=False) is None and store.waiting
        store.clock.now = RETRY_EVERY
        assert store.retry_waiting() is None and store.waiting
        store.clock.now = TELL_AFTER + 1
        message = store.retry_waiting()
        assert message and "not saved yet" in message
        store.clock.now += 1
        assert store.retry_waiting() is None  # told once
    store.clock.now += 1
    assert store.retry_waiting() is None and not store.waiting
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["marks"] is False


def test_flush_waits_only_as_long_as_it_is_told(tmp_path):
    store = Storage(tmp_path)
    store.load()
    store.lock_wait = 0
    with FolderLock(tmp_path):
        store.change_settings(marks=False)
        started = time.monotonic()
        assert "could not be saved" in store.flush(0.2)
        assert time.monotonic() - started < 3
    assert store.flush(0.2) is None and not store.waiting


def test_the_waiting_rule_tries_again_after_a_while_and_tells_once():
    from amigasweeper.storage.locking import LockWait

    wait = LockWait()
    assert not wait.waiting and wait.due(0.0)
    wait.tried(1.0)
    wait.locked(1.0)
    assert wait.waiting and not wait.due(1.0 + RETRY_EVERY / 2) and wait.due(1.0 + RETRY_EVERY)
    assert not wait.tell(1.0 + TELL_AFTER / 2)
    assert wait.tell(1.0 + TELL_AFTER) and not wait.tell(2.0 + TELL_AFTER)  # once
    wait.free()
    wait.locked(10.0)
    assert not wait.tell(10.0 + TELL_AFTER / 2) and wait.tell(10.0 + TELL_AFTER)  # timed from its own start

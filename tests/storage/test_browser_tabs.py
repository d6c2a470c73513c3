"""Two browser tabs share one localStorage: each re-reads before it writes,
and the ``storage`` event tells a tab that the other one saved."""

from __future__ import annotations

import json

from amigasweeper.storage import BestTime, DuelRecord, LocalStorageBackend, Storage


class SharedLocalStorage:
    """One origin's localStorage; every write is announced to the *other* tabs,
    as browsers do with the ``storage`` event."""

    def __init__(self):
        self.items: dict[str, str] = {}
        self.tabs: list[FakeTab] = []
        self.quota: int | None = None  # characters in all

    def tab(self) -> FakeTab:
        tab = FakeTab(self)
        self.tabs.append(tab)
        return tab

    def _set(self, writer, key, value):
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise RuntimeError("QuotaExceededError")
        self.items[key] = value
        self._announce(writer, key)

    def _remove(self, writer, key):
        self.items.pop(key, None)
        self._announce(writer, key)

    def _announce(self, writer, key):
        for tab in self.tabs:
            if tab is not writer:
                for listener in tab.listeners.get("storage", []):
                    listener(type("StorageEvent", (), {"key": key})())


class FakeTab:
    """window.localStorage of one tab, and the window it listens on."""

    def __init__(self, shared):
        self.shared = shared
        self.listeners: dict[str, list] = {}

    def getItem(self, key):  # noqa: N802 - the JavaScript names
        return self.shared.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.shared._set(self, key, value)

    def removeItem(self, key):  # noqa: N802
        self.shared._remove(self, key)

    def addEventListener(self, kind, listener):  # noqa: N802
        self.listeners.setdefault(kind, []).append(listener)


def open_tab(shared: SharedLocalStorage) -> Storage:
    tab = shared.tab()
    store = Storage(backend=LocalStorageBackend(tab, events=tab))
    assert store.load().problems == []
    return store


def test_two_tabs_keep_each_others_records():
    shared = SharedLocalStorage()
    first, second = open_tab(shared), open_tab(shared)
    for n in range(20):
        first.record_duel("computer-easy", "win")
        second.record_duel("computer-easy", "loss")
        second.record_time("beginner", 60 - n, "Bob")
    first.record_time("expert", 100, "Ada")
    loaded = open_tab(shared).best_times
    assert loaded.duel("computer-easy") == DuelRecord(20, 20)
    assert loaded["beginner"] == BestTime(41, "Bob") and loaded["expert"] == BestTime(100, "Ada")


def test_the_storage_event_shows_the_other_tabs_records():
    shared = SharedLocalStorage()
    first, second = open_tab(shared), open_tab(shared)
    assert first.refresh() is False
    second.record_time("intermediate", 77, "Bob")
    assert first.best_times["intermediate"] == BestTime()
    assert first.refresh() is True  # the event came in
    assert first.best_times["intermediate"] == BestTime(77, "Bob")
    assert first.refresh() is False
    second.change_settings(level="expert")  # settings are each tab's own
    assert first.refresh() is False


def test_a_damaged_value_too_big_to_copy_never_stops_later_saves():
    shared = SharedLocalStorage()
    shared.quota = 300_000
    damaged = "{" + "x" * 200_000  # fits once, not twice
    shared.items["amigasweeper/besttimes.json"] = damaged
    tab = shared.tab()
    store = Storage(backend=LocalStorageBackend(tab, events=tab))
    loaded = store.load()
    assert len(loaded.problems) == 1 and "kept as" in loaded.problems[0]
    aside = [k for k in shared.items if ".damaged-" in k]
    assert len(aside) == 1 and shared.items[aside[0]] == damaged  # moved whole
    assert store.record_time("beginner", 5, "Ada") is None
    assert json.loads(shared.items["amigasweeper/besttimes.json"])["best_times"]["beginner"]["seconds"] == 5


def test_a_damaged_value_too_big_even_to_move_keeps_its_beginning():
    shared = SharedLocalStorage()
    damaged = "{" + "y" * 200_000
    shared.items["amigasweeper/besttimes.json"] = damaged
    shared.quota = 150_000  # it no longer fits at all
    tab = shared.tab()
    store = Storage(backend=LocalStorageBackend(tab, events=tab))
    problems = store.load().problems
    assert len(problems) == 1 and "first 64 KB" in problems[0]
    aside = [k for k in shared.items if ".damaged-" in k]
    assert shared.items[aside[0]] == damaged[: 64 * 1024]
    assert store.record_duel("Bob", "win") is None
    assert open_tab(shared).best_times.duel("Bob") == DuelRecord(1)

"""Two copies of the program sharing one data folder keep each other's records,
and what this version does not understand is kept, not dropped."""

from __future__ import annotations

import json

from amigasweeper.storage import (
    BEST_TIMES_FILE,
    SETTINGS_FILE,
    BestTime,
    DuelRecord,
    FileBackend,
    MemoryBackend,
    Storage,
)


def two_copies(folder):
    first, second = Storage(folder), Storage(folder)
    assert first.load().problems == [] and second.load().problems == []
    return first, second


def on_disk(folder, name):
    return json.loads((folder / name).read_text())


def test_duel_results_add_up(tmp_path):
    first, second = two_copies(tmp_path)
    for _ in range(3):
        first.record_duel("computer-easy", "win")
    for _ in range(2):
        second.record_duel("computer-easy", "loss")
    second.record_duel("Bob", "draw")
    loaded = Storage(tmp_path).load()
    assert loaded.best_times.duel("computer-easy") == DuelRecord(3, 2, 0)
    assert loaded.best_times.duel("Bob") == DuelRecord(0, 0, 1)
    # the second copy saw the first's results when it saved
    assert second.best_times.duel("computer-easy") == DuelRecord(3, 2, 0)


def test_the_faster_best_time_is_kept_per_level(tmp_path):
    first, second = two_copies(tmp_path)
    first.record_time("beginner", 30, "Ada")
    first.record_time("expert", 300, "Ada")
    second.record_time("beginner", 40, "Bob")  # a record for the second copy, not on disk
    second.record_time("intermediate", 90, "Bob")
    times = Storage(tmp_path).load().best_times
    assert times["beginner"] == BestTime(30, "Ada")
    assert times["expert"] == BestTime(300, "Ada")
    assert times["intermediate"] == BestTime(90, "Bob")
    assert second.best_times["beginner"] == BestTime(30, "Ada")


def test_a_reset_forgets_what_the_other_copy_saved_before_it(tmp_path):
    first, second = two_copies(tmp_path)
    first.record_time("beginner", 30, "Ada")
    first.record_duel("computer-hard", "win")
    second.reset_best_times()
    loaded = Storage(tmp_path).load().best_times
    assert loaded["beginner"] == BestTime()
    assert loaded.duel("computer-hard") == DuelRecord(1)  # a reset of times keeps Duel results


def test_a_settings_change_touches_only_the_keys_that_changed(tmp_path):
    first, second = two_copies(tmp_path)
    first.change_settings(level="expert", look="kickstart2")
    # The UI saves all its choices; only the one that differs is this copy's change.
    second.change_settings(**{**vars(second.settings), "marks": False})
    settings = Storage(tmp_path).load().settings
    assert (settings.level, settings.look, settings.marks) == ("expert", "kickstart2", False)
    # the second copy's game keeps its own choices
    assert second.settings.level == "beginner"


def test_a_deleted_settings_file_gets_our_settings_back(tmp_path):
    store = Storage(tmp_path)
    store.load()
    store.change_settings(level="expert", marks=False)
    (tmp_path / SETTINGS_FILE).unlink()
    assert store.save_settings() is None  # nothing changed since: our values, not defaults
    settings = Storage(tmp_path).load().settings
    assert (settings.level, settings.marks) == ("expert", False)


def test_half_a_custom_size_from_each_copy_stays_valid(tmp_path):
    first, second = two_copies(tmp_path)
    first.set_custom(30, 2, 40)
    second.change_settings(custom_width=2)  # on disk: 2x2 with 40 mines, which cannot be
    assert Storage(tmp_path).load().settings.custom == (2, 2, 3)


def test_unknown_keys_survive_a_save(tmp_path):
    (tmp_path / BEST_TIMES_FILE).write_text(json.dumps({
        "version": 1,
        "best_times": {
            "beginner": {"seconds": 50, "name": "Ada", "date": "2026-11-20"},
            "expert": {"seconds": 500, "name": "Ada", "board": "x"},
            "hex-expert": {"seconds": 12, "name": "Future"},
        },
        "duels": {"Bob": {"wins": 1, "losses": 0, "draws": 0, "streak": 1}},
        "achievements": ["first win"],
    }))
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "level": "expert", "sound": "loud"}))
    store = Storage(tmp_path)
    assert store.load().problems == []
    store.record_time("expert", 400, "Bob")
    store.change_settings(marks=False)
    best = on_disk(tmp_path, BEST_TIMES_FILE)
    assert best["achievements"] == ["first win"]
    assert best["best_times"]["hex-expert"] == {"seconds": 12, "name": "Future"}
    assert best["best_times"]["beginner"]["date"] == "2026-11-20"  # the same record
    assert best["best_times"]["expert"] == {"seconds": 400, "name": "Bob"}  # a new record
    assert best["duels"]["Bob"]["streak"] == 1
    settings = on_disk(tmp_path, SETTINGS_FILE)
    assert settings["sound"] == "loud" and settings["marks"] is False
    assert settings["level"] == "expert"


def test_a_newer_version_is_read_and_never_overwritten(tmp_path):
    newer = {
        "version": 2,
        "best_times": {"beginner": {"seconds": 20, "name": "Ada"}, "expert": {"seconds": "fast"}},
        "duels": {"Bob": {"wins": 4}},
        "level_pack": "big",
    }
    original = json.dumps(newer).encode()
    (tmp_path / BEST_TIMES_FILE).write_bytes(original)
    store = Storage(tmp_path)
    loaded = store.load()
    assert loaded.best_times["beginner"] == BestTime(20, "Ada")
    assert loaded.best_times.duel("Bob") == DuelRecord(4)
    assert len(loaded.problems) == 1
    assert "newer version" in loaded.problems[0] and "never changed" in loaded.problems[0]
    assert store.record_time("beginner", 10, "Eve") is None  # told at start
    assert store.record_duel("Bob", "win") is None
    assert store.best_times["beginner"] == BestTime(10, "Eve")
    assert store.best_times.duel("Bob") == DuelRecord(5)
    assert store.in_memory_only
    assert (tmp_path / BEST_TIMES_FILE).read_bytes() == original
    assert list(tmp_path.glob("*.damaged-*")) == []
    assert store.change_settings(level="expert") is None  # the settings are still ours
    assert Storage(tmp_path).load().settings.level == "expert"


def test_a_newer_version_written_while_we_play_is_not_overwritten(tmp_path):
    store = Storage(tmp_path)
    store.load()
    store.record_time("beginner", 50, "Ada")
    newer = json.dumps({"version": 3, "best_times": {}}).encode()
    (tmp_path / BEST_TIMES_FILE).write_bytes(newer)
    message = store.record_time("beginner", 40, "Ada")
    assert message and "newer version" in message
    assert (tmp_path / BEST_TIMES_FILE).read_bytes() == newer
    assert store.best_times["beginner"] == BestTime(40, "Ada")


def test_damage_found_at_save_is_set_aside_and_the_save_goes_on(tmp_path):
    store = Storage(tmp_path)
    store.load()
    store.record_time("beginner", 50, "Ada")
    (tmp_path / BEST_TIMES_FILE).write_bytes(b"\x00 not json")
    message = store.record_duel("Bob", "win")
    assert message and "damaged" in message and "kept as" in message
    assert [p.read_bytes() for p in tmp_path.glob(f"{BEST_TIMES_FILE}.damaged-*")] == [b"\x00 not json"]
    times = Storage(tmp_path).load().best_times
    assert times.duel("Bob") == DuelRecord(1)


def test_a_duel_record_with_one_bad_count_keeps_the_others(tmp_path):
    (tmp_path / BEST_TIMES_FILE).write_text(json.dumps(
        {"version": 1, "duels": {"Bob": {"wins": 7, "losses": "many", "draws": 2}}}
    ))
    loaded = Storage(tmp_path).load()
    assert loaded.best_times.duel("Bob") == DuelRecord(7, 0, 2)
    assert len(loaded.problems) == 1 and "losses" in loaded.problems[0]
    assert Storage(tmp_path).load().best_times.duel("Bob") == DuelRecord(7, 0, 2)


def test_refresh_takes_in_the_other_copys_records(tmp_path):
    first, second = two_copies(tmp_path)
    assert second.refresh() is False  # nothing changed: nothing read
    first.record_time("expert", 200, "Ada")
    second.record_duel("Bob", "win")  # saved: it now knows Ada's time
    first.record_duel("Bob", "loss")
    assert second.best_times.duel("Bob") == DuelRecord(1)
    assert second.refresh() is True
    assert second.best_times.duel("Bob") == DuelRecord(1, 1)
    assert second.best_times["expert"] == BestTime(200, "Ada")
    assert second.refresh() is False


def test_refresh_keeps_unsaved_records_on_top(tmp_path):
    first = Storage(tmp_path)
    first.load()
    second = Storage(backend=FileBackend(tmp_path))
    second.load()
    (tmp_path / "blocker").write_text("x")
    second.backend.lock_timeout = 0.05
    with first.backend.lock():
        message = second.record_duel("Bob", "win")  # cannot get the lock: kept in memory
    assert message and "locked" in message
    first.record_duel("Bob", "loss")
    assert second.refresh() is True
    assert second.best_times.duel("Bob") == DuelRecord(1, 1)
    assert second.save_best_times() is None
    assert Storage(tmp_path).load().best_times.duel("Bob") == DuelRecord(1, 1)


def test_memory_backend_never_notices_changes():
    store = Storage(backend=MemoryBackend())
    store.load()
    store.record_duel("Bob", "win")
    assert store.refresh() is False

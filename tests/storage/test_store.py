"""Tests for amigasweeper.storage: settings and best times kept as JSON."""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
import subprocess
import sys
import tempfile
import types
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from amigasweeper import storage
from amigasweeper.storage import (
    BEST_TIMES_FILE,
    SETTINGS_FILE,
    BestTime,
    BestTimes,
    DuelRecord,
    FileBackend,
    LocalStorageBackend,
    MemoryBackend,
    Settings,
    Storage,
)

FILES = [SETTINGS_FILE, BEST_TIMES_FILE]
FIXED_NOW = datetime.datetime(2026, 11, 21, 23, 59, 59)


def fixed_now() -> datetime.datetime:
    return FIXED_NOW


def store_in(folder: Path) -> Storage:
    return Storage(backend=FileBackend(folder, now=fixed_now))


def aside_files(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.damaged-*"))


def temp_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(".*.tmp"))


def changed_data(store: Storage) -> None:
    store.change_settings(
        level="expert", marks=False, completion="either", look="kickstart2",
        screen_mode="hires", shape="hex", no_guess=True, last_name="Ada",
    )
    store.set_custom(20, 12, 50)
    store.change_settings(level="intermediate")
    store.record_time("beginner", 7, "Grace")
    store.record_time("custom", 42, "Linus")
    store.record_duel("computer-hard", "loss")
    store.record_duel("computer-hard", "win")
    store.record_duel("Bob", "draw")


# --------------------------------------------------------------------------
# Settings values


def test_settings_defaults():
    s = Settings()
    assert (s.level, s.custom, s.marks) == ("beginner", (8, 8, 10), True)
    assert (s.completion, s.look, s.screen_mode) == ("all_non_mines", "kickstart3", "lowres")
    assert (s.shape, s.no_guess, s.last_name) == ("square", False, "")


@pytest.mark.parametrize(
    "changes",
    [
        {"level": "impossible"},
        {"level": 3},
        {"custom_width": 33},
        {"custom_width": 1},
        {"custom_height": True},  # a bool is not a number here
        {"custom_mines": 0},
        {"custom_mines": 1024},
        {"custom_width": 2, "custom_height": 2, "custom_mines": 4},
        {"marks": 1},
        {"completion": "All Mines"},
        {"look": "kickstart1"},
        {"screen_mode": "superhires"},
        {"shape": "octagon"},
        {"no_guess": "yes"},
        {"strong_demo": "on"},
        {"last_name": 12},
        {"custom_width": 10**100},
    ],
)
def test_settings_reject_bad_values(changes):
    with pytest.raises(ValueError):
        dataclasses.replace(Settings(), **changes)


def test_settings_are_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Settings().level = "expert"  # type: ignore[misc]


def test_last_name_is_cleaned():
    s = Settings(last_name="  Ada\x00\n Lovelace " + "x" * 40)
    assert s.last_name == ("Ada Lovelace " + "x" * 40)[:24]
    assert Settings(last_name="\t\x07 ").last_name == ""


def test_settings_from_dict_ignores_unknown_and_missing_keys():
    s, faults = Settings.from_dict({"version": 1, "level": "expert", "colour": "pink"})
    assert s == Settings(level="expert")
    assert faults == []


def test_settings_from_dict_replaces_bad_values_and_reports_them():
    s, faults = Settings.from_dict(
        {"level": "custom", "custom_width": 10**30, "marks": "no", "look": "kickstart2"}
    )
    assert s == Settings(level="custom", look="kickstart2")
    assert len(faults) == 2
    assert "custom width" in faults[0] and "huge" in faults[0]
    assert "marks" in faults[1]


def test_settings_from_dict_clamps_too_many_mines_for_the_size():
    s, faults = Settings.from_dict({"custom_width": 3, "custom_height": 3, "custom_mines": 100})
    assert s.custom == (3, 3, 8)
    assert len(faults) == 1 and "custom mines" in faults[0]


def test_check_custom_says_what_is_allowed():
    storage.check_custom(32, 32, 1023)
    storage.check_custom(2, 2, 3)
    with pytest.raises(ValueError, match="between 2 and 32"):
        storage.check_custom(40, 8, 10)
    with pytest.raises(ValueError, match="between 1 and 3"):
        storage.check_custom(2, 2, 4)
    with pytest.raises(ValueError, match="whole number"):
        storage.check_custom("8", 8, 10)


# --------------------------------------------------------------------------
# Best times and Duel results


def test_best_times_defaults_and_records():
    times = BestTimes()
    for level in storage.LEVELS:
        assert times[level] == BestTime(999, "Anonymous")
    assert not times.is_record("beginner", 999)
    assert times.is_record("beginner", 998)
    assert times.record("beginner", 30, "  Ada  ")
    assert times["beginner"] == BestTime(30, "Ada")
    assert not times.is_record("beginner", 30)
    assert not times.record("beginner", 31, "Bob")
    assert times.record("beginner", 29, "")
    assert times["beginner"] == BestTime(29, "Anonymous")
    assert times.record("expert", -5, "x" * 100)
    assert times["expert"] == BestTime(0, "x" * 24)


def test_best_times_reset_and_forget_custom():
    times = BestTimes()
    times.record("custom", 10, "A")
    times.record("expert", 100, "B")
    times.record_duel("computer-easy", "win")
    assert times.forget_custom() is True
    assert times.forget_custom() is False
    assert times["custom"] == BestTime()
    assert times["expert"] == BestTime(100, "B")
    times.reset()
    assert times == BestTimes(duels={"computer-easy": DuelRecord(wins=1)})


def test_unknown_level_is_rejected():
    with pytest.raises(ValueError):
        BestTimes()["easy"]


def test_duel_records():
    times = BestTimes()
    assert times.duel("computer-normal") == DuelRecord()
    times.record_duel("computer-normal", "win")
    times.record_duel("computer-normal", "win")
    times.record_duel("computer-normal", "loss")
    times.record_duel(" Eve ", "draw")
    assert times.duel("computer-normal") == DuelRecord(2, 1, 0)
    assert times.duel("Eve") == DuelRecord(0, 0, 1)
    assert times.duel("Eve").played == 1
    with pytest.raises(ValueError):
        times.record_duel("computer-normal", "victory")
    with pytest.raises(ValueError):
        times.record_duel("   ", "win")
    big = DuelRecord(wins=storage.MAX_COUNT)
    assert big.added("win").wins == storage.MAX_COUNT
    times.reset_duels()
    assert times.duels == {}


def test_best_times_from_dict_keeps_good_entries():
    data = {
        "version": 1,
        "best_times": {
            "beginner": {"seconds": 12, "name": "Ada"},
            "expert": {"seconds": 5000, "name": "Cheat"},
            "custom": ["not", "an", "object"],
            "ultra": {"seconds": 1, "name": "?"},
        },
        "duels": {
            "computer-easy": {"wins": 3, "losses": 1, "draws": 0},
            "Bob": {"wins": -1},
            "  ": {"wins": 1},
        },
    }
    times, faults = BestTimes.from_dict(data)
    assert times["beginner"] == BestTime(12, "Ada")
    assert times["expert"] == BestTime() and times["custom"] == BestTime()
    # Bob's one count is bad: his record stays, with the valid counts (none)
    assert times.duels == {"computer-easy": DuelRecord(3, 1, 0), "Bob": DuelRecord()}
    assert len(faults) == 4


# --------------------------------------------------------------------------
# Files: round trip, damage, failures


def test_round_trip(tmp_path):
    store = Storage(tmp_path)
    assert store.load().problems == []
    changed_data(store)
    assert set(p.name for p in tmp_path.iterdir()) == {*FILES, storage.LOCK_FILE}
    assert all(p.name.startswith("amigasweeper") for p in tmp_path.iterdir())
    for name in FILES:
        assert json.loads((tmp_path / name).read_text())["version"] == 1

    again = Storage(tmp_path)
    loaded = again.load()
    assert loaded.problems == []
    assert loaded.settings == store.settings == again.settings
    assert loaded.best_times == store.best_times == again.best_times
    assert loaded.settings.custom == (20, 12, 50)
    assert loaded.settings.last_name == "Linus"
    assert loaded.best_times["custom"] == BestTime(42, "Linus")
    assert loaded.best_times.duel("computer-hard") == DuelRecord(1, 1, 0)
    assert loaded.best_times.duel("Bob") == DuelRecord(0, 0, 1)
    assert not again.in_memory_only


def test_missing_folder_is_created_on_first_save(tmp_path):
    folder = tmp_path / "a" / "b"
    store = Storage(folder)
    assert store.load().problems == []
    assert not folder.exists()
    assert store.save_settings() is None
    assert (folder / SETTINGS_FILE).is_file()


def _huge_number_document(name: str) -> bytes:
    if name == SETTINGS_FILE:
        return b'{"version": 1, "custom_mines": ' + b"9" * 5000 + b"}"
    return b'{"version": 1, "best_times": {"beginner": {"seconds": 1' + b"0" * 5000 + b"}}}"


DAMAGED = {
    "truncated": lambda name: json.dumps(
        Settings().to_dict() if name == SETTINGS_FILE else BestTimes().to_dict()
    ).encode()[:-7],
    "empty": lambda name: b"",
    "list": lambda name: b'[{"version": 1}]',
    "string": lambda name: b'"hello"',
    "binary garbage": lambda name: bytes(range(256)) * 4,
    "undecodable": lambda name: b'{"version": 1, "last_name": "\xff\xfe"}',
    "absent version": lambda name: b'{"level": "expert"}',
    "version zero": lambda name: b'{"version": 0}',
    "version as text": lambda name: b'{"version": "1"}',
    "version true": lambda name: b'{"version": true}',
    "huge number": _huge_number_document,
    "deep nesting": lambda name: b"[" * 100_000 + b"]" * 100_000,
    "too large": lambda name: b'{"version": 1, "pad": "' + b"x" * (1 << 20) + b'"}',
}


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("kind", sorted(DAMAGED))
def test_damaged_file_is_set_aside(tmp_path, name, kind):
    original = DAMAGED[kind](name)
    (tmp_path / name).write_bytes(original)
    store = store_in(tmp_path)
    loaded = store.load()

    assert loaded.settings == Settings()
    assert loaded.best_times == BestTimes()
    assert len(loaded.problems) == 1
    aside = tmp_path / f"{name}.damaged-20261121-235959"
    assert aside.read_bytes() == original
    problem = loaded.problems[0]
    assert problem.startswith(name) and aside.name in problem
    # the file was replaced by a good one: next time all is well
    assert store_in(tmp_path).load().problems == []
    assert aside.read_bytes() == original


@pytest.mark.parametrize(
    ("name", "document", "check"),
    [
        (
            SETTINGS_FILE,
            {"version": 1, "level": "expert", "marks": "off", "custom_width": 1e300},
            lambda loaded: loaded.settings == Settings(level="expert"),
        ),
        (
            BEST_TIMES_FILE,
            {"version": 1, "best_times": {"expert": {"seconds": 77, "name": "Ada"},
                                          "beginner": {"seconds": "fast"}}},
            lambda loaded: loaded.best_times["expert"] == BestTime(77, "Ada")
            and loaded.best_times["beginner"] == BestTime(),
        ),
        (
            BEST_TIMES_FILE,
            {"version": 1, "best_times": [], "duels": {"Bob": {"wins": 2}}},
            lambda loaded: loaded.best_times == BestTimes(duels={"Bob": DuelRecord(2)}),
        ),
    ],
)
def test_file_with_bad_values_is_kept_and_good_values_used(tmp_path, name, document, check):
    original = json.dumps(document).encode()
    (tmp_path / name).write_bytes(original)
    loaded = store_in(tmp_path).load()
    assert check(loaded)
    assert len(loaded.problems) == 1
    assert "bad values" in loaded.problems[0]
    assert aside_files(tmp_path, name)[0].read_bytes() == original
    again = store_in(tmp_path).load()
    assert again.problems == []
    assert again.settings == loaded.settings and again.best_times == loaded.best_times


def test_both_files_damaged_gives_two_problems(tmp_path):
    for name in FILES:
        (tmp_path / name).write_bytes(b"\x00garbage")
    problems = store_in(tmp_path).load().problems
    assert len(problems) == 2
    assert problems[0].startswith(SETTINGS_FILE) and problems[1].startswith(BEST_TIMES_FILE)


def test_folder_where_the_file_should_be(tmp_path):
    (tmp_path / BEST_TIMES_FILE).mkdir()
    (tmp_path / BEST_TIMES_FILE / "inside.txt").write_text("keep me")
    store = store_in(tmp_path)
    loaded = store.load()
    assert loaded.best_times == BestTimes()
    assert len(loaded.problems) == 1 and "could not be read" in loaded.problems[0]
    aside = tmp_path / f"{BEST_TIMES_FILE}.damaged-20261121-235959"
    assert (aside / "inside.txt").read_text() == "keep me"
    assert (tmp_path / BEST_TIMES_FILE).is_file()
    assert store.record_time("expert", 50, "Ada") is None
    assert store_in(tmp_path).load().best_times["expert"] == BestTime(50, "Ada")


def test_set_aside_names_are_unique_and_never_overwrite(tmp_path):
    taken = tmp_path / f"{SETTINGS_FILE}.damaged-20261121-235959"
    taken.write_bytes(b"older damage")
    for n in range(3):
        (tmp_path / SETTINGS_FILE).write_bytes(b"damage %d" % n)
        assert len(store_in(tmp_path).load().problems) == 1
    assert taken.read_bytes() == b"older damage"
    assert [p.read_bytes() for p in aside_files(tmp_path, SETTINGS_FILE)[1:]] == [
        b"damage 0", b"damage 1", b"damage 2"
    ]
    assert [p.name[-2:] for p in aside_files(tmp_path, SETTINGS_FILE)[1:]] == ["-2", "-3", "-4"]


def test_unreadable_file_that_cannot_be_set_aside_is_never_overwritten(tmp_path, monkeypatch):
    (tmp_path / SETTINGS_FILE).write_bytes(b"precious")
    backend = FileBackend(tmp_path, now=fixed_now)

    def refuse(name):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(backend, "read", refuse)
    monkeypatch.setattr(backend, "set_aside", refuse)
    store = Storage(backend=backend)
    loaded = store.load()
    assert loaded.settings == Settings()
    assert len(loaded.problems) == 2  # one per file
    assert "could not be set aside" in loaded.problems[0]
    assert store.change_settings(level="expert") is None
    assert (tmp_path / SETTINGS_FILE).read_bytes() == b"precious"
    assert store.settings.level == "expert"
    assert store.in_memory_only


def test_unwritable_folder_is_reported_at_load_and_play_goes_on_in_memory(tmp_path):
    blocker = tmp_path / "plain-file"
    blocker.write_text("I am not a folder")
    store = Storage(blocker / "data")
    loaded = store.load()
    assert len(loaded.problems) == 1 and loaded.folder_problem == loaded.problems[0]
    assert "plain-file is not a folder" in loaded.folder_problem
    assert SETTINGS_FILE not in loaded.folder_problem
    assert store.save_settings() is None  # the player was told at start
    assert store.change_settings(level="expert") is None
    assert store.settings.level == "expert"
    assert store.record_time("beginner", 20, "Ada") is None
    assert store.best_times["beginner"] == BestTime(20, "Ada")
    assert store.in_memory_only
    assert blocker.read_text() == "I am not a folder"


def test_folder_that_fails_later_reports_once(tmp_path):
    folder = tmp_path / "data"
    store = Storage(folder)
    assert store.load().problems == []
    folder.parent.joinpath("data").write_text("now a file")  # the folder was never made
    message = store.save_settings()
    assert message and "could not be saved" in message
    assert store.save_settings() is None  # said once
    message = store.record_time("beginner", 20, "Ada")
    assert message and "best times" in message and "settings" not in message
    assert store.in_memory_only


def test_failing_rename_keeps_old_file_and_reports_once(tmp_path, monkeypatch):
    store = Storage(tmp_path)
    store.load()
    store.change_settings(level="expert")
    before = (tmp_path / SETTINGS_FILE).read_bytes()

    def no_replace(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", no_replace)
    message = store.change_settings(level="beginner")
    assert message and "No space left on device" in message
    assert store.change_settings(level="custom") is None
    assert (tmp_path / SETTINGS_FILE).read_bytes() == before
    assert temp_files(tmp_path) == []
    monkeypatch.undo()
    assert store.save_settings() is None  # works again
    assert not store.in_memory_only
    assert Storage(tmp_path).load().settings.level == "custom"


def test_repair_that_cannot_be_saved_is_reported(tmp_path, monkeypatch):
    (tmp_path / SETTINGS_FILE).write_bytes(b"junk")
    backend = FileBackend(tmp_path, now=fixed_now)

    def no_write(name, data):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(backend, "write", no_write)
    problems = Storage(backend=backend).load().problems
    assert len(problems) == 2
    assert "kept as" in problems[0] and "Read-only" in problems[1]


@pytest.mark.parametrize("interruption", [KeyboardInterrupt, OSError])
def test_crash_in_the_middle_of_a_write_leaves_the_old_file(tmp_path, monkeypatch, interruption):
    store = Storage(tmp_path)
    store.load()
    store.record_time("expert", 100, "Ada")
    before = (tmp_path / BEST_TIMES_FILE).read_bytes()

    real_fsync = os.fsync

    def crash(fd):
        # the new data is in the temporary file, but not yet in place
        assert os.fstat(fd).st_size > 0
        raise interruption("pulled the plug")

    monkeypatch.setattr(os, "fsync", crash)
    if interruption is KeyboardInterrupt:
        with pytest.raises(KeyboardInterrupt):
            store.record_time("expert", 90, "Bob")
    else:
        message = store.record_time("expert", 90, "Bob")
        assert message.startswith("The best times and the settings could not be saved")
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert (tmp_path / BEST_TIMES_FILE).read_bytes() == before
    assert temp_files(tmp_path) == []
    assert Storage(tmp_path).load().best_times["expert"] == BestTime(100, "Ada")


def test_process_killed_while_writing_leaves_the_old_file(tmp_path):
    store = Storage(tmp_path)
    store.load()
    store.record_time("beginner", 33, "Ada")
    before = (tmp_path / BEST_TIMES_FILE).read_bytes()
    script = f"""
import os
from amigasweeper.storage import Storage
store = Storage({str(tmp_path)!r})
store.load()
def die(handle):
    os._exit(9)  # killed after the data went into the temporary file
os.fsync = die
store.record_time("beginner", 5, "Bob")
"""
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=Path(storage.__file__).parents[2]
    )
    assert result.returncode == 9
    assert (tmp_path / BEST_TIMES_FILE).read_bytes() == before
    loaded = Storage(tmp_path).load()
    assert loaded.problems == []
    assert loaded.best_times["beginner"] == BestTime(33, "Ada")


def test_crash_while_serialising_touches_nothing(tmp_path, monkeypatch):
    store = Storage(tmp_path)
    store.load()
    store.change_settings(level="expert")
    before = (tmp_path / SETTINGS_FILE).read_bytes()

    def explode(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(json, "dumps", explode)  # what storage encodes its documents with
    with pytest.raises(KeyboardInterrupt):
        store.change_settings(level="beginner")
    monkeypatch.undo()
    assert (tmp_path / SETTINGS_FILE).read_bytes() == before
    assert temp_files(tmp_path) == []


# --------------------------------------------------------------------------
# Custom settings forget the Custom best time


def test_changing_custom_forgets_custom_best_time(tmp_path):
    store = Storage(tmp_path)
    store.load()
    assert store.set_custom(10, 10, 20) is None
    assert store.settings.level == "custom"
    store.record_time("custom", 50, "Ada")
    store.record_time("expert", 150, "Ada")

    store.set_custom(10, 10, 20)  # the same size: kept
    assert store.best_times["custom"] == BestTime(50, "Ada")

    store.set_custom(10, 10, 21)
    assert store.best_times["custom"] == BestTime()
    assert store.best_times["expert"] == BestTime(150, "Ada")
    loaded = Storage(tmp_path).load()
    assert loaded.best_times["custom"] == BestTime()
    assert loaded.settings.custom == (10, 10, 21)


def test_change_settings_of_custom_size_also_forgets(tmp_path):
    store = Storage(tmp_path)
    store.load()
    store.record_time("custom", 50, "Ada")
    store.change_settings(marks=False)
    assert store.best_times["custom"] == BestTime(50, "Ada")
    store.change_settings(custom_height=9)
    assert store.best_times["custom"] == BestTime()


def test_bad_custom_size_changes_nothing(tmp_path):
    store = Storage(tmp_path)
    store.load()
    store.record_time("custom", 50, "Ada")
    before = store.settings
    for bad in [(33, 8, 10), (8, 8, 64), (8, 8, 0), ("8", 8, 10)]:
        with pytest.raises(ValueError):
            store.set_custom(*bad)
    assert store.settings == before
    assert store.best_times["custom"] == BestTime(50, "Ada")


def test_record_time_remembers_the_name_only_for_records(tmp_path):
    store = Storage(tmp_path)
    store.load()
    assert store.record_time("beginner", 999, "Nobody") is None
    assert store.settings.last_name == ""
    store.record_time("beginner", 40, "  Ada ")
    assert store.settings.last_name == "Ada"
    assert Storage(tmp_path).load().settings.last_name == "Ada"


def test_reset_best_times(tmp_path):
    store = Storage(tmp_path)
    store.load()
    store.record_time("beginner", 40, "Ada")
    store.record_duel("computer-easy", "win")
    assert store.reset_best_times() is None
    loaded = Storage(tmp_path).load()
    assert loaded.best_times == BestTimes(duels={"computer-easy": DuelRecord(1)})


# --------------------------------------------------------------------------
# The browser: localStorage through a fake


class FakeLocalStorage:
    """Behaves like window.localStorage as Pyodide shows it."""

    def __init__(self):
        self.items: dict[str, str] = {}
        self.full = False

    def getItem(self, key):  # noqa: N802 - the JavaScript name
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        if self.full:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        assert isinstance(value, str)
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


def test_local_storage_round_trip():
    fake = FakeLocalStorage()
    store = Storage(backend=LocalStorageBackend(fake))
    assert store.load().problems == []
    changed_data(store)
    assert set(fake.items) == {"amigasweeper/settings.json", "amigasweeper/besttimes.json"}
    assert json.loads(fake.items["amigasweeper/settings.json"])["version"] == 1
    again = Storage(backend=LocalStorageBackend(fake))
    loaded = again.load()
    assert loaded.problems == []
    assert loaded.settings == store.settings
    assert loaded.best_times == store.best_times


@pytest.mark.parametrize("value", ["{not json", "[]", "\ud800 lone surrogate", '{"version": -1}'])
def test_local_storage_damage_is_set_aside(value):
    fake = FakeLocalStorage()
    fake.items["amigasweeper/besttimes.json"] = value
    backend = LocalStorageBackend(fake, now=fixed_now)
    loaded = Storage(backend=backend).load()
    assert loaded.best_times == BestTimes()
    assert len(loaded.problems) == 1
    assert "besttimes.json.damaged-20261121-235959" in loaded.problems[0]
    assert fake.items["amigasweeper/besttimes.json.damaged-20261121-235959"] == value
    assert json.loads(fake.items["amigasweeper/besttimes.json"])["version"] == 1
    # a second damage in the same second goes to a new key
    fake.items["amigasweeper/besttimes.json"] = value
    Storage(backend=backend).load()
    assert fake.items["amigasweeper/besttimes.json.damaged-20261121-235959-2"] == value


def test_local_storage_full_keeps_playing():
    fake = FakeLocalStorage()
    store = Storage(backend=LocalStorageBackend(fake))
    store.load()
    fake.full = True
    message = store.record_time("expert", 80, "Ada")
    assert message and "QuotaExceeded" in message
    assert store.best_times["expert"] == BestTime(80, "Ada")
    fake.full = False
    assert store.save_best_times() is None
    assert Storage(backend=LocalStorageBackend(fake)).load().best_times["expert"].seconds == 80


def test_local_storage_null_like_values_are_absent():
    class JsNull:  # what newer Pyodide may hand back for null
        pass

    fake = FakeLocalStorage()
    fake.getItem = lambda key: JsNull()  # type: ignore[method-assign]
    assert LocalStorageBackend(fake).read(SETTINGS_FILE) is None


def test_browser_uses_local_storage_automatically(monkeypatch):
    fake = FakeLocalStorage()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(
        sys.modules, "js", types.SimpleNamespace(window=types.SimpleNamespace(localStorage=fake))
    )
    store = Storage()
    assert isinstance(store.backend, LocalStorageBackend)
    store.load()
    store.change_settings(level="expert")
    assert "amigasweeper/settings.json" in fake.items
    assert storage.default_folder(lambda vendor, app: "/home/web_user") is None
    assert not Storage.for_platform(lambda vendor, app: "/x").load().problems


def test_browser_without_local_storage_plays_in_memory(monkeypatch):
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace())  # no window
    store = Storage()
    assert isinstance(store.backend, MemoryBackend)
    problems = store.load().problems
    assert len(problems) == 1 and "browser" in problems[0]
    assert store.change_settings(level="expert") is None
    assert store.in_memory_only


# --------------------------------------------------------------------------
# Choosing the folder


def test_default_folder(tmp_path, monkeypatch):
    monkeypatch.delenv(storage.DATA_DIR_ENV, raising=False)
    calls = []

    def user_data_dir(vendor, app):
        calls.append((vendor, app))
        return str(tmp_path) + os.sep

    assert storage.default_folder(user_data_dir) == tmp_path
    assert calls == [("AmigaSweeper", "AmigaSweeper")]
    assert storage.default_folder(str(tmp_path)) == tmp_path
    assert storage.default_folder(None) is None

    def broken(vendor, app):
        raise RuntimeError("no home")

    assert storage.default_folder(broken) is None
    monkeypatch.setenv(storage.DATA_DIR_ENV, str(tmp_path / "override"))
    assert storage.default_folder(user_data_dir) == tmp_path / "override"


def test_for_platform(tmp_path, monkeypatch):
    monkeypatch.delenv(storage.DATA_DIR_ENV, raising=False)
    store = Storage.for_platform(str(tmp_path))
    assert isinstance(store.backend, FileBackend) and store.backend.folder == tmp_path
    assert store.load().problems == []

    lost = Storage.for_platform(None)
    assert isinstance(lost.backend, MemoryBackend)
    assert len(lost.load().problems) == 1
    assert lost.in_memory_only


def test_no_folder_means_memory(tmp_path):
    store = Storage()
    assert isinstance(store.backend, MemoryBackend)
    store.load()
    store.record_time("beginner", 3, "Ada")
    assert store.best_times["beginner"].seconds == 3




# --------------------------------------------------------------------------
# Properties: nothing in a file makes load() raise or lose data


def _check_any_content(name: str, content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        (folder / name).write_bytes(content)
        loaded = store_in(folder).load()
        assert isinstance(loaded.settings, Settings)
        assert isinstance(loaded.best_times, BestTimes)
        set_aside = aside_files(folder, name)
        if loaded.problems:
            assert [p.read_bytes() for p in set_aside] == [content]
        else:
            assert set_aside == []
            assert (folder / name).read_bytes() == content
        again = store_in(folder).load()
        assert again.problems == []
        assert again.settings == loaded.settings
        assert again.best_times == loaded.best_times


@hyp_settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(FILES), content=st.binary(max_size=300))
def test_any_bytes_never_make_load_raise(name, content):
    _check_any_content(name, content)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
    | st.sampled_from(["beginner", "custom", "hex", "kickstart2", "hires", "either"]),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)
setting_keys = st.sampled_from([f.name for f in dataclasses.fields(Settings)])
best_keys = st.sampled_from(["best_times", "duels"])
entry_keys = st.sampled_from(list(storage.LEVELS) + ["computer-easy", "Bob", ""])
entries = st.dictionaries(
    entry_keys,
    st.dictionaries(st.sampled_from(["seconds", "name", "wins", "losses", "draws"]), json_values)
    | json_values,
    max_size=5,
)


@hyp_settings(max_examples=150, deadline=None)
@given(
    name=st.sampled_from(FILES),
    document=st.fixed_dictionaries(
        {"version": st.just(1)},
        optional={"settings": st.dictionaries(setting_keys, json_values)},
    ),
    best=st.dictionaries(best_keys, entries | json_values),
)
@pytest.mark.slow
def test_any_json_document_never_makes_load_raise(name, document, best):
    content_dict = dict(document.pop("settings", {}), **document, **best)
    content = json.dumps(content_dict, allow_nan=True).encode()
    _check_any_content(name, content)


def test_long_fault_lists_are_summarised(tmp_path):
    duels = {f"player {n}": {"wins": -n - 1} for n in range(50)}
    (tmp_path / BEST_TIMES_FILE).write_text(json.dumps({"version": 1, "duels": duels}))
    problems = store_in(tmp_path).load().problems
    assert len(problems) == 1
    assert "and 47 more" in problems[0]
    assert len(problems[0]) < 400

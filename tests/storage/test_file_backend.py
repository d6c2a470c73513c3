"""The desktop back end: only our files, symlinks, FIFOs, leftovers of
interrupted saves, and folders that cannot be used."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from amigasweeper import storage
from amigasweeper.storage import (
    BEST_TIMES_FILE,
    LOCK_FILE,
    SETTINGS_FILE,
    BestTime,
    FileBackend,
    Settings,
    Storage,
)

REPO = Path(storage.__file__).parents[2]
posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs and symlinks as POSIX has them")


def test_only_our_files_are_touched_in_a_shared_folder(tmp_path):
    others = {
        "settings.json": b"another program's settings",
        "besttimes.json": b"{not ours",
        ".settings.json.abc.tmp": b"another program's temporary file",
        "notes.txt": b"hello",
    }
    for name, data in others.items():
        (tmp_path / name).write_bytes(data)
    store = Storage(tmp_path)
    assert store.load().problems == []
    store.change_settings(level="expert")
    store.record_time("beginner", 9, "Ada")
    Storage(tmp_path).load()
    for name, data in others.items():
        assert (tmp_path / name).read_bytes() == data
    ours = {p.name for p in tmp_path.iterdir()} - set(others)
    assert ours == {SETTINGS_FILE, BEST_TIMES_FILE, LOCK_FILE}


def test_temporary_files_of_an_interrupted_save_are_removed_at_start(tmp_path):
    Storage(tmp_path).load()
    leftovers = [tmp_path / f".{SETTINGS_FILE}.k3j2x.tmp", tmp_path / f".{BEST_TIMES_FILE}.9q.tmp"]
    for path in leftovers:
        path.write_bytes(b'{"version": 1, "level": "half written')
    (tmp_path / ".other-program.json.x.tmp").write_bytes(b"not ours")
    assert Storage(tmp_path).load().problems == []
    assert not any(path.exists() for path in leftovers)
    assert (tmp_path / ".other-program.json.x.tmp").exists()


@posix_only
def test_a_fifo_is_set_aside_at_once_without_blocking(tmp_path):
    """A real process: before, opening the FIFO waited for a writer forever."""
    os.mkfifo(tmp_path / SETTINGS_FILE)
    code = (
        "import sys; from amigasweeper.storage import Storage\n"
        "store = Storage(sys.argv[1]); loaded = store.load()\n"
        "print(loaded.problems[0]); print(store.change_settings(level='expert'))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    problem, message = result.stdout.splitlines()
    assert "named pipe" in problem and "kept as" in problem
    assert message == "None"
    asides = list(tmp_path.glob(f"{SETTINGS_FILE}.damaged-*"))
    assert len(asides) == 1 and asides[0].is_fifo()
    assert Storage(tmp_path).load().settings.level == "expert"


@posix_only
def test_a_device_behind_a_link_is_set_aside(tmp_path):
    (tmp_path / BEST_TIMES_FILE).symlink_to(os.devnull)
    loaded = Storage(tmp_path).load()
    assert len(loaded.problems) == 1 and "device" in loaded.problems[0]
    assert (tmp_path / BEST_TIMES_FILE).is_file() and not (tmp_path / BEST_TIMES_FILE).is_symlink()


@posix_only
def test_a_data_file_that_is_a_link_is_written_through_it(tmp_path):
    folder, elsewhere = tmp_path / "data", tmp_path / "synced"
    folder.mkdir()
    elsewhere.mkdir()
    (elsewhere / "times.json").write_text(json.dumps({"version": 1, "best_times": {}}))
    (folder / BEST_TIMES_FILE).symlink_to(elsewhere / "times.json")
    store = Storage(folder)
    assert store.load().problems == []
    store.record_time("expert", 111, "Ada")
    assert (folder / BEST_TIMES_FILE).is_symlink()
    assert json.loads((elsewhere / "times.json").read_text())["best_times"]["expert"]["seconds"] == 111
    # a leftover beside the link's target is tidied too
    (elsewhere / ".times.json.zz.tmp").write_text("half")
    assert Storage(folder).load().best_times["expert"] == BestTime(111, "Ada")
    assert not (elsewhere / ".times.json.zz.tmp").exists()


def test_an_unreadable_folder_is_named_not_a_file(tmp_path, monkeypatch):
    folder = tmp_path / "locked"
    folder.mkdir()
    real_scandir = os.scandir

    def refuse(path="."):
        if Path(path) == folder:
            raise PermissionError(13, "Permission denied", str(folder))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", refuse)
    store = Storage(folder)
    loaded = store.load()
    assert loaded.problems == [loaded.folder_problem]
    assert str(folder) in loaded.folder_problem and "Permission denied" in loaded.folder_problem
    assert "json" not in loaded.folder_problem
    assert store.change_settings(level="expert") is None
    assert list(folder.iterdir()) == []  # never written where it could not be read


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any folder")
def test_a_really_unreadable_folder(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o300)
    try:
        loaded = Storage(folder).load()
    finally:
        folder.chmod(0o700)
    assert loaded.problems == [loaded.folder_problem]
    assert "cannot be read" in loaded.folder_problem and "json" not in loaded.folder_problem


def test_a_folder_that_cannot_be_made_is_reported_at_start(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    loaded = Storage(tmp_path / "new" / "data").load()
    assert loaded.folder_problem and "cannot be made" in loaded.folder_problem


def test_a_read_only_folder_is_read_and_reported(tmp_path, monkeypatch):
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "level": "expert"}))
    backend = FileBackend(tmp_path)

    def read_only(create=True):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(backend, "lock", read_only)
    store = Storage(backend=backend)
    loaded = store.load()
    assert loaded.settings == Settings(level="expert")
    assert loaded.folder_problem and "Read-only file system" in loaded.folder_problem
    assert store.change_settings(marks=False) is None  # told at start
    assert store.in_memory_only


def test_the_lock_keeps_a_second_holder_out_until_released(tmp_path):
    with storage.FolderLock(tmp_path):
        with pytest.raises(storage.LockTimeout):
            with storage.FolderLock(tmp_path, timeout=0.05):
                pass
    with storage.FolderLock(tmp_path, timeout=0.05):  # free again
        pass
    assert [p.name for p in tmp_path.iterdir()] == [LOCK_FILE]


def test_a_missing_folder_is_not_made_just_to_read(tmp_path):
    folder = tmp_path / "later"
    with storage.FolderLock(folder, create=False):
        pass
    assert not folder.exists()


def test_files_of_version_0_1_in_the_platform_folder_are_copied_once(tmp_path, monkeypatch):
    monkeypatch.delenv(storage.DATA_DIR_ENV, raising=False)
    old_settings = json.dumps({"version": 1, "level": "expert"}).encode()
    old_times = json.dumps({"version": 1, "best_times": {"beginner": {"seconds": 9, "name": "Ada"}}}).encode()
    (tmp_path / "settings.json").write_bytes(old_settings)
    (tmp_path / "besttimes.json").write_bytes(old_times)
    # --data-dir may be anybody's folder: files with the old names there are not ours
    assert Storage(tmp_path).load().settings == Settings()
    assert not (tmp_path / SETTINGS_FILE).exists()
    loaded = Storage.for_platform(str(tmp_path)).load()
    assert loaded.problems == []
    assert loaded.settings.level == "expert" and loaded.best_times["beginner"] == BestTime(9, "Ada")
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["level"] == "expert"
    assert (tmp_path / "settings.json").read_bytes() == old_settings  # left as it was
    assert (tmp_path / "besttimes.json").read_bytes() == old_times


class FakeMsvcrt:
    """msvcrt.locking as Windows has it: one byte locked per file, refused
    (OSError) to any other handle while held."""

    LK_NBLCK, LK_UNLCK = 2, 0

    def __init__(self):
        self.holders: dict[int, int] = {}  # inode -> handle holding it

    def locking(self, handle, mode, size):
        assert size == 1 and os.lseek(handle, 0, os.SEEK_CUR) == 0
        inode = os.fstat(handle).st_ino
        if mode == self.LK_UNLCK:
            assert self.holders.pop(inode) == handle
        elif self.holders.setdefault(inode, handle) != handle:
            raise PermissionError(13, "Permission denied")


def test_the_lock_on_windows_takes_turns_too(tmp_path, monkeypatch):
    from amigasweeper.storage import locking

    fake = FakeMsvcrt()
    monkeypatch.setattr(locking, "fcntl", None)
    monkeypatch.setattr(locking, "msvcrt", fake)
    with storage.FolderLock(tmp_path):
        assert len(fake.holders) == 1
        with pytest.raises(storage.LockTimeout):
            with storage.FolderLock(tmp_path, timeout=0.05):
                pass
    assert fake.holders == {}
    first, second = Storage(tmp_path), Storage(tmp_path)
    first.load()
    second.load()
    first.record_duel("Bob", "win")
    second.record_duel("Bob", "loss")
    assert Storage(tmp_path).load().best_times.duel("Bob") == storage.DuelRecord(1, 1)

"""The games file off the happy path (issue 40): a last line without its
newline, a write that stops short, a line longer than any game, what a
crash leaves, values no game can have, and what `--stats` may touch. Each
is met the way a player meets it: through `amigasweeper --stats` in a child
process, or through the keeper the program saves with."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from amigasweeper.records import GAMES_FILE, GameKeeper, LiveIndex, RecordStore, StatsIndex
from amigasweeper.records import record_store as store_module
from amigasweeper.records.index import INDEX_FILE, MAX_LINE_BYTES
from amigasweeper.storage.file_backend import FileBackend
from tests.records.test_records import _record

ROOT = Path(__file__).resolve().parents[2]
HEADER = b"AmigaSweeper games 1\n"


def stats(folder: Path, *more: str, timeout: float = 20) -> subprocess.CompletedProcess:
    """`amigasweeper --stats` on ``folder`` in a child, as a player runs it."""
    return subprocess.run([sys.executable, "-m", "amigasweeper", "--stats", *more, "--data-dir", str(folder)],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def games_file(folder: Path, *lines: bytes, tail: bytes = b"") -> Path:
    path = folder / GAMES_FILE
    path.write_bytes(HEADER + b"".join(line + b"\n" for line in lines) + tail)
    return path


def line(n: int, **kw) -> bytes:
    return _record(n, **kw).to_line().encode()


def listing(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder`` with its size and modification time."""
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*"))}


# ------------------------------------------------------------ a tail without its newline
def test_a_last_line_without_its_newline_is_no_line_yet_and_stats_ends(tmp_path):
    """The fault: `--stats` looped at 100% CPU forever (exit 124 under timeout 20)."""
    games_file(tmp_path, line(1), line(2, result="lost"), tail=b"1796610299799 b 8 8")
    done = stats(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "played: 2;" in done.stdout.splitlines()[1] and "damaged" not in done.stdout  # the tail not yet a line
    loaded_json = stats(tmp_path, "--json")
    assert loaded_json.returncode == 0 and len(json.loads(loaded_json.stdout)["games"]) == 2


def test_a_tail_being_written_is_taken_in_once_it_is_whole(tmp_path):
    path = games_file(tmp_path, line(1))
    whole = line(2)
    with open(path, "ab") as file:
        file.write(whole[:20])
    live = LiveIndex(RecordStore(tmp_path))
    assert live.whole().games == 1 and live.ready  # the half line waits; the catch-up ends
    with open(path, "ab") as file:
        file.write(whole[20:] + b"\n")
    live.look_again()
    assert live.whole().games == 2 and live.index.damaged == 0 and live.index.covers == path.stat().st_size


# ------------------------------------------------------------ a write that stops short
def test_a_short_write_is_carried_on_until_every_byte_is_written(tmp_path, monkeypatch):
    real_write, calls = os.write, []

    def dribble(handle, data):  # a system that takes 7 bytes at a time (a pipe, a slow network disk)
        calls.append(len(data))
        return real_write(handle, bytes(data[:7]))

    monkeypatch.setattr(store_module.os, "write", dribble)
    keeper = GameKeeper(tmp_path)
    keeper.add(_record(1))
    keeper.add(_record(2))
    assert len(calls) > 20
    loaded = RecordStore(tmp_path).load()
    assert [r.date_ms for r in loaded.records] == [1, 2] and loaded.damaged_lines == 0


def test_a_full_disk_cuts_the_file_back_and_the_game_waits_in_memory(tmp_path, monkeypatch):
    keeper = GameKeeper(tmp_path)
    keeper.add(_record(1))
    before = (tmp_path / GAMES_FILE).read_bytes()
    real_write = os.write

    def full(handle, data):  # half the line goes down, then the disk is full
        real_write(handle, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(store_module.os, "write", full)
    with pytest.raises(OSError) as caught:
        keeper.add(_record(2))
    assert caught.value.errno == errno.ENOSPC
    assert (tmp_path / GAMES_FILE).read_bytes() == before  # no half line left behind
    assert [r.date_ms for r in keeper.unkept] == [2]
    monkeypatch.setattr(store_module.os, "write", real_write)  # room again
    keeper.add(_record(3))
    assert [r.date_ms for r in RecordStore(tmp_path).load().records] == [1, 2, 3] and not keeper.unkept
    assert keeper.live.ready and keeper.live.index.games == 3


FILE_LIMIT = textwrap.dedent("""
    import errno, os, resource, sys
    from amigasweeper.records import GameKeeper, RecordStore
    from tests.records.test_records import _record
    folder = sys.argv[1]
    keeper = GameKeeper(folder)
    keeper.add(_record(1))
    size = RecordStore(folder).size()
    resource.setrlimit(resource.RLIMIT_FSIZE, (size + 30, resource.RLIM_INFINITY))  # room for 30 bytes more
    try:
        keeper.add(_record(2))
    except OSError as error:
        assert error.errno == errno.EFBIG, error
        assert RecordStore(folder).size() == size, "a torn line was left"
        assert len(keeper.unkept) == 1
        print("refused")
""")


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_file_size_limit_leaves_no_torn_line(tmp_path):
    """The fault: under `ulimit -f` a game's line was cut to 30 bytes, with no message."""
    done = subprocess.run([sys.executable, "-c", FILE_LIMIT, str(tmp_path)], capture_output=True, text=True,
                          timeout=60, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and done.stdout.strip() == "refused", done.stderr
    loaded = RecordStore(tmp_path).load()
    assert [r.date_ms for r in loaded.records] == [1] and loaded.damaged_lines == 0
    assert stats(tmp_path).returncode == 0


# ------------------------------------------------------------ a line longer than any game
@pytest.mark.parametrize("size", [200 * 2**20, 2 * 2**30])
def test_a_huge_last_line_of_nul_padding_is_set_aside_at_once(tmp_path, size):
    """The fault: a 200 MB last line took 58 s at start; one of 2 GB never ended.
    A sparse file: the padding a crash leaves takes no disk here either."""
    path = games_file(tmp_path, line(1))
    with open(path, "r+b") as file:
        file.truncate(size)
    started = time.monotonic()
    done = stats(tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "set aside" in done.stdout and "played: 1;" in done.stdout.splitlines()[1]
    with open(path, "ab") as file:  # the next game closes the padding: a damaged line, then the game
        file.write(b"\n" + line(2) + b"\n")
    done = stats(tmp_path, timeout=60)
    assert done.returncode == 0 and "1 damaged line" in done.stdout and "played: 2;" in done.stdout.splitlines()[1]
    assert path.stat().st_size == size + 1 + len(line(2)) + 1  # set aside, never rewritten
    print(f"{size >> 20} MB: {time.monotonic() - started:.2f} s")  # the figure is the benchmark's, not asserted


def test_a_long_line_is_read_in_bounded_slices_where_holes_cannot_be_skipped(tmp_path, monkeypatch):
    """Without SEEK_DATA (or on a file really full of bytes) the long line is
    looked through a slice at a time: no read is ever bigger than a megabyte."""
    path = games_file(tmp_path, line(1), b"x" * (5 * 2**20 + 3), line(2), tail=b"y" * (3 * 2**20))
    monkeypatch.delattr(os, "SEEK_DATA", raising=False)
    reads = []
    original = RecordStore.read_range
    monkeypatch.setattr(RecordStore, "read_range",
                        lambda self, start, end: (reads.append(end - start), original(self, start, end))[1])
    store = RecordStore(tmp_path)
    live = LiveIndex(store, saves=False)
    steps = 1
    while not live.step():  # as the program does, a slice a frame
        steps += 1
    index = live.index
    assert index.games == 2 and index.damaged == 1 and index.long_tail == 3 * 2**20
    assert max(reads) <= 1 << 20 and steps < 10
    reads.clear()
    listed = [text for text, _ in store.lines()]  # --stats --json's way: the same bound
    assert len(listed) == 4 and listed[2].startswith("\0") and max(reads) <= 1 << 20
    assert path.stat().st_size == len(HEADER) + 2 * len(line(1)) + 5 * 2**20 + 3 + 3 + 3 * 2**20


def test_an_index_past_a_line_set_aside_still_fits_its_games(tmp_path):
    games_file(tmp_path, line(1), b"z" * 10_000, line(2))
    store = RecordStore(tmp_path)
    index = LiveIndex(store).whole()
    assert index.games == 2 and index.damaged == 1
    store.append(_record(3))  # the index the last save wrote (or the one --stats made) is of these games
    again = LiveIndex(RecordStore(tmp_path)).whole()
    assert again.games == 3 and again.damaged == 1
    saved = RecordStore(tmp_path).load_index()
    assert saved is not None and RecordStore(tmp_path).fits(saved)


# ------------------------------------------------------------ values no game can have
@pytest.mark.parametrize("field, value", [
    ("mines", 10**30), ("mines", 64), ("width", 33), ("height", 1), ("bbbv", 65), ("bbbv_solved", 21),
    ("left", 10**13), ("time_ms", 10**13), ("zini", 65),
])
def test_a_value_no_game_can_have_is_refused_and_the_line_counted(tmp_path, field, value):
    """The fault: a line with 10^30 mines was accepted as a row of its own."""
    bad = _record(2)._replace(**{field: value}).to_line().encode()
    path = games_file(tmp_path, line(1), bad, line(3))
    done = stats(tmp_path)
    assert done.returncode == 0 and "1 damaged line" in done.stdout
    lines = done.stdout.splitlines()
    rows = [text for text in lines if text and not text.startswith((" ", "(", "Statistics in"))]
    assert len(rows) == 1 and rows[0].startswith("Beginner")  # one row (Beginner), its figures under it
    assert lines[-1].startswith("(1 damaged line")
    GameKeeper(tmp_path).add(_record(4))
    assert bad + b"\n" in path.read_bytes()  # skipped and counted, never rewritten


# ------------------------------------------------------------ what a crash leaves
def leftovers(folder: Path) -> list[Path]:
    (folder / "replays").mkdir(exist_ok=True)
    made = [folder / f".{INDEX_FILE}.0123456789abcdef.tmp",
            folder / "replays" / ".2026-01-01_beginner_10.000s_won.evf.fedcba9876543210.tmp"]
    old = time.time() - 3600
    for path in made:
        path.write_bytes(b"half")
        os.utime(path, (old, old))
    return made


def test_temporary_files_a_crash_left_go_when_the_game_starts_never_in_stats(tmp_path):
    games_file(tmp_path, line(1))
    made = leftovers(tmp_path)
    fresh = tmp_path / "replays" / ".2026-01-02_beginner_9.000s_won.evf.00000000000000aa.tmp"
    fresh.write_bytes(b"another copy writing it now")
    assert stats(tmp_path).returncode == 0
    assert all(path.exists() for path in made)  # --stats only reads
    GameKeeper.for_backend(FileBackend(tmp_path))  # what the game does at its start
    assert not any(path.exists() for path in made)
    assert fresh.exists()  # a write under way in another copy is left alone
    assert (tmp_path / GAMES_FILE).exists() and (tmp_path / "replays").is_dir()


# ------------------------------------------------------------ --stats only reads
def test_stats_writes_nothing_into_the_data_folder(tmp_path):
    """The fault: `--stats` wrote an index and a lock file though docs/USAGE.md says it writes nothing."""
    games_file(tmp_path, line(1), line(2))
    before = listing(tmp_path)
    for more in ((), ("--json",)):
        done = stats(tmp_path, *more)
        assert done.returncode == 0, done.stderr
    assert listing(tmp_path) == before
    GameKeeper(tmp_path).add(_record(3))  # an index now, a game behind after the next line
    with open(tmp_path / GAMES_FILE, "ab") as file:
        file.write(line(4) + b"\n")
    before = listing(tmp_path)
    assert "played: 4;" in stats(tmp_path).stdout.splitlines()[1]
    assert listing(tmp_path) == before


@pytest.mark.parametrize("make", ["missing", "file"])
def test_stats_of_a_data_folder_that_is_not_there_is_an_error(tmp_path, make):
    """The fault: `--stats --data-dir /typo` printed empty statistics and exit 0."""
    folder = tmp_path / "typo"
    if make == "file":
        folder.write_text("not a folder")
    done = stats(folder)
    assert done.returncode == 2 and done.stdout == ""
    assert str(folder) in done.stderr and ("does not exist" if make == "missing" else "is not a folder") in done.stderr
    assert not (tmp_path / "typo").is_dir()  # and it is not made


@pytest.mark.parametrize("make", ["missing", "file"])
def test_stats_with_a_data_dir_variable_that_is_not_a_folder_is_an_error(tmp_path, make):
    """AMIGASWEEPER_DATA_DIR is a folder the player named, as --data-dir is: a typo there is said, exit 2."""
    folder = tmp_path / "typo"
    if make == "file":
        folder.write_text("not a folder")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "AMIGASWEEPER_DATA_DIR": str(folder)}
    done = subprocess.run([sys.executable, "-m", "amigasweeper", "--stats"], capture_output=True, text=True,
                          timeout=20, cwd=ROOT, env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert f"{folder} (AMIGASWEEPER_DATA_DIR)" in done.stderr
    assert ("does not exist" if make == "missing" else "is not a folder") in done.stderr
    assert not folder.is_dir()


def test_stats_of_a_default_folder_not_made_yet_says_no_games(tmp_path):
    """Pyxel's own folder (no variable, no --data-dir) is made by the game's first run: none yet is no games."""
    env = {k: v for k, v in os.environ.items() if k != "AMIGASWEEPER_DATA_DIR"}
    env.update(PYTHONPATH=str(ROOT), HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "amigasweeper", "--stats"], capture_output=True, text=True,
                          timeout=20, cwd=ROOT, env=env)
    assert done.returncode == 0 and "No games recorded yet." in done.stdout
    assert not (tmp_path / ".pyxel").exists()


def test_an_index_of_a_line_set_aside_round_trips(tmp_path):
    index = StatsIndex()
    index.fold_bytes(b"x" * (MAX_LINE_BYTES * 2) + b"\n")
    assert index.damaged == 1 and len(index.tail) == MAX_LINE_BYTES
    again = StatsIndex.from_bytes(index.to_bytes())
    assert again.tail == index.tail and again.covers == MAX_LINE_BYTES * 2 + 1


def test_a_game_that_fails_behind_one_held_is_held_too_in_order(tmp_path, monkeypatch):
    keeper = GameKeeper(tmp_path)
    real_write = os.write
    monkeypatch.setattr(store_module.os, "write", lambda handle, data: (_ for _ in ()).throw(
        OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))))
    for n in (1, 2):
        with pytest.raises(OSError):
            keeper.add(_record(n))
    assert [r.date_ms for r in keeper.unkept] == [1, 2]
    monkeypatch.setattr(store_module.os, "write", real_write)
    keeper.add(_record(3))
    assert [r.date_ms for r in RecordStore(tmp_path).load().records] == [1, 2, 3]

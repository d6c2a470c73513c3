"""Game records: the line format, the append-only store, summaries, replays folder."""

import dataclasses
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from amigasweeper.engine import GameSetup
from amigasweeper.records import GAMES_FILE, GameKeeper, KeptGame, LiveIndex, RecordStore, ReplayFolder, StatsIndex
from amigasweeper.records.record_store import INDEX_LAG_BYTES, parse
from amigasweeper.replay import load_replay
from amigasweeper.replay.scripted import ScriptedPlayer
from amigasweeper.storage import MemoryBackend

ROOT = Path(__file__).resolve().parents[2]


def _record(date_ms=1, result="won", time_ms=10_000, level="beginner", shape="square", **kw):
    fields = dict(
        date_ms=date_ms, level=level, width=8, height=8, mines=10, shape=shape, no_guess=False,
        completion="all_non_mines", marks=True, result=result, time_ms=time_ms, bbbv=20, bbbv_solved=20,
        openings=3, islands=4, zini=15 if shape == "square" else None, left=25, right=5, chord=2,
        left_eff=20, right_eff=4, chord_eff=2, replay_suffix="", keep=False,
    )
    fields.update(kw)
    return KeptGame(**fields)


def test_a_record_line_round_trips_and_is_compact():
    for record in (_record(), _record(shape="hex", result="abandoned", replay_suffix=".asreplay", keep=True),
                   _record(helped=True), _record(completion="either", by_marks=True, bbbv_solved=3)):
        line = record.to_line()
        assert KeptGame.from_line(line) == record
        assert "\n" not in line and len(line) < 100


def test_lines_of_the_first_version_still_read():
    """24 fields, before help used and wins by marks were kept: not helped,
    and won by marks when a win left 3BV unsolved (only marks can)."""
    ordinary, marks = _record(), _record(completion="all_mines", bbbv_solved=0)
    for record, by_marks in ((ordinary, False), (marks, True)):
        old_line = " ".join(record.to_line().split(" ")[:24])
        assert KeptGame.from_line(old_line) == record._replace(by_marks=by_marks)


def test_a_recording_becomes_a_record_with_its_metrics():
    recording = ScriptedPlayer(GameSetup(width=16, height=16, mines=40, seed=3), 3).play()
    record = KeptGame.from_recording(recording, "intermediate", ".evf")
    assert record.metrics == dataclasses.replace(recording.metrics())
    assert record.result == recording.result.value
    assert record.replay_name.endswith(".evf")


@pytest.mark.parametrize("bad", ["", "1 2 3", _record().to_line().replace(" s ", " q "), _record().to_line().replace(" 25 ", " -3 ")])
def test_bad_lines_are_skipped_and_counted(bad):
    text = "AmigaSweeper games 1\n" + _record().to_line() + "\n" + bad + "\n" + _record(2).to_line() + "\n"
    loaded = parse(text)
    assert [r.date_ms for r in loaded.records] == [1, 2]
    assert loaded.damaged_lines == (1 if bad else 0)


def test_a_torn_last_line_is_ignored_and_the_next_game_starts_afresh(tmp_path):
    store = RecordStore(tmp_path)
    store.append(_record(1))
    with open(tmp_path / GAMES_FILE, "ab") as file:
        file.write(_record(2).to_line()[:30].encode())  # a crash mid-line
    assert [r.date_ms for r in store.load().records] == [1]
    store.append(_record(3))
    loaded = store.load()
    assert [r.date_ms for r in loaded.records] == [1, 3]
    assert loaded.damaged_lines == 1


def test_the_browser_keeps_records_in_one_value_with_a_cap(monkeypatch):
    import amigasweeper.records.record_store as store_module

    monkeypatch.setattr(store_module, "BROWSER_CAP", 5)
    backend = MemoryBackend()
    store = RecordStore(backend=backend)
    for n in range(8):
        store.append(_record(n))
    assert [r.date_ms for r in store.load().records] == [3, 4, 5, 6, 7]


APPENDER = textwrap.dedent("""
    import sys
    from amigasweeper.records import RecordStore, KeptGame
    from tests.records.test_records import _record
    store = RecordStore(sys.argv[1])
    base = int(sys.argv[2])
    for n in range(int(sys.argv[3])):
        store.append(_record(base + n))
""")


@pytest.mark.slow
def test_two_copies_appending_at_once_keep_every_game(tmp_path):
    count = 150
    runs = [subprocess.Popen([sys.executable, "-c", APPENDER, str(tmp_path), str(base), str(count)], cwd=ROOT)
            for base in (0, 10_000)]
    for run in runs:
        assert run.wait(timeout=120) == 0
    loaded = RecordStore(tmp_path).load()
    assert loaded.damaged_lines == 0
    assert sorted(r.date_ms for r in loaded.records) == [*range(count), *range(10_000, 10_000 + count)]


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL on this system (kill -9 is POSIX)")
def test_kill_9_mid_save_loses_nothing_already_saved(tmp_path):
    run = subprocess.Popen([sys.executable, "-c", APPENDER, str(tmp_path), "0", "1000000"], cwd=ROOT)
    path = tmp_path / GAMES_FILE
    deadline = time.monotonic() + 60
    while (not path.exists() or path.stat().st_size < 20_000) and time.monotonic() < deadline:
        time.sleep(0.01)
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=30)
    loaded = RecordStore(tmp_path).load()
    dates = [r.date_ms for r in loaded.records]
    assert dates == list(range(len(dates))) and len(dates) > 100
    assert loaded.damaged_lines <= 1
    RecordStore(tmp_path).append(_record(-5))
    assert RecordStore(tmp_path).load().records[-1].date_ms == -5


def _keep(keeper, recording, level="beginner", by_marks=False):
    """A finished game's two writes, as the end of a game's path makes them."""
    record = keeper.record_of(recording, level, by_marks)
    keeper.add(record)
    assert keeper.save_replay(recording, record) is None
    return record


def test_the_replay_folder_keeps_its_cap_but_spares_kept_and_record_setting_games(tmp_path):
    folder = ReplayFolder(tmp_path, cap=3)
    recording = ScriptedPlayer(GameSetup(seed=1), 1).play()
    names = [folder.save(recording, f"{1000 + n}.evf", spared={"1000.evf"}) for n in range(6)]
    assert folder.names() == ["1000.evf", "1004.evf", "1005.evf"]
    assert load_replay(tmp_path / "replays" / names[-1]).mines == recording.mines
    index = StatsIndex()
    records = [_record(1000, replay_suffix=".evf", time_ms=5000), _record(1001, replay_suffix=".evf", time_ms=9000)]
    for record in records:
        index.fold_line(record.to_line())
    assert records[0].replay_name in index.spared_replays() and records[1].replay_name not in index.spared_replays()


def _stats(*args, env=None):
    code = "import sys; sys.modules['pyxel'] = None\nfrom amigasweeper.__main__ import main\nsys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **(env or {}), "DISPLAY": ""}, timeout=60)


def test_stats_json_lists_every_game_without_pyxel(tmp_path):
    store = RecordStore(tmp_path)
    recording = ScriptedPlayer(GameSetup(width=16, height=16, mines=40, seed=2), 2).play()
    record = KeptGame.from_recording(recording, "intermediate", ".evf")._replace(date_ms=1700000000000)
    name = ReplayFolder(tmp_path).save(recording, record.replay_name)
    store.append(record)
    store.append(_record(5, "lost"))
    result = _stats("--stats", "--json", "--data-dir", str(tmp_path))
    assert result.returncode == 0, result.stderr
    games = json.loads(result.stdout)["games"]
    first = games[0]
    for field in ("level", "width", "height", "mines", "shape", "result", "time_ms", "bbbv", "bbbv_solved",
                  "clicks", "effective_clicks", "ioe", "bbbv_per_s", "replay", "helped", "by_marks", "board"):
        assert field in first
    assert first["replay"] == "replays/" + name and (tmp_path / first["replay"]).is_file()
    assert first["bbbv"] == recording.metrics().bbbv
    assert games[1]["result"] == "lost" and games[1]["replay"] is None


def test_stats_table_and_bad_options(tmp_path):
    RecordStore(tmp_path).append(_record(1))
    table = _stats("--stats", f"--data-dir={tmp_path}")
    assert table.returncode == 0 and "Beginner" in table.stdout
    typo = _stats("--stats", env={"AMIGASWEEPER_DATA_DIR": str(tmp_path / "none")})  # a folder named, not there
    assert typo.returncode == 2 and "(AMIGASWEEPER_DATA_DIR) does not exist" in typo.stderr
    bad = _stats("--stats", "--colour")
    assert bad.returncode == 2 and "usage" in bad.stderr


def test_the_keeper_appends_the_record_then_saves_the_replay(tmp_path):
    keeper = GameKeeper(tmp_path, replay_cap=2)
    kept = []
    for seed in range(4):
        recording = ScriptedPlayer(GameSetup(width=9, height=9, mines=10, seed=seed, shape="hex"), seed).play()
        kept.append(_keep(keeper, dataclasses.replace(recording, started=1_700_000_000 + seed), "custom"))
    assert keeper.keep_replay(kept[1].replay_name) is None
    names = set(ReplayFolder(tmp_path).names())
    assert kept[1].replay_name in names and kept[3].replay_name in names
    assert len(RecordStore(tmp_path).load().records) == 4  # records are never removed


def test_the_keeper_in_a_folder_that_cannot_be_written_says_so(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    recording = ScriptedPlayer(GameSetup(seed=1), 1).play()
    keeper = GameKeeper(blocker)
    record = keeper.record_of(recording, "beginner")
    with pytest.raises(OSError):
        keeper.add(record)
    problem = keeper.save_replay(recording, record)
    assert problem and "could not" in problem


def test_with_no_data_folder_records_and_replays_live_in_memory():
    keeper = GameKeeper(None, replay_cap=2)
    for seed in range(3):
        _keep(keeper, dataclasses.replace(ScriptedPlayer(GameSetup(seed=seed), seed).play(), started=100 + seed))
    assert len(keeper.store.load().records) == 3
    assert keeper.replays.count() <= 3 and keeper.replays.in_memory
    assert keeper.live.index.games == 3


def test_stats_looks_where_pyxel_keeps_the_games_data(tmp_path):
    pytest.importorskip("pyxel")
    code = ("import pyxel; pyxel.init(16, 16, headless=True); "
            "print(pyxel.user_data_dir('AmigaSweeper', 'AmigaSweeper'))")
    env = {k: v for k, v in os.environ.items() if k != "AMIGASWEEPER_DATA_DIR"}
    env["HOME"] = str(tmp_path)
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    if shown.returncode != 0 or not shown.stdout.strip():
        pytest.skip(f"pyxel could not start headless here: {shown.stderr[-200:]}")
    ours = subprocess.run([sys.executable, "-c", "from amigasweeper.records.stats_cli import desktop_folder; print(desktop_folder())"],
                          capture_output=True, text=True, env=env, timeout=60, cwd=ROOT)
    assert Path(shown.stdout.strip().splitlines()[-1]) == Path(ours.stdout.strip())


def test_reset_starts_the_statistics_afresh_and_deletes_nothing(tmp_path):
    store = RecordStore(tmp_path)
    store.append(_record(1))
    store.append(_record(2, "lost"))
    store.reset(3)
    store.append(_record(4))
    loaded = store.load()
    assert [r.date_ms for r in loaded.records] == [4]
    assert [r.date_ms for r in loaded.earlier] == [1, 2]
    assert loaded.reset_ms == 3 and loaded.damaged_lines == 0
    result = _stats("--stats", "--json", "--data-dir", str(tmp_path))
    document = json.loads(result.stdout)
    assert len(document["games"]) == 1 and document["games_before_reset"] == 2


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_named_pipe_in_place_of_the_records_is_refused_without_waiting(tmp_path):
    os.mkfifo(tmp_path / GAMES_FILE)
    store = RecordStore(tmp_path)
    with pytest.raises(OSError, match="not a plain file"):
        store.load()
    with pytest.raises(OSError):
        store.append(_record(1))
    result = _stats("--stats", "--data-dir", str(tmp_path))
    assert result.returncode == 1 and "cannot be read" in result.stderr


def test_of_a_file_too_big_to_read_whole_the_newest_games_are_read(tmp_path, monkeypatch):
    import amigasweeper.records.record_store as store_module

    store = RecordStore(tmp_path)
    for n in range(50):
        store.append(_record(n))
    line = len(_record(10).to_line()) + 1  # every line of 10 to 49 is this long
    monkeypatch.setattr(store_module, "MAX_READ_BYTES", 10 * line + 5)
    loaded = store.load()
    assert [r.date_ms for r in loaded.records] == list(range(40, 50))
    assert loaded.damaged_lines == 0 and loaded.unread_bytes > 0


KEEPER = textwrap.dedent("""
    import dataclasses, sys
    from amigasweeper.engine import GameSetup
    from amigasweeper.records import GameKeeper
    from amigasweeper.replay.scripted import ScriptedPlayer
    keeper = GameKeeper(sys.argv[1])
    base = int(sys.argv[2])
    for seed in range(base, base + int(sys.argv[3])):
        recording = dataclasses.replace(ScriptedPlayer(GameSetup(seed=seed), seed).play(), started=seed)
        record = keeper.record_of(recording, "beginner")
        keeper.add(record)
        assert keeper.save_replay(recording, record) is None
""")


@pytest.mark.slow
def test_two_copies_recording_games_at_once_keep_every_game_and_replay(tmp_path):
    count = 25
    runs = [subprocess.Popen([sys.executable, "-c", KEEPER, str(tmp_path), str(base), str(count)], cwd=ROOT)
            for base in (0, 1000)]
    for run in runs:
        assert run.wait(timeout=300) == 0
    records = RecordStore(tmp_path).load().records
    assert sorted(r.date_ms // 1000 for r in records) == [*range(count), *range(1000, 1000 + count)]
    names = set(ReplayFolder(tmp_path).names())
    assert {r.replay_name for r in records} == names
    for name in names:
        assert load_replay(tmp_path / "replays" / name).setup.width == 8
    store = RecordStore(tmp_path)
    saved = store.load_index()  # both copies kept the index between them, under the lock, a little behind at most
    assert saved is not None and store.fits(saved) and store.size() - saved.covers < INDEX_LAG_BYTES
    assert LiveIndex(store).whole().games == 2 * count


def test_the_record_takes_the_metrics_fields_from_game_metrics_in_the_order_its_line_documents():
    from dataclasses import fields

    from amigasweeper.metrics.game_metrics import GameMetrics
    from amigasweeper.records import kept_game

    metric_names = [field.name for field in fields(GameMetrics)]
    assert list(KeptGame._fields[10:22]) == metric_names
    documented = kept_game.__doc__.split("::", 1)[1].split("(about", 1)[0].split()
    assert documented == [name if name != "replay_suffix" else "replay" for name in KeptGame._fields]

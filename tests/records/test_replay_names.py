"""Replay file names say when the game began, its level, time and result;
a record finds its replay under that name or the one replays had before."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

from amigasweeper.engine import GameSetup
from amigasweeper.records import GameKeeper, KeptGame, RecordStore, ReplayFolder
from amigasweeper.records.replay_names import date_of_name, name_for, replay_file_name, replay_names_of
from amigasweeper.replay import load_replay
from amigasweeper.replay.scripted import ScriptedPlayer

from .test_records import ROOT, _record

MOMENT = 1_764_250_992_123  # 2025-11-27 13:43:12.123 UTC


@pytest.mark.parametrize(
    "fields, name",
    [
        ({}, "2025-11-27_134312.123Z_beginner_10.000s_won.evf"),
        ({"width": 16, "height": 16, "mines": 40, "result": "lost", "time_ms": 61_005},
         "2025-11-27_134312.123Z_intermediate_61.005s_lost.evf"),
        ({"width": 32, "height": 16, "mines": 99}, "2025-11-27_134312.123Z_expert_10.000s_won.evf"),
        ({"width": 30, "height": 16, "mines": 99}, "2025-11-27_134312.123Z_expert30x16_10.000s_won.evf"),
        ({"width": 9, "height": 7, "mines": 12, "result": "abandoned", "shape": "hex", "replay_suffix": ".asreplay"},
         "2025-11-27_134312.123Z_hex-custom9x7-12_10.000s_abandoned.asreplay"),
    ],
)
def test_a_replays_name_says_when_level_time_and_result(fields, name):
    record = _record(MOMENT, replay_suffix=".evf")._replace(**fields)
    assert replay_file_name(record) == record.replay_name == name
    assert date_of_name(name) == MOMENT
    assert replay_names_of(record) == (name, f"{MOMENT}{record.replay_suffix}")
    assert _record(MOMENT).replay_name == ""  # no replay, no name


def test_names_sort_by_age_and_old_names_are_read_too():
    assert date_of_name("1764250992123.evf") == MOMENT
    assert date_of_name("notes.evf") == 0
    older, newer = (replay_file_name(_record(d, replay_suffix=".evf")) for d in (MOMENT, MOMENT + 1))
    assert sorted([newer, older]) == [older, newer]


def test_the_keeper_names_the_file_so_and_the_record_finds_it(tmp_path):
    recording = ScriptedPlayer(GameSetup(width=30, height=16, mines=99, seed=3), 3).play()
    recording = dataclasses.replace(recording, started=MOMENT / 1000)
    keeper = GameKeeper(tmp_path)
    record = keeper.record_of(recording, "custom")
    keeper.add(record)
    assert keeper.save_replay(recording, record) is None
    name = record.replay_name
    assert name.startswith("2025-11-27_134312.123Z_expert30x16_") and name.endswith(f"_{recording.result.value}.evf")
    assert ReplayFolder(tmp_path).path_of(record) == tmp_path / "replays" / name
    assert name == name_for(recording, ".evf")  # Save As... offers the same name
    assert load_replay(tmp_path / "replays" / name).mines == recording.mines


def test_a_replay_saved_under_its_old_name_still_opens_and_is_listed(tmp_path):
    recording = ScriptedPlayer(GameSetup(seed=2), 2).play()
    record = KeptGame.from_recording(recording, "beginner", ".evf")._replace(date_ms=MOMENT)
    folder = ReplayFolder(tmp_path)
    folder.save(recording, f"{MOMENT}.evf")  # as replays were named before
    assert folder.path_of(record) == tmp_path / "replays" / f"{MOMENT}.evf"
    RecordStore(tmp_path).append(record)
    code = "import sys; sys.modules['pyxel'] = None\nfrom amigasweeper.__main__ import main\nsys.exit(main(sys.argv[1:]))"
    result = subprocess.run([sys.executable, "-c", code, "--stats", "--json", "--data-dir", str(tmp_path)],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert json.loads(result.stdout)["games"][0]["replay"] == f"replays/{MOMENT}.evf"


def test_the_cap_spares_a_game_named_in_either_form(tmp_path):
    folder = ReplayFolder(tmp_path, cap=1)
    recording = ScriptedPlayer(GameSetup(seed=1), 1).play()
    record = _record(MOMENT, replay_suffix=".evf")
    folder.save(recording, f"{MOMENT}.evf")  # the best game, saved under the old name
    folder.save(recording, replay_file_name(_record(MOMENT + 5, replay_suffix=".evf")), spared={record.replay_name})
    assert f"{MOMENT}.evf" in folder.names()

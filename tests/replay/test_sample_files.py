"""ms-toollib's own sample files (EVF, AVF, RMV, MVF) play in our Replay as
ms-toollib reads them: the same board after every event that changes it,
the same end, time, result and figures.

The small ones are kept in tests/replay/samples (see its README.md: where
they come from, their licence). The large ones are downloaded from the same
commit of ms-toollib's repository, checked by their SHA-256 and kept in
pytest's cache; without a network those tests are skipped, saying so.
"""

from __future__ import annotations

import hashlib
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from amigasweeper.engine import GameSetup, GameStatus
from amigasweeper.replay import ReplayError, Result, Timeline, evf, files, foreign, load_replay, open_replay
from amigasweeper.replay.scripted import ScriptedPlayer
from amigasweeper.slices import SLICE, Sliced

from .toollib import VIDEOS, analysed, figures_differ, ms_board, same_board

SAMPLES = Path(__file__).parent / "samples"
KEPT = sorted(p.name for p in SAMPLES.iterdir() if p.suffix in VIDEOS)
SOURCE = "https://raw.githubusercontent.com/eee555/ms-toollib/1d7659b8bbb6e1bc13e477fb96ee1dde919fabcd/"
LARGE = {  # name there -> SHA-256
    "test_files/c_10_1184.575_1021_0.862_Pu Tian Yi(Hu Bei).evf":
        "5d64afe9c6e5c2d22e4584c6a18d9384e8c6031e661eac78da85b5fdfd2a98e5",
    "test_files/avf_exp_0_48_5.avf": "0b23bdb2a4e8a1843909f9a48b2d0f5d2f82842d0bcccb5d5bd9be3a3c6ed700",
    "test_files/exp_98763_FL_1738209872.rmv": "903fb830f2d93659b229a80cb5d646468aac1c2f52a86a1cf2d01eab3103f4e4",
}
UNREADABLE = ("base/tests/assets/test_rmv1_utf8_invalid.rmv",
              "077e18da398c2055a661fae8c00d5367a6bc7ea584b8b2e58b41cd1c7b158984")


def plays_as_ms_toollib_reads_it(path: Path) -> None:
    data = path.read_bytes()
    recording = load_replay(path)
    theirs = analysed(data, path.suffix)
    assert figures_differ(recording.metrics(), theirs) == []
    assert recording.time_ms == theirs.rtime_ms
    assert (recording.result is Result.WON) == theirs.is_completed
    timeline = Timeline(recording)
    mouse = [e for e in theirs.events if e.event.is_mouse()]
    assert len(mouse) == len(timeline)
    board = theirs.board
    for index, event in enumerate(mouse):
        if event.useful_level >= 1 or index == len(mouse) - 1:  # the board changed here
            game = timeline.state(index).game
            won = game.status is GameStatus.WON  # 2.4 flags the mines left
            assert same_board(ms_board(game), event.next_game_board.game_board, board, won), index
    end = timeline.state(len(timeline) - 1).game
    assert same_board(ms_board(end), theirs.game_board, board, won=recording.result is Result.WON)
    # The tape's length is the video's, and the clock ends on the recorded time.
    assert timeline.duration_ms == round((theirs.video_end_time - theirs.video_start_time) * 1000)
    assert timeline.clock(timeline.duration_ms) == recording.time_ms


@pytest.mark.parametrize("name", KEPT)
def test_the_kept_samples_play_as_ms_toollib_reads_them(name):
    plays_as_ms_toollib_reads_it(SAMPLES / name)


def test_the_samples_say_who_played_with_what_and_by_which_rules():
    arbiter = load_replay(SAMPLES / "arbiter_expert.avf")
    assert (arbiter.software, arbiter.player, arbiter.cell_px) == ("Arbiter", "Wang Jianing G01825", 16)
    assert (arbiter.setup.width, arbiter.setup.height, arbiter.setup.mines) == (30, 16, 99)
    vienna = load_replay(SAMPLES / "viennasweeper_beginner_24px.rmv")
    assert (vienna.software, vienna.cell_px) == ("Viennasweeper", 24)
    meta = load_replay(SAMPLES / "metasweeper_v3_beginner.evf")
    assert meta.evf_mode == 5 and meta.setup.layout.value == "no-guess"


def test_a_damaged_file_is_refused_in_words_and_nothing_else_happens(tmp_path):
    """ms-toollib stops its whole process on it: the child's, not ours."""
    damaged = tmp_path / "half.avf"
    data = (SAMPLES / "arbiter_beginner.avf").read_bytes()
    damaged.write_bytes(data[: len(data) // 3])
    with pytest.raises(ReplayError, match="ms-toollib cannot read it"):
        load_replay(damaged)
    assert not (tmp_path / "crash.log").exists() and not Path("crash.log").exists()


@pytest.mark.parametrize(
    "change, says",
    [
        (lambda d: d.update(rows=0), "impossible board"),
        (lambda d: d.update(columns=300), "impossible board"),
        (lambda d: d.update(mines=[10**6]), "mines on"),
        (lambda d: d.update(mines=[]), "0 mines"),
        (lambda d: d.update(events=[]), "no events"),
        (lambda d: d.update(events=[[0, "zz", 1, 1]]), "not what was expected"),
        (lambda d: d.update(events="lots"), "not what was expected"),
        (lambda d: d.pop("rows"), "not what was expected"),
    ],
)
def test_what_the_child_writes_is_checked_before_it_is_played(change, says):
    reading = {"rows": 8, "columns": 8, "mines": list(range(10)), "cell_px": 16, "mode": 0, "software": "x",
               "player": "", "time_ms": 1000, "start_us": 0, "events": [[0, "lc", 100, 100], [5, "lr", 100, 100]]}
    assert len(foreign.file_of_json(dict(reading), "avf")[1]) == 10
    change(reading)
    with pytest.raises(ReplayError, match=says):
        foreign.file_of_json(reading, "avf")


def test_a_reader_that_takes_too_long_is_stopped():
    pending = foreign.PendingRead((SAMPLES / "arbiter_beginner.avf").read_bytes(), "avf", time_limit=0)
    with pytest.raises(ReplayError, match="took more than"):
        pending.poll()
    assert pending.process.poll() is not None  # it was ended


def test_the_read_is_asked_after_and_never_waited_for():
    """Each poll works for its budget at most (a slice over): the child
    reads the file, then its events are played a slice at a time."""
    opened = open_replay(SAMPLES / "clone_expert.mvf")
    polls, done = 0, None
    while done is None and polls < 20000:
        start = time.perf_counter()
        done = opened.poll(0.001)
        assert time.perf_counter() - start < 0.5
        polls += 1
        time.sleep(0.001)
    recording, timeline = done
    assert recording.software == "0.97 beta" and len(timeline) == len(recording.events) == 2456
    assert polls > 3  # it took several frames


def test_a_long_evf_file_is_read_a_slice_at_a_time():
    recording = ScriptedPlayer(GameSetup(width=30, height=16, mines=99, seed=4), 4).play(max_actions=2000)
    data = evf.to_evf(recording)
    work = Sliced(files.parse_steps(data))
    slices = 0
    while not work.advance(0):  # one slice a call
        slices += 1
    assert slices >= len(recording.mouse_events()) // SLICE and work.value.metrics() == recording.metrics()


def test_where_ms_toollib_is_missing_it_is_said_plainly(monkeypatch):
    import importlib.util

    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "ms_toollib" else found(name, *a))
    assert "pip install 'amigasweeper[replays]'" in foreign.missing()
    with pytest.raises(ReplayError, match="needs ms-toollib"):
        open_replay(SAMPLES / "arbiter_beginner.avf")
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert "web page cannot read AVF, RMV or MVF" in foreign.missing()
    assert load_replay(SAMPLES / "metasweeper_v4_beginner_waited.evf").result is Result.WON  # EVF needs nothing


def test_the_reader_option_of_the_program_and_of_the_child_are_one():
    from amigasweeper import __main__
    from amigasweeper.replay.toollib_child import FLAG

    assert __main__.READER_FLAG == FLAG


# --------------------------------------------------- the large sample files


def _download(cache: Path, name: str, sha256: str) -> Path:
    target = cache / hashlib.sha256(name.encode()).hexdigest()[:16] / Path(name).name
    if not target.is_file():
        url = SOURCE + urllib.parse.quote(name)
        try:
            with urllib.request.urlopen(url, timeout=30) as response:  # noqa: S310 - a fixed https address
                data = response.read(8 * 1024 * 1024)
        except OSError as error:
            pytest.skip(f"ms-toollib's sample {Path(name).name} cannot be downloaded (no network?): {error}")
        if hashlib.sha256(data).hexdigest() != sha256:
            pytest.fail(f"{url} is not the file the tests were written for (its SHA-256 differs)")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return target


@pytest.fixture(scope="module")
def cache(request, tmp_path_factory) -> Path:
    """pytest's cache folder (kept between runs), or a fresh one without it."""
    kept = getattr(request.config, "cache", None)
    return Path(kept.mkdir("ms-toollib-samples")) if kept else tmp_path_factory.mktemp("ms-toollib-samples")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(LARGE))
def test_the_large_samples_play_as_ms_toollib_reads_them(cache, name):
    """The 60x36 Metasweeper game among them (56,659 events, marks off):
    read with bit 7 the specification's way, it went astray at event 6,357."""
    plays_as_ms_toollib_reads_it(_download(cache, name, LARGE[name]))


@pytest.mark.slow
def test_the_sample_ms_toollib_cannot_read_is_refused_in_words(cache):
    path = _download(cache, *UNREADABLE)
    with pytest.raises(ReplayError, match="ms-toollib cannot read it as an RMV file"):
        load_replay(path)

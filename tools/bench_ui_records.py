"""Frames of the real program (headless) with recording, the Replay window and
the Statistics window.

    python3 tools/bench_ui_records.py            # every section
    python3 tools/bench_ui_records.py game_end   # only the named ones (recording, game_end, replay, stats,
                                                 # stats_cpu)

Recording is measured as A/B: the same frames with the game's recorder and
without it (the game given a recorder that does nothing), in alternating
blocks so both see the same machine. The end of a game is measured as the
frames the end of a game's path (play/ending.py) takes, each one timed.
Prints JSON.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import _headless_app, _time_frames, pyxel_move, summary  # noqa: E402

BLOCK = 250  # frames per A/B block


def _expert_midgame(seed: int = 20):
    from amigasweeper.engine import LevelName

    app, pilot = _headless_app(level=LevelName.EXPERT, seed=seed)
    pilot.click_cell(pilot.cell_at(16, 8))
    pilot.finish_ripple()
    return app, pilot


def _sweep(app, frames: int):
    """Pointer positions over the board, a new one every frame."""
    field = app.mine_window.field
    rng = random.Random(3)
    return iter([(field.ax + rng.randrange(field.w), field.ay + rng.randrange(field.h)) for _ in range(frames)])


class NullRecorder:
    """A recorder that keeps nothing: the B side of the A/B."""

    has_clicks = False

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def bench_pointer_frames(blocks: int = 12) -> dict:
    """Expert mid-game, the pointer moving over the board every frame."""
    app, pilot = _expert_midgame()
    played = app.session.played
    recorder = played.recorder
    on, off = [], []
    for block in range(blocks):
        recording = block % 2 == 0
        played.recorder = recorder if recording else NullRecorder()
        step = _sweep(app, BLOCK)
        samples = _time_frames(app, BLOCK, between=lambda: pyxel_move(*next(step)))
        (on if recording else off).extend(samples)
    played.recorder = recorder
    events = len(recorder.events)
    return {"recording": summary(on), "not_recording": summary(off), "events_recorded": events}


def bench_click_frames(clicks: int = 400) -> dict:
    """The frame of each press and each release (a mark and its removal on a
    covered square, so the game goes on), with and without the recorder."""
    from amigasweeper.ui.intuition.input import Button

    app, pilot = _expert_midgame()
    played = app.session.played
    recorder = played.recorder
    game = app.game
    covered = [c for c in game.topology.cells() if not game.is_open(c)][:40]
    on, off = [], []
    for i in range(clicks):
        recording = (i // 20) % 2 == 0
        played.recorder = recorder if recording else NullRecorder()
        pyxel_move(*pilot.cell_xy(covered[i % len(covered)]))
        pilot.step()
        for down in (True, False):
            app.held.set(Button.RIGHT.value, down)
            start = time.perf_counter()
            app.update()
            app.draw()
            (on if recording else off).append((time.perf_counter() - start) * 1000)
    played.recorder = recorder
    return {"recording": summary(on), "not_recording": summary(off)}


def _played_expert_recording():
    """An Expert game played to its end by the replay core's scripted player."""
    from amigasweeper.engine import GameSetup
    from amigasweeper.replay.scripted import ScriptedPlayer

    player = ScriptedPlayer(GameSetup(width=32, height=16, mines=99, seed=11), seed=4)
    return player.play()


def bench_replay_frames() -> dict:
    """The Replay window playing an Expert game at 4x, then scrubbed backwards
    a 300th of the game a frame, then stepped back from its end an event a
    frame (going back starts from the timeline's nearest copy of the board)."""
    app, pilot = _expert_midgame()
    recording = _played_expert_recording()
    app.replays.show(recording, "bench")
    window = app.replays.window
    window.set_speed(window.deck.speed.X4)
    window.play_pause()
    frames = int(window.timeline.duration_ms / (1000 / 60) / 4) + 1
    playing = _time_frames(app, frames)
    positions = list(range(window._tenths(), -1, -max(1, window._tenths() // 300)))
    steps = iter(positions)
    scrubbing = _time_frames(app, len(positions), between=lambda: window._scrub(next(steps)))
    window.end()
    stepping = []
    for _ in range(min(300, len(window.timeline))):  # the step itself is timed with the frame
        start = time.perf_counter()
        window.step_back()
        app.update()
        app.draw()
        stepping.append((time.perf_counter() - start) * 1000)
    return {
        "events": len(window.timeline),
        "play_4x": summary(playing),
        "scrub_backwards": summary(scrubbing),
        "step_back_from_the_end": summary(stepping),
    }


def _history(folder: Path, records: int) -> None:
    """A data folder of ``records`` Expert games, with its index saved."""
    from amigasweeper.records import KeptGame, LiveIndex, RecordStore

    base = KeptGame.from_recording(_played_expert_recording(), "expert", ".evf")
    store = RecordStore(folder)
    store.append(base)
    with open(store.path, "a", encoding="utf-8") as file:
        file.write("".join(base._replace(date_ms=base.date_ms + n + 1).to_line() + "\n" for n in range(records)))
    store.save_index(LiveIndex(store).whole())


def bench_stats_window(records: int = 10_000) -> dict:
    """Opening the Statistics window over a data folder of played games (its
    index current, as the program keeps it), and its frames."""
    with tempfile.TemporaryDirectory() as folder:
        _history(Path(folder), records)
        app, pilot = _headless_app(data_dir=Path(folder))
        pilot.step(5)  # the program reads the index at its first frames
        start = time.perf_counter()
        app.stats.open()
        opened_ms = (time.perf_counter() - start) * 1000
        frames = _time_frames(app, 600)
        return {"records": records + 1, "open_ms": round(opened_ms, 1), "frames": summary(frames)}


def _cpu_frames(app, frames: int) -> list[float]:
    """Each frame's CPU time (time.process_time): what the program asks of
    the machine, apart from the other jobs that share it."""
    samples = []
    for _ in range(frames):
        start = time.process_time()
        app.update()
        app.draw()
        samples.append((time.process_time() - start) * 1000)
    return samples


def bench_stats_window_cpu(records: int = 100_000) -> dict:
    """Opening the Statistics window over ``records`` games, then its frames,
    a Chart change, and the frames while the Filter menu's no-flag view is
    folded a slice a frame: CPU milliseconds (issue 42)."""
    from amigasweeper.records.filters import Flagging

    with tempfile.TemporaryDirectory() as folder:
        _history(Path(folder), records)
        app, pilot = _headless_app(data_dir=Path(folder))
        pilot.step(5)
        start = time.process_time()
        app.stats.open()
        opened_ms = (time.process_time() - start) * 1000
        frames = _cpu_frames(app, 300)
        start = time.process_time()
        app.stats.window.step_chart(1)
        chart_ms = (time.process_time() - start) * 1000
        app.stats.choose_filter("flagging", Flagging.NO_FLAG)
        filtering = []
        while not app.stats.filtered.ready:
            filtering += _cpu_frames(app, 1)
        return {"records": records + 1, "open_cpu_ms": round(opened_ms, 2), "frames_cpu": summary(frames),
                "chart_change_cpu_ms": round(chart_ms, 2), "filtering_frames_cpu": summary(filtering),
                "max_frame_cpu_ms": round(max(frames + filtering), 2)}


def bench_game_end(games: int = 20, records: int = 10_000, worker: bool = True) -> dict:
    """The frames in which the end of a game's path keeps an Expert game (its
    metrics, its record and index, its replay file), over a history of
    ``records`` games: every frame timed, from the game's end until it is
    written. ``worker``: the files written in the desktop's worker thread,
    else in the frames, as the browser does."""
    from dataclasses import replace

    from amigasweeper.engine import GameSetup, LevelName
    from amigasweeper.play import GameEnd
    from amigasweeper.play.end_worker import EndWorker
    from amigasweeper.play.ending import InFrame
    from amigasweeper.replay.scripted import ScriptedPlayer

    with tempfile.TemporaryDirectory() as folder:
        _history(Path(folder), records)
        app, pilot = _headless_app(data_dir=Path(folder))
        app.ending.runner = EndWorker() if worker else InFrame()
        pilot.step(5)
        frames, per_game = [], []
        for seed in range(games):
            recording = ScriptedPlayer(GameSetup(width=32, height=16, mines=99, seed=100 + seed), seed=seed).play()
            if recording is None:
                continue
            app.ending.put_game(GameEnd(replace(recording, started=1_800_000_000 + seed), LevelName.EXPERT))
            samples = []
            while not samples or app.ending.busy:  # frames at 60 a second, as pyxel.run gives them
                samples += _time_frames(app, 1)
                time.sleep(max(0.0, 1 / 60 - samples[-1] / 1000))
            frames += samples
            per_game.append(len(samples))
        return {"history": records, "runner": "worker thread" if worker else "in the frames",
                "frames": summary(frames), "frames_per_game": summary(per_game)}


SECTIONS = {
    "recording": lambda: {"pointer_moving": bench_pointer_frames(), "press_release": bench_click_frames()},
    "game_end": lambda: {"worker": bench_game_end(worker=True), "in_frames": bench_game_end(worker=False)},
    "replay": bench_replay_frames,
    "stats": bench_stats_window,
    "stats_cpu": bench_stats_window_cpu,  # 100,000 games, CPU time (issue 42)
}


def main(argv: list[str]) -> None:
    names = argv or list(SECTIONS)
    print(json.dumps({name: SECTIONS[name]() for name in names}, indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])

#!/usr/bin/env python3
"""The project's benchmark: prints one JSON object of timings on this machine.

    python3 tools/bench.py            # everything
    python3 tools/bench.py engine     # only the named sections (engine, frames, guide, hints)
    python3 tools/bench.py --quick    # a handful of runs of each: that the benchmark works, no figures

Figures are medians and tail percentiles in milliseconds over many runs; they
are reported in docs/BENCHMARKS.md, never asserted in tests.
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# No sound is needed; without a sound device pyxel would print a warning into the JSON.
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from amigasweeper.engine import EXPERT, Game, GameSetup  # noqa: E402


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summary(samples_ms: list[float]) -> dict:
    return {
        "runs": len(samples_ms),
        "median_ms": round(statistics.median(samples_ms), 4),
        "p95_ms": round(percentile(samples_ms, 0.95), 4),
        "p99_ms": round(percentile(samples_ms, 0.99), 4),
    }


def bench_open_largest_board(runs: int = 2000) -> dict:
    """Open a 32x32 board holding one mine from a corner: 1,023 squares in one call."""
    samples = []
    for seed in range(runs):
        game = Game(GameSetup(width=32, height=32, mines=1, seed=seed))
        game._place(frozenset({1023}))  # the mine in the far corner: the whole board opens
        start = time.perf_counter()
        game.uncover(0)
        samples.append((time.perf_counter() - start) * 1000)
    return summary(samples)


def random_expert_game(seed: int) -> Game:
    """A seeded Expert game of random legal moves, played to its end."""
    rng = random.Random(seed)
    game = Game(GameSetup(width=EXPERT.width, height=EXPERT.height, mines=EXPERT.mines, seed=seed))
    cells = list(game.topology.cells())
    while not game.status.over:
        cell = rng.choice(cells)
        choice = rng.random()
        if choice < 0.7:
            game.uncover(cell)
        elif choice < 0.9:
            game.toggle_mark(cell)
        else:
            game.clear_around(cell)
    return game


def bench_random_expert_games(runs: int = 500) -> dict:
    samples = []
    for seed in range(runs):
        start = time.perf_counter()
        random_expert_game(seed)
        samples.append((time.perf_counter() - start) * 1000)
    return summary(samples)


def section_engine(quick: bool = False) -> dict:
    return {
        "open_32x32_one_mine": bench_open_largest_board(5 if quick else 2000),
        "random_expert_game_to_end": bench_random_expert_games(3 if quick else 500),
    }


def _headless_app(**options):
    """The real program on a headless screen (pyxel is initialised once)."""
    import pyxel

    from amigasweeper.ui import collector
    from amigasweeper.ui.app import App
    from amigasweeper.ui.drive.pilot import Pilot
    from amigasweeper.ui.window_options import Options

    if not getattr(_headless_app, "ready", False):
        pyxel.init(320, 256, fps=60, quit_key=pyxel.KEY_NONE, headless=True)
        _headless_app.ready = True
    app = App(Options(headless=True, **options))
    collector.freeze_long_lived()  # as run() does after start-up
    return app, Pilot(app)


def _time_frames(app, frames: int, between=None) -> list[float]:
    samples = []
    for _ in range(frames):
        if between:
            between()
        start = time.perf_counter()
        app.update()
        app.draw()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def bench_expert_midgame_frames(frames: int = 3000) -> dict:
    from amigasweeper.engine import LevelName

    app, pilot = _headless_app(level=LevelName.EXPERT, seed=20)
    pilot.click_cell(pilot.cell_at(16, 8))
    pilot.finish_ripple()
    pilot.move(*pilot.cell_xy(pilot.cell_at(5, 5)))
    return summary(_time_frames(app, frames))


def bench_full_board_ripple_frames(boards: int = 60) -> dict:
    """Frames while a 32x16 board with one mine ripples open from a corner."""
    from amigasweeper.engine import LevelName
    from amigasweeper.ui.intuition.input import Button

    samples = []
    app, pilot = _headless_app(level=LevelName.EXPERT, seed=1)
    app.storage.record_time("custom", 0, "bench")  # no new-record requester between boards
    for seed in range(boards):
        app.session.choose_custom(32, 16, 1)
        pilot.move(*pilot.cell_xy(0))
        pilot.press(Button.LEFT)
        app.held.set(Button.LEFT.value, False)
        samples += _time_frames(app, 1)  # the release: the whole opening is computed
        while app.mine_window.canvas.rippling:
            samples += _time_frames(app, 1)
    return summary(samples)


def bench_menu_open_frames(frames: int = 3000) -> dict:
    """Frames with the Game menu dropped over an Expert board, the pointer
    sweeping up and down its items so the highlight changes every frame."""
    from amigasweeper.engine import LevelName
    from amigasweeper.ui.intuition.input import Button

    app, pilot = _headless_app(level=LevelName.EXPERT, seed=20)
    pilot.click_cell(pilot.cell_at(16, 8))
    pilot.finish_ripple()
    pilot.move(10, 4)
    pilot.press(Button.RIGHT)
    positions = [(30, 14 + (i * 7) % 120) for i in range(frames)]
    step = iter(positions)
    samples = _time_frames(app, frames, between=lambda: pyxel_move(*next(step)))
    pilot.release(Button.RIGHT)
    return summary(samples)


def bench_two_windows_frames(frames: int = 3000) -> dict:
    """Frames with the Duel window open over an Expert game (clock stopped,
    board hidden), the pointer sweeping over both windows."""
    from amigasweeper.engine import LevelName

    app, pilot = _headless_app(level=LevelName.EXPERT, seed=20)
    pilot.click_cell(pilot.cell_at(16, 8))
    pilot.finish_ripple()
    app.duels.players = _bench_players()
    app.duels.begin()
    positions = [(20 + (i * 3) % 280, 30 + (i * 5) % 200) for i in range(frames)]
    step = iter(positions)
    samples = _time_frames(app, frames, between=lambda: pyxel_move(*next(step)))
    return summary(samples)


def _bench_players():
    from amigasweeper.play import DuelPlayers, Opponent

    return DuelPlayers(("Player 1", "Player 2"), Opponent.HUMAN, "normal")


def bench_window_drag_frames(frames: int = 3000) -> dict:
    """Frames while the Expert window's title bar is held and moved: the
    complemented outline follows the pointer every frame."""
    from amigasweeper.engine import LevelName
    from amigasweeper.ui.intuition.input import Button

    app, pilot = _headless_app(level=LevelName.EXPERT, seed=20)
    pilot.click_cell(pilot.cell_at(16, 8))
    pilot.finish_ripple()
    window = app.mine_window
    pilot.move(window.ax + 60, window.ay + 4)
    pilot.press(Button.LEFT)
    positions = [(40 + (i * 3) % 240, 20 + (i * 2) % 200) for i in range(frames)]
    step = iter(positions)
    samples = _time_frames(app, frames, between=lambda: pyxel_move(*next(step)))
    assert app.wm.drag is not None, "the bench must measure a drag"
    pilot.release(Button.LEFT)
    return summary(samples)


def pyxel_move(x: int, y: int) -> None:
    import pyxel

    pyxel.set_mouse_pos(x, y)


def section_frames(quick: bool = False) -> dict:
    frames = 5 if quick else 3000
    return {
        "expert_midgame_update_draw": bench_expert_midgame_frames(frames),
        "full_board_ripple_update_draw": bench_full_board_ripple_frames(1 if quick else 60),
        "menu_open_update_draw": bench_menu_open_frames(frames),
        "two_windows_update_draw": bench_two_windows_frames(frames),
        "window_drag_update_draw": bench_window_drag_frames(frames),
    }


def bench_guide_parse(quick: bool = False) -> dict:
    """Parse the shipped manual and a generated 1 MB guide."""
    from amigasweeper.guide import manual_path, parse
    from amigasweeper.guide.synthetic import synthetic_guide

    manual = manual_path().read_bytes()
    big = synthetic_guide(10_000 if quick else 1_000_000).encode("latin-1")

    def timed(data: bytes, runs: int) -> dict:
        samples = []
        for _ in range(runs):
            start = time.perf_counter()
            parse(data)
            samples.append((time.perf_counter() - start) * 1000)
        return summary(samples)

    return {"manual": timed(manual, 2 if quick else 200), "generated_1mb": timed(big, 2 if quick else 15)}


def bench_viewer_scroll_frames(frames: int = 2000, size: int = 200_000) -> dict:
    """Frames while the viewer scrolls a long page a line at a time, down and up."""
    import pyxel

    from amigasweeper.guide import parse
    from amigasweeper.guide.synthetic import synthetic_guide

    app, pilot = _headless_app()
    # One long page: a generated guide's text with its node boundaries taken out.
    body = [line for line in synthetic_guide(size).splitlines() if not line.lower().startswith(("@node", "@endnode"))]
    document = parse("@node Main \"A long page\"\n" + "\n".join(body) + "\n@endnode\n")
    app.open_viewer(document, document.main)
    viewer = app.viewer
    direction = [1]

    def scroll() -> None:
        if viewer.navigation.place.top >= viewer.scroll.total_lines - viewer.rows:
            direction[0] = -1
        elif viewer.navigation.place.top == 0:
            direction[0] = 1
        viewer.scroll.scroll_by(direction[0])
        pyxel.set_mouse_pos(100, 120)

    samples = _time_frames(app, frames, between=scroll)
    result = summary(samples)
    result["page_lines"] = viewer.scroll.total_lines
    viewer.close()
    return result


def section_guide(quick: bool = False) -> dict:
    scroll = bench_viewer_scroll_frames(5, 5_000) if quick else bench_viewer_scroll_frames()
    return {"parse": bench_guide_parse(quick), "viewer_scroll_update_draw": scroll}


def section_hints(quick: bool = False) -> dict:
    from bench_hints import section_hints as hints  # the hints' benchmarks have a file of their own

    return hints(1) if quick else hints()


SECTIONS = {"engine": section_engine, "frames": section_frames, "guide": section_guide, "hints": section_hints}


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    argv = [arg for arg in argv if arg != "--quick"]
    wanted = argv or list(SECTIONS)
    unknown = [name for name in wanted if name not in SECTIONS]
    if unknown:
        raise SystemExit(f"unknown section(s) {unknown}; choose from {sorted(SECTIONS)}")
    report = {"python": platform.python_version(), "machine": platform.machine()}
    for name in wanted:
        report[name] = SECTIONS[name](quick)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    # bench_hints imports this file as "bench": the same module, so pyxel is
    # initialised once (a second init panics).
    sys.modules.setdefault("bench", sys.modules[__name__])
    main(sys.argv[1:])

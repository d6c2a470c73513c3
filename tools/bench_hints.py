#!/usr/bin/env python3
"""The hints' benchmark (a section of tools/bench.py): the real program, headless,
with Show Probabilities, Hint and the Demo, every frame measured.

    python3 tools/bench.py hints        # this section in bench.py's report
    python3 tools/bench_hints.py        # the same, alone
    python3 tools/bench_hints.py 32x32/400   # only the crowded 32x32/400 shading rows
    python3 tools/bench_hints.py decision    # the complete decision alone, on 32x32/400

Figures go to docs/BENCHMARKS.md, never into tests.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

from bench import _headless_app, summary


def _demo_app(width: int, height: int, mines: int, shape: str = "square"):
    """The program with Show Probabilities and Demo on, on the given board."""
    from amigasweeper.engine import LevelName, Shape
    from amigasweeper.ui.intuition.modes import ScreenMode

    hires = width > 32 or height > 16 or shape != "square"
    app, pilot = _headless_app(level=LevelName.EXPERT, seed=1, screen=ScreenMode.HIRES if hires else ScreenMode.LOWRES)
    if shape != "square":
        app.session.set_shape(Shape(shape))
    if (width, height, mines) != (32, 16, 99) or shape != "square":
        app.session.choose_custom(width, height, mines)
    app.mine_window.relayout()
    return app, pilot


def bench_demo_with_probabilities(width: int, height: int, mines: int, games: int, shape: str = "square") -> dict:
    """Every frame (update + draw) of Demo games played with Show Probabilities on.

    Wall time and the process's CPU time are both kept: on a machine shared
    with other work, wall time also counts the moments another process had the
    core. Frames with no solver work in them are counted too (they are most).
    """
    import pyxel

    app, pilot = _demo_app(width, height, mines, shape)
    hints = app.mine_window.hints
    wall, cpu, busy = [], [], 0
    moves = 0
    collector = _CollectorPauses().start()
    for game_number in range(games):
        app.session.seeds = _Seeds(game_number)
        app.session.new_game()
        hints.set_probabilities(True)  # as the menu items do (the game is helped: no Best Times requester on a win)
        hints.start_demo()
        pyxel.set_mouse_pos(5, 200)
        game = app.game
        for _ in range(20_000):
            if game.status.over or not hints.demo.on or app.requesters:
                break
            start_wall, start_cpu = time.perf_counter(), time.thread_time()
            app.update()
            app.draw()
            wall.append((time.perf_counter() - start_wall) * 1000)
            cpu.append((time.thread_time() - start_cpu) * 1000)
            busy += app.screen.busy
        moves += len(game.moves)
    collector.stop()
    return {
        "board": f"{shape} {width}x{height}/{mines}",
        "games": games,
        "moves": moves,
        "frames": len(wall),
        "busy_frames": busy,
        "wall": {**summary(wall), "max_ms": round(max(wall), 3)},
        "cpu": {**summary(cpu), "max_ms": round(max(cpu), 3)},
        "collector": collector.report(),
    }


class _CollectorPauses:
    """The cycle collector's pauses while it is installed (gc.callbacks), in ms of CPU time."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float]] = []  # (generation, ms)
        self._start = 0.0

    def start(self) -> _CollectorPauses:
        import gc

        gc.callbacks.append(self._note)
        return self

    def stop(self) -> None:
        import gc

        gc.callbacks.remove(self._note)

    def _note(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._start = time.thread_time()
        else:
            self.pauses.append((info["generation"], (time.thread_time() - self._start) * 1000))

    def report(self) -> dict:
        full = [ms for generation, ms in self.pauses if generation == 2]
        return {
            "collections": len(self.pauses),
            "full_collections": len(full),
            "longest_ms": round(max((ms for _, ms in self.pauses), default=0.0), 3),
            "longest_full_ms": round(max(full, default=0.0), 3),
        }


class _Seeds:
    """A seed source that gives one fixed seed (the game's number)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def next(self) -> int:
        return self.seed


def bench_hint_latency(width: int, height: int, mines: int, games: int, every: int = 7) -> dict:
    """Hint pressed on positions met by the player (every ``every``-th move of seeded
    games), with the counting caches emptied first: from the frame of the press to
    the end of the frame whose work produced the answer, in milliseconds and frames."""
    from amigasweeper.engine import GameStatus
    from amigasweeper.solver import analysis as analysis_module
    from amigasweeper.solver import best_move
    from amigasweeper.solver.counting import clear_cache

    app, pilot = _demo_app(width, height, mines)
    hints = app.mine_window.hints
    latency, latency_cpu, frames_taken = [], [], []
    for game_number in range(games):
        app.session.seeds = _Seeds(game_number)
        app.session.new_game()
        game = app.game
        move = 0
        while game.status is GameStatus.READY or game.status is GameStatus.PLAYING:
            if move % every == every - 1 and game.placed:
                clear_cache()
                analysis_module._CUTS.found.clear()
                start, start_cpu, frames = time.perf_counter(), time.thread_time(), 1
                hints.hint()
                while hints.pending:
                    app.update()
                    app.draw()
                    frames += 1
                latency.append((time.perf_counter() - start) * 1000)
                latency_cpu.append((time.thread_time() - start_cpu) * 1000)
                frames_taken.append(frames)
                hints.forget()
            decision = best_move(game.player_view())
            result = game.uncover(decision.cell)
            app.mine_window.canvas.apply(result)
            move += 1
    return {
        "board": f"{width}x{height}/{mines}",
        "hints": len(latency),
        "latency": {**summary(latency), "max_ms": round(max(latency), 3)},
        "latency_cpu": {**summary(latency_cpu), "max_ms": round(max(latency_cpu), 3)},
        "frames": {"median": statistics.median(frames_taken), "max": max(frames_taken)},
    }


def bench_crowded_shading(width: int, height: int, mines: int, positions: int, opens: int, shape: str = "square") -> dict:
    """Turning Show Probabilities on over crowded positions: ``opens`` random safe
    squares uncovered (peeking at the layout), the counting caches emptied, then
    every frame until the shading is ready (exact or, past the patience, estimated)."""
    import pyxel

    from amigasweeper.play.played import Action, Help
    from amigasweeper.solver import analysis as analysis_module
    from amigasweeper.solver.counting import clear_cache

    app, pilot = _demo_app(width, height, mines, shape)
    hints = app.mine_window.hints
    wall, cpu, frames_taken, first_shading, every_proof, estimates = [], [], [], [], [], 0
    collector = _CollectorPauses().start()
    for seed in range(positions):
        app.session.seeds = _Seeds(seed)
        game = app.session.new_game()
        app.session.played.use_help(Help.PROBABILITIES)
        game.uncover(game.topology.size // 2)
        safe = [c for c in game.topology.cells() if not game.is_mine(c)]
        random.Random(seed).shuffle(safe)
        for cell in safe[:opens]:
            if not game.is_open(cell) and not game.status.over:
                app.mine_window.act(Action.UNCOVER, cell)
        app.mine_window.canvas.finish_ripple()
        if game.status.over:
            continue
        clear_cache()
        analysis_module._CUTS.found.clear()
        hints.show_probabilities = True
        pyxel.set_mouse_pos(5, 200)
        frames = first_shown = 0
        shown: list[tuple[int, object]] = []  # (frame, shading) each time the shading changed
        while frames == 0 or hints.work is None or hints.work.analysis is None:
            start_wall, start_cpu = time.perf_counter(), time.thread_time()
            app.update()
            app.draw()
            wall.append((time.perf_counter() - start_wall) * 1000)
            cpu.append((time.thread_time() - start_cpu) * 1000)
            frames += 1
            shading = hints.shading()
            if not shown or shown[-1][1] is not shading:
                shown.append((frames, shading))
            if not first_shown and any(p is not None for p in shading.chances):
                first_shown = frames  # the settled squares (or the count) are on the board
        frames_taken.append(frames)
        first_shading.append(first_shown)
        analysis = hints.work.analysis
        every_proof.append(_first_with_every_proof(shown, analysis.safe | analysis.mines))
        estimates += not analysis.exact
        hints.show_probabilities = False
    collector.stop()
    return {
        "board": f"{shape} {width}x{height}/{mines}, {opens} squares uncovered at random",
        "positions": len(frames_taken),
        "estimated": estimates,
        "frames": len(cpu),
        # Frames (at 60 a second) until the count is done: every square settled, or the rest estimated.
        "frames_until_shaded": {"median": statistics.median(frames_taken), "max": max(frames_taken)},
        # Frames until the first shading (the settled squares).
        "frames_until_first_shading": {"median": statistics.median(first_shading), "max": max(first_shading)},
        # Frames until every square that can be proved is shown settled (the decision's last proof).
        "frames_until_every_proof_shown": {"median": statistics.median(every_proof), "max": max(every_proof)},
        "wall": {**summary(wall), "max_ms": round(max(wall), 3)},
        "cpu": {**summary(cpu), "max_ms": round(max(cpu), 3)},
        "collector": collector.report(),
    }


def _first_with_every_proof(shown: list[tuple[int, object]], proved: set[int]) -> int:
    """The first frame whose shading showed every square of ``proved`` settled."""
    for frame, shading in shown:
        if all(shading.settled[cell] for cell in proved):
            return frame
    return shown[-1][0]


def section_hints(games: int = 6) -> dict:
    return {
        "demo_expert": bench_demo_with_probabilities(32, 16, 99, games),
        "demo_32x32_200": bench_demo_with_probabilities(32, 32, 200, games),
        # Demo games on 32x32/400 (39% mines) end after a few moves: many more of them.
        "demo_32x32_400": bench_demo_with_probabilities(32, 32, 400, 10 * games),
        "demo_hex_expert": bench_demo_with_probabilities(32, 16, 99, games, "hex"),
        "demo_triangle_expert": bench_demo_with_probabilities(32, 16, 99, games, "triangle"),
        "crowded_expert": bench_crowded_shading(32, 16, 99, 2 * games, 120),
        "crowded_32x32_200": bench_crowded_shading(32, 32, 200, 2 * games, 150),
        "crowded_32x32_400": bench_crowded_shading(32, 32, 400, 2 * games, 150),
        "crowded_32x32_400_300": bench_crowded_shading(32, 32, 400, 2 * games, 300),
        "crowded_hex_expert": bench_crowded_shading(32, 16, 99, 2 * games, 120, "hex"),
        "crowded_triangle_expert": bench_crowded_shading(32, 16, 99, 2 * games, 120, "triangle"),
        "hint_expert": bench_hint_latency(32, 16, 99, games),
        "hint_32x32_200": bench_hint_latency(32, 32, 200, max(1, games // 2)),
    }




def bench_decision(width: int, height: int, mines: int, positions: int, opens: int) -> dict:
    """The complete decision (solver/decide.py) alone, on positions with ``opens`` random
    safe squares uncovered, the caches emptied: CPU time, work, searches, squares proved."""
    from amigasweeper.engine import COVERED, MARKED, Game, GameSetup
    from amigasweeper.solver.combining import run_to_end
    from amigasweeper.solver.constraints import constraints_of
    from amigasweeper.solver.counting import clear_cache
    from amigasweeper.solver.decide import decide_steps

    cpu, work, searches, proved = [], [], [], []
    for seed in range(positions):
        rng = random.Random(seed)
        setup = GameSetup(width=width, height=height, mines=mines)
        layout = rng.sample(list(setup.topology.cells()), mines)
        game = Game.with_mines(setup, layout)
        safe = [c for c in setup.topology.cells() if c not in set(layout)]
        rng.shuffle(safe)
        for cell in safe[:opens]:
            game.uncover(cell)
        view = game.player_view()
        constraints = constraints_of(view.topology, view.cells)
        frontier = {cell for c in constraints for cell in c.cells}
        off = [c for c, v in enumerate(view.cells) if v == COVERED and c not in frontier]
        clear_cache()
        start = time.thread_time()
        decided = run_to_end(decide_steps(constraints, mines - sum(v == MARKED for v in view.cells), off))
        cpu.append((time.thread_time() - start) * 1000)
        work.append(decided.work)
        searches.append(decided.searches)
        proved.append(len(decided.safe) + len(decided.mines))
    return {
        "board": f"{width}x{height}/{mines}, {opens} squares uncovered at random",
        "positions": positions,
        "cpu": {**summary(cpu), "max_ms": round(max(cpu), 3)},
        "work": {"median": statistics.median(work), "max": max(work)},
        "searches": {"median": statistics.median(searches), "max": max(searches)},
        "squares_proved": {"median": statistics.median(proved), "max": max(proved)},
    }


def main(argv: list[str]) -> None:
    if argv == ["decision"]:
        report = {f"decision_32x32_400_{opens}": bench_decision(32, 32, 400, 12, opens) for opens in (150, 200, 250, 300)}
    elif argv == ["32x32/400"]:
        report = {
            "crowded_32x32_400": bench_crowded_shading(32, 32, 400, 12, 150),
            "crowded_32x32_400_300": bench_crowded_shading(32, 32, 400, 12, 300),
        }
    elif argv:
        raise SystemExit("usage: bench_hints.py [32x32/400 | decision]")
    else:
        report = section_hints()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])

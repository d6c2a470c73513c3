"""Shared helpers for the solver tests: random small positions and brute force."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

from hypothesis import strategies as st

from amigasweeper.engine import COVERED, MARKED, Game, GameSetup, PlayerView, Shape


def random_position(shape: Shape, width: int, height: int, mines: int, seed: int, opens: int, marks: int = 0):
    """A game with random mines, ``opens`` safe squares uncovered and ``marks`` mines marked."""
    rng = random.Random(seed)
    setup = GameSetup(width=width, height=height, mines=mines, shape=shape)
    cells = list(setup.topology.cells())
    layout = rng.sample(cells, mines)
    game = Game.with_mines(setup, layout)
    safe = [c for c in cells if c not in set(layout)]
    rng.shuffle(safe)
    for cell in safe[:opens]:
        game.uncover(cell)
        if game.status.over:
            break
    for cell in rng.sample(layout, min(marks, len(layout))):
        if not game.status.over:
            game.toggle_mark(cell)
    return game


def brute_force(view: PlayerView) -> list[Fraction | None] | None:
    """Mine chance of every unknown square by listing every layout (None if none fits)."""
    topology, cells = view.topology, view.cells
    unknown = [c for c, v in enumerate(cells) if v == COVERED]
    left = view.mines - sum(1 for v in cells if v == MARKED)
    numbers = [c for c, v in enumerate(cells) if v >= 0]
    hits = [0] * topology.size
    total = 0
    if 0 <= left <= len(unknown):
        for chosen in combinations(unknown, left):
            mine = set(chosen) | {c for c, v in enumerate(cells) if v == MARKED}
            if all(sum(n in mine for n in topology.neighbours[c]) == cells[c] for c in numbers):
                total += 1
                for c in chosen:
                    hits[c] += 1
    if total == 0:
        return None
    return [Fraction(hits[c], total) if cells[c] == COVERED else None for c in topology.cells()]


def small_positions(shape: Shape, count: int):
    """(seed, view) of small random positions still in play: 5x4 with 6 mines, some marks."""
    for seed in range(count):
        game = random_position(shape, 5, 4, 6, seed, opens=1 + seed % 9, marks=seed % 3)
        if not game.status.over:
            yield seed, game.player_view()


def assert_matches_brute_force(view: PlayerView, got: list[float | None], seed: int) -> None:
    """Every square's chance equals the brute-force one (None where the square is not unknown)."""
    expected = brute_force(view)
    assert expected is not None  # right marks always leave the true layout
    for cell, (want, have) in enumerate(zip(expected, got)):
        if want is None:
            assert have is None, (seed, cell)
        else:
            assert abs(have - float(want)) <= 1e-12, (seed, cell, have, want)


def positions(width=(3, 7), height=(3, 6), mines=(1, 8), opens=(1, 20), marks=(0, 3)):
    """A hypothesis strategy of random_position games, each range given as (lowest, highest)."""
    return st.builds(
        random_position,
        shape=st.sampled_from(list(Shape)),
        width=st.integers(*width),
        height=st.integers(*height),
        mines=st.integers(*mines),
        seed=st.integers(0, 10**6),
        opens=st.integers(*opens),
        marks=st.integers(*marks),
    )

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

"""The measure a colour-blind preset must pass.

Under the simulation of its deficiency at full severity, any two of the
numbers a board shape uses, and each number against the uncovered square, are
at least ``THRESHOLD`` apart in CIEDE2000. A square board shows 1-8, a
hexagonal one 1-6, a triangular one 1-12 (as many as a square has neighbours:
the engine's Shape says how many).

Items are numbered as the board shows them: 1..12 are the numbers and
``SQUARE`` (0) is the uncovered square they are drawn on.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ...engine.topology import Shape
from .ciede2000 import delta_e_2000
from .vision import Deficiency, lab

THRESHOLD = 10.0
SQUARE = 0  # the uncovered square, as an item beside the numbers 1..12
MOST_NUMBERS = max(shape.max_neighbours for shape in Shape)

Pair = tuple[int, int]


@dataclass(frozen=True)
class Swatch:
    """The colours measured: the uncovered square's and the numbers' (24-bit RGB)."""

    square: int
    numbers: tuple[int, ...]  # numbers[0] is the colour of 1

    def colour(self, item: int) -> int:
        return self.square if item == SQUARE else self.numbers[item - 1]


@lru_cache(maxsize=8192)
def distance(first: int, second: int, deficiency: Deficiency) -> float:
    """CIEDE2000 between two 24-bit colours as a viewer with ``deficiency`` sees them."""
    return delta_e_2000(lab(first, deficiency), lab(second, deficiency))


def pairs(count: int) -> list[Pair]:
    """Every pair the measure looks at on a board showing numbers 1..count."""
    items = range(count + 1)  # the square, then the numbers
    return list(combinations(items, 2))


def distances(swatch: Swatch, deficiency: Deficiency, count: int = MOST_NUMBERS) -> dict[Pair, float]:
    """pair -> CIEDE2000 under ``deficiency``, for numbers 1..count and the square."""
    if not 1 <= count <= len(swatch.numbers):
        raise ValueError(f"the swatch has {len(swatch.numbers)} numbers, not {count}")
    return {(a, b): distance(swatch.colour(a), swatch.colour(b), deficiency) for a, b in pairs(count)}


def close_pairs(
    swatch: Swatch, deficiency: Deficiency, count: int = MOST_NUMBERS, threshold: float = THRESHOLD
) -> set[Pair]:
    """The pairs closer than ``threshold``: each needs a second cue."""
    return {pair for pair, value in distances(swatch, deficiency, count).items() if value < threshold}


def minimum(swatch: Swatch, deficiency: Deficiency, count: int = MOST_NUMBERS) -> tuple[float, Pair]:
    """The smallest distance and the pair it is between."""
    found = distances(swatch, deficiency, count)
    pair = min(found, key=found.__getitem__)
    return found[pair], pair


def numbers_shown(shape: Shape | str) -> int:
    """How many numbers a board shape can show (its neighbour count)."""
    return Shape.saved(shape).max_neighbours


def item_name(item: int) -> str:
    return "square" if item == SQUARE else str(item)


def matrix_rows(swatch: Swatch, deficiency: Deficiency, count: int = MOST_NUMBERS) -> list[str]:
    """The distances as a lower-triangular table, one text row per item; a
    distance under the threshold is followed by '!'."""
    found = distances(swatch, deficiency, count)
    items = range(count + 1)
    rows = ["       " + "".join(f"{item_name(i):>7}" for i in items[:-1])]
    for b in items[1:]:
        cells = "".join(f"{found[(a, b)]:6.1f}{'!' if found[(a, b)] < THRESHOLD else ' '}" for a in items if a < b)
        rows.append(f"{item_name(b):>6} {cells}".rstrip())
    return rows

"""Combining counted components into a whole position: each component's
arrangements weighted by what the others and the squares no number touches
allow, all exact (see counting.py)."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from math import comb
from typing import TypeVar

from .constraints import Component, lines_of
from .deadlines import CHUNK, METER

Finished = TypeVar("Finished")  # what a stage that pauses returns at its end


def run_to_end(steps: Generator[object, None, Finished]) -> Finished:
    """What a stage that pauses (a generator) returns, run without pausing."""
    while True:
        try:
            next(steps)
        except StopIteration as finished:
            return finished.value


def _poly(ways: dict[int, int]) -> list[int]:
    top = max(ways, default=-1)
    poly = [0] * (top + 1)
    for mines, count in ways.items():
        poly[mines] = count
    return poly


def _multiply(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


def _divide(product: list[int], factor: list[int]) -> list[int]:
    """Exact polynomial division (the quotient has integer coefficients by construction)."""
    low = next(i for i, x in enumerate(factor) if x)
    lead = factor[low]
    size = len(product) - len(factor) + 1
    quotient = [0] * size
    rest = list(product)
    for i in range(size):
        value = rest[i + low] // lead
        quotient[i] = value
        if value:
            for j in range(low, len(factor)):
                rest[i + j] -= value * factor[j]
    return quotient


def _binomials_down(n: int, top: int, count: int) -> list[int]:
    """[C(n, top), C(n, top - 1), ..., C(n, top - count + 1)], zero where k is outside 0..n.

    One C(n, k) and then a product and an exact division per step: far cheaper
    than ``count`` separate C(n, k) of a large n (hundreds of squares off the
    frontier on a 32x32 board).
    """
    out = [0] * count
    k = min(top, n)  # the largest k in range that C(n, k) is not zero for
    if k < 0 or count <= 0:
        return out
    value = comb(n, k)
    for index in range(top - k, count):
        if k < 0:
            break
        out[index] = value
        value = value * k // (n - k + 1)  # C(n, k-1) = C(n, k) * k / (n - k + 1)
        k -= 1
    return out


@dataclass
class Counted:
    """A position's arrangements, combined over components and the squares off the frontier."""

    components: list[Component]
    off_count: int  # unknown squares no number touches
    mines_left: int  # total minus known mines
    total: int = 0  # weighted number of whole-board arrangements
    component_weight: list[dict[int, int]] = field(default_factory=list)  # per component: mines -> weight of the rest
    off_mines: int = 0  # sum over arrangements of mines off the frontier (weighted)
    mine_totals: dict[int, int] = field(default_factory=dict)  # frontier mines -> weight

    def box_mine_weight(self, c: int, b: int) -> int:
        lines = lines_of(self.components[c])
        return sum(self.component_weight[c].get(m, 0) * lines.weight[m][b] for m in lines.ways)

    def off_probability(self) -> float | None:
        if not self.off_count:
            return None
        return self.off_mines / (self.off_count * self.total)


def combine(components: list[Component], off_count: int, mines_left: int) -> Counted:
    """Weight every component's lines by what the rest of the board allows (all exact), at once."""
    return run_to_end(combine_steps(components, off_count, mines_left))


def combine_steps(components: list[Component], off_count: int, mines_left: int) -> Generator[None, None, Counted]:
    """``combine`` in steps: it pauses (yields) after every CHUNK products summed.

    On a crowded 32x32 board there are dozens of components, each weighted
    against a product polynomial of a hundred big integers; all at once that
    took longer than a frame.
    """
    counted = Counted(components, off_count, mines_left)
    polys = [_poly(lines_of(component).ways) for component in components]
    everything = [1]
    for poly in polys:
        everything = _multiply(everything, poly)
    yield
    # The arrangements off the frontier for each frontier total, computed once:
    # every component's weights read them, and C(n, k) of big n is not cheap.
    off_ways = _binomials_down(off_count, mines_left, len(everything))
    total = 0
    off_mines = 0
    for mines, ways in enumerate(everything):
        if ways:
            weighted = ways * off_ways[mines]
            if weighted:
                counted.mine_totals[mines] = weighted
                total += weighted
                off_mines += weighted * (mines_left - mines)
    counted.total = total
    counted.off_mines = off_mines
    since_pause = 0
    for poly in polys:
        others = _divide(everything, poly)
        weights: dict[int, int] = {}
        counted.component_weight.append(weights)
        for mines, ways in enumerate(poly):
            if ways:
                weights[mines] = sum(o * off_ways[mines + m] for m, o in enumerate(others) if o)
                METER.reading += len(others)
                since_pause += len(others)
                if since_pause >= CHUNK:
                    yield
                    since_pause = 0
    return counted

"""Exhaustive endgame search: when few arrangements remain, play them all out.

Every remaining layout of the unknown squares is listed, as bits of one big
integer per square, and the chance of winning is maximised over the game tree
(a set of layouts -> best square to uncover). Sets of layouts are themselves
bitmasks, so the cache key is one int. Opening cascades are ignored (they only
add information), so the value found is a lower bound of the true chance.

A search is kept for the positions that follow it: every later position of
the same game is one of its sets of layouts (those that fit what was
uncovered since), and the values worked out for the first guess already hold
most of the tree below it. So an endgame is listed and searched once, and
each later guess in it costs little (JSMinesweeper searches below 1,000
layouts; so do we). Squares that would split the layouts in the same way are
one choice: only the first of them is searched.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Protocol

from amigasweeper.engine import COVERED, MARKED, Topology

from .analysis import Analysis
from .constraints import Component, Constraint
from .counting import ambient_deadline
from .knowledge import Knowledge

MAX_LAYOUTS = 1_000  # JSMinesweeper's threshold for its brute force
MAX_UNKNOWN = 1_000  # no limit in practice: the layouts bound the work
SEARCH_BUDGET = 2_000_000  # positions visited in one decision before giving up (never met on Expert in practice)
MEMO_LIMIT = 200_000  # positions remembered across decisions (a few hundred bytes each)
DEADLINE_EVERY = 64  # positions visited between two looks at the clock (about 0.5 ms)


class _GiveUp(Exception):
    pass


def _transpose(layouts: list[int], squares: int, deadline) -> list[int]:
    """Per square, the layouts in which it holds a mine (layouts are per-layout bitmasks of squares)."""
    mine_sets = [0] * squares
    for k, layout in enumerate(layouts):
        bit = 1 << k
        while layout:
            low = layout & -layout
            mine_sets[low.bit_length() - 1] |= bit
            layout ^= low
        if k % 256 == 255 and deadline.expired():
            raise _GiveUp
    return mine_sets


def _by_number(near: list[int], safe: int) -> list[int]:
    """Split the layouts ``safe`` by how many of the sets ``near`` hold each one (smallest number first)."""
    return list(_numbered(near, safe).values())


def _numbered(near: list[int], safe: int) -> dict[int, int]:
    """``_by_number`` with each group's number: number -> layouts.

    The count is kept in binary across all layouts at once (bit-sliced: one
    integer per binary digit, one bit per layout), so it costs a few integer
    operations per neighbour whatever the number of layouts.
    """
    digits = [0] * max(1, len(near).bit_length())
    for mines in near:
        carry = mines
        for d, digit in enumerate(digits):
            digits[d], carry = digit ^ carry, digit & carry
            if not carry:
                break
    groups = {}
    for value in range(len(near) + 1):
        group = safe
        for d, digit in enumerate(digits):
            group &= digit if value >> d & 1 else ~digit
        if group:
            groups[value] = group
    return groups


@dataclass(frozen=True)
class EndgamePlan:
    cell: int
    win_chance: float


class LayoutSource(Protocol):
    """What list_layouts reads of a position: a whole Analysis, or one _Region of it."""

    @property
    def components(self) -> Sequence[Component]: ...
    @property
    def constraints(self) -> Sequence[Constraint]: ...
    @property
    def mines_left(self) -> int: ...
    @property
    def off_cells(self) -> list[int]: ...


def list_layouts(knowledge: Knowledge, analysis: LayoutSource, limit: int | None = None) -> tuple[list[int], list[int]] | None:
    """(unknown squares, layouts as bitmasks over them), or None if there are more than ``limit``.

    The limit defaults to MAX_LAYOUTS as it is when called (not when this was defined).
    """
    if limit is None:
        limit = MAX_LAYOUTS
    neighbours = knowledge.topology.neighbours
    frontier = [cell for component in analysis.components for cell in component.cells]
    off = analysis.off_cells
    order = frontier + off
    need = {c.witness: c.need for c in analysis.constraints}
    room = {c.witness: len(c.cells) for c in analysis.constraints}
    touching = [[w for w in neighbours[cell] if w in need] for cell in frontier]
    left = analysis.mines_left
    layouts: list[int] = []
    deadline = ambient_deadline()

    def place(i: int, used: int, mask: int) -> None:
        if i == len(frontier):
            rest = left - used
            if 0 <= rest <= len(off):
                for chosen in combinations(range(len(frontier), len(order)), rest):
                    layouts.append(mask | sum(1 << j for j in chosen))
                    if len(layouts) > limit or (len(layouts) % 256 == 0 and deadline.expired()):
                        raise _GiveUp
            return
        ws = touching[i]
        for w in ws:
            room[w] -= 1
        for mine in (0, 1):
            if mine:
                if used >= left or any(need[w] == 0 for w in ws):
                    continue
                for w in ws:
                    need[w] -= 1
            if all(0 <= need[w] <= room[w] for w in ws):
                place(i + 1, used + mine, mask | (mine << i))
            if mine:
                for w in ws:
                    need[w] += 1
        for w in ws:
            room[w] += 1

    try:
        place(0, 0, 0)
    except (_GiveUp, RecursionError):
        return None
    return order, layouts


def best_endgame_move(knowledge: Knowledge, analysis: Analysis) -> EndgamePlan | None:
    """The square that maximises the chance of winning, or None if the search is too big."""
    if analysis.counted is None or analysis.counted.total > MAX_LAYOUTS or len(analysis.unknown) > MAX_UNKNOWN:
        return None
    if analysis.counted.total < 2:
        return None
    found = _KEPT.follow(knowledge, analysis.counted.total)
    if found is None:
        listed = list_layouts(knowledge, analysis)
        if listed is None or len(listed[1]) < 2:
            return None
        try:
            search = _Search(knowledge, *listed)
        except _GiveUp:
            return None
        found = search, search.everything
        _KEPT.keep(search)
    search, layouts = found
    try:
        return search.best(layouts)
    except _GiveUp:
        return None


@dataclass(frozen=True)
class _Region:
    """One component on its own, in the shape list_layouts reads an Analysis in."""

    components: list[Component]
    constraints: tuple[Constraint, ...]
    mines_left: int
    off_cells: list[int] = field(default_factory=list)


def best_region_move(knowledge: Knowledge, component: Component) -> EndgamePlan | None:
    """The square that gives the best chance of clearing an isolated component.

    The component must be enclosed (no square outside it can ever tell
    anything about it) and hold the same number of mines in every
    arrangement (so the mine count cannot either): then clearing it is a game
    of its own, whatever happens elsewhere, and its layouts are all equally
    likely. None if it has more than MAX_LAYOUTS layouts or the search gives up.
    """
    lines = component.lines
    if lines is None or len(lines.ways) != 1:
        raise ValueError("the component's mine total is not fixed")
    (mines, ways), = lines.ways.items()
    if not 2 <= ways <= MAX_LAYOUTS:
        return None
    region = _Region([component], component.constraints, mines)
    listed = list_layouts(knowledge, region)
    if listed is None or len(listed[1]) < 2:
        return None
    try:
        search = _Search(knowledge, *listed)
        return search.best(search.everything)
    except _GiveUp:
        return None


class _Kept:
    """The last search, for the positions that follow it in the same game."""

    def __init__(self) -> None:
        self.search: _Search | None = None

    def keep(self, search: _Search) -> None:
        self.search = search

    def clear(self) -> None:
        self.search = None

    def follow(self, knowledge: Knowledge, total: int) -> tuple[_Search, int] | None:
        """(the kept search, the layouts of this position among its own), if this
        position follows the one it was listed for; None otherwise."""
        search = self.search
        if search is None or search.topology is not knowledge.topology or search.mines != knowledge.mines:
            return None
        cells = knowledge.cells
        if any(before != COVERED and now != before for before, now in zip(search.cells, cells)):
            return None  # another game, or a position before the search's
        layouts = search.everything
        for j, cell in enumerate(search.order):
            value = cells[cell]
            if value == COVERED:
                continue
            if value == MARKED:
                layouts &= search.mine_sets[j]
            elif value >= 0:
                layouts &= search.numbered[j].get(value - search.marked_outside[j], 0)
            else:
                return None
            if not layouts:
                return None
        # The layouts kept are those that fit what was uncovered and marked on
        # the search's squares; the rest of the board is as it was listed. As
        # many as the count of the position means they are exactly its own.
        if layouts.bit_count() != total:
            return None
        return search, layouts


_KEPT = _Kept()


def forget() -> None:
    """Drop the kept search (tests, and benchmarks that make every call pay in full)."""
    _KEPT.clear()


class _Search:
    def __init__(self, knowledge: Knowledge, order: list[int], layouts: list[int]) -> None:
        self.order = order
        self.topology: Topology = knowledge.topology
        self.mines = knowledge.mines
        self.cells = list(knowledge.cells)  # the position listed, to tell the positions that follow it
        # The program's frames give the player a deadline (counting_deadline):
        # past it the search gives up and the guess chooser answers instead.
        self.deadline = ambient_deadline()
        count = len(layouts)
        self.everything = (1 << count) - 1
        # mine_sets[j]: the layouts (as a bitmask) where square j holds a mine.
        self.mine_sets = _transpose(layouts, len(order), self.deadline)
        # numbered[j]: for each number square j could show, the layouts where it
        # is safe and shows it (less the known mines around it, marked_outside[j]);
        # shows[j] the same groups without their numbers.
        index = {cell: i for i, cell in enumerate(order)}
        neighbours = knowledge.topology.neighbours
        cells = knowledge.cells
        self.numbered: list[dict[int, int]] = []
        self.marked_outside: list[int] = []
        for j, cell in enumerate(order):
            near = [self.mine_sets[index[n]] for n in neighbours[cell] if n in index]
            self.numbered.append(_numbered(near, self.everything & ~self.mine_sets[j]))
            self.marked_outside.append(sum(1 for n in neighbours[cell] if n not in index and cells[n] == MARKED))
        self.shows = [list(groups.values()) for groups in self.numbered]
        self.memo: dict[int, float] = {}
        self.visits = 0

    def best(self, layouts: int) -> EndgamePlan | None:
        """The best square to uncover when ``layouts`` (a subset of the listed ones) remain."""
        self.deadline = ambient_deadline()
        self.visits = 0
        if len(self.memo) > MEMO_LIMIT:
            self.memo.clear()
        size = layouts.bit_count()
        options = []
        for j, mines in enumerate(self.mine_sets):
            hit = (layouts & mines).bit_count()
            if 0 < hit < size:
                options.append((size - hit, j))
        chance, best = self._guess(layouts, options, list(range(len(self.mine_sets))))
        if best is None:
            return None
        return EndgamePlan(self.order[best], chance)

    def _split(self, layouts: int, j: int) -> list[int]:
        return [part for mask in self.shows[j] if (part := layouts & mask)]

    def _value(self, layouts: int, live: list[int]) -> float:
        """The chance of winning from these layouts. ``live`` holds the squares
        that may still tell something here: a square that is a mine in every
        layout, or safe with the same number in every one, stays so in every
        subset of them, so it is dropped for the positions below."""
        if layouts & (layouts - 1) == 0:
            return 1.0
        cached = self.memo.get(layouts)
        if cached is not None:
            return cached
        self.visits += 1
        if self.visits > SEARCH_BUDGET or (self.visits % DEADLINE_EVERY == 0 and self.deadline.expired()):
            raise _GiveUp
        size = layouts.bit_count()
        shows, mine_sets = self.shows, self.mine_sets
        options = []  # (safe layouts, square) of the squares that are a gamble here
        still = []  # the live squares below this position
        # One pass: a free square that tells something is read at once (it
        # cannot hurt); on the way, the gambles are listed for _guess.
        for i, j in enumerate(live):
            hit = layouts & mine_sets[j]
            if hit:
                if hit != layouts:
                    options.append((size - hit.bit_count(), j))
                    still.append(j)
                continue
            for mask in shows[j]:
                part = layouts & mask
                if part:
                    if part != layouts:  # more than one number is possible
                        rest = still + live[i + 1:]
                        value = sum(p.bit_count() * self._value(p, rest) for p in self._split(layouts, j)) / size
                        self.memo[layouts] = value
                        return value
                    break  # its number is the same in every layout: it tells nothing
        value, _ = self._guess(layouts, options, still)
        self.memo[layouts] = value
        return value

    def _guess(self, layouts: int, options: list[tuple[int, int]], live: list[int]) -> tuple[float, int | None]:
        size = layouts.bit_count()
        options.sort(key=lambda o: (-o[0], o[1]))
        best, best_j = 0.0, None
        seen = set()  # the ways the squares tried so far split the layouts
        for safe_count, j in options:
            if safe_count / size <= best:
                break  # even a sure follow-up cannot beat what we have
            parts = self._split(layouts & ~self.mine_sets[j], j)
            split = frozenset(parts)
            if split in seen:
                continue  # the same choice as a square already tried
            seen.add(split)
            won = self._outlook(parts, safe_count, best * size, live)
            if won is not None and won / size > best:
                best, best_j = won / size, j
        return best, best_j

    def _outlook(self, parts: list[int], safe_count: int, beat: float, live: list[int]) -> float | None:
        """Layouts won after uncovering a square (the sum over what it could show),
        or None once it is clear they cannot exceed ``beat``: the parts not yet
        searched are counted as won, and when even that falls short the rest is
        skipped. The largest parts go first, as they decide the most."""
        won = 0.0
        left = safe_count
        for part in sorted(parts, key=int.bit_count, reverse=True):
            count = part.bit_count()
            left -= count
            won += count * self._value(part, live)
            if won + left <= beat:
                return None
        return won

"""Cheap proofs before (or instead of) counting: single numbers and pairs of numbers.

Rules 1-4 of the Hint menu, applied over and over until nothing changes, and in
a slightly stronger form for pairs: for two numbers A and B that share covered
squares, the mines in the shared squares lie between
max(0, A.need - |A only|, B.need - |B only|) and min(A.need, B.need, |shared|),
so B's squares outside A hold between B.need - most and B.need - least mines;
when that range is 0..0 they are safe, when it is full they are mines (rule 3
and rule 4 are the two simplest cases).

Used when a component is too large to count quickly: every square proved here
holds in every arrangement, so taking it out of the constraints changes no
probability, and what is left often falls apart into pieces small enough to
count exactly. Whatever is still too large, proved squares keep 0% and 100%.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field

from .combining import run_to_end
from .constraints import Constraint, Inconsistent

PAIRS_PER_PAUSE = 64  # pairs looked at between two pauses of the generator


@dataclass
class Propagated:
    """What the rules proved, and the constraints left over (without the proved squares)."""

    safe: set[int] = field(default_factory=set)
    mines: set[int] = field(default_factory=set)
    constraints: list[Constraint] = field(default_factory=list)
    pairs: int = 0  # pairs of numbers compared: the work done


def propagate(constraints: Sequence[Constraint]) -> Propagated:
    """Run the rules to a fixpoint at once (see propagate_steps)."""
    return run_to_end(propagate_steps(constraints))


def propagate_steps(constraints: Sequence[Constraint]) -> Generator[int, None, Propagated]:
    """The rules to a fixpoint, pausing (yielding the pairs compared) every PAIRS_PER_PAUSE pairs.

    Raises Inconsistent when the numbers contradict each other.
    """
    result = Propagated()
    need = {c.witness: c.need for c in constraints}
    cells = {c.witness: set(c.cells) for c in constraints}
    by_cell: dict[int, set[int]] = defaultdict(set)
    for c in constraints:
        for cell in c.cells:
            by_cell[cell].add(c.witness)
    queue = list(need)
    queued = set(queue)
    since_pause = 0

    def settle(cell: int, mine: bool) -> None:
        (result.mines if mine else result.safe).add(cell)
        for w in by_cell.pop(cell, ()):
            cells[w].discard(cell)
            need[w] -= mine
            if not 0 <= need[w] <= len(cells[w]):
                raise Inconsistent([w], "it cannot hold the mines the other numbers leave it")
            if w not in queued:
                queued.add(w)
                queue.append(w)

    while queue:
        w = queue.pop()
        queued.discard(w)
        mine = cells[w]
        if not mine:
            continue
        if need[w] == 0 or need[w] == len(mine):
            full = need[w] > 0
            for cell in list(mine):
                settle(cell, full)
            continue
        for other in {o for cell in mine for o in by_cell[cell]} - {w}:
            result.pairs += 1
            since_pause += 1
            # Both ways round: a pair is looked at again whenever either number changes.
            found = _pair(need[w], mine, need[other], cells[other]) or _pair(need[other], cells[other], need[w], mine)
            if found is not None:
                outside, full = found
                for cell in outside:
                    if cell in by_cell:
                        settle(cell, full)
                if w not in queued:
                    queued.add(w)
                    queue.append(w)
                break  # this number's squares changed: look at it again afresh
        if since_pause >= PAIRS_PER_PAUSE:
            yield since_pause
            since_pause = 0
    result.constraints = [Constraint(w, need[w], tuple(sorted(cells[w]))) for w in need if cells[w]]
    return result


def _pair(a_need: int, a: set[int], b_need: int, b: set[int]) -> tuple[set[int], bool] | None:
    """Squares of B outside A that the pair decides: (squares, True for mines), or None."""
    b_only = b - a
    if not b_only:
        return None
    shared = len(a) - len(a - b)
    least = max(0, a_need - (len(a) - shared), b_need - len(b_only))
    most = min(a_need, b_need, shared)
    if b_need - least == 0:
        return b_only, False
    if b_need - most == len(b_only):
        return b_only, True
    return None

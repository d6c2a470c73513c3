"""A small CDCL satisfiability solver with native cardinality constraints.

Pure Python (the program also runs in a browser, with no threads and no C
extension) and resumable: ``solve`` is a generator that pauses (yields the
work done since its last pause) every WORK_PER_PAUSE units of work, so the
caller can spread a hard question over many frames.

What it does, in the usual way of conflict-driven clause learning:

* *Unit propagation* over clauses (two watched literals) and over
  cardinality constraints "at least k of these literals are true" (a counter
  of false literals per constraint: when only k could still be true, they
  all must be; when fewer than k can, the constraint is in conflict).
  Minesweeper's numbers are pairs of such constraints (at least ``need`` of
  the squares are mines, and at least ``size - need`` are not), and so is the
  mine total, which no clause encoding of modest size could carry.
* *Clause learning*: a conflict is traced back to its first unique
  implication point; the clause learned there, added to the constraints,
  keeps the search from meeting the same conflict again. A cardinality
  constraint explains an implication lazily, by the literals of it that were
  false before the implied one.
* *Restarts* on the Luby sequence, with the variables' activity (VSIDS) and
  their last values (phase saving) kept, and learned clauses thinned out
  (worst first by the number of decision levels they span) as they grow.
* *Assumptions*: ``solve([lit])`` asks whether a model with ``lit`` true
  exists; when none does, the negation becomes a fact (true at level 0)
  that every later question starts from.

Literals are ints: variable v (0-based) is 2v when true and 2v + 1 when
false, so ``lit ^ 1`` is the negation.
"""

from __future__ import annotations

import heapq
from collections.abc import Generator, Sequence

WORK_PER_PAUSE = 256  # constraint visits and literals looked at between two pauses (about 0.1-0.2 ms)
RESTART_UNIT = 64  # conflicts in the first stretch of the Luby restart sequence
FIRST_LEARNT_LIMIT = 2_000  # learned clauses kept before the worst half is thrown away
DECAY = 1 / 0.95  # how fast old activity fades (VSIDS): each conflict weighs 5% more than the last

TRUE, FALSE, UNSET = 1, -1, 0
NO_REASON = -1  # a decision, or a fact given at level 0; a reason >= 0 is a clause, <= -2 a card


def card_reason(card: int) -> int:
    return -2 - card


def luby(i: int) -> int:
    """The i-th term (from 0) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ..."""
    size, seq = 1, 0
    while size < i + 1:
        seq += 1
        size = 2 * size + 1
    while size - 1 != i:
        size = (size - 1) >> 1
        seq -= 1
        i %= size
    return 1 << seq


class Solver:
    """Clauses and cardinality constraints over ``variables`` boolean variables.

    Constraints are added between questions (``add_clause``, ``add_at_least``);
    ``solve`` answers one question; ``value`` reads the model it found, and
    ``fixed`` what holds in every model (the facts at level 0).
    """

    def __init__(self, variables: int) -> None:
        n = variables
        self.variables = n
        self.values = [UNSET] * (2 * n)  # per literal
        self.level = [0] * n
        self.reason = [NO_REASON] * n
        self.position = [0] * n  # index in the trail
        self.trail: list[int] = []
        self.starts: list[int] = []  # the trail's length when each decision level began
        self.head = 0  # trail entries before this one have been propagated
        self.unsat = False  # the constraints alone have no model
        self.failed: int | None = None  # then, the card or clause found in conflict with the facts (a reason number)
        # Cardinality constraints: at least k of card_lits[c]; slack is how many more may turn false.
        self.card_lits: list[list[int]] = []
        self.slack: list[int] = []
        self.cards_of: list[list[int]] = [[] for _ in range(2 * n)]  # literal -> cards its truth falsifies a member of
        self.clauses: list[list[int] | None] = []
        self.watches: list[list[int]] = [[] for _ in range(2 * n)]  # literal -> clauses to look at when it turns false
        self.learnts: list[int] = []
        self.quality: dict[int, int] = {}  # learned clause -> decision levels it spans (fewer is better)
        self.learnt_limit = FIRST_LEARNT_LIMIT
        self.activity = [0.0] * n
        self.bump_by = 1.0
        self.heap = [(0.0, v) for v in range(n)]  # (-activity, variable), stale entries skipped
        self.in_heap = [True] * n
        self.phase = [False] * n  # the value to try first: the last one held (phase saving)
        self.seen = [False] * n
        self.work = 0
        self.conflicts = 0
        self.restarts = 0

    # ------------------------------------------------------------ reading
    def value(self, lit: int) -> int:
        return self.values[lit]

    def fixed(self, lit: int) -> int:
        """TRUE or FALSE when the literal holds (or fails) in every model, as proved so far; else UNSET."""
        if self.values[lit] != UNSET and self.level[lit >> 1] == 0:
            return self.values[lit]
        return UNSET

    def facts_known(self) -> int:
        """How many literals hold at level 0: it grows with every fact proved."""
        return self.starts[0] if self.starts else len(self.trail)

    def release(self) -> None:
        """Forget the last model (back to the facts), so that ``prefer`` sets what the next search tries."""
        self._backtrack(0)

    def members(self, reason: int) -> list[int]:
        """The literals of a clause or card, given as a reason number (``failed``)."""
        if reason < 0:
            return list(self.card_lits[-2 - reason])
        clause = self.clauses[reason]
        assert clause is not None  # a clause that failed or implied is never thrown away (_reduce)
        return list(clause)

    def prefer(self, lit: int) -> None:
        """Try ``lit`` first when its variable is decided (until it is next assigned)."""
        self.phase[lit >> 1] = not lit & 1

    # --------------------------------------------------------- constraints
    def add_clause(self, lits: Sequence[int]) -> None:
        """At least one of ``lits`` is true (added at level 0, between questions)."""
        self._backtrack(0)
        lits = list(dict.fromkeys(lits))
        if any(self.fixed(lit) == TRUE for lit in lits) or any(lit ^ 1 in lits for lit in lits):
            return
        lits = [lit for lit in lits if self.fixed(lit) != FALSE]
        if not lits:
            self.unsat = True
        elif len(lits) == 1:
            self._assign(lits[0], NO_REASON)
        else:
            self._attach(lits)

    def add_at_least(self, lits: Sequence[int], k: int) -> None:
        """At least ``k`` of ``lits`` (distinct variables) are true."""
        self._backtrack(0)
        lits = list(lits)
        if k <= 0:
            return
        card = len(self.card_lits)
        self.card_lits.append(lits)
        processed_false = sum(1 for lit in lits if self.values[lit] == FALSE and self.position[lit >> 1] < self.head)
        slack = len(lits) - k - processed_false
        self.slack.append(slack)
        for lit in lits:
            self.cards_of[lit ^ 1].append(card)
        if slack < 0:
            self.unsat, self.failed = True, card_reason(card)
        elif slack == 0:
            for lit in lits:
                if self.values[lit] == UNSET:
                    self._assign(lit, card_reason(card))

    def _attach(self, lits: list[int]) -> int:
        index = len(self.clauses)
        self.clauses.append(lits)
        self.watches[lits[0]].append(index)
        self.watches[lits[1]].append(index)
        return index

    # -------------------------------------------------------------- search
    def solve(self, assumptions: Sequence[int] = ()) -> Generator[int, None, bool]:
        """Is there a model with every assumption true? Pauses (yields work) as it goes.

        When the answer is no for one assumption, its negation is a fact from then on.
        """
        if self.unsat:
            return False
        self._backtrack(0)
        paused = self.work
        budget = RESTART_UNIT * luby(self.restarts)
        while True:
            conflict = yield from self._propagate()
            if conflict is not None:
                if not self.starts:
                    self.unsat, self.failed = True, conflict
                    return False
                self._learn(conflict)
                budget -= 1
                if budget <= 0:
                    self.restarts += 1
                    budget = RESTART_UNIT * luby(self.restarts)
                    self._backtrack(0)
                if len(self.learnts) >= self.learnt_limit:
                    self._reduce()
            else:
                decided = self._decide(assumptions)
                if decided is not None:
                    return decided
            if self.work - paused >= WORK_PER_PAUSE:
                yield self.work - paused
                paused = self.work

    def _decide(self, assumptions: Sequence[int]) -> bool | None:
        """Open the next decision level; True when every variable has a value, False when an assumption failed."""
        while len(self.starts) < len(assumptions):
            lit = assumptions[len(self.starts)]
            state = self.values[lit]
            if state == FALSE:
                return False
            self.starts.append(len(self.trail))
            if state == UNSET:
                self._assign(lit, NO_REASON)
                return None
        var = self._pick()
        if var is None:
            return True
        self.starts.append(len(self.trail))
        self._assign(2 * var + (0 if self.phase[var] else 1), NO_REASON)
        return None

    def _pick(self) -> int | None:
        heap, values, activity, in_heap = self.heap, self.values, self.activity, self.in_heap
        while heap:
            weight, var = heapq.heappop(heap)
            if -weight != activity[var]:
                continue  # stale: the variable was bumped since (a fresher entry exists)
            in_heap[var] = False
            if values[2 * var] == UNSET:
                return var
        return None

    def _assign(self, lit: int, reason: int) -> None:
        var = lit >> 1
        self.values[lit] = TRUE
        self.values[lit ^ 1] = FALSE
        self.level[var] = len(self.starts)
        self.reason[var] = reason
        self.position[var] = len(self.trail)
        self.trail.append(lit)

    def _propagate(self) -> Generator[int, None, int | None]:
        """Unit propagation to a fixpoint; the conflict (a card or clause reason) or None."""
        trail = self.trail
        paused = self.work
        while self.head < len(trail):
            lit = trail[self.head]
            self.head += 1
            conflict = self._through_cards(lit)
            if conflict is None:
                conflict = self._through_clauses(lit)
            if conflict is not None:
                return conflict
            if self.work - paused >= WORK_PER_PAUSE // 2:  # half: learning from a conflict may follow
                yield self.work - paused
                paused = self.work
        return None

    def _through_cards(self, lit: int) -> int | None:
        """``lit`` turned true: each card with its negation has one literal fewer that may be false."""
        values, slack, card_lits = self.values, self.slack, self.card_lits
        conflict = None
        cards = self.cards_of[lit]
        work = len(cards)
        for card in cards:
            left = slack[card] - 1
            slack[card] = left
            if left <= 0 and conflict is None:
                if left < 0:
                    conflict = card_reason(card)
                    continue
                members = card_lits[card]
                work += len(members)
                for other in members:
                    if values[other] == UNSET:
                        self._assign(other, card_reason(card))
        self.work += work
        return conflict

    def _through_clauses(self, lit: int) -> int | None:
        """``lit`` turned true: the clauses watching its negation find another watch, imply, or conflict."""
        false = lit ^ 1
        values, clauses = self.values, self.clauses
        watching = self.watches[false]
        kept, i, count = 0, 0, len(watching)
        conflict = None
        while i < count:
            index = watching[i]
            i += 1
            clause = clauses[index]
            if clause is None:
                continue  # thrown away: drop the watch
            if clause[0] == false:
                clause[0], clause[1] = clause[1], false
            first = clause[0]
            if values[first] != TRUE:
                for k in range(2, len(clause)):
                    if values[clause[k]] != FALSE:
                        clause[1], clause[k] = clause[k], false
                        self.watches[clause[1]].append(index)
                        break
                else:
                    watching[kept] = index
                    kept += 1
                    if values[first] == FALSE:
                        conflict = index
                        break
                    self._assign(first, index)
                continue
            watching[kept] = index
            kept += 1
        while i < count:  # after a conflict the rest keep their watch
            watching[kept] = watching[i]
            kept += 1
            i += 1
        del watching[kept:]
        self.work += count
        return conflict

    # ------------------------------------------------------------ learning
    def _reason_lits(self, var: int) -> list[int]:
        """The false literals that implied ``var``'s value."""
        reason = self.reason[var]
        if reason >= 0:
            clause = self.clauses[reason]
            assert clause is not None  # a clause holding up an implication is kept (_reduce)
            return clause[1:]
        members = self.card_lits[-2 - reason]
        self.work += len(members)
        values, position, at = self.values, self.position, self.position[var]
        return [lit for lit in members if values[lit] == FALSE and position[lit >> 1] < at]

    def _conflict_lits(self, conflict: int) -> list[int]:
        if conflict >= 0:
            clause = self.clauses[conflict]
            assert clause is not None  # the clause in conflict was just watched, so it is live
            return list(clause)
        values = self.values
        return [lit for lit in self.card_lits[-2 - conflict] if values[lit] == FALSE]

    def _learn(self, conflict: int) -> None:
        """Learn the first-UIP clause of ``conflict``, jump back and assert it."""
        self.conflicts += 1
        learnt = self._analyse(conflict)
        back = 0
        if len(learnt) > 1:
            at = max(range(1, len(learnt)), key=lambda i: self.level[learnt[i] >> 1])
            learnt[1], learnt[at] = learnt[at], learnt[1]
            back = self.level[learnt[1] >> 1]
        self._backtrack(back)
        if len(learnt) == 1:
            self._assign(learnt[0], NO_REASON)
        else:
            index = self._attach(learnt)
            self.learnts.append(index)
            self.quality[index] = len({self.level[lit >> 1] for lit in learnt})
            self._assign(learnt[0], index)
        self.bump_by *= DECAY

    def _analyse(self, conflict: int) -> list[int]:
        seen, level, trail = self.seen, self.level, self.trail
        current = len(self.starts)
        learnt = [0]
        pending = 0  # literals of the current level still to resolve
        lits = self._conflict_lits(conflict)
        index = len(trail) - 1
        while True:
            for lit in lits:
                var = lit >> 1
                if not seen[var] and level[var] > 0:
                    seen[var] = True
                    self._bump(var)
                    if level[var] >= current:
                        pending += 1
                    else:
                        learnt.append(lit)
            while not seen[trail[index] >> 1]:
                index -= 1
            lit = trail[index]
            index -= 1
            seen[lit >> 1] = False
            pending -= 1
            if pending == 0:
                break
            lits = self._reason_lits(lit >> 1)
        learnt[0] = lit ^ 1
        kept = [learnt[0]] + [lit for lit in learnt[1:] if not self._redundant(lit)]
        for lit in learnt[1:]:
            seen[lit >> 1] = False
        self.work += len(trail) - index
        return kept

    def _redundant(self, lit: int) -> bool:
        """Implied by the rest of the learned clause in one step (local minimisation)."""
        var = lit >> 1
        if self.reason[var] == NO_REASON:
            return False
        seen, level = self.seen, self.level
        return all(seen[other >> 1] or level[other >> 1] == 0 for other in self._reason_lits(var))

    def _bump(self, var: int) -> None:
        activity = self.activity
        activity[var] += self.bump_by
        if activity[var] > 1e100:
            self._rescale()
        elif self.in_heap[var]:
            heapq.heappush(self.heap, (-activity[var], var))

    def _rescale(self) -> None:
        self.activity = [a * 1e-100 for a in self.activity]
        self.bump_by *= 1e-100
        values = self.values
        self.heap = [(-self.activity[v], v) for v in range(self.variables) if values[2 * v] == UNSET]
        heapq.heapify(self.heap)
        self.in_heap = [values[2 * v] == UNSET for v in range(self.variables)]

    def _reduce(self) -> None:
        """Throw away the worse half of the learned clauses (those not holding up an implication)."""
        reason, values, clauses = self.reason, self.values, self.clauses
        learnt: dict[int, list[int]] = {}
        for index in self.learnts:
            clause = clauses[index]
            assert clause is not None  # a clause thrown away below leaves self.learnts with it
            learnt[index] = clause
        ranked = sorted(learnt, key=lambda i: (self.quality[i], len(learnt[i])))
        keep, drop = ranked[: len(ranked) // 2], ranked[len(ranked) // 2 :]
        for index in drop:
            first = learnt[index][0]
            if self.quality[index] <= 2 or (reason[first >> 1] == index and values[first] == TRUE):
                keep.append(index)
            else:
                clauses[index] = None
                del self.quality[index]
        self.learnts = keep
        self.learnt_limit += self.learnt_limit // 10

    def _backtrack(self, level: int) -> None:
        if len(self.starts) <= level:
            return
        start = self.starts[level]
        trail, values, slack, cards_of = self.trail, self.values, self.slack, self.cards_of
        reason, phase, in_heap, activity = self.reason, self.phase, self.in_heap, self.activity
        for i in range(len(trail) - 1, start - 1, -1):
            lit = trail[i]
            var = lit >> 1
            if i < self.head:
                for card in cards_of[lit]:
                    slack[card] += 1
            values[lit] = values[lit ^ 1] = UNSET
            reason[var] = NO_REASON
            phase[var] = not lit & 1
            if not in_heap[var]:
                in_heap[var] = True
                heapq.heappush(self.heap, (-activity[var], var))
        self.work += (len(trail) - start) // 4  # undoing an assignment is a fraction of making it
        del trail[start:]
        del self.starts[level:]
        self.head = min(self.head, start)

"""The endgame search: the best chance of winning, found by playing every layout out.

A slow, plain brute force over the same layouts (sets of squares, not
bitmasks; no shortcuts) checks the search's value, and the program's frame
deadline stops it.
"""

from fractions import Fraction
from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st
from solver_helpers import positions
from test_solver_guess import stuck_and_listed

from amigasweeper.engine import COVERED
from amigasweeper.solver import endgame
from amigasweeper.solver.counting import counting_deadline
from amigasweeper.solver.deadlines import Deadline, WatchedDeadline
from amigasweeper.solver.endgame import _by_number, best_endgame_move


def best_chance(knowledge, everything: list[frozenset[int]]) -> Fraction:
    """The chance to win with perfect play, uncovering one square at a time (no cascades)."""
    neighbours, cells = knowledge.topology.neighbours, knowledge.cells
    squares = sorted(knowledge.unknown)

    def shows(cell: int, mines: frozenset[int]) -> int:
        return sum(1 for n in neighbours[cell] if cells[n] == COVERED and n in mines)

    @lru_cache(maxsize=None)
    def value(group: frozenset[frozenset[int]]) -> Fraction:
        if len(group) == 1:
            return Fraction(1)
        best = Fraction(0)
        for cell in squares:
            safe = [m for m in group if cell not in m]
            parts: dict[int, list] = {}
            for mines in safe:
                parts.setdefault(shows(cell, mines), []).append(mines)
            if len(safe) == len(group) and len(parts) == 1:
                continue  # known safe and tells nothing new
            won = sum(len(part) * value(frozenset(part)) for part in parts.values())
            best = max(best, Fraction(won, len(group)))
        return best

    return value(frozenset(everything))


@settings(max_examples=60, deadline=None)
@given(positions(width=(3, 4), height=(3, 4), mines=(2, 5), opens=(2, 9), marks=(0, 0)))
def test_the_search_finds_the_best_chance_of_winning(game):
    found = stuck_and_listed(game)
    if found is None:
        return
    knowledge, analysis, everything = found
    plan = best_endgame_move(knowledge, analysis)
    if len(everything) < 2:
        assert plan is None
        return
    assert plan is not None and plan.cell in knowledge.unknown
    assert abs(plan.win_chance - float(best_chance(knowledge, everything))) < 1e-9


@given(st.lists(st.integers(min_value=0, max_value=(1 << 40) - 1), min_size=0, max_size=8),
       st.integers(min_value=0, max_value=(1 << 40) - 1))
def test_layouts_are_split_by_number_as_counting_them_one_by_one_would(near, safe):
    groups: dict[int, int] = {}
    for k in range(40):
        if safe >> k & 1:
            value = sum(mines >> k & 1 for mines in near)
            groups[value] = groups.get(value, 0) | 1 << k
    assert _by_number(near, safe) == [groups[v] for v in sorted(groups)]


def crowded_endgame(seeds=range(200), least=100):
    """A position with a few hundred layouts left, where the search is used: (game, knowledge, analysis)."""
    from amigasweeper.engine import Game, GameSetup
    from amigasweeper.solver.knowledge import Knowledge
    from amigasweeper.solver.player import Player

    for seed in seeds:
        game = Game(GameSetup(width=30, height=16, mines=99, seed=seed))
        knowledge = Knowledge(game.topology, 99)
        player = Player(knowledge)
        while not game.status.over:
            decision = player.decide()
            analysis = knowledge.analyse()
            if not decision.certain and analysis.exact and analysis.counted and least <= analysis.counted.total <= endgame.MAX_LAYOUTS \
                    and len(analysis.unknown) <= endgame.MAX_UNKNOWN:
                return game, knowledge, analysis
            result = game.uncover(decision.cell)
            knowledge.reveal_all((c, game.tile(c)) for c in result.uncovered)
    raise AssertionError("no seed reached an endgame")


def play_on(game, knowledge):
    """Certain moves until the next guess: its analysis, or None if the game ends first."""
    from amigasweeper.solver.player import Player

    player = Player(knowledge)
    while not game.status.over:
        decision = player.decide()
        if not decision.certain:
            return knowledge.analyse()
        result = game.uncover(decision.cell)
        knowledge.reveal_all((c, game.tile(c)) for c in result.uncovered)
    return None


def test_a_later_position_of_the_same_endgame_is_answered_from_the_kept_search(monkeypatch):
    followed = []
    follow = endgame._KEPT.follow
    monkeypatch.setattr(endgame._KEPT, "follow", lambda k, total: followed.append(follow(k, total)) or followed[-1])
    checked = 0
    for seed in range(200):
        endgame.forget()
        game, knowledge, analysis = crowded_endgame(range(seed, 200), least=20)
        plan = best_endgame_move(knowledge, analysis)
        result = game.uncover(plan.cell)
        if game.status.over:
            continue
        knowledge.reveal_all((c, game.tile(c)) for c in result.uncovered)
        later = play_on(game, knowledge)
        if later is None or not later.exact or later.counted.total < 2:
            continue
        followed.clear()
        kept = best_endgame_move(knowledge, later)
        assert followed and followed[-1] is not None  # found among the kept search's layouts
        endgame.forget()
        fresh = best_endgame_move(knowledge, later)
        assert abs(kept.win_chance - fresh.win_chance) < 1e-9
        checked += 1
        if checked == 3:
            return
    raise AssertionError(f"only {checked} endgames went on to a second guess")


def test_a_position_of_another_game_is_not_taken_for_one_that_follows():
    game, knowledge, analysis = crowded_endgame(range(200))
    _, other, other_analysis = crowded_endgame(range(game.setup.seed + 1, 400))
    assert other.cells != knowledge.cells
    endgame.forget()
    best_endgame_move(knowledge, analysis)  # the search kept is this game's
    assert endgame._KEPT.follow(other, other_analysis.counted.total) is None
    assert endgame._KEPT.follow(knowledge, analysis.counted.total) is not None


def test_a_frame_deadline_stops_the_search_and_says_it_cut_something_short():
    _, knowledge, analysis = crowded_endgame()
    assert best_endgame_move(knowledge, analysis) is not None  # with time to spare
    endgame.forget()  # else the position is answered from the search kept
    passed = WatchedDeadline(0.0)
    with counting_deadline(passed):
        assert best_endgame_move(knowledge, analysis) is None
    assert passed.cut
    with counting_deadline(Deadline(60.0)):
        assert best_endgame_move(knowledge, analysis) is not None


def test_a_search_cut_short_by_a_deadline_goes_on_from_where_it_stopped():
    from itertools import count

    for seed in range(200):
        _, knowledge, analysis = crowded_endgame(range(seed, 200))
        endgame.forget()
        best_endgame_move(knowledge, analysis)
        whole = endgame._KEPT.search.visits  # the visits of a search from nothing
        if whole > 2_000:
            break
    else:
        raise AssertionError("no endgame took long enough to cut short")
    endgame.forget()
    ticks = count()
    cut = WatchedDeadline(10, clock=lambda: next(ticks))  # passed after ten looks at the clock
    with counting_deadline(cut):
        assert best_endgame_move(knowledge, analysis) is None
    assert cut.cut
    again = best_endgame_move(knowledge, analysis)
    assert again is not None and endgame._KEPT.search.visits < whole

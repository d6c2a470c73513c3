"""The strong setting's look-ahead: the position after each number, scored exactly.

Brute force over every layout that fits the player's view checks the
two-step score of the best guess after a candidate's number.
"""

from hypothesis import given, settings
from test_solver_guess import shows, small_positions, stuck_and_listed, two_step

from amigasweeper.engine import MARKED, Game, GameSetup
from amigasweeper.solver import guess, lookahead
from amigasweeper.solver.guess import _Outcomes, candidates
from amigasweeper.solver.knowledge import Knowledge
from amigasweeper.solver.player import Player, play_game


@settings(max_examples=60, deadline=None)
@given(small_positions)
def test_the_position_after_a_number_is_scored_by_its_best_next_guess(game):
    found = stuck_and_listed(game)
    if found is None:
        return
    knowledge, analysis, everything = found
    outcomes = _Outcomes(knowledge, analysis)
    for cell in sorted(knowledge.unknown)[:4]:
        for outcome in outcomes.outcomes(cell) or []:
            if outcome.proved:
                continue
            group = [m for m in everything if cell not in m and shows(knowledge, cell, m) == outcome.shown]
            after = knowledge.copy()
            near = knowledge.topology.neighbours[cell]
            after.reveal(cell, outcome.shown + sum(1 for n in near if knowledge.cells[n] == MARKED))
            if len(after.unknown) < 2 or any(all(c not in m for m in group) for c in after.unknown):
                continue  # something is proved safe after all (by the mine total): scored 1.0 then
            if all(all(c in m for m in group) for c in after.unknown):
                continue  # only mines are left: won, scored 1.0
            score = lookahead.next_score(knowledge, cell, outcome.shown)
            truth = {c: two_step(after, group, c) for c in sorted(after.unknown)}
            best = max(truth, key=lambda c: (truth[c], -c))
            assert score <= float(max(truth.values())) + 1e-9
            counted = after.analyse()
            if best in candidates(after, counted) and len(_Outcomes(after, counted).outcomes(best)) > 1 \
                    and touches_every_component(after, counted, best):
                assert abs(score - float(truth[best])) < 1e-9


def touches_every_component(knowledge: Knowledge, analysis, cell: int) -> bool:
    """Whether the cell's number bears on every frontier component. The score
    takes a component it leaves alone at its safest square's chance as it
    stood (guess.py's _Outcomes: counting those again for every number would
    cost a count a number); with few mines left, the mine total ties the
    components together and that chance moves a little, so the score is exact
    only where no component is left alone (hypothesis found 0.625 against an
    exact 0.65 on a 4x4 board with 6 mines: seed 1231, two squares opened)."""
    outcomes = _Outcomes(knowledge, analysis)
    near = {cell, *knowledge.topology.neighbours[cell]}
    touched = {outcomes.component_of[c] for c in near if c in outcomes.component_of}
    return len(touched) == len(analysis.components)


def test_the_strong_player_chooses_among_the_close_calls_and_plays_whole_games():
    for seed in range(40):
        assert play_game(GameSetup(width=9, height=9, mines=10, seed=seed), look_ahead=True).moves > 0
    looked = 0
    for seed in range(200, 260):
        game = Game(GameSetup(width=16, height=16, mines=40, seed=seed))
        knowledge = Knowledge(game.topology, 40)
        player = Player(knowledge, look_ahead=True)
        while not game.status.over:
            decision = player.decide()
            if not decision.certain and decision.reason.endswith("the two after it"):
                analysis = knowledge.analyse()
                close = guess.rank(knowledge, analysis, candidates(knowledge, analysis), lookahead.CLOSE_CALL)
                assert decision.cell in {s.cell for s in close[: lookahead.LOOK_CANDIDATES]}
                looked += 1
            result = game.uncover(decision.cell)
            knowledge.reveal_all((c, game.tile(c)) for c in result.uncovered)
    assert looked > 0


def test_without_the_setting_the_player_is_the_default_one():
    topology = GameSetup(width=9, height=9, mines=10).topology
    assert Player(Knowledge(topology, 10)).look_ahead is False
    assert Player(Knowledge(topology, 10), look_ahead=True).look_ahead is True


def test_a_passed_frame_deadline_leaves_the_plain_choice():
    from amigasweeper.solver.counting import counting_deadline
    from amigasweeper.solver.deadlines import Deadline

    for seed in range(200, 260):
        game = Game(GameSetup(width=16, height=16, mines=40, seed=seed))
        knowledge = Knowledge(game.topology, 40)
        while not game.status.over:
            decision = Player(knowledge).decide()
            if not decision.certain:
                analysis = knowledge.analyse()
                close = guess.rank(knowledge, analysis, candidates(knowledge, analysis), lookahead.CLOSE_CALL)
                if len(close) > 1:
                    with counting_deadline(Deadline(0.0)):
                        assert lookahead.deeper(knowledge, analysis, close).cell == close[0].cell
                    return
            result = game.uncover(decision.cell)
            knowledge.reveal_all((c, game.tile(c)) for c in result.uncovered)
    raise AssertionError("no close call met")

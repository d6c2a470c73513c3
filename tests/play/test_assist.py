"""play/assist without a window (and without pyxel): Hint, Show Safe and
Mines, the odds of a square, the Demo, the solver's work cut to a budget
per tick, and help marked on the game by its kind.

Boards are drawn as text ('.' covered safe, '*' covered mine, 'o'
uncovered, 'F' a marked mine: engine/textboard.py).
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from amigasweeper.engine import Completion, GameStatus, LevelName, MoveKind
from amigasweeper.engine.textboard import game_from_text
from amigasweeper.play import Action, Choices, PlayedGame, SeedSource, Session
from amigasweeper.play.assist import answers, frames
from amigasweeper.play.assist.assist import Assist
from amigasweeper.play.assist.demo import DEMO_FRAMES
from amigasweeper.play.played import Help
from amigasweeper.solver import analyse, probabilities
from amigasweeper.solver.counting import clear_cache
from amigasweeper.solver.deadlines import CHUNK, METER
from amigasweeper.solver.propagate import PAIRS_PER_PAUSE

UNIT = 1e-6
TICK_WORK = 200  # units of solver work per tick: small, so that a count spans many ticks

RULE_1 = ["*..", "ooo", "ooo"]  # the 0 at C2 clears B1 and C1
RULE_2 = ["o*o", "ooo", "..*"]  # the 1 at A1 has one covered square left: B1 is a mine
RULE_5 = ["***.", "..oo", "o*.."]  # rules 1-4 find nothing; counting the frontier proves A2 safe
RULE_6 = [".o..", "o*..", ".*o."]  # only the mine total settles it
GUESS = ["*.", "o."]  # the 1 touches three squares: any of them may be its mine


def assisted(rows: list[str], **setup) -> tuple[PlayedGame, Assist]:
    """A game of this board and its assistance, told of each move as a Session tells it."""
    told: list[Assist] = []
    played = PlayedGame(game_from_text(rows, **setup), LevelName.CUSTOM, lambda: 0.0, lambda end: None,
                        on_move=lambda *move: told[0].moved(*move))
    told.append(Assist(lambda: played))
    return played, told[0]


def truth(played: PlayedGame, square: int) -> answers.SquareVerdict:
    return answers.SquareVerdict.MINE if played.game.is_mine(square) else answers.SquareVerdict.SAFE


@pytest.mark.parametrize(("rows", "rule", "square", "verdict"), [
    (RULE_1, 1, 1, answers.SquareVerdict.SAFE),
    (RULE_2, 2, 1, answers.SquareVerdict.MINE),
])
def test_a_hint_by_rules_1_to_4_names_a_square_its_rule_and_why_at_once(rows, rule, square, verdict):
    played, assist = assisted(rows)
    answer = assist.hint()
    assert (answer.square, answer.verdict, answer.rule) == (square, verdict, rule)
    assert truth(played, answer.square) is answer.verdict
    assert answer.why and answer.title.startswith(f"Rule {rule}:")
    assert assist.message == f"{answer.title}: {answer.why}" == answer.text
    assert assist.marks[square] is verdict
    assert played.helps == {Help.HINT} and played.helped


@pytest.mark.parametrize(("rows", "rule"), [(RULE_5, 5), (RULE_6, 6)])
def test_a_hint_by_rules_5_and_6_waits_for_the_count_which_ticks_finish(rows, rule):
    played, assist = assisted(rows)
    assist.tick(0.0)  # a tick with no budget: the Hint asked next finds no time left in it
    assist.frames.budget = 0.0
    assert assist.hint() is None and assist.pending and assist.busy()
    ticks = 0
    while assist.answer is None:
        assist.tick(1.0)
        ticks += 1
        assert ticks < 10
    answer = assist.answer
    assert answer.rule == rule and answer.square is not None and answer.why
    assert truth(played, answer.square) is answer.verdict
    for square in answer.safe | answer.mines:  # every square it marks, the truth
        assert truth(played, square) is assist.marks[square]
    assert not assist.pending and not assist.busy()


def test_hint_with_wait_answers_at_once_and_says_when_no_square_is_certain():
    played, assist = assisted(GUESS)
    answer = assist.hint(wait=True)
    assert answer.square is None and answer.rule is None and answer.text == answers.MUST_GUESS
    assert not assist.marks


def test_before_the_first_click_any_square_is_safe_and_the_help_still_counts():
    fresh = Session(Choices(), lambda: 0.0, SeedSource(1))
    assert not fresh.game.placed
    assert fresh.assist.hint().text == answers.ANY_SQUARE and fresh.played.helps == {Help.HINT}
    assert fresh.assist.show_safe_and_mines().text == answers.NOTHING_KNOWN
    assert fresh.assist.odds(0).text == answers.ANY_SQUARE


def test_over_or_paused_games_are_refused_with_a_reason_and_no_help_used():
    played, assist = assisted(["*o", "oo"])
    played.game.uncover(0)
    assert played.game.status is GameStatus.LOST
    assert assist.hint().text == answers.GAME_OVER
    assert assist.show_safe_and_mines().text == answers.GAME_OVER
    assert assist.odds(0).chance is None and assist.odds(0).text == answers.GAME_OVER
    paused, waiting = assisted(RULE_5)
    paused.hold()
    assert waiting.hint(wait=True).text == answers.GAME_PAUSED
    assert not played.helps and not paused.helps


def test_show_safe_and_mines_lists_every_provable_square_and_nothing_else():
    played, assist = assisted(RULE_6)
    known = assist.show_safe_and_mines(wait=True)
    view = played.game.player_view()
    counted = analyse(view.topology, view.cells, view.mines)
    assert known.safe == counted.safe and known.mines == counted.mines and known.exact
    assert known.safe and known.mines
    assert all(not played.game.is_mine(c) for c in known.safe) and all(played.game.is_mine(c) for c in known.mines)
    assert known.text == f"{len(known.safe)} safe, {len(known.mines)} mines known" == assist.message
    assert assist.known_safe() == known.safe and assist.known_mines() == known.mines
    assert played.helps == {Help.SAFE_AND_MINES}


def test_marks_that_cannot_be_right_are_said_instead_of_squares():
    played, assist = assisted(["ff*", "ooo"])  # the 0 at A2 beside two marks
    known = assist.show_safe_and_mines(wait=True)
    hint = assist.hint(wait=True)
    assert known.note and not known.safe and not known.mines
    assert hint.rule == 0 and hint.square is None and hint.title == "Marks do not fit"


def test_the_odds_of_a_square_are_the_counts_and_say_what_they_are():
    played, assist = assisted(GUESS)
    game = played.game
    exact = probabilities(game.player_view())
    odds = assist.odds(1, wait=True)
    assert odds.chance == pytest.approx(exact[1]) and odds.settled
    assert odds.text == f"Mine chance {exact[1] * 100:.1f}% at B1"
    assert assist.odds(2).text == "A2 is uncovered."
    game.toggle_mark(0)
    assert assist.odds(0).text == "A1 is marked."
    with pytest.raises(ValueError):
        assist.odds(4)
    with pytest.raises(ValueError):
        assist.odds(-1)
    assert played.helps == {Help.PROBABILITIES}


def test_the_shading_follows_the_position_and_a_move_old_one_is_all_estimates():
    played, assist = assisted(RULE_5)
    assist.set_probabilities(True)
    assert played.helps == {Help.PROBABILITIES}
    assist.settle()
    shading = assist.shading()
    view = played.game.player_view()
    assert shading.chances == pytest.approx(probabilities(view)) and not assist.estimated
    safe = next(c for c, chance in enumerate(shading.chances) if chance == 0.0)
    assert played.key(Action.UNCOVER, safe).accepted
    assist.tick(0.0)  # the next position's work begins, with no time for it in this tick
    stale = assist.shading()
    assert stale.chances == shading.chances and not any(stale.settled) and assist.estimated
    assert assist.waiting()
    assist.settle()
    assert assist.shading().chances == pytest.approx(probabilities(played.game.player_view()))


def crowded_expert(opens: int = 120) -> Session:
    """Expert with scores of safe squares uncovered at random: a count of thousands of units of work."""
    session = Session(Choices(level=LevelName.EXPERT), lambda: 0.0, SeedSource(21))
    session.played.key(Action.UNCOVER, 8 * 30 + 16)
    game = session.game
    safe = [c for c in game.topology.cells() if not game.is_mine(c)]
    random.Random(1).shuffle(safe)
    for cell in safe[:opens]:
        if not game.is_open(cell):
            session.played.key(Action.UNCOVER, cell)
    clear_cache()
    return session


def test_a_tiny_budget_cuts_the_count_into_ticks_which_still_converge_to_the_exact_chances():
    session = crowded_expert()
    assist = session.assist
    assist.clock = METER.clock(UNIT)
    assist.set_probabilities(True)
    work, ticks = [], 0
    while assist.waiting():
        before = METER.work
        assist.tick(TICK_WORK * UNIT)
        work.append(METER.work - before)
        ticks += 1
        assert ticks < 2000
    assert ticks > 3  # cut into many ticks ...
    assert max(work) <= TICK_WORK + max(CHUNK, PAIRS_PER_PAUSE)  # ... none much over its budget
    assert not assist.estimated  # well within its patience: counted exactly
    assert assist.shading().chances == pytest.approx(probabilities(session.game.player_view()))
    known = assist.show_safe_and_mines()  # the count is there: answered in the same call
    assert known is not None and all(not session.game.is_mine(c) for c in known.safe)


def test_a_zero_budget_does_no_work_and_waiting_says_so():
    session = crowded_expert()
    assist = session.assist
    assist.set_probabilities(True)
    for _ in range(5):
        assist.tick(0.0)
    assert assist.waiting() and assist.busy() and (assist.work is None or assist.work.analysis is None)


def play_demo(session: Session, limit: int = 20_000) -> int:
    """Tick the Demo until the game ends, playing its moves as a front end does; the ticks it took."""
    assist = session.assist
    assist.start_demo()
    for ticks in range(limit):
        if session.game.status.over or not assist.demo.on:
            return ticks
        move = assist.demo_step()
        if move is not None:
            session.played.key(move.action, move.square)
        assist.tick()
    raise AssertionError("the Demo did not finish")


def test_the_demo_plays_a_no_guess_board_to_a_win_by_ticks_at_its_pace():
    session = Session(Choices(level=LevelName.INTERMEDIATE, no_guess=True), lambda: 0.0, SeedSource(7))
    ticks = play_demo(session)
    game = session.game
    assert game.status is GameStatus.WON and game.setup.layout.value == "no-guess"
    moves = [m for m in game.moves if m.kind is MoveKind.UNCOVER]
    assert ticks >= DEMO_FRAMES * (len(moves) - 1)  # one move every DEMO_FRAMES ticks at most
    assert session.played.helps == {Help.DEMO} and not session.assist.demo.on


@pytest.mark.parametrize("strong", [False, True], ids=["default", "strong"])
def test_the_demo_finishes_random_boards_and_marks_mines_when_that_wins(strong):
    session = Session(Choices(level=LevelName.BEGINNER, completion=Completion.ALL_MINES), lambda: 0.0, SeedSource(3))
    session.assist.demo.set_strong(strong)
    play_demo(session)
    assert session.game.status.over
    if session.game.status is GameStatus.WON:
        assert any(m.kind is MoveKind.MARK for m in session.game.moves)  # All Mines Found: won by marking


def test_the_demo_stops_with_a_new_game_and_waits_while_paused():
    session = Session(Choices(), lambda: 0.0, SeedSource(2))
    assist = session.assist
    assist.start_demo()
    first = assist.demo_step()
    assert first is not None and first.action is Action.UNCOVER
    session.played.key(first.action, first.square)
    session.played.hold()
    assert all(assist.demo_step() is None for _ in range(3 * DEMO_FRAMES)) and assist.demo.on
    session.new_game()
    assert not assist.demo.on and assist.demo_step() is None


def test_a_move_made_with_the_chances_shown_is_helped_and_clears_the_answers():
    session = Session(Choices(), lambda: 0.0, SeedSource(4))
    session.played.key(Action.UNCOVER, 0)
    session.new_game()  # the chances stay on from game to game: the next game's moves use them
    session.assist.set_probabilities(True)
    session.new_game()
    assert not session.played.helps
    session.played.key(Action.UNCOVER, 40)
    assert session.played.helps == {Help.PROBABILITIES}


def test_the_session_registers_no_guess_boards_so_no_front_end_imports_the_solver():
    code = (
        "import sys\nsys.modules['pyxel'] = None\n"
        "from amigasweeper.engine import layouts\n"
        "from amigasweeper.play import Session, Choices, SeedSource\n"
        "s = Session(Choices(no_guess=True), lambda: 0.0, SeedSource(1))\n"
        "s.played.key(__import__('amigasweeper.play', fromlist=['Action']).Action.UNCOVER, 0)\n"
        "assert s.game.setup.layout.value == 'no-guess', s.game.layout_note\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


def test_the_frame_budget_is_a_windows_frame_share_unless_a_tick_says_otherwise():
    played, assist = assisted(RULE_5)
    assert assist.frames.budget == frames.FRAME_BUDGET
    assist.tick(0.25)
    assert assist.frames.budget == 0.25
    assist.settle()
    assert assist.frames.budget == 0.25  # settling works in its own steps and gives the budget back

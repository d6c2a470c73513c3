"""The harness: seeded boards, every way a player can end a game, exact scoring, loading bots."""

from __future__ import annotations

import random
import sys
import textwrap

import pytest

from amigasweeper.challenge import (
    BOMB,
    UNKNOWN,
    ChallengeConfig,
    ChallengeError,
    GameOverError,
    OffBoardError,
    Outcome,
    PlayerLoadError,
    RuleViolation,
    load_player,
    play_game,
    run_challenge,
    wilson_interval,
)
from amigasweeper.challenge.bot_session import accepts_shape
from amigasweeper.challenge.challenge_game import ChallengeGame
from amigasweeper.engine import Shape

STEP = 2.0**-9  # seconds; 1.953125 ms, exact in binary, so sums of it are exact


class ManualClock:
    """A clock that moves only when a test moves it."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def mark_everything(board_size, number_of_bombs, board, make_move):
    """Wins any board whose cells are all bombs."""
    for cell in range(board_size * board_size):
        make_move(*divmod(cell, board_size), True)


def give_up(board_size, number_of_bombs, board, make_move):
    return None


def test_boards_are_seeded_per_game_and_leave_the_global_rng_alone():
    config = ChallengeConfig(size=10, bombs=15, games=3, seed=42)
    state = random.getstate()
    layouts = [config.new_game(i).bomb_cells() for i in range(3)]
    assert layouts == [config.new_game(i).bomb_cells() for i in range(3)]
    assert len(set(layouts)) == 3
    assert ChallengeConfig(size=10, bombs=15, seed=43).new_game(0).bomb_cells() != layouts[0]
    run_challenge(give_up, config)
    assert random.getstate() == state


def test_the_default_board_is_the_seeds_triangles_without_a_safe_first_move():
    config = ChallengeConfig()
    assert config.shape is Shape.TRIANGLE and not config.safe_first
    assert config.topology.width == config.topology.height == config.size


@pytest.mark.parametrize("kwargs, message", [
    ({"size": 0}, "size"),
    ({"size": 4, "bombs": 17}, "do not fit"),
    ({"size": 4, "bombs": 16, "safe_first": True}, "do not fit"),
    ({"bombs": 0}, "do not fit"),
    ({"games": 0}, "at least one game"),
    ({"shape": "octagon"}, "unknown shape"),
])
def test_bad_configs_say_what_is_wrong(kwargs, message):
    with pytest.raises(ChallengeError, match=message):
        ChallengeConfig(**kwargs)


# ------------------------------------------------------------------ scoring
def test_score_is_cells_per_win_minus_milliseconds():
    # Game 0 and 2 are won (every cell is a bomb and the player marks them
    # all); game 1 is given up. Each game the player thinks for STEP.
    clock = ManualClock()

    def alternate(board_size, number_of_bombs, board, make_move, _calls=[0]):
        _calls[0] += 1
        clock.now += STEP
        if _calls[0] != 2:
            mark_everything(board_size, number_of_bombs, board, make_move)

    config = ChallengeConfig(size=5, bombs=25, games=3)
    report = run_challenge(alternate, config, clock=clock)
    assert [r.outcome for r in report.records] == [Outcome.WON, Outcome.UNFINISHED, Outcome.WON]
    assert [r.ms for r in report.records] == [STEP * 1000] * 3
    assert report.wins == 2 and report.points == 50
    assert report.total_ms == 3 * STEP * 1000 == 5.859375
    assert report.score == 50 - 5.859375
    assert report.to_dict()["score"] == report.score


def test_the_clock_stops_while_a_move_is_at_the_referee():
    # The bot's own thinking counts; the referee's answer (in a tournament, a
    # round trip through a pipe) does not, so scores do not depend on --jobs.
    clock = ManualClock()
    original = ChallengeGame.answer

    def slow_answer(self, row, col, mark):
        clock.now += 1.0  # the referee "takes" a second
        return original(self, row, col, mark)

    def thinker(board_size, number_of_bombs, board, make_move):
        for cell in range(board_size * board_size):
            clock.now += STEP
            make_move(*divmod(cell, board_size), True)

    ChallengeGame.answer = slow_answer
    try:
        record = play_game(thinker, ChallengeConfig(size=2, bombs=4), 0, clock)
    finally:
        ChallengeGame.answer = original
    assert record.outcome is Outcome.WON and record.moves == 4
    assert record.ms == 4 * STEP * 1000


def test_real_time_is_measured_with_perf_counter_by_default():
    record = play_game(give_up, ChallengeConfig(size=4, bombs=3), 0)
    assert 0 <= record.ms < 1000


def test_wilson_interval():
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0) and wilson_interval(10, 10)[0] < 1.0


# ------------------------------------------------------ how games can end
def test_a_player_that_returns_early_loses_and_cannot_move_afterwards():
    kept = []

    def keep_the_callback(board_size, number_of_bombs, board, make_move):
        kept.append(make_move)

    record = play_game(keep_the_callback, ChallengeConfig(size=4, bombs=3), 0)
    assert record.outcome is Outcome.UNFINISHED and record.moves == 0
    with pytest.raises(GameOverError):
        kept[0](0, 0, False)


def test_a_player_that_raises_loses_that_game_and_the_run_goes_on():
    def crash_on_second(board_size, number_of_bombs, board, make_move, _calls=[0]):
        _calls[0] += 1
        if _calls[0] == 2:
            raise RuntimeError("lost my marbles")
        mark_everything(board_size, number_of_bombs, board, make_move)

    report = run_challenge(crash_on_second, ChallengeConfig(size=3, bombs=9, games=3))
    assert [r.outcome for r in report.records] == [Outcome.WON, Outcome.CRASHED, Outcome.WON]
    assert report.records[1].error == "RuntimeError: lost my marbles"
    assert report.to_dict()["problems"] == [{"game": 1, "outcome": "crashed", "error": "RuntimeError: lost my marbles"}]
    assert report.to_dict()["errors"] == 1


def test_an_illegal_move_surfaces_as_the_players_error():
    def play_twice(board_size, number_of_bombs, board, make_move):
        make_move(0, 0, False)
        make_move(0, 0, False)

    record = play_game(play_twice, ChallengeConfig(size=4, bombs=1, safe_first=True), 0)
    assert record.outcome is Outcome.RULE_VIOLATION and "KnownCellError" in record.error


def test_a_rule_broken_and_caught_still_costs_the_game():
    def catch_and_win(board_size, number_of_bombs, board, make_move):
        try:
            make_move(99, 0, True)
        except RuleViolation as broken:
            caught.append(broken)
        mark_everything(board_size, number_of_bombs, board, make_move)

    caught = []
    record = play_game(catch_and_win, ChallengeConfig(size=2, bombs=4), 0)
    assert isinstance(caught[0], OffBoardError)
    assert record.outcome is Outcome.RULE_VIOLATION and record.error.startswith("OffBoardError: (99, 0) is off")


def test_a_player_sees_the_board_change_in_place():
    seen = []

    def look(board_size, number_of_bombs, board, make_move):
        seen.append(list(board))
        make_move(1, 1, False)
        seen.append(list(board))

    play_game(look, ChallengeConfig(size=4, bombs=1, safe_first=True), 0)
    assert seen[0] == [UNKNOWN] * 16
    assert seen[1][5] >= 0 and seen[1][:5] + seen[1][6:] == [UNKNOWN] * 15


def test_a_marked_bomb_stays_on_the_board_as_bomb():
    boards = []

    def mark_all_and_look(board_size, number_of_bombs, board, make_move):
        mark_everything(board_size, number_of_bombs, board, make_move)
        boards.append(list(board))

    play_game(mark_all_and_look, ChallengeConfig(size=2, bombs=4), 0)
    assert boards == [[BOMB] * 4]


# -------------------------------------------------------------- the shape
def test_the_shape_is_passed_only_to_players_that_take_it():
    shapes = []

    def seed_style(board_size, number_of_bombs, board, make_move):
        shapes.append(None)

    def shape_aware(board_size, number_of_bombs, board, make_move, shape="triangle"):
        shapes.append(shape)

    def flexible(*args, **kwargs):
        shapes.append(kwargs.get("shape"))

    for player in (seed_style, shape_aware, flexible):
        play_game(player, ChallengeConfig(shape="hex", size=4, bombs=2), 0)
    assert shapes == [None, Shape.HEX, Shape.HEX]
    assert not accepts_shape(len)  # builtins without a signature get four arguments


# ----------------------------------------------------------- loading bots
BOT = '''
"""A third-party bot: marks cells in order until the game ends."""

def play(board_size, number_of_bombs, board, make_move):
    for row in range(board_size):
        for col in range(board_size):
            _, lose, win = make_move(row, col, True)
            if lose or win:
                return

class Holder:
    @staticmethod
    def play(board_size, number_of_bombs, board, make_move):
        play(board_size, number_of_bombs, board, make_move)

NOT_A_FUNCTION = 3
'''


@pytest.fixture
def bot_module(tmp_path, monkeypatch):
    package = tmp_path / "thirdparty_bots"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "marker.py").write_text(textwrap.dedent(BOT))
    (package / "broken.py").write_text("raise RuntimeError('cannot start')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "thirdparty_bots.marker"
    for name in [m for m in sys.modules if m.startswith("thirdparty_bots")]:
        del sys.modules[name]


def test_a_third_party_player_loads_by_dotted_path_and_plays(bot_module):
    player = load_player(f"{bot_module}:play")
    report = run_challenge(player, ChallengeConfig(size=3, bombs=9, games=2), name=f"{bot_module}:play")
    assert report.wins == 2 and report.player == "thirdparty_bots.marker:play"
    assert load_player(f"{bot_module}:Holder.play") is not None


def test_builtin_players_load_by_short_name():
    from amigasweeper.challenge import players

    assert load_player("solver") is players.solver
    assert load_player("naive") is players.naive
    assert load_player("amigasweeper.challenge.players:naive") is players.naive


@pytest.mark.parametrize("path, message", [
    ("no_colon_here", "module:function"),
    ("thirdparty_bots.nothing_here:play", "cannot import"),
    ("thirdparty_bots.broken:play", "RuntimeError: cannot start"),
    ("thirdparty_bots.marker:missing", "has no"),
    ("thirdparty_bots.marker:NOT_A_FUNCTION", "not a function"),
    (":play", "module:function"),
])
def test_bad_player_paths_say_what_is_wrong(bot_module, path, message):
    with pytest.raises(PlayerLoadError, match=message):
        load_player(path)


def test_a_player_that_calls_exit_loses_but_does_not_stop_the_run():
    def leave(board_size, number_of_bombs, board, make_move):
        raise SystemExit(3)

    report = run_challenge(leave, ChallengeConfig(size=3, bombs=2, games=2))
    assert [r.outcome for r in report.records] == [Outcome.CRASHED] * 2
    assert report.records[0].error == "SystemExit: 3"


def test_a_move_after_winning_is_an_error_that_loses_the_game():
    def keep_going(board_size, number_of_bombs, board, make_move):
        mark_everything(board_size, number_of_bombs, board, make_move)
        make_move(0, 0, True)

    record = play_game(keep_going, ChallengeConfig(size=2, bombs=4), 0)
    assert record.outcome is Outcome.RULE_VIOLATION and "GameOverError" in record.error


def test_the_players_board_is_its_own_copy():
    # Clearing a marked bomb in the board it was given and marking it again
    # (the trick that once won 133 games instead of 123) is refused.
    def mark_one_bomb_four_times(board_size, number_of_bombs, board, make_move):
        for _ in range(4):
            board[0] = UNKNOWN
            make_move(0, 0, True)

    record = play_game(mark_one_bomb_four_times, ChallengeConfig(size=2, bombs=4), 0)
    assert record.outcome is Outcome.RULE_VIOLATION and "already known" in record.error
    assert record.moves == 1

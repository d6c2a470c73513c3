"""The luck audit in the challenge: the table's rule for laying boards, the report's fields, the flag
and disqualification, --jsonl's factors, and an exploiter told the mines through a side channel."""

from __future__ import annotations

import itertools
import json
import math
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from amigasweeper.challenge import ChallengeConfig, ChallengeGame, ChallengeReport, GameRecord, Outcome
from amigasweeper.challenge.bot_audit import AuditMode, AuditSettings, Rules, audit_game, weighed_moves
from amigasweeper.challenge.challenge_game import BOMB
from amigasweeper.challenge.cli import format_table, game_line, main
from amigasweeper.challenge.harness import load_player, run_challenge
from amigasweeper.challenge.ranking import rank
from amigasweeper.challenge.tournament import TournamentReport
from amigasweeper.engine import Shape, make_topology
from amigasweeper.solver.luck import LAMBDAS, GameLuck, Verdict, log10_factors

SQUARE3 = make_topology(Shape.SQUARE, 3, 3)


def played(moves, bombs=2, seed=1, safe_first=True, topology=SQUARE3) -> ChallengeGame:
    game = ChallengeGame(topology, bombs, random.Random(seed), safe_first)
    for cell, mark in moves:
        game.answer(*divmod(cell, topology.width), mark)
    return game


def chances(game: ChallengeGame, safe_first=True, bombs=2):
    return [chance for chance, _ in weighed_moves(Rules(game.topology, bombs, safe_first), game.log)]


# ------------------------------------------------------------- the first move
def test_a_first_play_under_safe_first_is_proved_and_adds_nothing():
    game = played([(4, False)])
    assert chances(game) == [chances(game)[0]] and chances(game)[0].verdict is Verdict.PROVED
    assert audit_game(Rules(SQUARE3, 2, True), game.log).log10 == (0.0,) * len(LAMBDAS)


def test_a_first_mark_under_safe_first_protects_nothing_and_neither_does_the_play_after_it():
    game = ChallengeGame(SQUARE3, 2, random.Random(1), True)
    game.answer(0, 0, True)  # move 1: a mark; the bombs are laid anywhere
    first = chances(game)[0]
    assert first.verdict is Verdict.AUDITED and first.p == Fraction(2, 9)
    if game.log[0][2] == BOMB:  # a right mark: the game goes on, and a first play is no longer safe
        game.answer(2, 2, False)
        second = chances(game)[1]
        assert second.verdict is Verdict.AUDITED and second.p == Fraction(7, 8)


def test_without_safe_first_the_first_play_is_a_guess():
    game = played([(4, False)], safe_first=False)
    first = chances(game, safe_first=False)[0]
    assert first.verdict is Verdict.AUDITED and first.p == Fraction(7, 9)


def brute(topology, bombs, safe_first, log, upto):
    """The chance move ``upto`` of ``log`` is right, by listing every layout the table's rule allows."""
    cell, mark, _ = log[upto]
    protected = log[0][0] if safe_first and not log[0][1] else None
    fits = right = 0
    for layout in itertools.combinations(range(topology.size), bombs):
        mines = set(layout)
        if protected in mines:
            continue
        if any((shown == BOMB) != (c in mines) or (shown != BOMB and shown != sum(n in mines for n in
               topology.neighbours[c])) for c, _, shown in log[:upto]):
            continue
        fits += 1
        right += (cell in mines) == mark
    return Fraction(right, fits)


@pytest.mark.parametrize("safe_first", [True, False])
def test_every_chance_in_random_games_is_the_brute_force_count_under_the_tables_rule(safe_first):
    topology = make_topology(Shape.TRIANGLE, 4, 4)
    rng = random.Random(int(safe_first))
    weighed = 0
    for seed in range(40):
        game = ChallengeGame(topology, 4, random.Random(seed), safe_first)
        while not game.outcome.over:
            cell = rng.choice([c for c, v in enumerate(game.board) if v == -128])
            game.answer(*divmod(cell, 4), rng.random() < 0.3)
        for n, chance in enumerate(chances(game, safe_first, bombs=4)):
            exact = brute(topology, 4, safe_first, game.log, n)
            if chance.verdict is Verdict.PROVED:
                assert exact == 1
            else:
                assert chance.p == exact
            weighed += 1
    assert weighed > 60


def test_a_log_that_moves_on_a_known_square_is_refused():
    with pytest.raises(ValueError, match="already known"):
        audit_game(Rules(SQUARE3, 2, True), [(4, False, 1), (4, False, 1)])


def test_a_wrong_mark_is_a_wrong_move_and_ends_the_game():
    game = played([(4, False)])
    safe = next(c for c in range(9) if c not in game.bomb_cells() and c != 4)
    game.answer(*divmod(safe, 3), True)
    assert game.outcome is Outcome.WRONG_MARK
    (_, wrong), = list(weighed_moves(Rules(SQUARE3, 2, True), game.log))[1:]
    assert wrong is False


# ---------------------------------------------------------------- the report
CONFIG = ChallengeConfig(Shape.SQUARE, 4, 3, 4, 1)


def report(name: str, wins: set[int], log10: float) -> ChallengeReport:
    records = tuple(GameRecord(i, Outcome.WON if i in wins else Outcome.HIT_BOMB, 10, 1.0,
                               luck=GameLuck(tuple(log10 for _ in LAMBDAS), audited=2, skipped=1))
                    for i in range(4))
    return ChallengeReport(CONFIG, name, records)


def tournament(mode: AuditMode) -> TournamentReport:
    reports = (report("honest", {0, 1}, -0.1), report("cheat", {0, 1, 2, 3}, 2.0), report("other", {0}, 0.1))
    return TournamentReport(CONFIG, reports, 60.0, audit=AuditSettings(1e-6, mode))


def test_each_player_gets_its_audit_and_the_run_its_settings():
    data = tournament(AuditMode.REPORT).to_dict()
    assert data["audit"] == {"alpha": 1e-6, "mode": "report", "lambdas": list(LAMBDAS), "work_budget": 60_000}
    cheat = next(p for p in data["players"] if p["player"] == "cheat")
    assert cheat["rank"] == 1 and cheat["disqualified"] is False
    assert cheat["audit"] == {"log10_e": pytest.approx(8.0), "log10_e_max": pytest.approx(8.0), "flagged": True,
                              "moves_audited": 8, "moves_skipped": 4}
    honest = next(p for p in data["players"] if p["player"] == "honest")
    assert honest["audit"]["flagged"] is False and honest["audit"]["log10_e_max"] == 0.0


def test_disqualify_takes_flagged_players_out_and_ranks_the_rest_without_them():
    result = tournament(AuditMode.DISQUALIFY)
    data = result.to_dict()
    ranks = [(p["player"], p["rank"], p["disqualified"]) for p in data["players"]]
    assert ranks == [("honest", 1, False), ("other", 2, False), ("cheat", None, True)]
    alone = rank([r for r in result.reports if r.player != "cheat"], CONFIG.cells)
    assert [p["score_ci95"] for p in data["players"][:2]] == [list(i) for i in alone.intervals]
    assert data["players"][2]["score_ci95"] is None
    json.dumps(data)  # None and all: still one JSON object


def test_everyone_disqualified_leaves_an_empty_ranking():
    reports = (report("a", {0}, 3.0), report("b", {1}, 3.0))
    result = TournamentReport(CONFIG, reports, 60.0, audit=AuditSettings(1e-6, AuditMode.DISQUALIFY))
    assert result.ranked() == [] and [p["rank"] for p in result.to_dict()["players"]] == [None, None]
    assert format_table(result).count("DQ") == 2


def test_the_table_prints_alpha_and_marks_flagged_players():
    text = format_table(tournament(AuditMode.REPORT))
    assert "luck audit  alpha 1e-06 per player" in text
    assert "cheat !" in text and "honest !" not in text
    assert "! cheat: its moves were luckier than what it saw allows: the luck audit reached 10^8.0" in text
    disqualified = format_table(tournament(AuditMode.DISQUALIFY))
    row = next(line for line in disqualified.splitlines() if line.lstrip().startswith("DQ"))
    assert "cheat !" in row and "and is disqualified" in disqualified


def test_the_running_maximum_is_read_in_game_number_order():
    """Records arrive in the order games end; the chain is in game-number order."""
    ups = [GameRecord(i, Outcome.WON, 1, 1.0, luck=GameLuck(tuple(v for _ in LAMBDAS)))
           for i, v in enumerate([7.0, -7.0, 0.0])]
    shuffled = ChallengeReport(CONFIG, "p", (ups[2], ups[1], ups[0]))
    assert shuffled.luck.log10_max == pytest.approx(7.0)
    assert shuffled.luck.path == pytest.approx([7.0, 0.0, 0.0])


def test_a_game_never_played_adds_nothing_and_a_jsonl_line_carries_its_factor():
    unplayed = GameRecord(3, Outcome.CRASHED, 0, 0.0, "not played")
    assert "audit" not in game_line("p", unplayed)
    assert ChallengeReport(CONFIG, "p", (unplayed,)).luck.log10_max == 0.0
    luck = GameLuck(log10_factors(Fraction(1, 2), True), audited=1)
    line = game_line("p", replace(unplayed, luck=luck))
    assert line["audit"]["log10_factor"] == pytest.approx(math.log10(sum(1 + lam for lam in LAMBDAS) / 5))
    assert line["audit"]["moves_audited"] == 1 and line["audit"]["moves_skipped"] == 0


def test_in_process_games_are_audited_by_the_referee():
    result = run_challenge(load_player("naive"), ChallengeConfig(Shape.SQUARE, 8, 10, 6, 5, True))
    assert all(r.luck is not None for r in result.records)
    assert result.luck.audited == sum(r.luck.audited for r in result.records) > 0
    assert not result.luck.flagged(1e-6)


@pytest.mark.parametrize("argv, message", [
    (["--alpha", "0"], "--alpha is a probability"), (["--alpha", "1.5"], "--alpha is a probability"),
    (["--alpha", "nan"], "--alpha is a probability"), (["--audit", "punish"], "invalid choice")])
def test_bad_audit_options_exit_2(capsys, argv, message):
    assert main(["--games", "1", *argv]) == 2
    assert message in capsys.readouterr().err


# ---------------------------------------------------- a real run with a cheat
EXPLOITER = """
import json
_played = [0]

def play(board_size, number_of_bombs, board, make_move):
    # The side channel: the test wrote every board's bombs into a file beside this bot.
    with open(__file__.replace("exploiter_bot.py", "mines.json")) as told:
        mines = json.load(told)[_played[0]]
    _played[0] += 1
    for cell in mines:
        _, lose, win = make_move(cell // board_size, cell % board_size, True)
        if lose or win:
            return
"""


def test_an_exploiter_told_the_mines_is_flagged_within_20_games_and_the_solver_is_not(write_bots, unsealed,
                                                                                     tmp_path, capsys):
    config = ChallengeConfig(Shape.TRIANGLE, 16, 38, 20, 2026)
    folder = write_bots({"exploiter_bot": EXPLOITER})
    told = folder / "mines.json"
    told.write_text(json.dumps([sorted(config.new_game(i).bomb_cells()) for i in range(config.games)]))
    told.chmod(0o644)
    jsonl = tmp_path / "games.jsonl"
    assert main(["--size", "16", "--games", "20", "--seed", "2026", "--jobs", "1", "--sandbox", "off",
                 "--player", "exploiter_bot:play", "--player", "solver", "--audit", "disqualify",
                 "--jsonl", str(jsonl), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    cheat, solver = (next(p for p in data["players"] if p["player"] == name) for name in ("exploiter_bot:play",
                                                                                         "solver"))
    assert cheat["wins"] == 20 and cheat["audit"]["flagged"] and cheat["disqualified"] and cheat["rank"] is None
    assert not solver["audit"]["flagged"] and solver["rank"] == 1
    lines = [json.loads(line) for line in jsonl.read_text().splitlines()]
    factors = dict((line["game"], line["audit"]) for line in lines if line["player"] == "exploiter_bot:play")
    assert sorted(factors) == list(range(20))
    # Its first game alone passes 10^6: 38 marks of an unseen board, each right by chance 15% of the time.
    assert factors[0]["log10_factor"] >= 6 and factors[0]["moves_audited"] >= 30
    assert cheat["audit"]["log10_e_max"] >= 20 * 6

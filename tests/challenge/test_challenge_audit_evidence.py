"""The luck audit's evidence, small (tools/audit_evidence.py makes the published figures): honest
players of every strength are never flagged and their moves are calibrated, and a cheater that
peeks only at its guesses, through a side channel, is flagged."""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import sys
from pathlib import Path

import pytest

from amigasweeper.challenge import ChallengeConfig
from amigasweeper.solver.luck import DEFAULT_ALPHA, RunningLuck

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


evidence = load_tool("audit_evidence")


@pytest.mark.slow
@pytest.mark.parametrize("name, games", [(name, 40 if "strong" in name or "safest" in name else 150)
                                         for name in evidence.HONEST])
def test_an_honest_player_is_not_flagged_and_its_moves_are_calibrated(name, games):
    config = ChallengeConfig("triangle", 12, 22, games, 99)
    running, tally = RunningLuck(), evidence.Tally()
    for index in range(games):
        running.add(tally.weigh(config, evidence.play(config, index, evidence.honest(name))))
    assert not running.flagged(DEFAULT_ALPHA)
    assert running.log10_max < 3  # far below the bar of 6, as an honest player almost surely stays
    assert tally.moves > 20
    assert abs(tally.surprise) <= 4 * math.sqrt(tally.variance)


def test_calibration_over_thousands_of_random_moves():
    """The sum of X - p over the moves of a random player (played and marked): within 4 standard errors."""
    config = ChallengeConfig("square", 9, 12, 2500, 7)
    tally = evidence.Tally()
    for index in range(config.games):
        tally.weigh(config, evidence.play(config, index, evidence.honest(evidence.HONEST[3])))
    assert tally.moves > 4000
    assert abs(tally.surprise) <= 4 * math.sqrt(tally.variance)


@pytest.mark.slow
def test_a_cheater_peeking_at_every_guess_is_flagged():
    config = ChallengeConfig("triangle", 16, 38, 150, 2026)
    make = evidence.peeker(1.0, random.Random(1))
    running = RunningLuck()
    for index in range(config.games):
        running.add(evidence.Tally().weigh(config, evidence.play(config, index, make)))
        if running.flagged(DEFAULT_ALPHA):
            break
    assert running.flagged(DEFAULT_ALPHA), running.log10_max


def test_the_tool_prints_its_figures(capsys):
    assert evidence.main(["cheat", "--runs", "1", "--games", "3", "--size", "8", "--fractions", "1"]) == 0
    out = capsys.readouterr().out
    assert '"cheater": "exploiter"' in out and '"median_games_to_flag": 1' in out
    args = argparse.Namespace(size=8, shape="square", safe_first=False)
    assert evidence.config_of(args, 5, 3).bombs == 10

"""The Duel's computer player, reached through play/duel_play.py (no window, no
pyxel): it plays whole duels by the rules, the same way again from the same
seed, and not at all in hot-seat play."""

from __future__ import annotations

from amigasweeper.engine.duel import Duel
from amigasweeper.engine.duel_moves import DuelMoveKind, DuelSetup
from amigasweeper.play.duel_play import DuelPlay, DuelPlayers, Opponent, computer_player


def duel_against_the_computer(seed: int, strength: str) -> tuple[Duel, list]:
    """The human guesses the mines it can see through (peeking); the computer answers each move."""
    players = DuelPlayers(("Ann", "Computer"), Opponent.COMPUTER, strength)
    duel, results = Duel(DuelSetup(seed=seed)), []
    play = DuelPlay(duel, players, computer_player(players, seed), lambda *result: results.append(result))
    for _ in range(duel.topology.size * 2):
        if play.over:
            break
        if play.computers_turn():
            assert not play.human_move(DuelMoveKind.UNCOVER, 0)  # not the human's turn
            play.computer_move()
            continue
        mine = next(c for c in duel.topology.cells() if duel.is_mine(c) and not duel.is_visible(c))
        assert play.human_move(DuelMoveKind.GUESS, mine)
    assert play.over
    return duel, results


def test_the_computer_plays_a_whole_duel_by_the_rules_at_every_strength():
    for strength in ("easy", "normal", "hard"):
        duel, results = duel_against_the_computer(5, strength)
        computer_moves = [move for move in duel.moves if move.player == 1]
        assert computer_moves, strength
        assert results == [(f"computer-{strength}", results[0][1])] and results[0][1] in ("win", "loss", "draw")


def test_the_same_seed_plays_the_same_duel_again():
    first, _ = duel_against_the_computer(9, "easy")  # EASY draws at random: from the seed's generator
    again, _ = duel_against_the_computer(9, "easy")
    assert first.moves == again.moves


def test_hot_seat_play_has_no_computer():
    assert computer_player(DuelPlayers(("Ann", "Bob"), Opponent.HUMAN), 1) is None

"""Game keys and their envelopes: a board from its key is the board from the seed; an envelope opens only
at the table it was sealed for, and only for its game."""

from __future__ import annotations

import pytest

from amigasweeper.challenge import ChallengeConfig
from amigasweeper.challenge.challenge_game import ChallengeError
from amigasweeper.challenge.envelope import (
    EnvelopeError,
    Opener,
    P,
    Sealer,
    check_public,
    game_key,
)
from amigasweeper.challenge.keeper import KeeperHandle
from amigasweeper.challenge.table import Setup


def test_a_board_laid_out_from_its_key_is_the_board_of_the_seed():
    config = ChallengeConfig(size=10, bombs=15, games=5, seed=42)
    keyed = ChallengeConfig(size=10, bombs=15, games=5, seed=None)  # what a table on a node holds
    for game in range(5):
        assert keyed.new_game(game, game_key(42, game)).bomb_cells() == config.new_game(game).bomb_cells()
    assert game_key(42, 0) != game_key(42, 1) != game_key(43, 1)
    assert len(game_key(42, 0)) == 32 and b"42" not in game_key(42, 0)


def test_an_envelope_opens_at_its_table_for_its_game_only():
    table, other = Opener(), Opener()
    sealer = Sealer(7, table.public)
    keeper_half, envelope = sealer.seal(3)
    assert table.open(3, keeper_half, envelope) == game_key(7, 3)
    assert envelope[:32] != game_key(7, 3)  # the key itself never travels
    with pytest.raises(EnvelopeError):
        other.open(3, keeper_half, envelope)  # another table
    with pytest.raises(EnvelopeError):
        table.open(4, keeper_half, envelope)  # another game's number on it
    changed = bytes([envelope[0] ^ 1]) + envelope[1:]
    with pytest.raises(EnvelopeError):
        table.open(3, keeper_half, changed)


@pytest.mark.parametrize("half", [0, 1, P - 1, P, P + 5, -3, "2"])
def test_a_half_outside_the_group_is_refused(half):
    with pytest.raises(EnvelopeError):
        check_public(half)


def test_the_keeper_seals_for_a_table_and_refuses_a_bad_half():
    keeper = KeeperHandle(Setup(ChallengeConfig(size=4, bombs=3, games=2, seed=99), 1.0, ["solver"], None))
    try:
        table = Opener()
        half, envelope = keeper.seal(table.public, 1)
        assert table.open(1, half, envelope) == game_key(99, 1)
        with pytest.raises(EnvelopeError, match="not in the group"):
            keeper.seal(1, 1)
        assert keeper.seed() == 99
    finally:
        keeper.stop()


def test_a_board_with_neither_key_nor_seed_is_refused_not_laid_out_from_none():
    keyed = ChallengeConfig(size=10, bombs=15, games=5, seed=None)  # a table's config: keys, no seed
    with pytest.raises(ChallengeError, match="neither a key nor a seed"):
        keyed.new_game(0)

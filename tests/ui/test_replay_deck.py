"""The Replay window's tape deck, without the window: a real game's timeline."""

from __future__ import annotations

import pytest

from amigasweeper.engine import GameSetup
from amigasweeper.replay import Timeline
from amigasweeper.replay.scripted import ScriptedPlayer
from amigasweeper.ui.replay.deck import Deck, Speed


@pytest.fixture(scope="module")
def timeline():
    recording = ScriptedPlayer(GameSetup(width=16, height=16, mines=40, seed=3), seed=2).play()
    assert recording is not None and len(recording.events) > 20
    return Timeline(recording)


def test_the_deck_starts_before_the_first_event_and_plays_at_its_speed(timeline):
    deck = Deck(timeline)
    assert deck.index == -1 and deck.t_ms == 0 and not deck.playing
    assert not deck.advance(1000)  # paused: time stands still
    deck.play_pause()
    deck.speed = Speed.X2
    deck.advance(100)
    assert deck.t_ms == 200 and deck.index == timeline.index_at(200)


def test_play_stops_at_the_end_and_play_again_starts_over(timeline):
    deck = Deck(timeline)
    deck.play_pause()
    deck.advance(timeline.duration_ms * 2)
    assert deck.at_end and not deck.playing and deck.index == len(timeline) - 1
    deck.play_pause()
    assert deck.playing and deck.index == -1 and deck.t_ms == 0


def test_step_goes_one_event_on_and_stops_at_the_last(timeline):
    deck = Deck(timeline)
    deck.play_pause()
    assert deck.step() and deck.index == 0 and not deck.playing
    while deck.step():
        pass
    assert deck.index == len(timeline) - 1 and deck.t_ms == timeline.times[-1]
    assert not deck.step()


def test_seek_is_kept_inside_the_game_and_rewind_goes_before_it(timeline):
    deck = Deck(timeline)
    deck.seek(-50)
    assert deck.t_ms == 0
    deck.seek(10**9)
    assert deck.t_ms == timeline.duration_ms and deck.index == len(timeline) - 1
    assert deck.rewind() and deck.index == -1

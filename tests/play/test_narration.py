"""The Narrator fed by play/: every move play/ plays (a key's, a mouse
button's) and every new game becomes the Narrator's lines, of the right
kind, through access/'s queue and log; what a player asks is said in the
same words; --narrator and --narration-log make the Narrator asked for."""

from __future__ import annotations

from pathlib import Path

import pytest

from amigasweeper.access.narrator import Line, LineKind, NarrationLog, Narrator
from amigasweeper.access.voices.base import NoVoice
from amigasweeper.engine import GameStatus, MoveKind
from amigasweeper.play import Action, Choices, PauseReason, SeedSource, Session
from amigasweeper.play.narration import GameNarration, narrator_for
from amigasweeper.replay import RecordedButton


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def narrated(**choices) -> tuple[Session, list[Line], Clock]:
    clock = Clock()
    session = Session(Choices(**choices), clock, SeedSource(5), wall=lambda: 1.7e9)
    lines: list[Line] = []
    session.narration = GameNarration(session, lines.append)
    return session, lines, clock


def said(lines: list[Line]) -> list[tuple[str, str]]:
    taken = [(line.kind.value, line.text) for line in lines]
    lines.clear()
    return taken


def name(session, cell: int) -> str:
    col, row = session.game.topology.coords(cell)
    return f"{'ABCDEFGH'[col]}{row + 1}"


def test_what_each_move_did_is_said_with_its_kind():
    session, lines, clock = narrated()
    played, game = session.played, session.game
    played.key(Action.UNCOVER, 27)
    (kind, text), = said(lines)
    assert kind == "result" and (text.endswith(" squares opened") or text.startswith("D4, "))
    covered = next(c for c in game.topology.cells() if not game.is_open(c))
    played.key(Action.MARK, covered)
    assert said(lines) == [("result", f"{name(session, covered)} marked, 9 mines left")]
    played.key(Action.UNCOVER, covered)
    assert said(lines) == [("result", f"{name(session, covered)} is marked: unmark it first")]
    session.set_marks(False)
    assert said(lines) == [("result", "question marks off")]
    session.set_marks(False)
    assert said(lines) == []  # nothing changed, nothing said


def test_a_mouse_button_is_told_as_a_key_is():
    """The window's clicks go through PlayedGame.release: the Narrator hears them with no more wiring."""
    session, lines, _ = narrated()
    aim = (3 * 8 + 3, 3 * 8 + 3, 27)
    session.played.press(RecordedButton.LEFT, aim)
    session.played.release(RecordedButton.LEFT, aim, Action.UNCOVER)
    assert [kind for kind, _ in said(lines)] == ["result"]
    session.played.press(RecordedButton.LEFT, None)
    session.played.release(RecordedButton.LEFT, None, Action.UNCOVER)  # let go off the board: no move, nothing said
    assert said(lines) == []


def test_the_end_of_a_game_is_said_after_the_move_that_ended_it():
    session, lines, clock = narrated()
    played, game = session.played, session.game
    played.key(Action.UNCOVER, 27)
    clock.now += 3.2
    mine = min(game.mine_cells())
    said(lines)
    played.key(Action.UNCOVER, mine)
    assert said(lines) == [("end", f"mine at {name(session, mine)}, game lost after 4 seconds")]

    session.new_game()
    assert said(lines) == [("result", "new game: Beginner, 8 by 8 squares, 10 mines")]
    game = session.game
    session.played.key(Action.UNCOVER, 27)
    said(lines)
    for cell in game.topology.cells():
        if game.status is GameStatus.PLAYING and not game.is_mine(cell) and not game.is_open(cell):
            session.played.key(Action.UNCOVER, cell)
    *_, last = said(lines)
    assert last == ("end", "game won in 1 second")


def test_pause_and_resume_are_said_once_each():
    session, lines, _ = narrated()
    session.played.key(Action.UNCOVER, 27)
    said(lines)
    session.pauses.hold(PauseReason.PAUSE)
    session.pauses.hold(PauseReason.HELP)  # a second reason: the game was already paused
    session.pauses.release(PauseReason.PAUSE)
    session.pauses.release(PauseReason.HELP)
    assert said(lines) == [("result", "paused"), ("result", "resumed")]


def test_what_a_player_asks_is_said_in_the_narrators_words():
    session, lines, clock = narrated(no_guess=True)
    narration = session.narration
    assert narration.board() == "new game: Beginner, 8 by 8 squares, 10 mines, no-guess board"
    narration.time()
    narration.status()
    narration.counter()
    narration.cursor(0)
    narration.row(0)
    narration.column(2)
    narration.around(9)
    assert said(lines) == [
        ("asked", "0 seconds: the clock starts with the first square uncovered"),
        ("asked", "playing, 10 mines left, 0 seconds, the clock not started"),
        ("counter", "10 mines left"),
        ("cursor", "A1, covered"),
        ("asked", "row 1: all covered"),
        ("asked", "column C: all covered"),
        ("asked", "around B2, covered: A1 covered, B1 covered, C1 covered, A2 covered, C2 covered, A3 covered, "
                  "B3 covered, C3 covered"),
    ]
    session.played.key(Action.UNCOVER, 27)
    session.played.key(Action.UNCOVER, min(session.game.mine_cells()))
    said(lines)
    narration.refused(MoveKind.MARK, 0)  # play/ plays nothing on a game over: the front end asks why
    session.pauses.hold(PauseReason.PAUSE)
    assert said(lines) == [("result", "the game is lost: start a new one")]


def test_the_lines_reach_the_narrators_queue_voice_and_log_in_order():
    from fakes import FakeVoice

    session_clock = Clock()
    session = Session(Choices(), session_clock, SeedSource(5), wall=lambda: 1.7e9)
    chunks: list[bytes] = []

    class Writer:
        problem = None

        def append(self, data: bytes) -> None:
            chunks.append(data)

        def close(self) -> None:
            pass

    voice = FakeVoice(session_clock)
    narrator = Narrator(voice, NarrationLog(Writer(), wall=lambda: 1.7e9, clock=session_clock), clock=session_clock)
    narration = GameNarration(session, narrator.say)
    narration.cursor(0)
    narration.cursor(1)  # replaces A1, still waiting: only where the player is now is said
    narrator.update()
    assert voice.said == [], "the keys have not been still for a moment yet"
    session_clock.now += 0.3
    narrator.update()
    session.played.key(Action.UNCOVER, 27)  # waits for B1 to be said
    narration.time()  # asked for: cuts B1 off, then waits its turn after the move's line
    for _ in range(20):
        narrator.update()
        session_clock.now += 5
    narrator.close()
    logged = b"".join(chunks).decode().splitlines()
    assert [line.split(" ", 1)[1].split(":")[0] for line in logged] == ["cursor", "cursor", "result", "asked"]
    assert voice.said[0] == "B1, covered" and voice.stops >= 1
    assert voice.said[1:] == [logged[2].split(": ", 1)[1], "1 second"]


def test_narrator_for_makes_the_log_the_voice_and_says_why_no_voice(tmp_path):
    log = tmp_path / "narration.txt"
    narrator, problem = narrator_for(False, log)
    assert narrator.voice is None and problem is None
    narrator.say(Line(LineKind.ASKED, "10 mines left"))
    narrator.close()
    assert log.read_text(encoding="utf-8").rstrip().endswith(" asked: 10 mines left")

    def none():
        raise NoVoice("no voice: espeak-ng is not installed")

    narrator, problem = narrator_for(True, None, find_voice=none)
    assert narrator.voice is None and narrator.log is None
    assert problem == "no voice: espeak-ng is not installed"

    class Quiet:
        name, problem, cuts = "quiet", None, True

        def speak(self, text): ...

        def stop(self): ...

        def speaking(self):
            return False

        def close(self): ...

    narrator, problem = narrator_for(True, None, find_voice=Quiet)
    assert isinstance(narrator.voice, Quiet) and problem is None


@pytest.fixture(autouse=True)
def _access_fakes_importable(monkeypatch):
    """tests/access/fakes.py (a fake voice and clock) is shared with the access tests."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "access"))

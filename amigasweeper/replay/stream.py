"""A recording as the EVF format's mouse events.

MineSweeper 2.4's buttons differ from the Windows game's that EVF and
ms-toollib describe, so our events are written in the terms those know, with
the same effect on the board as ms-toollib reads it:

* left press and release: ``lc`` and ``lr``, as they happened. One
  exception: before the first uncover, a release over a flag (which does
  nothing) is written just off the board after a move to the flag, because
  ms-toollib 1.5.20 keeps its left button down after a release over a flag
  and would read the next right click as a chord;
* a right click that marks: ``rc`` then ``rr`` where the button was let go
  (2.4 marks on release, the Windows game on press);
* EVF has no "?": ms-toollib reads a square as flagged or not. Mine to "?"
  is the ``rc`` that takes the flag off; "?" back to blank is a move to the
  square, then ``rc`` and ``rr`` just off the board: a right click that
  changes nothing there, and one we read back as the "?" it cleared (see
  board_moves.py). No other right click of ours is written off the board
  straight after a move onto it;
* 2.4's clear-around (right button pressed on an uncovered square and let go
  over a number) is the chord EVF knows: ``rc``, ``lc``, ``lr``, ``rr`` over
  the number;
* a keyboard action is the click it stands for, at the square's centre when
  the pointer is elsewhere (or was never seen: keys, a text mode);
* a right click let go while the left button is held is written just after
  the left button comes up (EVF would read the two together as a chord).

Counting ms-toollib's way (:class:`amigasweeper.metrics.ClickCounter`) then
runs on these events, so our metrics are what ms-toollib finds in the file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..engine.game import Game
from ..engine.rules import GameStatus, Mark, MoveKind
from ..metrics.clicks import BoardState, Click, ClickCounter, Mouse
from ..slices import SLICE, Steps, finish
from .events import EventKind, InputEvent, MouseEvent, RecordedButton

_STEPS = {
    Click.LEFT: (Mouse.LEFT_DOWN, Mouse.LEFT_UP),
    Click.RIGHT: (Mouse.RIGHT_DOWN, Mouse.RIGHT_UP),
    Click.CHORD: (Mouse.RIGHT_DOWN, Mouse.LEFT_DOWN, Mouse.LEFT_UP, Mouse.RIGHT_UP),
}
OFF = None  # a step's position off the board
Point = tuple[int | None, int | None]


def replay_game(recording) -> Game:
    """A fresh game on the recording's board, before any move."""
    return Game.with_mines(recording.setup, recording.mines, clock=lambda: 0.0)


class _Writer:
    def __init__(self, recording) -> None:
        self.recording = recording
        self.game = replay_game(recording)
        topology = recording.topology
        self.off = (topology.width * recording.cell_px, topology.height * recording.cell_px)
        self.out: list[tuple[MouseEvent, int]] = []
        self.right_press: InputEvent | None = None
        self.right_press_open = False
        self.left_held = False
        self.waiting: list[tuple[MouseEvent, int]] = []  # right clicks held back while left is down

    def group(self, index: int, t_ms: int, steps) -> None:
        """Steps ``(mouse, (x, y))`` written together; ones with a right
        press wait while the left button is down."""
        waits = self.left_held and any(mouse is Mouse.RIGHT_DOWN for mouse, _ in steps)
        target = self.waiting if waits else self.out
        for mouse, (x, y) in steps:
            where = self.off if x is None or y is None else (x, y)
            target.append((MouseEvent(t_ms, mouse, *where), index))

    def point(self, event: InputEvent) -> Point:
        """The event's pixel, made to agree with its square: EVF finds the
        square from the pixel, so a pixel over another square (or none given,
        as for a key) is replaced by the middle of the event's square."""
        if event.cell is None:
            return None, None
        if event.x is not None and event.y is not None and cell_at(self.recording, event.x, event.y) == event.cell:
            return event.x, event.y
        col, row = self.recording.topology.coords(event.cell)
        half = self.recording.cell_px // 2
        return col * self.recording.cell_px + half, row * self.recording.cell_px + half

    def steps(self) -> Steps[list[tuple[MouseEvent, int]]]:
        handlers = {
            EventKind.MOVE: self.on_move,
            EventKind.PRESS: self.on_press,
            EventKind.RELEASE: self.on_release,
            EventKind.KEY: self.on_key,
        }
        for index, event in enumerate(self.recording.events):
            if index % SLICE == 0:
                yield
            handlers[event.kind](index, event)
            for move in event.moves:
                self.game.play(move)
        return self.out + self.waiting

    def on_move(self, index: int, event: InputEvent) -> None:
        self.group(index, event.t_ms, [(Mouse.MOVE, self.point(event))])

    def on_press(self, index: int, event: InputEvent) -> None:
        if event.button is RecordedButton.LEFT:
            self.group(index, event.t_ms, [(Mouse.LEFT_DOWN, self.point(event))])
            self.left_held = True
        elif event.button is RecordedButton.RIGHT:
            # 2.4 acts on the release: the press is only where the pointer was.
            self.right_press = event
            self.right_press_open = event.cell is not None and self.game.is_open(event.cell)
            self.group(index, event.t_ms, [(Mouse.MOVE, self.point(event))])

    def on_release(self, index: int, event: InputEvent) -> None:
        if event.button is RecordedButton.LEFT:
            self.group(index, event.t_ms, self.left_release(event))
            self.left_held = False
            self.out += [(replace(m, t_ms=event.t_ms), i) for m, i in self.waiting]
            self.waiting.clear()
        elif event.button is RecordedButton.RIGHT:
            press = self.right_press or event
            self.right_release(index, event, press, self.right_press_open)
            self.right_press = None

    def left_release(self, event: InputEvent) -> list[tuple[Mouse, Point]]:
        """The steps of a left button let go: where it was, except over a
        flag before the first uncover (see the module's docstring)."""
        point = self.point(event)
        before_start = self.game.status is GameStatus.READY
        if before_start and event.cell is not None and self.game.mark(event.cell) == Mark.MINE:
            return [(Mouse.MOVE, point), (Mouse.LEFT_UP, (OFF, OFF))]
        return [(Mouse.LEFT_UP, point)]

    def on_key(self, index: int, event: InputEvent) -> None:
        if event.click is Click.LEFT:
            self.group(index, event.t_ms, [(Mouse.LEFT_DOWN, self.point(event)), *self.left_release(event)])
        else:
            opened = event.cell is not None and self.game.is_open(event.cell)
            self.right_release(index, event, event, opened)

    def right_release(self, index: int, event: InputEvent, press: InputEvent, press_open: bool) -> None:
        cell, point = event.cell, self.point(event)
        kinds = {move.kind for move in event.moves}
        if MoveKind.MARK in kinds:
            marked = next(m.cell for m in event.moves if m.kind is MoveKind.MARK and m.cell is not None)
            if self.game.mark(marked) == Mark.QUESTION:  # "?" to blank
                steps = [(Mouse.MOVE, point), (Mouse.RIGHT_DOWN, (OFF, OFF)), (Mouse.RIGHT_UP, (OFF, OFF))]
            else:
                steps = [(mouse, point) for mouse in _STEPS[Click.RIGHT]]
        elif MoveKind.CLEAR in kinds or (press_open and cell is not None and self.game.is_open(cell)):
            steps = [(mouse, point) for mouse in _STEPS[Click.CHORD]]
        elif press_open and press.cell is not None:
            # pressed on a number, let go elsewhere: a right click on the number
            steps = [(Mouse.RIGHT_DOWN, self.point(press)), (Mouse.RIGHT_UP, point)]
        elif cell is not None and self.game.is_open(cell):
            steps = [(mouse, point) for mouse in _STEPS[Click.RIGHT]]
        else:  # a right click that did nothing on a covered square (game over, paused, let go off the board)
            steps = [(mouse, (OFF, OFF)) for mouse in (Mouse.MOVE, *_STEPS[Click.RIGHT])]
        self.group(index, event.t_ms, steps)


def mouse_stream(recording) -> list[tuple[MouseEvent, int]]:
    """Each EVF mouse event of a recording with the index of the input event
    it came from. A recording read from a file gives back its own."""
    return finish(mouse_stream_steps(recording))


def mouse_stream_steps(recording) -> Steps[list[tuple[MouseEvent, int]]]:
    """:func:`mouse_stream` a slice at a time (amigasweeper/slices.py)."""
    if recording.mouse is None:
        return (yield from _Writer(recording).steps())
    stream: list[tuple[MouseEvent, int]] = []
    for start in range(0, len(recording.mouse), SLICE):
        yield
        stream += ((m, i) for i, m in enumerate(recording.mouse[start : start + SLICE], start))
    return stream


def play_start(recording, stream: Sequence[tuple[MouseEvent, int]] | None = None) -> int:
    """The index, among the recording's EVF mouse events, of the one that
    began play (the first uncover; past the last event when none did):
    ms-toollib measures the path from there to the last event, after the
    game's end too (metrics/path.py). ``stream``: the recording's mouse
    stream when it is worked out already (the engine is then not replayed)."""
    counter = ClickCounter(recording.topology, recording.mines)
    stream = mouse_stream(recording) if stream is None else stream
    for index, (mouse, _) in enumerate(stream):
        counter.step(mouse.mouse, cell_at(recording, mouse.x, mouse.y))
        if counter.state is not BoardState.READY and counter.state is not BoardState.PRE_FLAGGING:
            return index
    return len(stream)


def cell_at(recording, x: int, y: int) -> int | None:
    """The square under a pixel of a square board, None off the board."""
    topology = recording.topology
    col, row = x // recording.cell_px, y // recording.cell_px
    if 0 <= col < topology.width and 0 <= row < topology.height and x >= 0 and y >= 0:
        return topology.index(col, row)
    return None


def count_clicks(recording, upto: int | None = None,
                 stream: Iterable[tuple[MouseEvent, int]] | None = None) -> ClickCounter:
    """ms-toollib's click machine run over the recording's mouse events
    (up to and including input event ``upto``); ``stream`` is its
    :func:`mouse_stream` when already worked out."""
    counter = ClickCounter(recording.topology, recording.mines)
    for mouse, index in (mouse_stream(recording) if stream is None else stream):
        if upto is not None and index > upto:
            break
        counter.step(mouse.mouse, cell_at(recording, mouse.x, mouse.y))
    return counter

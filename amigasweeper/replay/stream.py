"""A recording as the EVF format's mouse events, and back.

MineSweeper 2.4's buttons differ from the Windows game's that EVF and
ms-toollib describe, so our events are written in the terms those know, with
the same effect on the board:

* left press and release: ``lc`` and ``lr``, as they happened;
* a right click that marks: ``rc`` then ``rr`` where the button was let go
  (2.4 marks on release, the Windows game on press);
* a right click that turns "?" back to blank: EVF has no "?" (a square is
  flagged or not), so it is written off the board, where it counts as the
  right click it was and changes nothing;
* 2.4's clear-around (right button pressed on an uncovered square and let go
  over a number) is the chord EVF knows: ``rc``, ``lc``, ``lr``, ``rr`` over
  the number;
* a keyboard action is the click it stands for, at the pointer;
* a right click let go while the left button is held is written just after
  the left button comes up (EVF would read the two together as a chord).

Counting ms-toollib's way (:class:`amigasweeper.metrics.ClickCounter`) then
runs on these events, so our metrics are what ms-toollib finds in the file.
The other way, a file's mouse events are run through the same machine and
what it did to the board becomes engine moves, so any EVF file can be played.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.game import Game
from ..engine.rules import Mark, Move, MoveKind
from ..metrics.clicks import Click, ClickCounter, Effect, Mouse
from .events import Button, EventKind, InputEvent, MouseEvent

_RIGHT_ONLY = (Mouse.RIGHT_DOWN, Mouse.RIGHT_UP)
_STEPS = {
    Click.LEFT: (Mouse.LEFT_DOWN, Mouse.LEFT_UP),
    Click.RIGHT: (Mouse.RIGHT_DOWN, Mouse.RIGHT_UP),
    Click.CHORD: (Mouse.RIGHT_DOWN, Mouse.LEFT_DOWN, Mouse.LEFT_UP, Mouse.RIGHT_UP),
}


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

    def emit(self, index: int, t_ms: int, mouse: Mouse, x: int | None, y: int | None) -> None:
        if x is None or y is None:
            x, y = self.off
        target = self.waiting if self.left_held and mouse in _RIGHT_ONLY else self.out
        target.append((MouseEvent(t_ms, mouse, x, y), index))

    def point(self, event: InputEvent) -> tuple[int | None, int | None]:
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

    def apply(self, moves) -> None:
        for move in moves:
            self.game.play(move)

    def run(self) -> list[tuple[MouseEvent, int]]:
        for index, event in enumerate(self.recording.events):
            handler = {
                EventKind.MOVE: self.on_move,
                EventKind.PRESS: self.on_press,
                EventKind.RELEASE: self.on_release,
                EventKind.KEY: self.on_key,
            }[event.kind]
            handler(index, event)
            self.apply(event.moves)
        return self.out + self.waiting

    def on_move(self, index: int, event: InputEvent) -> None:
        self.emit(index, event.t_ms, Mouse.MOVE, *self.point(event))

    def on_press(self, index: int, event: InputEvent) -> None:
        if event.button is Button.LEFT:
            self.emit(index, event.t_ms, Mouse.LEFT_DOWN, *self.point(event))
            self.left_held = True
        elif event.button is Button.RIGHT:
            self.right_press = event
            self.right_press_open = event.cell is not None and self.game.is_open(event.cell)
            self.emit(index, event.t_ms, Mouse.MOVE, *self.point(event))

    def on_release(self, index: int, event: InputEvent) -> None:
        if event.button is Button.LEFT:
            self.emit(index, event.t_ms, Mouse.LEFT_UP, *self.point(event))
            self.left_held = False
            self.out += [(replace(m, t_ms=event.t_ms), i) for m, i in self.waiting]
            self.waiting.clear()
        elif event.button is Button.RIGHT:
            press = self.right_press or event
            self.right_release(index, event, press, self.right_press_open)
            self.right_press = None

    def on_key(self, index: int, event: InputEvent) -> None:
        if event.click is Click.LEFT:
            for mouse in _STEPS[Click.LEFT]:
                self.emit(index, event.t_ms, mouse, *self.point(event))
        else:
            opened = event.cell is not None and self.game.is_open(event.cell)
            self.right_release(index, event, event, opened)

    def right_release(self, index: int, event: InputEvent, press: InputEvent, press_open: bool) -> None:
        t, cell = event.t_ms, event.cell
        x, y = self.point(event)
        kinds = {move.kind for move in event.moves}
        if MoveKind.MARK in kinds:
            marked = next(m.cell for m in event.moves if m.kind is MoveKind.MARK)
            if self.game.mark(marked) == Mark.QUESTION:
                x = y = None  # "?" to blank: a right click that changes nothing
            self.emit_all(index, t, _STEPS[Click.RIGHT], x, y)
        elif MoveKind.CLEAR in kinds or (press_open and cell is not None and self.game.is_open(cell)):
            self.emit_all(index, t, _STEPS[Click.CHORD], x, y)
        elif press_open and press.cell is not None:
            # pressed on a number, let go elsewhere: a right click on the number
            self.emit(index, t, Mouse.RIGHT_DOWN, *self.point(press))
            self.emit(index, t, Mouse.RIGHT_UP, x, y)
        elif cell is not None and self.game.is_open(cell):
            self.emit_all(index, t, _STEPS[Click.RIGHT], x, y)
        else:  # a right click that did nothing on a covered square (game over, paused)
            self.emit_all(index, t, _STEPS[Click.RIGHT], None, None)

    def emit_all(self, index: int, t_ms: int, steps, x, y) -> None:
        if self.left_held and Mouse.LEFT_DOWN in steps:  # a chord while left is down: all of it waits
            for mouse in steps:
                self.waiting.append((MouseEvent(t_ms, mouse, *(self.off if x is None else (x, y))), index))
            return
        for mouse in steps:
            self.emit(index, t_ms, mouse, x, y)


def mouse_stream(recording) -> list[tuple[MouseEvent, int]]:
    """Each EVF mouse event of a recording with the index of the input event
    it came from. A recording read from an EVF file gives back its own."""
    if recording.mouse is not None:
        return [(m, i) for i, m in enumerate(recording.mouse)]
    return _Writer(recording).run()


def cell_at(recording, x: int, y: int) -> int | None:
    """The square under a pixel of a square board, None off the board."""
    topology = recording.topology
    col, row = x // recording.cell_px, y // recording.cell_px
    if 0 <= col < topology.width and 0 <= row < topology.height and x >= 0 and y >= 0:
        return topology.index(col, row)
    return None


def count_clicks(recording, upto: int | None = None) -> ClickCounter:
    """ms-toollib's click machine run over the recording's mouse events
    (up to and including input event ``upto``)."""
    counter = ClickCounter(recording.topology, recording.mines)
    for mouse, index in mouse_stream(recording):
        if upto is not None and index > upto:
            break
        counter.step(mouse.mouse, _event_cell(recording, mouse))
    return counter


def _event_cell(recording, mouse: MouseEvent) -> int | None:
    return cell_at(recording, mouse.x, mouse.y)


_BUTTONS = {
    Mouse.LEFT_DOWN: (EventKind.PRESS, Button.LEFT),
    Mouse.LEFT_UP: (EventKind.RELEASE, Button.LEFT),
    Mouse.RIGHT_DOWN: (EventKind.PRESS, Button.RIGHT),
    Mouse.PRE_FLAG: (EventKind.PRESS, Button.RIGHT),
    Mouse.RIGHT_UP: (EventKind.RELEASE, Button.RIGHT),
    Mouse.MIDDLE_DOWN: (EventKind.PRESS, Button.MIDDLE),
    Mouse.MIDDLE_UP: (EventKind.RELEASE, Button.MIDDLE),
}


def events_from_mouse(recording_like, mouse: tuple[MouseEvent, ...]) -> tuple[InputEvent, ...]:
    """Input events, with the engine moves they made, for a file's mouse events.

    ``recording_like`` has ``topology``, ``mines`` and ``cell_px``."""
    counter = ClickCounter(recording_like.topology, recording_like.mines)
    events = []
    for m in mouse:
        cell = cell_at(recording_like, m.x, m.y)
        effect = counter.step(m.mouse, cell)
        kind, button = _BUTTONS.get(m.mouse, (EventKind.MOVE, None))
        moves: tuple[Move, ...] = ()
        if effect is Effect.UNCOVER:
            moves = (Move(MoveKind.UNCOVER, cell),)
        elif effect is Effect.FLAG:
            moves = (Move(MoveKind.MARK, cell),)
        elif effect is Effect.CHORD:
            moves = (Move(MoveKind.CLEAR, cell),)
        x, y = (m.x, m.y) if cell is not None else (None, None)
        events.append(InputEvent(m.t_ms, kind, x, y, cell, button, None, moves))
    return tuple(events)

"""Keyboard play in the MineSweeper window: a board cursor and the keys that
act on its square (issue 32).

MineSweeper 2.4's own keys (M, G, U, 1, L, A, 2, P) act on the square under
the mouse pointer and are left exactly as they were. The cursor's keys are
others, chosen so that none is a 2.4 key, a Right-Amiga hotkey (those are
held with Right-Amiga), the keyboard mouse (an Amiga key with the cursor
keys) or a key a web browser keeps for itself:

    cursor keys            move the cursor a square
    Home, End              the row's first and last square
    Page Up, Page Down     the column's top and bottom square
    Shift-Home, Shift-End  the top-left and bottom-right corners
    Space                  uncover the cursor's square
    Return, keypad Enter   cycle its mark (as the right button on a covered square)
    C                      clear around it (an uncovered number)
    W                      say the cursor's square again
    R, K, N                read its row, its column, the squares around it
    Shift-R                read the whole board (as the text mode's read board) from its row down,
                           every line of it one after another
    F                      read the frontier from the cursor's row down
    J, Shift-J             jump to the next covered square; to the next number
    T, S                   say the time; the state, the mines counter and the time

The cursor is hidden until one of these keys is pressed (not one pixel of the
2.4 look changes for a player who never presses them) and hides again when a
mouse button plays on the field. The first key that shows it only shows it:
nothing is uncovered on a square the player has not yet seen or heard. Every
move goes to play/ as the 2.4 keys' do (PlayedGame.key), recorded as a press
and release at the square's centre.

Squares are reached by their grid's columns and rows on every shape: on
hexagons and triangles Left and Right walk the row and Up and Down the column,
so every square is reached as on a square board.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Protocol

import pyxel

from amigasweeper.access.words.reading import next_covered, next_number
from amigasweeper.access.words.squares import Board
from amigasweeper.engine import Game, MoveKind
from amigasweeper.play import Action

from ..intuition.atlas import Cell
from ..intuition.gfx import complement
from ..intuition.input import Frame
from .ring import draw_ring, ring_pixels


class Read(Enum):
    """What a player asks the Narrator to read."""

    WHERE = "where"
    ROW = "row"
    COLUMN = "column"
    AROUND = "around"
    TIME = "time"
    STATUS = "status"
    FRONTIER = "frontier"
    BOARD = "board"


class Jump(Enum):
    """Where J (and Shift-J) take the cursor: the next such square in reading order."""

    COVERED = "covered"
    NUMBER = "number"


STEPS = {pyxel.KEY_LEFT: (-1, 0), pyxel.KEY_RIGHT: (1, 0), pyxel.KEY_UP: (0, -1), pyxel.KEY_DOWN: (0, 1)}
EDGES = (pyxel.KEY_HOME, pyxel.KEY_END, pyxel.KEY_PAGEUP, pyxel.KEY_PAGEDOWN)
ACTIONS = {
    pyxel.KEY_SPACE: Action.UNCOVER,
    pyxel.KEY_RETURN: Action.MARK,
    pyxel.KEY_KP_ENTER: Action.MARK,
    pyxel.KEY_C: Action.CLEAR,
}
READS = {
    pyxel.KEY_W: Read.WHERE,
    pyxel.KEY_R: Read.ROW,
    pyxel.KEY_K: Read.COLUMN,
    pyxel.KEY_N: Read.AROUND,
    pyxel.KEY_T: Read.TIME,
    pyxel.KEY_S: Read.STATUS,
    pyxel.KEY_F: Read.FRONTIER,
}
SHIFTED_READS = {pyxel.KEY_R: Read.BOARD}  # Shift and the key: another reading
JUMP_KEY = pyxel.KEY_J
JUMPS = {Jump.COVERED: next_covered, Jump.NUMBER: next_number}
MOVE_KINDS = {Action.UNCOVER: MoveKind.UNCOVER, Action.MARK: MoveKind.MARK, Action.CLEAR: MoveKind.CLEAR}


class Listener(Protocol):
    """Who hears the cursor (the Narrator's window adapter, ui/narrator)."""

    def cursor(self, cell: int) -> None: ...

    def edge(self, cell: int) -> None: ...

    def refused(self, kind: MoveKind, cell: int) -> None: ...

    def read(self, what: Read, cell: int) -> None: ...

    def nowhere(self, what: Jump) -> None: ...


class Silent:
    """The listener while the Narrator is off."""

    def cursor(self, cell: int) -> None:
        pass

    def edge(self, cell: int) -> None:
        pass

    def refused(self, kind: MoveKind, cell: int) -> None:
        pass

    def read(self, what: Read, cell: int) -> None:
        pass

    def nowhere(self, what: Jump) -> None:
        pass


def moved(col: int, row: int, width: int, height: int, code: int, shift: bool) -> tuple[int, int]:
    """Where a key takes the cursor from (col, row) on a width x height grid."""
    if code in STEPS:
        dx, dy = STEPS[code]
        return max(0, min(width - 1, col + dx)), max(0, min(height - 1, row + dy))
    if code == pyxel.KEY_HOME:
        return (0, 0) if shift else (0, row)
    if code == pyxel.KEY_END:
        return (width - 1, height - 1) if shift else (width - 1, row)
    if code == pyxel.KEY_PAGEUP:
        return col, 0
    if code == pyxel.KEY_PAGEDOWN:
        return col, height - 1
    return col, row


class BoardCursor:
    """The square the keys act on, and whether it is shown.

    ``bold`` is the Palette window's Cursor: Bold ring (ring.py), for players
    who cannot find 3.1's thin complement frame (1.6:1 against the squares'
    grey) or whose digit it crosses. The screen's preference, kept here for
    every board cursor drawn."""

    bold = False

    def __init__(self, game: Callable[[], Board], act: Callable[[Action, int], object]) -> None:
        self.game = game
        self.act = act  # the window's own move on a square (MineWindow.act): None when nothing was played
        self.cell = 0
        self.shown = False
        self.listener: Listener = Silent()
        # The pixels round a square, by (square, geometry): the outline's and the bold ring's.
        self._outlines: dict[tuple[int, object], list[tuple[int, int]]] = {}
        self._rings: dict[tuple[int, object], list[tuple[int, int]]] = {}

    def new_game(self, game: Game) -> None:
        """A new board: the cursor keeps its square where the board still has it."""
        if self.cell >= game.topology.size:
            self.cell = 0
        self._outlines.clear()
        self._rings.clear()

    def hide(self) -> None:
        self.shown = False

    # ---------------------------------------------------------------- keys
    def on_key(self, frame: Frame, playable: bool) -> bool:
        """This frame's cursor keys; True when one was used. ``playable``:
        the board is shown (not paused away)."""
        if frame.amiga or frame.left_amiga:
            return False
        if not playable:
            if any(code in STEPS or code in EDGES or code in ACTIONS or code in READS for code in frame.keys):
                self.listener.refused(MoveKind.UNCOVER, self.cell)  # the board is hidden: say why
            return False
        for code in frame.keys:
            if code in STEPS or code in EDGES:
                self._move(code, frame.shift)
                return True
            if code in ACTIONS:
                self._act(ACTIONS[code])
                return True
            if code in READS:
                self._show()
                self.listener.read(SHIFTED_READS.get(code, READS[code]) if frame.shift else READS[code], self.cell)
                return True
            if code == JUMP_KEY:
                self._jump(Jump.NUMBER if frame.shift else Jump.COVERED)
                return True
        return False

    def _show(self) -> bool:
        """Show the cursor; True if it was hidden (the key only showed it)."""
        if self.shown:
            return False
        self.shown = True
        return True

    def _move(self, code: int, shift: bool) -> None:
        if not self._show():
            topology = self.game().topology
            col, row = topology.coords(self.cell)
            col, row = moved(col, row, topology.width, topology.height, code, shift)
            cell, self.cell = self.cell, topology.index(col, row)
            if code in STEPS and cell == self.cell:  # pushed against the edge: the player hears it
                self.listener.edge(self.cell)
                return
        self.listener.cursor(self.cell)

    def _jump(self, what: Jump) -> None:
        if self._show():
            self.listener.cursor(self.cell)
            return
        found = JUMPS[what](self.game(), self.cell)
        if found is None:
            self.listener.nowhere(what)
            return
        self.cell = found
        self.listener.cursor(found)

    def _act(self, action: Action) -> None:
        if self._show():
            self.listener.cursor(self.cell)
            return
        if self.act(action, self.cell) is None:
            self.listener.refused(MOVE_KINDS[action], self.cell)  # play/ played nothing: say why

    # ---------------------------------------------------------------- draw
    def draw(self, geometry, x: int, y: int) -> None:
        """The cursor as 3.1 draws a keyboard focus: the square's outline in
        complement, each pixel the opposite of what is under it; or the bold
        ring round the square, which never covers a digit."""
        if not self.shown:
            return
        if self.bold:
            draw_ring(self.ring(geometry), x, y)
            return
        for px, py in self.outline(geometry):
            sx, sy = x + px, y + py
            if 0 <= sx < pyxel.width and 0 <= sy < pyxel.height:
                pyxel.pset(sx, sy, complement(pyxel.screen.pget(sx, sy)))

    def outline(self, geometry) -> list[tuple[int, int]]:
        """The board pixels round the cursor's square, whatever its shape
        (found once per square and kept)."""
        key = (self.cell, geometry)
        if key not in self._outlines:
            self._outlines[key] = edge_pixels(geometry, self.cell)
        return self._outlines[key]

    def ring(self, geometry) -> list[tuple[int, int]]:
        """The bold cursor's pixels round its square (found once per square and kept)."""
        key = (self.cell, geometry)
        if key not in self._rings:
            self._rings[key] = ring_pixels(geometry, self.cell)
        return self._rings[key]


def _border(pixels: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The pixels of a set that touch, side or corner, a pixel outside it."""
    return {
        (px, py) for px, py in pixels
        if any((px + dx, py + dy) not in pixels for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    }


def edge_pixels(geometry, cell: int) -> list[tuple[int, int]]:
    """A frame one pixel inside the square's own edge, whatever its shape: the
    edge keeps its bevel (a complemented bevel would look pressed), and the
    frame crosses the square's face, where it stands out on every look."""
    ox, oy = geometry.origin(cell)
    sprite = geometry.sprite(cell, Cell.COVERED)
    inside = {
        (px, py)
        for py in range(oy, oy + sprite.h)
        for px in range(ox, ox + sprite.w)
        if geometry.cell_at(px, py) == cell
    }
    return sorted(_border(inside - _border(inside)))

"""The Duel window: two players take turns on one board (seed 001's rules, in
amigasweeper.engine.duel), with both scores and whose turn it is in the header,
the move list beside the board, and the computer as an opponent if wanted.

Left button (or U, 1) uncovers a square; right button (or M, G) guesses a mine.
The main board's keyboard cursor works here too (ui/game/keyplay.py): the
cursor keys move it, Space uncovers its square, Return guesses a mine there,
W, R, K and N read it, T and S say the scores and whose turn it is.
A player's own wrong guesses are shown only on that player's turns; in hot-seat
play a "pass the mouse" requester hides them between turns.
"""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from amigasweeper.engine import Tile
from amigasweeper.engine.duel import Duel
from amigasweeper.engine.duel_moves import DuelMoveKind, DuelTile
from amigasweeper.play import Action, DuelPlay, DuelPlayers

from ..game.boardview import BoardCanvas
from ..game.geometry import geometry_for
from ..game.keyplay import BoardCursor
from ..game.minewindow import COUNTER_H, COUNTER_W, draw_counter
from ..intuition import font
from ..intuition.atlas import FONT
from ..intuition.gfx import bevel
from ..intuition.input import Button, Frame
from ..intuition.palette import Pen
from ..intuition.requester import shorten, wrap
from ..intuition.scrollers import SCROLLER_W, Scroller
from ..intuition.widgets import Widget
from ..windowcontrol import ControlledWindow

PAD = 4
HEADER_H = 24
LIST_CHARS = 20  # characters per line of the move list
LIST_LINE_H = FONT.cell + 1
COMPUTER_DELAY = 24  # frames the computer "thinks", so its move can be followed

# By the tile a duel square shows (a number stays itself); keyed by int, as Duel.tile answers.
DUEL_TILES: dict[int, Tile] = {
    DuelTile.COVERED: Tile.COVERED,
    DuelTile.FOUND: Tile.MARKED,
    DuelTile.HIT: Tile.MINE_HIT,
    DuelTile.WRONG_GUESS: Tile.WRONG_MARK,
}


class BoardLook:
    """The duel as one player sees it, in the shape BoardCanvas draws."""

    def __init__(self, duel: Duel) -> None:
        self.duel = duel
        self.topology = duel.topology
        self.viewer: int | None = None

    def tile(self, cell: int) -> int:
        tile = self.duel.tile(cell, self.viewer)
        return DUEL_TILES.get(tile, tile)


class DuelField(Widget):
    """The duel board: a square pressed and released over acts."""

    wants_right_button = True

    def __init__(self, window: DuelWindow) -> None:
        super().__init__()
        self.window = window
        self.held: Button | None = None
        self.cell: int | None = None

    def cell_under(self, px: int, py: int) -> int | None:
        return self.window.canvas.geometry.cell_at(px - self.ax, py - self.ay)

    def on_press(self, frame: Frame, button: Button) -> None:
        if self.window.waiting_for_human():
            self.held = button
            self.cell = self.cell_under(frame.x, frame.y)

    def on_drag(self, frame: Frame) -> None:
        self.cell = self.cell_under(frame.x, frame.y)

    def on_release(self, frame: Frame, button: Button) -> None:
        if button is self.held:
            cell = self.cell_under(frame.x, frame.y)
            kind = DuelMoveKind.UNCOVER if button is Button.LEFT else DuelMoveKind.GUESS
            self.held = None
            self.window.human_move(kind, cell)

    def draw(self) -> None:
        canvas = self.window.canvas
        pyxel.blt(self.ax, self.ay, canvas.image, 0, 0, self.w, self.h)
        self.window.cursor.draw(canvas.geometry, self.ax, self.ay)


class MoveList(Widget):
    """The moves so far, newest at the bottom, scrollable."""

    def __init__(self, window: DuelWindow) -> None:
        super().__init__(0, 0, LIST_CHARS * FONT.cell + 4, 10)
        self.window = window
        self.top = 0
        self.lines: list[str] = []

    @property
    def rows(self) -> int:
        return max(1, (self.h - 4) // LIST_LINE_H)

    @property
    def total_lines(self) -> int:
        return len(self.lines)

    def set_lines(self, entries: list[str]) -> None:
        follow = self.top >= self.total_lines - self.rows  # at the bottom: keep up with new moves
        self.lines = [part for entry in entries for part in wrap(entry, LIST_CHARS)]
        if follow:
            self.scroll_to(self.total_lines)

    def scroll_to(self, top: int) -> None:
        self.top = max(0, min(top, self.total_lines - self.rows))

    def scroll_by(self, lines: int) -> None:
        self.scroll_to(self.top + lines)

    def draw(self) -> None:
        bevel(self.ax, self.ay, self.w, self.h, recessed=True)
        for row in range(self.rows):
            index = self.top + row
            if index < self.total_lines:
                font.draw_text(self.ax + 2, self.ay + 2 + row * LIST_LINE_H, self.lines[index], Pen.BLACK)


class DuelWindow(ControlledWindow):
    """A duel in a window: it draws the DuelPlay and sends it the human's
    moves; ``on_turn_passed``/``on_over`` open the requesters."""

    def __init__(
        self,
        play: DuelPlay,
        screen_size: tuple[int, int],
        *,
        on_turn_passed: Callable[[DuelWindow], None],
        on_over: Callable[[DuelWindow], None],
        on_close: Callable[[], None],
        on_depth: Callable[[], None],
    ) -> None:
        super().__init__("Duel", on_close=on_close, on_depth=on_depth)
        self.play = play
        self.on_turn_passed = on_turn_passed
        self.on_over = on_over
        self.hiding = False  # the board shows only what both may see (between hot-seat turns)
        self.computer_wait = 0
        self.status = ""
        self.look = BoardLook(play.duel)
        self.cursor = BoardCursor(lambda: self.look, self.cursor_move)  # the keys' square (keyplay.py)
        self.canvas = BoardCanvas(self.look, geometry_for(play.duel.topology))
        self.field = self.add(DuelField(self))
        self.moves = self.add(MoveList(self))
        self.scroller = self.add(Scroller(self.moves))
        self.screen_size = screen_size
        self.relayout()
        self.refresh()

    # --------------------------------------------------------------- layout
    def relayout(self) -> None:
        board_w, board_h = self.canvas.geometry.pixel_size
        body_h = max(board_h + 2, 11 * LIST_LINE_H + 4)
        inner_w = PAD + board_w + 2 + PAD + self.moves.w + 2 + SCROLLER_W + PAD
        inner_h = PAD + HEADER_H + PAD + body_h + PAD + FONT.cell + PAD
        self.resize_inner(inner_w, inner_h)
        top = self.inner_y + PAD + HEADER_H + PAD
        self.field.x, self.field.y = self.inner_x + PAD + 1, top + 1
        self.field.w, self.field.h = board_w, board_h
        self.moves.x, self.moves.y = self.field.x + board_w + 1 + PAD, top
        self.moves.h = body_h
        self.scroller.x, self.scroller.y, self.scroller.h = self.moves.x + self.moves.w + 2, top, body_h
        screen_w, screen_h = self.screen_size
        self.settle((screen_w - self.w) // 2, min(20, screen_h - self.h))

    # ---------------------------------------------------------------- state
    @property
    def duel(self) -> Duel:
        return self.play.duel

    @property
    def players(self) -> DuelPlayers:
        return self.play.players

    def viewer(self) -> int | None:
        """Whose private view the board shows: the human's, or in hot-seat the player to move."""
        if self.hiding or self.duel.over:
            return None
        computer = self.players.computer
        return 1 - computer if computer is not None else self.duel.turn

    def waiting_for_human(self) -> bool:
        return not self.duel.over and not self.hiding and self.duel.turn != self.players.computer

    def refresh(self) -> None:
        """Redraw the board for the current viewer and update the move list."""
        self.look.viewer = self.viewer()
        self.canvas.sync(self.duel.topology.cells())
        self.moves.set_lines(self.duel.log(self.players.names, self.look.viewer))
        if self.duel.over:
            self.status = self.duel.summary(self.players.names)
        else:
            self.status = f"{self.players.names[self.duel.turn]} to move"

    def spoken(self) -> str:
        """What the Narrator says of the duel: the last move and whose turn it is."""
        log = self.duel.log(self.players.names, self.look.viewer)
        last = log[-1] if log else ""
        return f"{' '.join(last.split())}; {self.status}" if last else self.status

    # ---------------------------------------------------------------- moves
    def human_move(self, kind: DuelMoveKind, cell: int | None) -> None:
        # A square that cannot be played: nothing happens, as in the main game.
        if self.waiting_for_human() and self.play.human_move(kind, cell):
            self.after_move()

    CURSOR_MOVES = {Action.UNCOVER: DuelMoveKind.UNCOVER, Action.MARK: DuelMoveKind.GUESS}

    def cursor_move(self, action: Action, cell: int) -> bool | None:
        """The cursor's Space (uncover) or Return (a mine guessed): True when
        played, None when not (the cursor's listener says why)."""
        kind = self.CURSOR_MOVES.get(action)
        if kind is None or not self.waiting_for_human() or not self.play.human_move(kind, cell):
            return None
        self.after_move()
        return True

    def after_move(self) -> None:
        """After a move: the end, the hand-over in hot-seat play, or the computer's turn."""
        if self.duel.over:
            self.refresh()
            self.on_over(self)
        elif self.players.computer is None:
            self.hiding = True
            self.refresh()
            self.on_turn_passed(self)
        else:
            self.computer_wait = COMPUTER_DELAY
            self.refresh()

    def turn_taken_over(self) -> None:
        """The next player has the mouse: show the board as that player sees it."""
        self.hiding = False
        self.refresh()

    def tick(self) -> None:
        computer = self.players.computer
        if self.duel.over or computer is None or self.duel.turn != computer:
            return
        self.status = f"{self.players.names[computer]} is thinking..."
        self.computer_wait -= 1
        if self.computer_wait <= 0:
            self.play.computer_move()
            self.after_move()

    KEY_MOVES = {
        pyxel.KEY_U: DuelMoveKind.UNCOVER,
        pyxel.KEY_1: DuelMoveKind.UNCOVER,
        pyxel.KEY_M: DuelMoveKind.GUESS,
        pyxel.KEY_G: DuelMoveKind.GUESS,
    }

    def on_key(self, frame: Frame) -> bool:
        if self.cursor.on_key(frame, not self.hiding):
            return True
        for key, kind in self.KEY_MOVES.items():
            if frame.plain_key(key):
                self.human_move(kind, self.field.cell_under(frame.x, frame.y) if frame.pointer_in(self) else None)
                return True
        if frame.wheel and self.moves.contains(frame.x, frame.y):
            self.moves.scroll_by(-frame.wheel)
        return False

    # ---------------------------------------------------------------- draw
    def draw_interior(self) -> None:
        x0, y0 = self.ax + self.inner_x, self.ay + self.inner_y
        half = (self.inner_w - 3 * PAD) // 2
        for player in (0, 1):
            self.draw_score(x0 + PAD + player * (half + PAD), y0 + PAD, half, player)
        bevel(self.field.ax - 1, self.field.ay - 1, self.field.w + 2, self.field.h + 2, recessed=True)
        status_y = y0 + self.inner_h - PAD - FONT.cell
        font.draw_text(x0 + PAD, status_y, shorten(self.status, (self.inner_w - 2 * PAD) // FONT.cell), Pen.BLACK)

    def draw_score(self, x: int, y: int, w: int, player: int) -> None:
        to_move = not self.duel.over and self.duel.turn == player
        bevel(x, y, w, HEADER_H, recessed=to_move, fill=Pen.BLUE if to_move else Pen.GREY)
        name = shorten(self.players.names[player], (w - COUNTER_W - 10) // FONT.cell)
        font.draw_text(x + 4, y + (HEADER_H - FONT.cell) // 2, name, Pen.WHITE if to_move else Pen.BLACK)
        draw_counter(x + w - COUNTER_W - 4, y + (HEADER_H - COUNTER_H) // 2, self.duel.scores[player])

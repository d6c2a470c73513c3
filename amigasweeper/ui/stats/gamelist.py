"""The list of a row's games in the Statistics window, newest first: a line
each (date, 3BV, time, 3BV/s, IOE, result, help used), one chosen at a
time. A click chooses a game, the wheel and the Up and Down keys move
through them; the window's Replay button (or Return) opens the chosen one."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pyxel

from amigasweeper.records import KeptGame

from ..intuition import font
from ..intuition.atlas import FONT
from ..intuition.gfx import bevel
from ..intuition.input import Button, Frame
from ..intuition.palette import Pen
from ..intuition.widgets import Widget
from .figures import Column, game_line, games_header

LINE_H = FONT.cell + 1


class GameList(Widget):
    def __init__(self, on_choose: Callable[[], None]) -> None:
        super().__init__(0, 0, 10, 10)
        self.on_choose = on_choose  # the chosen game changed
        self.games: Sequence[KeptGame] = ()
        self.columns: tuple[Column, ...] = ()
        self.lines: list[str] = []  # each game's line, made once (a frame only draws them)
        self.header = ""
        self.top = 0
        self.chosen = 0

    @property
    def rows(self) -> int:
        """Lines of games shown (the first line of the box is the heading)."""
        return max(1, (self.h - 4) // LINE_H - 1)

    @property
    def game(self) -> KeptGame | None:
        return self.games[self.chosen] if 0 <= self.chosen < len(self.games) else None

    def show(self, games: Sequence[KeptGame], columns: tuple[Column, ...]) -> None:
        """New games (a row chosen, a game kept): the newest is chosen."""
        self.games, self.columns = games, columns
        self.header = games_header(columns)
        self.lines = [game_line(game, columns) for game in games]
        self.top = self.chosen = 0
        self.on_choose()

    def choose(self, index: int) -> None:
        if not self.games:
            return
        self.chosen = max(0, min(len(self.games) - 1, index))
        if self.chosen < self.top:
            self.top = self.chosen
        elif self.chosen >= self.top + self.rows:
            self.top = self.chosen - self.rows + 1
        self.on_choose()

    def scroll_by(self, lines: int) -> None:
        self.top = max(0, min(self.top + lines, len(self.games) - self.rows))

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is Button.LEFT:
            line = (frame.y - self.ay - 2) // LINE_H - 1
            if 0 <= line < self.rows and self.top + line < len(self.games):
                self.choose(self.top + line)

    def draw(self) -> None:
        bevel(self.ax, self.ay, self.w, self.h, recessed=True)
        x, y = self.ax + 2, self.ay + 2
        font.draw_text(x, y, self.header, Pen.BLACK)
        pyxel.line(x, y + LINE_H - 1, self.ax + self.w - 3, y + LINE_H - 1, Pen.BLACK)
        if not self.games:
            font.draw_text(x, y + LINE_H + 1, "No game of this board kept yet.", Pen.BLACK)
            return
        for row in range(self.rows):
            index = self.top + row
            if index >= len(self.games):
                break
            line_y = y + (row + 1) * LINE_H + 1
            chosen = index == self.chosen
            if chosen:
                pyxel.rect(self.ax + 2, line_y - 1, self.w - 4, LINE_H, Pen.BLUE)
            font.draw_text(x, line_y, self.lines[index], Pen.WHITE if chosen else Pen.BLACK)

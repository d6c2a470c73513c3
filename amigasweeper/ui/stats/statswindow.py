"""The Statistics window: one row of the statistics at a time (a board,
its shape, completion mode and kind), with its figures, a chart of its
last games with the chart's key, and the list of its games, each with a
button that opens its replay; how many replays are kept; Reset (asked
first) and Close. It fits a LowRes screen: on HighRes its lines, chart
and list grow.

The arrow buttons at the top (or the Left and Right cursor keys) choose
the row; Up and Down choose a game of the list, Return (or Replay) opens
its replay. Chart (or C) changes the picture: the last games, the wins by
3BV and by time, the running best, the win rate by month, the best time
by 3BV (ui/stats/pictures.py). Esc closes the window, never resets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pyxel

from amigasweeper.access.words import no_stats_gist, stats_gist
from amigasweeper.guide import ManualPage
from amigasweeper.records import KeptGame, RowKey, RowSummary

from ..intuition import font
from ..intuition.atlas import FONT
from ..intuition.ghostbutton import GhostButton
from ..intuition.input import Frame
from ..intuition.metrics import for_width
from ..intuition.palette import Pen
from ..intuition.requester import BUTTON_H, TextButton, shorten
from ..intuition.window import BORDER, TITLE_H
from ..windowcontrol import ControlledWindow
from .chart import chart_key, draw_bars, draw_bars_key, draw_chart, draw_key
from .figures import columns_for, figure_lines, row_detail, row_name
from .gamelist import LINE_H, GameList
from .pictures import Bars, Chart, bars_of, next_chart

PAD = 4
SCREEN_BAR = 11
MIN_LIST_ROWS = 3
KEY_H = 2 * LINE_H


class Figures(Protocol):
    """Where the window's numbers come from (the Statistics control)."""

    def rows(self) -> Sequence[tuple[RowKey, RowSummary]]: ...

    def games(self, key: RowKey) -> Sequence[KeptGame]: ...

    def points(self, key: RowKey) -> Sequence: ...

    def status_line(self) -> str: ...

    def has_replay(self, record: KeptGame) -> bool: ...

    def open_game(self, record: KeptGame) -> None: ...


class StatsWindow(ControlledWindow):
    def __init__(
        self,
        figures: Figures,
        screen_size: tuple[int, int],
        *,
        prefer: RowKey | None,
        on_close: Callable[[], None],
        on_depth: Callable[[], None],
        on_reset: Callable[[], None],
    ) -> None:
        super().__init__("Statistics", on_close=on_close, on_depth=on_depth)
        self.figures = figures
        self.help_node = ManualPage.STATS_WINDOWS  # what Help (F1) shows
        self.screen_title = "Statistics of every game you played"
        self.key: RowKey | None = prefer  # the row shown
        self.earlier = self.add(TextButton("<", lambda: self.step_row(-1)))
        self.later = self.add(TextButton(">", lambda: self.step_row(1)))
        self.list = self.add(GameList(self._game_chosen))
        self.replay_button = self.add(GhostButton("Replay", self.open_chosen, inset=1))
        self.reset_button = self.add(TextButton("Reset...", on_reset))
        self.chart_button = self.add(TextButton("Chart", lambda: self.step_chart(1)))
        self.chart = Chart.LAST_GAMES
        self.bars = Bars((), "")
        self.close_button = self.add(TextButton("Close", self.close))
        self.screen_size = screen_size
        self.rows: list[tuple[RowKey, RowSummary]] = []
        self.lines: list[str] = []
        self.points: list = []
        self.chart_key = ("", "")
        self.status = ""
        self.relayout()
        self.refresh()

    # ----------------------------------------------------------------- data
    @property
    def summary(self) -> RowSummary | None:
        return next((s for k, s in self.rows if k == self.key), None)

    def refresh(self) -> None:
        """Read the figures again (a game was kept, the index caught up, a reset)."""
        self.rows = list(self.figures.rows())
        keys = [key for key, _ in self.rows]
        if self.key not in keys:
            self.key = keys[0] if keys else None
        self._show_row()

    def spoken(self) -> str:
        """What the Narrator says of the row shown: its name and its figures."""
        summary, key = self.summary, self.key
        if summary is None or key is None:
            return no_stats_gist()
        best = summary.best_ms / 1000 if summary.best_ms is not None else None
        return stats_gist(row_name(key), row_detail(key), summary.played, summary.won, summary.win_percent,
                          summary.current_streak, summary.best_streak, best)

    def step_row(self, step: int) -> None:
        keys = [key for key, _ in self.rows]
        if self.key in keys:
            self.key = keys[(keys.index(self.key) + step) % len(keys)]
            self._show_row()

    def _show_row(self) -> None:
        summary, key = self.summary, self.key  # a summary is found only for a key
        self.lines = figure_lines(summary, self.text_chars) if summary else []
        self.points = list(self.figures.points(key)) if summary and key is not None else []
        self.chart_key = chart_key(self.points)
        if self.chart is not Chart.LAST_GAMES:
            self.bars = bars_of(self.chart, summary.pictures if summary else None)
        self.status = self.figures.status_line()
        games = list(self.figures.games(key)) if summary and key is not None else []
        self.list.show(games, columns_for(self.text_chars))

    def step_chart(self, step: int) -> None:
        self.chart = next_chart(self.chart, step)
        self._show_row()

    def _game_chosen(self) -> None:
        game = self.list.game
        self.replay_button.enabled = game is not None and self.figures.has_replay(game)

    def open_chosen(self) -> None:
        game = self.list.game
        if game is not None and self.figures.has_replay(game):
            self.figures.open_game(game)

    # --------------------------------------------------------------- layout
    @property
    def text_chars(self) -> int:
        """Characters a line of the window can hold on this screen."""
        screen_w, _ = self.screen_size
        return (screen_w - 2 * for_width(screen_w).side_border - 2 * PAD - 4) // FONT.cell

    def relayout(self) -> None:
        screen_w, screen_h = self.screen_size
        inner_w = self.text_chars * FONT.cell + 4 + 2 * PAD
        figure_h = 6 * LINE_H
        fixed = PAD + BUTTON_H + 2 + LINE_H + PAD + figure_h + PAD + 3 + KEY_H + PAD + LINE_H + PAD + BUTTON_H + PAD
        room = screen_h - SCREEN_BAR - TITLE_H - BORDER - 2 - fixed
        list_h = max((MIN_LIST_ROWS + 1) * LINE_H + 4, room // 2)
        self.chart_h = max(24, min(room - list_h - PAD, screen_h // 4))
        self.resize_inner(inner_w, fixed + self.chart_h + PAD + list_h)
        x0, y = self.inner_x + PAD, self.inner_y + PAD
        self.earlier.x, self.earlier.y = x0, y
        self.later.x, self.later.y = self.inner_x + inner_w - PAD - self.later.w, y
        self.row_y = y + BUTTON_H + 2
        self.figures_y = self.row_y + LINE_H + PAD
        self.chart_y = self.figures_y + figure_h + PAD
        self.chart_w = inner_w - 2 * PAD
        self.key_y = self.chart_y + self.chart_h + 3
        self.list.x, self.list.y = x0, self.key_y + KEY_H + PAD
        self.list.w, self.list.h = self.chart_w, list_h
        self.status_y = self.list.y + list_h + PAD
        button_y = self.inner_y + self.inner_h - PAD - BUTTON_H
        self.replay_button.x, self.replay_button.y = x0, button_y
        self.reset_button.x, self.reset_button.y = x0 + self.replay_button.w + PAD, button_y
        self.chart_button.x, self.chart_button.y = self.reset_button.x + self.reset_button.w + PAD, button_y
        self.close_button.x, self.close_button.y = self.inner_x + inner_w - PAD - self.close_button.w, button_y
        self.settle((screen_w - self.w) // 2, SCREEN_BAR + 1)
        if self.rows:
            self._show_row()

    # ---------------------------------------------------------------- input
    def on_key(self, frame: Frame) -> bool:
        if frame.key(pyxel.KEY_ESCAPE):
            self.close()  # Esc is the safe answer: it closes, it never resets
            return True
        if frame.key(pyxel.KEY_RETURN):
            self.open_chosen()
            return True
        if frame.key(pyxel.KEY_C):
            self.step_chart(1)
            return True
        for key, move in ((pyxel.KEY_RIGHT, 1), (pyxel.KEY_LEFT, -1)):
            if frame.key(key):
                self.step_row(move)
                return True
        for key, move in ((pyxel.KEY_DOWN, 1), (pyxel.KEY_UP, -1)):
            if frame.key(key):
                self.list.choose(self.list.chosen + move)
                return True
        if frame.wheel and self.list.contains(frame.x, frame.y):
            self.list.scroll_by(-frame.wheel)
            return True
        return False

    # ---------------------------------------------------------------- draw
    def draw_interior(self) -> None:
        x0 = self.ax + self.inner_x + PAD
        chars = self.text_chars
        name = row_name(self.key) if self.key else "No games yet"
        left = self.earlier.ax + self.earlier.w + 4
        room = (self.later.ax - 4 - left) // FONT.cell
        name = shorten(name, room)
        font.draw_text(left + (room * FONT.cell - font.text_width(name)) // 2, self.ay + self.earlier.y + 3, name,
                       Pen.BLACK)
        detail = row_detail(self.key) if self.key else "Play a game: it is kept here."
        font.draw_text(x0, self.ay + self.row_y, shorten(detail, chars), Pen.BLACK)
        y = self.ay + self.figures_y
        for line in self.lines:
            font.draw_text(x0, y, line[:chars], Pen.BLACK)
            y += LINE_H
        if self.chart is Chart.LAST_GAMES:
            draw_chart(x0, self.ay + self.chart_y, self.chart_w, self.chart_h, self.points)
            draw_key(x0, self.ay + self.key_y, self.chart_key, chars)
        else:
            draw_bars(x0, self.ay + self.chart_y, self.chart_w, self.chart_h, self.bars.values)
            draw_bars_key(x0, self.ay + self.key_y, f"{self.chart.value} (Chart: C)", self.bars.words, chars)
        font.draw_text(x0, self.ay + self.status_y, shorten(self.status, chars), Pen.BLACK)

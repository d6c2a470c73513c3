"""The Statistics window: per level and board shape, games played and won,
win rate, best and average time, best 3BV/s and IOE, the streaks; a chart of
the last games of one level; how many replays are kept; Reset (asked first)
and Close. It fits a LowRes screen: on HighRes its columns and chart grow.

A click on a level's heading (or the cursor keys) chooses the chart's level;
the cycle gadget chooses the shape. Esc closes the window, never resets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pyxel

from amigasweeper.guide import ManualPage
from amigasweeper.engine import LevelName, Shape

from ..intuition import font
from ..intuition.atlas import FONT
from ..intuition.gfx import bevel
from ..intuition.input import Button, Frame
from ..intuition.palette import Pen
from ..intuition.requester import BUTTON_H, CycleGadget, TextButton, shorten
from ..intuition.widgets import Widget
from ..intuition.window import BORDER, TITLE_H, Window
from ..intuition.metrics import for_width
from .chart import chart_legend, draw_chart
from .figures import FIGURES, LABEL_CHARS, LEVELS, SHAPE_TITLES, column_title, table

PAD = 4
ROW_H = FONT.cell + 1
MAX_COLUMN_CHARS = 12  # "Intermediate" whole, where the screen has room
SCREEN_BAR = 11


class Figures(Protocol):
    """Where the window's numbers come from (the Statistics control)."""

    def summaries(self) -> Sequence: ...

    def chart(self, level: LevelName, shape: Shape) -> Sequence: ...

    def replays_line(self) -> str: ...


class LevelHeadings(Widget):
    """The column headings, one per level: the chosen one (the chart's) is
    drawn selected, and a click on another chooses it."""

    def __init__(self, window: StatsWindow) -> None:
        super().__init__(0, 0, 10, ROW_H + 1)
        self.window = window

    def column_x(self, index: int) -> int:
        window = self.window
        return (LABEL_CHARS + 1 + index * (window.column_chars + 1)) * FONT.cell

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is not Button.LEFT:
            return
        for index, level in enumerate(LEVELS):
            left = self.ax + self.column_x(index) - FONT.cell // 2
            if left <= frame.x < left + (self.window.column_chars + 1) * FONT.cell:
                self.window.choose_level(level)

    def draw(self) -> None:
        window = self.window
        for index, level in enumerate(LEVELS):
            text = column_title(level, window.column_chars).rjust(window.column_chars)
            x = self.ax + self.column_x(index)
            chosen = level is window.chart_level
            if chosen:
                bevel(x - 2, self.ay - 1, window.column_chars * FONT.cell + 4, ROW_H + 1, recessed=True, fill=Pen.BLUE)
            font.draw_text(x, self.ay, text, Pen.WHITE if chosen else Pen.BLACK)


class StatsWindow(Window):
    def __init__(
        self,
        figures: Figures,
        screen_size: tuple[int, int],
        *,
        shape: Shape,
        level: LevelName,
        on_close: Callable[[], None],
        on_depth: Callable[[], None],
        on_reset: Callable[[], None],
    ) -> None:
        super().__init__("Statistics", 0, 0, 100, 100, on_close=self.close, on_depth=on_depth)
        self.figures = figures
        self.on_closed = on_close
        self.closed = False
        self.help_node = ManualPage.STATS_WINDOWS  # what Help (F1) shows
        self.shape = shape
        self.chart_level = level
        self.screen_title = "Statistics of every game you played"
        titles = [SHAPE_TITLES[s] for s in Shape]
        self.shape_cycle = self.add(CycleGadget("Shape", titles, list(Shape).index(shape)))
        self.shape_cycle.on_change = self._shape_changed
        self.headings = self.add(LevelHeadings(self))
        self.reset_button = self.add(TextButton("Reset...", on_reset))
        self.close_button = self.add(TextButton("Close", self.close))
        self.screen_size = screen_size
        self.refresh()

    # ----------------------------------------------------------------- data
    def refresh(self) -> None:
        """Read the figures again (a game ended, or they were reset)."""
        self.rows = table(self.figures.summaries(), self.shape)
        self.points = list(self.figures.chart(self.chart_level, self.shape))
        self.replays = self.figures.replays_line()
        self.relayout()

    def choose_level(self, level: LevelName) -> None:
        self.chart_level = level
        self.refresh()

    def _shape_changed(self, gadget: CycleGadget) -> None:
        self.shape = list(Shape)[gadget.index]
        self.refresh()

    # --------------------------------------------------------------- layout
    @property
    def text_chars(self) -> int:
        """Characters a line of the window can hold on this screen."""
        screen_w, _ = self.screen_size
        return (screen_w - 2 * for_width(screen_w).side_border - 2 * PAD - 4) // FONT.cell

    @property
    def column_chars(self) -> int:
        spare = (self.text_chars - LABEL_CHARS) // len(LEVELS) - 1
        return max(5, min(MAX_COLUMN_CHARS, spare))

    def legend_lines(self) -> list[str]:
        parts = chart_legend(self.points)
        joined = "; ".join(parts)
        return [joined] if len(joined) <= self.text_chars else parts

    def relayout(self) -> None:
        screen_w, screen_h = self.screen_size
        table_w = (LABEL_CHARS + len(LEVELS) * (self.column_chars + 1)) * FONT.cell
        inner_w = table_w + 2 * PAD
        fixed = (PAD + self.shape_cycle.h + PAD + ROW_H + 1 + len(FIGURES) * ROW_H + PAD
                 + 3 + (len(self.legend_lines()) + 1) * ROW_H + PAD + BUTTON_H + PAD)
        room = screen_h - SCREEN_BAR - TITLE_H - BORDER - fixed
        self.chart_h = max(24, min(room, screen_h // 4))
        self.resize_inner(inner_w, fixed + self.chart_h)
        x0, y = self.inner_x + PAD, self.inner_y + PAD
        self.shape_cycle.x, self.shape_cycle.y = x0, y
        y += self.shape_cycle.h + PAD
        self.headings.x, self.headings.y, self.headings.w = x0, y, table_w
        self.table_y = y + ROW_H + 1
        self.chart_y = self.table_y + len(FIGURES) * ROW_H + PAD
        self.chart_w = table_w
        button_y = self.inner_y + self.inner_h - PAD - BUTTON_H
        self.reset_button.x, self.reset_button.y = x0, button_y
        self.close_button.x, self.close_button.y = self.inner_x + inner_w - PAD - self.close_button.w, button_y
        self.settle((screen_w - self.w) // 2, SCREEN_BAR + 1)

    # ---------------------------------------------------------------- input
    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.on_closed()

    def on_key(self, frame: Frame) -> bool:
        if frame.key(pyxel.KEY_ESCAPE):
            self.close()  # Esc is the safe answer: it closes, it never resets
            return True
        step = 1 if frame.key(pyxel.KEY_RIGHT) else -1 if frame.key(pyxel.KEY_LEFT) else 0
        if step:
            index = (LEVELS.index(self.chart_level) + step) % len(LEVELS)
            self.choose_level(LEVELS[index])
            return True
        return False

    # ---------------------------------------------------------------- draw
    def draw_interior(self) -> None:
        x0 = self.ax + self.inner_x + PAD
        y = self.ay + self.table_y
        chars = self.column_chars
        for row in self.rows:
            label, cells = row[0], row[1:]
            font.draw_text(x0, y, label, Pen.BLACK)
            for index, text in enumerate(cells):
                x = x0 + self.headings.column_x(index)
                font.draw_text(x, y, text.rjust(chars)[-chars:], Pen.BLACK)
            y += ROW_H
        chart_y = self.ay + self.chart_y
        draw_chart(x0, chart_y, self.chart_w, self.chart_h, self.points)
        y = chart_y + self.chart_h + 3
        for line in [*self.legend_lines(), self.replays]:
            font.draw_text(x0, y, shorten(line, self.text_chars), Pen.BLACK)
            y += ROW_H

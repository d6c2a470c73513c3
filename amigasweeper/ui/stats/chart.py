"""The chart of the last games: each game's time as a bar (black for a win,
white for a loss or a game left unfinished) and its 3BV/s as a blue line,
drawn with the Workbench pens only, so the Kickstart 2 look shows it too."""

from __future__ import annotations

from collections.abc import Sequence

import pyxel

from ..intuition.gfx import bevel
from ..intuition.palette import Pen

BAR_GAP = 1  # pixels between bars when there is room for them


def scale(value: float, top: float, height: int) -> int:
    """Pixels of a value on an axis whose top is ``top``: at least one for any value above 0."""
    if top <= 0 or value <= 0:
        return 0
    return max(1, min(height, round(value * height / top)))


def draw_chart(x: int, y: int, w: int, h: int, points: Sequence) -> None:
    """Points are ChartPoints (time_ms, bbbv_per_s, won), oldest first; the
    newest that fit are drawn, one bar each."""
    bevel(x, y, w, h, recessed=True, fill=Pen.GREY)
    inner_x, inner_y, inner_w, inner_h = x + 2, y + 2, w - 4, h - 4
    if not points or inner_w < 2 or inner_h < 2:
        return
    slot = max(1, inner_w // len(points))
    shown = list(points)[-(inner_w // slot):]
    top_time = max(p.time_ms for p in shown)
    top_speed = max((p.bbbv_per_s or 0) for p in shown)
    bar_w = max(1, slot - BAR_GAP) if slot > 2 else slot
    bottom = inner_y + inner_h - 1
    line: list[tuple[int, int]] = []
    for i, point in enumerate(shown):
        left = inner_x + i * slot
        bar = scale(point.time_ms, top_time, inner_h - 1)
        if bar:
            pyxel.rect(left, bottom - bar + 1, bar_w, bar, Pen.BLACK if point.won else Pen.WHITE)
        line.append((left + bar_w // 2, bottom - scale(point.bbbv_per_s or 0, top_speed, inner_h - 1)))
    for (x0, y0), (x1, y1) in zip(line, line[1:]):
        pyxel.line(x0, y0, x1, y1, Pen.BLUE)
    for px, py in line:
        pyxel.rect(px - 1 if slot > 3 else px, py - 1 if slot > 3 else py, 3 if slot > 3 else 1, 3 if slot > 3 else 1, Pen.BLUE)


def chart_legend(points: Sequence) -> list[str]:
    """What the chart's tops stand for, in words: two parts, shown on one line when they fit."""
    if not points:
        return ["No games of this kind yet."]
    top_time = max(p.time_ms for p in points) / 1000
    top_speed = max((p.bbbv_per_s or 0) for p in points)
    return [f"Bars: time to {top_time:.1f} s", f"Line: 3BV/s to {top_speed:.2f}"]

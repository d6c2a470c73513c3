"""The chart of a row's last games: each game's time as a bar (black for a
win, white for a loss) and its 3BV/s as a blue line, drawn with the
Workbench pens only, so the Kickstart 2 look shows it too; and its key,
which shows each mark beside what it stands for and what the tops are."""

from __future__ import annotations

from collections.abc import Sequence

import pyxel

from ..intuition import font
from ..intuition.atlas import FONT
from ..intuition.gfx import bevel
from ..intuition.palette import Pen
from ..intuition.requester import shorten

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


KEY_SWATCH = 7  # pixels of a key's sample mark


def chart_key(points: Sequence) -> tuple[str, str]:
    """The key's words: beside the marks, and the tops of the two scales."""
    if not points:
        return "", "No played game of this board yet."
    top_time = max(p.time_ms for p in points) / 1000
    top_speed = max((p.bbbv_per_s or 0) for p in points)
    return "won  lost  3BV/s", f"Bars to {top_time:.1f} s, line to {top_speed:.2f} 3BV/s"


def draw_key(x: int, y: int, key: tuple[str, str], text_chars: int) -> int:
    """The key under the chart (its words from :func:`chart_key`), from (x, y); the height it took."""
    marks, tops = key
    row_h = FONT.cell + 1
    if not marks:
        font.draw_text(x, y, shorten(tops, text_chars), Pen.BLACK)
        return row_h
    for index, (word, pen) in enumerate((("won", Pen.BLACK), ("lost", Pen.WHITE))):
        left = x + index * 7 * FONT.cell
        pyxel.rect(left, y, KEY_SWATCH, KEY_SWATCH, pen)
        pyxel.rectb(left, y, KEY_SWATCH, KEY_SWATCH, Pen.BLACK)  # a white bar is seen against the grey
        font.draw_text(left + KEY_SWATCH + 3, y, word, Pen.BLACK)
    left = x + 14 * FONT.cell
    pyxel.line(left, y + KEY_SWATCH // 2, left + KEY_SWATCH, y + KEY_SWATCH // 2, Pen.BLUE)
    pyxel.rect(left + KEY_SWATCH // 2 - 1, y + KEY_SWATCH // 2 - 1, 3, 3, Pen.BLUE)
    font.draw_text(left + KEY_SWATCH + 3, y, "3BV/s", Pen.BLACK)
    font.draw_text(x, y + row_h, shorten(tops, text_chars), Pen.BLACK)
    return 2 * row_h


def draw_bars(x: int, y: int, w: int, h: int, values: Sequence[float]) -> None:
    """One of the row's pictures (ui/stats/pictures.py): a black bar a value,
    left to right, scaled to the largest, whole pixels; when there are more
    values than pixels, the last that fit."""
    bevel(x, y, w, h, recessed=True, fill=Pen.GREY)
    inner_x, inner_y, inner_w, inner_h = x + 2, y + 2, w - 4, h - 4
    if not values or inner_w < 2 or inner_h < 2:
        return
    slot = max(1, inner_w // len(values))
    shown = list(values)[-(inner_w // slot):]
    top = max(shown)
    bar_w = max(1, slot - BAR_GAP) if slot > 2 else slot
    bottom = inner_y + inner_h - 1
    for i, value in enumerate(shown):
        bar = scale(value, top, inner_h - 1)
        if bar:
            pyxel.rect(inner_x + i * slot, bottom - bar + 1, bar_w, bar, Pen.BLACK)


def draw_bars_key(x: int, y: int, title: str, words: str, text_chars: int) -> int:
    """The key of a picture: its name (and the key that changes it), then what its bars are."""
    row_h = FONT.cell + 1
    font.draw_text(x, y, shorten(title, text_chars), Pen.BLACK)
    font.draw_text(x, y + row_h, shorten(words, text_chars), Pen.BLACK)
    return 2 * row_h

"""The work of laying a node out: words placed, tabs, wrapping, indents and
justification, a step at a time (layout.py says the rules; PageLayout
drives this)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Iterator

from .displayline import DisplayLine, Justify, StyledRun
from .model import LineStore, Node, WrapMode
from .sourceline import PLAIN, LayoutCommand, LayoutStep, Link, SourceLine, Span, Style

_PIECES = re.compile(r"[^ \t]+| +|\t")
_JUSTIFY = {LayoutCommand.JLEFT: Justify.LEFT, LayoutCommand.JCENTER: Justify.CENTER, LayoutCommand.JRIGHT: Justify.RIGHT}


class Layouter:
    def __init__(self, node: Node, columns: int, start: int = 0):
        self.node = node
        self.start = start
        self.columns = max(1, int(columns))
        self.mode = node.wrap
        self.tab_size = max(1, node.tab_size)
        self.out: list[DisplayLine] = []
        # Paragraph settings, changed by Layout commands.
        self.lindent = 0
        self.pari = 0
        self.justify = Justify.LEFT
        self.stops: tuple[int, ...] = ()
        self.code = False
        # The screen line being filled: finished runs, then the run being
        # extended (kept as pieces, as joining strings one by one is quadratic).
        self.runs: list[StyledRun] = []
        self.pieces: list[str] = []
        self.piece_column = 0
        self.piece_style = PLAIN
        self.piece_link: Link | None = None
        self.col = 0
        self.started = False
        self.paragraph_start = True
        self.line_indent = 0
        self.line_justify = Justify.LEFT
        self.line_origin = (0, 0)
        # Text not yet placed: the word being collected and the white space before it.
        self.word: list[tuple[str, Style, Link | None]] = []
        self.spaces: list[tuple[str, Style]] = []
        self.origin = (0, 0)
        self.last_style = PLAIN
        # How far the caller wants the layout to go before it pauses.
        self.want_lines: int | None = None
        self.want_work: int | None = None
        self.work = 0
        self.widest = 0

    @property
    def wrapping(self) -> bool:
        return not self.code and self.mode is not WrapMode.NONE

    @property
    def satisfied(self) -> bool:
        """Whether the caller has what it asked for, so the layout may pause."""
        return (self.want_lines is not None and len(self.out) >= self.want_lines) or (
            self.want_work is not None and self.work >= self.want_work
        )

    def steps(self) -> Iterator[None]:
        """Lay the page out, pausing (yielding) whenever the caller is satisfied."""
        lines = self.node.lines
        if self.start:
            lines = lines.starting_at(self.start) if isinstance(lines, LineStore) else lines[self.start :]
        for index, line in enumerate(lines, self.start):
            self.origin = (index, line.number)
            self.work += 1
            yield from self._source_line(line)
            if self.satisfied:
                yield
        self._flush_word()
        if self.started:
            self._end_line(paragraph=True)

    def _source_line(self, line: SourceLine) -> Iterator[None]:
        smart = self.mode is WrapMode.SMARTWRAP and not self.code
        if smart and line.blank:
            self._paragraph_gap()
            return
        for item in line.items:
            if isinstance(item, Span):
                yield from self._text(item.text, item.style)
            else:
                self._item(item)
        if not (line.visible or line.blank):
            return
        self._flush_word()
        if self.mode is WrapMode.SMARTWRAP and not self.code:
            # A single line end inside a paragraph reads as a space.
            if self.has_content:
                self.spaces.append((" ", self.last_style))
        else:
            self._place_trailing()
            self._end_line(paragraph=True)

    def _paragraph_gap(self) -> None:
        self._flush_word()
        if self.started:
            self._end_line(paragraph=True)
        self._end_line(paragraph=True)

    # -- items ---------------------------------------------------------------

    def _item(self, item: Link | LayoutStep) -> None:
        if isinstance(item, Link):
            self.word.append((item.label, item.style, item))
        else:
            self._flush_word()
            self._layout(item)

    def _text(self, text: str, style: Style) -> Iterator[None]:
        self.last_style = style
        if not self.wrapping and "\t" not in text:
            # Lines as in the file: the text goes on the line whole, at once,
            # however long it is.
            self._flush_word()
            self._start_line()
            self._place_spaces(0)
            self._emit(text, style, None)
            # Long text counts for more: its line cost more to read (a line a
            # macro made 5,000 characters long costs what 20 short lines do).
            self.work += 1 + len(text) // 256
            return
        for match in _PIECES.finditer(text):
            piece = match.group()
            self.work += 1
            if piece == "\t":
                self._flush_word()
                self._tab(style)
            elif piece[0] == " ":
                self._flush_word()
                self.spaces.append((piece, style))
            elif self.wrapping and len(piece) > self.columns:
                # A word wider than the line is cut anyway: place it a line's
                # worth at a time so a 10 MB word pauses like any text.
                for start in range(0, len(piece), self.columns):
                    self.word.append((piece[start : start + self.columns], style, None))
                    self._flush_word()
                    self.work += 1
                    if self.satisfied:
                        yield
            else:
                self.word.append((piece, style, None))
            if self.satisfied:
                yield

    def _layout(self, item: LayoutStep) -> None:
        command = item.command
        if command is LayoutCommand.LINE:
            self._end_line(paragraph=False)
        elif command is LayoutCommand.PAR:
            self._end_line(paragraph=True)
            self._end_line(paragraph=True)
        elif command is LayoutCommand.TAB:
            self._tab(item.style)
        elif command in _JUSTIFY:
            self.justify = _JUSTIFY[command]
        elif command is LayoutCommand.LINDENT:
            self.lindent = max(0, item.value)
        elif command is LayoutCommand.PARI:
            self.pari = item.value
        elif command is LayoutCommand.PARD:
            self.lindent, self.pari, self.justify, self.stops = 0, 0, Justify.LEFT, ()
        elif command is LayoutCommand.SETTABS:
            self.stops = item.stops
        elif command is LayoutCommand.CLEARTABS:
            self.stops = ()
        else:
            # Switching between wrapped and as-is text is a block boundary.
            if self.started:
                self._end_line(paragraph=True)
            self.code = command is LayoutCommand.CODE

    # -- placing text --------------------------------------------------------

    def _start_line(self) -> None:
        if self.started:
            return
        self.started = True
        indent = self.lindent + (self.pari if self.paragraph_start else 0)
        self.line_indent = min(max(0, indent), self.columns - 1)
        self.col = self.line_indent
        self.line_justify = self.justify
        self.line_origin = self.origin

    def _flush_word(self) -> None:
        if not self.word:
            return
        word, self.word = self.word, []
        width = sum(len(text) for text, _style, _link in word)
        self._start_line()
        self._place_spaces(width)
        if self.wrapping and self.col + width > self.columns:
            self._place_cut(word)
            return
        for text, style, link in word:
            self._emit(text, style, link)

    def _place_spaces(self, following: int) -> None:
        """Place the waiting spaces, or wrap instead if they and the next
        ``following`` characters would not fit."""
        spaces, self.spaces = self.spaces, []
        width = sum(len(text) for text, _style in spaces)
        if not (self.wrapping and self.col + width + following > self.columns):
            for text, style in spaces:
                self._emit(text, style, None)
        elif self.has_content:
            self._wrap()
        else:
            # White space leading a line, too wide for what follows: it fills
            # the line as far as it goes and the line breaks there.
            self._place_clipped(spaces)
            if following and self.col + following > self.columns >= self.line_indent + following:
                self._wrap()

    def _place_trailing(self) -> None:
        """Spaces ending a file line are kept (clipped to the window when wrapping)."""
        spaces, self.spaces = self.spaces, []
        if spaces:
            self._start_line()
            if self.wrapping:
                self._place_clipped(spaces)
            else:
                for text, style in spaces:
                    self._emit(text, style, None)

    def _place_clipped(self, spaces: list[tuple[str, Style]]) -> None:
        for text, style in spaces:
            self._emit(text[: max(0, self.columns - self.col)], style, None)

    def _place_cut(self, word: list[tuple[str, Style, Link | None]]) -> None:
        """A word wider than the line: fill each line with as much as fits."""
        for text, style, link in word:
            start = 0
            while start < len(text):
                room = self.columns - self.col
                if room <= 0:
                    self._wrap()
                    room = self.columns - self.col
                self._emit(text[start : start + room], style, link)
                start += room

    def _tab(self, style: Style) -> None:
        self._start_line()
        self._place_spaces(0)
        stop = self._next_stop(self.col)
        if self.wrapping and self.has_content and stop > self.columns:
            self._wrap()
            stop = self._next_stop(self.col)
        self._emit(" " * (stop - self.col), style, None)

    def _next_stop(self, col: int) -> int:
        for stop in self.stops:
            if stop > col:
                return stop
        return (col // self.tab_size + 1) * self.tab_size

    @property
    def has_content(self) -> bool:
        return bool(self.runs or self.pieces)

    def _emit(self, text: str, style: Style, link: Link | None) -> None:
        if not text:
            return
        # Plain text in the same style joins the run before it; a button's
        # label always starts a run of its own so it can be hit-tested.
        if not (self.pieces and link is None and self.piece_link is None and style == self.piece_style):
            self._commit_run()
            self.piece_column, self.piece_style, self.piece_link = self.col, style, link
        self.pieces.append(text)
        self.col += len(text)

    def _commit_run(self) -> None:
        if self.pieces:
            self.runs.append(StyledRun("".join(self.pieces), self.piece_column, self.piece_style, self.piece_link))
            self.pieces = []

    # -- ending lines --------------------------------------------------------

    def _wrap(self) -> None:
        self.spaces = []
        self._end_line(paragraph=False)
        self._start_line()

    def _end_line(self, paragraph: bool) -> None:
        """Finish the screen line (an empty one if nothing was placed)."""
        self._start_line()
        self._commit_run()
        self.spaces = []
        shift = self._justify_shift()
        runs = [replace(run, column=run.column + shift) for run in self.runs] if shift else self.runs
        node_line, source_line = self.line_origin
        line = DisplayLine(runs, node_line, source_line)
        self.widest = max(self.widest, line.width)
        self.out.append(line)
        self.runs = []
        self.started = False
        self.paragraph_start = paragraph

    def _justify_shift(self) -> int:
        if self.line_justify is Justify.LEFT or not self.runs:
            return 0
        used = self.runs[-1].end - self.line_indent
        free = self.columns - self.line_indent - used
        if free <= 0:
            return 0
        return free // 2 if self.line_justify is Justify.CENTER else free

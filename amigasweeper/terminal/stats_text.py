"""The text mode's `stats`: the Statistics window's rows, a labelled line each.

`stats` reads every row, `stats beginner` (intermediate, expert) the rows
of a level, `stats 30x16/99` those of a board's size and mines. The figures
come from the same index as the window's (records/), caught up first with
any game another copy of the program kept; a long answer pages (`next`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from amigasweeper.access.narrator import LineKind
from amigasweeper.records.labelled import spoken_row
from amigasweeper.records.summary import RowSummary

from .commands import LEVEL_WORDS, CommandError, Handler, Verb, quoted
from .text_host import TextHost

BOARD = re.compile(r"([0-9]{1,3})x([0-9]{1,3})/([0-9]{1,5})")
ROWS_JOIN = ". "


def row_filter(args: tuple[str, ...]) -> tuple[str, Callable[[RowSummary], bool]]:
    """What `stats` was asked for: its words and which rows it keeps (CommandError if neither)."""
    if not args:
        return "", lambda s: True
    word = args[0].lower()
    if word in LEVEL_WORDS:
        return word.capitalize(), lambda s: s.key.board == word.capitalize()
    found = BOARD.fullmatch(word)
    if found:
        width, height, mines = map(int, found.groups())
        return word, lambda s: (s.key.width, s.key.height, s.key.mines) == (width, height, mines)
    raise CommandError(f"stats takes a level (beginner, intermediate or expert) or a board like 30x16/99, "
                       f"not {quoted(args[0])}")


class StatsText:
    def __init__(self, game: TextHost) -> None:
        self.text = game

    def handlers(self) -> dict[Verb, Handler]:
        return {Verb.STATS: self.stats}

    def stats(self, args: tuple[str, ...]) -> None:
        asked, keep = row_filter(args)
        live = self.text.keeper.live
        live.look_again()  # another copy may have kept games since
        index = live.whole()
        if live.problem:
            self.text.say(LineKind.RESULT, f"the statistics cannot be read: {live.problem}")
            return
        rows = [spoken_row(s) for s in index.summaries() if keep(s)]
        if not rows:
            self.text.say(LineKind.ASKED, f"no games of {asked} recorded yet" if asked else "no games recorded yet")
            return
        self.text.page(LineKind.ASKED, ROWS_JOIN.join(rows))

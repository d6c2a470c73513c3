"""A command line held in one string (AMIGASWEEPER_ARGS) split into
arguments by the rules of the system it was written on.

`pyxel play` gives an app no arguments, so its command line comes in an
environment variable, and a person writes it as their own shell would take
it. On POSIX systems (and in the browser) that is a POSIX shell's quoting, as
shlex has it. On Windows a program splits its own command line, and the rules
nearly every program follows are those of CommandLineToArgvW; a Windows path
such as C:\\Users\\me\\w.txt must come through whole, backslashes and all,
which a POSIX shell's rules would eat.

The Windows rules, written out here (the string holds no program name, whose
own rules differ, so these are the rules for the arguments after it):

- Spaces and tabs outside quotes end an argument; several count as one.
- A backslash is an ordinary character, unless a run of backslashes ends
  at a quote mark: then 2n backslashes stand for n, and the quote mark
  opens or closes a quoted part; 2n+1 backslashes stand for n and a quote
  mark that is part of the argument.
- Inside a quoted part, spaces and tabs belong to the argument.
- A run of quote marks in a row counts, with an open quoted part counting
  as one already: every third gives a literal quote mark and starts the
  count again; the count left at the end of the run says whether a quoted
  part is open (1) or not (0 or 2). So `""` inside quotes gives a quote
  mark and closes the quoted part, as CommandLineToArgvW does (the C
  library of Visual C++ 2008 and later keeps it open: programs differ
  there, so write \\" for a quote mark).
- Quote marks alone make an argument, empty if nothing else is in it.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

SEPARATORS = " \t"
QUOTE = '"'
BACKSLASH = "\\"


class ArgumentsError(ValueError):
    """The text cannot be split by the rules chosen (a POSIX quote left open)."""


def split_arguments(text: str, windows: bool) -> list[str]:
    """The arguments in `text`, by Windows' rules or a POSIX shell's."""
    if windows:
        return split_windows(text)
    try:
        return shlex.split(text)
    except ValueError as error:
        raise ArgumentsError(f"cannot be split as a POSIX shell would ({error})") from None


@dataclass
class _WindowsSplitter:
    """The state while reading a line by CommandLineToArgvW's rules."""

    arguments: list[str] = field(default_factory=list)
    current: list[str] = field(default_factory=list)
    started: bool = False  # a quote mark alone starts an (empty) argument
    quotes: int = 0  # quote marks counted: 1 while a quoted part is open

    def end_argument(self) -> None:
        if self.started:
            self.arguments.append("".join(self.current))
        self.current, self.started = [], False

    def backslashes(self, text: str, at: int) -> int:
        """Read the run of backslashes at `at`; return where it ends."""
        end = at
        while end < len(text) and text[end] == BACKSLASH:
            end += 1
        count = end - at
        if end < len(text) and text[end] == QUOTE:
            self.current.append(BACKSLASH * (count // 2))
            if count % 2:  # the quote mark is escaped: part of the argument
                self.current.append(QUOTE)
                return self.quote_run(text, end + 1)
            return self.quote_run(text, end)
        self.current.append(BACKSLASH * count)
        return end

    def quote_run(self, text: str, at: int) -> int:
        """Read the quote marks in a row from `at`; return where they end."""
        while at < len(text) and text[at] == QUOTE:
            self.quotes += 1
            if self.quotes == 3:
                self.current.append(QUOTE)
                self.quotes = 0
            at += 1
        if self.quotes == 2:
            self.quotes = 0
        return at

    def split(self, text: str) -> list[str]:
        at = 0
        while at < len(text):
            char = text[at]
            if char in SEPARATORS and self.quotes == 0:
                self.end_argument()
                at += 1
                continue
            self.started = True
            if char == BACKSLASH:
                at = self.backslashes(text, at)
            elif char == QUOTE:
                at = self.quote_run(text, at)
            else:
                self.current.append(char)
                at += 1
        self.end_argument()
        return self.arguments


def split_windows(text: str) -> list[str]:
    """The arguments in `text` as CommandLineToArgvW gives those after the
    program's name. Never fails: every string splits somehow."""
    return _WindowsSplitter().split(text)

"""Reading one line of node text: escapes, ``@{...}`` commands, buttons, macros.

The style set by ``@{b}``, ``@{fg shine}`` and the like lasts across lines
until it is changed or the node ends, so one :class:`InlineParser` is used
for a whole node. Text is turned into :class:`Span` items in the style in
force; buttons into :class:`Link`; formatting commands into :class:`LayoutStep`.

Escapes: a backslash makes the next character literal, so ``\\@`` is an ``@``
that starts no command and ``\\\\`` is one backslash. A backslash at the very
end of a line stays a backslash.

A ``@{`` with no closing ``}`` on its line is shown as text and reported.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Callable, Literal

from .model import Macro, Problem
from .sourceline import (
    PLAIN,
    ActionKind,
    Colour,
    DrawInfoPen,
    Inline,
    LayoutCommand,
    LayoutStep,
    Link,
    SourceLine,
    Span,
    Style,
)

# One command between @{ and } is at most this long: a bound that keeps the
# search for the closing brace linear on huge lines of garbage.
MAX_COMMAND_LENGTH = 2048
# Macros may use macros; these bounds stop runaway or self-feeding expansions.
# The text macros add is budgeted per line, per page and per file, so a small
# guide whose macros multiply (95 KB growing to 300 M characters) still opens
# at once, with a note on its problems page.
MAX_MACRO_DEPTH = 16
MAX_EXPANSION_CHARS = 65536
MAX_PAGE_EXPANSION = 1_000_000
MAX_FILE_EXPANSION = 8_000_000

_SPECIAL = re.compile(r"@\{|\\")
# A token: a double-quoted string (backslash escapes inside), or a run of non-blanks.
_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"?|(\S+)', re.S)
_UNESCAPE = re.compile(r"\\(.)", re.S)
_MACRO_ARG = re.compile(r"\$(\d+)")
_INT = re.compile(r"[+-]?\d+")

AMIGAGUIDE_TEXT = "AmigaGuide\u00ae"

# Commands that only switch a style attribute on or off.
# A style's on/off attributes, and its two colours.
Flag = Literal["bold", "italic", "underline"]
Ground = Literal["fg", "bg"]

_STYLE_FLAGS: dict[str, tuple[Flag, bool]] = {
    "b": ("bold", True),
    "ub": ("bold", False),
    "i": ("italic", True),
    "ui": ("italic", False),
    "u": ("underline", True),
    "uu": ("underline", False),
}

# Commands with no argument that become Layout items as they are.
_SIMPLE_LAYOUT = {
    command.value: command
    for command in (
        LayoutCommand.LINE,
        LayoutCommand.PAR,
        LayoutCommand.TAB,
        LayoutCommand.JLEFT,
        LayoutCommand.JCENTER,
        LayoutCommand.JRIGHT,
        LayoutCommand.PARD,
        LayoutCommand.CLEARTABS,
        LayoutCommand.CODE,
        LayoutCommand.BODY,
    )
}


def tokens(text: str) -> list[str]:
    """Split command arguments at blanks; ``"quoted words"`` stay together."""
    if '"' not in text:
        return text.split()
    return [token for token, _start, _end in _token_spans(text)]


def _token_spans(text: str) -> list[tuple[str, int, int]]:
    found = []
    for match in _TOKEN.finditer(text):
        quoted, bare = match.groups()
        if bare is not None:
            token = bare
        else:
            token = _UNESCAPE.sub(r"\1", quoted) if "\\" in quoted else quoted
        found.append((token, match.start(), match.end()))
    return found


def unquote(text: str) -> str:
    """``"text"`` -> ``text``; anything not wholly quoted is returned stripped."""
    text = text.strip()
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        inner = text[1:-1]
        return _UNESCAPE.sub(r"\1", inner) if "\\" in inner else inner
    return text


def parse_int(text: str) -> int | None:
    text = text.strip()
    return int(text) if _INT.fullmatch(text) else None


@lru_cache(maxsize=1024)
def restyle(style: Style, flag: Flag, on: bool) -> Style:
    """``style`` with one flag set or cleared; cached, as a few styles recur endlessly."""
    if flag == "bold":
        return replace(style, bold=on)
    if flag == "italic":
        return replace(style, italic=on)
    return replace(style, underline=on)


@lru_cache(maxsize=1024)
def recolour(style: Style, ground: Ground, colour: Colour) -> Style:
    """``style`` with its text (fg) or background (bg) colour changed; cached like :func:`restyle`."""
    return replace(style, fg=colour) if ground == "fg" else replace(style, bg=colour)


def find_close(line: str, start: int) -> int:
    """Index of the ``}`` closing a command whose body starts at ``start``, or -1.

    Quotes are honoured so a label may hold a ``}``; when a quote is never
    closed the first ``}`` is taken instead, which is what a reader of such a
    broken line most likely meant.
    """
    limit = min(len(line), start + MAX_COMMAND_LENGTH)
    first = line.find("}", start, limit)
    if first < 0 or '"' not in line[start:first]:
        return first
    in_quote = False
    position = start
    while position < limit:
        char = line[position]
        if char == "\\":
            position += 2
            continue
        if char == '"':
            in_quote = not in_quote
        elif char == "}" and not in_quote:
            return position
        position += 1
    return first


class MacroBudget:
    """The characters macros may still add to a whole file."""

    def __init__(self, limit: int | None = None):
        self.left = MAX_FILE_EXPANSION if limit is None else limit

    def for_page(self, charge: bool = True) -> "PageBudget":
        """The budget of one page; ``charge`` False for a page read again."""
        return PageBudget(self if charge else None)


class PageBudget:
    """The characters macros may still add to one page (and its file)."""

    def __init__(self, file: MacroBudget | None = None, limit: int | None = None):
        self.file = file
        self.left = MAX_PAGE_EXPANSION if limit is None else limit
        self.exhausted = ""  # "page" or "file" once a request was refused

    def spend(self, chars: int) -> bool:
        if chars > self.left:
            self.exhausted = self.exhausted or "page"
            return False
        if self.file is not None:
            if chars > self.file.left:
                self.exhausted = self.exhausted or "file"
                return False
            self.file.left -= chars
        self.left -= chars
        return True


class InlineParser:
    """Turns node text into inline items, keeping the style between lines.

    ``macros`` is consulted for every ``@{name ...}`` before the built-in
    commands, because a macro may redefine a built-in one.
    """

    def __init__(self, macros: Callable[[str], Macro | None], problems: Callable[[Problem], None],
                 budget: PageBudget | None = None):
        self._macro = macros
        self._report = problems
        self._page = budget if budget is not None else PageBudget()
        self._budget_reported = False
        self.style: Style = PLAIN
        self._line = 0
        self._budget = 0
        # Text waiting to become a Span, and the style it was written in. A
        # Span is only made when the style really changes or an item follows,
        # so "a@{b}@{ub}b" stays one span and long lines stay linear.
        self._text: list[str] = []
        self._text_style: Style = PLAIN

    def reset(self) -> None:
        """Back to plain text, as at the start of every node."""
        self.style = PLAIN

    def parse_line(self, number: int, text: str) -> SourceLine:
        self._line = number
        self._budget = MAX_EXPANSION_CHARS
        items: list[Inline] = []
        self._parse_into(items, text, frozenset())
        self._flush(items)
        return SourceLine(number, items, blank=not text.strip())

    # -- scanning ------------------------------------------------------------

    def _parse_into(self, items: list[Inline], text: str, active: frozenset[str]) -> None:
        position = 0
        while True:
            match = _SPECIAL.search(text, position)
            if match is None:
                self._add_text(items, text[position:])
                return
            self._add_text(items, text[position : match.start()])
            if match.group() == "\\":
                position = self._escape(items, text, match.end())
                continue
            close = find_close(text, match.end())
            if close < 0:
                self._problem("'@{' without a closing '}': shown as text")
                self._add_text(items, text[match.start() :])
                return
            self._command(items, text[match.end() : close], active)
            position = close + 1

    def _escape(self, items: list[Inline], text: str, after: int) -> int:
        if after < len(text):
            self._add_text(items, text[after])
            return after + 1
        self._add_text(items, "\\")
        return after

    def _add_text(self, items: list[Inline], text: str) -> None:
        if not text:
            return
        if self._text and self._text_style != self.style:
            self._flush(items)
        if not self._text:
            self._text_style = self.style
        self._text.append(text)

    def _add_item(self, items: list[Inline], item: Inline) -> None:
        self._flush(items)
        items.append(item)

    def _flush(self, items: list[Inline]) -> None:
        if self._text:
            items.append(Span("".join(self._text), self._text_style))
            self._text = []

    def _problem(self, message: str) -> None:
        self._report(Problem(self._line, message))

    # -- commands ------------------------------------------------------------

    def _command(self, items: list[Inline], body: str, active: frozenset[str]) -> None:
        body = body.strip()
        if body.startswith('"'):
            self._button(items, body)
            return
        words = tokens(body)
        if not words:
            self._problem("empty '@{}' ignored")
            return
        name = words[0].lower()
        args = words[1:]
        macro = self._macro(name) if name not in active else None
        if macro is not None:
            self._expand(items, macro, args, active)
        elif not self._builtin(items, name, args):
            self._problem(f"unknown command '@{{{name}}}' ignored")

    def _builtin(self, items: list[Inline], name: str, args: list[str]) -> bool:
        if name in _STYLE_FLAGS:
            self.style = restyle(self.style, *_STYLE_FLAGS[name])
        elif name == "plain":
            style = restyle(self.style, "bold", False)
            self.style = restyle(restyle(style, "italic", False), "underline", False)
        elif name in ("fg", "bg"):
            self._pen(name, args)
        elif name in ("apen", "bpen"):
            self._pen_number(name, args)
        elif name == "tab":
            # A tab is filled in the colours in force where it is written.
            self._add_item(items, LayoutStep(LayoutCommand.TAB, style=self.style))
        elif name in _SIMPLE_LAYOUT:
            self._add_item(items, LayoutStep(_SIMPLE_LAYOUT[name]))
        elif name in ("lindent", "pari"):
            self._indent(items, name, args)
        elif name == "settabs":
            self._settabs(items, args)
        elif name == "amigaguide":
            self._add_item(items, Span(AMIGAGUIDE_TEXT, restyle(self.style, "bold", True)))
        else:
            return False
        return True

    def _pen(self, name: str, args: list[str]) -> None:
        pen = DrawInfoPen.from_name(args[0]) if args else None
        if pen is None:
            self._problem(f"'@{{{name}}}' needs a pen name such as Text, Shine or Highlight")
            return
        self.style = recolour(self.style, "fg" if name == "fg" else "bg", pen)

    def _pen_number(self, name: str, args: list[str]) -> None:
        number = parse_int(args[0]) if args else None
        if number is None or not 0 <= number <= 255:
            self._problem(f"'@{{{name}}}' needs a pen number from 0 to 255")
            return
        self.style = recolour(self.style, "fg" if name == "apen" else "bg", number)

    def _indent(self, items: list[Inline], name: str, args: list[str]) -> None:
        value = parse_int(args[0]) if args else None
        if value is None or abs(value) > 1000 or (name == "lindent" and value < 0):
            self._problem(f"'@{{{name}}}' needs a number of characters")
            return
        self._add_item(items, LayoutStep(LayoutCommand(name), value=value))

    def _settabs(self, items: list[Inline], args: list[str]) -> None:
        numbers = [parse_int(arg) for arg in args]
        valid = [n for n in numbers if n is not None and 0 < n <= 1000]
        if len(valid) != len(args):
            self._problem("'@{settabs}' takes tab positions from 1 to 1000; others ignored")
        self._add_item(items, LayoutStep(LayoutCommand.SETTABS, stops=tuple(sorted(set(valid)))))

    # -- buttons -------------------------------------------------------------

    def _button(self, items: list[Inline], body: str) -> None:
        words = _token_spans(body)
        label = words[0][0]
        after_label = body[words[0][2] :].lstrip()
        if after_label.startswith(","):
            # AmigaNOS's form @{"label", link node}: followed like the standard one, and named.
            self._problem(f"button \"{label}\": the comma after its label is AmigaNOS's form, "
                          "not standard AmigaGuide (other viewers show it as text)")
            body = body[: words[0][2]] + " " + after_label[1:]
            words = _token_spans(body)
        action = words[1][0].lower() if len(words) > 1 else ""
        try:
            kind = ActionKind(action)
        except ValueError:
            self._problem(f"button \"{label}\" has no known action ('{action}'): shown as text")
            kind = None
        link = None
        if kind is not None:
            link = self._link(label, kind, [word for word, _s, _e in words[2:]], body[words[1][2] :])
        # A button that cannot work still shows its label, so no text is lost.
        if link is not None:
            self._add_item(items, link)
        else:
            self._add_text(items, label)

    def _link(self, label: str, kind: ActionKind, args: list[str], argument_text: str) -> Link | None:
        style, number = self.style, self._line
        if kind.runs_program:
            return Link(label, kind, unquote(argument_text), style=style, source_line=number)
        if not kind.navigates:
            return Link(label, kind, style=style, source_line=number)
        if not args or not args[0]:
            # MultiView still draws it as a button; following it goes nowhere.
            self._problem(f"button \"{label}\" links to no node")
            return Link(label, kind, "", 0, style, number)
        line = parse_int(args[1]) if len(args) > 1 else 0
        if line is None or line < 0:
            self._problem(f"button \"{label}\": line '{args[1]}' is not a line number; using 0")
            line = 0
        return Link(label, kind, args[0], line, style, number)

    # -- macros --------------------------------------------------------------

    def _expand(self, items: list[Inline], macro: Macro, args: list[str], active: frozenset[str]) -> None:
        if len(active) >= MAX_MACRO_DEPTH:
            self._problem(f"macro '{macro.name}' nested too deeply: not expanded")
            return
        text = _MACRO_ARG.sub(lambda m: _argument(args, int(m.group(1))), macro.body)
        self._budget -= len(text)
        if self._budget < 0:
            self._problem(f"macro '{macro.name}' expands to too much text: stopped")
            return
        if not self._page.spend(len(text)):
            self._over_budget(macro)
            return
        self._parse_into(items, text, active | {macro.name.lower()})


    def _over_budget(self, macro: Macro) -> None:
        """Say once per page that macros stopped being expanded, and why."""
        if self._budget_reported:
            return
        self._budget_reported = True
        if self._page.exhausted == "file":
            limit = f"the file's budget of {MAX_FILE_EXPANSION:,} characters"
        else:
            limit = f"the page's budget of {MAX_PAGE_EXPANSION:,} characters"
        self._problem(f"macros expand to more than {limit}: '{macro.name}' and later ones not expanded")


def _argument(args: list[str], number: int) -> str:
    """Macro argument ``$number``; missing ones are empty, as the Amiga leaves them."""
    return args[number - 1] if 1 <= number <= len(args) else ""

"""A line of a guide's page as read: a list of inline items (see model.py).

* :class:`Span` - text in one :class:`Style` (bold, italic, underline, pens);
* :class:`Link` - a button with a label and an action (:class:`ActionKind`);
* :class:`LayoutStep` - a formatting command such as ``@{line}`` or ``@{lindent 4}``.

Style commands (``@{b}``, ``@{fg shine}`` ...) do not appear as items: they
change the style of the spans that follow, so a viewer only ever draws spans.
Actions are data: nothing here runs anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Union


class DrawInfoPen(Enum):
    """The DrawInfo pens that ``@{fg name}`` and ``@{bg name}`` may name."""

    TEXT = "text"
    SHINE = "shine"
    SHADOW = "shadow"
    FILL = "fill"
    FILLTEXT = "filltext"
    BACKGROUND = "background"
    HIGHLIGHT = "highlight"

    @classmethod
    def from_name(cls, name: str) -> "DrawInfoPen | None":
        """The pen called ``name``, in any case, or None.

        Besides the DrawInfo names MultiView accepts, real guides use
        shortened and colour names (``back``, ``highlighttext``, ``white``);
        they are read as the pen they mean on a Workbench screen.
        """
        key = name.strip().lower()
        try:
            return cls(PEN_ALIASES.get(key, key))
        except ValueError:
            return None


# Other names for the pens, all seen in real guides. The colour names are the
# Workbench's default colours for those pens (grey, black, white, blue).
PEN_ALIASES = {
    "back": "background",
    "backgound": "background",
    "backround": "background",
    "bg": "background",
    "highlighttext": "highlight",
    "hilight": "highlight",
    "highlite": "highlight",
    "filltxt": "filltext",
    "grey": "background",
    "gray": "background",
    "black": "text",
    "white": "shine",
    "blue": "fill",
}


# A colour is a named DrawInfo pen or, after @{apen n}/@{bpen n}, a raw pen number.
Colour = Union[DrawInfoPen, int]


@dataclass(frozen=True, slots=True)
class Style:
    """How a piece of text is drawn. ``fg``/``bg`` are pens or raw pen numbers."""

    bold: bool = False
    italic: bool = False
    underline: bool = False
    fg: Colour = DrawInfoPen.TEXT
    bg: Colour = DrawInfoPen.BACKGROUND


PLAIN = Style()


@dataclass(frozen=True, slots=True)
class Span:
    """Text drawn in one style. May contain tab characters."""

    text: str
    style: Style = PLAIN


class ActionKind(Enum):
    """What a button does when clicked.

    LINK and ALINK go to a node (ALINK asked the Amiga for a new window; a
    single-window viewer treats it as LINK). SYSTEM, RX and RXS would run a
    program or an ARexx script: a viewer shows the button and refuses it.
    CLOSE, QUIT and BEEP are harmless and left to the viewer.
    """

    LINK = "link"
    ALINK = "alink"
    SYSTEM = "system"
    RX = "rx"
    RXS = "rxs"
    CLOSE = "close"
    QUIT = "quit"
    BEEP = "beep"

    @property
    def navigates(self) -> bool:
        return self in (ActionKind.LINK, ActionKind.ALINK)

    @property
    def runs_program(self) -> bool:
        return self in (ActionKind.SYSTEM, ActionKind.RX, ActionKind.RXS)


@dataclass(frozen=True, slots=True)
class Link:
    """A button: ``@{"label" kind target [line]}``.

    ``target`` is the argument as written: ``NODE`` or ``file/NODE`` for
    LINK/ALINK, the command line for SYSTEM/RX/RXS, empty otherwise. ``line``
    is the line of the target node to show first, counted from 0.
    ``source_line`` is where the button is in the file.
    """

    label: str
    kind: ActionKind
    target: str = ""
    line: int = 0
    style: Style = PLAIN
    source_line: int = 0

    @property
    def file(self) -> str | None:
        """The file part of ``file/NODE`` as written, or None when there is no "/".
        Whether the target really is in another file depends on the guide (a
        node's name may hold a "/"): ask :meth:`Document.locate`."""
        if "/" not in self.target:
            return None
        return self.target.rsplit("/", 1)[0]

    @property
    def node(self) -> str:
        """The node part of the target (the whole target when there is no file)."""
        return self.target.rsplit("/", 1)[-1]


class LayoutCommand(Enum):
    """Formatting commands kept in the text for the layout step."""

    LINE = "line"  # end the screen line, same paragraph
    PAR = "par"  # end the paragraph (like a blank line)
    TAB = "tab"  # move to the next tab stop
    JLEFT = "jleft"
    JCENTER = "jcenter"
    JRIGHT = "jright"
    LINDENT = "lindent"  # left indent of every line, in characters
    PARI = "pari"  # extra indent of a paragraph's first line (may be negative)
    PARD = "pard"  # back to default paragraph settings
    SETTABS = "settabs"  # explicit tab stops
    CLEARTABS = "cleartabs"  # back to a stop every `tab` characters
    CODE = "code"  # stop wrapping: lines as in the file
    BODY = "body"  # wrap again as the node's mode says


@dataclass(frozen=True, slots=True)
class LayoutStep:
    """One formatting command; ``value`` for LINDENT/PARI, ``stops`` for
    SETTABS, ``style`` (the colours in force) for TAB."""

    command: LayoutCommand
    value: int = 0
    stops: tuple[int, ...] = ()
    style: "Style" = PLAIN


Inline = Union[Span, Link, LayoutStep]


@dataclass(slots=True)
class SourceLine:
    """One line of a node's text as read from the file.

    ``blank`` is True when the line held nothing but white space: in smart
    wrap mode such a line ends a paragraph. A line that held only commands
    is not blank but has no visible content (see :attr:`visible`).
    """

    number: int
    items: list[Inline] = field(default_factory=list)
    blank: bool = False

    @property
    def visible(self) -> bool:
        """Whether the line puts anything on the screen (text, a button, a tab or a break)."""
        for item in self.items:
            if isinstance(item, LayoutStep):
                if item.command in (LayoutCommand.LINE, LayoutCommand.PAR, LayoutCommand.TAB):
                    return True
            elif not isinstance(item, Span) or item.text:
                return True
        return False

    def text(self) -> str:
        """The line's plain text, link labels included, without formatting."""
        parts = []
        for item in self.items:
            if isinstance(item, Span):
                parts.append(item.text)
            elif isinstance(item, Link):
                parts.append(item.label)
            elif item.command is LayoutCommand.TAB:
                parts.append("\t")
        return "".join(parts)

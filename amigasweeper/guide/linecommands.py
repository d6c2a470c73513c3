"""What each line command of a guide sets, for the indexer (indexer.py):
the file's settings, a node's settings, its start and end. A command is
meaningful for the whole file, for a node (a NodeSpec), or for either (a
file default outside nodes, the node's own setting inside one).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from .inline import parse_int, tokens, unquote
from .model import Document, Font, Macro, Node, Problem, WrapMode

# Node settings that fall back to the file's when a node does not set them.
DEFAULTS = frozenset({"wrap", "tab", "font", "proportional"})


class Scope(Enum):
    """Where a line command outside the node-only ones (NodeSpec) is meaningful."""

    DATABASE = "database"  # describes the whole file, wherever it appears
    EITHER = "either"  # file default outside nodes, node setting inside one


Handler = Callable[["LineCommands", str], None]
NodeHandler = Callable[["LineCommands", Node, str], None]


@dataclass(frozen=True)
class LineCommandSpec:
    scope: Scope
    handler: Handler


@dataclass(frozen=True)
class NodeSpec:
    """A command meaningful only inside a node: its handler is given that node."""

    handler: NodeHandler


class LineCommands(ABC):
    """The indexer's handlers, one per line command (SPECS says which), and
    the state they read and set: the document, the node being read, the line."""

    def __init__(self, doc: Document, text: str):
        self.doc = doc
        self.text = text
        self.node: Node | None = None
        self.line = 0
        self._start = -1  # where the command line being read starts in the text
        # Node settings that are unset fall back to the file's at the end,
        # because a file default may legally come after some nodes.
        self._own: dict[int, set[str]] = {}
        self._late_default = 0  # the nodes made before the last file-wide setting

    def problem(self, line: int, message: str) -> None:
        self.doc.add_problem(Problem(line, message))

    @abstractmethod
    def _open_node(self, name: str, title: str, body_start: int, first_line: int) -> None:
        """Start the node called ``name``, its text from ``body_start`` (file line ``first_line``)."""

    @abstractmethod
    def _close_node(self, body_end: int) -> None:
        """End the node being read (if any), its text up to ``body_end``."""

    def _command(self, name: str, rest: str, start: int) -> None:
        self._start = start
        spec = SPECS.get(name)
        if spec is None:
            self.problem(self.line, f"unknown command '@{name}' ignored")
        elif isinstance(spec, LineCommandSpec):
            spec.handler(self, rest.strip())
        elif self.node is None:
            self.problem(self.line, f"'@{name}' outside a node ignored")
        else:
            spec.handler(self, self.node, rest.strip())

    def _line_end(self) -> int:
        """Where the text after the current command line starts."""
        end = self.text.find("\n", self._start)
        return len(self.text) if end < 0 else end + 1

    def _owner(self, setting: str) -> Node | Document:
        """The node being read (remembering it set ``setting``), else the document."""
        if setting not in DEFAULTS:
            return self.doc if self.node is None else self.node  # nothing falls back to it
        if self.node is None:
            self._late_default = len(self.doc.indexed)
            return self.doc
        own = self._own.get(id(self.node))
        if own is None:
            own = self._own[id(self.node)] = set()
        own.add(setting)
        return self.node

    def _node_cmd(self, rest: str) -> None:
        if self.node is not None:
            self.problem(self.line, f"node '{self.node.name}' has no @endnode before the next @node")
            self._close_node(self._start)
        stripped = rest.lstrip()
        # The name alone is wanted: a bare one is split off without tokenising the title.
        words = tokens(rest) if stripped.startswith('"') else stripped.split(None, 1)[:1]
        if not words or not words[0].strip():
            self.problem(self.line, "@node without a name: called UNNAMED")
            name, title = f"UNNAMED{self.line}", ""
        else:
            name, title = words[0], _title_after_name(rest)
            if _unclosed_quote(rest):
                self.problem(self.line, f"the name or title of node '{name}' opens a quote it never closes")
        self._open_node(name, title, self._line_end(), self.line + 1)

    def _endnode(self, rest: str) -> None:
        if self.node is None:
            self.problem(self.line, "@endnode without a node")
        self._close_node(self._start)

    def _database(self, rest: str) -> None:
        if self.doc.database:
            self.problem(self.line, "a second @database ignored")
        else:
            self.doc.database = unquote(rest)

    def _version(self, rest: str) -> None:
        self.doc.version = rest

    def _copyright(self, rest: str) -> None:
        self.doc.copyright = rest

    def _author(self, rest: str) -> None:
        self.doc.author = unquote(rest)

    def _master(self, rest: str) -> None:
        self.doc.master = unquote(rest)

    def _title(self, node: Node, rest: str) -> None:
        if _unclosed_quote(rest):
            self.problem(self.line, f"the @title of node '{node.name}' opens a quote it never closes")
        node.title = unquote(rest) or node.name

    def _reference(self, attribute: str, rest: str) -> None:
        words = tokens(rest)
        if not words:
            self.problem(self.line, f"'@{attribute}' needs a node name")
            return
        owner = self._owner(attribute)
        setattr(owner, attribute, words[0])
        if owner is self.doc:
            self.doc.setting_lines[attribute] = self.line  # where a missing target is reported

    def _keywords(self, node: Node, rest: str) -> None:
        node.keywords = tuple(tokens(rest))

    def _embed(self, node: Node, rest: str) -> None:
        node.embeds.append(unquote(rest))

    def _font(self, rest: str) -> None:
        words = tokens(rest)
        size = parse_int(unquote(words[1])) if len(words) > 1 else None
        if not words or size is None or not 1 <= size <= 255:
            self.problem(self.line, "@font needs a font name and a size from 1 to 255")
            return
        self._owner("font").font = Font(words[0], size)

    def _wrap(self, mode: WrapMode) -> None:
        self._owner("wrap").wrap = mode

    def _tab(self, rest: str) -> None:
        size = parse_int(tokens(rest)[0]) if tokens(rest) else None
        if size is None or not 1 <= size <= 80:
            self.problem(self.line, "@tab needs a number of spaces from 1 to 80")
            return
        self._owner("tab").tab_size = size

    def _proportional(self, rest: str) -> None:
        self._owner("proportional").proportional = True

    def _script(self, attribute: str, rest: str) -> None:
        setattr(self._owner(attribute), attribute, unquote(rest))

    def _macro(self, rest: str) -> None:
        words = tokens(rest)
        if not words:
            self.problem(self.line, "@macro needs a name and a body")
            return
        name = words[0].lower()
        body = rest.lstrip()[len(rest.lstrip().split(None, 1)[0]) :].strip()
        if len(body) >= 2 and body[0] == body[-1] == '"':
            # Only the quotes go: escapes stay for the expansion to honour.
            body = body[1:-1]
        target = self.node.macros if self.node is not None else self.doc.macros
        target[name] = Macro(name, body)

    def _dimension(self, attribute: str, rest: str) -> None:
        value = parse_int(tokens(rest)[0]) if tokens(rest) else None  # "80" as well as 80
        if value is None or value < 1:
            self.problem(self.line, f"@{attribute} needs a positive number")
            return
        setattr(self.doc, attribute, value)

    def _ignore(self, rest: str) -> None:
        """@rem, @remark and the obsolete @dnode: accepted, nothing to keep."""


def _title_after_name(rest: str) -> str:
    """The title of ``@node name "title"``: whatever follows the (maybe quoted) name."""
    rest = rest.lstrip()
    if rest.startswith('"'):
        end = rest.find('"', 1)
        after = rest[end + 1 :] if end > 0 else ""
    else:
        parts = rest.split(None, 1)
        after = parts[1] if len(parts) > 1 else ""
    return unquote(after)


def _unclosed_quote(rest: str) -> bool:
    """Whether ``rest`` has a ``"`` that no later ``"`` closes (backslash escapes honoured)."""
    if "\\" not in rest:
        return rest.count('"') % 2 == 1
    open_quote = False
    escaped = False
    for char in rest:
        if escaped:
            escaped = False
        elif char == "\\" and open_quote:
            escaped = True
        elif char == '"':
            open_quote = not open_quote
    return open_quote


def _reference_to(attribute: str) -> Handler:
    return lambda parser, rest: parser._reference(attribute, rest)


def _node_reference_to(attribute: str) -> NodeHandler:
    return lambda parser, node, rest: parser._reference(attribute, rest)  # the node owns it: see _owner


def _script_for(attribute: str) -> Handler:
    return lambda parser, rest: parser._script(attribute, rest)


def _dimension_of(attribute: str) -> Handler:
    return lambda parser, rest: parser._dimension(attribute, rest)


SPECS: dict[str, LineCommandSpec | NodeSpec] = {
    "database": LineCommandSpec(Scope.DATABASE, LineCommands._database),
    "$ver:": LineCommandSpec(Scope.DATABASE, LineCommands._version),
    "$ver": LineCommandSpec(Scope.DATABASE, LineCommands._version),
    "(c)": LineCommandSpec(Scope.DATABASE, LineCommands._copyright),
    "author": LineCommandSpec(Scope.DATABASE, LineCommands._author),
    "master": LineCommandSpec(Scope.DATABASE, LineCommands._master),
    "width": LineCommandSpec(Scope.DATABASE, _dimension_of("width")),
    "height": LineCommandSpec(Scope.DATABASE, _dimension_of("height")),
    "dnode": LineCommandSpec(Scope.DATABASE, LineCommands._ignore),
    "rem": LineCommandSpec(Scope.DATABASE, LineCommands._ignore),
    "remark": LineCommandSpec(Scope.DATABASE, LineCommands._ignore),
    "node": LineCommandSpec(Scope.DATABASE, LineCommands._node_cmd),
    "endnode": LineCommandSpec(Scope.DATABASE, LineCommands._endnode),
    "font": LineCommandSpec(Scope.EITHER, LineCommands._font),
    "wordwrap": LineCommandSpec(Scope.EITHER, lambda parser, rest: parser._wrap(WrapMode.WORDWRAP)),
    "smartwrap": LineCommandSpec(Scope.EITHER, lambda parser, rest: parser._wrap(WrapMode.SMARTWRAP)),
    "tab": LineCommandSpec(Scope.EITHER, LineCommands._tab),
    "macro": LineCommandSpec(Scope.EITHER, LineCommands._macro),
    "onopen": LineCommandSpec(Scope.EITHER, _script_for("onopen")),
    "onclose": LineCommandSpec(Scope.EITHER, _script_for("onclose")),
    "index": LineCommandSpec(Scope.EITHER, _reference_to("index")),
    "help": LineCommandSpec(Scope.EITHER, _reference_to("help")),
    "toc": LineCommandSpec(Scope.EITHER, _reference_to("toc")),
    "proportional": LineCommandSpec(Scope.EITHER, LineCommands._proportional),
    "title": NodeSpec(LineCommands._title),
    "next": NodeSpec(_node_reference_to("next")),
    "prev": NodeSpec(_node_reference_to("prev")),
    "keywords": NodeSpec(LineCommands._keywords),
    "embed": NodeSpec(LineCommands._embed),
}

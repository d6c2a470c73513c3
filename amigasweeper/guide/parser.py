"""Reading an AmigaGuide file (versions 34 to 40) into a :class:`Document`.

The parser never raises and never runs anything. Whatever it cannot read -
an unknown command, a missing ``@endnode``, a broken ``@{``, binary junk - is
skipped or shown as text, and described in ``Document.problems`` with its
line number, so a viewer can always open the file as far as it goes.

Rules it follows:

* Bytes are decoded as Latin-1, the Amiga's character set (a UTF-8 byte
  order mark, which no Amiga wrote, switches to UTF-8 instead). CR, LF and
  CRLF all end a line. Control characters other than tab become spaces.
* A line starting with ``@`` and a letter (or ``@$ver:``, ``@(c)``) is a line
  command, whatever its case; ``@{`` at the start of a line begins text.
  An unknown line command is reported and the line dropped, as the Amiga did.
* Database commands (``@database``, ``@$ver:``, ``@(c)``, ``@author``,
  ``@master``, ``@width``, ``@height``, ``@dnode``) apply to the whole file
  wherever they are. Commands that may be given for the file or for one node
  (``@font``, ``@wordwrap``, ``@smartwrap``, ``@tab``, ``@macro``,
  ``@onopen``, ``@onclose``, ``@index``, ``@help``, ``@toc``,
  ``@proportional``) set the file default before the first ``@node`` and
  the node's own value inside one. ``@title``, ``@next``, ``@prev``,
  ``@keywords`` and ``@embed`` only mean something inside a node.
* ``@onopen``/``@onclose`` scripts and ``@embed`` files are recorded, never
  run or read. ``@rem``/``@remark`` lines are comments.
* A file with no ``@node`` at all is shown as one page called MAIN.
"""

from __future__ import annotations

import gc
import re
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Callable

from .inline import InlineParser, parse_int, tokens, unquote
from .model import Document, Font, Macro, Node, Problem, WrapMode

# Beyond this many, problems are summarised: a 5 MB binary file would
# otherwise produce a list longer than anyone could read.
MAX_PROBLEMS = 500

_COMMAND = re.compile(r"@(\$ver:?|\(c\)|[a-z]+)(.*)", re.I | re.S)
_HAS_NODE = re.compile(r"^@node(?![a-z])", re.I | re.M)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_UTF8_BOM = b"\xef\xbb\xbf"


class Scope(Enum):
    """Where a line command is meaningful."""

    DATABASE = "database"  # describes the whole file, wherever it appears
    EITHER = "either"  # file default outside nodes, node setting inside one
    NODE = "node"  # only inside a node


@dataclass(frozen=True)
class _Spec:
    scope: Scope
    handler: Callable[["_Parser", str], None]


def parse(source: bytes | bytearray | memoryview | str, name: str = "") -> Document:
    """Read a guide from bytes (Latin-1) or text. ``name`` is its file name,
    used to recognise links of the form ``ThisFile.guide/NODE``."""
    text, problem = _decode(source)
    parser = _Parser(name)
    if problem:
        parser.problem(0, problem)
    with _collector_paused():
        try:
            return parser.run(text)
        except Exception as error:  # noqa: BLE001 - last guard of the never-raise promise
            parser.problem(0, f"reading stopped by an internal error: {error!r}")
            return parser.finish()


@contextmanager
def _collector_paused():
    """Pause Python's cycle collector while the model is built.

    Parsing allocates many small objects and makes no garbage cycles worth
    collecting; left on, the collector rescans everything alive again and
    again, which made a 1 MB guide several times slower to read.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def parse_file(path: str | Path) -> Document:
    """Read a guide file; a file that cannot be read gives an empty document with a problem."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        document = Document(source_name=path.name)
        document.problems.append(Problem(0, f"cannot read {path.name}: {error.strerror or error}"))
        return document
    return parse(data, path.name)


def _decode(source: object) -> tuple[str, str]:
    if isinstance(source, str):
        text, problem = source, ""
    elif isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        if data.startswith(_UTF8_BOM):
            text = data[len(_UTF8_BOM) :].decode("utf-8", errors="replace")
        else:
            text = data.decode("latin-1")
        problem = ""
    else:
        text, problem = "", f"cannot read a {type(source).__name__} as a guide"
    text = text.lstrip("\ufeff")
    return _CONTROL.sub(" ", text.replace("\r\n", "\n").replace("\r", "\n")), problem


class _Parser:
    def __init__(self, name: str):
        self.doc = Document(source_name=name)
        self.node: Node | None = None
        self.line = 0
        self._dropped = 0
        self._outside_reported = False
        self._implicit = False  # the file has no @node: one page, no @endnode expected
        # Node settings that are unset fall back to the file's at the end,
        # because a file default may legally come after some nodes.
        self._own: dict[int, set[str]] = {}
        self.inline = InlineParser(self._find_macro, self._add_problem)

    # -- the main loop -------------------------------------------------------

    def run(self, text: str) -> Document:
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        self._check_database(lines)
        if not _HAS_NODE.search(text):
            self._implicit_main(bool(text.strip()))
        for number, line in enumerate(lines, 1):
            self.line = number
            self._line(line)
        return self.finish()

    def _line(self, line: str) -> None:
        if line.startswith("@") and not line.startswith("@{"):
            match = _COMMAND.match(line)
            if match:
                self._command(match.group(1).lower(), match.group(2))
                return
        if self.node is not None:
            self.node.lines.append(self.inline.parse_line(self.line, line))
        elif line.strip() and not self._outside_reported:
            # One report is enough: text between nodes is usually one stray block.
            self._outside_reported = True
            self.problem(self.line, "text outside any node is not shown")

    def _check_database(self, lines: list[str]) -> None:
        for number, line in enumerate(lines, 1):
            if line.strip():
                if not line.lower().startswith("@database"):
                    self.problem(number, "the file does not start with @database")
                return

    def _implicit_main(self, has_text: bool) -> None:
        if has_text:
            self.problem(1, "no @node in the file: all of it is shown as one page")
        self._open_node("MAIN", "")
        self._implicit = True

    def finish(self) -> Document:
        if self.node is not None and not self._implicit:
            self.problem(self.line, f"node '{self.node.name}' has no @endnode")
        self._close_node()
        self._apply_defaults()
        if self._dropped:
            self.doc.problems.append(Problem(self.line, f"{self._dropped} further problems not listed"))
            self._dropped = 0
        return self.doc

    # -- problems ------------------------------------------------------------

    def problem(self, line: int, message: str) -> None:
        self._add_problem(Problem(line, message))

    def _add_problem(self, problem: Problem) -> None:
        if len(self.doc.problems) < MAX_PROBLEMS:
            self.doc.problems.append(problem)
        else:
            self._dropped += 1

    # -- nodes ---------------------------------------------------------------

    def _open_node(self, name: str, title: str) -> None:
        node = Node(name=name, title=title or name, line=self.line, tab_size=self.doc.tab_size)
        self.node = node
        self.inline.reset()
        self._own[id(node)] = set()
        if name.lower() in self.doc.nodes_by_name:
            self.problem(self.line, f"a second node is called '{name}': links go to the first")
        else:
            self.doc.nodes_by_name[name.lower()] = node
        self.doc.nodes.append(node)

    def _close_node(self) -> None:
        if self.node is not None:
            self.node.end_line = self.line
            self.node = None

    def _apply_defaults(self) -> None:
        doc = self.doc
        for node in doc.nodes:
            own = self._own.get(id(node), set())
            if "wrap" not in own:
                node.wrap = doc.wrap
            if "tab" not in own:
                node.tab_size = doc.tab_size
            if "font" not in own:
                node.font = doc.font
            if "proportional" not in own:
                node.proportional = doc.proportional

    def _find_macro(self, name: str) -> Macro | None:
        if self.node is not None and name in self.node.macros:
            return self.node.macros[name]
        return self.doc.macros.get(name)

    # -- line commands -------------------------------------------------------

    def _command(self, name: str, rest: str) -> None:
        spec = _SPECS.get(name)
        if spec is None:
            self.problem(self.line, f"unknown command '@{name}' ignored")
            return
        if spec.scope is Scope.NODE and self.node is None:
            self.problem(self.line, f"'@{name}' outside a node ignored")
            return
        spec.handler(self, rest.strip())

    def _owner(self, setting: str) -> Node | Document:
        """The node being read (remembering it set ``setting``), else the document."""
        if self.node is None:
            return self.doc
        self._own[id(self.node)].add(setting)
        return self.node

    def _node_cmd(self, rest: str) -> None:
        if self.node is not None:
            self.problem(self.line, f"node '{self.node.name}' has no @endnode before the next @node")
            self._close_node()
        words = tokens(rest)
        if not words or not words[0].strip():
            self.problem(self.line, "@node without a name: called UNNAMED")
            name, title = f"UNNAMED{self.line}", ""
        else:
            name, title = words[0], _title_after_name(rest)
        self._open_node(name, title)

    def _endnode(self, rest: str) -> None:
        if self.node is None:
            self.problem(self.line, "@endnode without a node")
        self._close_node()

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

    def _title(self, rest: str) -> None:
        self.node.title = unquote(rest) or self.node.name

    def _reference(self, attribute: str, rest: str) -> None:
        words = tokens(rest)
        if not words:
            self.problem(self.line, f"'@{attribute}' needs a node name")
            return
        setattr(self._owner(attribute), attribute, words[0])

    def _keywords(self, rest: str) -> None:
        self.node.keywords = tuple(tokens(rest))

    def _embed(self, rest: str) -> None:
        self.node.embeds.append(unquote(rest))

    def _font(self, rest: str) -> None:
        words = tokens(rest)
        size = parse_int(words[1]) if len(words) > 1 else None
        if not words or size is None or not 1 <= size <= 255:
            self.problem(self.line, "@font needs a font name and a size from 1 to 255")
            return
        self._owner("font").font = Font(words[0], size)

    def _wrap(self, mode: WrapMode) -> None:
        self._owner("wrap").wrap = mode

    def _tab(self, rest: str) -> None:
        size = parse_int(rest.split()[0]) if rest.split() else None
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
        value = parse_int(rest.split()[0]) if rest.split() else None
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


def _handler(method: Callable, *bound: object) -> Callable[[_Parser, str], None]:
    return lambda parser, rest: method(parser, *bound, rest)


_SPECS: dict[str, _Spec] = {
    "database": _Spec(Scope.DATABASE, _Parser._database),
    "$ver:": _Spec(Scope.DATABASE, _Parser._version),
    "$ver": _Spec(Scope.DATABASE, _Parser._version),
    "(c)": _Spec(Scope.DATABASE, _Parser._copyright),
    "author": _Spec(Scope.DATABASE, _Parser._author),
    "master": _Spec(Scope.DATABASE, _Parser._master),
    "width": _Spec(Scope.DATABASE, _handler(_Parser._dimension, "width")),
    "height": _Spec(Scope.DATABASE, _handler(_Parser._dimension, "height")),
    "dnode": _Spec(Scope.DATABASE, _Parser._ignore),
    "rem": _Spec(Scope.DATABASE, _Parser._ignore),
    "remark": _Spec(Scope.DATABASE, _Parser._ignore),
    "node": _Spec(Scope.DATABASE, _Parser._node_cmd),
    "endnode": _Spec(Scope.DATABASE, _Parser._endnode),
    "font": _Spec(Scope.EITHER, _Parser._font),
    "wordwrap": _Spec(Scope.EITHER, lambda parser, rest: parser._wrap(WrapMode.WORDWRAP)),
    "smartwrap": _Spec(Scope.EITHER, lambda parser, rest: parser._wrap(WrapMode.SMARTWRAP)),
    "tab": _Spec(Scope.EITHER, _Parser._tab),
    "macro": _Spec(Scope.EITHER, _Parser._macro),
    "onopen": _Spec(Scope.EITHER, _handler(_Parser._script, "onopen")),
    "onclose": _Spec(Scope.EITHER, _handler(_Parser._script, "onclose")),
    "index": _Spec(Scope.EITHER, _handler(_Parser._reference, "index")),
    "help": _Spec(Scope.EITHER, _handler(_Parser._reference, "help")),
    "toc": _Spec(Scope.EITHER, _handler(_Parser._reference, "toc")),
    "proportional": _Spec(Scope.EITHER, _Parser._proportional),
    "title": _Spec(Scope.NODE, _Parser._title),
    "next": _Spec(Scope.NODE, _handler(_Parser._reference, "next")),
    "prev": _Spec(Scope.NODE, _handler(_Parser._reference, "prev")),
    "keywords": _Spec(Scope.NODE, _Parser._keywords),
    "embed": _Spec(Scope.NODE, _Parser._embed),
}

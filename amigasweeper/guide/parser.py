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
* ``@onopen``/``@onclose`` scripts are recorded, never run. ``@embed`` files
  are never read here: the line shows the text ``Document.embedder`` gives
  (a viewer reads the file by its folder's rules). ``@rem``/``@remark`` lines are comments.
* A file with no ``@node`` at all is shown as one page called MAIN.

Reading happens in two steps so that a guide of any size opens at once.
First the line commands are found (a regular expression, in C): that gives
the nodes, their boundaries and settings, and the file's settings. A lazily
read guide is indexed only as far as it is used (to its MAIN page, to the
node a link names) and a viewer indexes the rest a little each frame
(:meth:`Document.index_more`), so 100,000 nodes cost nothing before the
first frame. The text of a node is read line by line only when it is
asked for (:class:`~amigasweeper.guide.model.LineStore`), so a 50 MB guide
costs the scan and its first screen, and memory of the order of its size.
``parse(..., lazy=False)``, the default, reads every node at once, which
the linter and the tests want: all problems, in file order.
"""

from __future__ import annotations

import gc
import re
from itertools import chain
import weakref
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Callable, Iterator

from . import outside
from .inline import InlineParser, MacroBudget, parse_int, tokens, unquote
from .linewalk import LinePlaces
from .model import PLAIN, Command, Document, Font, Layout, LineStore, Macro, Node, Problem, SourceLine, Span, WrapMode
from .paths import NotPlainFile, read_guide, shown

_COMMAND = re.compile(r"@(\$ver:?|\(c\)|[a-z]+)(.*)", re.I | re.S)
# The same test as _COMMAND at the start of a line, for the whole file at
# once. Searching for "\n@" lets the regex engine skip ahead to each
# candidate (three times faster than "^@" in multi-line mode on 50 MB).
_HAS_NODE = re.compile(r"^@node(?![a-z])", re.I | re.M)
_FIRST_COMMAND = re.compile(r"@(\$ver:?|\(c\)|[a-z]+)([^\n]*)", re.I)
_LINE_COMMAND = re.compile(r"\n@(\$ver:?|\(c\)|[a-z]+)([^\n]*)", re.I)
_NON_BLANK = re.compile(r"\S")
_EMBED = re.compile(r"@embed(?![a-z])", re.I)
# Node settings that fall back to the file's when a node does not set them.
_DEFAULTS = frozenset({"wrap", "tab", "font", "proportional"})
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_UTF8_BOM = b"\xef\xbb\xbf"
# The same control characters as _CONTROL, made spaces in the file's bytes at
# C speed (a quarter of the time of the regular expression on 50 MB); CR is
# left for the line-end rule. In UTF-8 these bytes are never part of a letter.
_CONTROL_BYTES = bytes(range(256)).translate(
    bytes.maketrans(bytes([*range(0, 9), *range(11, 13), *range(14, 32), 127]), b" " * 30))


class Scope(Enum):
    """Where a line command is meaningful."""

    DATABASE = "database"  # describes the whole file, wherever it appears
    EITHER = "either"  # file default outside nodes, node setting inside one
    NODE = "node"  # only inside a node


@dataclass(frozen=True)
class _Spec:
    scope: Scope
    handler: Callable[["_Indexer", str], None]


def parse(source: bytes | bytearray | memoryview | str, name: str = "", *, lazy: bool = False,
          folder: str = "") -> Document:
    """Read a guide from bytes (Latin-1) or text. ``name`` is its file name,
    used to recognise links of the form ``ThisFile.guide/NODE``; ``folder``
    the host folder it came from, where links to other files are looked for.

    With ``lazy`` the text of each node is read when it is first asked for;
    otherwise every node is read now and ``problems`` is in file order.
    """
    text, problem = _decode(source)
    return _parse_text(text, problem, name, lazy, folder)


def _parse_text(text: str, problem: str, name: str, lazy: bool, folder: str) -> Document:
    indexer = _Indexer(name, text)
    indexer.doc.folder = folder
    indexer.doc.size = len(text)
    if problem:
        indexer.problem(0, problem)
    with _collector_paused():
        try:
            document = indexer.start()
        except Exception as error:  # noqa: BLE001 - last guard of the never-raise promise
            indexer.problem(0, f"reading stopped by an internal error: {error!r}")
            document = indexer.finish()
        if not lazy:
            document.index_all()
            document.read_all()
            document.problems.sort(key=lambda found: found.line)
            document.summarise_dropped()
    return document


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


def parse_file(path: str | Path, *, lazy: bool = False, read: Callable[[Path], bytes] = read_guide) -> Document:
    """Read a guide file; a file that cannot be read gives an empty document with a problem.

    ``read`` gets the file's bytes by the rules of :mod:`.paths` (a plain
    file, at most GUIDE_LIMIT bytes); a viewer passes its folder's reader for
    a guide a link leads to."""
    path = Path(path)
    folder = str(path.absolute().parent)
    name = shown(path.name)
    try:
        # Decoded at once, so the file's bytes are gone before the text is indexed.
        text, problem = _decode(read(path))
    except OSError as error:
        document = Document(source_name=name, folder=folder)
        why = f"the file: {error}" if isinstance(error, NotPlainFile) else f"{name}: {error.strerror or error}"
        document.problems.append(Problem(0, f"cannot read {why}"))
        return document
    return _parse_text(text, problem, name, lazy, folder)


def decode_text(data: bytes) -> str:
    """A text file's bytes as a guide's text is read: Latin-1 (UTF-8 after a
    byte order mark), any line end as "\\n", control characters as spaces."""
    return _decode(data)[0]


def _decode(source: object) -> tuple[str, str]:
    if isinstance(source, str):
        text, problem = source, ""
    elif isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source).translate(_CONTROL_BYTES)
        if data.startswith(_UTF8_BOM):
            text = data[len(_UTF8_BOM) :].decode("utf-8", errors="replace")
        else:
            text = data.decode("latin-1")
        del data
        problem = ""
    else:
        text, problem = "", f"cannot read a {type(source).__name__} as a guide"
    text = text.lstrip("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if isinstance(source, str) and _CONTROL.search(text):
        text = _CONTROL.sub(" ", text)
    return text, problem


@dataclass(slots=True)
class _Body:
    """Where a node's text is: characters ``start`` to ``end`` of the file,
    the first of them on file line ``first_line``."""

    start: int
    first_line: int
    end: int = -1


def _line_commands(text: str) -> Iterator[re.Match[str]]:
    """A match for every line that is a line command, in order: its name is
    group 1, the rest of the line group 2, and its "@" is at ``start(1) - 1``."""
    first = _FIRST_COMMAND.match(text)
    return chain([first], _LINE_COMMAND.finditer(text)) if first else _LINE_COMMAND.finditer(text)


class _Indexer:
    """The first step: every line command, and where each node's text lies."""

    def __init__(self, name: str, text: str):
        self.doc = Document(source_name=name)
        self.text = text
        self.node: Node | None = None
        self.body: _Body | None = None
        self.line = 0
        self._outside_reported = False
        self._implicit = False  # the file has no @node: one page, no @endnode expected
        # Node settings that are unset fall back to the file's at the end,
        # because a file default may legally come after some nodes.
        self._own: dict[int, set[str]] = {}
        self._late_default = 0  # the nodes made before the last file-wide setting
        self.budget = MacroBudget()
        # Nodes read ahead of the index (for Find), by the offset of their
        # "@node": the index adopts each one when it gets there.
        self._ahead: dict[int, Node] = {}
        self._scouts: dict[int, _Indexer] = {}

    # -- the main loop -------------------------------------------------------

    def start(self) -> Document:
        """Get ready to index: the whole-file checks (at C speed); commands are
        then read by :meth:`resume`, as far as someone needs them."""
        text = self.text
        self._check_database()
        if not _HAS_NODE.search(text):
            self._implicit_main(_NON_BLANK.search(text) is not None)
        self._commands = _line_commands(text)
        self._position, self._line_no = 0, 1  # a place in the text and its line number
        self._absent: set[str] = set()  # node names known to be nowhere in the file
        self.doc.indexer = self
        return self.doc

    def resume(self, until: Callable[[], bool] | None = None, steps: int | None = None) -> bool:
        """Read line commands until ``until()`` holds, ``steps`` commands were
        read, or the file ends (then the document is complete); whether it is."""
        if self.doc.indexer is not self:
            return True
        text, count = self.text, 0
        try:
            for match in self._commands:
                start, name, rest = match.start(1) - 1, match.group(1), match.group(2)
                if self.node is None and not self._outside_reported:
                    self._check_outside(self._position, start, self._line_no)
                self._line_no += text.count("\n", self._position, start)
                self._position, self.line = start, self._line_no
                self._command(name.lower(), rest, start)
                count += 1
                if (steps is not None and count >= steps) or (until is not None and until()):
                    return False
            if self.node is None:
                self._check_outside(self._position, len(text), self._line_no)
            # The last line's number, as a reader counts lines (the rest of the file counted only).
            self.line = self._line_no + text.count("\n", self._position) - (1 if text.endswith("\n") or not text else 0)
        except Exception as error:  # noqa: BLE001 - last guard of the never-raise promise
            self.problem(0, f"reading stopped by an internal error: {error!r}")
        self.finish()
        return True

    def find(self, key: str) -> Node | None:
        """The node called ``key`` (lower case), indexing on just as far as it
        is; the file's rest is searched first (in C), so a name that is not
        there costs no indexing."""
        by_name = self.doc.indexed_by_name
        node = by_name.get(key)
        if node is None:
            if key in self._absent or not self._may_hold(key):
                self._absent.add(key)
                return None
            self.resume(until=lambda: key in by_name)
            node = by_name.get(key)
        if node is not None and node is self.node:
            self.resume(until=lambda: self.node is not node)  # its text ends at its @endnode
        return node

    def _may_hold(self, key: str) -> bool:
        if '"' in key or "\\" in key:
            return True  # quoting or escapes: only indexing can tell
        name = re.escape(key)
        # "\n@node" rather than "^@node" in multi-line mode: ten times faster on 50 MB.
        pattern = re.compile(rf'\n@node(?:[ \t]+{name}(?=[ \t\n]|$)|[ \t]*"{name}")', re.I)
        if self._position == 0 and pattern.match("\n" + self.text[:4096]):
            return True
        return pattern.search(self.text, max(0, self._position - 1)) is not None

    def index_past(self, offset: int, steps: int) -> bool:
        """Index until the node holding file character ``offset`` is complete,
        ``steps`` commands at most; whether it is (or the file ended)."""
        return self.resume(until=lambda: self.covers(offset), steps=steps) or self.covers(offset)

    def covers(self, offset: int) -> bool:
        """Whether the node holding file character ``offset`` (if any) is indexed complete."""
        return self._position > offset and (self.body is None or self.body.start > offset)

    def where(self) -> tuple[int, int]:
        """(file character, its file line number) the index has read to."""
        return self._position, self._line_no

    def read_ahead(self, at: int, line: int, steps: int) -> tuple[bool, Node | None]:
        """The node whose ``@node`` line starts at file character ``at`` (on
        file line ``line``), read on its own ahead of the index, without
        indexing the nodes before it: ``steps`` of its line commands a call,
        (False, None) until its end is read, then (True, the node). It starts with the file's settings read
        so far (real guides give them before the first node). When the index
        gets there it adopts this very node, so a viewer showing it keeps it."""
        node = self._ahead.get(at)
        if node is not None:
            return True, node
        scout = self._scouts.get(at)
        if scout is None:
            scout = self._scouts[at] = self._scout(at, line)
        indexed = scout.doc.indexed

        def node_read() -> bool:
            return len(indexed) > 1 or (bool(indexed) and scout.node is None)

        if not (scout.resume(until=node_read, steps=steps) or node_read()):
            return False, None
        del self._scouts[at]
        if not indexed:
            return True, None
        node = indexed[0]
        node.position = -1  # not in the index yet
        reader = getattr(node.lines, "_reader", None)
        if isinstance(reader, _NodeReader):
            reader.doc = weakref.ref(self.doc)  # @embed is read by the viewer's rules
            reader.reported = True  # its problems are reported when the index reads it
        self._ahead[at] = node
        return True, node

    def holds_ahead(self, node: Node) -> bool:
        return any(node is ahead for ahead in self._ahead.values())

    def _scout(self, at: int, line: int) -> "_Indexer":
        """An indexer of its own that reads from ``at`` on, with this file's settings so far."""
        scout = _Indexer(self.doc.source_name, self.text)
        doc, mine = scout.doc, self.doc
        doc.wrap, doc.tab_size, doc.font, doc.proportional = mine.wrap, mine.tab_size, mine.font, mine.proportional
        doc.macros = mine.macros
        scout._outside_reported = True
        scout._commands = _LINE_COMMAND.finditer(self.text, at - 1) if at else _line_commands(self.text)
        scout._position, scout._line_no = at, line
        scout._absent = set()
        doc.indexer = scout
        return scout

    def _adopt(self, node: Node) -> Node:
        """The node read ahead at this ``@node``, made what the index has just
        made (its text kept meanwhile, for a viewer that shows it); else ``node``."""
        start = getattr(self, "_start", -1)
        self._scouts.pop(start, None)  # a node still being read ahead: the index has it now
        ahead = self._ahead.pop(start, None) if self._ahead else None
        if ahead is None:
            return node
        lines = ahead.lines
        for name in Node.__slots__:
            setattr(ahead, name, getattr(node, name))
        ahead.lines = lines
        return ahead

    def first(self) -> Node | None:
        """The first node, its text complete."""
        indexed = self.doc.indexed
        self.resume(until=lambda: bool(indexed) and indexed[0] is not self.node)
        return indexed[0] if indexed else None

    def reach(self, position: int) -> None:
        """Index until the node at ``position`` in file order is complete (or the file ends)."""
        indexed = self.doc.indexed
        self.resume(until=lambda: len(indexed) > position and indexed[position] is not self.node)

    def _check_outside(self, start: int, end: int, line: int) -> None:
        """Text between nodes (see :mod:`.outside`): one report is enough, it is usually one stray block."""
        if self._outside_reported or start >= end:
            return
        text = self.text
        if _COMMAND.match(text, start, end) and not text.startswith("@{", start):
            # The stretch begins with the command line just read, which is not text.
            start = text.find("\n", start, end)
            if start < 0:
                return
        lost = outside.lost_text(text, start, end)
        if not self.doc.version:
            self.doc.version = outside.plain_version(text, start, end if lost is None else lost) or ""
        if lost is not None:
            self._outside_reported = True
            self.problem(line + text.count("\n", start, lost), "text outside any node is not shown")

    def _check_database(self) -> None:
        found = _NON_BLANK.search(self.text)
        if found is None:
            return
        line_start = self.text.rfind("\n", 0, found.start()) + 1
        if not self.text[line_start : line_start + 9].lower().startswith("@database"):
            self.problem(self.text.count("\n", 0, found.start()) + 1, "the file does not start with @database")

    def _implicit_main(self, has_text: bool) -> None:
        if has_text:
            self.problem(1, "no @node in the file: all of it is shown as one page")
        self._open_node("MAIN", "", body_start=0, first_line=1)
        self._implicit = True

    def finish(self) -> Document:
        self.doc.indexer = None  # complete: the document no longer needs its indexer
        if self.node is not None and not self._implicit:
            self.problem(self.line, f"node '{self.node.name}' has no @endnode")
        self._close_node(len(self.text))
        self._apply_defaults()
        return self.doc

    # -- problems ------------------------------------------------------------

    def problem(self, line: int, message: str) -> None:
        self.doc.add_problem(Problem(line, message))

    # -- nodes ---------------------------------------------------------------

    def _open_node(self, name: str, title: str, body_start: int, first_line: int) -> None:
        doc = self.doc  # the file's settings so far; a later file-wide one applies at the end
        node = Node(name=name, title=title or name, line=self.line, tab_size=doc.tab_size, wrap=doc.wrap,
                    font=doc.font, proportional=doc.proportional, position=len(doc.indexed))
        node = self._adopt(node)
        self.node = node
        self.body = _Body(body_start, first_line)
        if name.lower() in self.doc.indexed_by_name:
            self.problem(self.line, f"a second node is called '{name}': links go to the first")
        else:
            self.doc.indexed_by_name[name.lower()] = node
        self.doc.indexed.append(node)

    def _close_node(self, body_end: int) -> None:
        if self.node is not None and self.body is not None:
            self.node.end_line = self.line
            self.body.end = body_end
            self.node.lines = LineStore(_NodeReader(self.doc, self.node, self.text, self.body, self.budget))
        self.node = None
        self.body = None

    def _apply_defaults(self) -> None:
        """File-wide settings given after some nodes reach those nodes too (a
        node made later started with them already)."""
        doc = self.doc
        for node in doc.indexed[: self._late_default]:
            own = self._own.get(id(node), ())
            if "wrap" not in own:
                node.wrap = doc.wrap
            if "tab" not in own:
                node.tab_size = doc.tab_size
            if "font" not in own:
                node.font = doc.font
            if "proportional" not in own:
                node.proportional = doc.proportional

    # -- line commands -------------------------------------------------------

    def _command(self, name: str, rest: str, start: int) -> None:
        self._start = start
        spec = _SPECS.get(name)
        if spec is None:
            self.problem(self.line, f"unknown command '@{name}' ignored")
            return
        if spec.scope is Scope.NODE and self.node is None:
            self.problem(self.line, f"'@{name}' outside a node ignored")
            return
        spec.handler(self, rest.strip())

    def _line_end(self) -> int:
        """Where the text after the current command line starts."""
        end = self.text.find("\n", self._start)
        return len(self.text) if end < 0 else end + 1

    def _owner(self, setting: str) -> Node | Document:
        """The node being read (remembering it set ``setting``), else the document."""
        if setting not in _DEFAULTS:
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

    def _title(self, rest: str) -> None:
        if _unclosed_quote(rest):
            self.problem(self.line, f"the @title of node '{self.node.name}' opens a quote it never closes")
        self.node.title = unquote(rest) or self.node.name

    def _reference(self, attribute: str, rest: str) -> None:
        words = tokens(rest)
        if not words:
            self.problem(self.line, f"'@{attribute}' needs a node name")
            return
        owner = self._owner(attribute)
        setattr(owner, attribute, words[0])
        if owner is self.doc:
            self.doc.setting_lines[attribute] = self.line  # where a missing target is reported

    def _keywords(self, rest: str) -> None:
        self.node.keywords = tuple(tokens(rest))

    def _embed(self, rest: str) -> None:
        self.node.embeds.append(unquote(rest))

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


class _NodeReader:
    """The second step for one node: its text lines, parsed in order.

    Called again after :meth:`LineStore.forget`, it reads the node anew;
    problems are reported to the document the first time only. It keeps no
    strong reference to its node or document, so a guide is a tree of
    objects that reference counting frees at once when a viewer lets it go,
    without waiting for the cycle collector.
    """

    __slots__ = ("doc", "node_macros", "file_macros", "text", "body", "budget", "reported", "_places", "_total",
                 "_end_line")

    def __init__(self, doc: Document, node: Node, text: str, body: _Body, budget: MacroBudget):
        self.doc = weakref.ref(doc)
        self.node_macros, self.file_macros = node.macros, doc.macros
        self.text, self.body, self.budget = text, body, budget
        self.reported = False
        self._places: LinePlaces | None = None
        self._total: int | None = None
        self._end_line = 0

    def __call__(self, skip: int = 0) -> Iterator[SourceLine]:
        """The node's lines in order; with ``skip``, from its line ``skip`` on
        (read in plain style, as what comes before is not read, and reporting
        nothing: the page's problems are found when it is read from its top)."""
        first_time = not self.reported and not skip
        self.reported = self.reported or first_time
        inline = InlineParser(self._find_macro, self._report if first_time else _ignore_problem,
                              self.budget.for_page(first_time))
        text, end = self.text, self.body.end
        position, number = self.offset_of(skip) if skip else (self.body.start, self.body.first_line)
        while position < end:
            line_end = text.find("\n", position, end)
            if line_end < 0:
                line_end = end
            if _EMBED.match(text, position, line_end):
                yield self._embedded(number, text[position + 6 : line_end])
            elif not _is_command_line(text, position, line_end):
                yield inline.parse_line(number, text[position:line_end])
            position = line_end + 1
            number += 1

    def _embedded(self, number: int, rest: str) -> SourceLine:
        """An ``@embed`` line: the text of the file it names, as the document's
        ``embedder`` gives it (a viewer reads it by its folder's rules; without
        one, nothing is read and the line says what would be there)."""
        document = self.doc()
        name = unquote(rest)
        embedder = document.embedder if document is not None else None
        text = embedder(name) if embedder is not None else f"[the text of {name}]"
        items: list = []
        for index, line in enumerate(text.split("\n")):
            if index:
                items.append(Layout(Command.LINE))
            if line:
                items.append(Span(line, PLAIN))
        return SourceLine(number, items, blank=not text.strip())

    def offset_of(self, index: int) -> tuple[int, int]:
        """(file offset, file line number) where node line ``index`` starts
        (the node's end when it has fewer lines), walked from the nearest
        line found before (see :mod:`.linewalk`)."""
        if self._places is None:
            body = self.body
            self._places = LinePlaces(self.text, body.start, body.end, body.first_line, _is_command_line)
            self._know_end()
        return self._places.offset_of(index)

    def line_at(self, offset: int) -> int | None:
        """The node line (counted from 0) that file character ``offset`` is on;
        None when that is a command line or outside the node's text."""
        text, start, end = self.text, self.body.start, self.body.end
        if not start <= offset < end:
            return None
        line_start = text.rfind("\n", start, offset) + 1 or start
        line_end = text.find("\n", line_start, end)
        if _is_command_line(text, line_start, end if line_end < 0 else line_end):
            return None
        lines = text.count("\n", start, line_start)
        return lines - self._commands_between(start, line_start)

    def _commands_between(self, start: int, end: int) -> int:
        text = self.text
        return sum(1 for match in _LINE_COMMAND.finditer(text, max(0, start - 1), end)
                   if match.start() + 1 < end and match.group(1).lower() != "embed")

    def total(self) -> int:
        """How many lines the node has, counted at C speed without reading
        them (once: the text never changes)."""
        if self._total is None:
            text, start, end = self.text, self.body.start, self.body.end
            newlines = text.count("\n", start, end)
            lines = newlines + (0 if text.endswith("\n", start, end) else 1) if start < end else 0
            self._total = lines - self._commands_between(start, end) if lines else 0
            # The file line at the node's end, when a whole line ends there (it
            # does before @endnode): where walks back from the end start.
            self._end_line = self.body.first_line + newlines if text.endswith("\n", start, end) else 0
            self._know_end()
        return self._total

    def _know_end(self) -> None:
        if self._places is not None and self._total is not None:
            self._places.know_end(self._total, self._end_line)

    def _report(self, problem: Problem) -> None:
        document = self.doc()
        if document is not None:
            document.add_problem(problem)

    def _find_macro(self, name: str) -> Macro | None:
        if name in self.node_macros:
            return self.node_macros[name]
        return self.file_macros.get(name)


def node_source(node: Node) -> tuple[str, int, int] | None:
    """(file text, start, end) of a node's text in the guide read from a file
    or memory; None for a page made otherwise (such as a problems page)."""
    lines = node.lines
    reader = getattr(lines, "_reader", None)
    if isinstance(lines, LineStore) and isinstance(reader, _NodeReader):
        return reader.text, reader.body.start, reader.body.end
    return None


def node_line_offset(node: Node, index: int) -> int | None:
    """The file offset where line ``index`` of ``node`` starts (None for a page not read from a file)."""
    reader = getattr(node.lines, "_reader", None)
    return reader.offset_of(index)[0] if isinstance(reader, _NodeReader) else None


def node_line_at(node: Node, offset: int) -> int | None:
    """The node line that file character ``offset`` is on (see :meth:`_NodeReader.line_at`)."""
    reader = getattr(node.lines, "_reader", None)
    return reader.line_at(offset) if isinstance(reader, _NodeReader) else None


def _is_command_line(text: str, position: int, line_end: int) -> bool:
    """A line command, which shows nothing (``@embed`` shows a file's text: it is a line of the page)."""
    return (text.startswith("@", position) and not text.startswith("@{", position)
            and _COMMAND.match(text, position, line_end) is not None and not _EMBED.match(text, position, line_end))


def _ignore_problem(problem: Problem) -> None:
    """Problems of a page read a second time were reported the first time."""


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


def _handler(method: Callable, *bound: object) -> Callable[[_Indexer, str], None]:
    return lambda parser, rest: method(parser, *bound, rest)


_SPECS: dict[str, _Spec] = {
    "database": _Spec(Scope.DATABASE, _Indexer._database),
    "$ver:": _Spec(Scope.DATABASE, _Indexer._version),
    "$ver": _Spec(Scope.DATABASE, _Indexer._version),
    "(c)": _Spec(Scope.DATABASE, _Indexer._copyright),
    "author": _Spec(Scope.DATABASE, _Indexer._author),
    "master": _Spec(Scope.DATABASE, _Indexer._master),
    "width": _Spec(Scope.DATABASE, _handler(_Indexer._dimension, "width")),
    "height": _Spec(Scope.DATABASE, _handler(_Indexer._dimension, "height")),
    "dnode": _Spec(Scope.DATABASE, _Indexer._ignore),
    "rem": _Spec(Scope.DATABASE, _Indexer._ignore),
    "remark": _Spec(Scope.DATABASE, _Indexer._ignore),
    "node": _Spec(Scope.DATABASE, _Indexer._node_cmd),
    "endnode": _Spec(Scope.DATABASE, _Indexer._endnode),
    "font": _Spec(Scope.EITHER, _Indexer._font),
    "wordwrap": _Spec(Scope.EITHER, lambda parser, rest: parser._wrap(WrapMode.WORDWRAP)),
    "smartwrap": _Spec(Scope.EITHER, lambda parser, rest: parser._wrap(WrapMode.SMARTWRAP)),
    "tab": _Spec(Scope.EITHER, _Indexer._tab),
    "macro": _Spec(Scope.EITHER, _Indexer._macro),
    "onopen": _Spec(Scope.EITHER, _handler(_Indexer._script, "onopen")),
    "onclose": _Spec(Scope.EITHER, _handler(_Indexer._script, "onclose")),
    "index": _Spec(Scope.EITHER, _handler(_Indexer._reference, "index")),
    "help": _Spec(Scope.EITHER, _handler(_Indexer._reference, "help")),
    "toc": _Spec(Scope.EITHER, _handler(_Indexer._reference, "toc")),
    "proportional": _Spec(Scope.EITHER, _Indexer._proportional),
    "title": _Spec(Scope.NODE, _Indexer._title),
    "next": _Spec(Scope.NODE, _handler(_Indexer._reference, "next")),
    "prev": _Spec(Scope.NODE, _handler(_Indexer._reference, "prev")),
    "keywords": _Spec(Scope.NODE, _Indexer._keywords),
    "embed": _Spec(Scope.NODE, _Indexer._embed),
}

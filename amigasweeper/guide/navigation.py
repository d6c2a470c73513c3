"""Where a reader is in a set of guides, and how they got there (no pyxel).

The help viewer's navigation state, kept apart from its window as a puzzle
collection keeps a game's state apart from its drawing:

- the place shown (a guide, a page, the first line and column shown);
- the history that Retrace walks back, across files;
- where Contents, Index, Help and Browse lead (``@toc``, ``@index``,
  ``@help``, ``@prev``, ``@next`` may name a page of another guide);
- the other guides a link leads into, found by Amiga path rules from the
  folder of the guide that holds it (:mod:`amigasweeper.guide.paths`) and
  read once, lazily;
- the text an ``@embed`` line shows.

Finding text is :mod:`amigasweeper.guide.find`'s; laying a page out is
:mod:`amigasweeper.guide.layout`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .ilbm import is_iff_picture
from .model import Document, Node
from .parser import decode_text, parse_file
from .paths import GuideFolder, Resolved, read_guide
from .pictureheaders import is_picture_name
from .validate import problems_page

EMBED_LIMIT = 1 << 20  # bytes of a file an @embed line shows


@dataclass
class Place:
    """Where the reader is: a guide, a page of it, and the first line and
    column shown. History entries are places, so Retrace can cross files."""

    document: Document
    node: Node
    top: int = 0
    left: int = 0
    line: int = 0  # the node line at the top: where to return when ``top`` is -1 (a page laid out in parts)


@dataclass(frozen=True)
class Destination:
    """Where a button leads: a page of a guide, or (``document`` None) a
    guide outside the reader's folder tree, opened only if the reader says so."""

    document: Document | None
    node: Node | None
    path: Path | None = None
    node_name: str = ""


class Navigation:
    """The place shown, the way back, and where every button and link leads.

    ``document`` is the guide the reader opened; its folder is the tree
    links may lead into without asking (None for a guide read from memory).
    """

    def __init__(self, document: Document, start: Node | None = None) -> None:
        self.place = Place(document, start or document.main or problems_page(document))
        self.history: list[Place] = []
        self.tree = GuideFolder(document.folder) if document.folder else None
        self.guides: dict[Path, Document] = {}
        self._destinations: dict[tuple[int, str], Destination | None] = {}
        self._embeds_from(document)

    @property
    def document(self) -> Document:
        return self.place.document

    @property
    def node(self) -> Node:
        return self.place.node

    # -------------------------------------------------------- going and back
    def go(self, node: Node, document: Document | None = None, *, remember: Place | None = None) -> None:
        """Show ``node`` (of ``document``, else of the guide shown) from its
        top; ``remember`` is the place left, for Retrace."""
        if remember is not None:
            self.history.append(remember)
        self.place = Place(document or self.document, node)

    def back(self) -> Place | None:
        """The place Retrace returns to (taken off the history), or None."""
        return self.history.pop() if self.history else None

    def problems(self) -> Node:
        """The page listing the shown guide's problems."""
        return problems_page(self.document, root=self.tree.root if self.tree is not None else None)

    # ---------------------------------------------------------- the buttons
    def contents_target(self) -> Destination | None:
        node, document = self.place.node, self.document
        found = self._destination(node.toc) or self._destination(document.toc)
        return found or (Destination(document, document.main) if document.main else None)

    def index_target(self) -> Destination | None:
        return self._destination(self.place.node.index) or self._destination(self.document.index)

    def help_target(self) -> Destination | None:
        return self._destination(self.place.node.help) or self._destination(self.document.help)

    def prev_target(self) -> Destination | None:
        return self._browse(self.place.node.prev, -1)

    def next_target(self) -> Destination | None:
        return self._browse(self.place.node.next, 1)

    def _browse(self, named: str | None, step: int) -> Destination | None:
        node, document = self.place.node, self.document
        if not document.holds(node):
            return None  # a page of the viewer's own, such as the problems page
        if named:
            return self._destination(named)
        other = document.browse_next(node) if step > 0 else document.browse_prev(node)
        return Destination(document, other) if other is not None else None

    def _destination(self, reference: str | None) -> Destination | None:
        """Where a node reference leads, from the guide shown; None if nowhere.
        References into other files are looked up once and remembered, as
        the buttons ask every frame whether they can act."""
        if not reference:
            return None
        document = self.document
        where = document.locate(reference)
        if where.file is None:
            node = document.node(where.node)
            return Destination(document, node) if node is not None else None
        key = (id(document), reference)
        if key not in self._destinations:
            self._destinations[key] = self._find_other(where.file, where.node)
        return self._destinations[key]

    def _find_other(self, file: str, node_name: str) -> Destination | None:
        """Where node ``node_name`` of the guide at Amiga path ``file`` is, if anywhere."""
        found = self.resolve(file)
        if found is None or found.path is None or found.reason:
            return None
        if found.outside:
            return Destination(None, None, found.path, node_name)  # asked about when chosen
        document = self.guide(found.path)
        node = document.node(node_name)
        return Destination(document, node) if node is not None else None

    # ------------------------------------------------------- other guides
    def resolve(self, file: str) -> Resolved | None:
        """Where a link's file part leads by the rules of guide/paths.py
        (None for a guide read from memory: no folder to look in)."""
        if self.tree is None or not self.document.folder:
            return None
        return self.tree.resolve(file, self.document.folder)

    def guide(self, path: Path, inside: bool = True) -> Document:
        """The guide at ``path`` (a real path), read (lazily) the first time
        only: inside the folder by its rules, else as a guide the reader chose."""
        if path not in self.guides:
            reader = self.tree.read if inside and self.tree is not None else read_guide
            self.guides[path] = parse_file(path, lazy=True, read=reader)
            self._embeds_from(self.guides[path])
        return self.guides[path]

    def reader(self, inside: bool) -> Callable[[Path, int], bytes] | None:
        """How a file a link leads to is read: by the folder's rules when
        it is inside the tree, else None (the caller reads it as a file the
        reader chose)."""
        return self.tree.read if inside and self.tree is not None else None

    def _embeds_from(self, document: Document) -> None:
        """Let the guide's @embed lines show the text of the files they name."""
        document.embedder = lambda name: self.embed_text(document, name)

    def embed_text(self, document: Document, name: str) -> str:
        """The text an ``@embed`` line of ``document`` shows: the file it names,
        found and read by the folder's rules, or a line saying why not."""
        if self.tree is None or not document.folder:
            return f"[{name} is not embedded: this guide has no folder]"
        found = self.tree.resolve(name, document.folder, limit=EMBED_LIMIT)
        if found.path is None or found.reason or found.outside:
            why = "it is outside the guide's folder" if found.outside and not found.reason else found.reason
            return f"[{name} is not embedded: {why or 'not found'}]"
        try:
            data = self.tree.read(found.path, EMBED_LIMIT)
        except OSError as error:
            return f"[{name} is not embedded: {error}]"
        if is_iff_picture(data) or is_picture_name(name):
            return f"[{name} is a picture: a link to it shows it]"
        return decode_text(data).rstrip("\n")

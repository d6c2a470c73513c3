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

The parts: commandlines.py finds the line commands, indexer.py walks them
(linecommands.py says what each one sets), nodereader.py reads a node's
text; this module decodes the file and puts them to work.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from ..plainfiles import NotPlainFile, shown
from .indexer import Indexer
from .model import Document, Problem
from .paths import read_guide

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_UTF8_BOM = b"\xef\xbb\xbf"
# The same control characters as _CONTROL, made spaces in the file's bytes at
# C speed (a quarter of the time of the regular expression on 50 MB); CR is
# left for the line-end rule. In UTF-8 these bytes are never part of a letter.
_CONTROL_BYTES = bytes(range(256)).translate(
    bytes.maketrans(bytes([*range(0, 9), *range(11, 13), *range(14, 32), 127]), b" " * 30))




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
    indexer = Indexer(name, text)
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

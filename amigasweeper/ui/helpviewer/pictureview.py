"""Pictures in the help viewer, as the Amiga's datatypes showed them in MultiView.

A link to a picture shows it as a page of its own. Its kind is told by its
first bytes (amigasweeper.guide.pictureheaders), and its header is held to
the caps (amigasweeper.guide.picture) before any decoder sees it: an IFF
ILBM (or PBM) is read by amigasweeper.guide.ilbm, a PNG, GIF, JPEG or BMP
by Pyxel's loader (the Rust ``image`` crate). Either way the picture is
scaled down to fit the page and ordered-dithered to the screen's colours
(4 or 8), as on a Workbench screen. A file that cannot be shown gives a
page saying why, never a traceback.
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass

import pyxel

from amigasweeper.guide import PLAIN, Node, SourceLine, Span, Style, WrapMode
from amigasweeper.guide.dither import dither, fit
from amigasweeper.guide.ilbm import read_ilbm
from amigasweeper.guide.picture import RGB, Picture, PictureError, sampling
from amigasweeper.guide.pictureheaders import Format, declared, sniff

CUBE = 6  # levels per component of the palette Pyxel's loader maps a picture to (6 x 6 x 6 colours)


@dataclass
class PicturePage:
    """A picture shown as a page: ``image`` drawn centred on it (None when it could not be read)."""

    node: Node
    image: pyxel.Image | None


def picture_page(name: str, data: bytes, room: tuple[int, int], palette: list[RGB]) -> PicturePage:
    """The page showing the picture file ``name`` (its bytes ``data``) within ``room`` pixels."""
    try:
        picture = _decoded(name, data, room)
    except PictureError as error:
        return PicturePage(_message_page(name, f"The picture {name} cannot be shown: {error}."), None)
    shown = fit(picture, *room)
    image = pyxel.Image(shown.width, shown.height)
    digits = "0123456789abcdef"
    image.set(0, 0, ["".join(digits[index] for index in row) for row in dither(shown, palette)])
    return PicturePage(Node(name=name, title=name, lines=[]), image)


def _decoded(name: str, data: bytes, room: tuple[int, int]) -> Picture:
    """The picture, sampled to ``room``; its header is held to the caps first."""
    if sniff(data) is Format.IFF or data.startswith(b"FORM"):  # another IFF FORM: the reader says what it holds
        return read_ilbm(data, room)  # checks its BMHD before unpacking a pixel
    return _loaded_by_pyxel(data, declared(data).format.suffix, room)


def _loaded_by_pyxel(data: bytes, suffix: str, room: tuple[int, int]) -> Picture:
    """A picture file Pyxel can read, as RGB: loaded against a colour cube
    (Pyxel maps each pixel to its nearest palette colour), sampled at the
    size it will be shown. The loader reads a file, so the browser (whose
    page writes no files) shows IFF pictures only."""
    if sys.platform == "emscripten":
        raise PictureError("in the browser only IFF pictures are shown")
    saved = list(pyxel.colors)
    levels = [round(i * 255 / (CUBE - 1)) for i in range(CUBE)]
    cube = [(r, g, b) for r in levels for g in levels for b in levels]
    handle, temporary = tempfile.mkstemp(suffix=suffix)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        pyxel.colors[:] = [r << 16 | g << 8 | b for r, g, b in cube]
        try:
            image = pyxel.Image.from_image(temporary, include_colors=False)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:  # noqa: BLE001 - a bad file is an Exception, a panic in Pyxel's loader a BaseException
            raise PictureError("Pyxel's loader could not read it (the file is damaged)") from error
    finally:
        pyxel.colors[:] = saved
        try:
            os.unlink(temporary)
        except OSError:
            pass
    columns, rows = sampling(image.width, image.height, room)
    return Picture(len(columns), len(rows), [[cube[image.pget(x, y) % len(cube)] for x in columns] for y in rows])


def _message_page(name: str, message: str) -> Node:
    lines = [SourceLine(1, [Span(name, Style(bold=True))]), SourceLine(2, blank=True), SourceLine(3, [Span(message, PLAIN)])]
    return Node(name=name, title=name, wrap=WrapMode.WORDWRAP, lines=lines)


def screen_palette(colours: int) -> list[RGB]:
    """The screen's first ``colours`` pens as RGB: what a picture is dithered to."""
    return [((value >> 16) & 255, (value >> 8) & 255, value & 255) for value in list(pyxel.colors)[:colours]]

"""What a picture file says it is, read from its header before any decoder
sees it (pure Python, a few microseconds to a few milliseconds a file).

The help viewer shows five kinds of picture, each read by a decoder named
here and in the manual:

========  ==================================================================
PNG       Pyxel 2.9's loader: the Rust ``image`` crate (0.25) with ``png``
GIF       the same, with the ``gif`` crate; the first frame only is decoded
JPEG      the same, with ``zune-jpeg``
BMP       the same, with ``image``'s own BMP decoder
IFF ILBM  amigasweeper.guide.ilbm (ours, pure Python), also PBM
========  ==================================================================

The kind is told by the file's first bytes, never by its name: a file
called .png that holds a GIF is a GIF, as Amiga datatypes decided, and a
file of no kind above reaches no decoder at all. :func:`declared` reads the
size the header declares and holds it to the caps of
:mod:`amigasweeper.guide.picture` (a PNG decompression bomb of 14.8 KB
declaring 11,000 x 11,000 pixels cost 27.8 s and 506 MB; a GIF of 35 bytes
declaring an 11,000 x 11,000 screen, 833 MB). It also refuses what would
make a decoder work without end although the size is small, measured on
the decoders above (docs/BENCHMARKS.md, "Pictures"):

* a PNG whose compressed pixels are longer than its pixels could need (the
  ``png`` crate stops at the last row, so this is belt and braces), and a
  colour profile (iCCP) that unpacks past 1 MB (the ``png`` crate unpacks
  it: 512 MB from a 1 MB chunk);
* a JPEG of more than 100 scans (``zune-jpeg`` refuses some such, not
  all), or with its height left to a DNL marker;
* more than 100,000 chunks, blocks or segments to walk before the pixels.

Frames after a GIF's first are never decoded (a 3 MB GIF of 200,000
frames loads in 3 ms), so they are not read here either.
"""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from pathlib import PurePath

from .ilbm import is_iff_picture
from .picture import PictureError, check_decoded, check_size

MOST_BLOCKS = 100_000  # chunks, blocks or segments walked before the pixels
MOST_SCANS = 100  # a progressive JPEG has about 10; each scan is a pass over every pixel
MOST_PROFILE = 1 << 20  # bytes a PNG's colour profile may unpack to (real ones: a few KB)
PNG_SLACK = 1 << 12  # bytes of compressed data past what the pixels could need (headers, block ends)


class Format(Enum):
    """A kind of picture file, with the suffix Pyxel's loader goes by."""

    PNG = ".png"
    GIF = ".gif"
    JPEG = ".jpg"
    BMP = ".bmp"
    IFF = ".iff"

    @property
    def suffix(self) -> str:
        return self.value


@dataclass(frozen=True)
class Declared:
    """What a header says: the kind, the size, and the bytes of pixels the
    decoder will hold (the most it might)."""

    format: Format
    width: int
    height: int
    decoded: int


_SIGNATURES = ((b"\x89PNG\r\n\x1a\n", Format.PNG), (b"GIF87a", Format.GIF), (b"GIF89a", Format.GIF),
               (b"\xff\xd8\xff", Format.JPEG), (b"BM", Format.BMP))
KINDS_TEXT = "a PNG, GIF, JPEG, BMP or IFF ILBM picture"
# The names a link leads to a picture by (what is in it is told by its bytes, above).
IFF_SUFFIXES = frozenset({".iff", ".ilbm", ".lbm", ".pic", ".brush", ".bsh", ".pbm"})
PYXEL_SUFFIXES = frozenset({".png", ".gif", ".jpg", ".jpeg", ".bmp"})  # what Pyxel's loader reads


def is_picture_name(name: str) -> bool:
    """Whether a file's name says it is a picture (a link to it shows it as a page)."""
    return PurePath(name).suffix.lower() in IFF_SUFFIXES | PYXEL_SUFFIXES


def sniff(data: bytes) -> Format | None:
    """The kind of picture the bytes begin as (None for none of the five)."""
    if is_iff_picture(data):
        return Format.IFF
    return next((kind for signature, kind in _SIGNATURES if data.startswith(signature)), None)


def declared(data: bytes) -> Declared:
    """The header of a PNG, GIF, JPEG or BMP file, held to the caps; a
    :class:`PictureError` saying what is wrong otherwise."""
    kind = sniff(data)
    reader = _READERS.get(kind) if kind is not None else None
    if kind is None or reader is None:
        raise PictureError(f"it is not {KINDS_TEXT}")
    try:
        found = reader(data)
    except (struct.error, IndexError):
        raise PictureError(f"its {kind.name} header is cut short") from None
    check_size(found.width, found.height)
    check_decoded(found.decoded)
    return found


# -- PNG ------------------------------------------------------------------------

_PNG_CHANNELS = {0: 1, 2: 3, 3: 3, 4: 2, 6: 4}  # by colour type; a palette is made RGB
_PNG_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


def _png_chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    position = 8
    for _ in range(MOST_BLOCKS):
        if position + 8 > len(data):
            return
        size, name = struct.unpack(">I4s", data[position : position + 8])
        yield name, data[position + 8 : position + 8 + size]
        if name == b"IEND":
            return
        position += 12 + size
    raise PictureError(f"the PNG has more than {MOST_BLOCKS:,} chunks")


def _png(data: bytes) -> Declared:
    chunks = _png_chunks(data)
    name, ihdr = next(chunks, (b"", b""))
    if name != b"IHDR" or len(ihdr) != 13:
        raise PictureError("the PNG does not begin with its header (IHDR)")
    width, height, depth, colour, method, filtering, interlace = struct.unpack(">IIBBBBB", ihdr)
    if depth not in _PNG_DEPTHS.get(colour, ()) or method or filtering or interlace not in (0, 1):
        raise PictureError(f"the PNG's header is not one the format allows ({depth}-bit, colour type {colour})")
    check_size(width, height)  # before anything is worked out from the size
    alpha = compressed = 0
    for name, body in chunks:
        if name == b"tRNS":
            alpha = 1  # the decoder adds an alpha channel
        elif name == b"IDAT":
            compressed += len(body)
        elif name == b"iCCP":
            _check_profile(body)
    bits = depth * (_PNG_CHANNELS[colour] if colour != 3 else 1)
    if compressed > _png_raw_size(width, height, bits, interlace) * 9 // 8 + PNG_SLACK:
        raise PictureError("the PNG holds more compressed data than its pixels could need")
    channels = _PNG_CHANNELS[colour] + (alpha if colour in (0, 2, 3) else 0)
    return Declared(Format.PNG, width, height, width * height * channels * (2 if depth == 16 else 1))


def _png_raw_size(width: int, height: int, bits: int, interlace: int) -> int:
    """Bytes of the filtered rows (a filter byte each): what the compressed data unpacks to."""
    passes = _ADAM7 if interlace else ((0, 0, 1, 1),)
    total = 0
    for x0, y0, dx, dy in passes:
        columns, rows = (width - x0 + dx - 1) // dx, (height - y0 + dy - 1) // dy
        if columns > 0 and rows > 0:
            total += rows * (1 + (columns * bits + 7) // 8)
    return total


def _check_profile(body: bytes) -> None:
    """A colour profile is unpacked by the decoder: not past MOST_PROFILE."""
    start = body.find(b"\0") + 2  # its name, a zero, the method, then the data
    try:
        unpacked = zlib.decompressobj().decompress(body[start:], MOST_PROFILE + 1)
    except zlib.error:
        return  # damaged: the decoder refuses it without unpacking more
    if len(unpacked) > MOST_PROFILE:
        raise PictureError(f"the PNG's colour profile unpacks to more than {MOST_PROFILE >> 20} MB")


# -- GIF ------------------------------------------------------------------------


def _gif(data: bytes) -> Declared:
    screen_w, screen_h, packed = struct.unpack("<HHB", data[6:11])
    position = 13 + (3 << ((packed & 7) + 1) if packed & 0x80 else 0)
    walked = 0
    while walked < MOST_BLOCKS:
        introducer = data[position]
        if introducer == 0x2C:  # the first image: the only one decoded
            _left, _top, width, height = struct.unpack("<HHHH", data[position + 1 : position + 9])
            check_size(width, height)
            shown_w, shown_h = screen_w or width, screen_h or height
            check_size(shown_w, shown_h)  # the screen it is drawn on, as big as it says
            return Declared(Format.GIF, shown_w, shown_h, 4 * (shown_w * shown_h + width * height))
        if introducer != 0x21:
            raise PictureError("the GIF has no picture in it" if introducer == 0x3B else "the GIF is damaged")
        position += 2  # the extension's introducer and label, then its blocks
        while data[position] and walked < MOST_BLOCKS:
            position += 1 + data[position]
            walked += 1
        position += 1
        walked += 1
    raise PictureError(f"the GIF has more than {MOST_BLOCKS:,} blocks before its first picture")


# -- JPEG -----------------------------------------------------------------------

_JPEG_FRAMES = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})
_JPEG_ALONE = frozenset({0x01, *range(0xD0, 0xD8)})  # markers without a length
_JPEG_NEXT_MARKER = re.compile(rb"\xff[^\x00\xd0-\xd7\xff]")  # after a scan's data (0xFF 0x00 is a stuffed byte)


def _jpeg(data: bytes) -> Declared:
    position, frame, scans = 2, None, 0
    for _ in range(MOST_BLOCKS):
        while data[position] == 0xFF and data[position + 1] == 0xFF:
            position += 1  # fill bytes before a marker
        if data[position] != 0xFF:
            raise PictureError("the JPEG is damaged (a segment does not start where the last ended)")
        marker = data[position + 1]
        if marker == 0xD9:
            break
        if marker in _JPEG_ALONE:
            position += 2
            continue
        length = struct.unpack(">H", data[position + 2 : position + 4])[0]
        if marker in _JPEG_FRAMES and frame is None:
            frame = struct.unpack(">BHHB", data[position + 4 : position + 10])
        position += 2 + length
        if marker == 0xDA:
            scans += 1
            if scans > MOST_SCANS:
                raise PictureError(f"the JPEG has more than {MOST_SCANS} scans")
            found = _JPEG_NEXT_MARKER.search(data, position)
            if found is None:
                break  # cut short after its last scan: the decoder shows what came
            position = found.start()
    else:
        raise PictureError(f"the JPEG has more than {MOST_BLOCKS:,} segments")
    if frame is None:
        raise PictureError("the JPEG has no frame header (its size)")
    _precision, height, width, components = frame
    if height == 0:
        raise PictureError("the JPEG leaves its height to the end of its data (DNL), which is not read")
    return Declared(Format.JPEG, width, height, width * height * (1 if components == 1 else 4))


# -- BMP ------------------------------------------------------------------------

_BMP_DEPTHS = (1, 4, 8, 16, 24, 32)
_BMP_PACKINGS = {0: "none", 1: "RLE8", 2: "RLE4", 3: "bit fields", 6: "bit fields with alpha"}


def _bmp(data: bytes) -> Declared:
    size = struct.unpack("<I", data[14:18])[0]
    if size == 12:  # OS/2 1.x: 16-bit sizes, no packing
        width, height, _planes, depth = struct.unpack("<HHHH", data[18:26])
        packing, colours = 0, 0
    elif size >= 40:
        width, height, _planes, depth, packing = struct.unpack("<iiHHI", data[18:34])
        colours = struct.unpack("<I", data[46:50])[0]
    else:
        raise PictureError(f"the BMP's header is of an unknown kind ({size} bytes)")
    if width <= 0 or height in (0, -(1 << 31)):
        raise PictureError(f"the BMP says it is {width} x {height} pixels")
    if depth not in _BMP_DEPTHS or packing not in _BMP_PACKINGS:
        raise PictureError(f"the BMP is of a kind not shown ({depth} bits a pixel, packing {packing})")
    if depth <= 8 and colours > 1 << depth:
        raise PictureError(f"the BMP says it has {colours:,} colours in a palette of {1 << depth}")
    height = abs(height)  # a negative height is a picture stored top row first
    return Declared(Format.BMP, width, height, width * height * 4)


_READERS = {Format.PNG: _png, Format.GIF: _gif, Format.JPEG: _jpeg, Format.BMP: _bmp}

"""Reading IFF ILBM and PBM pictures, the Amiga's own format, in pure Python.

An ILBM file is an IFF ``FORM`` of chunks: ``BMHD`` (the size, the number of
bitplanes, whether a mask plane follows and how the body is packed),
``CMAP`` (the colour registers, RGB bytes), ``CAMG`` (the display mode:
Extra-Half-Brite or Hold-And-Modify) and ``BODY`` (the pixels). The body
holds each row plane by plane (each plane row a whole number of 16-bit
words), with the mask plane after them when there is one (it is skipped);
it is stored as it is or packed with ByteRun1. A ``PBM`` FORM (Deluxe Paint
on the PC) holds one byte per pixel instead of planes.

Read into a :class:`Picture` of RGB colours: Extra-Half-Brite adds 32
colours at half brightness, Hold-And-Modify (6 or 8 planes) keeps the colour
of the pixel to its left and changes one of its components. Anything that
does not add up raises :class:`PictureError` with a sentence saying what.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from amigasweeper.plainfiles import printable

from .picture import RGB, Picture, PictureError, check_size, sampling

__all__ = ["CAMG_EHB", "CAMG_HAM", "MASK_PLANE", "Header", "is_iff_picture", "read_ilbm"]

CAMG_EHB = 0x80
CAMG_HAM = 0x800
MASK_PLANE = 1  # BMHD masking: a mask plane follows the colour planes
MOST_CHUNKS = 10_000  # read before the BODY: a real picture has a dozen; more is a file built to stall the reader
BYTERUN1_MOST = 64  # ByteRun1 makes at most 128 bytes of 2: a body can unpack to 64 times its size at most


@dataclass(frozen=True)
class Header:
    width: int
    height: int
    planes: int
    masking: int
    compression: int


# Each byte as eight bytes of 0 or 1, its bits from the left: a plane row
# becomes one byte per pixel with a join, then planes combine as big integers.
_SPREAD = [bytes((value >> (7 - bit)) & 1 for bit in range(8)) for value in range(256)]


def is_iff_picture(data: bytes) -> bool:
    return len(data) >= 12 and data[:4] == b"FORM" and data[8:12] in (b"ILBM", b"PBM ")


def read_ilbm(data: bytes, room: tuple[int, int] | None = None) -> Picture:
    """The picture in an ILBM or PBM file's bytes; given ``room``, scaled
    down to fit it (see :func:`.picture.sampling`), only the rows and
    columns shown being made into colours. The BMHD's size is checked
    against the caps, and against what the BODY can hold, before any pixel
    is unpacked."""
    if len(data) < 12 or data[:4] != b"FORM":
        raise PictureError("this is not an IFF file (it does not start with FORM)")
    kind = data[8:12]
    if kind not in (b"ILBM", b"PBM "):
        raise PictureError(f"this IFF file holds {_name(kind) or 'nothing'}, not a picture")
    chunks = _chunks(data)
    if "BMHD" not in chunks:
        raise PictureError("the picture has no BMHD chunk (its size)")
    if "BODY" not in chunks:
        cut = len(data) < 8 + struct.unpack(">I", data[4:8])[0]
        raise PictureError("the file is cut short before the picture's pixels (BODY)" if cut
                           else "the picture has no BODY chunk (its pixels)")
    header = _header(chunks["BMHD"])
    chunky = kind == b"PBM "
    wanted = _row_bytes(header, chunky) * header.height
    _check_body(chunks["BODY"], header, wanted)
    camg = struct.unpack(">I", chunks["CAMG"][:4])[0] if len(chunks.get("CAMG", b"")) >= 4 else 0
    palette = _palette(chunks.get("CMAP", b""), header.planes)
    body = _unpacked(chunks["BODY"], header, wanted)
    columns, rows = sampling(header.width, header.height, room)
    indices = _chunky_rows(body, header, rows) if chunky else _planar_rows(body, header, rows)
    if camg & CAMG_HAM and not chunky and header.planes in (6, 8):
        shown = [[row[x] for x in columns] for row in _ham_rows(indices, palette, header.planes)]
    else:
        if camg & CAMG_EHB and len(palette) <= 32:
            palette = (palette + [(0, 0, 0)] * 32)[:32]
            palette += [(r >> 1, g >> 1, b >> 1) for r, g, b in palette]
        shown = [[_colour(palette, row[x]) for x in columns] for row in indices]
    return Picture(len(columns), len(rows), shown)


def _name(raw: bytes) -> str:
    """A chunk's name as a message shows it: whatever bytes a damaged file
    has there, escaped where they do not print."""
    return printable(raw.decode("latin-1").strip())


def _chunks(data: bytes) -> dict[str, bytes]:
    """The FORM's chunks by name (the first of each) up to the BODY, checked
    against the file's length."""
    declared = struct.unpack(">I", data[4:8])[0]
    end = min(len(data), 8 + declared)
    found: dict[str, bytes] = {}
    position = 12
    for _ in range(MOST_CHUNKS):
        if position + 8 > end:
            return found
        name = data[position : position + 4].decode("latin-1")
        size = struct.unpack(">I", data[position + 4 : position + 8])[0]
        start = position + 8
        if start + size > len(data):
            if name == "BODY":
                found.setdefault(name, data[start:])  # cut short: reported when it is unpacked
                return found
            raise PictureError(f"the {_name(data[position : position + 4])} chunk runs past the end of the file")
        found.setdefault(name, data[start : start + size])
        if name == "BODY":
            return found  # what follows the pixels is never needed
        position = start + size + (size & 1)
    raise PictureError(f"the file has more than {MOST_CHUNKS:,} chunks before its pixels (BODY)")


def _header(bmhd: bytes) -> Header:
    if len(bmhd) < 20:
        raise PictureError("the BMHD chunk is too short")
    width, height, _x, _y, planes, masking, compression = struct.unpack(">HHhhBBB", bmhd[:11])
    check_size(width, height, 3)  # decoded here as rows of red, green and blue
    if not 1 <= planes <= 8:
        raise PictureError(f"pictures of {planes} bitplanes are not shown (1 to 8 are)")
    if compression not in (0, 1):
        raise PictureError(f"the picture is packed in an unknown way ({compression})")
    return Header(width, height, planes, masking, compression)


def _check_body(body: bytes, header: Header, wanted: int) -> None:
    """A BMHD that claims more pixels than the BODY could ever hold is
    refused at once, before anything is unpacked."""
    most = len(body) * (BYTERUN1_MOST if header.compression else 1)
    if most < wanted:
        raise PictureError(f"the picture's data ends early: the BMHD says {header.width} x {header.height} "
                           f"pixels, and the BODY's {len(body):,} bytes cannot hold them (damaged or cut short)")


def _palette(cmap: bytes, planes: int) -> list[RGB]:
    colours: list[RGB] = [(cmap[i], cmap[i + 1], cmap[i + 2]) for i in range(0, len(cmap) - 2, 3)]
    if not colours:  # no colours given: a grey ramp over the planes' range
        count = 1 << min(planes, 8)
        return [(v, v, v) for v in (i * 255 // max(1, count - 1) for i in range(count))]
    if all(c & 0x0F == 0 for colour in colours for c in colour):
        # Written by a 4-bit-per-gun Amiga: 0xF0 means full brightness.
        colours = [(r | r >> 4, g | g >> 4, b | b >> 4) for r, g, b in colours]
    return colours


def _colour(palette: list[RGB], index: int) -> RGB:
    return palette[index] if index < len(palette) else (0, 0, 0)


def _row_bytes(header: Header, chunky: bool) -> int:
    if chunky:
        return header.width + (header.width & 1)
    plane_bytes = ((header.width + 15) // 16) * 2
    return plane_bytes * (header.planes + (1 if header.masking == MASK_PLANE else 0))


def _unpacked(body: bytes, header: Header, wanted: int) -> bytes:
    """The body's bytes as stored, ``wanted`` of them (ByteRun1 undone)."""
    if header.compression == 0:
        if len(body) < wanted:
            raise PictureError("the picture's data ends early (the file is cut short)")
        return body[:wanted]
    out = bytearray()
    position, size = 0, len(body)
    while len(out) < wanted:
        if position >= size:
            raise PictureError("the picture's packed data ends early (the file is damaged)")
        count = body[position]
        position += 1
        if count < 128:  # the next count + 1 bytes as they are
            take = body[position : position + count + 1]
            if len(take) < count + 1:
                raise PictureError("the picture's packed data ends early (the file is damaged)")
            out += take
            position += count + 1
        elif count > 128:  # the next byte 257 - count times
            if position >= size:
                raise PictureError("the picture's packed data ends early (the file is damaged)")
            out += bytes([body[position]]) * (257 - count)
            position += 1
        # 128 is a no-op
    return bytes(out[:wanted])


def _planar_rows(body: bytes, header: Header, rows: list[int]) -> list[bytes]:
    """Rows ``rows`` as one byte (the colour register) per pixel, from their planes."""
    width, planes = header.width, header.planes
    plane_bytes = ((width + 15) // 16) * 2
    row_bytes = _row_bytes(header, False)
    spread = _SPREAD
    out = []
    for row in rows:
        start = row * row_bytes
        value = 0
        for plane in range(planes):  # any mask plane after these is skipped
            part = body[start + plane * plane_bytes : start + (plane + 1) * plane_bytes]
            value |= int.from_bytes(b"".join([spread[byte] for byte in part]), "big") << plane
        out.append(value.to_bytes(plane_bytes * 8, "big")[:width])
    return out


def _chunky_rows(body: bytes, header: Header, rows: list[int]) -> list[bytes]:
    row_bytes = _row_bytes(header, True)
    return [body[row * row_bytes : row * row_bytes + header.width] for row in rows]


def _ham_rows(indices: list[bytes], palette: list[RGB], planes: int) -> list[list[RGB]]:
    """Hold-And-Modify: the top two bits say whether a pixel takes a colour
    register or keeps its left neighbour's colour with blue, red or green
    changed to the low bits (4 of them in HAM6, 6 in HAM8)."""
    bits = planes - 2
    mask = (1 << bits) - 1

    def scale(value: int) -> int:
        return value * 255 // mask

    rows = []
    for row in indices:
        r, g, b = _colour(palette, 0)
        out = []
        for index in row:
            control, value = index >> bits, index & mask
            if control == 0:
                r, g, b = _colour(palette, value)
            elif control == 1:
                b = scale(value)
            elif control == 2:
                r = scale(value)
            else:
                g = scale(value)
            out.append((r, g, b))
        rows.append(out)
    return rows

"""Picture files made up on the spot, honest or hostile, for the tests and
benchmarks of the picture readers: IFF ILBM and PBM (guide/ilbm.py), and
PNG, GIF, JPEG and BMP headers (guide/pictureheaders.py). Each format's
rules are applied backwards, so the readers are checked against files we
made, with no picture library. Among them the bombs of issue 33 (G1):
small files that declare pictures of 121 million pixels."""

from __future__ import annotations

import struct
import zlib

from .ilbm import MASK_PLANE
from .picture import RGB

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_chunk(name: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + name + data + struct.pack(">I", zlib.crc32(name + data))


def png(width: int, height: int, depth: int = 8, colour: int = 2, *, idat: bytes | None = None,
        extra: bytes = b"", interlace: int = 0) -> bytes:
    """A PNG of blank pixels (or of the compressed data ``idat``), with
    ``extra`` chunks between its header and its pixels."""
    if idat is None:
        channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
        row = 1 + (width * channels * depth + 7) // 8
        idat = zlib.compress(bytes(row * height), 9)
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace)
    return (PNG_SIGNATURE + png_chunk(b"IHDR", header) + extra + png_chunk(b"IDAT", idat)
            + png_chunk(b"IEND", b""))


def png_bomb(side: int = 11_000) -> bytes:
    """G1: a 1-bit grey PNG of ``side`` x ``side`` blank pixels: 14.8 KB at
    11,000, which cost the viewer 27.8 s and 506 MB."""
    return png(side, side, depth=1, colour=0)


def zeros_compressed(size: int) -> bytes:
    """``size`` zero bytes, deflated (about a thousandth of the size)."""
    packer = zlib.compressobj(9)
    block = bytes(1 << 20)
    parts = [packer.compress(block) for _ in range(size >> 20)]
    parts.append(packer.compress(bytes(size & ((1 << 20) - 1))))
    return b"".join(parts) + packer.flush()


TINY_LZW = bytes([0x44, 0x01])  # LZW of one pixel of colour 0 (clear, 0, end) at 2 bits


def gif(screen: tuple[int, int], frames: list[tuple[int, int]], *, comment_blocks: int = 0) -> bytes:
    """A GIF89a with a 2-colour table, a comment of ``comment_blocks``
    one-byte blocks, and one tiny frame of each size in ``frames``."""
    out = [b"GIF89a", struct.pack("<HHBBB", *screen, 0x80, 0, 0), b"\0\0\0\xff\xff\xff"]
    if comment_blocks:
        out.append(b"\x21\xfe" + b"\x01x" * comment_blocks + b"\0")
    for width, height in frames:
        out.append(b"\x2c" + struct.pack("<HHHHB", 0, 0, width, height, 0) + b"\x02"
                   + bytes([len(TINY_LZW)]) + TINY_LZW + b"\0")
    out.append(b"\x3b")
    return b"".join(out)


def jpeg_segment(marker: int, payload: bytes) -> bytes:
    return b"\xff" + bytes([marker]) + struct.pack(">H", len(payload) + 2) + payload


def progressive_jpeg(width: int, height: int, scans: int = 1) -> bytes:
    """A progressive JPEG of one grey component: a DC scan of zeros, then
    ``scans`` more AC scans that are each a few end-of-band runs, the
    cheapest file per scan a hostile writer can make."""
    blocks = ((width + 7) // 8) * ((height + 7) // 8)
    counts = bytes([1] + [0] * 15)
    out = [b"\xff\xd8", jpeg_segment(0xDB, b"\x00" + b"\x01" * 64),
           jpeg_segment(0xC2, struct.pack(">BHHB", 8, height, width, 1) + b"\x01\x11\x00"),
           jpeg_segment(0xC4, b"\x00" + counts + b"\x00"), jpeg_segment(0xC4, b"\x10" + counts + b"\xe0"),
           jpeg_segment(0xDA, b"\x01\x01\x00\x00\x00\x00") + bytes((blocks + 7) // 8)]
    runs = (blocks + 16383) // 16384
    scan = jpeg_segment(0xDA, b"\x01\x01\x00\x01\x3f\x00") + bytes((runs * 15 + 7) // 8)
    return b"".join(out) + scan * (scans - 1) + b"\xff\xd9"


def bmp(width: int, height: int, depth: int = 24, *, packing: int = 0, colours: int = 0,
        header_size: int = 40) -> bytes:
    """A BMP header (and no more pixels than a header reader needs)."""
    if header_size == 12:
        info = struct.pack("<IHHHH", 12, width, height, 1, depth)
    else:
        info = struct.pack("<IiiHHIIiiII", header_size, width, height, 1, depth, packing, 0, 2835, 2835, colours, 0)
        info = info[:header_size] + bytes(max(0, header_size - len(info)))
    return b"BM" + struct.pack("<IHHI", 14 + len(info), 0, 0, 14 + len(info)) + info


def every_colour_png(side: int = 1024) -> bytes:
    """A ``side`` x ``side`` truecolour PNG whose pixels are each of another
    colour (red counts along a row, blue steps every 256 pixels, green down
    the rows), which packs to almost nothing: the most work Pyxel's loader
    can be given for its size (it matches each new colour to its palette)."""
    rows = []
    for y in range(side):
        deltas = bytearray(3 * (side - 1))
        for x in range(1, side):
            deltas[3 * (x - 1)] = 1
            if x % 256 == 0:
                deltas[3 * (x - 1) + 2] = 1
        rows.append(b"\x01" + bytes([0, y & 255, (y >> 8) << 4]) + bytes(deltas))  # the Sub filter
    return png(side, side, 8, 2, idat=zlib.compress(b"".join(rows), 9))


# -- IFF ILBM and PBM -----------------------------------------------------------


def pack_byterun1(row: bytes) -> bytes:
    """ByteRun1: runs of three or more equal bytes as a repeat, the rest as literals."""
    out = bytearray()
    literal = bytearray()
    position = 0
    while position < len(row):
        run = 1
        while position + run < len(row) and run < 128 and row[position + run] == row[position]:
            run += 1
        if run >= 3:
            if literal:
                out += bytes([len(literal) - 1]) + literal
                literal = bytearray()
            out += bytes([257 - run, row[position]])
            position += run
        else:
            literal.append(row[position])
            position += 1
            if len(literal) == 128:
                out += bytes([127]) + literal
                literal = bytearray()
    if literal:
        out += bytes([len(literal) - 1]) + literal
    return bytes(out)


def write_ilbm(indices: list[list[int]], palette: list[RGB], planes: int, *, packed: bool = True,
               camg: int = 0, mask: bool = False, chunky: bool = False) -> bytes:
    """An ILBM (or, with ``chunky``, PBM) file of colour-register rows."""
    height, width = len(indices), len(indices[0])
    bmhd = struct.pack(">HHhhBBBBHBBhh", width, height, 0, 0, planes, MASK_PLANE if mask else 0,
                       1 if packed else 0, 0, 0, 10, 11, width, height)
    body = bytearray()
    plane_bytes = ((width + 15) // 16) * 2
    for row in indices:
        parts = []
        if chunky:
            parts.append(bytes(row) + (b"\0" if width & 1 else b""))
        else:
            for plane in range(planes + (1 if mask else 0)):
                bits = 0
                for x, index in enumerate(row):
                    on = 1 if plane == planes else (index >> plane) & 1  # a mask plane: all set
                    bits |= on << (plane_bytes * 8 - 1 - x)
                parts.append(bits.to_bytes(plane_bytes, "big"))
        for part in parts:
            body += pack_byterun1(part) if packed else part
    chunks = [(b"BMHD", bmhd), (b"CMAP", bytes(c for colour in palette for c in colour))]
    if camg:
        chunks.append((b"CAMG", struct.pack(">I", camg)))
    chunks.append((b"BODY", bytes(body)))
    content = b"PBM " if chunky else b"ILBM"
    for name, data in chunks:
        content += name + struct.pack(">I", len(data)) + data + (b"\0" if len(data) & 1 else b"")
    return b"FORM" + struct.pack(">I", len(content)) + content

"""ILBM and PBM files written by the tests themselves: the format's rules
applied backwards, so the reader is checked against files we made."""

from __future__ import annotations

import struct

from amigasweeper.guide.ilbm import MASK_PLANE, RGB


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

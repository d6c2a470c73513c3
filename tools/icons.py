#!/usr/bin/env python3
"""Build the program's icon from its text art, in the three files the desktop
systems want, written here without an image library (and the Linux
archive's .desktop file, which names the icon):

    python3 tools/icons.py [--out DIR]      (build/icons/ by default)

amigasweeper.png   256x256, for the Linux archive and its .desktop file
amigasweeper.ico   Windows: 16, 32, 48, 64, 128 and 256 pixels (PyInstaller's --icon)
amigasweeper.icns  macOS: 16 to 512 pixels (the .app bundle's icon)

The art is tools/art/program_icon/minesweeper.txt: drawn at 16 and 32 pixels
in the Workbench's pens; every larger size is the 32 scaled up by whole
pixels, so the icon stays pixel art. Each size is a PNG (an ICO and an ICNS
may hold PNGs: Windows Vista and Mac OS X 10.7 on read them).

tools/package.py builds these while packaging; nothing here runs at play time.
"""

from __future__ import annotations

import argparse
import re
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ART = ROOT / "tools" / "art" / "program_icon" / "minesweeper.txt"
NAME = "amigasweeper"
CLEAR = "_"
# The Workbench's pens (amigasweeper/ui/intuition/palette.py), by the art's characters.
COLOURS = {".": 0xAAAAAA, "#": 0x000000, "o": 0xFFFFFF, "b": 0x6688BB, "r": 0xEE4444, "y": 0xEE9900}
DRAWN = (16, 32)
ICO_SIZES = (16, 32, 48, 64, 128, 256)
# ICNS element types that hold a PNG, by size in pixels.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
PNG_SIZE = 256

Pixels = list[list[tuple[int, int, int, int]]]  # rows of RGBA


class IconError(ValueError):
    """The art file is not what the builder needs (says where)."""


def read_art(path: Path = ART) -> dict[int, list[str]]:
    """The art's blocks by size: `== 32` then 32 rows of 32 characters."""
    blocks: dict[int, list[str]] = {}
    size = None
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.rstrip()
        if not line or line.startswith(";"):
            continue
        header = re.fullmatch(r"== (\d+)", line)
        if header:
            size = int(header.group(1))
            if size in blocks:
                raise IconError(f"{path.name}:{number}: a second block of size {size}")
            blocks[size] = []
        elif size is None:
            raise IconError(f"{path.name}:{number}: art before the first '== SIZE' header")
        else:
            unknown = set(line) - COLOURS.keys() - {CLEAR}
            if len(line) != size or unknown:
                raise IconError(f"{path.name}:{number}: a row of {size} characters of the legend, not {line!r}")
            blocks[size].append(line)
    for size, rows in blocks.items():
        if len(rows) != size:
            raise IconError(f"{path.name}: the {size} block has {len(rows)} rows")
    if set(blocks) != set(DRAWN):
        raise IconError(f"{path.name}: blocks of sizes {sorted(blocks)}, not {list(DRAWN)}")
    return blocks


def pixels(rows: list[str], scale: int = 1) -> Pixels:
    """The art's RGBA pixels, each drawn pixel `scale` x `scale`."""
    def rgba(char: str) -> tuple[int, int, int, int]:
        if char == CLEAR:
            return (0, 0, 0, 0)
        colour = COLOURS[char]
        return (colour >> 16, (colour >> 8) & 0xFF, colour & 0xFF, 0xFF)

    out = []
    for row in rows:
        line = [rgba(char) for char in row for _ in range(scale)]
        out += [line] * scale
    return out


def icon_at(blocks: dict[int, list[str]], size: int) -> Pixels:
    """The icon `size` pixels wide: a drawn block, or the largest drawn one
    that divides the size, scaled up."""
    for drawn in sorted(DRAWN, reverse=True):
        if size % drawn == 0:
            return pixels(blocks[drawn], size // drawn)
    raise IconError(f"no drawn size divides {size}")


def png(image: Pixels) -> bytes:
    """A PNG of RGBA pixels, 8 bits a channel, each row unfiltered."""
    height, width = len(image), len(image[0])

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\0" + bytes(channel for pixel in row for channel in pixel) for row in image)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA, no interlace
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def ico(images: dict[int, bytes]) -> bytes:
    """A Windows icon holding a PNG for each size: the ICONDIR header, one
    16-byte entry a size (0 stands for 256), then the PNGs."""
    header = struct.pack("<HHH", 0, 1, len(images))
    entries, offset = b"", 6 + 16 * len(images)
    for size, data in sorted(images.items()):
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(data for _, data in sorted(images.items()))


def icns(images: dict[int, bytes]) -> bytes:
    """A macOS icon family: 'icns' and the whole length, then for each size
    its type, the element's length (with these 8 bytes) and the PNG."""
    body = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(data)) + data for size, data in sorted(images.items()))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


DESKTOP_ENTRY = """\
[Desktop Entry]
Type=Application
Name=AmigaSweeper
GenericName=Minesweeper
Comment=MineSweeper 2.4 for the Amiga, on a Workbench screen
Exec={name}
TryExec={name}
Icon={name}
Terminal=false
Categories=Game;LogicGame;
"""


def desktop_entry() -> str:
    """The Linux archive's .desktop file: it runs `amigasweeper` from the PATH
    and shows the icon installed under the same name (docs/PACKAGING.md says where
    each file goes)."""
    return DESKTOP_ENTRY.format(name=NAME)


def build(out: Path, art: Path = ART) -> dict[str, Path]:
    """Write the PNG, the ICO and the ICNS into `out`; return them by suffix."""
    blocks = read_art(art)
    pngs = {size: png(icon_at(blocks, size)) for size in {*ICO_SIZES, *ICNS_TYPES, PNG_SIZE}}
    out.mkdir(parents=True, exist_ok=True)
    files = {
        ".png": (pngs[PNG_SIZE]),
        ".ico": ico({size: pngs[size] for size in ICO_SIZES}),
        ".icns": icns({size: pngs[size] for size in ICNS_TYPES}),
    }
    written = {}
    for suffix, data in files.items():
        path = out / f"{NAME}{suffix}"
        path.write_bytes(data)
        written[suffix] = path
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/icons.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "icons", help="where the icons go (build/icons/)")
    args = parser.parse_args(argv)
    try:
        written = build(args.out)
    except IconError as error:
        print(f"icons: {error}", file=sys.stderr)
        return 1
    for path in written.values():
        print(f"icons: built {path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

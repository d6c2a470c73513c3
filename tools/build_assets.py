#!/usr/bin/env python3
"""Build assets.pyxres (at the top of the repository) from the text art in tools/art/.

Every bitmap of the program is drawn as text in tools/art/*.txt (see
tools/art/README.md for the format and the pen legend). This script parses
those files, checks them, places every sprite where amigasweeper/ui/intuition/atlas.py
says, and saves the image banks with Pyxel itself.

    python3 tools/build_assets.py                  # rebuild the resource file
    python3 tools/build_assets.py --sheet out.png  # also render a contact sheet

Malformed art (a row of the wrong width, a character outside the legend, a
missing, unknown or repeated block) stops the build with an ArtError that
names the file and line.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from amigasweeper.ui.intuition.atlas import (  # noqa: E402
    BANK_SIZE,
    FAMILIES,
    FONT,
    POINTER,
    SHAPE_KEY,
    SHAPE_SPANS,
    TRANSPARENT,
    Cell,
    Face,
    Gadget,
    Sprite,
    digit,
    number_cell,
)
from amigasweeper.ui.intuition.palette import RGB, Pen  # noqa: E402

ART_DIR = ROOT / "tools" / "art"
RESOURCE = ROOT / "assets.pyxres"  # at the top, as the design card lays out the repository
BANKS = (0, 1, 2)

# One character per pen. Digits and A-C are the number pens so that a number
# cell's art shows which number it is.
LEGEND: dict[str, Pen] = {
    ".": Pen.GREY,  # also the transparent key of the font, faces and pointer
    "#": Pen.BLACK,
    "o": Pen.WHITE,
    "b": Pen.BLUE,
    "r": Pen.RED,
    "g": Pen.GREEN,
    "d": Pen.DARK_BLUE,
    "y": Pen.ORANGE,
    **{str(n): Pen(Pen.NUM1 + n - 1) for n in range(1, 10)},
    "A": Pen.NUM10,
    "B": Pen.NUM11,
    "C": Pen.NUM12,
    "+": Pen.DIGIT_ON,
    "-": Pen.DIGIT_OFF,
    "_": SHAPE_KEY,  # outside a hexagon or triangle cell (the shaped families only)
}
OUTSIDE = "_"
# The font is recoloured at draw time by mapping its one ink pen, so it may
# hold nothing but ink and the transparent key.
FONT_LEGEND: dict[str, Pen] = {".": Pen.GREY, "#": Pen.BLACK}

# Every glyph the font must define: our symbols, printable ASCII, all of Latin-1's
# upper half. Codes left out (other controls, DEL, 0x80-0x9F) stay blank.
REQUIRED_GLYPHS = frozenset([*range(0x01, 0x0A), *range(0x20, 0x7F), *range(0xA0, 0x100)])

HEADER = re.compile(r"^==\s+(\S+)(?:\s.*)?$")
COMMENT = ";"


class ArtError(ValueError):
    """The art source is malformed; the message says where."""


@dataclass(frozen=True)
class Block:
    """One named picture of an art file: its header name and its rows."""

    name: str
    rows: tuple[str, ...]
    source: str  # "file:line" of the header, for error messages


# --- Parsing -----------------------------------------------------------------


def parse_art(text: str, source: str) -> list[Block]:
    """Split an art file into blocks. Lines starting with ';' and blank lines are
    ignored; every other line belongs to the block of the last '== NAME' header."""
    blocks: list[Block] = []
    name, rows, where = None, [], ""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line or line.startswith(COMMENT):
            continue
        header = HEADER.match(line)
        if header:
            if name is not None:
                blocks.append(Block(name, tuple(rows), where))
            name, rows, where = header.group(1), [], f"{source}:{number}"
        elif name is None:
            raise ArtError(f"{source}:{number}: art before the first '== NAME' header")
        else:
            rows.append(line)
    if name is not None:
        blocks.append(Block(name, tuple(rows), where))
    return blocks


def to_pixels(block: Block, w: int, h: int, legend: dict[str, Pen]) -> list[list[int]]:
    """The block's pens, after checking it is exactly w x h and uses the legend."""
    if len(block.rows) != h:
        raise ArtError(f"{block.source}: {block.name} has {len(block.rows)} rows, expected {h}")
    pixels = []
    for i, row in enumerate(block.rows):
        if len(row) != w:
            raise ArtError(f"{block.source}: {block.name} row {i} is {len(row)} wide, expected {w}: {row!r}")
        unknown = sorted(set(row) - legend.keys())
        if unknown:
            raise ArtError(f"{block.source}: {block.name} row {i} uses {unknown}, not in the legend")
        pixels.append([int(legend[ch]) for ch in row])
    return pixels


def index_blocks(blocks: list[Block], wanted: set[str], family: str) -> dict[str, Block]:
    """Blocks by name, insisting on exactly the wanted names, each once."""
    found: dict[str, Block] = {}
    for block in blocks:
        if block.name in found:
            raise ArtError(f"{block.source}: {family} block {block.name} defined twice")
        if block.name not in wanted:
            raise ArtError(f"{block.source}: {family} has no sprite named {block.name}")
        found[block.name] = block
    missing = sorted(wanted - found.keys())
    if missing:
        raise ArtError(f"{family}: missing blocks {missing}")
    return found


def glyph_code(block: Block) -> int:
    """The Latin-1 code of a font block named like '0x41'."""
    try:
        code = int(block.name, 16) if block.name.lower().startswith("0x") else -1
    except ValueError:
        code = -1
    if not 0 <= code < FONT.codes:
        raise ArtError(f"{block.source}: font block name {block.name!r} is not a code 0x00..0xFF")
    return code


# --- Placing -----------------------------------------------------------------


def blank_banks() -> dict[int, list[list[int]]]:
    return {bank: [[0] * BANK_SIZE for _ in range(BANK_SIZE)] for bank in BANKS}


def place(images: dict[int, list[list[int]]], sprite: Sprite, pixels: list[list[int]]) -> None:
    bank = images[sprite.bank]
    for dy, row in enumerate(pixels):
        bank[sprite.y + dy][sprite.x : sprite.x + sprite.w] = row


def place_font(images: dict[int, list[list[int]]], text: str, source: str) -> None:
    blocks = parse_art(text, source)
    by_code = {glyph_code(b): b for b in blocks}
    if len(by_code) != len(blocks):
        raise ArtError(f"{source}: a glyph is defined twice")
    missing = sorted(REQUIRED_GLYPHS - by_code.keys())
    if missing:
        raise ArtError(f"{source}: missing glyphs {', '.join(f'0x{c:02X}' for c in missing)}")
    for code, block in by_code.items():
        place(images, FONT.glyph(code), to_pixels(block, FONT.cell, FONT.cell, FONT_LEGEND))


def check_outline(block: Block, pixels: list[list[int]], spans: tuple[tuple[int, int] | None, ...]) -> None:
    """A hexagon or triangle is drawn on the colour key exactly outside its outline:
    the key (written OUTSIDE) there, and never inside, where it would be a hole."""
    for y, (row, span) in enumerate(zip(pixels, spans)):
        for x, pen in enumerate(row):
            inside = span is not None and span[0] <= x <= span[1]
            if inside == (pen == SHAPE_KEY):
                where = "inside the cell uses the colour key" if inside else "outside the cell must be"
                raise ArtError(f"{block.source}: {block.name} row {y} column {x}: {where} {OUTSIDE!r}")


def place_family(images: dict[int, list[list[int]]], family: str, text: str, source: str) -> None:
    sprites = FAMILIES[family]
    blocks = index_blocks(parse_art(text, source), set(sprites), family)
    outlines = SHAPE_SPANS.get(family, {})
    for name, sprite in sprites.items():
        block = blocks[name]
        pixels = to_pixels(block, sprite.w, sprite.h, LEGEND)
        if name in outlines:
            check_outline(block, pixels, outlines[name])
        elif any(OUTSIDE in row for row in block.rows):
            raise ArtError(f"{block.source}: {name}: {OUTSIDE!r} belongs to hexagon and triangle art only")
        place(images, sprite, pixels)


def read_art(art_dir: Path, family: str) -> tuple[str, str]:
    path = art_dir / f"{family}.txt"
    if not path.is_file():
        raise ArtError(f"{path}: art file missing")
    return path.read_text(encoding="utf-8"), path.name


def build_images(art_dir: Path = ART_DIR) -> dict[int, list[list[int]]]:
    """Every image bank (0..2) as 256 rows of 256 pens, from the art sources."""
    images = blank_banks()
    place_font(images, *read_art(art_dir, "font"))
    for family in FAMILIES:
        place_family(images, family, *read_art(art_dir, family))
    return images


# --- Writing -----------------------------------------------------------------


def init_pyxel() -> None:
    """A headless Pyxel with our palette, so the banks show in the right colours."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # no sound card needed to build images
    import pyxel

    # The screen is only used for the contact sheet, which is taller than a PAL one.
    pyxel.init(SHEET_W, SHEET_H, title="build_assets", quit_key=pyxel.KEY_NONE, headless=True)
    pyxel.colors[:] = [RGB[pen] for pen in Pen]


def load_banks(images: dict[int, list[list[int]]]) -> None:
    import pyxel

    for bank, rows in images.items():
        image = pyxel.images[bank]
        image.cls(0)
        for y, row in enumerate(rows):
            for x, pen in enumerate(row):
                if pen:
                    image.pset(x, y, pen)


def write_resource(path: Path = RESOURCE) -> None:
    """Save the loaded banks. Pyxel writes the file deterministically (fixed zip
    timestamps), so an unchanged source gives a byte-identical resource."""
    import pyxel

    pyxel.save(str(path))


# --- The contact sheet: every sprite at 1x, to look at -------------------------

SHEET_W, SHEET_H = 320, 352
KEYED_FAMILIES = {"faces": TRANSPARENT, "pointer": TRANSPARENT, "hexes": SHAPE_KEY, "triangles": SHAPE_KEY}
SAMPLE_TEXT = ("The quick brown fox 0123456789 ÄÖÜ", "jumps over the lazy dog? äöüß éèêàá çñ")


def _blt(pyxel, x: int, y: int, sprite: Sprite, colkey: int | None = None) -> None:
    pyxel.blt(x, y, sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h, colkey)


def draw_contact_sheet(path: Path) -> None:
    """Every sprite and a font sample at 1x, and a mock game window, saved at scale 3."""
    import pyxel

    from amigasweeper.ui.intuition import font

    pyxel.cls(Pen.GREY)
    y = _sheet_font_grid(pyxel, 2)
    _sheet_mock_window(pyxel, 236, y + 4)
    y = max(_sheet_sprites(pyxel, y + 4), y + 4 + _MOCK_H + 4)
    for i, line in enumerate(SAMPLE_TEXT):
        font.draw_text(4, y + i * 9, line)
    y += 2 * 9 + 2
    font.draw_text(4, y, "Bold", bold=True)
    font.draw_text(44, y, "Italic", italic=True)
    font.draw_text(100, y, "Underline", underline=True)
    font.draw_text(180, y, " Game ", pen=Pen.BLACK, bg=Pen.WHITE)
    font.draw_text(232, y, "Fill", pen=Pen.BLACK, bg=Pen.BLUE)
    _sheet_shape_boards(pyxel, 4, y + 12)
    pyxel.screenshot(str(path), scale=3)


def _sheet_font_grid(pyxel, top: int) -> int:
    """The whole font sheet, twice: black on grey and white on blue."""
    sheet = FONT.sheet
    _blt(pyxel, 2, top, sheet, TRANSPARENT)
    pyxel.rect(134, top, sheet.w, sheet.h, Pen.BLUE)
    pyxel.pal(FONT.ink, Pen.WHITE)
    _blt(pyxel, 134, top, sheet, TRANSPARENT)
    pyxel.pal()
    return top + sheet.h


def _sheet_sprites(pyxel, top: int) -> int:
    """Each family on its own line, with a gap between sprites."""
    y = top
    for family, sprites in FAMILIES.items():
        x, height = 2, 0
        for sprite in sprites.values():
            if x + sprite.w > SPRITES_RIGHT:
                x, y, height = 2, y + height + 2, 0
            _blt(pyxel, x, y, sprite, KEYED_FAMILIES.get(family))
            x += sprite.w + 2
            height = max(height, sprite.h)
        y += height + 3
    return y


SPRITES_RIGHT = 232  # the family lines stop short of the mock window


# Small hexagonal and triangular boards holding every kind of cell, placed by the
# game's own geometry, to judge how the shaped cells tile. Same letters as the
# mock window's board; numbers are hexadecimal digits.
_MOCK_HEX = ("ccccfcccc", "cc1211ccc", "c12...1qc", "c3456..pc", "cmxwsH..c")
_MOCK_TRI = ("ccccfccccccccccc", "cc12211ccqcccccc", "c12.....1ccpcccc", "cc3456789ABC..cc", "cmxwsH......cccc")


def _sheet_shape_boards(pyxel, x: int, y: int) -> None:
    from amigasweeper.engine import Shape, make_topology
    from amigasweeper.ui.game.geometry import geometry_for

    for shape, rows, bx in ((Shape.HEX, _MOCK_HEX, x), (Shape.TRIANGLE, _MOCK_TRI, x + 84)):
        geometry = geometry_for(make_topology(shape, len(rows[0]), len(rows)))
        for row, line in enumerate(rows):
            for col, ch in enumerate(line):
                look = _MOCK_CELLS.get(ch) or number_cell(int(ch, 16))
                geometry.blit_cell(pyxel.screen, geometry.topology.index(col, row), look, bx, y)


# A small game window, to judge the sprites together as the player sees them.
_MOCK_BOARD = ("ccccfccc", "cc1211cc", "c12..1qc", "c1...1cc", "c2..12cc", "cc3456cc", "cmxwsHpc", "cc789ABC")
_MOCK_W, _MOCK_H = 80, 108
_MOCK_CELLS = {
    "c": Cell.COVERED, "f": Cell.FLAG, ".": Cell.UNCOVERED, "q": Cell.QUESTION, "m": Cell.MINE,
    "x": Cell.MINE_HIT, "w": Cell.WRONG_MARK, "s": Cell.HINT_SAFE, "H": Cell.HINT_MINE, "p": Cell.PRESSED,
}


def _sheet_mock_window(pyxel, x: int, y: int) -> None:
    from amigasweeper.ui.intuition import font

    w, h = _MOCK_W, _MOCK_H
    pyxel.rect(x, y, w, h, Pen.BLUE)
    pyxel.line(x, y, x + w - 1, y, Pen.WHITE)
    pyxel.line(x, y, x, y + h - 1, Pen.WHITE)
    pyxel.line(x + w - 1, y, x + w - 1, y + h - 1, Pen.BLACK)
    pyxel.line(x, y + h - 1, x + w - 1, y + h - 1, Pen.BLACK)
    _blt(pyxel, x, y, Gadget.CLOSE.sprite)
    _blt(pyxel, x + w - 18, y, Gadget.DEPTH.sprite)
    font.draw_text(x + 18, y + 2, "Mines", Pen.BLACK)
    pyxel.rect(x + 4, y + 11, w - 8, h - 13, Pen.GREY)
    for i, ch in enumerate(" 10"):
        _blt(pyxel, x + 7 + i * 7, y + 15, digit(ch).sprite)
    for i, ch in enumerate("-42"):
        _blt(pyxel, x + w - 28 + i * 7, y + 15, digit(ch).sprite)
    _blt(pyxel, x + 32, y + 13, Face.SMILE.sprite, TRANSPARENT)
    for row, line in enumerate(_MOCK_BOARD):
        for col, ch in enumerate(line):
            cell = _MOCK_CELLS.get(ch) or number_cell(int(ch, 16))
            _blt(pyxel, x + 8 + col * 8, y + 34 + row * 8, cell.sprite)
    _blt(pyxel, x + 50, y + 60, POINTER.sprite, POINTER.colkey)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheet", type=Path, help="also save a contact sheet PNG (scale 3) here")
    parser.add_argument("--output", type=Path, default=RESOURCE, help="the .pyxres to write")
    args = parser.parse_args(argv)
    images = build_images()
    init_pyxel()
    load_banks(images)
    write_resource(args.output)
    print(f"wrote {args.output}")
    if args.sheet:
        draw_contact_sheet(args.sheet)
        print(f"wrote {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The bitmap art: its sources, the atlas, and the built resource file agree."""

from __future__ import annotations

import itertools
import shutil
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from amigasweeper.ui.intuition.atlas import (
    BANK_SIZE,
    FAMILIES,
    FONT,
    HEX_LOOKS,
    POINTER,
    SHAPE_KEY,
    SHAPE_SPANS,
    TRI_LOOKS,
    Cell,
    Digit,
    Face,
    Gadget,
    Glyph,
    Sprite,
    all_sprites,
    digit,
    hex_sprite,
    number_cell,
    triangle_name,
    triangle_sprite,
)
from amigasweeper.ui.intuition.palette import Pen, number_pen

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_assets  # noqa: E402

REBUILD = "assets.pyxres is stale: run `python3 tools/build_assets.py` and commit the result"


@pytest.fixture(scope="module")
def images() -> dict[int, list[list[int]]]:
    return build_assets.build_images()


def crop(images: dict[int, list[list[int]]], sprite: Sprite) -> list[list[int]]:
    return [row[sprite.x : sprite.right] for row in images[sprite.bank][sprite.y : sprite.bottom]]


def glyph(images, code: int) -> list[list[int]]:
    return crop(images, FONT.glyph(code))


def pens(pixels: list[list[int]]) -> set[int]:
    return {pen for row in pixels for pen in row}


def expand(rows: list[list[int]], size: int) -> list[list[int]]:
    """Undo pyxel's resource compression: a row (and the list of rows) stands
    for itself followed by repeats of its last element."""
    rows = [row + [row[-1]] * (size - len(row)) for row in rows]
    return rows + [rows[-1]] * (size - len(rows))


def stored_banks() -> list[list[list[int]]]:
    with zipfile.ZipFile(build_assets.RESOURCE) as archive:
        resource = tomllib.loads(archive.read("pyxel_resource.toml").decode("utf-8"))
    return [expand(image["data"], BANK_SIZE) for image in resource["images"]]


# --- The resource file is built from the sources -----------------------------


def test_resource_is_up_to_date(images):
    assert build_assets.RESOURCE.is_file(), REBUILD
    stored = stored_banks()
    for bank, rows in images.items():
        for y, row in enumerate(rows):
            assert stored[bank][y] == row, f"bank {bank} row {y} differs. {REBUILD}"


def test_build_is_deterministic(images):
    assert build_assets.build_images() == images


# --- The atlas ---------------------------------------------------------------


def test_every_sprite_is_inside_its_bank():
    outside = [name for name, sprite in all_sprites().items() if not sprite.inside_bank()]
    assert not outside


def test_no_two_sprites_overlap():
    clashes = [
        (a, b)
        for (a, sa), (b, sb) in itertools.combinations(all_sprites().items(), 2)
        if sa.overlaps(sb)
    ]
    assert not clashes


def test_font_glyphs_tile_the_sheet():
    assert FONT.glyph(0) == Sprite(0, 0, 0, 8, 8)
    assert FONT.glyph(0x41) == Sprite(0, 8, 32, 8, 8)
    assert FONT.glyph(0xFF) == Sprite(0, 120, 120, 8, 8)
    with pytest.raises(ValueError):
        FONT.glyph(256)


def test_lookup_helpers():
    assert number_cell(12) is Cell.NUMBER_12
    assert [digit(ch) for ch in "-7 "] == [Digit.MINUS, Digit.SEVEN, Digit.BLANK]
    assert Gadget.DEPTH.selected is Gadget.DEPTH_SELECTED
    assert Gadget.DEPTH_SELECTED.selected is Gadget.DEPTH_SELECTED
    assert Glyph.AMIGA_KEY.char == "\x02"


# --- The font ----------------------------------------------------------------

PRINTABLE = range(0x21, 0x7F)
LATIN1_INKED = range(0xA1, 0x100)  # all but the no-break space


def has_ink(pixels) -> bool:
    return Pen.BLACK in pens(pixels)


def test_printable_ascii_glyphs_have_ink(images):
    blank = [chr(c) for c in PRINTABLE if not has_ink(glyph(images, c))]
    assert not blank


def test_latin1_and_symbol_glyphs_have_ink(images):
    codes = [*LATIN1_INKED, *(g.value for g in Glyph)]
    blank = [hex(c) for c in codes if not has_ink(glyph(images, c))]
    assert not blank


def test_space_and_no_break_space_are_blank(images):
    assert not has_ink(glyph(images, 0x20))
    assert not has_ink(glyph(images, 0xA0))


def test_inked_glyphs_are_pairwise_distinct(images):
    seen: dict[tuple, int] = {}
    for code in [*PRINTABLE, *LATIN1_INKED, *(g.value for g in Glyph)]:
        key = tuple(map(tuple, glyph(images, code)))
        assert key not in seen, f"{chr(code)!r} looks exactly like {chr(seen[key])!r}"
        seen[key] = code


def test_font_is_ink_on_the_transparent_key(images):
    assert pens(crop(images, FONT.sheet)) == {Pen.GREY, Pen.BLACK}


def row_has_ink(pixels, row: int) -> bool:
    return Pen.BLACK in pixels[row]


def test_topaz_metrics(images):
    """Capitals and digits stand on the baseline (row 6); only descenders use row 7;
    column 7 is the gap between letters."""
    for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefhiklmnorstuvwxz":
        pixels = glyph(images, ord(ch))
        assert row_has_ink(pixels, FONT.baseline), ch
        assert not row_has_ink(pixels, FONT.baseline + 1), ch
        assert all(row[7] == Pen.GREY for row in pixels), ch
    for ch in "gjpqy":
        assert row_has_ink(glyph(images, ord(ch)), 7), ch
    for ch in "ABHT":
        assert row_has_ink(glyph(images, ord(ch)), 0), ch  # cap height 7
    for ch in "acemnorsuvwxz":
        pixels = glyph(images, ord(ch))
        assert not row_has_ink(pixels, 0) and not row_has_ink(pixels, 1), ch  # x-height 5


# --- The sprites -------------------------------------------------------------

NUMBER_PENS = {int(number_pen(n)) for n in range(1, 13)}


def test_numbers_use_their_own_pen(images):
    for n in range(1, 13):
        used = pens(crop(images, number_cell(n).sprite))
        assert number_pen(n) in used, n
        assert used & NUMBER_PENS == {number_pen(n)}, n


def test_uncovered_and_covered_differ_in_four_colours(images):
    """Told apart with only the Workbench 2 pens (numbers recoloured to black)."""
    four = {Pen.GREY, Pen.BLACK, Pen.WHITE, Pen.BLUE}
    for cell in (Cell.COVERED, Cell.PRESSED, Cell.UNCOVERED, Cell.FLAG, Cell.QUESTION):
        assert pens(crop(images, cell.sprite)) <= four | {Pen.RED}, cell
    kinds = {tuple(map(tuple, crop(images, c.sprite))) for c in (Cell.COVERED, Cell.PRESSED, Cell.UNCOVERED)}
    assert len(kinds) == 3


def test_digits_are_lit_and_unlit_segments_on_black(images):
    for d in Digit:
        assert pens(crop(images, d.sprite)) <= {Pen.BLACK, Pen.DIGIT_ON, Pen.DIGIT_OFF}, d
    assert Pen.DIGIT_OFF not in pens(crop(images, Digit.EIGHT.sprite))
    assert Pen.DIGIT_ON not in pens(crop(images, Digit.BLANK.sprite))
    lit = {d: sum(row.count(Pen.DIGIT_ON) for row in crop(images, d.sprite)) for d in Digit}
    assert len({lit[d] for d in (Digit.ONE, Digit.SEVEN, Digit.FOUR, Digit.EIGHT)}) == 4


def test_faces_are_orange_and_distinct(images):
    faces = [crop(images, f.sprite) for f in Face]
    assert all(Pen.ORANGE in pens(face) for face in faces)
    assert len({tuple(map(tuple, face)) for face in faces}) == len(faces)


def test_selected_gadgets_swap_shine_and_shadow(images):
    swap = {Pen.WHITE: Pen.BLACK, Pen.BLACK: Pen.WHITE}
    for gadget in (Gadget.CLOSE, Gadget.DEPTH, Gadget.ZOOM):
        normal = crop(images, gadget.sprite)
        selected = crop(images, gadget.selected.sprite)
        assert [[swap.get(p, p) for p in row] for row in normal] == selected, gadget


def test_pointer_hotspot_is_an_opaque_pixel(images):
    pixels = crop(images, POINTER.sprite)
    assert 0 <= POINTER.hot_x < POINTER.sprite.w and 0 <= POINTER.hot_y < POINTER.sprite.h
    assert pixels[POINTER.hot_y][POINTER.hot_x] != POINTER.colkey
    assert pens(pixels) == {Pen.GREY, Pen.BLACK, Pen.WHITE, Pen.RED}


# --- Hexagon and triangle cells ----------------------------------------------

# Every shaped cell sprite, as (name, sprite, spans of its outline).
SHAPED = [
    *((f"hex {c.name}", hex_sprite(c), SHAPE_SPANS["hexes"][c.name]) for c in HEX_LOOKS),
    *(
        (triangle_name(c, up), triangle_sprite(c, up), SHAPE_SPANS["triangles"][triangle_name(c, up)])
        for up in (True, False)
        for c in TRI_LOOKS
    ),
]
# Each kind of shaped cell: its name, the sprite of a look, and the looks it has.
SHAPED_LOOKS = [
    ("hex", hex_sprite, HEX_LOOKS),
    ("up", lambda c: triangle_sprite(c, up=True), TRI_LOOKS),
    ("down", lambda c: triangle_sprite(c, up=False), TRI_LOOKS),
]


def inside(spans, x: int, y: int) -> bool:
    return spans[y] is not None and spans[y][0] <= x <= spans[y][1]


def test_existing_sprites_keep_their_places():
    assert Cell.COVERED.sprite == Sprite(1, 0, 0, 8, 8)
    assert Cell.HINT_MINE.sprite == Sprite(1, 72, 0, 8, 8)
    assert Cell.NUMBER_12.sprite == Sprite(1, 88, 8, 8, 8)
    assert Digit.BLANK.sprite == Sprite(1, 77, 16, 7, 11)
    assert Face.COOL.sprite == Sprite(1, 48, 32, 16, 16)
    assert Gadget.ZOOM_SELECTED.sprite == Sprite(1, 84, 48, 18, 11)
    assert POINTER.sprite == Sprite(1, 0, 64, 11, 11)


def test_shaped_cells_live_below_the_old_sprites():
    for name, sprite, _ in SHAPED:
        assert sprite.bank == 1 and sprite.y >= 80, name
    assert hex_sprite(Cell.COVERED) == Sprite(1, 0, 80, 8, 9)
    assert triangle_sprite(Cell.COVERED, up=True) == Sprite(1, 0, 96, 12, 10)
    assert [c.value for c in HEX_LOOKS if isinstance(c.value, int)] == list(range(1, 7))
    assert set(TRI_LOOKS) == set(Cell)


def test_shaped_cells_are_keyed_exactly_outside_their_outline(images):
    for name, sprite, spans in SHAPED:
        pixels = crop(images, sprite)
        for y, row in enumerate(pixels):
            for x, pen in enumerate(row):
                assert (pen == SHAPE_KEY) != inside(spans, x, y), (name, x, y)


def test_the_shape_key_is_used_by_no_other_cell(images):
    for cell in Cell:
        assert SHAPE_KEY not in pens(crop(images, cell.sprite)), cell


def test_shaped_numbers_use_their_own_pen_on_the_uncovered_cell(images):
    for side, sprite_of, looks in SHAPED_LOOKS:
        uncovered = crop(images, sprite_of(Cell.UNCOVERED))
        for look in looks:
            if not isinstance(look.value, int):
                continue
            n, pixels = look.value, crop(images, sprite_of(look))
            assert pens(pixels) & NUMBER_PENS == {number_pen(n)}, (side, n)
            ink = sum(row.count(number_pen(n)) for row in pixels)
            assert ink >= 5, (side, n)
            # Only ink is added to the uncovered cell: its grid line stays whole.
            for row, plain in zip(pixels, uncovered):
                assert all(p == q or p == number_pen(n) for p, q in zip(row, plain)), (side, n)


def test_shaped_numbers_are_pairwise_distinct(images):
    for side, sprite_of, looks in SHAPED_LOOKS:
        shapes = {}
        for look in looks:
            if isinstance(look.value, int):
                pixels = crop(images, sprite_of(look))
                ink = tuple(tuple(p in NUMBER_PENS for p in row) for row in pixels)
                assert ink not in shapes, (side, look, shapes.get(ink))
                shapes[ink] = look


def test_shaped_covered_pressed_and_uncovered_in_four_colours(images):
    four = {Pen.GREY, Pen.BLACK, Pen.WHITE, Pen.BLUE, SHAPE_KEY}
    swap = {Pen.WHITE: Pen.BLACK, Pen.BLACK: Pen.WHITE}
    for side, sprite_of, _ in SHAPED_LOOKS:
        for look in (Cell.COVERED, Cell.PRESSED, Cell.UNCOVERED, Cell.FLAG, Cell.QUESTION):
            assert pens(crop(images, sprite_of(look))) <= four | {Pen.RED}, (side, look)
        covered, pressed = crop(images, sprite_of(Cell.COVERED)), crop(images, sprite_of(Cell.PRESSED))
        assert [[swap.get(p, p) for p in row] for row in covered] == pressed, side
        assert Pen.BLUE in pens(crop(images, sprite_of(Cell.UNCOVERED))), side
        assert Pen.WHITE not in pens(crop(images, sprite_of(Cell.UNCOVERED))), side
        assert Pen.RED in pens(crop(images, sprite_of(Cell.MINE_HIT))), side
        looks = [tuple(map(tuple, crop(images, sprite_of(c)))) for c in Cell if not isinstance(c.value, int)]
        assert len(set(looks)) == len(looks), side


# --- The builder rejects malformed art ---------------------------------------


@pytest.fixture
def art(tmp_path) -> Path:
    copy = tmp_path / "art"
    shutil.copytree(build_assets.ART_DIR, copy)
    return copy


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_copied_art_builds(art, images):
    assert build_assets.build_images(art) == images


def test_rejects_a_missing_glyph(art):
    edit(art / "font.txt", "== 0xDF", "== 0x7F")  # ß's block moves to DEL: ß is missing
    with pytest.raises(build_assets.ArtError, match="missing glyphs 0xDF"):
        build_assets.build_images(art)


def test_rejects_a_missing_sprite_block(art):
    path = art / "gadgets.txt"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("== ZOOM_SELECTED")], encoding="utf-8")  # the last block
    with pytest.raises(build_assets.ArtError, match=r"missing blocks \['ZOOM_SELECTED'\]"):
        build_assets.build_images(art)


def test_rejects_a_missing_art_file(art):
    (art / "pointer.txt").unlink()
    with pytest.raises(build_assets.ArtError, match="art file missing"):
        build_assets.build_images(art)


def test_rejects_art_before_any_header():
    with pytest.raises(build_assets.ArtError, match="before the first"):
        build_assets.parse_art("....\n== X\n", "inline")


def test_families_cover_every_art_file():
    assert {p.stem for p in build_assets.ART_DIR.glob("*.txt")} == {"font", *FAMILIES}


@pytest.mark.parametrize(
    ("art_file", "old", "new", "says"),
    [
        pytest.param("cells.txt", "== COVERED\nooooooo#\n", "== COVERED\nooooooo##\n", "COVERED row 0 is 9 wide", id="a_row_of_the_wrong_width"),
        pytest.param("faces.txt", "== SMILE\n.....######.....\n", "== SMILE\n", "SMILE has 15 rows", id="a_missing_row"),
        pytest.param("digits.txt", "== ZERO\n#+++++#\n", "== ZERO\n#++?++#\n", r"not in the legend", id="an_unknown_legend_character"),
        pytest.param("font.txt", "== 0x41 A\n..###...\n", "== 0x41 A\n..#o#...\n", "not in the legend", id="colour_in_the_font"),
        pytest.param("font.txt", "== 0x42 B", "== 0x41 B", "defined twice", id="a_glyph_defined_twice"),
        pytest.param("cells.txt", "== FLAG", "== FLAGG", "no sprite named FLAGG", id="an_unknown_sprite_name"),
        pytest.param("hexes.txt", "== COVERED\n___oo___\n_oo..oo_\n", "== COVERED\n___oo___\n_oo_.oo_\n", r"COVERED row 1 column 3: inside the cell uses the colour key", id="the_outside_key_inside_a_hexagon"),
        pytest.param("triangles.txt", "== DOWN_COVERED\nooooooooooo#\n", "== DOWN_COVERED\noooooo-oooo#\n", r"DOWN_COVERED row 0 column 6: inside the cell uses the colour", id="the_key_pen_by_another_name_inside_a_triangle"),
        pytest.param("triangles.txt", "== UP_COVERED\n____________\n", "== UP_COVERED\n_____o______\n", r"UP_COVERED row 0 column 5: outside the cell must be '_'", id="paint_outside_a_triangle"),
        pytest.param("cells.txt", "== COVERED\nooooooo#\n", "== COVERED\nooooooo_\n", "belongs to hexagon and triangle art only", id="the_outside_key_in_square_art"),
    ],
)
def test_the_builder_rejects_malformed_art(art, art_file, old, new, says):
    edit(art / art_file, old, new)
    with pytest.raises(build_assets.ArtError, match=says):
        build_assets.build_images(art)


def test_flag_pennants_never_touch_the_white_edges(images):
    """The Kickstart 2 look draws the red pennant white: a pixel of grey (or
    black) must keep it apart from the cell's white shine, on every shape."""
    from amigasweeper.ui.intuition.atlas import hex_sprite, triangle_sprite

    flags = [Cell.FLAG.sprite, hex_sprite(Cell.FLAG), triangle_sprite(Cell.FLAG, True), triangle_sprite(Cell.FLAG, False)]
    for sprite in flags:
        pixels = crop(images, sprite)
        reds = [(x, y) for y, row in enumerate(pixels) for x, pen in enumerate(row) if pen == Pen.RED]
        assert len(reds) >= 5, sprite  # a pennant as big as the square's
        for x, y in reds:
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= ny < len(pixels) and 0 <= nx < len(pixels[0]):
                    assert pixels[ny][nx] != Pen.WHITE, (sprite, x, y)

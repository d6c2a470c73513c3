"""IFF ILBM and PBM pictures, read in pure Python and dithered to the screen's colours."""

from __future__ import annotations

import random

import pytest

from amigasweeper.guide.dither import dither, fit
from amigasweeper.guide.ilbm import CAMG_EHB, CAMG_HAM, is_iff_picture, read_ilbm
from amigasweeper.guide.picture import PictureError
from amigasweeper.guide.syntheticpictures import pack_byterun1, write_ilbm

PALETTE = [(0, 0, 0), (255, 255, 255), (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (136, 136, 136)]


def picture_rows(width, height, colours, seed=1):
    rng = random.Random(seed)
    rows = [[rng.randrange(colours) for _x in range(width)] for _y in range(height)]
    rows[0][: min(width, 12)] = [colours - 1] * min(width, 12)  # a run, so ByteRun1 repeats something
    return rows


@pytest.mark.parametrize("packed", [True, False])
@pytest.mark.parametrize("width", [1, 7, 16, 17, 33, 320])
def test_ilbm_round_trip_packed_or_not_at_odd_widths(packed, width):
    rows = picture_rows(width, 5, 8)
    picture = read_ilbm(write_ilbm(rows, PALETTE, 3, packed=packed))
    assert (picture.width, picture.height) == (width, 5)
    assert picture.rows == [[PALETTE[i] for i in row] for row in rows]


@pytest.mark.parametrize("planes", [1, 2, 4, 5, 8])
def test_every_depth_up_to_eight_planes(planes):
    palette = [(i, 255 - i, (i * 7) % 256) for i in range(1 << planes)]
    rows = picture_rows(21, 4, 1 << planes, seed=planes)
    picture = read_ilbm(write_ilbm(rows, palette, planes))
    assert picture.rows == [[palette[i] for i in row] for row in rows]


def test_a_mask_plane_is_skipped():
    rows = picture_rows(19, 6, 8)
    assert read_ilbm(write_ilbm(rows, PALETTE, 3, mask=True)).rows == [[PALETTE[i] for i in row] for row in rows]


def test_the_chunky_pbm_form():
    palette = [(i, i, i) for i in range(256)]
    rows = [[(x * 13 + y) % 256 for x in range(11)] for y in range(3)]
    for packed in (True, False):
        picture = read_ilbm(write_ilbm(rows, palette, 8, packed=packed, chunky=True))
        assert picture.rows == [[palette[i] for i in row] for row in rows]


def test_extra_half_brite_adds_32_colours_at_half_brightness():
    palette = [(200, 100, 50)] + [(0, 0, 0)] * 31
    picture = read_ilbm(write_ilbm([[0, 32, 33]], palette, 6, camg=CAMG_EHB))
    assert picture.rows == [[(200, 100, 50), (100, 50, 25), (0, 0, 0)]]


def test_ham6_holds_and_modifies_each_component():
    palette = [(0, 0, 0), (255, 0, 0)] + [(0, 0, 0)] * 14
    # register 1 (red), then blue 15, then red 0, then green 8, then register 0
    row = [0b00_0001, 0b01_1111, 0b10_0000, 0b11_1000, 0b00_0000]
    picture = read_ilbm(write_ilbm([row], palette, 6, camg=CAMG_HAM))
    assert picture.rows == [[(255, 0, 0), (255, 0, 255), (0, 0, 255), (0, 136, 255), (0, 0, 0)]]


def test_four_bit_colour_registers_reach_full_brightness():
    picture = read_ilbm(write_ilbm([[0, 1]], [(0xF0, 0x80, 0x00), (0x00, 0x00, 0xF0)], 1))
    assert picture.rows == [[(255, 136, 0), (0, 0, 255)]]


@pytest.mark.parametrize(
    "damage, words",
    [
        (lambda data: b"JUNK" + data[4:], "not an IFF file"),
        (lambda data: data[:8] + b"8SVX" + data[12:], "not a picture"),
        (lambda data: data[: len(data) - 20], "ends early"),
        (lambda data: data[:40], "cut short"),
        (lambda data: data[:30], "runs past the end"),
        (lambda data: data.replace(b"BMHD", b"XXXX"), "no BMHD"),
        (lambda data: data.replace(b"BODY", b"XXXX"), "no BODY"),
        (lambda data: data[:12], "no BMHD"),
        (lambda data: b"", "not an IFF file"),
    ],
)
def test_a_damaged_picture_says_what_is_wrong(damage, words):
    data = write_ilbm(picture_rows(40, 10, 8), PALETTE, 3, packed=False)
    with pytest.raises(PictureError, match=words):
        read_ilbm(damage(data))


def test_damaged_packed_data_and_absurd_headers():
    data = bytearray(write_ilbm(picture_rows(40, 10, 8), PALETTE, 3))
    body = data.index(b"BODY") + 8
    cut = bytes(data[: body + 10])
    with pytest.raises(PictureError, match="ends early"):
        read_ilbm(cut[:4] + len(cut[8:]).to_bytes(4, "big") + cut[8:])
    huge = bytearray(data)
    bmhd = huge.index(b"BMHD") + 8
    huge[bmhd : bmhd + 4] = (60000).to_bytes(2, "big") * 2
    with pytest.raises(PictureError, match="too big"):
        read_ilbm(bytes(huge))
    deep = bytearray(data)
    deep[bmhd + 8] = 24
    with pytest.raises(PictureError, match="24 bitplanes"):
        read_ilbm(bytes(deep))


def test_random_bytes_never_raise_anything_but_a_picture_error():
    rng = random.Random(7)
    good = write_ilbm(picture_rows(30, 8, 8), PALETTE, 3)
    for _ in range(300):
        data = bytearray(good)
        for _flip in range(rng.randint(1, 6)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        try:
            read_ilbm(bytes(data[: rng.randint(0, len(data))]))
        except PictureError:
            pass


def test_byterun1_packs_runs():
    assert pack_byterun1(b"\x05" * 10) == bytes([257 - 10, 5])
    assert is_iff_picture(write_ilbm([[0]], PALETTE, 1)) and not is_iff_picture(b"GIF89a")


def test_dithering_to_four_colours_mixes_them_in_a_pattern():
    screen = [(0, 0, 0), (255, 255, 255), (170, 170, 170), (0, 85, 170)]

    def used(colour):
        flat = read_ilbm(write_ilbm([[0] * 8 for _ in range(8)], [colour], 1))
        return [index for row in dither(flat, screen) for index in row]

    assert set(used((170, 170, 170))) == {2}  # a screen colour: no pattern at all
    mid = used((85, 85, 85))  # halfway between black and grey: both, half each
    assert set(mid) == {0, 2} and mid.count(0) == mid.count(2)
    assert set(used((85, 128, 170))) == {2, 3}  # between grey and blue, never black or white


def test_fit_scales_down_keeping_the_shape_and_never_up():
    picture = read_ilbm(write_ilbm(picture_rows(200, 100, 8), PALETTE, 3))
    small = fit(picture, 50, 50)
    assert (small.width, small.height) == (50, 25) and len(small.rows) == 25 and len(small.rows[0]) == 50
    assert fit(picture, 500, 500) is picture

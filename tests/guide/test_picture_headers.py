"""Every picture's header is read, and held to the caps, before any decoder
sees it (G1): bombs that declare huge sizes, small headers over endless
data, GIFs of many frames and lying ILBM headers (pure Python)."""

from __future__ import annotations

import random
import struct

import pytest

from amigasweeper.guide import ilbm
from amigasweeper.guide.dither import fit
from amigasweeper.guide.ilbm import CAMG_HAM, read_ilbm
from amigasweeper.guide.picture import MAX_DECODED, MAX_PIXELS, MAX_SIDE, PictureError, sampling
from amigasweeper.guide.pictureheaders import MOST_BLOCKS, MOST_SCANS, Format, declared, sniff
from amigasweeper.guide.syntheticpictures import (
    bmp,
    gif,
    jpeg_segment,
    png,
    png_bomb,
    png_chunk,
    progressive_jpeg,
    write_ilbm,
    zeros_compressed,
)


def test_the_png_bomb_of_issue_33_is_refused_from_its_header():
    bomb = png_bomb()
    assert 14_000 < len(bomb) < 16_000  # the 14.8 KB that cost 27.8 s and 506 MB
    with pytest.raises(PictureError, match="11000 x 11000 pixels, too big to show"):
        declared(bomb)


@pytest.mark.parametrize("size", [(1024, 1024), (2048, 512), (MAX_SIDE, MAX_PIXELS // MAX_SIDE)])
def test_pictures_up_to_the_caps_are_read(size):
    found = declared(png(*size, depth=1, colour=0))
    assert (found.format, found.width, found.height) == (Format.PNG, *size)


@pytest.mark.parametrize("size", [(1025, 1024), (MAX_SIDE + 1, 1), (1, MAX_SIDE + 1), (0, 5), (2**31 - 1, 2**31 - 1)])
def test_a_picture_over_a_cap_or_of_no_size_is_refused(size):
    with pytest.raises(PictureError, match="too big|says it is"):
        declared(png(*size, depth=1, colour=0, idat=b""))


def test_what_a_decoder_holds_counts_channels_depth_and_transparency():
    assert declared(png(16, 16, 8, 2)).decoded == 16 * 16 * 3
    assert declared(png(16, 16, 16, 6)).decoded == 16 * 16 * 8
    with_alpha = png(16, 16, 8, 3, extra=png_chunk(b"PLTE", bytes(6)) + png_chunk(b"tRNS", b"\0"))
    assert declared(with_alpha).decoded == 16 * 16 * 4
    assert declared(png(1024, 1024, 16, 6)).decoded == MAX_DECODED  # the most a picture may take


def test_a_small_png_with_endless_compressed_data_is_refused():
    """One pixel whose IDAT unpacks to 64 MB: more than any pixels could need."""
    with pytest.raises(PictureError, match="more compressed data than its pixels could need"):
        declared(png(1, 1, 8, 0, idat=zeros_compressed(64 << 20)))
    honest = png(300, 200, 8, 2, idat=bytes(300 * 200 * 3 + 200 + 64))  # stored blocks: a little over
    assert declared(honest).width == 300


def test_an_interlaced_png_may_hold_its_seven_passes():
    rows = sum((200 - y0 + dy - 1) // dy * (1 + ((300 - x0 + dx - 1) // dx * 24 + 7) // 8)
               for x0, y0, dx, dy in ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4),
                                      (1, 0, 2, 2), (0, 1, 1, 2)))
    assert declared(png(300, 200, 8, 2, idat=bytes(rows), interlace=1)).height == 200


def test_a_colour_profile_that_unpacks_past_a_megabyte_is_refused():
    bomb = png_chunk(b"iCCP", b"icc\0\0" + zeros_compressed(64 << 20))  # 64 KB unpacking to 64 MB
    with pytest.raises(PictureError, match="colour profile unpacks to more than 1 MB"):
        declared(png(8, 8, extra=bomb))
    assert declared(png(8, 8, extra=png_chunk(b"iCCP", b"icc\0\0" + zeros_compressed(3000)))).width == 8
    assert declared(png(8, 8, extra=png_chunk(b"iCCP", b"icc\0\0not zlib"))).width == 8  # the decoder says no


def test_a_png_of_endless_chunks_is_refused_without_walking_them_all():
    chunks = png_chunk(b"teXt", b"") * (MOST_BLOCKS + 1)
    with pytest.raises(PictureError, match="more than 100,000 chunks"):
        declared(png(8, 8, extra=chunks))


def test_gif_bombs_are_refused_from_the_screen_or_the_first_frame():
    with pytest.raises(PictureError, match="11000 x 11000"):
        declared(gif((11_000, 11_000), [(1, 1)]))  # 35 bytes; it cost 2.9 s and 833 MB
    with pytest.raises(PictureError, match="11000 x 11000"):
        declared(gif((1, 1), [(11_000, 11_000)]))
    assert len(gif((11_000, 11_000), [(1, 1)])) < 40


def test_frames_after_the_first_are_never_read():
    """A GIF of 20,000 frames: only the first is decoded, so only it is read
    (the frames after it could be anything)."""
    many = gif((64, 32), [(64, 32)] + [(11_000, 11_000)] * 20_000)
    found = declared(many)
    assert (found.format, found.width, found.height) == (Format.GIF, 64, 32)


def test_a_gif_that_buries_its_first_frame_under_endless_blocks_is_refused():
    with pytest.raises(PictureError, match="more than 100,000 blocks"):
        declared(gif((8, 8), [(8, 8)], comment_blocks=MOST_BLOCKS + 1))
    assert declared(gif((8, 8), [(8, 8)], comment_blocks=50)).width == 8
    with pytest.raises(PictureError, match="no picture"):
        declared(gif((8, 8), []))


def test_a_jpeg_is_read_from_its_frame_header_and_its_scans_are_counted():
    found = declared(progressive_jpeg(640, 480, scans=10))
    assert (found.format, found.width, found.height, found.decoded) == (Format.JPEG, 640, 480, 640 * 480)
    assert declared(progressive_jpeg(64, 64, scans=MOST_SCANS)).width == 64
    with pytest.raises(PictureError, match="more than 100 scans"):
        declared(progressive_jpeg(64, 64, scans=MOST_SCANS + 1))
    with pytest.raises(PictureError, match="11000 x 11000"):
        declared(progressive_jpeg(11_000, 11_000))


def test_a_jpeg_whose_height_comes_later_is_refused():
    dnl = progressive_jpeg(64, 64).replace(struct.pack(">BHHB", 8, 64, 64, 1), struct.pack(">BHHB", 8, 0, 64, 1))
    with pytest.raises(PictureError, match="DNL"):
        declared(dnl)


def test_a_jpeg_with_fill_bytes_restart_markers_and_stuffed_bytes_is_walked():
    data = (b"\xff\xd8" + jpeg_segment(0xE0, b"JFIF\0" + bytes(9)) + b"\xff\xff\xff"
            + jpeg_segment(0xC0, struct.pack(">BHHB", 8, 30, 40, 3) + bytes(9))
            + jpeg_segment(0xDA, bytes(10)) + b"\x12\xff\x00\x34\xff\xd0\x56\xff\xff\xd9")
    assert (declared(data).width, declared(data).height, declared(data).decoded) == (40, 30, 40 * 30 * 4)


def test_bmp_headers_of_each_kind():
    assert (declared(bmp(300, -200)).width, declared(bmp(300, -200)).height) == (300, 200)  # stored top first
    assert declared(bmp(20, 10, 8, header_size=12)).height == 10
    assert declared(bmp(64, 64, 32, packing=3, header_size=124)).decoded == 64 * 64 * 4
    for hostile, words in [(bmp(11_000, 11_000), "too big"), (bmp(-5, 5), "says it is"),
                           (bmp(8, 8, 8, colours=1 << 30), "colours in a palette of 256"),
                           (bmp(8, 8, 24, packing=4), "not shown"), (bmp(8, 8, header_size=20), "unknown kind")]:
        with pytest.raises(PictureError, match=words):
            declared(hostile)


def test_the_kind_is_told_by_the_bytes_never_by_the_name():
    assert sniff(gif((1, 1), [(1, 1)])) is Format.GIF and sniff(png(1, 1)) is Format.PNG
    assert sniff(progressive_jpeg(8, 8)) is Format.JPEG and sniff(bmp(1, 1)) is Format.BMP
    assert sniff(write_ilbm([[0]], [(0, 0, 0)], 1)) is Format.IFF
    assert sniff(b"II*\0tiff") is None and sniff(b"") is None
    with pytest.raises(PictureError, match="not a PNG, GIF, JPEG, BMP or IFF ILBM picture"):
        declared(b"RIFF....WEBPVP8 ")


def test_cut_or_damaged_headers_raise_only_picture_errors():
    """Any header cut anywhere, or with bytes changed, is refused in words or read: never an IndexError."""
    rng = random.Random(33)
    samples = [png(40, 30), gif((40, 30), [(40, 30)] * 3), progressive_jpeg(40, 30, 3), bmp(40, 30)]
    for good in samples:
        for cut in range(len(good)):
            try:
                declared(good[:cut])
            except PictureError:
                pass
        for _ in range(300):
            data = bytearray(good)
            for _flip in range(rng.randint(1, 4)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            try:
                declared(bytes(data))
            except PictureError:
                pass


# -- ILBM: the reader checks its own header before unpacking -----------------------


def test_a_lying_bmhd_is_refused_before_anything_is_unpacked(monkeypatch):
    """The BMHD claims 1024 x 1024 x 8 planes; the packed BODY is 10 bytes,
    which ByteRun1 can never make a megabyte of."""
    data = bytearray(write_ilbm([[0] * 16 for _ in range(4)], [(0, 0, 0)] * 2, 1))
    bmhd = data.index(b"BMHD") + 8
    data[bmhd : bmhd + 4] = struct.pack(">HH", 1024, 1024)
    data[bmhd + 8] = 8
    monkeypatch.setattr(ilbm, "_unpacked", lambda *_: pytest.fail("unpacked"))
    with pytest.raises(PictureError, match="BMHD says 1024 x 1024 pixels"):
        read_ilbm(bytes(data))


def test_an_ilbm_over_the_caps_is_refused_from_its_bmhd():
    data = bytearray(write_ilbm([[0] * 16 for _ in range(4)], [(0, 0, 0)] * 2, 1))
    bmhd = data.index(b"BMHD") + 8
    data[bmhd : bmhd + 4] = struct.pack(">HH", 2048, 1024)
    with pytest.raises(PictureError, match="2048 x 1024 pixels, too big"):
        read_ilbm(bytes(data))


def test_an_iff_of_endless_chunks_before_its_body_is_refused():
    good = write_ilbm([[0, 1]], [(0, 0, 0), (255, 255, 255)], 1)
    body = good.index(b"BODY")
    filler = b"ANNO\0\0\0\0" * (ilbm.MOST_CHUNKS + 1)
    data = good[:12] + filler + good[12:]
    data = data[:4] + struct.pack(">I", len(data) - 8) + data[8:]
    with pytest.raises(PictureError, match="more than 10,000 chunks"):
        read_ilbm(data)
    assert read_ilbm(good[:body] + good[body:]).width == 2


def test_a_chunk_name_that_is_not_text_is_escaped_in_the_message():
    data = b"FORM\0\0\0\x20ILBM\x1b[2J\0\0\0\xff"
    with pytest.raises(PictureError) as refused:
        read_ilbm(data)
    assert "\x1b" not in str(refused.value) and "\\x1b[2J" in str(refused.value)
    with pytest.raises(PictureError) as refused:
        read_ilbm(b"FORM\0\0\0\x04\x9b31m")
    assert "\x9b" not in str(refused.value) and "\\x9b31m" in str(refused.value)


@pytest.mark.parametrize("camg", [0, CAMG_HAM])
@pytest.mark.parametrize("room", [(300, 200), (40, 40), (7, 3), (5000, 5000)])
def test_an_ilbm_read_for_a_room_is_the_full_picture_fitted(camg, room):
    """Only the rows and columns shown are made into colours; what shows is
    exactly what scaling the whole picture down would show."""
    rng = random.Random(room[0] * 7 + camg)
    width, height = 123, 77
    rows = [[rng.randrange(64) for _ in range(width)] for _ in range(height)]
    palette = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(16)]
    data = write_ilbm(rows, palette, 6, camg=camg)
    whole = read_ilbm(data)
    assert read_ilbm(data, room) == fit(whole, *room)
    columns, kept = sampling(width, height, room)
    assert (read_ilbm(data, room).width, read_ilbm(data, room).height) == (len(columns), len(kept))

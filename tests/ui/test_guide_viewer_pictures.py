"""Pictures in the help viewer: a link to an ILBM (or a PNG) shows it, dithered."""

from __future__ import annotations

import pytest
import pyxel

from amigasweeper.guide import ActionKind, Link
from amigasweeper.guide.syntheticpictures import gif, png, png_bomb, write_ilbm
from amigasweeper.ui.intuition.modes import Look
from amigasweeper.ui.intuition.palette import Pen

RED, WHITE = (238, 34, 34), (255, 255, 255)


def opened(make_app, folder, guide):
    path = folder / "P.guide"
    path.write_text(guide)
    app, pilot = make_app(guide=path)
    pilot.step()
    return app, app.viewer, pilot


def guide_linking(*files):
    links = " ".join(f'@{{" {name} " link {name}/main}}' for name in files)
    return f"@database P.guide\n@node Main \"Pictures\"\n{links}\n@endnode\n"


def follow_to_picture(make_app, folder, name, data):
    """A guide linking the picture file ``name`` (its bytes ``data``), with its link followed."""
    (folder / name).write_bytes(data)
    app, viewer, pilot = opened(make_app, folder, guide_linking(name))
    viewer.follow(Link(name, ActionKind.LINK, f"{name}/main"))
    pilot.step()
    return app, viewer, " ".join(line.text for line in viewer.scroll.lines)


def page_pixels(viewer):
    page = viewer.page
    return [pyxel.screen.pget(x, y) for y in range(page.ay, page.ay + page.h) for x in range(page.ax, page.ax + page.w)]


def test_a_link_to_an_ilbm_shows_the_picture_dithered_to_the_screens_colours(make_app, tmp_path):
    stripes = [[0] * 20 + [1] * 20 + [2] * 21 for _ in range(30)]  # black, white, a purple no pen has
    (tmp_path / "pic.iff").write_bytes(write_ilbm(stripes, [(0, 0, 0), WHITE, (140, 60, 150)], 2))
    app, viewer, pilot = opened(make_app, tmp_path, guide_linking("pic.iff"))
    viewer.follow(Link("pic", ActionKind.LINK, "pic.iff/main"))
    pilot.step()
    assert viewer.title == "pic.iff" and viewer.pictures[id(viewer.navigation.place.node)].image is not None
    image = viewer.pictures[id(viewer.navigation.place.node)].image
    assert (image.width, image.height) == (61, 30)
    left, middle = {image.pget(x, y) for x in range(20) for y in range(30)}, {image.pget(x, 5) for x in range(20, 40)}
    assert left == {Pen.BLACK} and middle == {Pen.WHITE}
    purple = {image.pget(x, y) for x in range(41, 61) for y in range(8)}
    assert len(purple) >= 2  # no pen is purple: two pens mixed in a pattern
    assert Pen.WHITE in page_pixels(viewer) and Pen.BLACK in page_pixels(viewer)
    viewer.retrace()
    assert viewer.title == "Pictures"


def test_a_damaged_picture_gives_a_page_saying_why(make_app, tmp_path):
    app, viewer, text = follow_to_picture(make_app, tmp_path, "bad.iff", b"FORM\0\0\0\x20ILBMBMHD\0\0\0\x14junk")
    assert "cannot be shown" in text and "BMHD" in text
    assert not app.guard.faults


def test_a_picture_too_big_is_not_read(make_app, tmp_path):
    (tmp_path / "huge.iff").write_bytes(b"FORM" + b"\0" * (5 << 20))
    app, viewer, pilot = opened(make_app, tmp_path, guide_linking("huge.iff"))
    viewer.follow(Link("huge", ActionKind.LINK, "huge.iff/main"))
    assert viewer.status.startswith("Not shown") and viewer.title == "Pictures"


def test_a_png_is_shown_through_pyxels_loader(make_app, tmp_path, pyxel_screen):
    source = pyxel.Image(16, 8)
    source.cls(Pen.BLACK)
    source.rect(8, 0, 8, 8, Pen.WHITE)
    source.save(str(tmp_path / "shot"), 1)  # Pyxel writes shot.png
    app, viewer, pilot = opened(make_app, tmp_path, guide_linking("shot.png"))
    viewer.follow(Link("png", ActionKind.LINK, "shot.png/main"))
    pilot.step()
    image = viewer.pictures[id(viewer.navigation.place.node)].image
    assert image is not None and (image.width, image.height) == (16, 8)
    assert image.pget(2, 2) == Pen.BLACK and image.pget(12, 2) == Pen.WHITE


def test_on_the_four_colour_screen_only_its_four_pens_are_used(make_app, tmp_path):
    rows = [[(x + y) % 8 for x in range(32)] for y in range(16)]
    palette = [(i * 36, 255 - i * 30, (i * 90) % 256) for i in range(8)]
    (tmp_path / "c.iff").write_bytes(write_ilbm(rows, palette, 3))
    app, viewer, pilot = opened(make_app, tmp_path, guide_linking("c.iff"))
    viewer.look = lambda: Look.KICKSTART2
    viewer.follow(Link("c", ActionKind.LINK, "c.iff/main"))
    image = viewer.pictures[id(viewer.navigation.place.node)].image
    assert {image.pget(x, y) for x in range(32) for y in range(16)} <= {0, 1, 2, 3}


def test_embed_shows_the_text_of_a_file_in_the_folder_and_nothing_outside(make_app, tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "notes.txt").write_bytes(b"First embedded line\r\nSecond \xe9 line\n")
    (tmp_path / "secret.txt").write_text("do not show")
    (folder / "pic.iff").write_bytes(write_ilbm([[0, 1]], [(0, 0, 0), WHITE], 1))
    guide = ("@database E.guide\n@node Main \"Embeds\"\nBefore\n@embed notes.txt\nBetween\n@embed /secret.txt\n"
             "@embed pic.iff\n@embed missing.txt\nAfter\n@endnode\n")
    app, viewer, pilot = opened(make_app, folder, guide)
    shown = [line.text for line in viewer.scroll.lines]
    assert shown[:4] == ["Before", "First embedded line", "Second \xe9 line", "Between"]
    assert "outside the guide's folder" in shown[4] and "do not show" not in " ".join(shown)
    assert "is a picture" in shown[5] and "not embedded" in shown[6] and shown[7] == "After"


def test_a_file_named_as_a_png_that_is_none_says_so(make_app, tmp_path):
    (tmp_path / "junk.png").write_bytes(b"not a png at all")
    (tmp_path / "broken.png").write_bytes(png(8, 8, idat=b"not zlib"))
    app, viewer, pilot = opened(make_app, tmp_path, guide_linking("junk.png", "broken.png"))
    viewer.follow(Link("junk", ActionKind.LINK, "junk.png/main"))
    pilot.step()
    assert "not a PNG, GIF, JPEG, BMP or IFF ILBM picture" in " ".join(line.text for line in viewer.scroll.lines)
    viewer.follow(Link("broken", ActionKind.LINK, "broken.png/main"))
    pilot.step()
    assert "Pyxel's loader could not read it" in " ".join(line.text for line in viewer.scroll.lines)
    assert len(pyxel.colors) >= 8 and pyxel.colors[0] == 0xAAAAAA  # the screen's palette is back


@pytest.mark.parametrize("name, data", [
    ("bomb.png", png_bomb()),  # G1: 14.8 KB that cost 27.8 s and 506 MB
    ("bomb.gif", gif((11_000, 11_000), [(1, 1)])),  # 35 bytes that cost 2.9 s and 833 MB
    ("frame.gif", gif((1, 1), [(11_000, 11_000)])),
    ("named.jpg", png_bomb()),  # a PNG by its bytes, whatever its name says
])
def test_a_picture_bomb_is_refused_with_a_message_before_any_decoder_sees_it(make_app, tmp_path, monkeypatch,
                                                                              name, data):
    from amigasweeper.ui.helpviewer import pictureview

    decoded = []
    monkeypatch.setattr(pictureview, "_loaded_by_pyxel", lambda *args: decoded.append(args))
    app, viewer, text = follow_to_picture(make_app, tmp_path, name, data)
    assert f"The picture {name} cannot be shown: it is 11000 x 11000 pixels, too big to show" in text
    assert "at most 1,048,576 pixels" in text and viewer.pictures[id(viewer.navigation.place.node)].image is None
    assert decoded == [] and not app.guard.faults


def test_a_gif_of_many_frames_shows_its_first(make_app, tmp_path):
    app, viewer, _text = follow_to_picture(make_app, tmp_path, "many.gif", gif((1, 1), [(1, 1)] * 20_000))
    image = viewer.pictures[id(viewer.navigation.place.node)].image
    assert image is not None and (image.width, image.height) == (1, 1) and image.pget(0, 0) == Pen.BLACK


def test_a_damaged_pictures_odd_bytes_reach_the_page_escaped(make_app, tmp_path):
    _app, _viewer, text = follow_to_picture(make_app, tmp_path, "odd.iff", b"FORM\0\0\0\x20ILBM\x1b]0;pwned\x07\0\0\0\xff")
    assert "the \\x1b]0; chunk runs past the end" in text and "\x1b" not in text


def test_names_from_a_damaged_guide_are_shown_escaped_never_as_the_fonts_own_symbols(make_app, tmp_path):
    """The font keeps the program's symbols at control codes (0x01 is the menu
    tick, 0x08 the ellipsis) and draws nothing for Latin-1's 0x80-0x9F: a
    title, a link's target or a problem naming them shows them escaped."""
    guide = (b'@database D.guide\n@node Main "Odd \x9b title"\n@{" go " link "Gone\x9b\x85"}\n@{" ok " link Two}\n'
             b'@endnode\n@node Two "T\xe9te \x01\x08"\n@endnode\n')
    (tmp_path / "D.guide").write_bytes(guide)
    app, pilot = make_app(guide=tmp_path / "D.guide")
    pilot.step()
    viewer = app.viewer
    assert viewer.title == "Odd \\x9b title"
    viewer.follow(viewer.navigation.document.main.links().__next__())
    assert viewer.status == "No page called Gone\\x9b\\x85"
    viewer.show_problems()
    text = " ".join(line.text for line in viewer.scroll.lines)
    assert "Gone\\x9b\\x85" in text and "\x9b" not in text
    viewer.follow(Link("ok", ActionKind.LINK, "Two"))
    assert viewer.title == "T\xe9te   "  # the guide's own control characters were spaces already; é prints


def test_pictures_left_for_good_free_their_images(make_app, tmp_path):
    """Following a link to a picture and back, again and again, keeps the
    pages Retrace can reach, not one image for every visit."""
    app, viewer, _text = follow_to_picture(make_app, tmp_path, "blank.png", png(64, 64))
    for _ in range(50):
        viewer.retrace()
        viewer.follow(Link("blank.png", ActionKind.LINK, "blank.png/main"))
    assert len(viewer.pictures) <= 2 and viewer.pictures[id(viewer.navigation.place.node)].image is not None

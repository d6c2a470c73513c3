"""The file requester as 3.1's ASL shows it: at the screen's top left corner,
with a depth gadget and a size gadget in a bottom border of its own, icons
(.info) left out, and its Drawer gadget in AmigaDOS's terms, Volume:path, as
its Volumes list names the volumes."""

from __future__ import annotations

from pathlib import Path

import pyxel
from test_asl_requester import Opened, folder  # noqa: F401 - folder is a fixture

from amigasweeper.ui.intuition import drawers
from amigasweeper.ui.intuition.amigapaths import VolumeMap
from amigasweeper.ui.intuition.asllayout import MIN_ROWS
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.intuition.modes import ScreenMode
from amigasweeper.ui.intuition.placement import TOP_LEFT
from amigasweeper.ui.intuition.window import SIZE_H, TITLE_H


def test_it_opens_at_the_top_left_corner_on_both_screens(make_app, folder):  # noqa: F811
    for hires in (False, True):
        opened = Opened(make_app, folder, hires=hires)
        try:
            asl = opened.asl
            assert (asl.x, asl.y) == TOP_LEFT
            assert asl.x + asl.w <= pyxel.width and asl.y + asl.h <= pyxel.height
        finally:
            opened.app.resize_screen(ScreenMode.LOWRES)


def test_icons_are_left_out_whatever_their_case(make_app, tmp_path):
    for name in ("Game.guide", "Game.guide.info", "Docs.info", "LOUD.INFO", "info", "information.txt"):
        (tmp_path / name).write_text("x")
    (tmp_path / "Docs").mkdir()
    opened = Opened(make_app, tmp_path)
    assert opened.names == ["Docs", "Game.guide", "info", "information.txt"]
    assert drawers.hidden("Disk.info") and drawers.hidden(".hidden") and not drawers.hidden("infos")


def test_the_bottom_border_holds_the_size_gadget(make_app, folder):  # noqa: F811
    asl = Opened(make_app, folder).asl
    assert asl.h - TITLE_H - asl.inner_h == SIZE_H  # WFLG_SIZEBBOTTOM: the border as tall as the gadget
    gadget = asl.size_gadget
    assert (gadget.x + gadget.w, gadget.y + gadget.h) == (asl.w, asl.h)
    lowest = max(b.y + b.h for b in asl.buttons)
    assert lowest <= asl.inner_y + asl.inner_h  # no button under the size gadget


def test_the_size_gadget_resizes_it_and_the_list_takes_the_room(make_app, folder):  # noqa: F811
    opened = Opened(make_app, folder)
    asl, pilot = opened.asl, opened.pilot
    rows, width = asl.listing.rows, asl.w
    start = (asl.size_gadget.ax + 6, asl.size_gadget.ay + 5)
    pilot.drag(start, (start[0] - 12, start[1] - 50))
    assert asl.sized and asl.w == width - 12 and asl.listing.rows < rows
    assert asl.buttons[-1].x + asl.buttons[-1].w <= asl.inner_x + asl.inner_w  # Cancel still inside
    for gadget in asl.gadgets:
        assert gadget.x + gadget.w <= asl.inner_x + asl.inner_w
    pilot.drag((asl.size_gadget.ax + 6, asl.size_gadget.ay + 5), (0, 0))  # never smaller than its minimum
    assert (asl.w, asl.h) == asl.min_size and asl.listing.rows >= MIN_ROWS
    opened.click_row("AmigaSweeper.guide")  # still works at its smallest
    assert asl.file_gadget.text == "AmigaSweeper.guide"


def test_the_depth_gadget_sends_it_behind_and_a_click_on_its_owner_brings_it_back(make_app, folder):  # noqa: F811
    opened = Opened(make_app, folder)
    app, asl, pilot = opened.app, opened.asl, opened.pilot
    depth = asl.depth_gadget
    assert depth is not None and depth.x + depth.w == asl.w
    pilot.click(depth.ax + depth.w // 2, depth.ay + 5)
    assert app.wm.windows.index(asl) < app.wm.windows.index(app.mine_window)  # behind the game's window
    game = app.mine_window
    pilot.click(game.ax + 40, game.ay + 4)  # the game is blocked by it: the requester comes forward
    assert app.wm.windows[-1] is asl and app.wm.active is asl


def test_the_drawer_gadget_names_a_folder_as_the_volumes_list_does(make_app, folder):  # noqa: F811
    opened = Opened(make_app, folder / "Docs", places=[folder])
    asl = opened.asl
    assert asl.drawer_gadget.text == f"{folder.name}:Docs"  # the place the caller added is a volume
    opened.click_button("Volumes")
    assert f"{folder.name}:" in opened.names and "Root:" in opened.names


def test_typing_a_drawer_in_amiga_terms_goes_there(make_app, folder):  # noqa: F811
    (folder / "Docs" / "Deep").mkdir()
    opened = Opened(make_app, folder / "Docs", places=[folder])
    asl, pilot = opened.asl, opened.pilot
    asl.focus(asl.drawer_gadget)
    for typed, expected in ((f"{folder.name.upper()}:Games", folder / "Games"),  # case does not matter
                            (f"{folder.name}:Games//Docs", folder / "Docs"),  # an empty part is the parent
                            ("Deep", folder / "Docs" / "Deep"),  # a drawer inside the one shown
                            (str(folder), folder)):  # a path of this system is taken as it is
        pilot.key(pyxel.KEY_X, amiga=True)
        pilot.type(typed)
        pilot.key(pyxel.KEY_RETURN)
        opened.settle()
        assert asl.drawer == expected, typed
    pilot.key(pyxel.KEY_X, amiga=True)
    pilot.type("Work:Games")
    pilot.key(pyxel.KEY_RETURN)
    assert asl.drawer == folder and asl.note == "No volume called Work"


def test_hostile_drawer_text_is_refused_in_words(make_app, folder):  # noqa: F811
    opened = Opened(make_app, folder)
    asl, pilot = opened.asl, opened.pilot
    asl.focus(asl.drawer_gadget)
    for typed in ("Root:\x00etc", "Nowhere:" + "x/" * 300, "::", ":Games", f"Root:{'/' * 50}nothing-here-at-all"):
        asl.set_text(asl.drawer_gadget, typed)
        pilot.key(pyxel.KEY_RETURN)
        opened.settle()
        assert asl.note and asl.drawer == folder, typed
    assert opened.is_open and not opened.app.guard.faults


def test_the_volume_map_prefers_the_closest_volume(tmp_path):
    home = tmp_path / "home" / "ada"
    guide = home / "Guides"
    found = [drawers.Entry("Root:", drawers.EntryKind.VOLUME, Path("/")),
             drawers.Entry("Home:", drawers.EntryKind.VOLUME, home),
             drawers.Entry("Guides:", drawers.EntryKind.VOLUME, guide)]
    paths = VolumeMap(found)
    assert paths.amiga_path(guide / "Games") == "Guides:Games"
    assert paths.amiga_path(home / "Music") == "Home:Music"
    assert paths.amiga_path(home) == "Home:"
    assert paths.host_path("guides:Games//Music", Path("/")) == guide / "Music"
    assert paths.host_path("Games/", guide) == guide / "Games"


def test_windows_drives_are_volumes_by_their_letters():
    found = drawers.volumes(platform="win32", drives=lambda: ["C:\\", "D:\\"])
    paths = VolumeMap(found)
    assert [entry.name for entry in found] == ["C:", "D:"]
    assert paths.volume_named("d") is found[1]


def test_places_get_volume_names_of_their_own(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    odd = tmp_path / "a" / "Root"
    twin = tmp_path / "b" / "Root"
    colon = tmp_path / "b" / "x:y"
    found = drawers.volumes([odd, twin, colon], platform="linux")
    names = [entry.name for entry in found]
    assert names[0] == "Root:" and names[2:] == ["Root_2:", "Root_3:", "x_y:"]
    assert len(set(name.casefold() for name in names)) == len(names)


def test_a_volume_is_clicked_open_from_the_list(make_app, folder):  # noqa: F811
    opened = Opened(make_app, folder / "Docs", places=[folder])
    opened.click_button("Volumes")
    opened.click_row(f"{folder.name}:")
    assert opened.asl.drawer == folder
    opened.pilot.press(Button.LEFT)
    opened.pilot.release(Button.LEFT)

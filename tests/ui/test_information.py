"""Icons > Information...: a window per selected icon with the fields
Workbench 3.1 shows, filled with what is true here, nothing in it that can
change anything (Save and the check boxes ghosted), and hostile input from
the system shown safely."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import pyxel

from amigasweeper.guide import ManualPage
from amigasweeper.ui.information import iconfacts as facts_module
from amigasweeper.ui.information.iconfacts import UNKNOWN, IconKind, files_size, printable, tool_facts, volume_facts
from amigasweeper.ui.information.informationcontrol import tool_types
from amigasweeper.ui.information.informationwindow import CASCADE, InformationWindow
from amigasweeper.ui.intuition.atlas import Icon
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.intuition.modes import ScreenMode

LEFT, RIGHT = Button.LEFT, Button.RIGHT


def workbench_with(make_app, *kinds: Icon):
    """The Workbench active with these icons selected."""
    app, pilot = make_app()
    close = app.mine_window.close_gadget
    pilot.click(close.ax + 3, close.ay + 3)
    for index, kind in enumerate(kinds):
        icon = app.workbench.icon(kind)
        if index:
            app.held.set(pyxel.KEY_LSHIFT, True)
        pilot.click(icon.ax + 16, icon.ay + 8)
        app.held.set(pyxel.KEY_LSHIFT, False)
        pilot.step(40)
    return app, pilot


def rows(window: InformationWindow) -> dict[str, str]:
    return dict(window.facts.rows)


def test_the_programs_information_is_this_programs(make_app):
    app, pilot = workbench_with(make_app, Icon.MINESWEEPER)
    pilot.key(pyxel.KEY_I, amiga=True)
    window = app.wm.active
    assert isinstance(window, InformationWindow) and window.title == "Workbench:MineSweeper"
    assert window.facts.name == "MineSweeper" and window.facts.kind is IconKind.TOOL
    fields = rows(window)
    # Workbench 3.1 shows no Version field (3.5 added it); the version is in About...
    assert list(fields) == ["Blocks", "Bytes", "Stack", "Last Changed"]
    package = Path(facts_module.resources.PACKAGE_DIR)
    files = [p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts and not p.is_symlink()]
    assert fields["Bytes"] == f"{sum(p.stat().st_size for p in files):,}"
    assert int(fields["Blocks"].replace(",", "")) >= len(files)
    try:
        import resource
    except ImportError:
        assert fields["Stack"] == UNKNOWN
    else:
        soft = resource.getrlimit(resource.RLIMIT_STACK)[0]
        assert fields["Stack"] == (UNKNOWN if soft == resource.RLIM_INFINITY else f"{soft:,}")
    assert "SEED=5" in window.facts.tool_types and "LEVEL=beginner" in window.facts.tool_types
    assert window.facts.protection.readable and not window.facts.protection.script
    icon = Icon.MINESWEEPER.sprite
    x0, y0 = window.ax + window.inner_x + 6, window.ay + window.inner_y + 6
    assert [pyxel.screen.pget(x0 + x, y0 + y) for x in range(32) for y in range(20)] == [
        pyxel.images[icon.bank].pget(icon.x + x, icon.y + y) for x in range(32) for y in range(20)]


def test_save_is_ghosted_and_cancel_esc_and_help_do_what_they_say(make_app):
    app, pilot = workbench_with(make_app, Icon.MINESWEEPER)
    pilot.key(pyxel.KEY_I, amiga=True)
    window = app.wm.active
    pilot.click(window.save.ax + 3, window.save.ay + 3)
    assert app.wm.is_open(window)  # Save can do nothing: ghosted
    pilot.key(pyxel.KEY_F1)
    assert app.viewer is not None and app.viewer.navigation.place.node.name == ManualPage.WORKBENCH
    app.viewers.closed()
    pilot.step()
    app.wm.activate(window)
    pilot.click(window.cancel.ax + 3, window.cancel.ay + 3)
    assert not app.wm.is_open(window) and app.wm.active is app.workbench
    pilot.key(pyxel.KEY_I, amiga=True)
    again = app.wm.active
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.wm.is_open(again)


def test_one_window_per_selected_icon_each_below_the_last(make_app):
    app, pilot = workbench_with(make_app, Icon.WORKBENCH, Icon.RAM_DISK, Icon.MINESWEEPER)
    pilot.key(pyxel.KEY_I, amiga=True)
    windows = [w for w in app.wm.windows if isinstance(w, InformationWindow)]
    assert [w.title for w in windows] == ["Workbench:", "Ram Disk:", "Workbench:MineSweeper"]
    # Each below the last one's title bar (and kept whole on the screen).
    assert [(w.x, w.y) for w in windows] == [(min(i * CASCADE, 320 - w.w), 11 + i * CASCADE)
                                             for i, w in enumerate(windows)]
    disk = windows[0]
    assert list(rows(disk)) == ["Blocks", "Used", "Free", "Block Size", "Volume is", "Last Changed"]
    assert rows(disk)["Volume is"] in ("Read/Write", "Read Only") and disk.facts.protection is None
    app.wm.to_front(windows[0])
    pilot.key(pyxel.KEY_I, amiga=True)  # open already: each comes to the front, no second window
    assert len([w for w in app.wm.windows if isinstance(w, InformationWindow)]) == 3


def test_information_windows_go_with_a_screen_mode_change(make_app):
    app, pilot = workbench_with(make_app, Icon.RAM_DISK)
    pilot.key(pyxel.KEY_I, amiga=True)
    window = app.wm.active
    app.resize_screen(ScreenMode.HIRES)
    try:
        assert app.wm.is_open(window) and window.screen_size == (640, 512) and window.border == 4
    finally:
        app.resize_screen(ScreenMode.LOWRES)


# ----------------------------------------------------------- the facts
def test_a_volume_is_counted_in_its_own_blocks(tmp_path):
    facts = volume_facts("Ram Disk", tmp_path)
    fields = dict(facts.rows)
    if hasattr(os, "statvfs"):
        info = os.statvfs(tmp_path)
        assert fields["Block Size"] == f"{info.f_frsize or info.f_bsize:,}"
        assert fields["Blocks"] == f"{info.f_blocks:,}"
    assert facts.title == "Ram Disk:" and facts.kind is IconKind.VOLUME


def test_what_the_system_does_not_say_is_not_known(tmp_path):
    gone = tmp_path / "not-there"
    fields = dict(volume_facts("Workbench", gone).rows)
    assert fields["Volume is"] == UNKNOWN and fields["Last Changed"] == UNKNOWN
    assert files_size(gone) == FilesSizeOfNothing()
    tool = tool_facts([], folder=gone)
    assert "Version" not in dict(tool.rows)


def FilesSizeOfNothing():
    """An empty (or missing) folder holds nothing: no bytes, no blocks, no date."""
    return facts_module.FilesSize(0, 0, None)


def test_hostile_options_are_shown_as_harmless_text():
    class Options:
        seed = None
        level = None
        data_dir = Path("evil\x1b[2J\nfolder" + "x" * 200)
        headless = True
        touch_play = False

    types = tool_types(Options())
    assert types[0].startswith("DATA-DIR=evil") and types[1:] == ["HEADLESS", "NOTOUCH"]
    shown = tool_facts(types).tool_types
    assert all(text.isprintable() and len(text) <= 40 for text in shown)
    assert printable("a\x00b\x07c") == "a?b?c"


@pytest.mark.parametrize("count", [3])
def test_counting_the_programs_files_stops_at_a_limit(tmp_path, monkeypatch, count):
    for index in range(count + 2):
        (tmp_path / f"f{index}.py").write_bytes(b"x" * 600)
    monkeypatch.setattr(facts_module, "MOST_FILES", count)
    size = files_size(tmp_path)
    assert size.bytes == 600 * count and size.blocks == 2 * count

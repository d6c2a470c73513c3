"""Every window a control opens is registered with the app by its kind
(windowcontrol.py, windowkind.py): the Palette, the Information windows and
the Workbench as the help viewer, the Duel, Statistics and Replay are. The
menus open windows by kind, and the game's host (host.py) names no control."""

from __future__ import annotations

import ast
from pathlib import Path

from amigasweeper.guide import ManualPage
from amigasweeper.ui import host
from amigasweeper.ui.game.menudefs import Command
from amigasweeper.ui.information.informationwindow import InformationWindow
from amigasweeper.ui.intuition.atlas import Icon
from amigasweeper.ui.palette.palettewindow import PaletteWindow
from amigasweeper.ui.windowkind import WindowKind


def test_every_kind_has_one_registered_control(make_app):
    app, _pilot = make_app()
    kinds = [control.kind for control in app.controls]
    assert sorted(kinds, key=lambda k: k.value) == sorted(WindowKind, key=lambda k: k.value)
    assert len(set(kinds)) == len(kinds)
    assert {app.palette, app.information, app.workbench_control} <= set(app.controls)


def test_the_games_menus_open_their_windows_by_kind(make_app):
    app, _pilot = make_app()
    asked = []
    app.open_window = asked.append
    handlers = app.commands.handlers()
    for command in (Command.DUEL, Command.STATISTICS, Command.REPLAY, Command.PALETTE):
        handlers[command]()
    assert asked == [WindowKind.DUEL, WindowKind.STATISTICS, WindowKind.REPLAY, WindowKind.PALETTE]


def test_the_palette_opens_once_by_kind_and_cancel_closes_it(make_app):
    app, pilot = make_app()
    app.open_window(WindowKind.PALETTE)
    window = app.palette.window
    assert isinstance(window, PaletteWindow) and app.wm.active is window
    app.wm.activate(app.mine_window)
    app.open_window(WindowKind.PALETTE)  # again: the same window, brought forward
    assert app.palette.window is window and app.wm.active is window
    assert sum(isinstance(w, PaletteWindow) for w in app.wm.windows) == 1
    close = window.close_gadget  # Cancel, as 3.1's Palette's close gadget
    pilot.click(close.ax + 3, close.ay + 3)
    assert app.palette.window is None and not app.wm.is_open(window)


def test_information_opens_for_the_selected_icons_and_its_help_is_the_workbenchs(make_app):
    app, pilot = make_app()
    app.open_window(WindowKind.INFORMATION)  # nothing selected: nothing opens
    assert app.information.windows == {}
    app.workbench.select_only(app.workbench.icon(Icon.RAM_DISK))
    app.open_window(WindowKind.INFORMATION)
    window = app.information.windows[Icon.RAM_DISK]
    assert isinstance(window, InformationWindow) and app.wm.active is window
    assert app.help_page() == ManualPage.WORKBENCH  # not the game's rules behind it
    app.information.close(Icon.RAM_DISK)
    assert not app.wm.is_open(window) and app.help_page() != ManualPage.WORKBENCH


def test_the_workbench_comes_forward_by_kind_and_says_its_page(make_app):
    app, _pilot = make_app()
    assert app.wm.active is app.mine_window
    app.open_window(WindowKind.WORKBENCH)
    assert app.wm.active is app.workbench and app.help_page() == ManualPage.WORKBENCH


def test_the_games_host_names_no_window_control():
    """Host's members are protocols and windows, never a control's class:
    a new window registers, it does not grow Host."""
    tree = ast.parse(Path(host.__file__).read_text(encoding="utf-8"))
    (host_class,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Host"]
    named = {name.id for node in ast.walk(host_class) for name in ast.walk(node) if isinstance(name, ast.Name)}
    assert not [name for name in named if name.endswith("Control")], named
    imported = [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert not [module for module in imported if module and module.endswith("control")], imported

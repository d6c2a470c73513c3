"""Reference screenshots of the main screens.

Each scene's pixels (pen numbers) are hashed and compared with the hash kept in
tests/ui/reference/NAME.sha256, beside NAME.png for people to look at. After a
deliberate change of the look, regenerate both and look at the PNGs:

    UPDATE_REFERENCE_SCREENS=1 python3 -m pytest tests/ui/test_reference_screens.py
"""

from __future__ import annotations

import hashlib

import pytest
import pyxel
from guide_scenes import GUIDE_SCENES
from reference_files import check_reference

from amigasweeper.engine import LevelName
from amigasweeper.ui.intuition.input import Button


def screen_digest() -> str:
    pixels = bytes(pyxel.screen.pget(x, y) for y in range(pyxel.height) for x in range(pyxel.width))
    return hashlib.sha256(pixels).hexdigest()


def scene_start(make_app):
    app, pilot = make_app(level=LevelName.BEGINNER, seed=5)
    return pilot


def scene_expert_midgame(make_app):
    app, pilot = make_app(level=LevelName.EXPERT, seed=20)
    game = app.game
    pilot.click_cell(pilot.cell_at(16, 8))
    pilot.finish_ripple()
    marked = 0
    for cell in game.topology.cells():
        if game.is_mine(cell) and any(game.is_open(n) for n in game.topology.neighbours[cell]) and marked < 6:
            pilot.click_cell(cell, Button.RIGHT)
            marked += 1
    pilot.step(90)
    return pilot


def scene_lost(make_app):
    app, pilot = make_app(level=LevelName.BEGINNER, seed=5)
    game = app.game
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    safe = next(c for c in game.topology.cells() if not game.is_mine(c) and not game.is_open(c))
    pilot.click_cell(safe, Button.RIGHT)
    pilot.click_cell(min(game.mine_cells()))
    pilot.step(20)  # after the flash
    return pilot


def scene_paused(make_app):
    app, pilot = make_app(level=LevelName.INTERMEDIATE, seed=3)
    pilot.click_cell(pilot.cell_at(8, 8))
    pilot.finish_ripple()
    pilot.key(pyxel.KEY_P)
    return pilot


def scene_manual_contents(make_app):
    app, pilot = make_app(level=LevelName.BEGINNER, seed=5)
    pilot.key(pyxel.KEY_F1)
    contents = next(b for b in app.viewer.buttons if b.label == "Contents")
    pilot.click(contents.ax + 3, contents.ay + 3)
    return pilot


def scene_workbench_icons(make_app):
    """The Workbench with its icons, the game window closed and MineSweeper selected."""
    app, pilot = make_app(level=LevelName.BEGINNER, seed=5)
    close = app.mine_window.close_gadget
    pilot.click(close.ax + 3, close.ay + 3)
    pilot.move(2, 2)
    pilot.press(Button.RIGHT)  # a look at the menus: the screen bar now shows the Workbench's title
    pilot.release(Button.RIGHT)
    icon = app.workbench.icons[-1]
    pilot.click(icon.ax + 16, icon.ay + 8)
    return pilot


def scene_two_windows(make_app):
    """The Duel window in front, inactive; the game window behind it, active."""
    app, pilot = make_app(level=LevelName.BEGINNER, seed=5)
    pilot.key(pyxel.KEY_D, amiga=True)
    pilot.key(pyxel.KEY_RETURN)
    duel = app.duels.window
    pilot.drag((duel.ax + 60, duel.ay + 4), (duel.ax + 60, 250))
    window = app.mine_window
    pilot.click(window.ax + 40, window.ay + 30)
    return pilot


def scene_window_drag(make_app):
    """The game window's title bar held and moved: its outline where it would go."""
    app, pilot = make_app(level=LevelName.BEGINNER, seed=5)
    window = app.mine_window
    pilot.move(window.ax + 40, window.ay + 4)
    pilot.press(Button.LEFT)
    pilot.move(window.ax + 90, window.ay + 70)
    return HeldPilot(pilot)


def scene_viewer_menus(make_app):
    """The help viewer's Navigate menu held open."""
    app, pilot = make_app(level=LevelName.BEGINNER, seed=5)
    pilot.key(pyxel.KEY_F1)
    pilot.move(2, 2)
    pilot.press(Button.RIGHT)
    strip = app.menus
    pilot.move(strip.title_x[1] + 2, 4)
    pilot.move(strip.title_x[1] + 10, 24)
    return HeldPilot(pilot)


class HeldPilot:
    """A scene taken with a button held: the pointer stays where it is."""

    def __init__(self, pilot) -> None:
        self.pilot = pilot

    def move(self, x: int, y: int) -> None:
        pass


LONG_NAME = "Bartholomew Fitzgerald-Smythe3"  # 30 characters: storage keeps 24


def scene_best_times_long_name(make_app):
    app, pilot = make_app(level=LevelName.BEGINNER, seed=5)
    app.storage.record_time("intermediate", 87, LONG_NAME)
    app.storage.record_time("beginner", 9, "Ada")
    app.storage.record_duel("computer-normal", "win")
    app.storage.record_duel(LONG_NAME, "draw")
    pilot.key(pyxel.KEY_T, amiga=True)
    return pilot


def scene_reset_confirmation(make_app):
    pilot = scene_best_times_long_name(make_app)
    reset = pilot.app.requesters[-1].buttons[0]
    pilot.click(reset.ax + 3, reset.ay + 3)
    return pilot


def scene_kickstart2_legend(make_app):
    """The probability shading in the Kickstart 2 look: eight dithered steps."""
    from amigasweeper.play.assist import position
    from amigasweeper.ui.intuition.modes import Look

    app, pilot = make_app(level=LevelName.INTERMEDIATE, seed=7, look=Look.KICKSTART2)
    pilot.click_cell(pilot.cell_at(8, 8))
    pilot.finish_ripple()
    patience, position.PATIENCE = position.PATIENCE, 3600.0  # the count is exact however loaded the machine
    try:
        app.commands.toggle_probabilities()
        pilot.step()
        for _ in range(600):
            if not app.session.assist.waiting():
                break
            pilot.step()
    finally:
        position.PATIENCE = patience
    return pilot


def scene_settings_sub_items(make_app):
    """Settings held open with its Flash sub-items beside it (3.1's grouping)."""
    app, pilot = make_app(level=LevelName.BEGINNER, seed=5)
    strip = app.menus
    index = next(i for i, m in enumerate(strip.menus) if m.title == "Settings")
    flash = next(i for i in strip.menus[index].items if i.label == "Flash")
    pilot.move(strip.title_x[index] + 2, 4)
    pilot.press(Button.RIGHT)
    panel = strip.panels[index]
    row = panel.box_of(flash).y + 4
    pilot.move(strip.title_x[index] + 2, 14)
    pilot.move(panel.left + 20, row)
    sub = strip.sub_panel()
    pilot.move(sub.left + 4, row)
    pilot.move(sub.left + 20, sub.box_of(flash.sub[1]).y + 4)
    return HeldPilot(pilot)


def scene_hires_requester(make_app):
    """The HighRes Laced screen with a requester: its depth gadget, its text
    recessed, and the pointer at its LowRes size (each pixel two by two)."""
    from amigasweeper.ui.intuition.modes import ScreenMode

    app, pilot = make_app(level=LevelName.BEGINNER, seed=5, screen=ScreenMode.HIRES)
    pilot.key(pyxel.KEY_SLASH, amiga=True, shift=True)  # About... (Right-Amiga-?)
    if not app.requesters:
        pilot.key(pyxel.KEY_T, amiga=True)  # Best Times..., where "?" is not a key of its own
    return pilot


def scene_workbench_window_scrolled(make_app):
    """Backdrop off, the Workbench window sized small and scrolled down a
    step: its scroll bars in the right and bottom borders, as 3.1 draws them."""
    app, pilot = make_app(level=LevelName.BEGINNER, seed=5)
    close = app.mine_window.close_gadget
    pilot.click(close.ax + 3, close.ay + 3)
    window = app.workbench
    window.set_backdrop(False, (30, 40, 160, 90))
    app.wm.to_front(window)
    app.wm.activate(window)
    pilot.click(window.scroll_bars.down.ax + 3, window.scroll_bars.down.ay + 3)
    return pilot


SCENES = {
    "workbench_window_scrolled": scene_workbench_window_scrolled,
    "settings_sub_items": scene_settings_sub_items,
    "hires_requester": scene_hires_requester,
    "workbench_icons": scene_workbench_icons,
    "two_windows": scene_two_windows,
    "window_drag": scene_window_drag,
    "viewer_menus": scene_viewer_menus,
    "kickstart2_legend": scene_kickstart2_legend,
    "best_times_long_name": scene_best_times_long_name,
    "reset_confirmation": scene_reset_confirmation,
    "manual_contents": scene_manual_contents,
    "beginner_start": scene_start,
    "expert_midgame": scene_expert_midgame,
    "beginner_lost": scene_lost,
    "intermediate_paused": scene_paused,
    **GUIDE_SCENES,
}


@pytest.mark.parametrize("name", sorted(SCENES))
def test_screen_matches_its_reference(make_app, name, tmp_path):
    pilot = SCENES[name](make_app)
    pilot.move(300, 236)  # the pointer out of the way, always in the same place
    check_reference(name, screen_digest(), tmp_path)

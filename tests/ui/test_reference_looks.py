"""The 2.4 look stays to the last pixel with every accessibility look off
(issue 39): the board cursor, the probability shading and the screen's
colours, each drawn by the code path main had before the bold cursor, the
stepped shading and the new presets existed.

Each scene's pixels (pen numbers) AND the colour of every pen are hashed and
compared with tests/ui/reference/NAME.sha256 (NAME.png beside it to look at).
The references of the scenes with every option off were made before those
options were written; regenerate only after a deliberate change of the look:

    UPDATE_REFERENCE_SCREENS=1 python3 -m pytest tests/ui/test_reference_looks.py
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable  # a Command, or the engine's Shape or Completion (their menu items' commands)
from pathlib import Path

import pytest
import pyxel
from reference_files import check_reference

from amigasweeper.engine import LevelName, Shape
from amigasweeper.ui.game.menudefs import MENUS, Command


def look_digest() -> str:
    """The pen of every pixel, then the colour of every pen."""
    pixels = bytes(pyxel.screen.pget(x, y) for y in range(pyxel.height) for x in range(pyxel.width))
    colours = b"".join(int(pyxel.colors[pen]).to_bytes(4, "big") for pen in range(len(pyxel.colors)))
    return hashlib.sha256(pixels + colours).hexdigest()


def choose(app, command: Hashable) -> None:
    item = next(i for m in MENUS for i in m.every_item() if i.command is command)
    app.commands.select(item)


def opened(make_app, level=LevelName.INTERMEDIATE, seed=7, shape: Shape | None = None):
    app, pilot = make_app(level=level, seed=seed)
    if shape is not None:
        choose(app, shape)
        pilot.step()
    pilot.click_cell(pilot.cell_at(8, 8))
    pilot.finish_ripple()
    return app, pilot


def settle_hints(app, pilot) -> None:
    """Wait for the solver's whole answer when the shading is shown: its
    work is cut into frames by a clock, so how far it got after a frame
    depends on the machine; once done, the screen does not."""
    assist = app.session.assist
    for _ in range(600):
        pilot.step()
        if not assist.show_probabilities or not assist.waiting():
            return
    raise AssertionError("the hints never finished")


def cursor_on_a_number(app, pilot) -> None:
    """The board cursor shown (a cursor key) and put on the first number."""
    game = app.game
    pilot.key(pyxel.KEY_RIGHT)  # the first key only shows the cursor
    number = next(c for c in game.topology.cells() if game.is_open(c) and game.tile(c) > 0)
    app.mine_window.cursor.cell = number
    pilot.step()


def scene_cursor_square(make_app):
    app, pilot = opened(make_app)
    cursor_on_a_number(app, pilot)
    return pilot


def scene_cursor_hexagons(make_app):
    app, pilot = opened(make_app, shape=Shape.HEX)
    cursor_on_a_number(app, pilot)
    return pilot


def scene_cursor_triangles(make_app):
    app, pilot = opened(make_app, shape=Shape.TRIANGLE)
    cursor_on_a_number(app, pilot)
    return pilot


def scene_shading_kickstart3(make_app):
    app, pilot = opened(make_app)
    app.commands.toggle_probabilities()
    settle_hints(app, pilot)
    return pilot


def scene_shading_kickstart2(make_app):
    from amigasweeper.ui.intuition.modes import Look

    app, pilot = make_app(level=LevelName.INTERMEDIATE, seed=7, look=Look.KICKSTART2)
    pilot.click_cell(pilot.cell_at(8, 8))
    pilot.finish_ripple()
    app.commands.toggle_probabilities()
    settle_hints(app, pilot)
    return pilot


SCENES_2_4 = {
    "look24_cursor_square": scene_cursor_square,
    "look24_cursor_hexagons": scene_cursor_hexagons,
    "look24_cursor_triangles": scene_cursor_triangles,
    "look24_shading_kickstart3": scene_shading_kickstart3,
    "look24_shading_kickstart2": scene_shading_kickstart2,
}


def with_every_option_on(scene):
    """A scene with the Palette window's Cursor: Bold ring and Shading: Light to dark, Used."""
    def scene_on(make_app):
        pilot = scene(make_app)
        app = pilot.app
        choose(app, Command.PALETTE)
        pilot.step()
        window = app.palette.window
        window.cursor_gadget.activate()
        window.shading_gadget.activate()
        window.buttons[1].activate()  # Use
        settle_hints(app, pilot)  # the game window active again: its hints may look again
        return pilot
    return scene_on


SCENES_ON = {name.replace("look24", "every_option"): with_every_option_on(scene) for name, scene in SCENES_2_4.items()}


def check(name: str, tmp_path: Path) -> None:
    check_reference(name, look_digest(), tmp_path)


@pytest.mark.parametrize("name", sorted(SCENES_2_4))
def test_with_every_option_off_the_2_4_look_is_untouched(make_app, name, tmp_path):
    pilot = SCENES_2_4[name](make_app)
    pilot.move(300, 236)  # the pointer out of the way, always in the same place
    check(name, tmp_path)


@pytest.mark.parametrize("name", sorted(SCENES_ON))
def test_the_bold_cursor_and_the_stepped_shading_look_as_they_were_made(make_app, name, tmp_path):
    pilot = SCENES_ON[name](make_app)
    pilot.move(300, 236)
    check(name, tmp_path)


def test_every_option_on_changes_the_look_and_off_puts_it_back(make_app, tmp_path):
    """The option scenes differ from the 2.4 ones (the options do something),
    and turning both off again gives the 2.4 pixels back."""
    for name, scene in SCENES_2_4.items():
        pilot = scene(make_app)
        pilot.move(300, 236)
        plain = look_digest()
        app = pilot.app
        choose(app, Command.PALETTE)
        pilot.step()
        window = app.palette.window
        window.cursor_gadget.activate()
        window.shading_gadget.activate()
        pilot.step()
        assert look_digest() != plain, name
        window.cursor_gadget.activate()
        window.shading_gadget.activate()
        window.buttons[1].activate()  # Use, with both off again
        settle_hints(app, pilot)
        assert look_digest() == plain, name

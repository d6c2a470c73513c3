"""Touch play, driven for real: a finger is the left button, and the input
layer (intuition/gestures.py) turns taps and long presses into what each
window already understands."""

from __future__ import annotations

import sys
import types

import pytest

from amigasweeper.engine import GameStatus
from amigasweeper.ui.game.menudefs import MENUS, Command
from amigasweeper.ui.intuition.gestures import DRIFT, LONG_PRESS_FRAMES
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.intuition.modes import ScreenMode
from amigasweeper.ui.intuition.requester import Requester
from amigasweeper.ui.intuition.widgets import Widget
from amigasweeper.ui.intuition.window import Window
from amigasweeper.ui.touch.touchcontrol import decide, is_touch_screen
from amigasweeper.ui.window_options import parse_args


def touch_app(make_app, **options):
    options.setdefault("touch_play", True)
    return make_app(**options)


def hold(pilot, frames: int) -> None:
    pilot.step(frames)


def long_press(pilot, x: int, y: int, extra: int = 2) -> None:
    """Finger down, kept still past the long-press time (not yet lifted)."""
    pilot.move(x, y)
    pilot.press()
    hold(pilot, LONG_PRESS_FRAMES + extra)


def uncover_a_number(app, pilot) -> int:
    """Open the board with one tap and return an uncovered number with a
    covered neighbour (peeking at the layout)."""
    pilot.click_cell(pilot.cell_at(3, 3))
    pilot.finish_ripple()
    game = app.game
    for cell in game.topology.cells():
        if game.is_open(cell) and not game.is_mine(cell):
            around = game.topology.neighbours[cell]
            if any(game.is_mine(n) for n in around) and any(not game.is_open(n) and not game.is_mine(n)
                                                             for n in around):
                return cell
    raise AssertionError("no number with a safe covered neighbour on this board")


def test_a_long_press_marks_a_covered_square_and_never_uncovers_it(make_app):
    app, pilot = touch_app(make_app)
    cell = pilot.cell_at(2, 5)
    x, y = pilot.cell_xy(cell)
    pilot.move(x, y)
    pilot.press()
    hold(pilot, LONG_PRESS_FRAMES - 5)
    field = app.mine_window.field
    assert field.pressed_cells() == [cell]  # the pressed-square look while it counts
    assert app.game.mark(cell) == 0
    hold(pilot, 10)
    assert app.game.mark(cell) == 1  # marked while the finger is still down
    assert field.pressed_cells() == []
    pilot.release()
    pilot.step()
    assert app.game.mark(cell) == 1 and not app.game.is_open(cell)
    assert app.game.status is not GameStatus.LOST


def test_a_second_long_press_cycles_the_mark_as_the_right_button(make_app):
    app, pilot = touch_app(make_app)
    cell = pilot.cell_at(6, 1)
    for expected in (1, 2, 0):  # mine, ?, blank (Marks (?) is on)
        long_press(pilot, *pilot.cell_xy(cell))
        pilot.release()
        assert app.game.mark(cell) == expected


def test_a_tap_uncovers_the_square_first_touched_though_the_finger_drifts(make_app):
    app, pilot = touch_app(make_app)
    game = app.game
    pilot.click_cell(pilot.cell_at(3, 3))  # the mines are placed
    pilot.finish_ripple()
    width = game.topology.width

    def covered(cell: int) -> bool:
        return not game.is_open(cell) and not game.is_mine(cell) and game.number(cell) > 0

    cell = next(c for c in game.topology.cells() if c % width < width - 1 and covered(c) and not game.is_open(c + 1))
    x, y = pilot.cell_xy(cell)  # the square's middle: DRIFT pixels right is the next square
    pilot.move(x, y)
    pilot.press()
    pilot.move(x + DRIFT, y)
    assert app.mine_window.field.cell_under(x + DRIFT, y) == cell + 1  # the finger is over the next square
    pilot.release()
    assert game.is_open(cell) and not game.is_open(cell + 1)
    assert game.status is GameStatus.PLAYING


def test_a_finger_that_slides_off_is_a_drag_and_releases_elsewhere(make_app):
    app, pilot = touch_app(make_app)
    start, end = pilot.cell_at(3, 3), pilot.cell_at(5, 3)
    pilot.move(*pilot.cell_xy(start))
    pilot.press()
    pilot.move(*pilot.cell_xy(end))
    hold(pilot, LONG_PRESS_FRAMES + 5)  # still past the time: a drag is never a long press
    pilot.release()
    pilot.finish_ripple()
    assert app.game.is_open(end)
    assert app.game.mark(end) == 0


def test_a_tap_on_a_number_whose_mines_are_all_marked_clears_around_it(make_app):
    app, pilot = touch_app(make_app)
    game = app.game
    number = uncover_a_number(app, pilot)
    around = game.topology.neighbours[number]
    covered_safe = [n for n in around if not game.is_open(n) and not game.is_mine(n)]
    pilot.click_cell(number)  # too few marks: nothing happens
    assert not any(game.is_open(n) for n in covered_safe)
    for mine in [n for n in around if game.is_mine(n)]:
        long_press(pilot, *pilot.cell_xy(mine))
        pilot.release()
    pilot.click_cell(number)
    pilot.finish_ripple()
    assert all(game.is_open(n) for n in covered_safe)
    assert game.status is not GameStatus.LOST


def test_a_long_press_on_a_number_does_nothing(make_app):
    app, pilot = touch_app(make_app)
    game = app.game
    number = uncover_a_number(app, pilot)
    around = game.topology.neighbours[number]
    for mine in [n for n in around if game.is_mine(n)]:
        long_press(pilot, *pilot.cell_xy(mine))
        pilot.release()
    opened = sum(game.is_open(c) for c in game.topology.cells())
    long_press(pilot, *pilot.cell_xy(number))
    pilot.release()
    assert sum(game.is_open(c) for c in game.topology.cells()) == opened


def test_a_long_press_on_the_title_bar_drags_the_window(make_app):
    app, pilot = touch_app(make_app)
    window = app.mine_window
    start = (window.x, window.y)
    grab = (window.ax + 40, window.ay + 4)
    long_press(pilot, *grab)
    assert app.wm.drag is not None and app.open_menus_strip is None
    pilot.move(grab[0] + 20, grab[1] + 30)
    pilot.release()
    assert (window.x, window.y) == (start[0] + 20, start[1] + 30)


def test_a_tap_on_the_title_bar_with_a_drifting_finger_leaves_the_window_put(make_app):
    app, pilot = touch_app(make_app)
    window = app.mine_window
    start = (window.x, window.y)
    pilot.drag((window.ax + 40, window.ay + 4), (window.ax + 42, window.ay + 6))
    assert (window.x, window.y) == start


def menu_item_xy(app, command: Command) -> tuple[int, int]:
    strip = app.menus
    for index, menu in enumerate(MENUS):
        for box in strip.panels[index][3]:
            if box.item.command is command:
                x, _, _, _ = strip.panel_rect(index)
                return x + 20, box.y + 4
    raise KeyError(command)


def test_a_long_press_on_the_screen_title_bar_opens_the_menus_and_a_slide_chooses(make_app):
    app, pilot = touch_app(make_app)
    marks = app.session.choices.marks
    title_x = app.menus.title_x[0] + 2
    long_press(pilot, title_x, 4)
    assert app.open_menus_strip is not None
    pilot.move(title_x, 14)
    pilot.move(*menu_item_xy(app, Command.MARKS))
    pilot.release()
    assert app.open_menus_strip is None
    assert app.session.choices.marks is not marks


def test_a_newcomer_with_touch_is_told_to_long_press_for_the_menus(make_app):
    app, pilot = touch_app(make_app)
    assert app.screen_title().startswith("Long press here: menus")
    plain, _pilot = make_app(touch_play=False)
    assert plain.screen_title().startswith("Hold right button")


def test_a_long_press_on_the_screen_depth_gadget_shows_the_menus_and_leaves_it_up(make_app):
    app, pilot = touch_app(make_app)
    long_press(pilot, app.screen.w - 8, 4)
    assert app.open_menus_strip is not None and not app.screen.depth_held
    pilot.release()
    assert app.screen.top == 0 and app.screen.drag is None


def test_a_short_tap_on_the_screen_title_bar_opens_nothing(make_app):
    app, pilot = touch_app(make_app)
    pilot.click(60, 4)
    assert app.open_menus_strip is None


def test_a_long_press_on_a_requester_button_still_presses_it(make_app):
    app, pilot = touch_app(make_app)
    chosen = []
    requester = Requester("Question", ["Well?"], [("Yes", lambda: chosen.append("yes")),
                                                   ("No", lambda: chosen.append("no"))], (320, 256))
    app.open_requester(requester)
    pilot.step()
    yes = requester.buttons[0]
    long_press(pilot, yes.ax + 4, yes.ay + 4)
    assert app.open_menus_strip is None and yes.pressed
    pilot.release()
    assert chosen == ["yes"]


class RightTaker(Widget):
    """A widget of a window written after the gestures: it only knows the buttons."""

    wants_right_button = True

    def __init__(self) -> None:
        super().__init__(0, 0, 40, 20)
        self.seen: list[tuple[str, Button]] = []

    def on_press(self, frame, button):
        self.seen.append(("press", button))

    def on_release(self, frame, button):
        self.seen.append(("release", button))


def test_a_new_window_gets_the_same_gestures_without_knowing_of_them(make_app):
    app, pilot = touch_app(make_app)
    window = Window("New", 150, 120, 60, 40)
    taker = window.add(RightTaker())
    taker.x, taker.y = window.inner_x + 4, window.inner_y + 4
    app.wm.open(window)
    pilot.step()
    pilot.click(taker.ax + 5, taker.ay + 5)
    assert taker.seen == [("press", Button.LEFT), ("release", Button.LEFT)]
    taker.seen.clear()
    long_press(pilot, taker.ax + 5, taker.ay + 5)
    pilot.release()
    assert taker.seen == [("press", Button.LEFT), ("press", Button.RIGHT), ("release", Button.RIGHT)]


def test_the_drift_allowed_doubles_on_a_highres_screen(make_app):
    app, pilot = touch_app(make_app)
    app.resize_screen(ScreenMode.HIRES)
    pilot.step()
    cell = pilot.cell_at(2, 5)
    x, y = pilot.cell_xy(cell)
    pilot.move(x, y)
    pilot.press()
    pilot.move(x + 2 * DRIFT - 1, y + 2)  # a wider wobble: still a press in place
    hold(pilot, LONG_PRESS_FRAMES + 2)
    pilot.release()
    assert app.game.mark(cell) == 1


def test_with_touch_off_a_long_left_press_uncovers_as_ever(make_app):
    app, pilot = make_app(touch_play=False)
    assert app.reader.gestures is None
    cell = pilot.cell_at(3, 3)
    long_press(pilot, *pilot.cell_xy(cell))
    pilot.release()
    pilot.finish_ripple()
    assert app.game.is_open(cell)


def test_settings_touch_controls_switches_and_is_saved(make_app, tmp_path):
    app, pilot = make_app(data_dir=tmp_path)
    assert not app.touch_play.on  # a desktop: auto means off
    item = next(i for m in MENUS for i in m.items if i.command is Command.TOUCH)
    app.commands.select(item)
    assert app.touch_play.on and app.reader.gestures is not None
    assert app.commands.checked(item)
    assert app.storage.load().settings.touch_play == "on"
    again, _pilot = make_app(data_dir=tmp_path)
    assert again.touch_play.on
    forced_off, _pilot = make_app(data_dir=tmp_path, touch_play=False)
    assert not forced_off.touch_play.on  # --no-touch wins over the saved setting


def test_the_command_line_says_touch_or_no_touch():
    assert parse_args([]).touch_play is None
    assert parse_args(["--touch"]).touch_play is True
    assert parse_args(["--no-touch"]).touch_play is False


@pytest.mark.parametrize(
    ("saved", "forced", "screen", "on"),
    [
        ("auto", None, True, True),
        ("auto", None, False, False),
        ("on", None, False, True),
        ("off", None, True, False),
        ("off", True, False, True),
        ("on", False, True, False),
    ],
)
def test_the_command_line_wins_then_the_setting_then_the_device(saved, forced, screen, on):
    assert decide(saved, forced, lambda: screen) is on


def test_only_a_browser_reporting_touch_points_is_a_touch_screen(monkeypatch):
    assert not is_touch_screen("linux")
    page = types.SimpleNamespace(navigator=types.SimpleNamespace(maxTouchPoints=5))
    monkeypatch.setitem(sys.modules, "js", page)
    assert is_touch_screen("emscripten")
    page.navigator.maxTouchPoints = 0
    assert not is_touch_screen("emscripten")
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace())  # no navigator: a mouse
    assert not is_touch_screen("emscripten")

"""The MineSweeper window driven through the real app: mouse, keys, pause, loss, win."""

from __future__ import annotations

import pyxel

from amigasweeper.engine import GameStatus, Mark
from amigasweeper.ui.intuition.atlas import Cell, Face
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.intuition.palette import RGB, Pen, beep_rgb

LEFT, RIGHT = Button.LEFT, Button.RIGHT


def sprite_pixels(sprite):
    image = pyxel.images[sprite.bank]
    return [[image.pget(sprite.x + i, sprite.y + j) for i in range(sprite.w)] for j in range(sprite.h)]


def screen_pixels(x, y, w, h):
    return [[pyxel.screen.pget(x + i, y + j) for i in range(w)] for j in range(h)]


def cell_on_screen(app, cell):
    field = app.mine_window.field
    ox, oy = app.mine_window.canvas.geometry.origin(cell)
    return screen_pixels(field.ax + ox, field.ay + oy, 8, 8)


def open_first(app, pilot, col=3, row=3):
    cell = pilot.cell_at(col, row)
    pilot.click_cell(cell)
    pilot.finish_ripple()
    return cell


def park_pointer(pilot):
    pilot.move(300, 240)


def a_number(game):
    return next(c for c in game.topology.cells() if game.is_open(c) and game.number(c) > 0)


# ------------------------------------------------------------------ left button
def test_left_press_drag_release_uncovers_the_square_released_over(app_pilot):
    app, pilot = app_pilot
    start, end = pilot.cell_at(0, 0), pilot.cell_at(5, 6)
    pilot.move(*pilot.cell_xy(start))
    pilot.press(LEFT)
    assert app.mine_window.face() is Face.OH
    pilot.move(*pilot.cell_xy(end))
    assert app.mine_window.field.pressed_cells() == [end]
    pilot.release(LEFT)
    assert app.game.is_open(end)
    assert not app.game.is_open(start) or app.game.number(end) == 0
    assert app.game.status is GameStatus.PLAYING


def top_left_quarter(pixels):
    """The part of a square the pointer (hotspot at the square's middle) leaves visible."""
    return [row[:4] for row in pixels[:4]]


def test_held_square_is_drawn_pressed(app_pilot):
    app, pilot = app_pilot
    cell = pilot.cell_at(2, 2)
    pilot.move(*pilot.cell_xy(cell))
    assert top_left_quarter(cell_on_screen(app, cell)) == top_left_quarter(sprite_pixels(Cell.COVERED.sprite))
    pilot.press(LEFT)
    assert top_left_quarter(cell_on_screen(app, cell)) == top_left_quarter(sprite_pixels(Cell.PRESSED.sprite))
    pilot.release(LEFT)


def test_release_outside_the_field_does_nothing(app_pilot):
    app, pilot = app_pilot
    pilot.move(*pilot.cell_xy(pilot.cell_at(1, 1)))
    pilot.press(LEFT)
    pilot.move(5, 200)
    assert app.mine_window.face() is Face.SMILE
    pilot.release(LEFT)
    assert app.game.status is GameStatus.READY


# ----------------------------------------------------------------- right button
def test_right_button_on_a_covered_square_marks_the_square_released_over(app_pilot):
    app, pilot = app_pilot
    a, b = pilot.cell_at(0, 0), pilot.cell_at(1, 0)
    pilot.drag(pilot.cell_xy(a), pilot.cell_xy(b), RIGHT)
    assert app.game.mark(a) == Mark.NONE and app.game.mark(b) == Mark.MINE
    assert app.game.mines_left == 9
    pilot.click_cell(b, RIGHT)
    assert app.game.mark(b) == Mark.QUESTION
    pilot.click_cell(b, RIGHT)
    assert app.game.mark(b) == Mark.NONE


def test_right_button_released_over_the_other_kind_does_nothing(app_pilot):
    app, pilot = app_pilot
    opened = open_first(app, pilot)
    covered = next(c for c in app.game.topology.cells() if not app.game.is_open(c))
    pilot.drag(pilot.cell_xy(covered), pilot.cell_xy(opened), RIGHT)  # mark mode over an open square
    assert all(app.game.mark(c) == Mark.NONE for c in app.game.topology.cells())
    number = a_number(app.game)
    pilot.drag(pilot.cell_xy(number), pilot.cell_xy(covered), RIGHT)  # clear mode over a covered square
    assert app.game.mark(covered) == Mark.NONE and not app.game.is_open(covered)


def test_clear_around_shows_neighbours_pressed_and_needs_the_right_marks(app_pilot):
    app, pilot = app_pilot
    game = app.game
    open_first(app, pilot)
    number = a_number(game)
    neighbours = game.topology.neighbours[number]
    mines = [n for n in neighbours if game.is_mine(n)]
    pilot.move(*pilot.cell_xy(number))
    pilot.press(RIGHT)
    held = app.mine_window.field.pressed_cells()
    assert set(held) == {n for n in neighbours if not game.is_open(n)}
    pilot.release(RIGHT)  # no marks yet: nothing happens
    assert not any(game.is_open(n) for n in mines) and game.status is GameStatus.PLAYING
    for mine in mines:
        pilot.click_cell(mine, RIGHT)
    pilot.click_cell(number, RIGHT)
    pilot.finish_ripple()
    assert all(game.is_open(n) for n in neighbours if not game.is_mine(n))


# --------------------------------------------------------------------- keyboard
def test_keys_act_on_the_square_under_the_pointer(app_pilot):
    app, pilot = app_pilot
    game = app.game
    target = pilot.cell_at(7, 7)
    pilot.move(*pilot.cell_xy(target))
    pilot.key(pyxel.KEY_M)
    assert game.mark(target) == Mark.MINE
    pilot.key(pyxel.KEY_G)
    assert game.mark(target) == Mark.QUESTION
    pilot.key(pyxel.KEY_2)
    assert game.mark(target) == Mark.NONE
    pilot.key(pyxel.KEY_1)
    assert game.is_open(target)
    pilot.finish_ripple()


def test_u_uncovers_and_l_and_a_look_around(app_pilot):
    app, pilot = app_pilot
    game = app.game
    pilot.move(*pilot.cell_xy(pilot.cell_at(3, 3)))
    pilot.key(pyxel.KEY_U)
    pilot.finish_ripple()
    number = a_number(game)
    for mine in (n for n in game.topology.neighbours[number] if game.is_mine(n)):
        pilot.move(*pilot.cell_xy(mine))
        pilot.key(pyxel.KEY_M)
    pilot.move(*pilot.cell_xy(number))
    pilot.key(pyxel.KEY_L if number % 2 else pyxel.KEY_A)
    pilot.finish_ripple()
    assert all(game.is_open(n) for n in game.topology.neighbours[number] if not game.is_mine(n))


def test_escape_does_not_quit(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_ESCAPE)
    assert not app.quit_requested


# ------------------------------------------------------------------------ pause
def test_pause_shrinks_the_window_and_stops_the_clock(app_pilot):
    app, pilot = app_pilot
    open_first(app, pilot)
    window = app.mine_window
    full_height = window.h
    pilot.step(130)
    seconds = app.game.seconds
    assert seconds >= 2
    pilot.key(pyxel.KEY_P)
    assert app.game.paused and window.h < full_height and not window.field.visible
    pilot.step(300)
    assert app.game.seconds == seconds
    face = window.face_gadget
    pilot.click(face.ax + 5, face.ay + 5)
    assert not app.game.paused and window.h == full_height
    pilot.step(70)
    assert app.game.seconds > seconds


# ------------------------------------------------------------------ loss and win
def test_loss_flashes_shows_mines_and_the_dead_face(app_pilot):
    app, pilot = app_pilot
    game = app.game
    open_first(app, pilot)
    mine = next(c for c in game.topology.cells() if game.is_mine(c))
    wrong = next(c for c in game.topology.cells() if not game.is_mine(c) and not game.is_open(c))
    pilot.click_cell(wrong, RIGHT)
    pilot.click_cell(mine)
    assert game.status is GameStatus.LOST
    assert app.screen.flashing and pyxel.colors[Pen.GREY] == beep_rgb(RGB[Pen.GREY])
    assert app.mine_window.face() is Face.DEAD
    park_pointer(pilot)
    assert cell_on_screen(app, mine) == sprite_pixels(Cell.MINE_HIT.sprite)
    assert cell_on_screen(app, wrong) == sprite_pixels(Cell.WRONG_MARK.sprite)
    other = next(c for c in game.topology.cells() if game.is_mine(c) and c != mine)
    assert cell_on_screen(app, other) == sprite_pixels(Cell.MINE.sprite)
    pilot.step(15)
    assert pyxel.colors[Pen.GREY] == RGB[Pen.GREY]  # the flash lasts about a fifth of a second


def test_win_shows_sunglasses_marks_mines_and_stops_the_timer(app_pilot):
    app, pilot = app_pilot
    game = app.game
    open_first(app, pilot)
    for cell in game.topology.cells():
        if not game.is_mine(cell) and not game.is_open(cell):
            pilot.click_cell(cell)
            pilot.finish_ripple()
    assert game.status is GameStatus.WON
    assert app.mine_window.face() is Face.COOL
    assert game.mines_left == 0
    seconds = game.seconds
    pilot.step(200)
    assert game.seconds == seconds
    assert app.requesters[-1].title == "Congratulations"  # a first win is always a record
    pilot.key(pyxel.KEY_RETURN)
    assert app.requesters[-1].title == "Fastest Mine Sweepers"
    pilot.key(pyxel.KEY_RETURN)
    assert not app.requesters
    park_pointer(pilot)
    mine = next(c for c in game.topology.cells() if game.is_mine(c))
    assert cell_on_screen(app, mine) == sprite_pixels(Cell.FLAG.sprite)


def test_face_click_starts_a_new_game(app_pilot):
    app, pilot = app_pilot
    open_first(app, pilot)
    old = app.game
    face = app.mine_window.face_gadget
    pilot.move(face.ax + 5, face.ay + 5)
    pilot.press(LEFT)
    assert face.pressed
    pilot.release(LEFT)
    assert app.game is not old and app.game.status is GameStatus.READY


# ----------------------------------------------------------------------- ripple
def test_an_opening_ripples_over_several_frames(make_app):
    app, pilot = make_app(level=None)
    game = app.game
    # Find a seed's blank square: open it and watch the squares appear ring by ring.
    pilot.move(*pilot.cell_xy(pilot.cell_at(3, 3)))
    pilot.press(LEFT)
    app.held.set(LEFT.value, False)
    app.update()  # the release frame: the move is played
    canvas = app.mine_window.canvas
    shown_open = sum(1 for c in game.topology.cells() if canvas.shown[c] is not None and canvas.shown[c] < 20)
    opened = sum(1 for c in game.topology.cells() if game.is_open(c))
    if opened > 9:
        assert canvas.rippling and shown_open < opened
    pilot.finish_ripple()
    shown_open = sum(1 for c in game.topology.cells() if canvas.shown[c] < 20)
    assert shown_open == opened


# ---------------------------------------------------------------------- gadgets
def test_close_gadget_asks_to_quit_and_depth_gadget_reorders(app_pilot):
    app, pilot = app_pilot
    window = app.mine_window
    depth = window.depth_gadget
    pilot.click(depth.ax + 4, depth.ay + 4)
    assert app.screen.children[0] is window
    close = window.close_gadget
    pilot.click(close.ax + 4, close.ay + 4)
    assert app.quit_requested


def test_kickstart2_look_draws_numbers_in_the_text_pen(make_app):
    from amigasweeper.ui.intuition.modes import Look

    app, pilot = make_app(look=Look.KICKSTART2)
    open_first(app, pilot)
    park_pointer(pilot)
    number = a_number(app.game)
    pens = {p for row in cell_on_screen(app, number) for p in row}
    assert pens <= {Pen.GREY, Pen.BLACK, Pen.WHITE, Pen.BLUE}
    assert Pen.BLACK in pens

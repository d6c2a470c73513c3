"""Details of issue 12 that were wrong: the clock's first second, the ripple's
pace and the requester that waits for it, four counter digits, the Kickstart 2
shading, the screen bar's long messages, and the wording of a few messages."""

from __future__ import annotations

import pyxel

from amigasweeper.engine import GameStatus, LevelName
from amigasweeper.storage import BEST_TIMES_FILE
from amigasweeper.ui.game.minewindow import COUNTER_H, PAD, counter_text, counter_width
from amigasweeper.ui.game.shading_legend import KICKSTART2_STEPS, STEPS, SWATCH_H, SWATCH_W, legend_width
from amigasweeper.ui.intuition.atlas import Glyph
from amigasweeper.ui.intuition.input import Button
from amigasweeper.ui.intuition.marquee import MARQUEE_HOLD, MARQUEE_STEP, marquee
from amigasweeper.ui.intuition.modes import Look, ScreenMode
from amigasweeper.ui.intuition.palette import Pen
from amigasweeper.ui.intuition.screen import SCREEN_DEPTH_W


# ------------------------------------------------------------------- clock
def test_the_clock_reads_one_from_the_first_uncover(app_pilot):
    app, pilot = app_pilot
    assert app.game.seconds == 0
    pilot.click_cell(pilot.cell_at(3, 3))
    assert app.game.seconds == 1  # at once, as Windows 3.1
    pilot.step(59)
    assert app.game.seconds == 1
    pilot.step(2)
    assert app.game.seconds == 2


def test_no_win_is_recorded_in_zero_seconds(make_app):
    app, pilot = make_app()
    game, window = app.game, app.mine_window
    for cell in game.topology.cells():  # every square within one frame: no time passes
        if not game.is_mine(cell) and not game.is_open(cell):
            window.act(window.KEY_ACTIONS[pyxel.KEY_U], cell)
    pilot.finish_ripple()
    pilot.settle()
    assert game.status is GameStatus.WON and game.seconds == 1
    assert app.requesters[-1].title == "Congratulations"
    assert "1 second." in " ".join(app.requesters[-1].lines)


# ------------------------------------------------------------------ ripple
def test_the_ripple_spreads_one_ring_a_frame(make_app):
    app, pilot = make_app(level=LevelName.EXPERT, seed=20)
    canvas = app.mine_window.canvas
    pilot.click_cell(pilot.cell_at(16, 8))
    rings = len(canvas.waiting)
    assert rings > 3
    pilot.step()
    assert len(canvas.waiting) == rings - 1


def opening_of(game, start: int) -> set[int]:
    """The squares an uncover of blank ``start`` opens (peeking at the layout)."""
    topology = game.topology

    def number(cell: int) -> int:
        return sum(game.is_mine(n) for n in topology.neighbours[cell])

    region, todo = {start}, [start]
    while todo:
        cell = todo.pop()
        if number(cell) == 0:
            for n in topology.neighbours[cell]:
                if n not in region and not game.is_mine(n):
                    region.add(n)
                    todo.append(n)
    return region


def test_the_win_requester_waits_until_the_ripple_is_finished(make_app):
    """The winning click opens a blank region: the record requester comes only
    after the ripple's last ring has been drawn."""
    app, pilot = make_app(level=LevelName.INTERMEDIATE, seed=3)
    game = app.game
    pilot.click_cell(pilot.cell_at(0, 0))
    pilot.finish_ripple()
    blanks = [c for c in game.topology.cells() if not game.is_open(c) and not game.is_mine(c)
              and len(opening_of(game, c)) > 8 and opening_of(game, c).isdisjoint(
                  {o for o in game.topology.cells() if game.is_open(o)})]
    last = max(blanks, key=lambda c: len(opening_of(game, c)))
    for cell in game.topology.cells():
        if not game.is_mine(cell) and not game.is_open(cell) and cell not in opening_of(game, last):
            pilot.click_cell(cell)
            pilot.finish_ripple()
    assert game.status is GameStatus.PLAYING
    pilot.click_cell(last)
    assert game.status is GameStatus.WON
    assert app.mine_window.canvas.rippling and not app.requesters  # still rippling: nothing yet
    frames = 0
    while app.mine_window.canvas.rippling:
        assert not app.requesters
        pilot.step()
        frames += 1
    assert frames >= 1
    # Then the game is written (its record, its replay), a step a frame at
    # most, and last the best time asks for the name.
    pilot.settle()
    assert app.requesters[-1].title == "Congratulations"


def test_the_game_over_is_told_only_after_the_last_ring(make_app):
    app, pilot = make_app(level=LevelName.EXPERT, seed=20)
    window = app.mine_window
    told = []
    window.on_game_over = told.append
    pilot.click_cell(pilot.cell_at(16, 8))
    window.canvas.waiting.extend([[0]] * 3)  # hold the ripple for three more frames
    window._over_untold = True
    window.tick()
    assert not told
    while window.canvas.rippling:
        window.tick()
    assert told == [app.game]


# ---------------------------------------------------------------- counter
def test_counter_text_has_four_digits_when_asked():
    assert counter_text(1023, 4) == "1023"
    assert counter_text(999) == "999" and counter_text(1023) == "999"
    assert counter_text(-5, 4) == "-005"
    assert counter_width(4) == counter_width(3) + 8


def custom_board(app, pilot, *values: str) -> None:
    """Width, height and mines typed into the Custom requester, then Return."""
    app.commands.open_custom()
    requester = app.requesters[-1]
    for gadget, text in zip(requester.gadgets, values):
        gadget.text, gadget.cursor = text, len(text)
    pilot.key(pyxel.KEY_RETURN)


def test_a_board_of_1023_mines_counts_them_with_four_digits(make_app):
    app, pilot = make_app(screen=ScreenMode.HIRES)
    try:
        custom_board(app, pilot, "32", "32", "1023")
        assert app.game.mines == 1023 and app.game.mines_left == 1023
        window = app.mine_window
        x = window.ax + window.inner_x + PAD + 4
        y = window.ay + window.inner_y + PAD + (24 - COUNTER_H) // 2
        # The black box is four digits wide and its last digit is lit (the 3).
        assert pyxel.screen.pget(x + counter_width(4) - 1, y + 1) == Pen.BLACK
        lit = [pyxel.screen.pget(x + 1 + 3 * 8 + dx, y + 1 + dy) for dx in range(7) for dy in range(11)]
        assert Pen.DIGIT_ON in lit
    finally:
        app.resize_screen(ScreenMode.LOWRES)


# ------------------------------------------------------------- KS2 shading
def swatch_pixels(x: int) -> tuple[int, ...]:
    return tuple(pyxel.screen.pget(x + dx, 2 + dy) for dy in range(SWATCH_H) for dx in range(SWATCH_W))


def test_kickstart2_legend_has_eight_distinct_visible_steps(make_app):
    app, pilot = make_app(level=LevelName.EXPERT, seed=20, look=Look.KICKSTART2)
    pilot.click_cell(pilot.cell_at(16, 8))
    pilot.finish_ripple()
    app.commands.toggle_probabilities()
    pilot.move(300, 240)
    start = app.screen.w - SCREEN_DEPTH_W - 4 - legend_width() + 16 + 2  # left of the screen's depth gadget
    swatches = [swatch_pixels(start + 1 + i * (SWATCH_W + 3)) for i in range(STEPS)]
    assert len(set(swatches)) == STEPS  # as many steps as the Kickstart 3 look
    for i, pixels in enumerate(swatches):
        assert set(pixels) <= {Pen.WHITE, Pen.BLUE, Pen.BLACK}  # the Workbench's own colours
        x = start + i * (SWATCH_W + 3)
        frame = [pyxel.screen.pget(x, 1 + dy) for dy in range(SWATCH_H + 2)]
        assert set(frame) == {Pen.BLACK}  # each swatch framed: the white one shows on the white bar
    darkness = [sum({Pen.WHITE: 0, Pen.BLUE: 1, Pen.BLACK: 2}[p] for p in s) for s in swatches]
    assert darkness == sorted(darkness)  # lighter is safer


def test_kickstart2_steps_are_mixes_of_workbench_colours():
    assert len(KICKSTART2_STEPS) == STEPS
    for mix in KICKSTART2_STEPS:
        assert {mix.base, mix.over} <= {Pen.WHITE, Pen.BLUE, Pen.BLACK} and 0 <= mix.share < 1


# ---------------------------------------------------------------- the bar
def test_a_long_message_starts_at_its_first_character_and_reaches_its_end():
    text = "Rule 5: these three squares share two mines with the ones to their left"
    width = 30
    assert marquee(text, width, 0) == text[:width]
    assert marquee(text, width, MARQUEE_HOLD - 1) == text[:width]
    seen = {marquee(text, width, f) for f in range(0, MARQUEE_HOLD * 2 + len(text) * MARQUEE_STEP)}
    assert text[-width:] in seen  # the end is shown too
    assert "".join(sorted(set("".join(seen)))) == "".join(sorted(set(text)))
    assert marquee("short", width, 12345) == "short"


def test_a_hint_message_in_the_bar_begins_with_its_first_character(make_app):
    app, pilot = make_app(level=LevelName.EXPERT, seed=20)
    pilot.click_cell(pilot.cell_at(16, 8))
    pilot.finish_ripple()
    pilot.step(77)  # any frame count: the message starts from its start
    pilot.key(pyxel.KEY_H, amiga=True)
    message = app.mine_window.hints.message
    assert app.screen_title() == message[: len(app.screen_title())]
    assert app.screen_title()[:4] == message[:4]


# ---------------------------------------------------------------- wording
def test_show_safe_and_mines_on_a_fresh_board_says_any_square_is_safe(app_pilot):
    app, pilot = app_pilot
    pilot.key(pyxel.KEY_S, amiga=True)
    assert app.mine_window.hints.message == "Nothing is known yet: any square is safe to start."


def test_the_screen_mode_refusal_from_highres_names_the_way_back(make_app):
    app, pilot = make_app(screen=ScreenMode.HIRES)
    try:
        custom_board(app, pilot, "32", "32", "100")
        pilot.key(pyxel.KEY_L, amiga=True)  # PAL LowRes
        refusal = " ".join(app.requesters[-1].lines)
        assert app.screen_mode is ScreenMode.HIRES
        assert "does not fit PAL LowRes" in refusal
        assert "HighRes" not in refusal.split(":", 1)[1]  # it never sends you to the screen you are on
        assert "smaller board" in refusal
    finally:
        app.resize_screen(ScreenMode.LOWRES)


def test_a_damaged_file_name_is_never_cut_across_lines(make_app, tmp_path):
    (tmp_path / BEST_TIMES_FILE).write_bytes(b"\x00\xffnot json")
    app, pilot = make_app(data_dir=tmp_path)
    requester = app.requesters[-1]
    kept = next(tmp_path.glob(f"{BEST_TIMES_FILE}.damaged-*")).name
    shown = requester.shown_lines()
    assert all(len(line) <= requester.room for line in shown)
    # Whole on one line, or (on LowRes, too long for one) broken only after its
    # own separators: "amigasweeper-besttimes.json.damaged-" then the date and time.
    joined = "".join(line if line.endswith(("-", ".")) else line + " " for line in shown)
    assert kept in joined, shown
    assert not any(Glyph.ELLIPSIS.char in line for line in shown)


# ------------------------------------------------------- HighRes metrics
def test_highres_laced_uses_highres_metrics(app_pilot):
    from amigasweeper.ui.intuition import metrics

    app, pilot = app_pilot
    window = app.mine_window
    low = (window.close_gadget.w, window.depth_gadget.w, window.inner_x)
    assert low == (metrics.LOWRES.close_w, metrics.LOWRES.depth_w, metrics.LOWRES.side_border)
    pilot.move(20, 4)
    pilot.press(Button.RIGHT)
    pilot.move(20, 30)
    low_panel = app.menus.panel_rect(0)[2]
    pilot.release(Button.RIGHT)
    pilot.key(pyxel.KEY_R, amiga=True)  # PAL HighRes Laced
    try:
        assert app.screen_mode is ScreenMode.HIRES
        assert (window.close_gadget.w, window.depth_gadget.w, window.inner_x) == (20, 24, 4)
        assert window.depth_gadget.x == window.w - 24
        # On pixels: the border is four pixels of blue, then the inner edge.
        y = window.ay + window.h // 2
        assert [pyxel.screen.pget(window.ax + dx, y) for dx in range(1, 3)] == [Pen.BLUE, Pen.BLUE]
        assert pyxel.screen.pget(window.ax + 3, y) == Pen.BLACK  # the inner edge's shadow
        # The title still has its room between the wider gadgets.
        title_end = window.ax + window.close_gadget.w + 3 + 8 * len("MineSweeper")
        assert title_end <= window.ax + window.depth_gadget.x
        pilot.move(20, 4)
        pilot.press(Button.RIGHT)
        pilot.move(20, 30)
        high_panel = app.menus.panel_rect(0)[2]
        pilot.release(Button.RIGHT)
        wider = (metrics.HIRES.check_w - metrics.LOWRES.check_w) + (metrics.HIRES.key_w - metrics.LOWRES.key_w)
        assert high_panel == low_panel + wider
    finally:
        app.resize_screen(ScreenMode.LOWRES)

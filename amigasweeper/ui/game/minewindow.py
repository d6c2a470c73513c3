"""The MineSweeper window: counters and face gadget in the header, the minefield
under it, and the mouse and keyboard rules of MineSweeper 2.4."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pyxel

from amigasweeper.engine import Game, GameStatus, MoveResult, Shape
from amigasweeper.engine.levels import MAX_SIDE
from amigasweeper.play import Action, Aim, PauseReason, PlayedGame, Session
from amigasweeper.play.assist.answers import SquareVerdict
from amigasweeper.play.assist.assist import Assist
from amigasweeper.replay import RecordedButton as RecordedButton

from ..intuition import font, metrics, pointer
from ..intuition.atlas import DIGIT_H, DIGIT_W, FACE_SIZE, Cell, Face, digit
from ..intuition.gfx import bevel
from ..intuition.input import Button, Frame
from ..intuition.metrics import for_width
from ..intuition.palette import Pen
from ..intuition.widgets import PushGadget, Widget
from ..intuition.window import BORDER, TITLE_H, Window
from .boardview import BoardCanvas
from .geometry import fitting_size, geometry_for
from .keyplay import BoardCursor
from .pointer_tap import BUTTONS, PointerTap
from .shading_legend import fill_step, step_of

PAD = 4  # grey space around the header and the field
HEADER_H = 24
COUNTER_W = 1 + 3 * DIGIT_W + 2 + 1  # three digits, a pixel apart, in a black box
COUNTER_H = 1 + DIGIT_H + 1
FACE_BOX = FACE_SIZE + 4
MIN_INNER_W = 124  # room for the title "MineSweeper" between the close and depth gadgets
HINT_CELLS = {SquareVerdict.SAFE: Cell.HINT_SAFE, SquareVerdict.MINE: Cell.HINT_MINE}  # how a proof is marked on the board


@dataclass(frozen=True)
class Layout:
    """Where the parts of the window go, in interior coordinates."""

    inner_w: int
    inner_h: int
    paused_h: int
    field_x: int
    field_y: int
    field_w: int
    field_h: int

    @classmethod
    def for_field(cls, field_w: int, field_h: int, min_inner_w: int = MIN_INNER_W) -> Layout:
        inner_w = max(min_inner_w, field_w + 2 * PAD + 2)
        field_y = PAD + HEADER_H + PAD + 1
        return cls(
            inner_w=inner_w,
            inner_h=field_y + field_h + 1 + PAD,
            paused_h=PAD + HEADER_H + PAD,
            field_x=(inner_w - field_w) // 2,
            field_y=field_y,
            field_w=field_w,
            field_h=field_h,
        )


def board_limits(screen_size: tuple[int, int], shape: Shape = Shape.SQUARE) -> tuple[int, int]:
    """The most columns and rows of a board of this shape whose window fits the screen."""
    from ..intuition.screen import BAR_H

    screen_w, screen_h = screen_size
    chrome_w = 2 * for_width(screen_w).side_border + 2 * PAD + 2
    chrome_h = BAR_H + 1 + TITLE_H + BORDER + PAD + HEADER_H + PAD + 2 + PAD
    return fitting_size(shape, screen_w - chrome_w, screen_h - chrome_h, MAX_SIDE)


def counter_text(value: int, digits: int = 3) -> str:
    """The counter's characters: 007, 123, -05 (a minus sign for negative counts);
    with four digits 1023 reads 1023."""
    if value < 0:
        return "-" + f"{min(10 ** (digits - 1) - 1, -value):0{digits - 1}d}"
    return f"{min(10**digits - 1, value):0{digits}d}"


def counter_width(digits: int = 3) -> int:
    """Digits a pixel apart with a pixel of black either side."""
    return 1 + digits * DIGIT_W + (digits - 1) + 1


def counter_digits(mines: int) -> int:
    """Three digits, as Windows 3.1 has; four when a Custom board has 1,000 mines or more."""
    return 4 if mines >= 1000 else 3


def draw_counter(x: int, y: int, value: int, digits: int = 3) -> None:
    width = counter_width(digits)
    bevel(x - 1, y - 1, width + 2, COUNTER_H + 2, recessed=True)
    pyxel.rect(x, y, width, COUNTER_H, Pen.BLACK)
    for i, ch in enumerate(counter_text(value, digits)):
        sprite = digit(ch).sprite
        pyxel.blt(x + 1 + i * (DIGIT_W + 1), y + 1, sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h)


class FaceGadget(PushGadget):
    """The face: a new game when clicked (or play again after Pause)."""

    spoken = "Face, new game"  # as the Narrator names it when Tab lights it

    def __init__(self, window: MineWindow) -> None:
        super().__init__(0, 0, FACE_BOX, FACE_BOX)
        self.window = window

    def activate(self) -> None:
        self.window.face_clicked()

    def draw(self) -> None:
        x, y = self.ax, self.ay
        bevel(x, y, self.w, self.h, recessed=self.pressed, fill=Pen.GREY)
        sprite = self.window.face().sprite
        shift = 1 if self.pressed else 0
        pyxel.blt(x + 2 + shift, y + 2 + shift, sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h, 0)


class Field(Widget):
    """The minefield: press, drag and release as MineSweeper 2.4 does."""

    wants_right_button = True

    def __init__(self, window: MineWindow) -> None:
        super().__init__()
        self.window = window
        self.action: Action | None = None  # what the held button will do on release
        self.held: Button | None = None
        self.pointer_cell: int | None = None
        self._shading: list[tuple[int, int, int, bool]] = []  # (x, y, step, settled) of each shaded square
        self._shading_for: tuple = ()  # (objects, values) it was worked out from (see shaded_squares)

    def cell_under(self, px: int, py: int) -> int | None:
        return self.window.canvas.geometry.cell_at(px - self.ax, py - self.ay)

    def on_press(self, frame: Frame, button: Button) -> None:
        window = self.window
        window.follow_activity()  # the click that made the window active plays too, as on the Amiga
        if window.game.paused:
            window.say_why_waiting()
        if self.held is not None or not window.can_play():
            return
        cell = self.cell_under(frame.x, frame.y)
        if cell is None:
            return
        self.held = button
        self.action = Action.UNCOVER if button is Button.LEFT else window.played.right_action(cell)
        self.pointer_cell = cell
        window.pressed(BUTTONS[button], window.aim(frame.x, frame.y))

    def on_drag(self, frame: Frame) -> None:
        self.pointer_cell = self.cell_under(frame.x, frame.y)

    def on_cancel(self) -> None:
        self.action = self.held = self.pointer_cell = None

    def touch_tap(self, px: int, py: int) -> Button:
        """A finger's tap on an uncovered number clears around it, as the right
        button does (touch play: see intuition/gestures.py)."""
        cell = self.cell_under(px, py)
        if cell is not None and self.window.can_play() and self.window.game.is_open(cell):
            return Button.RIGHT
        return Button.LEFT

    def on_release(self, frame: Frame, button: Button) -> None:
        if button is not self.held:
            return
        action, self.action, self.held = self.action, None, None
        self.window.released(BUTTONS[button], self.window.aim(frame.x, frame.y), action)

    def pressed_cells(self) -> list[int]:
        """Squares drawn held down: the one under a held left button, or the
        neighbours of the number that a held right button would clear around."""
        game, cell = self.window.game, self.pointer_cell
        if self.action is None or cell is None or not self.window.can_play():
            return []
        if self.action is Action.UNCOVER:
            candidates = [cell]
        elif self.action is Action.CLEAR and game.is_open(cell):
            candidates = list(game.topology.neighbours[cell])
        else:
            return []
        return [c for c in candidates if not game.is_open(c) and game.mark(c) == 0]

    def draw(self) -> None:
        canvas = self.window.canvas
        pyxel.blt(self.ax, self.ay, canvas.image, 0, 0, self.w, self.h)
        for cell in self.pressed_cells():
            if canvas.shown[cell] is not None:
                canvas.geometry.blit_cell(pyxel.screen, cell, Cell.PRESSED, self.ax, self.ay)
        self.draw_hints()
        self.window.cursor.draw(self.window.canvas.geometry, self.ax, self.ay)

    def draw_hints(self) -> None:
        """The Hint menu's marks and shading, over squares still covered."""
        game, hints, geometry = self.window.game, self.window.hints, self.window.canvas.geometry
        if game.status.over:
            return
        if hints.show_probabilities and game.placed:
            four_colours = self.window.four_colours
            for x, y, step, settled in self.shaded_squares():
                fill_step(x, y, 4, 4, step, four_colours, hollow=not settled)
        for cell, verdict in hints.marks.items():
            if not game.is_open(cell):
                geometry.blit_cell(pyxel.screen, cell, HINT_CELLS[verdict], self.ax, self.ay)

    def shaded_squares(self) -> list[tuple[int, int, int, bool]]:
        """(x, y, step, settled) of the shading of every covered, unmarked square.

        Worked out again only when the chances, the board or the window's place
        changed: on a 32x32 board, a thousand squares looked at in every frame
        took a millisecond of each.
        """
        game, geometry = self.window.game, self.window.canvas.geometry
        shading = self.window.hints.shading()
        objects, values = (shading, game, geometry), (len(game.moves), self.ax, self.ay)
        if not self._shading_for or values != self._shading_for[1] or any(
            a is not b for a, b in zip(objects, self._shading_for[0])
        ):
            self._shading = [
                (self.ax + cx - 2, self.ay + cy - 2, step_of(chance), settled)
                for cell, (chance, settled) in enumerate(zip(shading.chances, shading.settled))
                if chance is not None and not game.is_open(cell) and game.mark(cell) == 0
                for cx, cy in (geometry.centre(cell),)
            ]
            self._shading_for = (objects, values)
        return self._shading


class MineWindow(Window):
    """The game's window: it draws the game being played (session.played)
    and sends it the player's commands. ``on_game_over(game)`` is told of
    every win and loss once its last opening has rippled."""

    def __init__(
        self,
        session: Session,
        screen_size: tuple[int, int],
        *,
        on_close: Callable[[], None],
        on_depth: Callable[[], None],
        on_game_over: Callable[[Game], None],
        on_note: Callable[[str], None] = lambda text: None,
    ) -> None:
        super().__init__("MineSweeper", 0, 0, MIN_INNER_W, HEADER_H, on_close=on_close, on_depth=on_depth)
        self.session = session
        self.screen_size = screen_size
        self.on_game_over = on_game_over
        self.on_note = on_note  # told once per game why its board is not the kind asked for
        self.face_gadget = self.add(FaceGadget(self))
        self.field = self.add(Field(self))
        self.cursor = BoardCursor(lambda: self.game, self.act)  # keyboard play (keyplay.py)
        self.tap = PointerTap()
        self.four_colours = False  # the Kickstart 2 look: shading in dither patterns
        self._waiting_text = ""  # the screen bar's note of which windows keep the game waiting
        self.canvas: BoardCanvas
        self.layout: Layout
        session.on_new_game.append(self._new_game)
        self._new_game(session.game)

    # ---------------------------------------------------------------- state
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def played(self) -> PlayedGame:
        return self.session.played

    @property
    def hints(self) -> Assist:
        """The help given to the game (play/assist): this window draws its marks, shading and words."""
        return self.session.assist

    def can_play(self) -> bool:
        return self.played.can_play()

    def follow_activity(self) -> None:
        """The clock rule's AWAY: the game waits while another window is the active one."""
        self.session.pauses.set(PauseReason.AWAY, not self.active)

    def say_why_waiting(self) -> None:
        """The screen bar names the windows that keep the game waiting (until they close)."""
        self._waiting_text = self.session.pauses.waiting_text() if self.game.paused else ""
        self.hints.message = self._waiting_text

    def board_hidden(self) -> bool:
        """The window shrinks as in Pause when the player paused, or when a
        window holds a game in progress (its board is not to be studied with
        the clock stopped); an untouched board held by a window stays shown."""
        game = self.game
        return game.paused and (PauseReason.PAUSE in self.session.pauses or game.status is GameStatus.PLAYING)

    def aim(self, px: int, py: int) -> Aim:
        """The board pixel and the square under a screen pixel, as recorded; None off the board."""
        field = self.field
        x, y = px - field.ax, py - field.ay  # each a walk up the widget tree: once
        if not (field.visible and 0 <= x < field.w and 0 <= y < field.h):
            return None
        return x, y, self.canvas.geometry.cell_at(x, y)

    def face(self) -> Face:
        if self.game.status is GameStatus.LOST:
            return Face.DEAD
        if self.game.status is GameStatus.WON:
            return Face.COOL
        if self.field.action is not None and self.field.contains(*pointer.position()):
            return Face.OH
        return Face.SMILE

    # --------------------------------------------------------------- layout
    def _new_game(self, game: Game) -> None:
        self.canvas = BoardCanvas(game, geometry_for(game.topology))
        self.tap.new_game()
        self.cursor.new_game(game)
        self._over_untold = False
        self.field.action = self.field.held = None
        self.relayout()

    def relayout(self) -> None:
        field_w, field_h = self.canvas.geometry.pixel_size
        sizes = metrics.current()  # HighRes gadgets are wider: the title still needs its room
        title_room = font.text_width(self.title) + sizes.close_w + sizes.depth_w + 5 - 2 * sizes.side_border
        self.layout = layout = Layout.for_field(field_w, field_h, max(MIN_INNER_W, title_room))
        hidden = self.board_hidden()
        self.resize_inner(layout.inner_w, layout.paused_h if hidden else layout.inner_h)
        self.field.visible = not hidden
        self.field.x, self.field.y = self.inner_x + layout.field_x, self.inner_y + layout.field_y
        self.field.w, self.field.h = field_w, field_h
        self.face_gadget.x = self.inner_x + (layout.inner_w - FACE_BOX) // 2
        self.face_gadget.y = self.inner_y + PAD + (HEADER_H - FACE_BOX) // 2
        screen_w, screen_h = self.screen_size
        self.settle((screen_w - self.w) // 2, min(16, screen_h - self.h))

    # -------------------------------------------------------------- actions
    def act(self, action: Action, cell: int | None) -> MoveResult | None:
        """A move on a square from the keyboard or the Demo: recorded with its square."""
        self.canvas.finish_ripple()
        return self.show(self.played.key(action, cell))

    def pressed(self, button: RecordedButton, aim: Aim) -> None:
        self.played.press(button, aim)
        self.cursor.hide()  # the mouse plays: the keyboard's focus goes
        self.tap.pressed(aim)

    def released(self, button: RecordedButton, aim: Aim, action: Action | None) -> MoveResult | None:
        """A button let go over the board: the move it was pressed for, then its release recorded."""
        self.canvas.finish_ripple()
        result = self.played.release(button, aim, action)
        self.tap.pressed(aim)
        return self.show(result)

    def show(self, result: MoveResult | None) -> MoveResult | None:
        """Draw what a move did; the end is told once the ripple has been seen."""
        if result is None or not result.accepted:
            return result
        game, played = self.game, self.played
        self.canvas.apply(result)
        if game.layout_note and not played.noted:
            played.noted = True  # e.g. no board needing no guess was found in time
            self.on_note(game.layout_note)
        if game.status.over:
            self._over_untold = True  # told in tick(), once the ripple has been seen
        return result

    def run_demo(self, frame: Frame) -> bool:
        """The Demo's turn in this frame: True while it has the board (any key or click stops it)."""
        assist = self.hints
        if not assist.demo.on:
            return False
        if frame.keys or frame.pressed:
            assist.stop_demo()
            return True
        move = assist.demo_step()  # at the Demo's pace: a move every few frames
        if move is not None:
            self.act(move.action, move.square)
        return True

    def face_clicked(self) -> None:
        """A new game, or back to play from Pause: an open window that holds
        the clock keeps it stopped, and the screen bar says which."""
        if not self.game.paused:
            self.session.new_game()
            return
        self.session.pauses.release(PauseReason.PAUSE)
        self.say_why_waiting()
        self.relayout()

    def toggle_pause(self) -> None:
        pauses = self.session.pauses
        if PauseReason.PAUSE in pauses:
            pauses.release(PauseReason.PAUSE)
        elif not self.game.status.over:
            self.canvas.finish_ripple()
            pauses.hold(PauseReason.PAUSE)
        self.say_why_waiting()
        self.relayout()

    KEY_ACTIONS = {
        pyxel.KEY_M: Action.MARK,
        pyxel.KEY_G: Action.MARK,
        pyxel.KEY_U: Action.UNCOVER,
        pyxel.KEY_1: Action.UNCOVER,
        pyxel.KEY_L: Action.CLEAR,
        pyxel.KEY_A: Action.CLEAR,
        pyxel.KEY_2: Action.RIGHT,
    }

    def on_key(self, frame: Frame) -> bool:
        self.follow_activity()
        if frame.amiga:
            return False
        if frame.key(pyxel.KEY_P):
            self.toggle_pause()
            return True
        if self.cursor.on_key(frame, self.field.visible):
            return True
        for key, action in self.KEY_ACTIONS.items():
            if frame.key(key):
                aimed = self.field.visible and frame.pointer_in(self)  # not at a square another window covers
                self.act(action, self.field.cell_under(frame.x, frame.y) if aimed else None)
                return True
        return False

    def tick(self) -> None:
        self.follow_activity()
        if self._waiting_text and not self.game.paused:
            if self.hints.message == self._waiting_text:
                self.hints.message = ""  # the windows it named have closed
            self._waiting_text = ""
        if self.field.visible == self.board_hidden():
            self.relayout()  # the clock stopped (or started) elsewhere: the board hides as in Pause
        self.tap.pointer(self.played, *pointer.position(), self.aim)  # the pointer's path, recorded
        self.canvas.step()
        if self._over_untold and not self.canvas.rippling:
            # The win or loss requester (and the loss's flash) waits for the ripple.
            self._over_untold = False
            self.on_game_over(self.game)
        self.hints.tick()  # a slice of the solver's work, if anything waits for it

    # ---------------------------------------------------------------- draw
    def draw_interior(self) -> None:
        x0, y0 = self.ax + self.inner_x, self.ay + self.inner_y
        layout = self.layout
        bevel(x0 + PAD, y0 + PAD, layout.inner_w - 2 * PAD, HEADER_H, recessed=True)
        counter_y = y0 + PAD + (HEADER_H - COUNTER_H) // 2
        draw_counter(x0 + PAD + 4, counter_y, self.game.mines_left, counter_digits(self.game.mines))
        draw_counter(x0 + layout.inner_w - PAD - 4 - COUNTER_W, counter_y, self.game.seconds)
        if self.field.visible:
            fx, fy = x0 + layout.field_x, y0 + layout.field_y
            bevel(fx - 1, fy - 1, layout.field_w + 2, layout.field_h + 2, recessed=True)

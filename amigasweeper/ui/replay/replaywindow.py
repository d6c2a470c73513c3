"""The Replay window: a recorded game played again at its real pace, the
player's pointer drawn over the board, the metrics counting up above it, and
a tape deck under it: rewind, step back, play/pause, step one event, go to
the end, 1x/2x/4x, and a slider to scrub. The clock beside it is the
game's timer, which ends on the recorded time.

A status line over the board names each guess (a move what the player saw
did not prove safe) with its odds and the safest square's, from the luck
audit (replay/audit_frames.py), made a slice a frame while the replay plays;
the squares a guess opens are outlined on the board as it comes and is played.

Keys: Space plays or pauses, Right steps, Left steps back, Home rewinds,
End goes to the end, 1, 2 and 4 set the speed, G goes to the next guess and
Shift-G to the one before, Esc closes. A board larger than the screen leaves shows the
part around the pointer, following it."""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from amigasweeper.engine import Shape
from amigasweeper.guide import ManualPage
from amigasweeper.replay import RecordedButton as RecordedButton
from amigasweeper.replay import Recording, ReplayState, Timeline
from amigasweeper.replay.audit_frames import FrameAudit, Stage
from amigasweeper.replay.evf_header import mode_title
from amigasweeper.replay.recording import OUR_SOFTWARE_NAME

from ..game.boardview import BoardCanvas
from ..game.geometry import geometry_for
from ..intuition import font
from ..intuition.atlas import CELL_SIZE, FONT, POINTER, Cell
from ..intuition.gfx import bevel
from ..intuition.input import Frame
from ..intuition.metrics import for_width
from ..intuition.palette import Pen
from ..intuition.requester import CycleGadget, shorten, wrap
from ..intuition.widgets import Widget
from ..intuition.window import BORDER, TITLE_H
from ..windowcontrol import ControlledWindow
from .deck import Deck, Speed
from .gadgets import VCR_H, VCR_W, Symbol, TimeSlider, VcrButton

PAD = 4
LINE_H = FONT.cell + 2
SLIDER_H = 11
SCREEN_BAR = 11
DECK_BUTTONS = 5
MIN_INNER_W = (DECK_BUTTONS + 1) * (VCR_W + 2) + 52 + 13 * FONT.cell + 3 * PAD  # the deck's row and its clock
STATUS_LINES = 2  # the guess named over the board, wrapped between words
SPEED_KEYS = {pyxel.KEY_1: Speed.X1, pyxel.KEY_2: Speed.X2, pyxel.KEY_4: Speed.X4}


def describe(recording: Recording) -> str:
    """The screen's title line for a replay: the board, the result, and for
    another program's file who played it, with what and by which rules."""
    setup = recording.setup
    parts = [f"{setup.width}x{setup.height}, {setup.mines} mines, {recording.result.value}"]
    if recording.player:
        parts.append(recording.player)
    if not recording.software.startswith(OUR_SOFTWARE_NAME):
        parts.append(recording.software or "unknown program")
        if recording.evf_mode:
            parts.append(mode_title(recording.evf_mode))
    return ", ".join(parts)


class ShownGame:
    """What BoardCanvas draws: the board of the state shown (it changes under it)."""

    def __init__(self, state: ReplayState) -> None:
        self.topology = state.game.topology
        self.state = state

    def tile(self, cell: int) -> int:
        return self.state.game.tile(cell)


class ReplayBoard(Widget):
    """The board as the recording left it at the event shown, with the
    player's pointer; it shows the part of a large board around the pointer."""

    def __init__(self, window: ReplayWindow) -> None:
        super().__init__()
        self.window = window
        self.view_x = self.view_y = 0  # the board pixel at the widget's top-left

    def follow(self, point: tuple[int, int] | None) -> None:
        """Keep the pointer in view, with an eighth of the view to spare."""
        board_w, board_h = self.window.canvas.geometry.pixel_size
        if point is None:
            return
        x, y = point
        margin_x, margin_y = self.w // 8, self.h // 8
        if x < self.view_x + margin_x or x >= self.view_x + self.w - margin_x:
            self.view_x = x - self.w // 2
        if y < self.view_y + margin_y or y >= self.view_y + self.h - margin_y:
            self.view_y = y - self.h // 2
        self.view_x = max(0, min(board_w - self.w, self.view_x))
        self.view_y = max(0, min(board_h - self.h, self.view_y))

    def draw(self) -> None:
        window = self.window
        canvas = window.canvas
        ox, oy = self.ax - self.view_x, self.ay - self.view_y
        pyxel.clip(self.ax, self.ay, self.w, self.h)
        pyxel.blt(self.ax, self.ay, canvas.image, self.view_x, self.view_y, self.w, self.h)
        pressed = window.pressed_cell()
        if pressed is not None:
            canvas.geometry.blit_cell(pyxel.screen, pressed, Cell.PRESSED, ox, oy)
        point = window.pointer()
        if point is not None:
            sprite = POINTER.sprite
            pyxel.blt(ox + point[0] - POINTER.hot_x, oy + point[1] - POINTER.hot_y,
                      sprite.bank, sprite.x, sprite.y, sprite.w, sprite.h, POINTER.colkey)
        # The guess named in the status line, over the pointer: the player's pointer is on it as it is played.
        geometry = canvas.geometry
        for cell in window.guess_squares():
            x, y = geometry.origin(cell)
            box = geometry.sprite(cell, Cell.COVERED)
            pyxel.rectb(ox + x, oy + y, box.w, box.h, Pen.RED)
        pyxel.clip()


class ReplayWindow(ControlledWindow):
    def __init__(
        self,
        recording: Recording,
        name: str,
        screen_size: tuple[int, int],
        *,
        on_close: Callable[[], None],
        on_depth: Callable[[], None],
        timeline: Timeline | None = None,
    ) -> None:
        super().__init__("Replay", on_close=on_close, on_depth=on_depth)
        self.help_node = ManualPage.STATS_WINDOWS  # what Help (F1) shows
        self.screen_size = screen_size
        self.board = self.add(ReplayBoard(self))
        self.slider = self.add(TimeSlider(self._tenths, self._position, self._scrub))
        self.rewind_button = self.add(VcrButton(lambda: Symbol.REWIND, self.rewind))
        self.step_back_button = self.add(VcrButton(lambda: Symbol.STEP_BACK, self.step_back))
        self.play_button = self.add(VcrButton(self._play_symbol, self.play_pause))
        self.step_button = self.add(VcrButton(lambda: Symbol.STEP, self.step))
        self.end_button = self.add(VcrButton(lambda: Symbol.END, self.end))
        self.speed_cycle = self.add(CycleGadget("", [s.label for s in Speed]))
        self.speed_cycle.on_change = lambda gadget: self.set_speed(list(Speed)[gadget.index])
        self.load(recording, name, timeline)

    # ---------------------------------------------------------------- tape
    def load(self, recording: Recording, name: str, timeline: Timeline | None = None) -> None:
        """Show a recording from its start, paused; ``name`` says which (a
        file's name); ``timeline`` is the recording's, when made already."""
        self.name = name
        self.title = f"Replay: {name}"
        self.screen_title = shorten(describe(recording), 60)
        self.recording = recording
        self.timeline = Timeline(recording) if timeline is None else timeline
        self.deck = Deck(self.timeline)
        self.state = self.timeline.state(self.deck.index)
        self.shown = ShownGame(self.state)
        self.canvas = BoardCanvas(self.shown, geometry_for(self.shown.topology))
        # Another program's EVF may have squares of another size than our 8 pixels.
        square = recording.setup.shape is Shape.SQUARE
        self.pixel_scale = CELL_SIZE / recording.cell_px if square and recording.cell_px else 1.0
        self.audit = FrameAudit(recording)  # counted a slice a frame (tick_audit)
        self.relayout()

    def _show(self) -> None:
        """Draw the state at the deck's event."""
        self.state = self.timeline.state(self.deck.index)
        self.shown.state = self.state
        self.canvas.sync(self.shown.topology.cells())
        self.board.follow(self.pointer())

    def advance(self, wall_ms: float) -> None:
        """Once a frame: play on by this much real time."""
        if self.deck.advance(wall_ms):
            self._show()

    def play_pause(self) -> None:
        shown = self.deck.index
        self.deck.play_pause()
        if self.deck.index != shown:
            self._show()

    def step(self) -> None:
        if self.deck.step():
            self._show()

    def step_back(self) -> None:
        if self.deck.step_back():
            self._show()

    def end(self) -> None:
        if self.deck.end():
            self._show()

    def rewind(self) -> None:
        if self.deck.rewind():
            self._show()

    def tick_audit(self) -> None:
        """Once a frame: a slice of the luck audit, until it is done."""
        self.audit.tick()

    def next_guess(self) -> None:
        """To the board the player saw before the next guess, paused (nothing before the audit is done)."""
        guess = self.audit.next_guess(self.deck.index)
        if guess is not None:
            self._to_event(guess.event - 1)

    def previous_guess(self) -> None:
        guess = self.audit.previous_guess(self.deck.index)
        if guess is not None:
            self._to_event(guess.event - 1)

    def _to_event(self, index: int) -> None:
        self.deck.playing = False
        changed = self.deck.seek(self.timeline.times[index], index) if index >= 0 else self.deck.rewind()
        if changed:
            self._show()

    def guess_squares(self) -> tuple[int, ...]:
        """The squares outlined: those of the guess the event shown plays or comes just before."""
        found = self.audit.guess_at(self.deck.index)
        return found[0].opened if found is not None and found[1] is not Stage.EARLIER else ()

    def status_text(self) -> str:
        return self.audit.status(self.deck.index)

    def status_lines(self, room: int) -> list[str]:
        """The status wrapped to ``room`` characters, on STATUS_LINES lines at most (the last one cut)."""
        lines = wrap(self.status_text(), room)
        if len(lines) > STATUS_LINES:
            lines = lines[:STATUS_LINES - 1] + [shorten(" ".join(lines[STATUS_LINES - 1:]), room)]
        return lines

    def set_speed(self, speed: Speed) -> None:
        self.deck.speed = speed
        self.speed_cycle.index = list(Speed).index(speed)

    def _tenths(self) -> int:
        return self.timeline.duration_ms // 100

    def _position(self) -> int:
        return int(self.deck.t_ms) // 100

    def _scrub(self, tenths: int) -> None:
        if self.deck.seek(tenths * 100):
            self._show()

    def _play_symbol(self) -> Symbol:
        return Symbol.PAUSE if self.deck.playing else Symbol.PLAY

    # -------------------------------------------------------------- reading
    def pointer(self) -> tuple[int, int] | None:
        """The player's pointer in our board pixels, or None off the board."""
        point = self.state.pointer
        if point is None:
            return None
        return int(point[0] * self.pixel_scale), int(point[1] * self.pixel_scale)

    def pressed_cell(self) -> int | None:
        """The covered square under a held left button, drawn pressed as in play."""
        point, state = self.pointer(), self.state
        if point is None or RecordedButton.LEFT not in state.buttons:
            return None
        cell = self.canvas.geometry.cell_at(*point)
        if cell is None or state.game.is_open(cell) or state.game.mark(cell):
            return None
        return cell

    def metric_lines(self) -> list[str]:
        """The metrics so far, as two lines that fit a LowRes window."""
        m = self.state.metrics
        seconds = self.timeline.clock(self.deck.t_ms) / 1000
        speed = m.bbbv_solved / seconds if seconds > 0 else 0.0
        ioe = f"{m.ioe:.2f}" if m.ioe is not None else "-"
        return [
            f"3BV {m.bbbv_solved}/{m.bbbv}  3BV/s {speed:.2f}",
            f"Clicks {m.clicks} ({m.effective_clicks} eff.)  IOE {ioe}",
        ]

    def clock_text(self) -> str:
        """The game's timer at the moment shown, and the recorded time."""
        shown = self.timeline.clock(self.deck.t_ms)
        return f"{shown / 1000:.1f}/{self.recording.time_ms / 1000:.1f} s"

    # --------------------------------------------------------------- layout
    def relayout(self) -> None:
        screen_w, screen_h = self.screen_size
        board_w, board_h = self.canvas.geometry.pixel_size
        side = for_width(screen_w).side_border
        room_w = screen_w - 2 * side - 2 * PAD - 2
        chrome_h = PAD + (2 + STATUS_LINES) * LINE_H + PAD + 2 + PAD + SLIDER_H + PAD + VCR_H + 2 + PAD
        room_h = screen_h - SCREEN_BAR - TITLE_H - BORDER - chrome_h
        view_w, view_h = min(board_w, room_w), min(board_h, room_h)
        inner_w = max(MIN_INNER_W, view_w + 2 * PAD + 2)
        self.resize_inner(inner_w, chrome_h + view_h)
        x0, y = self.inner_x + PAD, self.inner_y + PAD + (2 + STATUS_LINES) * LINE_H + PAD
        self.board.x, self.board.y = self.inner_x + (inner_w - view_w) // 2, y + 1
        self.board.w, self.board.h = view_w, view_h
        y += view_h + 2 + PAD
        self.slider.x, self.slider.y, self.slider.w = x0, y, inner_w - 2 * PAD
        y += SLIDER_H + PAD
        for i, button in enumerate(self.deck_buttons()):
            button.x, button.y = x0 + i * (VCR_W + 2), y
        self.speed_cycle.x, self.speed_cycle.y = x0 + DECK_BUTTONS * (VCR_W + 2) + PAD, y - 1
        self.board.follow(self.pointer())
        self.settle((screen_w - self.w) // 2, SCREEN_BAR + 1)

    def deck_buttons(self) -> tuple[VcrButton, ...]:
        return (self.rewind_button, self.step_back_button, self.play_button, self.step_button, self.end_button)

    # ---------------------------------------------------------------- input
    def on_key(self, frame: Frame) -> bool:
        if frame.key(pyxel.KEY_ESCAPE):
            self.close()
        elif frame.key(pyxel.KEY_SPACE):
            self.play_pause()
        elif frame.key(pyxel.KEY_RIGHT):
            self.step()
        elif frame.key(pyxel.KEY_LEFT):
            self.step_back()
        elif frame.key(pyxel.KEY_HOME):
            self.rewind()
        elif frame.key(pyxel.KEY_END):
            self.end()
        elif frame.key(pyxel.KEY_G):
            (self.previous_guess if frame.shift else self.next_guess)()
        else:
            speed = next((s for key, s in SPEED_KEYS.items() if frame.key(key)), None)
            if speed is None:
                return False
            self.set_speed(speed)
        return True

    # ---------------------------------------------------------------- draw
    def draw_interior(self) -> None:
        x0, y0 = self.ax + self.inner_x + PAD, self.ay + self.inner_y + PAD
        room = (self.inner_w - 2 * PAD) // FONT.cell
        for i, line in enumerate(self.metric_lines()):
            font.draw_text(x0, y0 + i * LINE_H, shorten(line, room), Pen.BLACK)
        for i, line in enumerate(self.status_lines(room), 2):
            font.draw_text(x0, y0 + i * LINE_H, line, Pen.BLUE)
        board = self.board
        bevel(board.ax - 1, board.ay - 1, board.w + 2, board.h + 2, recessed=True)
        clock = self.clock_text()
        font.draw_text(self.ax + self.inner_x + self.inner_w - PAD - font.text_width(clock),
                       self.rewind_button.ay + 3, clock, Pen.BLACK)

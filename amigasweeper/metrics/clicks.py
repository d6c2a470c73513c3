"""Counting clicks the way ms-toollib counts them.

ms-toollib does not count clicks from what a program says it did: it feeds the
replay's mouse events (left/right button down and up, middle button, moves)
through a small machine that knows which buttons are held, and counts

left, right, chord (ms-toollib's "double")
    every left click, right click and chord, useful or not;
left_eff, right_eff, chord_eff (ms-toollib's lce, rce, dce)
    the effective ones: a left click that uncovered something, a flag put on a
    mine for the first time, a chord that uncovered something;
bbbv_solved
    how much of the 3BV those clicks solved.

:class:`ClickCounter` is that machine, written afresh from ms-toollib's
behaviour, for any board shape (neighbours come from the topology). Our own
games are turned into the same mouse events before they are counted (see
:mod:`amigasweeper.replay.stream`), so the counts we show are the counts
ms-toollib finds in our EVF files, by construction.

Rules worth knowing (they are the community's, kept as they are):

* A right click counts when the button goes down; a left click when it comes up.
* Before the first square is uncovered, clicks are only kept while at least one
  flag stands: taking the last flag away forgets the clicks so far.
* Both buttons held, then one let go, is a chord (so is the middle button).
* Only uncovered-or-not and flagged-or-not matter: a "?" counts as covered.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..engine.topology import Topology
from .board import MINE, numbers_of


class Mouse(str, Enum):
    """The mouse event names of the EVF format."""

    MOVE = "mv"
    LEFT_DOWN = "lc"
    LEFT_UP = "lr"
    RIGHT_DOWN = "rc"
    RIGHT_UP = "rr"
    MIDDLE_DOWN = "mc"
    MIDDLE_UP = "mr"
    PRE_FLAG = "pf"
    CHORD_DOWN = "cc"  # "both down", the button not said
    LEFT = "l"  # a left press or release, the machine decides which
    RIGHT = "r"
    MIDDLE = "m"


class Click(str, Enum):
    """What a player meant by a click, in the community's words."""

    LEFT = "left"
    RIGHT = "right"
    CHORD = "chord"


class _Buttons(Enum):
    UP_UP = "up-up"
    LEFT_HELD = "down-up"
    RIGHT_HELD = "up-down"
    RIGHT_HELD_NO_FLAG = "up-down-not-flag"  # right pressed where it could not flag
    CHORDING = "chording"
    CHORDING_NO_FLAG = "chording-not-flag"
    LEFT_HELD_AFTER_CHORD = "down-up-after-chording"


class BoardState(str, Enum):
    READY = "ready"
    PRE_FLAGGING = "pre-flagging"  # flags put down before the first uncover
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class Effect(str, Enum):
    """What one mouse event did to the board."""

    NONE = "none"
    UNCOVER = "uncover"
    FLAG = "flag"  # a flag put down or taken away
    CHORD = "chord"


COVERED, FLAGGED = -10, -11  # a square's state besides its number once uncovered


def _pre_flag_square(cell: int | None) -> int:
    """The square of a flag put down before the game ("pf"): always one in a
    file any program wrote (ms-toollib stops the whole process on one off
    the board); ValueError, refused as the file's fault, otherwise."""
    if cell is None:
        raise ValueError("a flag put down before the game off the board")
    return cell


@dataclass(frozen=True)
class ClickCounts:
    left: int = 0
    right: int = 0
    chord: int = 0
    left_eff: int = 0
    right_eff: int = 0
    chord_eff: int = 0
    bbbv_solved: int = 0
    flags: int = 0  # ms-toollib's "flag": the player's flags standing at the end
    flags_placed: int = 0  # every flag put down, even one taken away again or forgotten

    @property
    def clicks(self) -> int:
        return self.left + self.right + self.chord


class ClickCounter:
    """The mouse-and-board machine. Feed it ``step(event, cell)``; ``cell`` is
    None for a pointer off the board."""

    def __init__(self, topology: Topology, mines) -> None:
        self.topology = topology
        self.numbers = numbers_of(topology, mines)
        self.shown = [COVERED] * topology.size  # COVERED, FLAGGED or the number shown
        self.buttons = _Buttons.UP_UP
        self.state = BoardState.READY
        self.left = self.right = self.chord = 0
        self.left_eff = self.right_eff = self.chord_eff = 0
        self.bbbv_solved = 0
        self.flags = 0
        self.flags_placed = 0
        self._flagged_before: set[int] = set()
        self._pre_flags = 0
        self._middle_held = False
        self._safe_left = topology.size - sum(1 for n in self.numbers if n == MINE)
        self.chord_targets: list[int] = []  # the covered squares the last effective chord opened

    # ----------------------------------------------------------- reading
    def counts(self) -> ClickCounts:
        return ClickCounts(
            self.left, self.right, self.chord, self.left_eff, self.right_eff,
            self.chord_eff, self.bbbv_solved, self.flags, self.flags_placed,
        )

    def is_open(self, cell: int) -> bool:
        return self.shown[cell] >= 0

    # ------------------------------------------------------ board actions
    def _uncover(self, starts: list[int]) -> None:
        stack = list(starts)
        while stack:
            cell = stack.pop()
            if self.shown[cell] != COVERED:
                continue
            number = self.numbers[cell]
            self.shown[cell] = number
            if number == MINE:
                self.state = BoardState.LOST
                continue
            self._safe_left -= 1
            if number == 0:
                stack.extend(n for n in self.topology.neighbours[cell] if self.shown[n] == COVERED)
        if self._safe_left == 0 and self.state is not BoardState.LOST:
            self.state = BoardState.WON

    def _isolated_number(self, cell: int) -> bool:
        numbers = self.numbers
        return numbers[cell] > 0 and all(numbers[n] != 0 for n in self.topology.neighbours[cell])

    def _opening_untouched(self, cell: int, seen: set[int]) -> bool:
        """Whether the opening through ``cell`` has no flag on any of its 0s
        (ms-toollib counts such an opening as solved when it is clicked)."""
        stack = [cell]
        while stack:
            here = stack.pop()
            if self.numbers[here] != 0:
                continue
            if self.shown[here] == FLAGGED:
                return False
            seen.add(here)
            stack.extend(n for n in self.topology.neighbours[here] if n not in seen)
        return True

    def _left_click(self, cell: int) -> Effect:
        self.left += 1
        if self.shown[cell] != COVERED:
            return Effect.NONE
        number = self.numbers[cell]
        if number == 0:
            if self._opening_untouched(cell, set()):
                self.bbbv_solved += 1
            self.left_eff += 1
        elif number > 0:
            if self._isolated_number(cell):
                self.bbbv_solved += 1
            self.left_eff += 1
        self._uncover([cell])
        return Effect.UNCOVER

    def _right_click(self, cell: int) -> Effect:
        self.right += 1
        if self.shown[cell] >= 0:
            return Effect.NONE
        if self.shown[cell] == COVERED:
            self.shown[cell] = FLAGGED
            self.flags += 1
            self.flags_placed += 1
            if self.numbers[cell] == MINE:
                if cell not in self._flagged_before:
                    self.right_eff += 1
                self._flagged_before.add(cell)
        else:
            self.shown[cell] = COVERED
            self.flags -= 1
        return Effect.FLAG

    def _chord_click(self, cell: int) -> Effect:
        self.chord += 1
        shown = self.shown[cell]
        if shown < 0 or shown >= 8:
            return Effect.NONE
        around = self.topology.neighbours[cell]
        flags = sum(1 for n in around if self.shown[n] == FLAGGED)
        targets = [n for n in around if self.shown[n] == COVERED]
        if flags != shown or not targets:
            return Effect.NONE
        self.chord_eff += 1
        self.chord_targets = targets
        self.bbbv_solved += sum(1 for n in targets if self._isolated_number(n))
        seen: set[int] = set()
        for n in (cell, *around):
            if self.shown[n] == COVERED and self.numbers[n] == 0 and n not in seen:
                if self._opening_untouched(n, seen):
                    self.bbbv_solved += 1
        self._uncover(targets)
        return Effect.CHORD

    def _forget_clicks(self) -> None:
        self.flags = 0
        self._flagged_before.clear()
        self.chord = self.left = self.right = 0

    # ------------------------------------------------------------- events
    def step(self, event: Mouse | str, cell: int | None) -> Effect:
        event = Mouse(event)
        if self.state is BoardState.READY:
            done, effect = self._step_ready(event, cell)
        elif self.state is BoardState.PRE_FLAGGING:
            done, effect = self._step_pre_flagging(event, cell)
        elif self.state is BoardState.PLAYING:
            done, effect = False, Effect.NONE
        else:
            return Effect.NONE  # the game is over: nothing counts
        if done:
            return effect
        return self._step_playing(event, cell)

    def _step_ready(self, event: Mouse, cell: int | None) -> tuple[bool, Effect]:
        b = _Buttons
        if event in (Mouse.MOVE, Mouse.MIDDLE_DOWN, Mouse.MIDDLE_UP):
            return True, Effect.NONE
        if event is Mouse.LEFT_DOWN:
            if self.buttons is b.UP_UP:
                self.buttons = b.LEFT_HELD
                if cell is not None:
                    self.state = BoardState.PRE_FLAGGING
            elif self.buttons is b.RIGHT_HELD:
                self.buttons = b.CHORDING
            elif self.buttons is b.RIGHT_HELD_NO_FLAG:
                self.buttons = b.CHORDING_NO_FLAG
            return True, Effect.NONE
        if event is Mouse.PRE_FLAG:
            cell = _pre_flag_square(cell)
            self._pre_flags += 1
            self.state = BoardState.PRE_FLAGGING
            return True, self._right_click(cell)
        if event is Mouse.RIGHT_DOWN:
            if self.buttons is b.UP_UP:
                self.buttons = b.RIGHT_HELD
                if cell is not None:
                    self._pre_flags = 1
                    self.state = BoardState.PRE_FLAGGING
                    return True, self._right_click(cell)
                return True, Effect.NONE
            if self.buttons is b.LEFT_HELD_AFTER_CHORD:
                self.buttons = b.CHORDING
                return True, Effect.NONE
            return False, Effect.NONE
        if event is Mouse.LEFT_UP:
            if self.buttons in (b.CHORDING, b.CHORDING_NO_FLAG):
                self.buttons = b.RIGHT_HELD
            elif self.buttons in (b.LEFT_HELD_AFTER_CHORD, b.LEFT_HELD, b.UP_UP):
                self.buttons = b.UP_UP
            else:
                return False, Effect.NONE
            return True, Effect.NONE
        if event is Mouse.RIGHT_UP:
            if self.buttons is b.RIGHT_HELD:
                self.buttons = b.UP_UP
            elif self.buttons is b.CHORDING:
                self.buttons = b.LEFT_HELD_AFTER_CHORD
            elif self.buttons is not b.UP_UP:
                return False, Effect.NONE
            return True, Effect.NONE
        if event is Mouse.CHORD_DOWN:
            self.buttons = {
                b.UP_UP: b.CHORDING, b.LEFT_HELD: b.CHORDING, b.LEFT_HELD_AFTER_CHORD: b.CHORDING,
                b.RIGHT_HELD: b.CHORDING, b.RIGHT_HELD_NO_FLAG: b.CHORDING_NO_FLAG,
            }.get(self.buttons, self.buttons)
            return True, Effect.NONE
        return False, Effect.NONE  # l / r / m: handled as in play

    def _step_pre_flagging(self, event: Mouse, cell: int | None) -> tuple[bool, Effect]:
        b = _Buttons
        if event is Mouse.LEFT_UP and self.buttons is b.LEFT_HELD:
            if cell is not None and self.shown[cell] != COVERED:
                # Let go over a flag: counted, but ms-toollib (1.5.20) leaves
                # its left button down here, so its next right press makes a
                # chord. Kept as it is: the counts must be the library's. Our
                # EVF writer never puts such a release on the board (see
                # replay/stream.py).
                self.left += 1
                return True, Effect.NONE
            self.buttons = b.UP_UP
            if cell is not None:
                self.state = BoardState.PLAYING
                return True, self._left_click(cell)
            if self._pre_flags == 0:
                self.state = BoardState.READY
                self._forget_clicks()
            else:
                self.left += 1
            return True, Effect.NONE
        if event is Mouse.PRE_FLAG:
            cell = _pre_flag_square(cell)
            self._pre_flags += 1
            return True, self._right_click(cell)
        if event is Mouse.RIGHT_DOWN:
            if self.buttons is b.UP_UP:
                if cell is None:
                    self.buttons = b.RIGHT_HELD_NO_FLAG
                    self.right += 1
                    return True, Effect.NONE
                self.buttons = b.RIGHT_HELD
                if self.shown[cell] == COVERED:
                    self._pre_flags += 1
                else:
                    self._pre_flags -= 1
                    if self._pre_flags == 0:
                        self.state = BoardState.READY
                        self._forget_clicks()
                        self.shown[cell] = COVERED
                        return True, Effect.FLAG
                return True, self._right_click(cell)
            if self.buttons is b.LEFT_HELD:
                self.buttons = b.CHORDING
                if cell is not None and self._pre_flags == 0:
                    self.state = BoardState.READY
                return True, Effect.NONE
            if self.buttons is b.LEFT_HELD_AFTER_CHORD:
                self.buttons = b.CHORDING
            return True, Effect.NONE
        if event is Mouse.CHORD_DOWN:
            if self.buttons is b.LEFT_HELD and cell is not None and self._pre_flags == 0:
                self.state = BoardState.READY
            self.buttons = {
                b.UP_UP: b.CHORDING, b.LEFT_HELD: b.CHORDING, b.LEFT_HELD_AFTER_CHORD: b.CHORDING,
                b.RIGHT_HELD: b.CHORDING, b.RIGHT_HELD_NO_FLAG: b.CHORDING_NO_FLAG,
            }.get(self.buttons, self.buttons)
            return True, Effect.NONE
        if event is Mouse.MIDDLE_DOWN:
            self._middle_held = True
        elif event is Mouse.MIDDLE_UP:
            self._middle_held = False
        return False, Effect.NONE

    def _step_playing(self, event: Mouse, cell: int | None) -> Effect:
        b = _Buttons
        held = self.buttons
        if event is Mouse.LEFT_DOWN:
            self.buttons = {
                b.UP_UP: b.LEFT_HELD, b.RIGHT_HELD: b.CHORDING, b.RIGHT_HELD_NO_FLAG: b.CHORDING_NO_FLAG,
            }.get(held, held)
            return Effect.NONE
        if event in (Mouse.LEFT_UP, Mouse.LEFT):
            if held is b.LEFT_HELD:
                self.buttons = b.UP_UP
                if cell is None:
                    if event is Mouse.LEFT_UP:
                        self.left += 1
                    return Effect.NONE
                return self._left_click(cell)
            if held in (b.CHORDING, b.CHORDING_NO_FLAG):
                self.buttons = b.RIGHT_HELD
                if held is b.CHORDING_NO_FLAG:
                    self.right -= 1
                return self._chord_click(cell) if cell is not None else Effect.NONE
            if held is b.LEFT_HELD_AFTER_CHORD:
                self.buttons = b.UP_UP
            elif event is Mouse.LEFT:
                self.buttons = {
                    b.UP_UP: b.LEFT_HELD, b.RIGHT_HELD: b.CHORDING, b.RIGHT_HELD_NO_FLAG: b.CHORDING_NO_FLAG,
                }.get(held, held)
            return Effect.NONE
        if event is Mouse.RIGHT_DOWN:
            if held is b.UP_UP:
                if cell is not None:
                    self.buttons = b.RIGHT_HELD_NO_FLAG if self.shown[cell] >= 0 else b.RIGHT_HELD
                    return self._right_click(cell)
                self.buttons = b.RIGHT_HELD_NO_FLAG
                self.right += 1
            elif held in (b.LEFT_HELD, b.LEFT_HELD_AFTER_CHORD):
                self.buttons = b.CHORDING
            return Effect.NONE
        if event in (Mouse.RIGHT_UP, Mouse.RIGHT):
            if held in (b.RIGHT_HELD, b.RIGHT_HELD_NO_FLAG):
                self.buttons = b.UP_UP
            elif held in (b.CHORDING, b.CHORDING_NO_FLAG):
                self.buttons = b.LEFT_HELD_AFTER_CHORD
                if held is b.CHORDING_NO_FLAG:
                    self.right -= 1
                return self._chord_click(cell) if cell is not None else Effect.NONE
            elif held is b.UP_UP and event is Mouse.RIGHT:
                self.buttons = b.RIGHT_HELD_NO_FLAG if cell is not None and self.shown[cell] >= 0 else b.RIGHT_HELD
                return self._right_click(cell) if cell is not None else Effect.NONE
            elif held in (b.LEFT_HELD, b.LEFT_HELD_AFTER_CHORD) and event is Mouse.RIGHT:
                self.buttons = b.CHORDING
            return Effect.NONE
        if event is Mouse.MIDDLE_DOWN:
            self._middle_held = True
        elif event is Mouse.MIDDLE_UP:
            self._middle_held = False
            return self._chord_click(cell) if cell is not None else Effect.NONE
        elif event is Mouse.MIDDLE:
            self._middle_held = not self._middle_held
            if not self._middle_held and cell is not None:
                return self._chord_click(cell)
        elif event is Mouse.CHORD_DOWN:
            self.buttons = {
                b.UP_UP: b.CHORDING, b.LEFT_HELD: b.CHORDING, b.LEFT_HELD_AFTER_CHORD: b.CHORDING,
                b.RIGHT_HELD: b.CHORDING, b.RIGHT_HELD_NO_FLAG: b.CHORDING_NO_FLAG,
            }.get(held, held)
        return Effect.NONE

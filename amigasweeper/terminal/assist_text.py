"""The text mode's assistance: hint, safe, known mines, odds and the Demo.

Each asks play/assist (the Session's ``assist``, as the window's menus do),
so the game counts as helped whichever door the help came through. A text
answer is wanted now, so hint, safe, known mines and odds wait for the
count (``wait=True``: it ends, a count past its patience giving estimates).

The Demo cannot wait: the loop's ticks (``tick``) give the assistance its
slice of work and the Demo its pace, and each Demo move comes as a line of
its own between the player's lines, as a save's message does; the reader
keeps answering meanwhile, and `stop` (or any move of the player's own)
ends it.
"""

from __future__ import annotations

from amigasweeper.access.narrator import LineKind
from amigasweeper.access.words import square_label
from amigasweeper.play import Action

from .commands import Handler, Verb
from .text_host import TextHost

TICK_BUDGET = 0.02  # seconds of solver work in each turn of the loop (it waits WAIT for a line)
DEMO_DOES = {Action.UNCOVER: "uncovers", Action.MARK: "marks"}


class Assisting:
    def __init__(self, game: TextHost) -> None:
        self.text = game

    @property
    def assist(self):
        return self.text.session.assist

    @property
    def topology(self):
        return self.text.game.topology

    def handlers(self) -> dict[Verb, Handler]:
        return {
            Verb.HINT: lambda args: self.hint(),
            Verb.SAFE: lambda args: self.known(safe=True),
            Verb.KNOWN_MINES: lambda args: self.known(safe=False),
            Verb.ODDS: lambda args: self.odds(self.text.square(args)),
            Verb.DEMO: lambda args: self.demo(strong=False),
            Verb.STRONG_DEMO: lambda args: self.demo(strong=True),
            Verb.STOP: lambda args: self.stop(),
        }

    def named(self, sentence: str) -> str:
        """The assistance's answers name squares as the board does already (C5)."""
        return sentence

    # ------------------------------------------------------------ answers now
    def hint(self) -> None:
        answer = self.assist.hint(wait=True)
        if answer.square is None:
            self.text.say(LineKind.ASKED, f"hint: {self.named(answer.why)}")
            return
        square = square_label(self.topology, answer.square)
        self.text.say(LineKind.ASKED, f"hint: {square} is {'safe' if answer.verdict.value == 'safe' else 'a mine'}, "
                                      f"{answer.title.lower()}: {self.named(answer.why)}")

    def known(self, safe: bool) -> None:
        found = self.assist.show_safe_and_mines(wait=True)
        if found.note:
            self.text.say(LineKind.ASKED, self.named(found.note))
            return
        squares = sorted(found.safe if safe else found.mines)
        what = "safe squares" if safe else "known mines"
        listed = ", ".join(square_label(self.topology, cell) for cell in squares)
        rough = "" if found.exact else "; the other chances are estimates"
        self.text.page(LineKind.ASKED, f"{what}, {len(squares)}: {listed or 'none'}{rough}")

    def odds(self, cell: int) -> None:
        self.text.cursor = cell
        odds = self.assist.odds(cell, wait=True)
        square = square_label(self.topology, cell)
        if odds.chance is None:
            game = self.text.game
            why = (f"{square} is uncovered" if game.placed and game.is_open(cell) else
                   f"{square} is marked" if odds.note.endswith("is marked.") else self.named(odds.note))
            self.text.say(LineKind.ASKED, why)
        elif odds.settled:
            self.text.say(LineKind.ASKED, f"{square}: mine chance {odds.chance * 100:.1f} percent")
        else:
            self.text.say(LineKind.ASKED, f"{square}: mine chance about {odds.chance * 100:.0f} percent (an estimate)")

    # ------------------------------------------------------------ the Demo
    def demo(self, strong: bool) -> None:
        game = self.text.game
        if game.status.over or game.paused:
            self.text.say(LineKind.RESULT, f"the game is {'paused' if game.paused else game.status.value}: "
                                           "no Demo (new starts a game)")
            return
        self.assist.demo.set_strong(strong)
        self.assist.start_demo()
        self.text.say(LineKind.RESULT, f"{'Strong ' if strong else ''}Demo on: it plays a move at a time; "
                                       "type stop to end it")

    def stop(self) -> None:
        if not self.assist.demo.on:
            self.text.say(LineKind.RESULT, "the Demo is not playing")
            return
        self.assist.stop_demo()
        self.text.say(LineKind.RESULT, "Demo stopped")

    def player_moved(self) -> None:
        """A move of the player's own takes the game back from the Demo."""
        if self.assist.demo.on:
            self.assist.stop_demo()
            self.text.say(LineKind.RESULT, "Demo stopped")

    def tick(self) -> None:
        """A turn of the loop: the assistance's slice of work, and the Demo's move when one is due."""
        assist = self.assist
        assist.tick(TICK_BUDGET)
        if not assist.demo.on:
            return
        move = assist.demo_step()
        if move is None:
            if not assist.demo.on:  # it had nothing left it could prove
                self.text.say(LineKind.RESULT, "the Demo stops: nothing left it can prove")
            return
        self.text.cursor = move.square
        self.text.say(LineKind.RESULT, f"Demo {DEMO_DOES[move.action]} {square_label(self.topology, move.square)}")
        self.text.session.played.key(move.action, move.square)
        if not assist.demo.on and not self.text.game.status.over:
            self.text.say(LineKind.RESULT, "Demo stopped")

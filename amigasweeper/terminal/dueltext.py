"""The text mode's Duel: two players, one minefield, points for the mines.

`duel computer` (with easy, normal or hard) plays against the computer,
`duel players` hot-seat, two people taking turns at one keyboard. While a
Duel is on, lines are its own commands (``DUEL_HELP``), and every answer
ends by saying the score and whose turn it is; the computer's move comes in
the same answer as the move it answers. The game being played waits, its
clock held, as it does while the window's Duel is open. `leave` ends the
Duel; a finished Duel is counted with the Duel results, as the window's is
(play/ending.py's DuelJob).

In hot-seat play each player reads the board as it is to them: a wrong
guess is shown only to the player who made it, so `read row` reads for the
player to move.
"""

from __future__ import annotations

from amigasweeper.access.narrator import LineKind
from amigasweeper.access.words import SquareNameError, column_name, parse_column, parse_row, parse_square
from amigasweeper.engine.duel import Duel
from amigasweeper.engine.duel_moves import DuelMove, DuelMoveKind, DuelSetup, DuelTile
from amigasweeper.engine.names import square_name
from amigasweeper.play import DuelJob, DuelPlay, DuelPlayers, Opponent
from amigasweeper.play.clock import PauseReason
from amigasweeper.play.duel_play import computer_player

from .commands import CommandError, quoted
from .text_host import TextHost

STRENGTHS = ("easy", "normal", "hard")
OPPONENTS = {"computer": Opponent.COMPUTER, "players": Opponent.HUMAN, "hot-seat": Opponent.HUMAN}
# Keyed by what Duel.tile gives (an int: a number, or a DuelTile, an IntEnum)
TILE_WORDS: dict[int, str] = {DuelTile.COVERED: "covered", DuelTile.FOUND: "found mine", DuelTile.HIT: "hit mine",
                              DuelTile.WRONG_GUESS: "your wrong guess"}
MOVES = {"uncover": DuelMoveKind.UNCOVER, "u": DuelMoveKind.UNCOVER, "open": DuelMoveKind.UNCOVER,
         "guess": DuelMoveKind.GUESS, "mark": DuelMoveKind.GUESS, "m": DuelMoveKind.GUESS, "g": DuelMoveKind.GUESS}
DUEL_HELP = ("Duel commands: uncover C5 (u), guess C5 says a mine is there (mark, m or g), read row 5, "
             "read column C, score, moves (the moves so far), leave (ends the Duel), help, quit. "
             "A mine found scores 5, a mine uncovered costs 5, a wrong guess costs 2; most points wins")
START_HELP = ("duel computer starts a Duel against the computer (easy, normal or hard after it: duel computer "
              "hard), duel players a hot-seat Duel for two at this keyboard")
PASSED = frozenset({"quit", "exit", "next", "more"})  # the main commands a Duel lets through


class DuelText:
    def __init__(self, game: TextHost) -> None:
        self.text = game
        self.play: DuelPlay | None = None

    @property
    def on(self) -> bool:
        return self.play is not None

    @property
    def playing(self) -> DuelPlay:
        """The Duel being played: the commands that need one come here only while ``on``."""
        if self.play is None:
            raise CommandError(f"no Duel is on: {START_HELP}")
        return self.play

    @property
    def duel(self) -> Duel:
        return self.playing.duel

    # ------------------------------------------------------------ starting
    def start(self, args: tuple[str, ...]) -> None:
        if self.on:
            self.text.say(LineKind.ASKED, self.standing())
            return
        if not args:
            self.text.say(LineKind.ASKED, START_HELP)
            return
        opponent = OPPONENTS.get(args[0].lower())
        if opponent is None:
            raise CommandError(f"duel takes computer or players, not {quoted(args[0])}: {START_HELP}")
        strength = args[1].lower() if len(args) > 1 else "normal"
        if opponent is Opponent.HUMAN and len(args) > 1:
            raise CommandError("duel players takes nothing after it")
        if strength not in STRENGTHS:
            raise CommandError(f"the computer plays easy, normal or hard, not {quoted(args[1])}")
        first = self.text.storage.settings.player_name or self.text.storage.settings.last_name or "Player 1"
        names = (first, "Computer" if opponent is Opponent.COMPUTER else "Player 2")
        if names[0] == names[1]:
            names = ("Player 1", names[1])
        players = DuelPlayers(names, opponent, strength)
        seed = self.text.session.seeds.next()
        self.play = DuelPlay(Duel(DuelSetup(seed=seed)), players, computer_player(players, seed),
                             on_end=lambda key, result: self.text.ending.put(DuelJob(key, result)))
        self.text.session.pauses.hold(PauseReason.DUEL)  # the game waits, as it does behind the window's Duel
        topology = self.duel.topology
        against = f"against the {strength} computer" if players.computer is not None else "hot-seat"
        self.text.say(LineKind.RESULT, f"Duel {against}: {topology.width} by {topology.height} squares, "
                                       f"{self.duel.setup.mines} mines, the centre {self.centre()} open. "
                                       f"{self.standing()}. help lists the Duel's commands")

    def centre(self) -> str:
        return square_name(self.duel.topology, self.duel.setup.centre)

    # ------------------------------------------------------------ a line in the Duel
    def passes(self, words: list[str]) -> bool:
        """Does this line go to the main commands (quit, next) rather than the Duel?"""
        return bool(words) and words[0].lower() in PASSED

    def answer(self, text: str) -> None:
        words = text.split()
        if not words:
            raise CommandError(f"type a Duel command, like uncover C5; {DUEL_HELP}")
        first, rest = words[0].lower(), words[1:]
        if first in MOVES:
            self._move(MOVES[first], rest)
        elif first == "read" and rest and rest[0].lower() in ("row", "column", "col"):
            self._read(rest[0].lower(), rest[1:])
        elif first == "score" or first == "status":
            self.text.say(LineKind.ASKED, self.standing())
        elif first == "moves":
            log = self.duel.log(self.playing.players.names, self.viewer())
            self.text.page(LineKind.ASKED, "; ".join(log) or "no moves yet")
        elif first == "leave":
            self.leave()
        elif first in ("help", "?"):
            self.text.page(LineKind.ASKED, DUEL_HELP)
        else:
            raise CommandError(f"{quoted(words[0])} is not a Duel command: {DUEL_HELP}")

    def viewer(self) -> int:
        """Whose view the board is read in: the player to move hot-seat, else the human."""
        return self.duel.turn if self.playing.players.computer is None else 0

    def standing(self) -> str:
        return self.duel.summary(self.playing.players.names)

    def _move(self, kind: DuelMoveKind, words: list[str]) -> None:
        if not words:
            raise CommandError(f"name the square: like {'uncover' if kind is DuelMoveKind.UNCOVER else 'guess'} C5")
        if self.duel.over:
            raise CommandError(f"the Duel is over ({self.standing()}): leave ends it, duel starts another after")
        cell = parse_square(" ".join(words), self.duel.topology)
        played = len(self.duel.history)
        if not self.playing.human_move(kind, cell):
            why = self.duel.problem(DuelMove(self.duel.turn, kind, cell)) or "it cannot be played"
            raise CommandError(why)
        self.playing.computer_move()
        self._tell_moves(played)

    def _tell_moves(self, since: int) -> None:
        names = self.playing.players.names
        lines = [self.duel.describe(event, names, self.viewer()) for event in self.duel.history[since:]]
        ending = "Duel over: " if self.duel.over else ""
        said = "; ".join(lines) + f". {ending}{self.standing()}"
        if self.duel.over:
            said += ". leave ends the Duel"
        self.text.say(LineKind.RESULT, said)

    def _read(self, what: str, words: list[str]) -> None:
        topology = self.duel.topology
        if len(words) != 1:
            raise CommandError("read row 5 or read column C")
        try:
            if what == "row":
                row = parse_row(words[0], topology)
                cells = [topology.index(col, row) for col in range(topology.width)]
                head = f"row {row + 1}"
            else:
                col = parse_column(words[0], topology)
                cells = [topology.index(col, row) for row in range(topology.height)]
                head = f"column {column_name(col)}"
        except SquareNameError as error:
            raise CommandError(str(error)) from None
        viewer = self.viewer()
        words_of = [TILE_WORDS.get(self.duel.tile(cell, viewer), str(self.duel.tile(cell, viewer))) for cell in cells]
        self.text.say(LineKind.ASKED, f"{head}: " + ", ".join(w if w != "0" else "blank" for w in words_of))

    def leave(self) -> None:
        over = self.duel.over
        self.play = None
        self.text.session.pauses.release(PauseReason.DUEL)
        kept = "" if over else " (an unfinished Duel is not counted)"
        self.text.say(LineKind.RESULT, f"Duel left{kept}; back to your game")

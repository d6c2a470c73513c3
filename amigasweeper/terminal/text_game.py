"""The text mode's game: a line from the player in, one line out.

A front end of play/, as the window is: the Session owns the game, its
clock and its end (record, replay, best time, through play/ending.py); this
keeps only where the player is on the board (the cursor) and turns each
command into play/'s commands. What it answers comes from the Narrator's
words (play/narration.py tells every move, access/words says the rest), and
every line it answers goes to the Narrator too, so the voice and the
narration log say what the terminal shows.

One line in, one line out: everything a command brings about (what the
move did, the end of the game, a new best time's question) is joined into
its one answer. A line can also come on its own, from :meth:`tick`, when
something the program was waiting for happens between commands (a save
another copy of the program was holding up).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from amigasweeper.access.narrator import Line, LineKind, Narrator
from amigasweeper.access.words import (
    SquareNameError,
    parse_column,
    parse_row,
    parse_square,
    square_label,
)
from amigasweeper.access.words.game_lines import counter_line, plural
from amigasweeper.engine import LevelError, MoveKind
from amigasweeper.play import Action, Desk, EndQueue, PauseReason, Session
from amigasweeper.play.ending import BestTimeRow
from amigasweeper.play.narration import GameNarration
from amigasweeper.records import GameKeeper
from amigasweeper.storage import Storage, clean_name
from amigasweeper.storage.time_kinds import kind_title, time_kind

from .assist_text import Assisting
from .choosing import Chooser
from .commands import CommandError, Handler, TextCommand, Verb, help_line, parse
from .dueltext import DuelText
from .manualpages import ManualText
from .pager import Pager
from .reader import InputLine
from .stats_text import StatsText

SETTLE_BUDGET = 5.0  # seconds a command's answer may wait for its game's end to be written
JOIN = "; "  # between the lines one answer is made of
UNTIMED = "a practice game: untimed"
AGAIN = "!!"  # a line that says the last command again (the text mode's own small history)
DIRECTIONS = {Verb.UP: (0, -1), Verb.DOWN: (0, 1), Verb.LEFT: (-1, 0), Verb.RIGHT: (1, 0)}
EDGES = {Verb.UP: "top", Verb.DOWN: "bottom", Verb.LEFT: "left", Verb.RIGHT: "right"}
LONGEST_STEP = 99  # squares a direction moves at once
ACTS = {Verb.UNCOVER: Action.UNCOVER, Verb.MARK: Action.MARK, Verb.CLEAR: Action.CLEAR}
BOARD_VERBS = frozenset({*DIRECTIONS, *ACTS, Verb.GO, Verb.WHERE, Verb.READ_ROW, Verb.READ_COLUMN,
                         Verb.READ_AROUND, Verb.READ_FRONTIER, Verb.NEXT_COVERED, Verb.NEXT_NUMBER})


class TextGame:
    def __init__(self, session: Session, storage: Storage, narrator: Narrator,
                 clock: Callable[[], float], practice: bool = False) -> None:
        self.session = session
        self.storage = storage
        self.narrator = narrator
        self.col, self.row = 0, 0  # where the player is: A1, the top-left square, to begin with
        self.heard: list[Line] = []  # the lines of the answer being made
        self.narration = GameNarration(session, self.hear)
        self.name_wanted: Callable[[str], None] | None = None  # a new best time waits for its name
        self.name_offered = ""
        self.quitting = False
        self.chooser = Chooser(session, storage, self.say, self.tell)
        self.pages = Pager(self.say)
        self.assisting = Assisting(self)
        self.stats = StatsText(self)
        self.manual = ManualText(self)
        self.dueling = DuelText(self)
        self.last_line = ""  # the last command typed, for !!
        self.keeper = GameKeeper.for_backend(storage.backend)
        desk = Desk(self.keeper, storage, tell=self.tell, ask_name=self.ask_name,
                    best_times_changed=self.best_time_kept)
        session.player_name = desk.default_name  # replays are signed as the window signs them
        self.ending = EndQueue(desk, clock)  # in the loop: a terminal has no frame to keep smooth
        self.practice = practice  # --practice: every game kept as practice, and no time said
        session.on_end = lambda end: self.ending.put_game(replace(end, practice=True) if self.practice else end)
        session.on_new_game.append(lambda game: setattr(self, "cursor", self.cursor))  # kept on the board

    @property
    def game(self):
        return self.session.game

    @property
    def cursor(self) -> int:
        """The square the player is on (on a smaller new board, the nearest to where they were)."""
        topology = self.game.topology
        return topology.index(min(self.col, topology.width - 1), min(self.row, topology.height - 1))

    @cursor.setter
    def cursor(self, cell: int) -> None:
        self.col, self.row = self.game.topology.coords(cell)

    # ------------------------------------------------------------ lines out
    def hear(self, line: Line) -> None:
        """A line for the answer being made; the Narrator says it (and logs it) at once."""
        self.heard.append(line)
        self.narrator.say(line)

    def say(self, kind: LineKind, text: str) -> None:
        self.hear(Line(kind, text))

    def page(self, kind: LineKind, text: str) -> None:
        """A long answer, a page at a time: `next` says the rest (pager.py)."""
        self.pages.show(kind, text)

    def tell(self, text: str) -> None:
        """Something the player must know that was not saved (play/ending.py's Desk)."""
        self.say(LineKind.REQUESTER, text)

    def _taken(self) -> str | None:
        lines, self.heard = self.heard, []
        return JOIN.join(line.text for line in lines) if lines else None

    def opening(self, problems: list[str]) -> str:
        """The first line: the board, where the player is, how to go on, and
        anything wrong with the saved data or the voice."""
        practice = ("; practice: untimed, and kept apart from the win percent, streaks and Best Times"
                    if self.practice else "")
        self.say(LineKind.RESULT, f"AmigaSweeper text mode. {self.narration.board()}; you are at A1{practice}. "
                                  "Type help for the commands")
        for problem in problems:
            self.tell(problem)
        opening = self._taken()
        assert opening is not None  # said just above
        return opening

    # ------------------------------------------------------------ a line in
    def answer(self, line: InputLine) -> str:
        """The one line that answers a line of the player's."""
        if self.name_wanted is not None:
            self._name(self.name_wanted, line)
        else:
            self._command(self._again(line))
        self._settle()
        return self._taken() or "nothing changed"

    def tick(self) -> str | None:
        """Between lines, often: the voice's next line, a slice of a finished
        game's writing, a save another copy held up; a line if one came of it."""
        self.narrator.update()
        self.assisting.tick()  # the solver's slice of work, and the Demo's move when one is due
        message = self.storage.retry_waiting()
        if message:
            self.tell(message)
        self.ending.tick()
        return self._taken()

    def _command(self, line: InputLine) -> None:
        problem = line.problem()
        if problem is not None:
            self.say(LineKind.RESULT, problem)
            return
        try:
            if self.dueling.on and not self.dueling.passes(line.text.split()):
                self.dueling.answer(line.text)  # a Duel has its own commands (dueltext.py)
                return
            command = parse(line.text)
            self._do(command)
        except (CommandError, SquareNameError, LevelError) as error:
            self.say(LineKind.RESULT, str(error))

    def _do(self, command: TextCommand) -> None:
        verb, args = command.verb, command.args
        if verb in BOARD_VERBS and self.game.paused:
            self.say(LineKind.RESULT, "the game is paused: type resume to see the board and play")
        elif verb in DIRECTIONS:
            self._step(verb, args)
        elif verb in ACTS:
            self.assisting.player_moved()
            self._act(ACTS[verb], args)
        else:
            handler = self._handlers().get(verb) or self._groups()[verb]
            handler(args)

    def _groups(self) -> dict[Verb, Handler]:
        """The commands of the text mode's other modules: choices, assistance, statistics, manual, Duel."""
        return {**self.chooser.handlers(), **self.assisting.handlers(), **self.stats.handlers(),
                **self.manual.handlers(), Verb.DUEL: self.dueling.start, Verb.NEXT: lambda args: self.pages.more()}

    def _again(self, line: InputLine) -> InputLine:
        """!! says the last command again; any other line becomes the last."""
        if line.text.strip() != AGAIN:
            self.last_line = line.text
            return line
        return InputLine(self.last_line or "")

    def _handlers(self) -> dict[Verb, Handler]:
        narration = self.narration
        return {
            Verb.GO: lambda args: self._go(self.square(args)),
            Verb.WHERE: lambda args: narration.cursor(self.cursor),
            Verb.READ_ROW: self._read_row,
            Verb.READ_COLUMN: self._read_column,
            Verb.READ_AROUND: lambda args: narration.around(self.square(args)),
            Verb.READ_FRONTIER: lambda args: narration.frontier(parse_row(args[0], self.game.topology) if args else 0),
            Verb.READ_BOARD: lambda args: narration.whole_board(parse_row(args[0], self.game.topology) if args else 0),
            Verb.NEXT_COVERED: lambda args: self._jump("covered"),
            Verb.NEXT_NUMBER: lambda args: self._jump("number"),
            Verb.STATUS: lambda args: self._status(),
            Verb.TIME: lambda args: self.say(LineKind.ASKED, UNTIMED) if self.practice else narration.time(),
            Verb.MINES: lambda args: narration.counter(),
            Verb.PAUSE: lambda args: self._pause(True),
            Verb.RESUME: lambda args: self._pause(False),
            Verb.HELP: lambda args: self.page(LineKind.ASKED, help_line(args)),
            Verb.QUIT: self._quit,
        }

    # ------------------------------------------------------------ the board
    def square(self, args: tuple[str, ...]) -> int:
        """The square a command names, else the one the player is on."""
        return parse_square(" ".join(args), self.game.topology) if args else self.cursor

    def _go(self, cell: int) -> None:
        self.cursor = cell
        self.narration.cursor(cell)

    def _step(self, verb: Verb, args: tuple[str, ...]) -> None:
        count = _count(verb, args)
        topology = self.game.topology
        col, row = topology.coords(self.cursor)
        dx, dy = DIRECTIONS[verb]
        moved = 0
        while moved < count and topology.contains(col + dx, row + dy):
            col, row, moved = col + dx, row + dy, moved + 1
        self.cursor = topology.index(col, row)
        if moved:
            self.narration.cursor(self.cursor)
        if moved < count:
            edge = f"{square_label(topology, self.cursor)} is at the {EDGES[verb]} edge"
            self.say(LineKind.CURSOR, edge if moved else f"{edge}: you did not move")

    def _act(self, action: Action, args: tuple[str, ...]) -> None:
        cell = self.square(args)
        self.cursor = cell
        played = self.session.played
        if not played.can_play():
            self.narration.refused(MoveKind(action.value), cell)
            return
        played.key(action, cell)  # play/ tells the narration what the move did
        if self.game.layout_note and not played.noted:
            played.noted = True  # a no-guess board could not be made in time: said once, as the window does
            self.tell(self.game.layout_note)

    def _read_row(self, args: tuple[str, ...]) -> None:
        topology = self.game.topology
        self.narration.row(parse_row(args[0], topology) if args else topology.coords(self.cursor)[1])

    def _read_column(self, args: tuple[str, ...]) -> None:
        topology = self.game.topology
        self.narration.column(parse_column(args[0], topology) if args else topology.coords(self.cursor)[0])

    def _jump(self, what: str) -> None:
        self.cursor = self.narration.jump(self.cursor, what)

    # ------------------------------------------------------------ the clock
    def _status(self) -> None:
        """The state, the counter and the time; in practice, no time."""
        if not self.practice:
            self.narration.status()
            return
        game = self.game
        state = game.status.value if game.status.over else "playing"
        self.say(LineKind.ASKED, f"{state}, {counter_line(game)}, untimed practice")

    def _pause(self, stop: bool) -> None:
        game, pauses = self.game, self.session.pauses
        if game.status.over:
            self.say(LineKind.RESULT, f"the game is {game.status.value}: its clock has stopped for good")
        elif stop == game.paused:
            self.say(LineKind.RESULT, "the game is already paused" if stop else "the game is not paused")
        else:
            pauses.set(PauseReason.PAUSE, stop)  # play/ tells the narration: paused, resumed

    # ------------------------------------------------------------ the end
    def _settle(self) -> None:
        """A game that ended is written now (the record, the replay), so its
        answer can ask for a best time's name; a data folder another copy
        holds leaves it to the next ticks."""
        if self.ending.busy and not self.ending.asking:
            self.ending.tick(SETTLE_BUDGET)

    def ask_name(self, row: BestTimeRow, seconds: int, offered: str, answer: Callable[[str], None]) -> None:
        """A win beat the level's best time (play/ending.py asks): the next line is the name."""
        self.name_wanted, self.name_offered = answer, offered
        keep = f", or an empty line for {offered}" if offered else ""
        self.say(LineKind.REQUESTER, f"a new best time for {row.title}: {plural(seconds, 'second')}. "
                                     f"Type your name{keep}")

    def _name(self, answer: Callable[[str], None], line: InputLine) -> None:
        self.name_wanted = None
        answer(clean_name(line.text) or self.name_offered)  # a name of a megabyte is cut to the first characters

    def best_time_kept(self) -> None:
        played = self.session.played
        level, setup = played.level, played.setup or played.game.setup
        # 2.4's slot holds square random boards; any other kind has its own row (storage/time_kinds.py)
        kind = time_kind(level.value, setup.shape.value, setup.layout.value == "no-guess")
        times = self.storage.best_times
        best, title = (times[level.value], level.title) if kind is None else (times.kind(kind), kind_title(kind))
        self.say(LineKind.RESULT, f"best time for {title}: {plural(best.seconds, 'second')}, {best.name}")

    def _quit(self, args: tuple[str, ...]) -> None:
        self.quitting = True
        played = self.session.played
        left = played.game.placed and not played.game.status.over
        self.say(LineKind.RESULT, "the game is kept as abandoned; goodbye" if left else "goodbye")

    def farewell(self, why: str) -> str:
        """The last line at the end of the input or a stop signal: what became of the game."""
        played = self.session.played
        left = played.game.placed and not played.game.status.over
        kept = "the game you had begun is kept as abandoned" if left else "your games are kept"
        said = f"Goodbye ({why}): {kept}, and everything waiting is saved"
        self.narrator.say(Line(LineKind.RESULT, said))  # the voice and the log say it too
        return said

    def leave(self, timeout: float) -> list[str]:
        """The end of the program (quit, the end of the input, a stop signal):
        the game being played kept as abandoned, everything written that can
        be within ``timeout`` seconds; what could not be, in sentences."""
        self.session.leave()
        self.chooser.save()
        problems = [self.ending.flush(timeout), self.storage.flush(timeout)]
        self.narrator.close()
        return [p for p in problems if p]


def _count(verb: Verb, args: tuple[str, ...]) -> int:
    if not args:
        return 1
    if not re.fullmatch(r"[0-9]{1,2}", args[0]) or not 1 <= int(args[0]) <= LONGEST_STEP:
        raise CommandError(f"{verb.value} takes a number of squares from 1 to {LONGEST_STEP}, like {verb.value} 3")
    return int(args[0])

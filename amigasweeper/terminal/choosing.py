"""The text mode's choices: the commands the window has as menu items.

New, a level, a Custom board, Marks, No-Guess Boards, the completion mode
and the board's shape, each sent to the Session as the window's menus send
them, and saved with the settings as the window saves them (the window
reads the same settings: a level chosen here is the window's next level
too). A --no-guess given on the command line is never saved (see
play/choices.py); `no-guess on` or `off` typed here is the player's own
choice, and is. Best Times are read here too.
"""

from __future__ import annotations

from collections.abc import Callable

from amigasweeper.access.narrator import LineKind
from amigasweeper.access.words.game_lines import plural
from amigasweeper.engine import LevelName
from amigasweeper.play.choices import choice_settings
from amigasweeper.play.session import Session
from amigasweeper.storage.store import Storage
from amigasweeper.storage.time_kinds import kind_order, kind_title
from amigasweeper.storage.validation import LEVELS as BEST_TIME_LEVELS

from .commands import COMPLETIONS, SHAPES, Handler, Verb


class Chooser:
    """The choices of one text game: its Session and Storage, and how it
    speaks (``say``: a line of the answer; ``tell``: what was not saved)."""

    def __init__(self, session: Session, storage: Storage, say: Callable[[LineKind, str], None],
                 tell: Callable[[str], None]) -> None:
        self.session = session
        self.storage = storage
        self.say = say
        self.tell = tell

    def handlers(self) -> dict[Verb, Handler]:
        return {
            Verb.NEW: lambda args: self.session.new_game(),
            Verb.LEVEL: lambda args: self._then_save(self.session.choose_level, LevelName(args[0])),
            Verb.CUSTOM: self._custom,
            Verb.MARKS: self._marks,
            Verb.NO_GUESS: self._no_guess,
            Verb.COMPLETION: self._completion,
            Verb.SHAPE: lambda args: self._then_save(self.session.set_shape, SHAPES[args[0]]),
            Verb.BEST: lambda args: self.say(LineKind.ASKED, self.best_times()),
        }

    def save(self) -> None:
        """The choices into the saved settings (the window's too), as its menus save them."""
        problem = self.storage.change_settings(**choice_settings(self.session.choices))
        if problem:
            self.tell(problem)

    def _then_save(self, change: Callable, value) -> None:
        change(value)  # a new game: the narration says its board
        self.save()

    def _custom(self, args: tuple[str, ...]) -> None:
        self.session.choose_custom(*args)  # LevelError says what is allowed, and nothing changes
        custom = self.session.choices.custom
        problem = self.storage.set_custom(custom.width, custom.height, custom.mines)
        if problem:
            self.tell(problem)
        self.save()

    def _marks(self, args: tuple[str, ...]) -> None:
        enabled = args[0] == "on"
        if enabled == self.session.choices.marks:
            self.say(LineKind.RESULT, f"question marks are already {args[0]}")
            return
        self.session.set_marks(enabled)  # the narration says it (question marks on)
        self.save()

    def _completion(self, args: tuple[str, ...]) -> None:
        completion = COMPLETIONS[args[0]]
        self.say(LineKind.RESULT, f"completion: {completion.title}")
        self._then_save(self.session.set_completion, completion)

    def _no_guess(self, args: tuple[str, ...]) -> None:
        self.say(LineKind.RESULT, f"no-guess boards {args[0]}")
        self._then_save(self.session.set_no_guess, args[0] == "on")

    def best_times(self) -> str:
        """'best times: Beginner 12 seconds, Ada; Intermediate 999 seconds, Anonymous; ...'."""
        times = self.storage.best_times
        listed = [f"{level.capitalize()} {plural(times[level].seconds, 'second')}, {times[level].name}"
                  for level in BEST_TIME_LEVELS]
        listed += [f"{kind_title(key)} {plural(times.kinds[key].seconds, 'second')}, {times.kinds[key].name}"
                   for key in sorted(times.kinds, key=kind_order)]
        return "best times: " + "; ".join(listed)

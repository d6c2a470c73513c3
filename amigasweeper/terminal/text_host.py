"""What the text mode's command groups (assist_text, stats_text, manualpages,
dueltext) need of the game they answer for: TextGame gives it. A Protocol,
so the groups never import text_game.py, which imports them."""

from __future__ import annotations

from typing import Protocol

from amigasweeper.access.narrator import LineKind
from amigasweeper.engine import Game
from amigasweeper.play import EndQueue, Session
from amigasweeper.records import GameKeeper
from amigasweeper.storage import Storage


class TextHost(Protocol):
    session: Session
    storage: Storage
    keeper: GameKeeper
    ending: EndQueue
    cursor: int

    @property
    def game(self) -> Game: ...

    def say(self, kind: LineKind, text: str) -> None:
        """A line for the answer being made."""

    def page(self, kind: LineKind, text: str) -> None:
        """A long answer, a page at a time (`next` says the rest)."""

    def square(self, args: tuple[str, ...]) -> int:
        """The square a command names, else the one the player is on."""

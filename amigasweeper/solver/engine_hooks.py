"""What the solver gives the engine, which never imports it: the no-guess
layout maker and the reasoning behind the Duel's automatic reveal.

Imported by amigasweeper.solver, so importing the solver is all it takes.
"""

from __future__ import annotations

from amigasweeper.engine import LayoutKind, PlayerView, register_layout_maker
from amigasweeper.engine.duel import DuelReasoner, register_reasoner

from .hint_rules import all_certain, solve
from .noguess import no_guess_layout


def _consistent(view: PlayerView) -> bool:
    return solve(view).consistent


DUEL_REASONER = DuelReasoner(certain=all_certain, consistent=_consistent)


def install() -> None:
    """Register the solver's pieces with the engine (done once, on import)."""
    register_layout_maker(LayoutKind.NO_GUESS, no_guess_layout)
    register_reasoner(DUEL_REASONER)


install()

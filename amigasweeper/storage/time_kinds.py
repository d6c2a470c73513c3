"""The kinds of game Best Times keeps apart.

MineSweeper 2.4's Beginner, Intermediate, Expert and Custom slots take
square random boards only, as 2.4's did. Every other kind (a no-guess
board, hexagons, triangles) has a row of its own, named by a key::

    beginner/hex/random      beginner/square/no-guess      custom/triangle/no-guess

A best-times file written before the kinds were kept apart held one time
a level, of any kind. Such a time is moved to the row of the kept game it
matches, or, when none matches, to a row of its own marked as from an
earlier version, kind unknown (key ``earlier/beginner``): no time is lost.
"""

from __future__ import annotations

from .validation import LEVELS, SHAPES

EARLIER = "earlier"
KINDS = ("random", "no-guess")
SHAPE_WORDS = {"square": "square", "hex": "hexagonal", "triangle": "triangular"}


def time_kind(level: str, shape: str, no_guess: bool) -> str | None:
    """The row a win goes to: None for 2.4's own slot of the level (a square
    random board), else the key of its kind's row."""
    if shape == "square" and not no_guess:
        return None
    return f"{level}/{shape}/{KINDS[no_guess]}"


def earlier_kind(level: str) -> str:
    return f"{EARLIER}/{level}"


def kind_key(name) -> str:
    """A key as :func:`time_kind` or :func:`earlier_kind` make them; ValueError otherwise."""
    parts = name.split("/") if isinstance(name, str) else []
    if len(parts) == 2 and parts[0] == EARLIER and parts[1] in LEVELS:
        return name
    if len(parts) == 3 and parts[0] in LEVELS and parts[1] in SHAPES and parts[2] in KINDS \
            and (parts[1], parts[2]) != ("square", "random"):
        return name
    raise ValueError("is not a kind of game")


def kind_title(key: str) -> str:
    """"Beginner, hexagonal, no-guess"; "Beginner, from an earlier version, kind unknown"."""
    parts = kind_key(key).split("/")
    if parts[0] == EARLIER:
        return f"{parts[1].title()}, from an earlier version, kind unknown"
    return f"{parts[0].title()}, {SHAPE_WORDS[parts[1]]}, {parts[2]}"


def kind_order(key: str) -> tuple:
    """2.4's levels in their order, then the shapes, random before no-guess, the earlier rows last."""
    parts = key.split("/")
    if parts[0] == EARLIER:
        return (1, LEVELS.index(parts[1]))
    return (0, LEVELS.index(parts[0]), SHAPES.index(parts[1]), KINDS.index(parts[2]))

"""Keeping Python's cycle collector out of the frame budget.

Now and then the collector scans every object it tracks, in one go. The
program's own objects (windows, menus, fonts, the atlas: some 21,000 after
start-up) live until it quits, yet each full collection scanned them again:
5 to 14 ms inside a frame that was already counting probabilities.
``freeze_long_lived`` moves them out of the collector's sight after start-up
(gc.freeze), so a full collection scans only what came later: under 1 ms
in Demo games (docs/BENCHMARKS.md, "Hints without a stall").

The guide viewer freezes the lines it lays out too, and lets the collector see
everything again when it closes (``thaw``), so that a closed page can go; a
few frames later, once the page is gone, what is alive is frozen again.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass

SETTLE_FRAMES = 30  # frames after a thaw before what is alive is frozen again


@dataclass
class _Settling:
    frames_left: int | None = None  # counting down to the next freeze, None when none is due
    started: bool = False  # freeze_long_lived was called: the program (not a test's app) runs this policy


_STATE = _Settling()


def freeze_long_lived() -> None:
    """Collect what is garbage now, then keep the collector off everything alive."""
    gc.collect()
    gc.freeze()
    _STATE.frames_left = None
    _STATE.started = True


def freeze_alive() -> None:
    """Keep the collector off everything alive now, with no collection first (cheap, for work under way)."""
    gc.freeze()


def thaw() -> None:
    """Let the collector see every object again; freeze again SETTLE_FRAMES frames
    later if the program froze what start-up made (apps made by tests do not)."""
    gc.unfreeze()
    if _STATE.started:
        _STATE.frames_left = SETTLE_FRAMES


def tick() -> None:
    """Every frame: freeze again once a thaw has had time to let go of what it was for."""
    if _STATE.frames_left is None:
        return
    _STATE.frames_left -= 1
    if _STATE.frames_left <= 0:
        freeze_long_lived()

"""The program's end of a game's path (amigasweeper/play/ending.py): where
finished games are kept, and how the player is told and asked."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from amigasweeper.play import Desk, EndQueue
from amigasweeper.play.end_worker import EndWorker
from amigasweeper.play.ending import InFrame
from amigasweeper.records import GameKeeper

if TYPE_CHECKING:
    from ..host import Host


def end_queue(app: Host, interactive: bool) -> EndQueue:
    """The queue every finished game of this program goes through. It waits
    while the board still ripples, so the end is seen before it is asked about.
    A player's run on the desktop writes in a worker thread; the browser (no
    threads) and headless or scripted runs (the same frames every time) in
    the frames."""
    storage = app.storage
    settings = lambda: storage.settings  # noqa: E731 - the settings are replaced, not changed, on each save
    app.session.player_name = lambda: settings().player_name or settings().last_name
    desk = Desk(
        GameKeeper.for_backend(storage.backend),
        storage,
        tell=lambda text: app.commands.tell("Saved Data", [text]),
        ask_name=lambda *asked: app.commands.ask_name(*asked),
        best_times_changed=lambda: app.commands.open_best_times(),
    )
    runner = EndWorker() if interactive and sys.platform != "emscripten" else InFrame()
    queue = EndQueue(desk, app.clock, may_run=lambda: not app.mine_window.canvas.rippling, runner=runner)
    app.session.on_end = queue.put_game
    return queue

"""The command's own streams and signals: results alone on standard output, SIGTERM heard as Ctrl-C.

While a run plays, whatever writes to standard output (Ray's messages about
a node that died, its log lines, a library's prints, a process started
meanwhile that inherits the descriptor) goes to standard error instead:
``chatter_to_stderr`` points descriptor 1 at descriptor 2 for the run and
back afterwards, so ``--json`` prints one JSON object and nothing else.

``terminated_as_interrupt`` makes SIGTERM (a scheduler ending a job, ``kill``)
raise ``KeyboardInterrupt`` as Ctrl-C does, so the run stops its tables and
prints what was played; ``Terminated.received`` says which signal it was.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator


@contextlib.contextmanager
def chatter_to_stderr() -> Iterator[None]:
    """Standard output (the descriptor, and Python's stream) goes to standard error until the block ends."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no standard output at all: nothing to keep clean
        yield
        return
    try:
        os.dup2(2, 1)
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        with contextlib.suppress(Exception):
            sys.stderr.flush()
        os.dup2(saved, 1)
        os.close(saved)


class Terminated:
    """Whether SIGTERM ended the run (its exit status is then 143, 128 + SIGTERM, not Ctrl-C's 130)."""

    received = False


@contextlib.contextmanager
def terminated_as_interrupt() -> Iterator[type[Terminated]]:
    """SIGTERM raises KeyboardInterrupt in the main thread for the block (elsewhere it is left alone)."""
    Terminated.received = False
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGTERM"):
        yield Terminated
        return

    def interrupt(signum, frame) -> None:
        Terminated.received = True
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield Terminated
    finally:
        signal.signal(signal.SIGTERM, previous)

"""The keeper: the one process, besides the tables, that holds the seed.

The coordinator starts it first and hands it the run's setup; when the run
has no seed of its own, the keeper makes the secret one. Each table is
started with nothing but its pipes, and the keeper writes the setup into
the table's setup pipe itself, so the seed never passes through the
coordinator, which could not start a replacement table otherwise (a table
that died takes its copy with it). The coordinator asks for the seed once
the games are over, to print it with the results.

Like the tables, the keeper is non-dumpable from its first line, and bots
never run in it.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import replace
from multiprocessing.connection import Connection

from .processes import forbid_memory_reads, ignore_interrupts, on_parent_exit

SEED_PLEASE = "seed"  # the coordinator's request for the seed, at the end of the run


def secret_seed() -> int:
    """A seed nobody can guess: boards follow from the seed by a public method."""
    return secrets.randbits(63)


def main(conn: Connection) -> None:
    """The keeper's entry point (``multiprocessing.Process`` target).

    It reads the setup (a ``table.Setup`` whose config's seed may be None),
    then requests: a ``Connection`` (a new table's setup pipe) gets the
    setup written into it; ``SEED_PLEASE`` answers the seed; None (or the
    pipe's end) ends it.
    """
    forbid_memory_reads()
    ignore_interrupts()
    on_parent_exit(lambda: os._exit(0))
    try:
        setup = conn.recv()
    except (EOFError, OSError):
        return
    if setup.config.seed is None:
        setup = replace(setup, config=replace(setup.config, seed=secret_seed()))
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        if request == SEED_PLEASE:
            conn.send(setup.config.seed)
            continue
        table_end = request
        try:
            table_end.send(setup)
        except OSError:
            pass  # the table died before it read its setup: the coordinator sees it go
        table_end.close()

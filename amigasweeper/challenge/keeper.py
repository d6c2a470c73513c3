"""The keeper: the one process, besides the tables, that holds the seed.

The coordinator starts it first and hands it the run's setup; when the run
has no seed of its own, the keeper makes a fresh one, or reads the secret
one from where the operator put it (``seeds.SecretSeed``: a file or its
environment, which the coordinator never reads), and says whether it could. Each table is
started with nothing but its pipes, and the keeper writes the setup into
the table's setup pipe itself, so the seed never passes through the
coordinator, which could not start a replacement table otherwise (a table
that died takes its copy with it). The coordinator asks for the seed once
the games are over, to print it with the results; a secret one is never
told.

A table on a cluster node is never given the seed: for each game it is
handed, the keeper seals the game's key for that table alone (see
``envelope``), and the coordinator passes on the envelope, which it cannot
open.

Like the tables, the keeper is non-dumpable from its first line, and bots
never run in it. ``KeeperHandle`` is the coordinator's side of it.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection

from .challenge_game import ChallengeError
from .envelope import EnvelopeError, Sealer
from .processes import (
    forbid_memory_reads,
    ignore_interrupts,
    interrupts_held,
    on_parent_exit,
    spawn_context,
)
from .seeds import SecretSeed, SeedError, seed_digest

SEED_PLEASE = "seed"  # the coordinator's request for the seed, at the end of the run
DIGEST_PLEASE = "digest"  # its request for the seed's digest (a secret seed's, for the run's manifest)
STOP_WAIT = 5.0  # seconds the keeper gets to leave before it is killed


@dataclass(frozen=True)
class SealPlease:
    """The coordinator's request for game ``game``'s key, sealed for the table whose half is ``table``."""

    table: int
    game: int


def secret_seed() -> int:
    """A seed nobody can guess: boards follow from the seed by a public method."""
    return secrets.randbits(63)


def main(conn: Connection) -> None:
    """The keeper's entry point (``multiprocessing.Process`` target).

    It reads the setup (a ``table.Setup`` whose config's seed may be None)
    and where a secret seed is (a ``SecretSeed``, or None), answers "" or why
    that seed cannot be used, then requests: a ``Connection`` (a new
    table's setup pipe) gets the setup written into it; ``SEED_PLEASE`` answers the seed (None when
    secret), ``DIGEST_PLEASE`` its salted digest (what a resumed run's secret seed is checked against, see
    ``seeds.SecretSeed``); None (or the pipe's end) ends it.
    """
    forbid_memory_reads()
    ignore_interrupts()
    on_parent_exit(lambda: os._exit(0))
    try:
        setup, secret = conn.recv(), conn.recv()
    except (EOFError, OSError):
        return
    hidden = secret is not None and setup.config.seed is None  # a secret seed is never told
    setup = _seeded(conn, setup, secret)
    if setup is None:
        return
    sealers: dict[int, Sealer] = {}  # a keyed table's half -> the keeper's side of their agreement
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        if request == SEED_PLEASE:
            conn.send(None if hidden else setup.config.seed)
            continue
        if request == DIGEST_PLEASE:
            conn.send(seed_digest(setup.config.seed))
            continue
        if isinstance(request, SealPlease):
            conn.send(_seal(sealers, setup.config.seed, request))
            continue
        table_end = request
        try:
            table_end.send(setup)
        except OSError:
            pass  # the table died before it read its setup: the coordinator sees it go
        table_end.close()


def _seeded(conn: Connection, setup, secret: SecretSeed | None):
    """The setup with its seed (the given one, the secret one read, or a fresh one), after telling the
    coordinator "" or why the secret one cannot be used (None then)."""
    if setup.config.seed is None:
        try:
            seed = secret.read() if secret is not None else secret_seed()
        except SeedError as error:
            conn.send(str(error))
            return None
        setup = replace(setup, config=replace(setup.config, seed=seed))
    conn.send("")
    return setup


def _seal(sealers: dict[int, Sealer], seed: int, request: SealPlease) -> tuple[int, bytes] | str:
    """(the keeper's half, the envelope), or why the table's half was refused."""
    try:
        sealer = sealers.get(request.table)
        if sealer is None:
            sealer = sealers[request.table] = Sealer(seed, request.table)
        return sealer.seal(request.game)
    except EnvelopeError as refused:
        return str(refused)


class KeeperHandle:
    """The coordinator's side of the keeper process."""

    def __init__(self, setup, secret: SecretSeed | None = None) -> None:
        """Start the keeper with ``setup``; ``secret``: where it reads the run's secret seed (when
        ``setup``'s config has none). ChallengeError when that seed cannot be read or is too short."""
        context = spawn_context()
        self.conn, child = context.Pipe()
        self.process = context.Process(target=main, args=(child,), name="amigasweeper keeper")
        with interrupts_held():
            self.process.start()
        child.close()
        self.conn.send(setup)
        self.conn.send(secret)
        try:
            failure = self.conn.recv()
        except (EOFError, OSError):
            failure = "the keeper process ended before it had the seed"
        if failure:
            self.stop()
            raise ChallengeError(failure)

    def hand_setup(self, table_end: Connection) -> None:
        """Have the keeper write the setup into a new table's setup pipe (this process never reads it)."""
        with contextlib.suppress(OSError):  # a keeper that has gone leaves the table without: it ends
            self.conn.send(table_end)
        table_end.close()

    def seal(self, table: int, game: int) -> tuple[int, bytes]:
        """Game ``game``'s key sealed for the keyed table whose half is ``table``."""
        try:
            self.conn.send(SealPlease(table, game))
            answer = self.conn.recv()
        except (EOFError, OSError):
            raise EnvelopeError("the keeper has gone") from None
        if isinstance(answer, str):
            raise EnvelopeError(answer)
        return answer

    def seed(self) -> int | None:
        return self._ask(SEED_PLEASE)

    def digest(self) -> str:
        """The seed's salted digest ("" when the keeper has gone)."""
        return self._ask(DIGEST_PLEASE) or ""

    def _ask(self, request: str):
        try:
            self.conn.send(request)
            return self.conn.recv()
        except (EOFError, OSError):
            return None

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            self.conn.send(None)
        self.process.join(STOP_WAIT)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()

"""A bot's worker process: it loads one bot and plays the games its table starts.

The worker knows only what the bot may know: the board size, the number of
bombs, the shape, and the answers to the bot's own moves. The layout lives
in the table's process, on the other side of the pipe; nothing here could
compute it (the worker is never told the seed or the game's number).

On POSIX the table starts it as a program of its own (``main_fds``), inside
the sandbox when there is one (see ``sandbox``), with its two pipe ends as
inherited descriptors; on Windows through ``multiprocessing``
(``main_connection``). Either way the first message says which bot to load,
with the sys.path to load it from, the limits to set first and whether to
load the system-call filter itself (unsealed; sealed, bubblewrap has).
"""

from __future__ import annotations

import json
import os
import sys
from multiprocessing.connection import Connection

from amigasweeper.engine import Shape

from . import protocol, syscalls
from .bot_session import Answer, accepts_shape, last_line, play_session
from .challenge_game import ChallengeError, RuleViolation
from .channel import Channel
from .harness import load_player
from .limits import set_limits
from .processes import (
    die_with_parent,
    ignore_interrupts,
    on_parent_exit,
    own_process_group,
)
from .protocol import ANSWER, MOVE, MessageKind

ANSWER_KIND = MessageKind.ANSWER.value
MOVE_KIND = MessageKind.MOVE.value


def main_fds(read_fd: int, write_fd: int, parent: int) -> None:
    """The POSIX entry point: ``parent`` is the table's process id (outside any sandbox)."""
    die_with_parent(parent)
    run(Channel((read_fd, write_fd)))


def main_connection(connection: Connection) -> None:
    """The Windows entry point (a ``multiprocessing.Process`` target)."""
    on_parent_exit(lambda: os._exit(0))
    run(Channel(connection))


def run(conn: Channel) -> None:
    ignore_interrupts()
    own_process_group()
    _keep_stdout_clean()
    conn.send(MessageKind.BOOTED.value)  # the table now puts this process in its group, then says hello
    try:
        hello = json.loads(conn.recv())
    except EOFError:
        return
    sys.path[:] = hello["path"]
    spec, user = hello["spec"], hello["user"]
    failure = set_limits(hello["memory_mb"], hello["processes"], hello["file_mb"])
    if not failure and hello["filter"]:
        try:
            syscalls.apply(hello.get("one_process", False))
        except syscalls.FilterUnavailable as error:
            failure = str(error)
    if failure:
        conn.send(protocol.load_failed(failure))
        return
    try:
        player = load_player(spec)
    except ChallengeError as error:
        conn.send(protocol.load_failed(str(error) + _account_hint(user)))
        return
    except BaseException as error:  # noqa: BLE001 - a bot's import may raise anything
        conn.send(protocol.load_failed(f"cannot load {spec!r}: {last_line(error)}{_account_hint(user)}"))
        return
    conn.send(MessageKind.READY.value)
    tells_shape = accepts_shape(player)
    send = _sender(conn)
    while True:
        try:
            message = conn.recv()
        except EOFError:
            return  # the table has closed: the run is over
        size, bombs, shape = protocol.read_start(message)
        result = play_session(player, size, bombs, Shape.saved(shape) if tells_shape else None, send,
                              clock=None, losing=(BaseException,))
        conn.send(protocol.done(result.error))  # the referee keeps the time


def _account_hint(user: str) -> str:
    if not user:
        return ""
    return (f" (started by root, the bots run with the rights of the user {user}, each as a user id of its own: "
            "the bot's files and every folder above them must be readable by all users)")


def _sender(conn: Channel):
    """``send`` for the session: one move out, one answer back, a few bytes each way."""
    send_bytes, recv_bytes, pack = conn.send, conn.recv, MOVE.pack
    bad_move = MessageKind.BAD_MOVE.value

    def send(row: object, col: object, mark: bool) -> Answer | RuleViolation:
        try:
            message = pack(MOVE_KIND, row, col, mark)
        except Exception:  # noqa: BLE001 - not whole numbers, or too big to be a cell: the referee refuses it
            message = bad_move
        send_bytes(message)
        reply = recv_bytes()
        if reply[:1] == ANSWER_KIND:
            return ANSWER.unpack(reply)[1:]
        return protocol.read_refused(reply)

    return send


def _keep_stdout_clean() -> None:
    """Send a bot's prints to stderr, so the run's table or JSON on stdout stays whole."""
    try:
        sys.stdout.flush()
        os.dup2(2, 1)
    except (OSError, ValueError, AttributeError):
        pass
    sys.stdout = sys.stderr

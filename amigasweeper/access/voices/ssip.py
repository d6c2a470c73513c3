"""speech-dispatcher, spoken to directly in its own protocol (SSIP) over its
socket: one connection for the whole game, no process per line (`spd-say`
would be one), and no library needed.

Where the socket is: $SPEECHD_ADDRESS (``unix_socket:PATH`` or
``inet_socket:HOST:PORT``), else $XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock.
When no server listens there and the `speech-dispatcher` program is
installed, it is started as the speechd library does (``--spawn``), on the
voice's worker thread.

The exchange, as speech-dispatcher 0.11 answers it:

    SET self CLIENT_NAME user:amigasweeper:narrator   208 OK CLIENT NAME SET
    SET self NOTIFICATION end on                      220 OK NOTIFICATION SET
    SPEAK                                             230 OK RECEIVING DATA
    <the text>  .                                     225-<message id>  225 OK MESSAGE QUEUED
    CANCEL self                                       2xx
and, whenever they happen, events: 701 BEGIN, 702 END, 703 CANCELED, each
after two lines ``7xx-<message id>`` and ``7xx-<client id>``.
"""

from __future__ import annotations

import os
import re
import select
import socket
import subprocess
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .base import Clock
from .voice_thread import VoiceError, WorkerVoice

CONNECT_SECONDS = 3.0  # to reach a server, including one just spawned
REPLY_SECONDS = 2.0
SPAWN_SECONDS = 5.0
_FINISHED_EVENTS = ("702", "703")  # END, CANCELED
_INET = re.compile(r"inet_socket:([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]):([0-9]{1,5})")


@dataclass(frozen=True)
class Address:
    family: int
    target: str | tuple[str, int]

    def __str__(self) -> str:
        return str(self.target) if isinstance(self.target, str) else f"{self.target[0]}:{self.target[1]}"


def address(env: Mapping[str, str]) -> Address:
    """Where speech-dispatcher listens, by its own rules; VoiceError for a
    $SPEECHD_ADDRESS that is not of its form."""
    given = env.get("SPEECHD_ADDRESS", "").strip()
    if given:
        if given.startswith("unix_socket:") and len(given) > len("unix_socket:") and "\0" not in given:
            return Address(getattr(socket, "AF_UNIX", -1), given[len("unix_socket:"):])
        match = _INET.fullmatch(given)
        if match and 0 < int(match.group(2)) < 65536:
            return Address(socket.AF_INET, (match.group(1).strip("[]"), int(match.group(2))))
        raise VoiceError(f"SPEECHD_ADDRESS is {given[:60]!r}: it should be unix_socket:PATH or inet_socket:HOST:PORT")
    runtime = env.get("XDG_RUNTIME_DIR", "")
    if not runtime:
        raise VoiceError("speech-dispatcher's socket cannot be found: XDG_RUNTIME_DIR is not set")
    return Address(getattr(socket, "AF_UNIX", -1), str(Path(runtime) / "speech-dispatcher" / "speechd.sock"))


def escape(text: str) -> bytes:
    """The text as SSIP data: CRLF line ends, a line starting with a dot doubled
    (the text is already one line, so only its start can be a dot)."""
    line = text.replace("\r", " ").replace("\n", " ")
    if line.startswith("."):
        line = "." + line
    return line.encode("utf-8") + b"\r\n.\r\n"


class SSIPSession:
    def __init__(self, where: Address, spawn: str | None = None, clock: Clock = time.monotonic) -> None:
        self.where = where
        self.spawn = spawn  # the speech-dispatcher program, to start a server that is not running
        self.clock = clock
        self.sock: socket.socket | None = None
        self._buffer = b""
        self._current: str | None = None  # the message id being spoken

    # -------------------------------------------------------- connecting
    def _connect_once(self) -> socket.socket:
        if self.where.family == -1:
            raise VoiceError("speech-dispatcher's Unix socket is not available on this system")
        sock = socket.socket(self.where.family, socket.SOCK_STREAM)
        sock.settimeout(REPLY_SECONDS)
        try:
            sock.connect(self.where.target)
        except OSError:
            sock.close()
            raise
        return sock

    def _start_server(self, program: str) -> None:
        try:
            subprocess.run([program, "--spawn"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=SPAWN_SECONDS, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise VoiceError(f"speech-dispatcher did not start: {error}") from None

    def open(self) -> None:
        try:
            self.sock = self._connect_once()
        except OSError as first:
            if self.spawn is None:
                raise VoiceError(f"no speech-dispatcher answers at {self.where}: {first.strerror or first}") from None
            self._start_server(self.spawn)
            self.sock = self._retry(first)
        self.command("SET self CLIENT_NAME user:amigasweeper:narrator")
        self.command("SET self NOTIFICATION end on")
        self.command("SET self NOTIFICATION cancel on")

    def _retry(self, first: OSError) -> socket.socket:
        deadline = self.clock() + CONNECT_SECONDS
        while True:
            try:
                return self._connect_once()
            except OSError as error:
                if self.clock() >= deadline:
                    raise VoiceError(f"speech-dispatcher was started but does not answer at {self.where}: "
                                     f"{error.strerror or error}") from None
                select.select([], [], [], 0.1)

    # -------------------------------------------------------- the protocol
    def _connected(self) -> socket.socket:
        if self.sock is None:  # not opened, or closed: the worker never talks then
            raise VoiceError("speech-dispatcher is not connected")
        return self.sock

    def _read_line(self, wait: float) -> str | None:
        sock = self._connected()
        while b"\r\n" not in self._buffer:
            ready, _, _ = select.select([sock], [], [], wait)
            if not ready:
                return None
            chunk = sock.recv(4096)
            if not chunk:
                raise VoiceError("speech-dispatcher closed the connection")
            self._buffer += chunk
            if len(self._buffer) > 65536:
                raise VoiceError("speech-dispatcher sent a line too long to be SSIP")
        line, self._buffer = self._buffer.split(b"\r\n", 1)
        return line.decode("utf-8", "replace")

    def _read_message(self, wait: float) -> list[str] | None:
        """One whole reply or event (its lines, the last one 'NNN text')."""
        lines: list[str] = []
        while True:
            line = self._read_line(wait if not lines else REPLY_SECONDS)
            if line is None:
                if lines:
                    raise VoiceError("speech-dispatcher stopped in the middle of a reply")
                return None
            lines.append(line)
            if len(line) < 4 or not line[:3].isdigit():
                raise VoiceError(f"speech-dispatcher answered {line[:60]!r}, which is not SSIP")
            if line[3] != "-":
                return lines

    def _event(self, lines: list[str]) -> None:
        code = lines[-1][:3]
        message = lines[0][4:] if len(lines) > 1 else None
        if code in _FINISHED_EVENTS and message == self._current:
            self._current = None

    def _send(self, data: bytes) -> list[str]:
        try:
            self._connected().sendall(data)
        except OSError as error:
            raise VoiceError(f"speech-dispatcher went away: {error.strerror or error}") from None
        while True:
            lines = self._read_message(REPLY_SECONDS)
            if lines is None:
                raise VoiceError(f"speech-dispatcher did not answer within {REPLY_SECONDS:g} seconds")
            if lines[-1].startswith("7"):
                self._event(lines)
                continue
            if not lines[-1].startswith("2"):
                raise VoiceError(f"speech-dispatcher refused: {lines[-1][:80]}")
            return lines

    def command(self, text: str) -> list[str]:
        return self._send(text.encode("utf-8") + b"\r\n")

    # -------------------------------------------------------- the session
    def speak(self, text: str) -> None:
        self.command("SPEAK")
        reply = self._send(escape(text))
        self._current = reply[0][4:] if len(reply) > 1 else None

    def stop(self) -> None:
        self.command("CANCEL self")
        self._current = None

    def poll(self) -> bool | None:
        while (lines := self._read_message(0)) is not None:
            if lines[-1].startswith("7"):
                self._event(lines)
        return self._current is not None

    def close(self) -> None:
        sock, self.sock = self.sock, None
        if sock is not None:
            try:
                sock.sendall(b"QUIT\r\n")
            except OSError:
                pass
            sock.close()


def ssip_voice(env: Mapping[str, str] | None = None, spawn: str | None = None,
               clock: Clock = time.monotonic) -> WorkerVoice:
    where = address(os.environ if env is None else env)
    return WorkerVoice("speech-dispatcher", lambda: SSIPSession(where, spawn), clock)

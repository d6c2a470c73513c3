"""Fakes of the voices' programs and APIs: executables wrapping the scripts in
fake_programs/, a fake speech-dispatcher (SSIP on a socket), a fake speechd
module and a fake browser `js` module."""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
from pathlib import Path

import pytest

FAKES = Path(__file__).resolve().parent / "fake_programs"
needs_posix = pytest.mark.skipif(sys.platform == "win32", reason="the fake programs are shell-launched scripts")


def fake_program(tmp_path: Path, script: str, name: str) -> str:
    """An executable called ``name`` that runs fake_programs/``script`` with this Python."""
    path = tmp_path / name
    path.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{FAKES / script}" "$@"\n', encoding="utf-8")
    path.chmod(0o755)
    return str(path)


def read_log(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def wait_for(condition, seconds: float = 10.0):
    """Poll until ``condition()`` is true (the voices work on threads of their own)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError("gave up waiting")


class FakeSpeechDispatcher:
    """Answers SSIP as speech-dispatcher 0.11 does, on 127.0.0.1. A line stays
    'spoken' until the test calls ``finish``; CANCEL ends it at once."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.commands: list[str] = []
        self.spoken: list[str] = []
        self.connections = 0
        self._conn: socket.socket | None = None
        self._lock = threading.Lock()
        self._current: str | None = None
        self._next_id = 1
        threading.Thread(target=self._serve, daemon=True).start()

    @property
    def address(self) -> str:
        return f"inet_socket:127.0.0.1:{self.port}"

    def _send(self, text: str) -> None:
        with self._lock:
            if self._conn is not None:
                try:
                    self._conn.sendall(text.encode("utf-8"))
                except OSError:
                    pass  # the client went away: nothing to tell it

    def _event(self, code: str, name: str, message: str) -> None:
        self._send(f"{code}-{message}\r\n{code}-1\r\n{code} {name}\r\n")

    def finish(self) -> None:
        if self._current is not None:
            message, self._current = self._current, None
            self._event("702", "END", message)

    def hang_up(self) -> None:
        with self._lock:
            if self._conn is not None:
                try:
                    self._conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass  # the client has already gone
                self._conn.close()
                self._conn = None

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.connections += 1
            self._conn = conn
            with conn.makefile("rb") as reader:
                try:
                    self._talk(reader)
                except OSError:
                    pass  # the client went away
            self.hang_up()

    def _talk(self, reader) -> None:
        data: list[str] | None = None
        for raw in reader:
            line = raw.decode("utf-8").rstrip("\r\n")
            if data is not None:
                if line == ".":
                    self._queued("\n".join(data))
                    data = None
                else:
                    data.append(line[1:] if line.startswith("..") else line)
                continue
            self.commands.append(line)
            if line.startswith("SET self CLIENT_NAME"):
                self._send("208 OK CLIENT NAME SET\r\n")
            elif line.startswith("SET self NOTIFICATION"):
                self._send("220 OK NOTIFICATION SET\r\n")
            elif line == "SPEAK":
                data = []
                self._send("230 OK RECEIVING DATA\r\n")
            elif line == "CANCEL self":
                self._send("210 OK CANCELED\r\n")
                if self._current is not None:
                    message, self._current = self._current, None
                    self._event("703", "CANCELED", message)
            elif line == "QUIT":
                self._send("231 HAPPY HACKING\r\n")
                self.hang_up()
                return
            else:
                self._send("300 ERR UNKNOWN COMMAND\r\n")

    def _queued(self, text: str) -> None:
        message = str(self._next_id)
        self._next_id += 1
        self.spoken.append(text)
        self._current = message
        self._send(f"225-{message}\r\n225 OK MESSAGE QUEUED\r\n")
        self._event("701", "BEGIN", message)

    def close(self) -> None:
        self.hang_up()
        self.server.close()


class FakeSpeechdModule:
    """The parts of python3-speechd the voice uses."""

    class CallbackType:
        BEGIN, END, CANCEL = "begin", "end", "cancel"

    def __init__(self, refuse: str | None = None) -> None:
        self.refuse = refuse
        self.clients: list = []
        module = self

        class SSIPClient:
            def __init__(self, name, component="default", user="unknown"):
                if module.refuse:
                    raise OSError(module.refuse)
                self.name = (name, component, user)
                self.said: list[tuple[str, object, tuple]] = []
                self.cancels = 0
                self.closed = False
                module.clients.append(self)

            def speak(self, text, callback=None, event_types=None):
                self.said.append((text, callback, tuple(event_types)))

            def cancel(self):
                self.cancels += 1

            def close(self):
                self.closed = True

        self.SSIPClient = SSIPClient


class FakeNode:
    def __init__(self, document, tag: str) -> None:
        self.document, self.tag = document, tag
        self.attributes: dict[str, str] = {}
        self.children: list = []
        self.id = ""
        self.text = ""

    def setAttribute(self, name, value):
        self.attributes[name] = value

    def appendChild(self, child):
        self.children.append(child)
        if getattr(child, "id", ""):
            self.document.by_id[child.id] = child

    def replaceChildren(self, *children):
        self.children = list(children)
        self.document.announced.append("".join(c.text for c in children))


class FakeDocument:
    def __init__(self) -> None:
        self.by_id: dict[str, FakeNode] = {}
        self.announced: list[str] = []
        self.body = FakeNode(self, "body")

    def getElementById(self, name):
        return self.by_id.get(name)

    def createElement(self, tag):
        return FakeNode(self, tag)

    def createTextNode(self, text):
        node = FakeNode(self, "#text")
        node.text = text
        return node


class FakeSpeechSynthesis:
    def __init__(self) -> None:
        self.utterances: list[str] = []
        self.cancels = 0
        self.speaking = False
        self.pending = False

    def speak(self, utterance):
        self.utterances.append(utterance.text)
        self.speaking = True

    def cancel(self):
        self.cancels += 1
        self.speaking = self.pending = False


class FakeJs:
    """What Pyodide's `js` module offers the web voice: the page's globals."""

    def __init__(self, speech: bool = True) -> None:
        self.document = FakeDocument()
        if speech:
            self.speechSynthesis = FakeSpeechSynthesis()

        class Utterance:
            def __init__(self, text):
                self.text = text

            @classmethod
            def new(cls, text):
                return cls(text)

        self.SpeechSynthesisUtterance = Utterance

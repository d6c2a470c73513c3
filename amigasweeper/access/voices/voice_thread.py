"""A voice whose process or connection is owned by one thread of its own.

The game's thread only puts requests in a bounded queue (``speak``, ``stop``,
``close``) and reads a few flags: it never waits on a pipe, a socket or a
process starting (PowerShell takes about a second). The worker thread opens
the session, carries out the requests in order, asks the session every
POLL_SECONDS whether it is still speaking, and notices when it dies.

Desktop only: the browser has no threads (web.py speaks there).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import Protocol

from .base import Clock, SpeechEstimate

POLL_SECONDS = 0.05
REQUESTS_WAITING = 8
CLOSE_WAIT = 0.5  # seconds close() waits for the worker to let go


class VoiceError(Exception):
    """The session cannot speak (any more); the message says why."""


class SpeechSession(Protocol):
    """A back-end's process or connection, used on the worker thread only."""

    def open(self) -> None: ...

    def speak(self, text: str) -> None: ...

    def stop(self) -> None: ...

    def poll(self) -> bool | None:
        """Whether it is speaking, None when it cannot tell; raises VoiceError once dead."""

    def close(self) -> None: ...


class WorkerVoice:
    """``threaded`` False leaves the requests for pump() to carry out on the
    caller's thread, so tests can drive a voice by a fake clock, frame by frame."""

    cuts = True  # every session's stop() cuts its line off (espeak-ng's by a new process)

    def __init__(self, name: str, session: Callable[[], SpeechSession], clock: Clock = time.monotonic,
                 threaded: bool = True) -> None:
        self.name = name
        self._make_session = session
        self._estimate = SpeechEstimate(clock)
        self._requests: queue.Queue[tuple[str, str]] = queue.Queue(REQUESTS_WAITING)
        self._problem: str | None = None
        self._sent = 0  # speak requests made (the game's thread writes this)
        self._done = 0  # speak requests carried out (the worker writes this)
        self._reported: bool | None = None  # the session's last word on speaking
        self._session: SpeechSession | None = None
        self.dropped = 0  # requests dropped because the worker was too far behind
        self._lost_lines = 0  # of which lines to say
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, name=f"voice-{name}", daemon=True)
            self._thread.start()

    # ------------------------------------------------------ the game's thread
    @property
    def problem(self) -> str | None:
        return self._problem

    def _submit(self, request: tuple[str, str]) -> None:
        while True:
            try:
                self._requests.put_nowait(request)
                return
            except queue.Full:
                try:
                    verb, _ = self._requests.get_nowait()  # the oldest request is the stalest
                except queue.Empty:
                    continue
                self.dropped += 1
                self._lost_lines += verb == "say"

    def speak(self, text: str) -> None:
        self._estimate.started(text)
        self._sent += 1
        self._submit(("say", text))

    def stop(self) -> None:
        self._estimate.stopped()
        self._submit(("stop", ""))

    def speaking(self) -> bool:
        if self._problem is not None:
            return False
        if self._done + self._lost_lines < self._sent:
            return True  # still on its way to the session
        if self._reported is not None:
            return self._reported
        return self._estimate.speaking()

    def close(self) -> None:
        self._submit(("close", ""))
        if self._thread is None:
            self.pump()
            return
        self._thread.join(CLOSE_WAIT)
        if self._thread.is_alive() and self._session is not None:
            # Still starting (PowerShell) or stuck: let its process or socket go
            # from here; the worker then finds it gone and ends.
            self._session.close()

    # ------------------------------------------------------ the worker thread
    def _run(self) -> None:
        session, opened = None, False
        try:
            session = self._session = self._make_session()
            session.open()
            opened = True
            self._serve(session)
        except VoiceError as why:
            self._problem = str(why)
        except Exception as error:  # noqa: BLE001 - whatever the system says, Settings shows it
            self._problem = f"{self.name} {'stopped' if opened else 'did not start'}: {error}"
        finally:
            if session is not None:
                session.close()

    def _serve(self, session: SpeechSession) -> None:
        while self._serve_once(session, POLL_SECONDS):
            pass

    def _serve_once(self, session: SpeechSession, wait: float) -> bool:
        """One request (or none within ``wait``), then the session's word on
        speaking; False once told to close."""
        try:
            verb, text = self._requests.get(timeout=wait) if wait else self._requests.get_nowait()
        except queue.Empty:
            verb = ""
        if verb == "close":
            return False
        if verb == "say":
            self._reported = None
            session.speak(text)
            self._done += 1
        elif verb == "stop":
            session.stop()
        state = session.poll()
        if state is not None:
            self._reported = state
        return True

    # ------------------------------------------------------ without a thread
    def pump(self) -> None:
        """Unthreaded only: carry out every request waiting, on this thread."""
        if self._thread is not None or self._problem is not None:
            return
        try:
            if self._session is None:
                self._session = self._make_session()
                self._session.open()
            while True:
                more = not self._requests.empty()
                if not self._serve_once(self._session, 0):
                    self._session.close()
                    self._problem = f"{self.name} was closed"
                    return
                if not more:
                    return
        except VoiceError as why:
            self._problem = str(why)
        except Exception as error:  # noqa: BLE001 - as on the thread: Settings shows it
            self._problem = f"{self.name} stopped: {error}"

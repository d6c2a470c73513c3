"""Speech keeps up (issue 39): 15 cursor keys pressed 0.3 s apart, then still.
The last square must be heard within 3 s of the last press, and at most 4
square lines handed to the voice, whatever the back end.

Each back end is its real voice class and session (espeak-ng's, SAPI's and
macOS's line protocol, speech-dispatcher over SSIP and through its Python
module, the browser's Web Speech) with only its far end faked: a slow
speaker that takes 1.5 times the Narrator's own estimate for each line, by a
fake clock. The WorkerVoices run unthreaded (pump() each frame), so nothing
sleeps and nothing races.
"""

from __future__ import annotations

import base64
import socket

import pytest
from fakes import FakeClock
from voice_fakes import FakeJs

from amigasweeper.access.narrator import Line, LineKind, Narrator
from amigasweeper.access.voices import espeak as espeak_voice
from amigasweeper.access.voices.base import estimated_seconds
from amigasweeper.access.voices.lineproto import LineProtocolSession
from amigasweeper.access.voices.speechd_module import SpeechdModuleSession
from amigasweeper.access.voices.ssip import Address, SSIPSession
from amigasweeper.access.voices.voice_thread import WorkerVoice
from amigasweeper.access.voices.web import WebSpeechVoice

SLOWER = 1.5  # the speaker takes this many times the estimate
PRESSES, GAP = 15, 0.3
FRAME = 1 / 60


class Speaker:
    """The far end: says lines by the fake clock. ``queues``: a new line waits
    for the one being said (espeak-ng reading lines); else it cuts it off."""

    def __init__(self, clock: FakeClock, queues: bool) -> None:
        self.clock, self.queues = clock, queues
        self.heard: list[tuple[float, str]] = []  # when each line began to be heard
        self.end = 0.0
        self.on_end = None

    def say(self, text: str) -> None:
        now = self.clock()
        start = max(now, self.end) if self.queues else now
        self.heard.append((start, text))
        self.end = start + SLOWER * estimated_seconds(text)

    def stop(self) -> None:
        if not self.queues:
            self.end = self.clock()

    def cut(self) -> None:
        """The process ended: its line stops, and what it had been sent is gone."""
        now = self.clock()
        self.heard = [(at, text) for at, text in self.heard if at <= now]
        self.end = min(self.end, now)

    def speaking(self) -> bool:
        return self.clock() < self.end


class FakePipe:
    """A PipeProcess whose program is the Speaker: espeak-ng (lines said in turn)
    or the SAPI/macOS helper (say, stop, ask)."""

    def __init__(self, speaker: Speaker, helper: bool) -> None:
        self.speaker, self.helper = speaker, helper
        self.argv = ["espeak-ng", "--stdin"]
        self._replies: list[str] = []

    def start(self) -> None:
        pass

    def kill(self) -> None:
        self.speaker.cut()

    def wait_reply(self, timeout: float) -> str:
        return "ready"

    def send(self, line: str) -> None:
        if not self.helper:
            self.speaker.say(line)
            return
        verb, _, rest = line.partition(" ")
        if verb == "say":
            self.speaker.say(base64.b64decode(rest).decode("utf-8"))
        elif verb == "stop":
            self.speaker.stop()
        elif verb == "ask":
            self._replies.append("speaking" if self.speaker.speaking() else "idle")

    def replies(self) -> list[str]:
        found, self._replies = self._replies, []
        return found

    def check(self) -> None:
        pass

    def close(self) -> None:
        pass


class FakeSSIPSocket:
    """speech-dispatcher's end of the socket, answering at once: each reply is
    written to the other end of a socket pair, where the session reads it."""

    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self.mine, self.theirs = socket.socketpair()
        self.data: list[str] | None = None
        self.current: str | None = None
        self.next_id = 1

    def fileno(self) -> int:
        return self.mine.fileno()

    def recv(self, size: int) -> bytes:
        return self.mine.recv(size)

    def settimeout(self, seconds) -> None:
        pass

    def sendall(self, data: bytes) -> None:
        for line in data.decode("utf-8").split("\r\n")[:-1]:
            self._line(line)

    def _line(self, line: str) -> None:
        if self.data is not None:
            if line == ".":
                self._speak(" ".join(self.data))
                self.data = None
            else:
                self.data.append(line)
        elif line == "SPEAK":
            self.data = []
            self.theirs.sendall(b"230 OK RECEIVING DATA\r\n")
        elif line == "CANCEL self":
            self.speaker.stop()
            self.theirs.sendall(b"210 OK CANCELED\r\n")
            self._event("703", "CANCELED")
        else:
            self.theirs.sendall(b"208 OK\r\n")

    def _speak(self, text: str) -> None:
        self.current, self.next_id = str(self.next_id), self.next_id + 1
        self.speaker.say(text)
        self.theirs.sendall(f"225-{self.current}\r\n225 OK MESSAGE QUEUED\r\n".encode())

    def _event(self, code: str, name: str) -> None:
        if self.current is not None:
            message, self.current = self.current, None
            self.theirs.sendall(f"{code}-{message}\r\n{code}-1\r\n{code} {name}\r\n".encode())

    def tick(self) -> None:
        if self.current is not None and not self.speaker.speaking():
            self._event("702", "END")

    def close(self) -> None:
        self.mine.close()
        self.theirs.close()


class FakeSpeechd:
    """python3-speechd's SSIPClient over the Speaker: END callbacks by the clock."""

    class CallbackType:
        END, CANCEL = "end", "cancel"

    def __init__(self, speaker: Speaker) -> None:
        fake = self
        self.waiting = None

        class SSIPClient:
            def __init__(self, *args):
                pass

            def speak(self, text, callback=None, event_types=None):
                speaker.say(text)
                fake.waiting = callback

            def cancel(self):
                speaker.stop()
                if fake.waiting is not None:
                    fake.waiting, callback = None, fake.waiting
                    callback("cancel")

            def close(self):
                pass

        self.SSIPClient = SSIPClient
        self.speaker = speaker

    def tick(self) -> None:
        if self.waiting is not None and not self.speaker.speaking():
            self.waiting, callback = None, self.waiting
            callback("end")


class Backend:
    """A voice on a Speaker, and what each frame does besides the Narrator's update."""

    def __init__(self, voice, speaker: Speaker, tick=lambda: None) -> None:
        self.voice, self.speaker, self.tick = voice, speaker, tick

    def frame(self) -> None:
        self.tick()
        pump = getattr(self.voice, "pump", None)
        if pump is not None:
            pump()


def espeak(clock, monkeypatch) -> Backend:
    speaker = Speaker(clock, queues=True)  # reading its input, it says lines one after the other
    # Every process it starts (the first, and each one after a cut) is the Speaker.
    monkeypatch.setattr(espeak_voice, "PipeProcess", lambda name, argv: FakePipe(speaker, helper=False))
    return Backend(WorkerVoice("espeak-ng", lambda: espeak_voice.EspeakSession("espeak-ng"), clock,
                               threaded=False), speaker)


def helper(name: str):
    def make(clock, monkeypatch) -> Backend:
        speaker = Speaker(clock, queues=False)

        def session():
            made = LineProtocolSession(name, ["helper"], clock)
            made.pipe = FakePipe(speaker, helper=True)
            return made

        return Backend(WorkerVoice(name, session, clock, threaded=False), speaker)

    return make


def ssip(clock, monkeypatch) -> Backend:
    speaker = Speaker(clock, queues=False)
    fake = FakeSSIPSocket(speaker)

    def session():
        made = SSIPSession(Address(socket.AF_INET, ("127.0.0.1", 0)), clock=clock)
        made._connect_once = lambda: fake
        return made

    return Backend(WorkerVoice("speech-dispatcher", session, clock, threaded=False), speaker, fake.tick)


def speechd(clock, monkeypatch) -> Backend:
    speaker = Speaker(clock, queues=False)
    module = FakeSpeechd(speaker)
    voice = WorkerVoice("speech-dispatcher", lambda: SpeechdModuleSession(module), clock, threaded=False)
    return Backend(voice, speaker, module.tick)


def web(clock, monkeypatch) -> Backend:
    speaker = Speaker(clock, queues=False)

    class Synthesis:  # speechSynthesis: speak, cancel, and whether it is speaking
        pending = False

        def speak(self, utterance) -> None:
            speaker.say(utterance.text)

        def cancel(self) -> None:
            speaker.stop()

        @property
        def speaking(self) -> bool:
            return speaker.speaking()

    js = FakeJs()
    js.speechSynthesis = Synthesis()
    return Backend(WebSpeechVoice(js, clock), speaker)


def live_region(clock, monkeypatch) -> Backend:
    """The browser with no speech: a screen reader reads the live region whole."""
    speaker = Speaker(clock, queues=True)
    js = FakeJs(speech=False)
    voice = WebSpeechVoice(js, clock)
    region_said = voice.speak

    def speak(text: str) -> None:
        speaker.say(text)
        region_said(text)

    voice.speak = speak
    return Backend(voice, speaker)


BACKENDS = {"espeak-ng": espeak, "SAPI": helper("SAPI"), "macOS speech": helper("macOS speech"),
            "speech-dispatcher (SSIP)": ssip, "speech-dispatcher (speechd)": speechd, "Web Speech": web,
            "live region": live_region}


def frames(narrator: Narrator, backend: Backend, clock: FakeClock, seconds: float) -> None:
    end = clock.now + seconds
    while clock.now < end:
        narrator.update()
        backend.frame()
        clock.advance(FRAME)


@pytest.mark.parametrize("make", BACKENDS.values(), ids=BACKENDS.keys())
def test_fifteen_quick_presses_the_last_square_heard_at_once(make, monkeypatch):
    clock = FakeClock()
    backend = make(clock, monkeypatch)
    narrator = Narrator(backend.voice, clock=clock)
    try:
        for press in range(PRESSES):
            narrator.say(Line(LineKind.CURSOR, f"{chr(ord('A') + press)}5, covered"))
            last_press = clock.now
            frames(narrator, backend, clock, GAP)
        frames(narrator, backend, clock, 10)
        squares = [(at, text) for at, text in backend.speaker.heard if text.endswith("covered")]
        assert squares[-1][1] == "O5, covered", "the square the keys stopped on is said"
        assert squares[-1][0] - last_press <= 3.0, f"heard {squares[-1][0] - last_press:.2f} s after the last press"
        assert len(squares) <= 4, [text for _, text in squares]
        assert backend.voice.problem is None
    finally:
        narrator.close()


@pytest.mark.parametrize("make", BACKENDS.values(), ids=BACKENDS.keys())
def test_what_moves_did_is_never_dropped_among_quick_presses(make, monkeypatch):
    clock = FakeClock()
    backend = make(clock, monkeypatch)
    narrator = Narrator(backend.voice, clock=clock)
    try:
        results = []
        for press in range(PRESSES):
            narrator.say(LineKind.CURSOR, f"{chr(ord('A') + press)}5, covered")
            if press % 3 == 0:
                results.append(f"{chr(ord('A') + press)}5 marked, {99 - press} mines left")
                narrator.say(LineKind.RESULT, results[-1])
            frames(narrator, backend, clock, GAP)
        frames(narrator, backend, clock, 30)
        heard = [text for _, text in backend.speaker.heard]
        assert [text for text in heard if "marked" in text] == results
        assert heard[-1] == "O5, covered"
    finally:
        narrator.close()


def test_a_voice_that_cannot_be_cut_is_handed_nothing_while_it_speaks(monkeypatch):
    """The live region alone: never two lines at once, by the estimate."""
    clock = FakeClock()
    backend = live_region(clock, monkeypatch)
    narrator = Narrator(backend.voice, clock=clock)
    try:
        for item in ("Game menu, New, 1 of 10", "Beginner, 2 of 10", "Intermediate, 3 of 10", "Expert, 4 of 10"):
            narrator.say(LineKind.MENU, item)
            frames(narrator, backend, clock, 0.1)
        frames(narrator, backend, clock, 10)
        heard = backend.speaker.heard
        assert [text for _, text in heard] == ["Game menu, New, 1 of 10", "Expert, 4 of 10"]
        starts = [at for at, _ in heard]
        assert starts[1] - starts[0] < SLOWER * estimated_seconds("Game menu, New, 1 of 10") + 0.1
    finally:
        narrator.close()

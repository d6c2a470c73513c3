"""Test doubles shared by the access tests: a clock and a voice that speaks
for as long as the Narrator's own estimate says, by that clock."""

from __future__ import annotations

from amigasweeper.access.voices.base import SpeechEstimate


class FakeClock:
    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class FakeVoice:
    """Says each line for estimated_seconds of fake time; records what it did."""

    name = "fake"
    cuts = True

    def __init__(self, clock: FakeClock) -> None:
        self.estimate = SpeechEstimate(clock)
        self.said: list[str] = []
        self.stops = 0
        self.closed = False
        self.problem: str | None = None

    def speak(self, text: str) -> None:
        self.said.append(text)
        self.estimate.started(text)

    def stop(self) -> None:
        self.stops += 1
        self.estimate.stopped()

    def speaking(self) -> bool:
        return self.estimate.speaking()

    def close(self) -> None:
        self.closed = True

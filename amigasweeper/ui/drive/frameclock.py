"""The clock of a scripted run: time as frames shown, the same on every
machine and in a window."""

from __future__ import annotations

FPS = 60


class FrameClock:
    """Seconds as the frames counted so far make them (the app counts each update)."""

    def __init__(self) -> None:
        self.frames = 0

    def __call__(self) -> float:
        return self.frames / FPS

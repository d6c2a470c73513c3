"""What the voice uses of speech-dispatcher's own Python module (speechd,
Debian's python3-speechd), which has no type hints: the module itself, or a
stand-in in the tests, is checked against these."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class SpeechdClient(Protocol):
    """The parts of speechd.SSIPClient the voice uses."""

    def speak(self, text: str, callback: Callable[..., None], event_types: tuple[object, ...]) -> object: ...

    def cancel(self) -> object: ...

    def close(self) -> object: ...


class CallbackKinds(Protocol):
    """speechd.CallbackType: the events a line's callback is asked for."""

    @property
    def END(self) -> object: ...

    @property
    def CANCEL(self) -> object: ...


class SpeechdModule(Protocol):
    """The parts of the speechd module the voice uses (the library has no type hints)."""

    def SSIPClient(self, name: str, component: str, user: str) -> SpeechdClient: ...

    @property
    def CallbackType(self) -> CallbackKinds: ...

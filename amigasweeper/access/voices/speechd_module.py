"""speech-dispatcher through its own Python module (`speechd`, Debian's
python3-speechd), when this Python can import it: the library keeps one
connection and tells us when each line ends."""

from __future__ import annotations

import time

from .base import Clock
from .speechd_api import SpeechdClient, SpeechdModule
from .voice_thread import VoiceError, WorkerVoice


class SpeechdModuleSession:
    def __init__(self, module: SpeechdModule) -> None:
        self.module = module
        self.client: SpeechdClient | None = None
        self._current: object | None = None  # a token for the line being spoken

    def open(self) -> None:
        try:
            self.client = self.module.SSIPClient("amigasweeper", "narrator", "user")
        except Exception as error:  # noqa: BLE001 - the library raises its own kinds
            raise VoiceError(f"speech-dispatcher (speechd module) did not connect: {error}") from None

    def speak(self, text: str) -> None:
        token = self._current = object()

        def finished(event, *args, **kwargs) -> None:  # called on the library's own thread
            if self._current is token:
                self._current = None

        kinds = self.module.CallbackType
        self._connected().speak(text, callback=finished, event_types=(kinds.END, kinds.CANCEL))

    def stop(self) -> None:
        self._current = None
        self._connected().cancel()

    def _connected(self) -> SpeechdClient:
        if self.client is None:  # open() failed or was not called: the worker never speaks then
            raise VoiceError("speech-dispatcher (speechd module) is not connected")
        return self.client

    def poll(self) -> bool | None:
        return self._current is not None

    def close(self) -> None:
        if self.client is not None:
            self.client.close()


def speechd_module_voice(module: SpeechdModule, clock: Clock = time.monotonic) -> WorkerVoice:
    return WorkerVoice("speech-dispatcher", lambda: SpeechdModuleSession(module), clock)

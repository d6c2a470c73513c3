"""Finding a voice at run time. Every voice is optional: when none can speak,
``find_voice`` says why, in words Settings can show.

Where each system's voice is looked for, in order:

- Linux and the BSDs: speech-dispatcher through its Python module (speechd),
  else through its socket (SSIP), else espeak-ng reading lines on its input;
- Windows: SAPI, through one Windows PowerShell;
- macOS: the system voice, through one osascript;
- the browser: the Web Speech API, and an ARIA live region.

The voice found is a chain: if the first one dies (a speech-dispatcher that
will not start, say), the next one on the list takes over, and only when the
last has died does the chain report a problem, with every reason.
"""

from __future__ import annotations

import importlib
import os
import shutil
import sys
import time
from collections.abc import Callable, Mapping

from .base import Clock, NoVoice, Voice
from .speechd_api import SpeechdModule

Factory = Callable[[], Voice]  # raises VoiceError or NoVoice when it cannot even begin
Which = Callable[[str], str | None]  # a program's path, as shutil.which finds it
Candidates = tuple[list[tuple[str, Factory]], list[str]]  # the voices to try in order, and why others are missing


class ChainVoice:
    """The first voice of a list that works, moving on as each one dies."""

    def __init__(self, candidates: list[tuple[str, Factory]], reasons: list[str]) -> None:
        self._candidates = list(candidates)
        self.reasons = list(reasons)
        self.current: Voice | None = None
        self._next()

    def _next(self) -> None:
        self.current = None
        while self._candidates:
            label, make = self._candidates.pop(0)
            try:
                self.current = make()
                return
            except Exception as why:  # noqa: BLE001 - VoiceError, NoVoice, whatever the system says
                self.reasons.append(f"{label}: {why}")

    def _alive(self) -> Voice | None:
        while self.current is not None and self.current.problem is not None:
            self.reasons.append(self.current.problem)
            self.current.close()
            self._next()
        return self.current

    @property
    def name(self) -> str:
        voice = self._alive()
        return voice.name if voice is not None else "none"

    @property
    def cuts(self) -> bool:
        voice = self._alive()
        return voice is None or voice.cuts

    @property
    def problem(self) -> str | None:
        if self._alive() is not None:
            return None
        return "; ".join(self.reasons) or "no voice"

    def speak(self, text: str) -> None:
        voice = self._alive()
        if voice is not None:
            voice.speak(text)

    def stop(self) -> None:
        voice = self._alive()
        if voice is not None:
            voice.stop()

    def speaking(self) -> bool:
        voice = self._alive()
        return voice is not None and voice.speaking()

    def close(self) -> None:
        if self.current is not None:
            self.current.close()
        self._candidates.clear()


def _linux(which: Which, env: Mapping[str, str], import_module: Callable[[str], SpeechdModule],
           clock: Clock) -> Candidates:
    candidates: list[tuple[str, Factory]] = []
    reasons: list[str] = []
    try:
        module = import_module("speechd")
    except ImportError:
        reasons.append("the speechd Python module is not installed")
    else:
        from .speechd_module import speechd_module_voice

        candidates.append(("speech-dispatcher (speechd)", lambda: speechd_module_voice(module, clock)))
    from .ssip import ssip_voice

    spawn = which("speech-dispatcher")
    has_socket = bool(env.get("SPEECHD_ADDRESS")) or (
        bool(env.get("XDG_RUNTIME_DIR")) and os.path.exists(os.path.join(env["XDG_RUNTIME_DIR"], "speech-dispatcher")))
    if spawn or has_socket:
        candidates.append(("speech-dispatcher", lambda: ssip_voice(env, spawn, clock)))
    else:
        reasons.append("speech-dispatcher is not installed")
    espeak = which("espeak-ng") or which("espeak")
    if espeak:
        from .espeak import espeak_voice

        candidates.append(("espeak-ng", lambda: espeak_voice(espeak, clock)))
    else:
        reasons.append("espeak-ng is not installed")
    return candidates, reasons


def _windows(which: Which, clock: Clock) -> Candidates:
    program = which("powershell.exe") or which("powershell")
    if not program:
        return [], ["Windows PowerShell (powershell.exe), which speaks through SAPI, was not found"]
    from .lineproto import sapi_voice

    candidates: list[tuple[str, Factory]] = [("SAPI", lambda: sapi_voice(program, clock))]
    return candidates, []


def _mac(which: Which, clock: Clock) -> Candidates:
    program = which("osascript")
    if not program:
        return [], ["osascript, which speaks through the system voice, was not found"]
    from .lineproto import mac_voice

    candidates: list[tuple[str, Factory]] = [("macOS speech", lambda: mac_voice(program, clock))]
    return candidates, []


def find_voice(
    platform: str = sys.platform,
    which: Which = shutil.which,
    env: Mapping[str, str] | None = None,
    import_module: Callable[[str], SpeechdModule] = importlib.import_module,
    clock: Clock = time.monotonic,
) -> Voice:
    """The voice of this system, or NoVoice saying why there is none."""
    env = os.environ if env is None else env
    candidates: list[tuple[str, Factory]]
    reasons: list[str]
    if platform == "emscripten":
        from .web import WebSpeechVoice

        candidates, reasons = [("Web Speech", WebSpeechVoice)], []
    elif platform == "win32":
        candidates, reasons = _windows(which, clock)
    elif platform == "darwin":
        candidates, reasons = _mac(which, clock)
    else:
        candidates, reasons = _linux(which, env, import_module, clock)
    chain = ChainVoice(candidates, reasons)
    if chain.current is None:
        raise NoVoice("no voice: " + "; ".join(chain.reasons))
    return chain

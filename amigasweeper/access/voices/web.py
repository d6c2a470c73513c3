"""The browser's voice: the Web Speech API, and an ARIA live region beside the
canvas that a screen reader reads out as well. Through Pyodide's `js` module;
no threads and nothing that waits (speechSynthesis queues by itself)."""

from __future__ import annotations

import time
from typing import Any

from .base import Clock, SpeechEstimate

LIVE_REGION_ID = "amigasweeper-narration"
# Kept out of sight but not out of the accessibility tree (display:none would be).
VISUALLY_HIDDEN = ("position:absolute;width:1px;height:1px;margin:-1px;padding:0;"
                   "overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0")


def _missing(value: Any) -> bool:
    """None, or JavaScript's null or undefined as Pyodide hands them over."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined") or str(value) in ("null", "undefined")


class WebSpeechVoice:
    name = "Web Speech"

    def __init__(self, window: Any = None, clock: Clock = time.monotonic) -> None:
        if window is None:
            import js  # Pyodide's view of the page (no stubs: the type checker's settings let it be)

            window = js
        self.window = window
        self._problem: str | None = None
        # With the live region alone, lines are paced as a screen reader would say them.
        self._estimate = SpeechEstimate(clock)
        synth = getattr(window, "speechSynthesis", None)
        self.synth = None if _missing(synth) else synth
        try:
            self.region = self._live_region()
        except Exception as error:  # noqa: BLE001 - a page without a body, a JavaScript error
            self.region = None
            self._problem = f"the page has no place for the narration: {error}"
        if self.synth is None and self.region is None:
            self._problem = "this browser has no speech (Web Speech API) and the page no live region"
        # speechSynthesis.cancel() cuts a line off; a live region alone is read out
        # whole by the screen reader, so it is paced by the estimate instead.
        self.cuts = self.synth is not None

    def _live_region(self) -> Any:
        document = self.window.document
        region = document.getElementById(LIVE_REGION_ID)
        if _missing(region):
            region = document.createElement("div")
            region.id = LIVE_REGION_ID
            region.setAttribute("role", "status")
            region.setAttribute("aria-live", "polite")
            region.setAttribute("style", VISUALLY_HIDDEN)
            document.body.appendChild(region)
        return region

    @property
    def problem(self) -> str | None:
        return self._problem

    def speak(self, text: str) -> None:
        try:
            if self.region is not None:
                # A fresh node each time, so a line said twice is announced twice.
                self.region.replaceChildren(self.window.document.createTextNode(text))
            self._estimate.started(text)
            if self.synth is not None:
                self.synth.speak(self.window.SpeechSynthesisUtterance.new(text))
        except Exception as error:  # noqa: BLE001 - JavaScript errors are not OSError
            self._problem = f"the browser refused to speak: {error}"

    def stop(self) -> None:
        if self.synth is not None:
            try:
                self.synth.cancel()
            except Exception as error:  # noqa: BLE001
                self._problem = f"the browser refused to stop speaking: {error}"

    def speaking(self) -> bool:
        if self._problem is not None:
            return False
        if self.synth is None:
            return self._estimate.speaking()
        return bool(self.synth.speaking) or bool(self.synth.pending)

    def close(self) -> None:
        self.stop()

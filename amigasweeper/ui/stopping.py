"""Ctrl-C (SIGINT) and SIGTERM end the program within a second, whatever it
is doing.

The handler only notes the signal: the next frame saves the settings and
exits with 128 + the signal's number (130, 143), as shells expect. A frame
comes 60 times a second, but the program might be inside a call that does
not return (a file system that hangs, a library waiting on the network).
So the handler also starts a watchdog: if the program is still running
STOP_GRACE seconds later, it ends at once with the same status, and a
C-level timer (faulthandler's, which needs no Python lock) ends it a little
later still if even the watchdog cannot run.
"""

from __future__ import annotations

import faulthandler
import os
import signal
import sys
import threading

STOP_GRACE = 0.8  # seconds from the signal to the watchdog's exit
_LAST_RESORT = 1.0  # seconds: faulthandler's exit, for a process stuck inside C code


class StopRequests:
    SIGNALS = ("SIGINT", "SIGTERM")

    def __init__(self) -> None:
        self.signum: int | None = None

    def install(self) -> None:
        if sys.platform == "emscripten":
            return  # a web page gets no signals
        for name in self.SIGNALS:
            number = getattr(signal, name, None)
            if number is not None:
                signal.signal(number, self._note)

    def _note(self, signum: int, frame: object) -> None:
        first = self.signum is None
        self.signum = signum
        if first:
            self._arm_watchdog(128 + signum)

    def _arm_watchdog(self, status: int) -> None:
        def end() -> None:
            sys.stderr.write("amigasweeper: stopped while busy\n")
            sys.stderr.flush()
            os._exit(status)

        timer = threading.Timer(STOP_GRACE, end)
        timer.daemon = True
        timer.start()
        try:  # where the program was stuck goes to stderr: worth a bug report
            faulthandler.dump_traceback_later(_LAST_RESORT, exit=True, file=sys.stderr)
        except (OSError, RuntimeError, ValueError, AttributeError):
            pass  # no usable stderr: the watchdog above is all there is

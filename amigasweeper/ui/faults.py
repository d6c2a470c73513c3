"""No exception escapes the frame loop.

A fault in a frame's update or draw is caught here: its traceback is written
to a report file (``amigasweeper-fault-<time>.txt`` in the data folder; to
stderr when there is no folder, as in headless runs and the browser), one
line goes to stderr, and a requester tells the player what happened, where,
and which file to send with a report. The game goes on with the next frame.

Only ``Exception`` is caught: SystemExit (the way a signal ends the program)
and KeyboardInterrupt pass.
"""

from __future__ import annotations

import datetime
import sys
import traceback
from collections.abc import Callable
from pathlib import Path

from amigasweeper import __version__

REPORT_TO = "the AmigaSweeper authors"
MAX_REPORT_FILES = 5  # a fault in every frame writes only a few files
TITLE = "Software Failure"


def where(error: BaseException) -> str:
    """The innermost place the error came from, as ``file.py:line``."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return "an unknown place"
    last = frames[-1]
    return f"{Path(last.filename).name}:{last.lineno}"


def summary(error: BaseException) -> str:
    text = str(error)
    text = text if len(text) <= 60 else text[:57] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def write_report(error: BaseException, folder: Path | None, now: datetime.datetime) -> Path | None:
    """Write the traceback to a new report file in ``folder``; its path, or
    None if there is no folder or it cannot be written (the traceback then
    goes to stderr)."""
    text = f"AmigaSweeper {__version__}, Python {sys.version.split()[0]}, {sys.platform}\n\n"
    text += "".join(traceback.format_exception(error))
    written = _write_new(folder, f"amigasweeper-fault-{now:%Y%m%d-%H%M%S}", text) if folder is not None else None
    if written is None:
        print(text, file=sys.stderr, end="")
    return written


def _write_new(folder: Path, stem: str, text: str) -> Path | None:
    """The text in a new file named from ``stem`` (then stem-2 .. stem-99,
    never over another); None if none can be written."""
    for number in range(1, 100):
        suffix = "" if number == 1 else f"-{number}"
        path = folder / f"{stem}{suffix}.txt"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with open(path, "x", encoding="utf-8") as file:
                file.write(text)
            return path
        except FileExistsError:
            continue
        except OSError:
            break
    return None


class FaultGuard:
    """Runs a frame's steps, turning any Exception into a report.

    ``tell(title, paragraphs)`` shows a requester; ``showing()`` says whether
    our requester is still open (a fault in every frame opens only one);
    ``folder`` gives the data folder for report files."""

    def __init__(
        self,
        tell: Callable[[str, list[str]], None],
        showing: Callable[[], bool],
        folder: Callable[[], Path | None],
        now: Callable[[], datetime.datetime] = datetime.datetime.now,
    ) -> None:
        self._tell = tell
        self._showing = showing
        self._folder = folder
        self._now = now
        self.faults: list[str] = []  # "summary at place" of each fault caught
        self.reports: list[Path] = []

    def run(self, step: Callable[[], None]) -> bool:
        """Run one step; False if it raised (and was reported)."""
        try:
            step()
        except Exception as error:  # noqa: BLE001 - this is the one place that catches all
            self.caught(error)
            return False
        return True

    def caught(self, error: Exception) -> None:
        what, place = summary(error), where(error)
        self.faults.append(f"{what} at {place}")
        report = None
        if len(self.reports) < MAX_REPORT_FILES and not self._showing():
            report = write_report(error, self._folder(), self._now())
            if report is not None:
                self.reports.append(report)
        if report is not None:
            print(f"amigasweeper: unexpected {what} at {place}; details are in {report}", file=sys.stderr)
        if self._showing():
            return
        paragraphs = [
            "Something unexpected went wrong; the game goes on.",
            f"{what} at {place}.",
            f"Please report it to {REPORT_TO} with the file {report}."
            if report
            else f"Please report it to {REPORT_TO} with what the program printed.",
        ]
        try:
            self._tell(TITLE, paragraphs)
        except Exception:  # noqa: BLE001 - telling failed too: stderr has it
            pass

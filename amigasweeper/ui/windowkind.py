"""The kinds of window the app's registered controls open (windowcontrol.py),
one control each: a menu opens a window by its kind, never by naming the
control that opens it (``open_window`` of the app)."""

from __future__ import annotations

from enum import Enum


class WindowKind(Enum):
    """The windows the app's registered controls open, one control each."""

    HELP_VIEWER = "help viewer"
    DUEL = "duel"
    STATISTICS = "statistics"
    REPLAY = "replay"
    PALETTE = "palette"
    INFORMATION = "information"
    WORKBENCH = "workbench"

"""The clock rule lives in amigasweeper/play/clock.py (pyxel-free); the
windows that hold the clock name their reasons from here as before."""

from amigasweeper.play.clock import WINDOW_REASONS, PauseReason, PauseReasons

__all__ = ["WINDOW_REASONS", "PauseReason", "PauseReasons"]

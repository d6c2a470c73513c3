"""The Narrator: the line queue (what interrupts, what waits), the narration
log, and the loop that hands lines to a voice without ever blocking."""

from .lines import QUEUE_LIMIT, Line, LineKind, Policy, speakable

__all__ = ["QUEUE_LIMIT", "Line", "LineKind", "Policy", "speakable"]

"""The Narrator: the line queue (what interrupts, what waits), the narration
log, and the loop that hands lines to a voice without ever blocking."""

from .lines import QUEUE_LIMIT, Line, LineKind, Policy, speakable
from .log import NarrationLog
from .narrator import Narrator
from .queue import LineQueue

__all__ = ["QUEUE_LIMIT", "Line", "LineKind", "LineQueue", "NarrationLog", "Narrator", "Policy", "speakable"]

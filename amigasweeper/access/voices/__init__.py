"""The system voices the Narrator speaks through, found at run time
(find.py), each one long-lived process or connection."""

from .base import NoVoice, SpeechEstimate, Voice
from .find import ChainVoice, find_voice

__all__ = ["ChainVoice", "NoVoice", "SpeechEstimate", "Voice", "find_voice"]

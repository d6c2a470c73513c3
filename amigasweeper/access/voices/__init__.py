"""The system voices the Narrator speaks through, found at run time
(find_voice.py), each one long-lived process or connection."""

from .base import NoVoice, SpeechEstimate, Voice
from .find_voice import ChainVoice, find_voice

__all__ = ["ChainVoice", "NoVoice", "SpeechEstimate", "Voice", "find_voice"]

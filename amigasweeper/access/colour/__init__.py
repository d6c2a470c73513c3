"""Colours that colour-blind players can tell apart, measured rather than
guessed: simulate the deficiency (Machado, Oliveira & Fernandes 2009), then
measure the difference (CIEDE2000)."""

from .ciede2000 import delta_e_2000
from .vision import Deficiency, lab, seen_as

__all__ = ["Deficiency", "delta_e_2000", "lab", "seen_as"]

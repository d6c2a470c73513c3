"""AmigaSweeper: MineSweeper 2.4 for the Amiga, recreated with Pyxel."""

__version__ = "0.1.0"

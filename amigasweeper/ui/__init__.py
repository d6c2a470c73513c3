"""The screen: the only package that imports pyxel.

The Workbench toolkit (intuition/: screens, windows, gadgets, menus,
requesters, knowing nothing of the game), the program's windows built on
it (game/, stats/, replay/, duel/, helpviewer/, ...) and the App that runs
them in Pyxel's frame loop (app.py). Everything below it, the pyxel-free
core, never imports it: tests/test_architecture.py holds the contract.

Importing this package imports nothing else: a pure-Python tool can reach
amigasweeper.ui.intuition.dospattern, say, without starting Pyxel.
"""

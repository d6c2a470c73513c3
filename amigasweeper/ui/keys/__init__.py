"""The program's keys that reach across windows: F10 walks the menus, F9
cycles the windows, Tab lights gadgets (keyboardcontrol.py; the pieces are in
ui/intuition); and Pyxel's own shortcuts kept from acting (issue 40): an SDL
event filter on Linux (sdlfilter.py), Pyxel's restart refused and its
captures kept out of the program's folder elsewhere (restart.py)."""

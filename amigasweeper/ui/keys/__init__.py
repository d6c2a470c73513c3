"""The program's keys that reach across windows: F10 walks the menus, F9
cycles the windows, Tab lights gadgets (the pieces are in ui/intuition)."""

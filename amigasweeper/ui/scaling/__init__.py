"""Whole pixels, always: the window shows the Amiga screen scaled by a whole
number (rule.py decides which), on the desktop (desktop.py, through SDL) and
in the browser (page.py, through the web page's own script); pixels.py puts
them together for the program."""

"""`amigasweeper --text`: the game in a terminal, one line in and one line
out, for players whose screen reader reads a terminal best.

Another front end of play/, beside the window: pure Python, never pyxel.

``cli``       the command line, the loop, the end of the program
``reader``    the player's lines, read in a thread, whatever they hold
``commands``  what a line asks for, and the help
``game``      TextGame: a line in, one line out, through play/ and its Narrator
``choosing``  the commands the window has as menu items, saved as it saves them
"""

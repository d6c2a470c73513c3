"""`amigasweeper --text`: the game in a terminal, one line in and one line
out, for players whose screen reader reads a terminal best.

Another front end of play/, beside the window: pure Python, never pyxel.

``cli``          the command line, the loop, the end of the program
``reader``       the player's lines, read in a thread, whatever they hold
``commands``     what a line asks for, and the help
``game``         TextGame: a line in, one line out, through play/ and its Narrator
``choosing``     the commands the window has as menu items, saved as it saves them
``host``         what the command groups below need of TextGame
``assisting``    hint, safe, known mines, odds and the Demo, through play/assist
``stats_text``   the statistics, a labelled line a row
``manualpages``  the AmigaGuide manual as plain text, its links numbered
``dueltext``     a Duel, hot-seat or against the computer
``pager``        long answers a page at a time (`next`)

Line history: the text mode reads standard input itself, in a thread, and
brings in no line editor (GNU readline would put a GPL library in the
executable, and it cannot serve a reading thread). A terminal's own line
editing works as ever; `!!` repeats the last command; a player who wants
the arrow keys' history runs it under rlwrap.
"""

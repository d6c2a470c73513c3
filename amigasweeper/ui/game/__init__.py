"""The MineSweeper window: the board, its header, hints, menus, commands and requesters."""

"""Source text shared by the hostile bots of several test modules: each bot is a module of its own."""

MARK_ALL = '''
def mark_all(board_size, number_of_bombs, board, make_move):
    for cell in range(board_size * board_size):
        _, lose, win = make_move(cell // board_size, cell % board_size, True)
        if lose or win:
            return
'''

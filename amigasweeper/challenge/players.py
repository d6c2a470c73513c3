"""Two challenge players: the reference ``solver`` and a ``naive`` one to compare with.

Both take the harness's optional ``shape`` keyword, so they play square and
hexagonal boards as well as the seed's triangles.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from amigasweeper.engine import COVERED, Shape, Topology, make_topology
from amigasweeper.solver import Knowledge, Player

from .challenge_game import BOMB, UNKNOWN, MoveReply

MakeMove = Callable[[int, int, bool], MoveReply]


# ----------------------------------------------------------------- reference
class _TrackedKnowledge(Knowledge):
    """The solver's Knowledge, also queueing every bomb it proves.

    The challenge is won only by marking every bomb, so each one the solver
    finds must become a ``make_move(..., True)``. Hooking the single place
    bombs are recorded is O(1) per bomb, where rescanning the board after each
    move would cost O(cells) a move.
    """

    def __init__(self, topology: Topology, mines: int) -> None:
        super().__init__(topology, mines)
        self.found: list[int] = []  # proved bombs not yet marked on the board
        self.bombs_known = 0

    def set_mine(self, cell: int) -> None:
        if self.cells[cell] == COVERED:
            self.found.append(cell)
            self.bombs_known += 1
        super().set_mine(cell)


class _SolverGame:
    """Plays one challenge game with the solver's Player deciding every uncover."""

    def __init__(self, topology: Topology, bombs: int, board: Sequence[int], make_move: MakeMove) -> None:
        self.width = topology.width
        self.bombs = bombs
        self.board = board
        self.make_move = make_move
        self.knowledge = _TrackedKnowledge(topology, bombs)
        self.decider = Player(self.knowledge)
        self._read_board()

    def _read_board(self) -> None:
        # Normally all UNKNOWN; reading it anyway lets the player resume a game.
        for cell, value in enumerate(self.board):
            if value == BOMB:
                self.knowledge.set_mine(cell)
            elif value != UNKNOWN:
                self.knowledge.reveal(cell, value)
        self.knowledge.found.clear()  # bombs already on the board are marked (or the game is over)

    def play(self) -> None:
        knowledge = self.knowledge
        while True:
            if self._mark_found() or not knowledge.unknown:
                return  # over, or handed a board with nothing left to do
            if self.bombs - knowledge.bombs_known == len(knowledge.unknown):
                # Every cell left is a bomb. Player.decide only ever picks a
                # square to uncover (with none left it raises), so mark them here.
                for cell in sorted(knowledge.unknown):
                    knowledge.set_mine(cell)
                continue
            if not self._uncover(self.decider.decide().cell):
                return

    def _mark_found(self) -> bool:
        """Mark every proved bomb; True when the game is over."""
        found = self.knowledge.found
        while found:
            row, col = divmod(found.pop(), self.width)
            _, lose, win = self.make_move(row, col, True)
            if lose or win:
                return True
        return False

    def _uncover(self, cell: int) -> bool:
        """Play one cell (nothing else opens); False when it was a bomb."""
        row, col = divmod(cell, self.width)
        _, lose, _ = self.make_move(row, col, False)
        if lose:
            return False
        self.knowledge.reveal(cell, self.board[cell])
        return True


def solver(board_size: int, number_of_bombs: int, board: Sequence[int], make_move: MakeMove,
           shape: Shape | str = Shape.TRIANGLE) -> None:
    """The reference player: every proved cell, then the solver's best guess.

    Known-safe cells are played one call each (the board never opens a cell by
    itself), every proved bomb is marked, and when nothing is certain the
    solver's guess chooser (exact probabilities, endgame search) picks the
    cell. The first move goes in a corner: with no information every cell is
    equally risky, and a corner has the fewest neighbours, so most often shows
    a 0 that proves its neighbours safe.
    """
    topology = make_topology(shape, board_size, board_size)
    _SolverGame(topology, number_of_bombs, board, make_move).play()


# --------------------------------------------------------------------- naive
def naive(board_size: int, number_of_bombs: int, board: Sequence[int], make_move: MakeMove,
          shape: Shape | str = Shape.TRIANGLE) -> None:
    """A deliberately simple player, the yardstick for the reference one.

    It looks at one number at a time: when the bombs already shown around it
    account for the number, its other unknown neighbours are played; when its
    unknown neighbours are exactly the bombs still missing, they are marked.
    Otherwise it plays a random unknown cell. Its random order is fixed by the
    board's size and bomb count, so a run can be repeated.
    """
    neighbours = make_topology(shape, board_size, board_size).neighbours
    order = list(range(board_size * board_size))
    random.Random(f"naive:{board_size}:{number_of_bombs}").shuffle(order)
    next_guess = 0
    todo: list[int] = []  # numbers whose surroundings changed since last looked at

    def move(cell: int, mark: bool) -> bool:
        """Make one move; True when the game is over. Queues the numbers it affects."""
        _, lose, win = make_move(*divmod(cell, board_size), mark)
        todo.extend(n for n in neighbours[cell] if board[n] >= 0)
        if board[cell] >= 0:
            todo.append(cell)
        return lose or win

    while True:
        while todo:
            cell = todo.pop()
            unknown = [n for n in neighbours[cell] if board[n] == UNKNOWN]
            if not unknown:
                continue
            missing = board[cell] - sum(1 for n in neighbours[cell] if board[n] == BOMB)
            if missing in (0, len(unknown)):
                for n in unknown:
                    if board[n] == UNKNOWN and move(n, mark=missing > 0):
                        return
        while board[order[next_guess]] != UNKNOWN:
            next_guess += 1
        if move(order[next_guess], mark=False):
            return

"""`amigasweeper` and `python -m amigasweeper`: start the game."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from amigasweeper.ui.app import run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())

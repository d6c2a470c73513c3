"""`amigasweeper` and `python -m amigasweeper`: start the game."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if "--check" in args:
        # The guide linter: pure Python, no window, so pyxel is not imported.
        from amigasweeper.guide.lint import main as check

        return check(args)
    from amigasweeper.ui.app import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())

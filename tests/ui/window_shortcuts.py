"""Pyxel's own shortcuts against the program in a real window, pressed as a
player's keys through XTEST (window_input.py): run by
test_shortcuts_window.py under xvfb-run.

    python tests/ui/window_shortcuts.py OUT_DIR SCENARIO

SCENARIO is one of:
- filtered: the program as launch.py starts it on Linux (SDL's events
  filtered, Pyxel's restart refused, the data folder current). Every Alt
  shortcut of Pyxel's, each pressed as one chord (Alt and the key within
  the same frame, the way Pyxel acts on it) and as a player presses it;
  then Right-Amiga chords quicker than a frame; then Right-Amiga-X and -Q
  in a string gadget; then Alt-Enter, full screen and back.
- unfiltered: as where no filter can be set (Windows, macOS): Pyxel's
  Alt-R, Alt-1 and Alt-9 as one chord, with only the restart guard and the
  data folder current.
- launched: the program itself (`python -m amigasweeper --script`, shown in
  the window) playing a game for ten seconds, while Pyxel's Alt-R, Alt-1,
  Alt-3 and Alt-Shift-0 are pressed on the keyboard, each as one chord.

It prints one JSON object: the process, what each step changed, the files
that appeared (in the program's folder, the folder it was started in and
the data folder), and whether the window shows the framebuffer whole.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from window_capture import compare, framebuffer_rows, read_xwd
from window_input import FakeInput

RESTARTED = "AMIGASWEEPER_TEST_STARTED_BY"  # set by the first run: a second one was started by Pyxel
STEP_FRAMES = 3
SOURCE_UI = Path(__file__).resolve().parents[2] / "amigasweeper" / "ui"
DIGIT_COMPLETIONS = {"1": "all_mines", "2": "all_non_mines", "3": "both", "4": "either"}


def files_in(*folders: Path) -> set[str]:
    return {str(p) for folder in folders if folder.exists() for p in folder.rglob("*")
            if "__pycache__" not in p.parts and not p.name.endswith((".lock", ".tmp"))}


class Hands:
    def __init__(self, app, pilot, out_dir: Path) -> None:
        self.app, self.pilot, self.keys, self.out_dir = app, pilot, FakeInput(), out_dir

    def step(self, frames: int = STEP_FRAMES) -> None:
        """Frames as pyxel.run makes them: the events (and typed text) Pyxel
        takes in with each flip reach the next update (the Pilot, for scripts,
        clears typed text after each flip instead)."""
        import pyxel

        for _ in range(frames):
            self.app.update()
            self.app.draw()
            pyxel.flip()

    def together(self, *names: str) -> None:
        """Keys pressed and let go within one frame: Pyxel sees them as one chord."""
        for name in names:
            self.keys.key(name, True)
        for name in reversed(names):
            self.keys.key(name, False)
        self.step()

    def slowly(self, *names: str) -> None:
        """Keys pressed one after another, a few frames apart, then let go."""
        for name in names:
            self.keys.key(name, True)
            self.step()
        for name in reversed(names):
            self.keys.key(name, False)
            self.step()

    def corner(self) -> list[bytes]:
        import pyxel

        self.step(2)
        return corner_rows(pyxel)

    def shown_whole(self) -> bool:
        import pyxel

        self.step(4)
        window = self.app.pixels.window
        shot = self.out_dir / "shot.xwd"
        subprocess.run(["xwd", "-root", "-silent", "-out", str(shot)], check=True, timeout=60)
        (x, y), (w, h) = window.position(), window.size()
        _, rgb = read_xwd(shot, x, y, w, h)
        shot.unlink()
        shown = compare(rgb, w, h, framebuffer_rows(pyxel), pyxel.width, pyxel.height)
        return shown["wrong_picture_rows"] == 0 and shown["wrong_border_rows"] == 0


def corner_rows(pyxel) -> list[bytes]:
    """The screen's top left corner, where Pyxel's performance monitor draws."""
    return [row[: 48 * 3] for row in framebuffer_rows(pyxel)[:12]]


def completion(app) -> str:
    return app.commands.choices.completion.value


def start_game(hands: Hands) -> None:
    """A first click on the board, and half a second of play."""
    pilot = hands.pilot
    hands.keys.move(*desktop(hands.app, *pilot.cell_xy(pilot.cell_at(3, 3))))
    hands.step()
    hands.keys.button(1, True)
    hands.step()
    hands.keys.button(1, False)
    hands.step(30)


def filtered(hands: Hands, report: dict) -> None:
    app = hands.app
    start_game(hands)
    game, moves, seconds = app.game, len(app.game.moves), app.game.seconds
    # Pyxel's Alt shortcuts that are no key of the program's (Right-Amiga-1 to
    # -4, with Shift or without, are Completion's, which starts a new game: below).
    for names in (("Alt_L", "8"), ("Alt_L", "9"), ("Alt_L", "0"), ("Alt_L", "Shift_L", "0"),
                  ("Alt_L", "Shift_L", "8"), ("Alt_R", "Shift_R", "9")):
        hands.together(*names)
        hands.slowly(*names)
    report["shown_whole"] = hands.shown_whole()
    report["same_game"] = app.game is game and len(app.game.moves) == moves and app.game.seconds > seconds
    steps = report["steps"] = []
    for press in (hands.together, hands.slowly):
        for digit in ("1", "3", "4", "2"):
            press("Alt_L", digit)  # Right-Amiga-1 to -4: Completion (each starts a new game)
            steps.append({"keys": f"Alt-{digit}", "together": press == hands.together, "got": completion(app),
                          "wanted": DIGIT_COMPLETIONS[digit]})
        game = app.game
        for key, mode in (("r", "hires"), ("l", "lowres")):
            press("Alt_L", key)  # Right-Amiga-R: PAL HighRes, -L: LowRes (the game goes on)
            steps.append({"keys": f"Alt-{key.upper()}", "together": press == hands.together, "got": app.screen_mode.value,
                          "wanted": mode})
        steps.append({"keys": "game kept through Alt-R", "got": app.game is game, "wanted": True})
    for digit in "1234567":
        hands.together("Alt_L", "Shift_L", digit)  # Pyxel's image banks written out
    report["quick_taken"] = quick(hands)
    text_field(hands, report)
    full_screen(hands, report)


def full_screen(hands: Hands, report: dict) -> None:
    """Alt-Enter, the program's own now that Pyxel never sees Alt: full screen and back."""
    from amigasweeper.ui.scaling.fullscreen import FULL_SCREEN

    states = [FULL_SCREEN.is_on()]
    for _ in range(2):
        hands.slowly("Alt_L", "Return")
        hands.step(10)
        states.append(FULL_SCREEN.is_on())
    report["full_screen"] = states


def quick(hands: Hands) -> list[bool]:
    """Right-Amiga chords quicker than a frame: Alt and the key down and up
    with no frame between, so Alt is let go before the frame is read."""
    app, taken = hands.app, []
    for digit in "1342" * 5:
        for name, down in (("Alt_L", True), (digit, True), (digit, False), ("Alt_L", False)):
            hands.keys.key(name, down)
        hands.step()
        taken.append(completion(app) == DIGIT_COMPLETIONS[digit])
    return taken


def text_field(hands: Hands, report: dict) -> None:
    app = hands.app
    hands.slowly("Alt_L", "c")  # Custom...
    requester = app.requesters[-1]
    hands.slowly("Tab")  # the Width gadget
    gadget = requester.active_gadget
    texts = {"start": gadget.text}
    for name in ("BackSpace", "BackSpace", "1", "2"):
        hands.slowly(name)
    texts["typed"] = gadget.text
    hands.slowly("Alt_L", "x")
    texts["after_x"] = gadget.text
    hands.together("Alt_L", "x")
    texts["after_x_together"] = gadget.text
    hands.slowly("Alt_L", "q")
    texts["after_q"] = gadget.text
    hands.slowly("Alt_R", "x")
    texts["after_right_alt_x"] = gadget.text
    hands.together("Alt_L", "q")
    texts["after_q_together"] = gadget.text
    report["text"] = texts
    report["still_open"] = not requester.closed


def unfiltered(hands: Hands, report: dict) -> None:
    app = hands.app
    start_game(hands)
    game, moves = app.game, len(app.game.moves)
    hands.together("Alt_L", "r")  # Pyxel's restart, refused
    hands.step(10)
    report["same_game"] = app.game is game and len(app.game.moves) == moves and not app.game.status.over
    hands.together("Alt_L", "1")  # Pyxel's screenshot, into the data folder
    hands.step(10)
    corner = hands.corner()
    for key in ("9", "0"):  # Pyxel's screen mode and performance monitor, undone the next frame
        hands.together("Alt_L", key)
        report[f"shown_whole_after_alt_{key}"] = hands.shown_whole()
        report[f"corner_kept_after_alt_{key}"] = hands.corner() == corner


def desktop(app, x: int, y: int) -> tuple[int, int]:
    window = app.pixels.window
    sw, sh = app.screen.w, app.screen.h
    (wx, wy), (ww, wh) = window.position(), window.size()
    k = max(1, min(ww // sw, wh // sh))
    left, top = wx + (ww - sw * k) // 2, wy + (wh - sh * k) // 2
    return left + x * k + k // 2, top + y * k + k // 2


LAUNCHED_SCRIPT = """cell 3 3
click left
wait 600
expect state playing
screenshot end.png
"""


def launched(out_dir: Path) -> dict:
    """The program started as a player starts it, Pyxel's chords pressed at it."""
    script, data = out_dir / "play.txt", out_dir / "data"
    script.write_text(LAUNCHED_SCRIPT, encoding="utf-8")
    watched = (SOURCE_UI, out_dir, Path.home())
    before = files_in(*watched)
    command = [sys.executable, "-m", "amigasweeper", "--script", str(script), "--seed", "5", "--data-dir", str(data)]
    # No pipes: a process Pyxel might start in the child's place would hold
    # them open; the child's own end is what is waited for.
    errors = out_dir / "stderr.txt"
    with errors.open("w") as stderr:
        child = subprocess.Popen(command, cwd=out_dir, stdout=subprocess.DEVNULL, stderr=stderr)
    begun = time.monotonic()
    hands = FakeInput()
    time.sleep(4)  # the window open and the game begun
    started = child.poll() is None
    for names in (("Alt_L", "r"), ("Alt_L", "1"), ("Alt_L", "3"), ("Alt_L", "Shift_L", "0")):
        for name in names:
            hands.key(name, True)
        for name in reversed(names):
            hands.key(name, False)
        time.sleep(0.3)
    child.wait(timeout=120)
    report = {"running_when_pressed": started, "returncode": child.returncode, "seconds": time.monotonic() - begun,
              "played_to_the_end": (out_dir / "end.png").exists()}  # when the child ended, not after
    time.sleep(2)  # a process started in its place would write now
    report.update(new_files=sorted(files_in(*watched) - before), stderr=errors.read_text()[-2000:])
    return report


def main(out_dir: Path, scenario: str) -> int:
    if scenario == "launched":
        print(json.dumps(launched(out_dir)))
        return 0
    if os.environ.get(RESTARTED):
        print(json.dumps({"restarted_by": os.environ[RESTARTED], "pid": os.getpid()}))
        return 0
    os.environ[RESTARTED] = str(os.getpid())
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from amigasweeper.engine import LevelName
    from amigasweeper.ui.app import App
    from amigasweeper.ui.display import check_display, init_pyxel
    from amigasweeper.ui.drive.pilot import Pilot
    from amigasweeper.ui.intuition.modes import ScreenMode
    from amigasweeper.ui.keys import restart, sdlfilter
    from amigasweeper.ui.launch import guard_pyxel_shortcuts
    from amigasweeper.ui.window_options import Options

    started_in = Path.cwd()
    data = out_dir / "data"
    init_pyxel(ScreenMode.LOWRES.size, title="AmigaSweeper", fps=60, headless=False, usable=check_display())
    if scenario == "filtered":
        guard_pyxel_shortcuts(headless=False)
    else:
        guard = restart.RestartGuard()
        guard.install()
    app = App(Options(seed=5, level=LevelName.BEGINNER, data_dir=data))
    restart.keep_captures_in(data)
    watched = (SOURCE_UI, started_in, data, Path.home())  # Pyxel saves on the desktop folder where there is one
    before = files_in(*watched)
    report = {"pid": os.getpid(), "filter": sdlfilter.installed() is not None, "cwd": os.getcwd()}
    hands = Hands(app, Pilot(app), out_dir)
    hands.step(10)
    started = time.monotonic()
    (filtered if scenario == "filtered" else unfiltered)(hands, report)
    report["seconds"] = time.monotonic() - started
    report["new_files"] = sorted(files_in(*watched) - before)
    if scenario != "filtered":
        report["refused"] = guard.refused
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2]))

"""Issue 31's three reproductions of a broken switch back to LowRes, played
in a real window by a player's keys and mouse (window_input.py's XTEST):
run by test_screen_modes_window.py under xvfb-run.

    python tests/ui/window_modes.py OUT_DIR SCENARIO

SCENARIO is one of:
- shrink: Settings > Screen Mode > PAL HighRes from the menus with the mouse, the pointer
  over the face, then Right-Amiga-L (Alt-L);
- title_bar: a click on the game window's title bar, Right-Amiga-R, then
  Right-Amiga-L (Alt-R and Alt-L), as from `--level beginner`;
- mid_game: a game begun, the pointer over a covered square, Right-Amiga-R.

After each step it prints nothing but records a stage; at the end one JSON
object: the process, the screen mode, the framebuffer and window sizes, the
settings file's screen mode, the game's moves and clock, where Pyxel and the
system put the pointer and what is under each, and whether a capture of the
window equals the framebuffer at its whole scale. A program that started
itself again (Pyxel's own Alt-R did) says so and stops at once.
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
STEP_FRAMES = 3  # frames between a player's events, for SDL to take each in


class Player:
    """The program in its window, and a player's hands on it."""

    def __init__(self, app, pilot, hands: FakeInput, out_dir: Path) -> None:
        self.app, self.pilot, self.hands, self.out_dir = app, pilot, hands, out_dir
        self.window = app.pixels.window
        self.stages: list[dict] = []

    def _picture(self) -> tuple[int, int, int]:
        """Where the window shows the screen: its whole scale and the picture's
        top left corner on the X screen (centred, as integer_scale puts it)."""
        sw, sh = self.app.screen.w, self.app.screen.h
        (wx, wy), (ww, wh) = self.window.position(), self.window.size()
        k = max(1, min(ww // sw, wh // sh))
        return k, wx + (ww - sw * k) // 2, wy + (wh - sh * k) // 2

    def desktop(self, x: int, y: int) -> tuple[int, int]:
        k, left, top = self._picture()
        return left + x * k + k // 2, top + y * k + k // 2

    def system_pointer(self) -> tuple[int, int]:
        """The Amiga pixel under the system's pointer, as the window shows the screen."""
        (gx, gy), (k, left, top) = self.hands.pointer(), self._picture()
        return (gx - left) // k, (gy - top) // k

    def step(self, frames: int = STEP_FRAMES) -> None:
        self.pilot.step(frames)

    def move(self, x: int, y: int) -> None:
        self.hands.move(*self.desktop(x, y))
        self.step()

    def click(self, x: int, y: int, button: int = 1) -> None:
        self.move(x, y)
        self.hands.button(button, True)
        self.step()
        self.hands.button(button, False)
        self.step()

    def chord(self, qualifier: str, key: str) -> None:
        """A key with a qualifier held, as a player presses them: one, then the other."""
        self.hands.key(qualifier, True)
        self.step()
        self.hands.key(key, True)
        self.step()
        self.hands.key(key, False)
        self.step()
        self.hands.key(qualifier, False)
        self.step()

    def choose(self, menu_title: str, label: str, sub: str | None = None) -> None:
        """Hold the right button on the bar, go to the menu and the item (and
        across to its sub-item), let go."""
        strip = self.app.mine_window.menus
        index = next(i for i, m in enumerate(strip.menus) if m.title == menu_title)
        self.move(strip.title_x[index] + 2, 4)
        self.hands.button(3, True)
        self.step()
        box = next(b for b in strip.panels[index][3] if b.item.label == label)
        x, _, _, _ = strip.panel_rect(index)
        self.move(x + 20, box.y + 2)
        if sub is not None:
            self.step()
            panel = strip.sub_panel()
            self.move(panel.left + 4, box.y + 2)
            self.step()
            self.move(panel.left + 20, next(b for b in panel.boxes if b.item.label == sub).y + 2)
        self.hands.button(3, False)
        self.step()

    def under(self, x: int, y: int) -> str:
        """What a point of the screen shows: a square, the face, a window, the bar."""
        window = self.app.mine_window
        if window.field.visible and window.field.contains(x, y):
            return f"square {window.field.cell_under(x, y)}"
        if window.face_gadget.contains(x, y):
            return "face"
        hit = self.app.screen.hit(x, y)
        return type(hit).__name__ if hit is not None else "nothing"

    def stage(self, name: str) -> None:
        import pyxel

        self.step(6)
        app, game = self.app, self.app.game
        settings = json.loads((self.out_dir / "data" / "amigasweeper-settings.json").read_text())
        shot = self.out_dir / f"{name}.xwd"
        subprocess.run(["xwd", "-root", "-silent", "-out", str(shot)], check=True, timeout=60)
        (x, y), (w, h) = self.window.position(), self.window.size()
        _, rgb = read_xwd(shot, x, y, w, h)
        shot.unlink()
        shown = compare(rgb, w, h, framebuffer_rows(pyxel), pyxel.width, pyxel.height)
        system = self.system_pointer()
        self.stages.append({
            "name": name, "pid": os.getpid(), "wall": time.monotonic(), "mode": app.screen_mode.value,
            "framebuffer": [pyxel.width, pyxel.height], "window": [w, h], "scale": app.pixels.scale,
            "settings_mode": settings.get("screen_mode"), "game": id(game), "moves": len(game.moves),
            "seconds": game.seconds, "pyxel_pointer": [pyxel.mouse_x, pyxel.mouse_y], "system_pointer": list(system),
            "pyxel_over": self.under(pyxel.mouse_x, pyxel.mouse_y), "system_over": self.under(*system),
            "shown_whole": shown["wrong_picture_rows"] == 0 and shown["wrong_border_rows"] == 0,
        })


def shrink(player: Player) -> None:
    player.stage("start")
    player.choose("Settings", "Screen Mode", "PAL HighRes Laced 640x512")
    face = player.app.mine_window.face_gadget
    player.move(face.ax + 5, face.ay + 5)
    player.stage("hires")
    player.chord("Alt_L", "l")
    player.stage("lowres_again")


def title_bar(player: Player) -> None:
    window = player.app.mine_window
    player.click(window.ax + 40, window.ay + 4)
    player.stage("start")
    player.chord("Alt_L", "r")
    player.stage("hires")
    player.chord("Alt_L", "l")
    player.stage("lowres_again")


def mid_game(player: Player) -> None:
    pilot, game = player.pilot, player.app.game
    player.click(*pilot.cell_xy(pilot.cell_at(3, 3)))
    player.step(90)  # a second and a half of play
    covered = next(c for c in game.topology.cells() if not game.is_open(c))
    player.move(*pilot.cell_xy(covered))
    player.stage("playing")
    player.chord("Alt_L", "r")
    player.stage("hires")


SCENARIOS = {"shrink": shrink, "title_bar": title_bar, "mid_game": mid_game}


def main(out_dir: Path, scenario: str) -> int:
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
    from amigasweeper.ui.window_options import Options

    init_pyxel(ScreenMode.LOWRES.size, title="AmigaSweeper", fps=60, headless=False, usable=check_display())
    app = App(Options(seed=5, level=LevelName.BEGINNER, data_dir=out_dir / "data"))
    app.commands.save_settings()  # the settings file names the mode shown from the start
    player = Player(app, Pilot(app), FakeInput(), out_dir)
    player.step(10)
    SCENARIOS[scenario](player)
    print(json.dumps({"pid": os.getpid(), "stages": player.stages}))
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2]))

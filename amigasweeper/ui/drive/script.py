"""Scripted runs: `amigasweeper --headless --script FILE`.

One command a line; words are split as scriptwords.py says (a `#` where a
word would start begins a comment; quotes keep blanks and `#` in a word):

    move X Y              put the pointer at screen pixel X, Y
    cell COL ROW          put the pointer on the middle of a square
    press left|right      hold a mouse button down
    release left|right    let it go
    click left|right      press and release where the pointer is
    key NAME              press and release a key (P, M, 1, RETURN, F1, ...)
    key amiga NAME        the same with Right-Amiga held
    type TEXT             type text into the active string gadget ("#?.guide")
    wait N                let N frames pass
    screenshot PATH       save the screen as a PNG (PATH.png if PATH has no extension)
    expect face smile|oh|dead|sunglasses
    expect state ready|playing|won|lost|paused
    expect counter N      the mines-left counter
    expect timer N        the timer, in seconds
    quit                  end the run (also the end of the file)

The script must be a plain file (not a pipe or a device) of at most
SCRIPT_LIMIT bytes, in UTF-8; anything else is refused with one line.
"""

from __future__ import annotations

from pathlib import Path

import pyxel

from amigasweeper import plainfiles
from amigasweeper.engine.numbers import plain_int

from ..intuition.atlas import Face
from ..intuition.input import Button
from .pilot import Pilot
from .scriptwords import ScriptError, split_line

SCRIPT_LIMIT = 1 << 20  # bytes: a script of a thousand pages of commands is still under it
FACE_NAMES = {Face.SMILE: "smile", Face.OH: "oh", Face.DEAD: "dead", Face.COOL: "sunglasses"}


def _int(text: str, number: int, low: int | None = None, high: int | None = None) -> int:
    """A whole number in low..high (either end open when None)."""
    value = plain_int(text)
    if value is None:
        raise ScriptError(f"line {number}: {text!r} is not a whole number")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"{low} or more"
        raise ScriptError(f"line {number}: {value} must be {span}")
    return value


def screenshot_path(text: str, base: Path | None, number: int) -> Path:
    """Where a screenshot goes. Pyxel adds ".png" to a name without one; any
    other extension would become "shot.jpg.png", so it is refused."""
    path = Path(text)
    if path.suffix and path.suffix.lower() != ".png":
        raise ScriptError(f"line {number}: a screenshot is a PNG file; {text!r} ends in {path.suffix!r}")
    if base is not None and not path.is_absolute():
        path = base / path
    return path


def _button(word: str, number: int) -> Button:
    try:
        return Button[word.upper()]
    except KeyError:
        raise ScriptError(f"line {number}: button must be left or right, not {word!r}") from None


def _key_code(name: str, number: int) -> int:
    code = getattr(pyxel, f"KEY_{name.upper()}", None)
    if code is None:
        raise ScriptError(f"line {number}: unknown key {name!r}")
    return code


def observe(app, what: str) -> str:
    """The current value of an observable, as text."""
    if what == "face":
        return FACE_NAMES[app.mine_window.face()]
    if what == "state":
        return "paused" if app.game.paused else app.game.status.value
    if what == "counter":
        return str(app.game.mines_left)
    if what == "timer":
        return str(app.game.seconds)
    raise KeyError(what)


class ScriptRunner:
    """Runs script lines; relative screenshot paths are taken from ``base``."""

    def __init__(self, app, base: Path | None = None) -> None:
        self.app = app
        self.base = base
        self.pilot = Pilot(app)
        self.finished = False

    def run_line(self, number: int, line: str) -> None:
        """Run one line as written in the file (a blank or comment line does nothing)."""
        words = split_line(line, number)
        if not words:
            return
        command, args = words[0].lower(), words[1:]
        handler = getattr(self, f"do_{command}", None)
        if handler is None:
            raise ScriptError(f"line {number}: unknown command {command!r}")
        try:
            handler(number, args)
        except ScriptError:
            raise
        except Exception as error:  # noqa: BLE001 - a line must end in one message, never a traceback
            raise ScriptError(f"line {number}: {command} failed: {error}") from error

    def _need(self, number: int, args: list[str], count: int, usage: str) -> None:
        if len(args) != count:
            raise ScriptError(f"line {number}: usage: {usage}")

    def do_move(self, number: int, args: list[str]) -> None:
        self._need(number, args, 2, "move X Y")
        width, height = pyxel.width, pyxel.height
        x = _int(args[0], number, 0, width - 1)
        y = _int(args[1], number, 0, height - 1)
        self.pilot.move(x, y)

    def do_cell(self, number: int, args: list[str]) -> None:
        self._need(number, args, 2, "cell COL ROW")
        col, row = _int(args[0], number), _int(args[1], number)
        if not self.app.game.topology.contains(col, row):
            raise ScriptError(f"line {number}: square {col} {row} is not on the board")
        self.pilot.move(*self.pilot.cell_xy(self.pilot.cell_at(col, row)))

    def do_press(self, number: int, args: list[str]) -> None:
        self._need(number, args, 1, "press left|right")
        self.pilot.press(_button(args[0], number))

    def do_release(self, number: int, args: list[str]) -> None:
        self._need(number, args, 1, "release left|right")
        self.pilot.release(_button(args[0], number))

    def do_click(self, number: int, args: list[str]) -> None:
        self._need(number, args, 1, "click left|right")
        button = _button(args[0], number)
        self.pilot.press(button)
        self.pilot.release(button)

    def do_key(self, number: int, args: list[str]) -> None:
        amiga = bool(args) and args[0].lower() == "amiga"
        names = args[1:] if amiga else args
        self._need(number, names, 1, "key [amiga] NAME")
        self.pilot.key(_key_code(names[0], number), amiga=amiga)

    def do_type(self, number: int, args: list[str]) -> None:
        if not args:  # most likely `type #...`, where the # began a comment
            raise ScriptError(f'line {number}: usage: type TEXT (quote text that holds #: type "#?.guide")')
        self.pilot.type(" ".join(args))

    def do_wait(self, number: int, args: list[str]) -> None:
        self._need(number, args, 1, "wait FRAMES")
        self.pilot.step(_int(args[0], number, 0))

    def do_screenshot(self, number: int, args: list[str]) -> None:
        self._need(number, args, 1, "screenshot PATH")
        path = screenshot_path(args[0], self.base, number)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            pyxel.screenshot(str(path), 1)
        except Exception as error:  # noqa: BLE001 - Pyxel raises a plain Exception
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            raise ScriptError(f"line {number}: cannot save the screenshot {path}: {reason}") from None

    def do_expect(self, number: int, args: list[str]) -> None:
        self._need(number, args, 2, "expect face|state|counter|timer VALUE")
        what, wanted = args[0].lower(), args[1].lower()
        try:
            seen = observe(self.app, what)
        except KeyError:
            raise ScriptError(f"line {number}: cannot expect {what!r}: use face, state, counter or timer") from None
        if seen != wanted:
            raise ScriptError(f"line {number}: expected {what} {wanted}, but it is {seen}")

    def do_quit(self, number: int, args: list[str]) -> None:
        self.finished = True


def read_script(path: Path) -> str:
    """The text of a script file: a plain file of at most SCRIPT_LIMIT bytes,
    read without ever waiting (a named pipe is refused, not opened)."""
    try:
        return plainfiles.read(path, SCRIPT_LIMIT).decode("utf-8")
    except OSError as error:
        raise ScriptError(f"cannot read the script: {error}") from None
    except UnicodeDecodeError as error:
        raise ScriptError(f"cannot read the script {plainfiles.shown(path)}: not UTF-8 text ({error.reason} "
                          f"at byte {error.start})") from None


def run_script(app, path: Path, base: Path | None = None) -> None:
    text = read_script(path)
    runner = ScriptRunner(app, base)
    for number, line in enumerate(text.splitlines(), 1):
        runner.run_line(number, line)
        if runner.finished:
            break

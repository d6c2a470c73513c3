"""The program in a real window, captured: run by test_whole_pixels_window.py
under xvfb-run (an X server with no screen, of a stated size).

    python tests/ui/window_capture.py OUT_DIR

Starts the program as `amigasweeper` does (the display probe, pyxel.init at
the scale it gives, the App), then goes through the cases below; after each
it shows a few frames, captures the whole X screen with xwd, cuts out the
window at the place and size SDL gives, and compares it with the framebuffer
scaled: every pixel of the picture must be its Amiga pixel's colour and every
pixel around it Pyxel's letterbox colour. Prints one JSON object, the cases
in order, and writes each window as OUT_DIR/NAME.png for a person to look at.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

LETTERBOX = (0x20, 0x22, 0x24)  # Pyxel's BACKGROUND_COLOR around a letterboxed picture


def read_xwd(path: Path, x: int, y: int, w: int, h: int) -> tuple[tuple[int, int], bytes]:
    """The X screen's size and the RGB bytes of a rectangle of it, from an
    xwd file of a TrueColor screen (24 or 32 bits a pixel, 8 a colour)."""
    data = path.read_bytes()
    header = struct.unpack(">25I", data[:100])
    size, width, height = header[0], header[4], header[5]
    byte_order, bits, line = header[7], header[11], header[12]
    masks, colours = header[14:17], header[19]
    step = bits // 8
    # Where each colour's byte sits in a pixel: its mask's position, counted from the pixel's start.
    places = [(mask.bit_length() - 8) // 8 for mask in masks]
    if byte_order != 0:
        places = [step - 1 - place for place in places]
    pixels = data[size + colours * 12 :]
    out = bytearray(w * h * 3)
    for row in range(h):
        raw = pixels[(y + row) * line + x * step : (y + row) * line + (x + w) * step]
        for channel, place in enumerate(places):
            out[row * w * 3 + channel : (row + 1) * w * 3 : 3] = raw[place::step]
    return (width, height), bytes(out)


def write_png(path: Path, w: int, h: int, rgb: bytes) -> None:
    rows = b"".join(b"\x00" + rgb[y * w * 3 : (y + 1) * w * 3] for y in range(h))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


def framebuffer_rows(pyxel) -> list[bytes]:
    """Each framebuffer row as RGB bytes, one Amiga pixel a pixel."""
    colours = [bytes(((c >> 16) & 255, (c >> 8) & 255, c & 255)) for c in list(pyxel.colors)]
    return [b"".join(colours[pyxel.screen.pget(x, y)] for x in range(pyxel.width)) for y in range(pyxel.height)]


def compare(window_rgb: bytes, w: int, h: int, fb_rows: list[bytes], fb_w: int, fb_h: int) -> dict:
    """The picture's scale and place as Pyxel lays it out, and the rows that differ."""
    k = min(w // fb_w, h // fb_h)
    ox, oy = (w - fb_w * k) // 2, (h - fb_h * k) // 2
    border = bytes(LETTERBOX)
    wrong_picture = wrong_border = 0
    for y in range(h):
        row = window_rgb[y * w * 3 : (y + 1) * w * 3]
        inside = oy <= y < oy + fb_h * k
        expected_mid = (b"".join(fb_rows[(y - oy) // k][i : i + 3] * k for i in range(0, fb_w * 3, 3))
                        if inside else border * (fb_w * k))
        if row[ox * 3 : (ox + fb_w * k) * 3] != expected_mid:
            wrong_picture += inside
            wrong_border += not inside
        if row[: ox * 3] != border * ox or row[(ox + fb_w * k) * 3 :] != border * (w - ox - fb_w * k):
            wrong_border += 1
    return {"scale": k, "offset": [ox, oy], "wrong_picture_rows": wrong_picture, "wrong_border_rows": wrong_border}


def display_size_of(out_dir: Path) -> tuple[int, int]:
    """The X screen's size, as xwd sees it."""
    shot = out_dir / "display.xwd"
    subprocess.run(["xwd", "-root", "-silent", "-out", str(shot)], check=True, timeout=60)
    size, _rgb = read_xwd(shot, 0, 0, 0, 0)
    shot.unlink()
    return size


def main(out_dir: Path) -> int:
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pyxel

    from amigasweeper.engine import LevelName
    from amigasweeper.ui.app import App
    from amigasweeper.ui.display import check_display, init_pyxel
    from amigasweeper.ui.drive.pilot import Pilot
    from amigasweeper.ui.game.menudefs import MENUS, Command
    from amigasweeper.ui.intuition.modes import ScreenMode
    from amigasweeper.ui.window_options import Options

    usable = check_display()
    init_pyxel(ScreenMode.LOWRES.size, title="AmigaSweeper", fps=60, headless=False, usable=usable)
    app = App(Options(seed=5, level=LevelName.BEGINNER, data_dir=out_dir / "data"))
    pilot = Pilot(app)
    items = {item.command: item for menu in MENUS for item in menu.every_item()}
    window = app.pixels.window
    results: list[dict] = []

    def capture(name: str) -> None:
        pilot.step(4)
        shot = out_dir / f"{name}.xwd"
        subprocess.run(["xwd", "-root", "-silent", "-out", str(shot)], check=True, timeout=60)
        (x, y), (w, h) = window.position(), window.size()
        display_size, rgb = read_xwd(shot, x, y, w, h)
        shot.unlink()
        write_png(out_dir / f"{name}.png", w, h, rgb)
        result = {"name": name, "display": list(display_size), "window": [w, h], "position": [x, y],
                  "framebuffer": [pyxel.width, pyxel.height], "chosen_scale": app.pixels.scale}
        result.update(compare(rgb, w, h, framebuffer_rows(pyxel), pyxel.width, pyxel.height))
        results.append(result)

    capture("start")
    app.commands.select(items[Command.SCREEN_HIRES])
    capture("hires")
    app.commands.select(items[Command.SCREEN_LOWRES])
    capture("lowres_again")
    app.commands.select(items[Command.SCALE_2])
    capture("chosen_2x")
    app.commands.select(items[Command.SCALE_AUTO])
    capture("auto_again")
    window.set_size(1000, 700)  # the player drags the window's corner to a size of no whole multiple
    capture("resized_by_hand")
    # Full screen, as a desktop makes it: the window covers the display. (Xvfb has no window
    # manager to carry out SDL's full-screen request, so the test asks for the same size itself.)
    window.set_position(0, 0)
    window.set_size(*display_size_of(out_dir))
    capture("display_sized")
    app.commands.select(items[Command.SCALE_AUTO])
    print(json.dumps({"usable": None if usable is None else [usable.x, usable.y, usable.w, usable.h],
                      "cases": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))

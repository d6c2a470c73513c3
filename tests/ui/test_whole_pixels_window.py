"""Whole pixels in a real window: the program under xvfb-run on an X screen
of a stated size (1600x1200, where the issue saw 563x450 and 1125x900; and
1280x1024, where it saw HighRes at 1.5), captured with xwd (Debian's
x11-apps, which .ci/run installs). For every case window_capture.py goes
through, the window is a whole multiple of the Amiga screen (or, sized by
hand or by the desktop, shows a whole multiple letterboxed), and the capture
equals the framebuffer scaled by that number, pixel for pixel."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from window_capture import LETTERBOX, compare

HELPER = Path(__file__).with_name("window_capture.py")
ROOT = Path(__file__).resolve().parents[2]
SET_BY_THE_PROGRAM = ("start", "hires", "lowres_again", "chosen_2x", "auto_again")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("xvfb-run") is None,
                       reason="no xvfb-run (Debian: apt-get install xvfb xauth libgl1-mesa-dri; .ci/run does)"),
    pytest.mark.skipif(shutil.which("xwd") is None, reason="no xwd (Debian: apt-get install x11-apps; .ci/run does)"),
]


def run_in_a_window(tmp_path: Path, screen: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("AMIGASWEEPER_ARGS", "SDL_VIDEODRIVER", "DISPLAY")}
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    command = ["xvfb-run", "-a", "-s", f"-screen 0 {screen}x24", sys.executable, str(HELPER), str(tmp_path)]
    result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def check_every_case(run: dict, scales: dict[str, int]) -> dict[str, dict]:
    cases = {case["name"]: case for case in run["cases"]}
    for name, case in cases.items():
        assert case["wrong_picture_rows"] == 0 and case["wrong_border_rows"] == 0, case
        fb_w, fb_h = case["framebuffer"]
        w, h = case["window"]
        k = case["scale"]
        assert k >= 1 and fb_w * k <= w and fb_h * k <= h, case
        if name in SET_BY_THE_PROGRAM:  # the program sized the window: exactly k times the screen
            assert (w, h) == (fb_w * k, fb_h * k) and k == case["chosen_scale"] == scales[name], case
            x, y = case["position"]
            dw, dh = case["display"]
            assert 0 <= x and x + w <= dw and 0 <= y and y + h <= dh, case  # whole on the display
    return cases


def test_on_a_1600x1200_screen_every_mode_is_shown_at_a_whole_scale(tmp_path):
    run = run_in_a_window(tmp_path, "1600x1200")
    assert run["usable"] == [0, 0, 1600, 1200]  # told by the display probe, before pyxel.init
    cases = check_every_case(run, {"start": 4, "hires": 2, "lowres_again": 4, "chosen_2x": 2, "auto_again": 4})
    assert cases["resized_by_hand"]["window"] == [1000, 700] and cases["resized_by_hand"]["scale"] == 2
    assert cases["resized_by_hand"]["offset"] == [(1000 - 640) // 2, (700 - 512) // 2]  # letterboxed
    assert cases["display_sized"]["scale"] == 4 and cases["display_sized"]["offset"] == [160, 88]
    for name in cases:
        assert (tmp_path / f"{name}.png").stat().st_size > 0  # kept for a person to look at


def test_on_a_1280x1024_screen_highres_is_2x_never_1_5(tmp_path):
    run = run_in_a_window(tmp_path, "1280x1024")
    cases = check_every_case(run, {"start": 4, "hires": 2, "lowres_again": 4, "chosen_2x": 2, "auto_again": 4})
    assert cases["hires"]["window"] == [1280, 1024]


def test_the_comparison_sees_a_picture_that_is_not_whole():
    """compare() is the test's eye: a picture drawn at the wrong place or
    with a wrong pixel is counted, the letterbox too."""
    fb = [bytes([10, 20, 30, 40, 50, 60]), bytes([70, 80, 90, 100, 110, 120])]  # 2x2 Amiga pixels
    border = bytes(LETTERBOX)
    good_rows = [border * 1 + fb[0][0:3] * 2 + fb[0][3:6] * 2 + border * 1] * 2 + \
                [border * 1 + fb[1][0:3] * 2 + fb[1][3:6] * 2 + border * 1] * 2
    good = b"".join(good_rows)
    assert compare(good, 6, 4, fb, 2, 2) == {"scale": 2, "offset": [1, 0], "wrong_picture_rows": 0,
                                             "wrong_border_rows": 0}
    bad = bytearray(good)
    bad[3 * 6 + 4] ^= 1  # one colour of one pixel of the picture's first row
    assert compare(bytes(bad), 6, 4, fb, 2, 2)["wrong_picture_rows"] == 1
    shifted = b"".join(row[3:] + border for row in good_rows)  # the picture one pixel off
    result = compare(shifted, 6, 4, fb, 2, 2)
    assert result["wrong_picture_rows"] == 4 and result["wrong_border_rows"] == 4

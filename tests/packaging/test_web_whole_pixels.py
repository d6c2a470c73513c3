"""Whole pixels in the browser: the web page carries tools/web/whole_pixels.js
and the CSS around it, and in Chromium (headless, Debian's) the script gives
the canvas a whole number of CSS pixels per Amiga pixel, a whole number of
device pixels where the display's ratio allows one that fits, centred on
black, `image-rendering: pixelated`, with the drawing size SDL then takes
equal to it, so Pyxel draws at a whole scale. Pyxel's web runtime itself
comes from a CDN this machine cannot reach: the page here is laid out as
that runtime lays out its own (see whole_pixels_check.mjs)."""

from __future__ import annotations

import pytest
from packaging_helpers import load_tool

check = load_tool("tools/web/browser_check.py", "amigasweeper_browser_check")

APP2HTML = ('<!DOCTYPE html>\n<script src="https://cdn.jsdelivr.net/gh/kitao/pyxel@2.9.9/wasm/pyxel.js"></script>\n'
            'launchPyxel({ command: "play", name: "amigasweeper.pyxapp", gamepad: "disabled", base64: "QQ==" });\n')


def test_the_page_carries_the_script_and_its_css(package_tool):
    page = package_tool.web_page(APP2HTML)
    script = package_tool.WHOLE_PIXELS_SCRIPT.read_text(encoding="utf-8")
    assert script in page and "window.amigasweeperWholePixels" in script
    assert "canvas#canvas { image-rendering: pixelated; }" in page
    assert "div#pyxel-screen { background-color: #000; }" in page
    assert page.index(script) < page.index("pyxel.js")  # defined before Pyxel's runtime adds its listeners


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    reason = check.missing()
    if reason:
        pytest.skip(reason)
    return check.whole_pixels_in_a_page(tmp_path_factory.mktemp("whole"))


def device_pixels(case) -> float:
    """Device pixels an Amiga pixel takes across."""
    return case["box"][2] * case["ratio"] / case["screen"][0]


def test_every_canvas_is_a_whole_multiple_in_css_pixels_and_drawn_so(cases):
    for case in cases:
        left, top, width, height = case["box"]
        screen_w, screen_h = case["screen"]
        scale = width / screen_w
        assert scale == int(scale) >= 1 and height == screen_h * scale, case
        assert case["drawing"] == [width, height], case  # SDL's size: Pyxel draws at that whole scale
        assert case["rendering"] == "pixelated" and case["background"] == "rgb(0, 0, 0)", case
        assert case["resizes"] == case["resizesAfterRepeat"] == 1, case  # told twice, resized once
        assert case["afterNonsense"] == [f"{width:g}px", f"{height:g}px"], case


def test_each_case_takes_the_largest_scale_that_fits(cases):
    by = {(tuple(c["viewport"]), c["ratio"], tuple(c["screen"]), c["asked"]): c for c in cases}
    expected = {
        ((1600, 1200), 1, (320, 256), 0): 4.0,
        ((1600, 1200), 1, (640, 512), 0): 2.0,
        ((1366, 768), 1, (320, 256), 0): 3.0,
        ((1280, 720), 1.5, (320, 256), 0): 3.0,  # 2 CSS pixels: 3 device pixels, whole
        ((1440, 900), 2, (640, 512), 0): 2.0,
        ((390, 844), 3, (320, 256), 0): 3.0,  # a phone: 1 CSS pixel is 3 device pixels
        ((1600, 1200), 1, (320, 256), 2): 2.0,  # Settings > Window Scale > 2x
        ((1600, 1200), 1, (640, 512), 4): 2.0,  # 4x does not fit: the largest that does
        ((200, 150), 1, (640, 512), 0): 1.0,  # never below 1: the top left corner shows
    }
    for key, pixels in expected.items():
        assert device_pixels(by[key]) == pixels, by[key]
    assert by[((200, 150), 1, (640, 512), 0)]["box"][:2] == [0, 0]
    # 150% and 125% displays where no whole device size fits stay whole in CSS pixels (uneven on the display).
    assert device_pixels(by[((1280, 720), 1.5, (640, 512), 0)]) == 1.5
    assert device_pixels(by[((1536, 864), 1.25, (320, 256), 0)]) == 3.75


def test_the_canvas_is_centred_on_a_device_pixel(cases):
    for case in cases:
        left, top, width, height = case["box"]
        view_w, view_h = case["viewport"]
        if width <= view_w and height <= view_h:
            assert abs(left - (view_w - width) / 2) <= 1 and abs(top - (view_h - height) / 2) <= 1, case
            assert float(left * case["ratio"]).is_integer() and float(top * case["ratio"]).is_integer(), case

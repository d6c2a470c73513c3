"""The program's reading of the page's media preferences, run inside Pyodide.

tools/web/media_check.html runs this in headless Chromium after unpacking
amigasweeper.pyxapp, with prefers-reduced-motion and prefers-contrast
emulated by media_check.mjs; the real ``js`` module answers, not a stand-in.
Pyxel is not there (its web runtime is on a CDN), so only the pyxel-free
amigasweeper.ui.palette.media runs: what the program is told. What it then
does with the answer is checked under Pyxel by tests/packaging/
test_web_preferences.py, started with this report's answer.

    start(app_dir)  import the program's reader, listen for changes; report
    report()        ask again now; report
Each returns a JSON text: {"platform", "less_motion", "more_contrast",
"changed"} (changed: a change event arrived since the last report).
"""

from __future__ import annotations

import json
import sys

watch = None


def start(app_dir: str) -> str:
    global watch
    sys.modules["pyxel"] = None  # type: ignore[assignment]  # as in a page without Pyxel's runtime
    sys.path.insert(0, app_dir)
    from amigasweeper.ui.palette.media import PageWatch

    watch = PageWatch()
    return report()


def report() -> str:
    from amigasweeper.ui.palette.media import ask_page

    asked = ask_page()
    return json.dumps({
        "platform": sys.platform,
        "less_motion": asked.less_motion,
        "more_contrast": asked.more_contrast,
        "listening": len(watch.listening) if watch else 0,
        "changed": watch.take() if watch else False,
    })

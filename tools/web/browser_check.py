#!/usr/bin/env python3
"""Run the core of a built pyxapp in headless Chromium with Pyodide.

    python3 tools/web/browser_check.py [dist/amigasweeper.pyxapp]

Serves core_check.html (as index.html), core_check.py, the pyxapp and
node_modules/pyodide from 127.0.0.1 on a free port with http.server, and has
drive.mjs (playwright-core) load the page, wait for its report, reload it and
wait again. Prints {"first": ..., "second": ..., "logs": [...]} as JSON.
Used by tests/packaging/test_web_browser.py and `tools/package.py measure`.

Needs Debian's chromium, node, and `npm ci` here in tools/web (.ci/run does it).
The browser is started with --no-sandbox --disable-gpu --disable-quic
--no-first-run --disable-background-networking --disable-component-update
--disable-sync and a fresh profile folder.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import ClassVar

WEB = Path(__file__).resolve().parent
PYODIDE = WEB / "node_modules" / "pyodide"
PYODIDE_VERSION = "314.0.4"  # what pyxel 2.9.9's wasm/pyxel.js loads (Python 3.14.0)


def chromium() -> str | None:
    found = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return found if Path(found).is_file() else None


def missing() -> str | None:
    """Why the page cannot be run here, or None."""
    if chromium() is None:
        return "no chromium (apt-get install -y chromium; .ci/run does)"
    if shutil.which("node") is None:
        return "no node (Debian's nodejs)"
    for package in ("pyodide", "playwright-core"):
        if not (WEB / "node_modules" / package / "package.json").is_file():
            return f"no {package} in tools/web/node_modules (cd tools/web && npm ci; .ci/run does)"
    return None


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".zip": "application/zip",
        ".pyxapp": "application/zip",
        ".py": "text/plain; charset=utf-8",
    }

    def log_message(self, *args) -> None:
        pass


class PageHandler(QuietHandler):
    """Serves the page's folder, and /pyodide/ from tools/web/node_modules
    (rather than a link in the folder: links need privileges on Windows)."""

    def translate_path(self, path: str) -> str:
        prefix = "/pyodide/"
        if path.startswith(prefix):
            inside = super().translate_path("/" + path[len(prefix):])  # made safe, under the page's folder
            return str(PYODIDE / Path(inside).relative_to(self.directory))
        return super().translate_path(path)


def serve_and_drive(www: Path, script: str, args: list[str], timeout: float) -> tuple[dict, int]:
    """Serve the folder www from 127.0.0.1 on a free port and run the node
    script (drive.mjs, offline.mjs) with the page's address and args; returns
    the last JSON line it printed and its exit code."""
    handler = functools.partial(PageHandler, directory=str(www))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
        result = subprocess.run(
            ["node", str(WEB / script), url, *args],
            cwd=WEB,
            env={**os.environ, "CHROMIUM": chromium() or ""},
            capture_output=True,
            text=True,
            timeout=timeout * 2 + 60,
            check=False,
        )
    finally:
        server.shutdown()
        server.server_close()
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise RuntimeError(f"no report from the browser:\n{result.stdout}\n{result.stderr}")
    return json.loads(lines[-1]), result.returncode


def run_page(pyxapp: Path, workdir: Path, timeout: float = 240) -> dict:
    """Both page loads' reports. Raises RuntimeError with the browser's log
    when the page could not report."""
    www = workdir / "www"
    www.mkdir(parents=True)
    shutil.copy(WEB / "core_check.html", www / "index.html")
    shutil.copy(WEB / "core_check.py", www / "core_check.py")
    shutil.copy(pyxapp, www / "amigasweeper.pyxapp")
    report, status = serve_and_drive(www, "drive.mjs", [str(workdir / "profile"), str(int(timeout * 1000))], timeout)
    failed = report.get("error") or next(
        (report[phase]["error"] for phase in ("first", "second") if "error" in report.get(phase, {})), None
    )
    if status != 0 or failed:
        raise RuntimeError(f"{failed}\n" + "\n".join(report.get("logs", [])[-40:]))
    return report


def media_in_a_page(pyxapp: Path, workdir: Path, timeout: float = 240) -> dict:
    """What the program's Python in the page is told of prefers-reduced-motion
    and prefers-contrast, emulated by media_check.mjs: at a start with both
    asked for, at a fresh load for each combination, and at changes while the
    page runs. Raises RuntimeError with the browser's log when it could not
    report."""
    www = workdir / "www"
    www.mkdir(parents=True)
    shutil.copy(WEB / "media_check.html", www / "index.html")
    shutil.copy(WEB / "media_check.py", www / "media_check.py")
    shutil.copy(pyxapp, www / "amigasweeper.pyxapp")
    report, status = serve_and_drive(www, "media_check.mjs", [str(workdir / "profile"), str(int(timeout * 1000))],
                                     timeout)
    loads = [report.get("started", {}), *report.get("loads", [])]
    failed = report.get("error") or next((load["told"]["error"] for load in loads if "error" in load["told"]), None)
    if status != 0 or failed:
        raise RuntimeError(f"{failed}\n" + "\n".join(report.get("logs", [])[-40:]))
    return report


def offline_page(html: Path, workdir: Path, timeout: float = 60) -> dict:
    """Open the built page (dist/amigasweeper.html) from 127.0.0.1 with every
    other host unreachable (offline.mjs); returns {"text": what the page
    shows, "screenshot": a PNG of it, "logs": [...]}. Raises RuntimeError
    with the browser's log when no message appeared."""
    www = workdir / "www"
    www.mkdir(parents=True)
    shutil.copy(html, www / "index.html")
    screenshot = workdir / "offline.png"
    args = [str(workdir / "profile"), str(screenshot), str(int(timeout * 1000))]
    report, status = serve_and_drive(www, "offline.mjs", args, timeout)
    if status != 0 or "error" in report:
        raise RuntimeError(f"{report.get('error')}\n" + "\n".join(report.get("logs", [])[-40:]))
    report["screenshot"] = str(screenshot)
    return report


def _node_report(script: str, args: list[str], timeout: float) -> dict:
    """The JSON a node script in this folder printed last. Raises
    RuntimeError with the browser's log when it could not report."""
    result = subprocess.run(
        ["node", str(WEB / script), *args],
        cwd=WEB, env={**os.environ, "CHROMIUM": chromium() or ""},
        capture_output=True, text=True, timeout=timeout, check=False,
    )
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    report = json.loads(lines[-1]) if lines else {"error": result.stderr}
    if result.returncode != 0 or "error" in report:
        raise RuntimeError(f"{report.get('error')}\n" + "\n".join(report.get("logs", [])[-40:]))
    return report


def keys_reaching_a_page(workdir: Path, timeout: float = 60) -> dict[str, list[dict]]:
    """The keydown events a page received for each key combination keys.mjs
    sends (its comment says what headless Chromium cannot show)."""
    return _node_report("keys.mjs", [str(workdir / "profile")], timeout)["keys"]


def whole_pixels_in_a_page(workdir: Path, timeout: float = 180) -> list[dict]:
    """What whole_pixels.js made of the canvas in each case of
    whole_pixels_check.mjs (window sizes, device pixel ratios, scales)."""
    return _node_report("whole_pixels_check.mjs", [str(WEB / "whole_pixels.js"), str(workdir / "profile")],
                        timeout)["results"]


def main(argv: list[str]) -> int:
    pyxapp = Path(argv[0] if argv else WEB.parent.parent / "dist" / "amigasweeper.pyxapp")
    reason = missing()
    if reason:
        print(f"browser_check: {reason}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        report = run_page(pyxapp.resolve(), Path(folder))
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

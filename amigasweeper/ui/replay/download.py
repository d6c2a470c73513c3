"""A replay handed to the browser as a file download: the web page has no
folders of its own to save in, so Replay > Save As... gives the player the
file the browser's way (it asks where, or puts it in Downloads)."""

from __future__ import annotations

import sys

NOT_HERE = "Only the web page downloads a replay; here Save As... asks where to write it."


def in_browser() -> bool:
    return sys.platform == "emscripten"


def download(name: str, data: bytes) -> str | None:
    """Offer ``data`` as a file called ``name``; a problem in words, or None."""
    try:
        import js  # Pyodide only
        from pyodide.ffi import to_js
    except ImportError:
        return NOT_HERE
    try:
        blob = js.Blob.new([to_js(data)], js.Object.fromEntries(to_js([["type", "application/octet-stream"]])))
        url = js.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href = url
        link.download = name
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        js.URL.revokeObjectURL(url)
    except Exception as error:  # noqa: BLE001 - whatever the page refuses, the player is told
        return f"The browser did not take the download ({error})."
    return None

"""Issue 40, in the browser: Pyxel's web runtime restarts the game on Alt-R
(Right-Amiga-R here) and a gamepad's A+B+X+Y+Back by calling the page's
resetPyxel(); the page redefines it (tools/web/no_restart.js) after the
runtime has defined its own, so the game goes on. Run with node as a
classic script, as the page runs it, and called as Pyxel's core calls it
(emscripten_run_script("resetPyxel();"), a global call)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

APP2HTML = ('<!DOCTYPE html>\n<script src="https://cdn.jsdelivr.net/gh/kitao/pyxel@2.9.9/wasm/pyxel.js"></script>\n'
            'launchPyxel({ command: "play", name: "amigasweeper.pyxapp", gamepad: "disabled", base64: "QQ==" });\n')

# Pyxel's runtime as far as resetPyxel goes: a global async function that
# quits the game and starts it again.
RUNTIME = "async function resetPyxel() { globalThis.restarted = (globalThis.restarted || 0) + 1; }"


def test_the_page_redefines_reset_pyxel_after_the_runtime_and_before_the_launch(package_tool):
    page = package_tool.web_page(APP2HTML)
    script = package_tool.NO_RESTART_SCRIPT.read_text(encoding="utf-8")
    assert "window.resetPyxel = " in script
    assert page.index("pyxel.js") < page.index(script) < page.index("launchPyxel({")


def run_in_node(*scripts: str) -> dict:
    program = (
        "const vm = require('vm'); globalThis.window = globalThis; const logged = [];"
        "console.info = (text) => logged.push(text);"
        f"for (const source of {json.dumps(list(scripts))}) vm.runInThisContext(source);"
        "Promise.resolve(vm.runInThisContext('resetPyxel();')).then(() =>"
        " console.log(JSON.stringify({restarted: globalThis.restarted || 0, logged})));"
    )
    result = subprocess.run(["node", "-e", program], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(result.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="no node (Debian: apt-get install nodejs; .ci/run does)")
def test_pyxels_restart_call_does_nothing_but_say_so(package_tool):
    script = package_tool.NO_RESTART_SCRIPT.read_text(encoding="utf-8")
    assert run_in_node(RUNTIME) == {"restarted": 1, "logged": []}  # the hazard: Pyxel's own restarts
    said = run_in_node(RUNTIME, script)
    assert said["restarted"] == 0 and said["logged"] == ["AmigaSweeper: Pyxel's restart is not used here; the game goes on."]

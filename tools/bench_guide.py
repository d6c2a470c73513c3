"""Time AmigaGuide reading and the help viewer; prints one JSON object.

    python3 tools/bench_guide.py            # everything (a few minutes)
    python3 tools/bench_guide.py parse open # some sections: parse, open, memory, frames,
                                            # first_frame, end, find
    python3 tools/bench_guide.py --quick    # small guides, a run or two of each: that it works, no figures

Figures are in milliseconds over several runs (median and the slowest run).

* parse: reading a whole guide, every page, as the linter does (`parse`).
* open: what the viewer does to show a guide: find the node boundaries
  (`parse(..., lazy=True)`) and lay out the first screen of MAIN (30 lines of
  35 columns, the LowRes window), on the shipped manual, generated guides of
  1, 10 and 50 MB, and the pathological shapes of guide/synthetic.py.
* first_frame: a fresh process to the viewer's first frame, on a two-node
  guide, 100,000 nodes and the 50 MB guide, taking turns (5 runs each).
* end: End on a page of 180,000 lines just opened: End's own work, the
  frame that shows the last line, and the 60 frames after it (10 runs).
* find: Find, in the 50 MB guide just opened (and after 300 frames of
  reading), of a word on its last page: the time until the match is shown,
  and the slowest frame meanwhile.
* pictures: a link to a picture until its page is made, CPU time: the
  decompression bombs of issue 33 (refused from their headers) and the
  costliest pictures within the caps (amigasweeper/guide/picture.py).
* sigterm: the real program following a link to a picture again and again;
  the time from SIGTERM to its end, with a bomb and with a small picture.
* memory: the peak memory of a process that opens the 50 MB guide, against
  the file's size (one child process, so nothing else is counted).
* frames: one update and draw of the real program (headless) with the viewer
  on those pages: scrolling sideways on lines of 65,000 characters, a
  180,000-line page while it is laid out in the background, the last of
  100,000 nodes, the macro bomb, and the 50 MB guide.
"""

from __future__ import annotations

import gc
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing
# No sound is needed; without a sound device pyxel would print a warning into the JSON.
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from amigasweeper.guide import PageLayout, manual_path, parse  # noqa: E402
from amigasweeper.guide.synthetic import (  # noqa: E402
    endless_paragraph_guide,
    long_page_guide,
    macro_bomb_guide,
    many_nodes_guide,
    synthetic_guide,
    wide_lines_guide,
)

COLUMNS, ROWS = 35, 30
FRAMES = 300
LONG_PAGE = 180_000  # lines of the long page (section end looks for its last)
QUICK = False  # --quick: guides a hundred times smaller, a run or two of each


def quick(full: int, small: int) -> int:
    """``small`` under --quick, else ``full``."""
    return small if QUICK else full


def timed(action, runs: int) -> dict:
    action()  # warm caches and imports before timing
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000.0)
    return {"runs": runs, "median_ms": round(statistics.median(samples), 2), "max_ms": round(max(samples), 2)}


def guides() -> dict[str, tuple[bytes, int]]:
    """Name -> (file bytes, runs)."""
    size = quick(1, 100)  # the guides' sizes are divided by this
    return {
        "manual": (manual_path().read_bytes(), quick(50, 1)),
        "generated_1mb": (synthetic_guide(1_000_000 // size).encode("latin-1"), quick(10, 1)),
        "generated_10mb": (synthetic_guide(10_000_000 // size).encode("latin-1"), quick(5, 1)),
        "generated_50mb": (synthetic_guide(50_000_000 // size).encode("latin-1"), quick(3, 1)),
        "page_of_180000_lines": (long_page_guide(LONG_PAGE // size).encode("latin-1"), quick(5, 1)),
        "paragraph_of_10mb": (endless_paragraph_guide(10_000_000 // size).encode("latin-1"), quick(5, 1)),
        "20_lines_of_65000_chars": (wide_lines_guide(20, 65_000 // size).encode("latin-1"), quick(5, 1)),
        "macro_bomb": (macro_bomb_guide().encode("latin-1"), quick(5, 1)),
        "100000_nodes": (many_nodes_guide(100_000 // size).encode("latin-1"), quick(5, 1)),
    }


def open_first_screen(data: bytes):
    document = parse(data, lazy=True)
    PageLayout(document.main, COLUMNS).ensure(ROWS)
    return document


def section_parse(shapes) -> dict:
    wanted = ("manual", "generated_1mb", "generated_10mb")
    return {name: {"bytes": len(shapes[name][0]), **timed(lambda d=shapes[name][0]: parse(d), shapes[name][1])}
            for name in wanted}


def section_open(shapes) -> dict:
    result = {}
    for name, (data, runs) in shapes.items():
        document = open_first_screen(data)
        result[name] = {"bytes": len(data), "nodes": len(document.nodes),
                        **timed(lambda d=data: open_first_screen(d), runs)}
    return result


# The peak resident size (VmHWM) of a fresh process, before and after it
# opens the guide: /proc is read because ru_maxrss keeps the size of the
# process that started it.
_MEMORY_CHILD = """
import sys
sys.path.insert(0, {root!r})
def peak_kb():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
from amigasweeper.guide import PageLayout, parse_file
before = peak_kb()
document = parse_file({path!r}, lazy=True)
PageLayout(document.main, 35).ensure(30)
print(before, peak_kb())
"""


def section_memory(shapes) -> dict:
    import tempfile

    data = shapes["generated_50mb"][0]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "Big.guide"
        path.write_bytes(data)
        code = _MEMORY_CHILD.format(root=str(ROOT), path=str(path))
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    before_kb, after_kb = map(int, out.split())
    return {"file_mb": round(len(data) / 1e6, 1), "peak_before_mb": round(before_kb / 1024, 1),
            "peak_after_open_mb": round(after_kb / 1024, 1),
            "growth_per_file_byte": round((after_kb - before_kb) * 1024 / len(data), 2)}


_PYXEL_READY: list[bool] = []


def headless_pyxel() -> None:
    """Pyxel, headless, initialised once per process (a second init panics)."""
    import pyxel

    if not _PYXEL_READY:
        pyxel.init(320, 256, fps=60, quit_key=pyxel.KEY_NONE, headless=True)
        _PYXEL_READY.append(True)


def section_frames(shapes) -> dict:
    import tempfile

    from amigasweeper.ui.app import App
    from amigasweeper.ui.window_options import Options

    headless_pyxel()
    result = {}
    scenes = {
        "20_lines_of_65000_chars_scrolling_sideways": ("20_lines_of_65000_chars", "sideways"),
        "page_of_180000_lines_while_laid_out": ("page_of_180000_lines", "down"),
        "last_of_100000_nodes": ("100000_nodes", "last"),
        "macro_bomb": ("macro_bomb", None),
        "generated_50mb_main": ("generated_50mb", "down"),
    }
    with tempfile.TemporaryDirectory() as folder:
        for scene, (shape, motion) in scenes.items():
            path = Path(folder) / f"{shape}.guide"
            path.write_bytes(shapes[shape][0])
            gc.collect()
            app = App(Options(headless=True, guide=path))
            viewer = app.viewer
            if motion == "last":
                viewer.show(viewer.navigation.document.nodes[-1])
            samples = []
            for frame in range(quick(FRAMES, 3)):
                if motion == "sideways":
                    viewer.scroll.scroll_sideways(7)
                elif motion == "down":
                    viewer.scroll.scroll_by(1)
                start = time.perf_counter()
                app.update()
                app.draw()
                samples.append((time.perf_counter() - start) * 1000.0)
            viewer.close()  # unfreezes what the viewer froze
            del app, viewer
            gc.collect()  # each scene starts as a program with one guide open would
            samples.sort()
            result[scene] = {"frames": quick(FRAMES, 3), "median_ms": round(statistics.median(samples), 2),
                             "p95_ms": round(samples[int(0.95 * len(samples))], 2), "max_ms": round(samples[-1], 2)}
    return result


# A fresh process runs the real program headless on a guide and reports how
# long after it started (before Python's imports) the first frame was drawn.
_FIRST_FRAME_CHILD = """
import sys, time
started = time.perf_counter()
sys.path.insert(0, {root!r})
import pyxel
pyxel.init(320, 256, fps=60, quit_key=pyxel.KEY_NONE, headless=True)
from amigasweeper.ui.app import App, Options
app = App(Options(headless=True, guide={path!r}))
app.update()
app.draw()
print((time.perf_counter() - started) * 1000.0)
"""


def section_first_frame(shapes) -> dict:
    """Process start to the first frame of the viewer, the guides taking turns
    (so the machine's load falls on all of them alike)."""
    import tempfile

    from amigasweeper.guide.synthetic import many_nodes_guide

    runs = quick(5, 1)
    chosen = {"two_nodes": many_nodes_guide(2).encode("latin-1"), "100000_nodes": shapes["100000_nodes"][0],
              "generated_50mb": shapes["generated_50mb"][0]}
    samples: dict[str, list[float]] = {name: [] for name in chosen}
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for name, data in chosen.items():
            paths[name] = Path(folder) / f"{name}.guide"
            paths[name].write_bytes(data)
        for _run in range(runs):
            for name, path in paths.items():
                code = _FIRST_FRAME_CHILD.format(root=str(ROOT), path=str(path))
                out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
                samples[name].append(float(out.split()[-1]))
    base = statistics.median(samples["two_nodes"])
    return {name: {"runs": runs, "median_ms": round(statistics.median(times), 1), "max_ms": round(max(times), 1),
                   "times_two_nodes": round(statistics.median(times) / base, 2)} for name, times in samples.items()}


def section_end(shapes) -> dict:
    """End on a page of 180,000 lines just opened (its first frame drawn):
    End's own work (the call, wall and CPU time), the frame that shows the
    end, and the 60 frames after it (the page goes on being laid out from
    its top in the background), until its last line shows."""
    import tempfile

    from amigasweeper.ui.app import App
    from amigasweeper.ui.window_options import Options

    headless_pyxel()
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "Long.guide"
        path.write_bytes(shapes["page_of_180000_lines"][0])
        for _run in range(quick(10, 1)):
            gc.collect()
            app = App(Options(headless=True, guide=path))
            viewer = app.viewer
            app.update()
            app.draw()
            wall, cpu = time.perf_counter(), time.process_time()
            viewer.scroll.scroll_to_end()
            end_wall, end_cpu = (time.perf_counter() - wall) * 1000.0, (time.process_time() - cpu) * 1000.0
            frames = []
            for _frame in range(quick(61, 3)):
                began = time.process_time()
                app.update()
                app.draw()
                frames.append((time.process_time() - began) * 1000.0)
            assert viewer.scroll.lines[viewer.navigation.place.top + viewer.rows - 1].text.startswith(
                f"Entry {LONG_PAGE // quick(1, 100) - 1:6d}")
            runs.append((end_wall, end_cpu, frames[0], frames[1:]))
            viewer.close()
            del app, viewer
    after = sorted(ms for run in runs for ms in run[3])
    return {
        "runs": len(runs),
        "end_call_wall_ms": {"median": round(statistics.median(r[0] for r in runs), 2), "max": round(max(r[0] for r in runs), 2)},
        "end_call_cpu_ms": {"median": round(statistics.median(r[1] for r in runs), 2), "max": round(max(r[1] for r in runs), 2)},
        "end_frame_cpu_ms": {"median": round(statistics.median(r[2] for r in runs), 2), "max": round(max(r[2] for r in runs), 2)},
        "next_60_frames_cpu_ms": {"frames": len(after), "median": round(statistics.median(after), 2),
                                  "p95": round(after[int(0.95 * len(after))], 2), "max": round(after[-1], 2)},
    }


def section_find(shapes) -> dict:
    """Find in the 50 MB guide just opened, in the real program headless: a
    word only its last page holds. Frames (update + draw) until the match is
    shown: how long that took and the slowest frame."""
    import tempfile

    from amigasweeper.guide.find import Query
    from amigasweeper.ui.app import App
    from amigasweeper.ui.window_options import Options

    headless_pyxel()
    data = shapes["generated_50mb"][0].replace(b"The end.", b"The end. Zanzibar.")
    result = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "Big.guide"
        path.write_bytes(data)
        for run in range(quick(6, 2)):
            gc.collect()
            app = App(Options(headless=True, guide=path))
            viewer = app.viewer
            reading = 1 if run < quick(4, 1) else quick(300, 3)  # just opened, or after 5 s of reading (the index done meanwhile)
            for _frame in range(reading):
                app.update()
                app.draw()
            frames = []
            start = time.perf_counter()
            viewer.finder.start(Query("zanzibar"), fresh=True)
            while viewer.finder.busy:
                began = time.perf_counter()
                app.update()
                app.draw()
                frames.append((time.perf_counter() - began) * 1000.0)
            took = (time.perf_counter() - start) * 1000.0
            assert viewer.finder.found is not None and viewer.navigation.place.node.title == "Last"
            result.append({"frames_read_before": reading, "nodes_indexed_then": len(viewer.navigation.document.indexed),
                           "first_match_ms": round(took, 1), "frames": len(frames),
                           "slowest_frame_ms": round(max(frames, default=0.0), 2)})
            viewer.close()
            del app, viewer
    return {"runs": result}


def _picture_files() -> dict[str, bytes]:
    """The pictures of the pictures section: the bombs of issue 33, the
    costliest pictures within the caps, and an ordinary one."""
    import random

    from amigasweeper.guide.ilbm import CAMG_HAM
    from amigasweeper.guide.syntheticpictures import every_colour_png, gif, png, png_bomb, write_ilbm

    rng = random.Random(33)
    noise = [[rng.randrange(256) for _ in range(1024)] for _ in range(1024)]
    palette = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(256)]
    return {  # named as files are, for readers that go by the name
        "bomb_11000x11000_14.8_KB.png": png_bomb(),
        "bomb_11000x11000_35_bytes.gif": gif((11_000, 11_000), [(1, 1)]),
        "every_pixel_a_colour_1024x1024.png": every_colour_png(1024),
        "one_colour_1024x1024.png": png(1024, 1024, 8, 2),
        "ham8_noise_1024x1024.iff": write_ilbm(noise, palette[:64], 8, packed=False, camg=CAMG_HAM),
        "8_planes_packed_noise_1024x1024.iff": write_ilbm(noise, palette, 8),
    }


def section_pictures(shapes) -> dict:
    """A picture a link leads to, until its page is made (header check,
    decoder, scaling and dithering to the LowRes viewer's page): CPU time,
    5 runs each (1 for what takes more than 5 s a run)."""
    from amigasweeper.ui.helpviewer.pictureview import picture_page, screen_palette

    headless_pyxel()
    palette = screen_palette(8)
    result = {}
    for name, data in _picture_files().items():
        samples = []
        for _run in range(quick(5, 1)):
            gc.collect()
            began = time.process_time()
            page = picture_page(name, data, (286, 196), palette)
            samples.append((time.process_time() - began) * 1000.0)
            if samples[-1] > 5000:
                break
        result[name] = {"file_bytes": len(data), "runs": len(samples), "median_cpu_ms": round(statistics.median(samples), 2),
                        "max_cpu_ms": round(max(samples), 2), "shown": page.image is not None}
    return result


# A child that is the real program, headless, following a link to a picture
# and back again and again; the parent sends SIGTERM in the middle and times
# how long the program takes to end.
_SIGTERM_SCRIPT = "key TAB\nkey RETURN\nkey BACKSPACE\nwait 1\n" * 20_000 + "quit\n"


def section_sigterm(shapes) -> dict:
    """SIGTERM while the viewer keeps opening a picture: the time from the
    signal to the program's end (3 runs for each picture)."""
    import signal
    import tempfile

    from amigasweeper.guide.syntheticpictures import png, png_bomb

    pictures = {"bomb_11000x11000.png": png_bomb(), "blank_64x64.png": png(64, 64)}
    result = {}
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        (base / "follow.txt").write_text(_SIGTERM_SCRIPT)
        for name, data in pictures.items():
            (base / "pic.png").write_bytes(data)
            (base / "P.guide").write_text('@database P.guide\n@node Main\n@{" picture " link pic.png/main}\n@endnode\n')
            took = []
            for _run in range(quick(3, 1)):
                child = subprocess.Popen([sys.executable, "-m", "amigasweeper", "--headless", "--script", "follow.txt",
                                          "--guide", "P.guide", "--data-dir", str(base / "data")], cwd=base,
                                         env={**os.environ, "PYTHONPATH": str(ROOT)},
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                time.sleep(quick(8, 3))  # started, and well into following the link again and again
                assert child.poll() is None, "the program ended before the signal"
                sent = time.perf_counter()
                child.send_signal(signal.SIGTERM)
                status = child.wait()
                took.append((time.perf_counter() - sent) * 1000.0)
            result[name] = {"runs": len(took), "median_ms": round(statistics.median(took), 1), "max_ms": round(max(took), 1),
                            "exit_status": status}
    return result


SECTIONS = {"parse": section_parse, "open": section_open, "memory": section_memory, "frames": section_frames,
            "first_frame": section_first_frame, "end": section_end, "find": section_find,
            "pictures": section_pictures, "sigterm": section_sigterm}


def main(argv: list[str]) -> None:
    global QUICK
    QUICK = "--quick" in argv
    argv = [arg for arg in argv if arg != "--quick"]
    wanted = argv or list(SECTIONS)
    unknown = [name for name in wanted if name not in SECTIONS]
    if unknown:
        raise SystemExit(f"unknown section(s) {unknown}; choose from {sorted(SECTIONS)}")
    shapes = guides()
    report = {"python": sys.version.split()[0]}
    for name in wanted:
        report[name] = SECTIONS[name](shapes)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])

"""Time the AmigaGuide parser; prints one JSON object.

    python3 tools/bench_guide.py

Figures are medians over many runs, in milliseconds: parsing the shipped
manual, parsing a generated guide of about 1 MB (many nodes, buttons,
styles and macros), and laying out every page of the manual 36 columns wide
(the width of the help window on the LowRes screen).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from amigasweeper.guide import layout_node, manual_path, parse  # noqa: E402
from amigasweeper.guide.synthetic import synthetic_guide  # noqa: E402

MANUAL_RUNS = 200
BIG_RUNS = 21
LAYOUT_COLUMNS = 36


def median_ms(action, runs: int) -> float:
    action()  # warm caches and imports before timing
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000.0)
    return round(statistics.median(times), 3)


def main() -> None:
    manual = manual_path().read_bytes()
    big = synthetic_guide(1_000_000).encode("latin-1")
    manual_doc = parse(manual)
    big_doc = parse(big)

    def layout_manual() -> None:
        for node in manual_doc.nodes:
            layout_node(node, LAYOUT_COLUMNS)

    result = {
        "manual_bytes": len(manual),
        "manual_nodes": len(manual_doc.nodes),
        "manual_parse_ms": median_ms(lambda: parse(manual), MANUAL_RUNS),
        "manual_layout_all_pages_ms": median_ms(layout_manual, MANUAL_RUNS),
        "big_bytes": len(big),
        "big_nodes": len(big_doc.nodes),
        "big_parse_ms": median_ms(lambda: parse(big), BIG_RUNS),
        "runs": {"manual": MANUAL_RUNS, "big": BIG_RUNS},
        "python": sys.version.split()[0],
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()

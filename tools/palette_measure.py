"""Measure the palette presets, and search for colour-blind-safe number colours.

    python tools/palette_measure.py                  every preset, every vision
    python tools/palette_measure.py --preset deuteranopia --vision deuteranopia
    python tools/palette_measure.py --search tritanopia

The measure (amigasweeper/access/colour/measure.py): under the Machado 2009
simulation of a deficiency at full severity, the CIEDE2000 distance between
any two numbers a board shape shows, and between each number and the
uncovered square. For each preset and each way of seeing (normal vision too)
it prints the smallest distance on squares (1-8), hexagons (1-6) and
triangles (1-12), the pairs under the threshold, and the whole matrix;
a distance under the threshold is followed by '!'.

--search finds twelve number colours for a deficiency among the 4096 the
Amiga's 12-bit palette shows: coordinate ascent on the smallest distance
(under the deficiency and under normal vision both, so the preset serves
everyone at the table), each number moved in turn to the candidate that best
raises its own smallest distance, candidates tried nearest first to the
Workbench 3.1 colour of that number so the preset keeps the 1993 look where
the measure allows. It prints the colours for amigasweeper/access/colour/presets.py.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from amigasweeper.access.colour import measure, rgb12
from amigasweeper.access.colour.ciede2000 import delta_e_2000
from amigasweeper.access.colour.presets import PRESETS, Preset
from amigasweeper.access.colour.vision import Deficiency, lab
from amigasweeper.engine.topology import Shape
from amigasweeper.ui.intuition.palette import RGB, Pen, number_pen

SCREEN_NUMBERS = tuple(RGB[number_pen(n)] for n in range(1, measure.MOST_NUMBERS + 1))
SQUARE = RGB[Pen.GREY]


def swatch_of(preset: Preset) -> measure.Swatch:
    return measure.Swatch(SQUARE, preset.number_colours(SCREEN_NUMBERS))


def report(preset: Preset, vision: Deficiency, matrix: bool = True) -> list[str]:
    swatch = swatch_of(preset)
    lines = [f"== {preset.name} ({preset.title}) seen with {vision.value} vision"]
    for shape in Shape:
        count = measure.numbers_shown(shape)
        low, pair = measure.minimum(swatch, vision, count)
        close = sorted(measure.close_pairs(swatch, vision, count))
        named = ", ".join("-".join(measure.item_name(i) for i in p) for p in close) or "none"
        lines.append(f"  {shape.value:8} 1-{count:<2} smallest {low:5.1f} ({measure.item_name(pair[0])}-"
                     f"{measure.item_name(pair[1])}); under {measure.THRESHOLD:g}: {named}")
    if matrix:
        lines += ["  " + row for row in measure.matrix_rows(swatch, vision)]
    return lines


# --------------------------------------------------------------- the search
class Search:
    """Coordinate ascent over the 4096 12-bit colours for one deficiency."""

    def __init__(self, deficiency: Deficiency, target: float, square_target: float, seed: int) -> None:
        self.visions = (deficiency, Deficiency.NORMAL)
        self.target, self.square_target = target, square_target
        self.random = random.Random(seed)
        self.labs = {v: [lab(rgb12.expand(c), v) for c in range(rgb12.COLOURS)] for v in self.visions}
        self.square = {v: lab(SQUARE, v) for v in self.visions}
        self.original = [lab(rgb, Deficiency.NORMAL) for rgb in SCREEN_NUMBERS]
        self.order = [self._nearest_first(i) for i in range(len(SCREEN_NUMBERS))]

    def _nearest_first(self, number: int) -> list[int]:
        normal = self.labs[Deficiency.NORMAL]
        return sorted(range(rgb12.COLOURS), key=lambda c: delta_e_2000(normal[c], self.original[number]))

    def _score(self, colour: int, others: list[int], floor: float) -> float:
        """The candidate's smallest distance as a share of its target, capped at 1;
        gives up (returning something under ``floor``) as soon as it cannot beat it."""
        score = 1.0
        for vision in self.visions:
            mine = self.labs[vision][colour]
            score = min(score, delta_e_2000(mine, self.square[vision]) / self.square_target)
            for other in others:
                if score < floor:
                    return score
                score = min(score, delta_e_2000(mine, self.labs[vision][other]) / self.target)
        return score

    def step(self, colours: list[int], number: int) -> bool:
        others = colours[:number] + colours[number + 1:]
        best, best_score = colours[number], self._score(colours[number], others, 0.0)
        for candidate in self.order[number]:
            if best_score >= 1.0 and candidate == best:
                break  # nothing nearer the original does as well
            score = self._score(candidate, others, best_score)
            if score > best_score or (score >= 1.0 and score >= best_score):
                best, best_score = candidate, score
                if score >= 1.0:
                    break
        changed = best != colours[number]
        colours[number] = best
        return changed

    def worst(self, colours: list[int]) -> tuple[float, int]:
        """The smallest score of any number, and which number has it."""
        scores = [self._score(c, colours[:i] + colours[i + 1:], 0.0) for i, c in enumerate(colours)]
        low = min(scores)
        return low, scores.index(low)

    def run(self, rounds: int, restarts: int) -> list[int]:
        colours = [rgb12.nearest(rgb) for rgb in SCREEN_NUMBERS]
        best, best_low = list(colours), -1.0
        for attempt in range(restarts + 1):
            for _ in range(rounds):
                if not any([self.step(colours, i) for i in range(len(colours))]):  # noqa: C419 - every number steps
                    break
            low, loser = self.worst(colours)
            print(f"attempt {attempt}: smallest share of target {low:.3f} (number {loser + 1})", file=sys.stderr)
            if low > best_low:
                best, best_low = list(colours), low
            if low >= 1.0:
                break
            colours[loser] = self.random.randrange(rgb12.COLOURS)  # shake the worst loose
        return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", choices=sorted(PRESETS), action="append", help="only these presets")
    parser.add_argument("--vision", choices=[d.value for d in Deficiency], action="append", help="only these visions")
    parser.add_argument("--no-matrix", action="store_true", help="the summary lines only")
    parser.add_argument("--search", choices=[d.value for d in Deficiency if d is not Deficiency.NORMAL])
    parser.add_argument("--target", type=float, default=12.0, help="search: distance sought between numbers")
    parser.add_argument("--square-target", type=float, default=20.0, help="search: between a number and the square")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--restarts", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1993)
    args = parser.parse_args(argv)
    if args.search:
        found = Search(Deficiency(args.search), args.target, args.square_target, args.seed).run(args.rounds, args.restarts)
        print("    numbers=(" + ", ".join(f"0x{c:03X}" for c in found) + "),")
        return 0
    visions = [Deficiency(v) for v in args.vision] if args.vision else list(Deficiency)
    for name in args.preset or PRESETS:
        preset = PRESETS[name]
        if preset.plain_numbers:
            print(f"== {preset.name} ({preset.title}): every number in the text pen, outside the measure")
            continue
        for vision in visions:
            print("\n".join(report(preset, vision, not args.no_matrix)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

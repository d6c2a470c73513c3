"""Measure the palette presets, and search for colour-blind-safe number colours.

    python tools/palette_measure.py                  every preset, every vision
    python tools/palette_measure.py --preset deuteranopia --vision deuteranopia
    python tools/palette_measure.py --search tritanopia
    python tools/palette_measure.py --manual         the figures the manual gives
    python tools/palette_measure.py --search-bands   the shading's bands, found again

The measure (amigasweeper/access/colour/measure.py): under the Machado 2009
simulation of a deficiency at full severity, the CIEDE2000 distance between
any two numbers a board shape shows, and between each number and the
uncovered square. For each preset and each way of seeing (normal vision too)
it prints the smallest distance on squares (1-8), hexagons (1-6) and
triangles (1-12), the pairs under the threshold, and the whole matrix;
a distance under the threshold is followed by '!'.

It also measures what else must be told apart: each number's WCAG contrast
against the uncovered square (the High contrast preset keeps 4.5:1, as text
should); the probability shading's neighbouring bands, under every vision
and in grey (access/colour/bands.py); and the bold board cursor's contrast
against what surrounds it (ui/game/ring.py). --manual prints those figures
as the manual's Accessibility page gives them, line for line (a test checks
that the page says exactly this).

--search finds twelve number colours for a deficiency among the 4096 the
Amiga's 12-bit palette shows: coordinate ascent on the smallest distance
(under the deficiency and under normal vision both, so the preset serves
everyone at the table), each number moved in turn to the candidate that best
raises its own smallest distance, candidates tried nearest first to the
Workbench 3.1 colour of that number so the preset keeps the 1993 look where
the measure allows. It prints the colours for amigasweeper/access/colour/presets.py.
Give --search more than once to be apart under several visions at once (the
Red-green preset: --search protanopia --search deuteranopia), and
--least-contrast to try only colours at that WCAG contrast against the square
or more (High contrast: --search normal --least-contrast 4.6).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from amigasweeper.access.colour import bands, contrast, measure, rgb12
from amigasweeper.access.colour.ciede2000 import delta_e_2000
from amigasweeper.access.colour.presets import PRESETS, Preset
from amigasweeper.access.colour.vision import Deficiency, lab
from amigasweeper.engine.topology import Shape
from amigasweeper.ui.intuition.palette import RGB, WORKBENCH2_PENS, Pen, number_pen

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


# ---------------------------------------------------------- other measures
SHAPE_WORDS = {Shape.SQUARE: "squares", Shape.HEX: "hexagons", Shape.TRIANGLE: "triangles"}
SHADING_2_4 = tuple(rgb12.nearest(RGB[Pen(p)]) for p in range(Pen.PROB0, Pen.PROB7 + 1))
# 2.4's Kickstart 2 patterns (ui/game/shading_legend.py's KICKSTART2_STEPS), as the measure takes them.
SHADING_2_4_KICKSTART2 = tuple(
    bands.Pattern(base, over, round(share * bands.SIXTEENTHS)) for base, over, share in (
        (bands.WHITE, bands.BLUE, 0.0), (bands.WHITE, bands.BLUE, 0.25), (bands.WHITE, bands.BLUE, 0.5),
        (bands.WHITE, bands.BLUE, 0.75), (bands.BLUE, bands.BLACK, 0.0), (bands.BLUE, bands.BLACK, 0.25),
        (bands.BLUE, bands.BLACK, 0.5), (bands.BLUE, bands.BLACK, 0.75)))
# What the bold cursor's ring lies beside on the board: the squares' grey face,
# the shine of a covered square's bevel, an uncovered square's grid line. (The
# shadow is in the Text pen, the ring's own: it only widens the ring.)
CURSOR_SURROUNDINGS = {"grey": Pen.GREY, "shine": Pen.WHITE, "grid": Pen.BLUE}


def contrast_report(preset: Preset) -> str:
    ratios = [contrast.ratio(rgb, SQUARE) for rgb in preset.number_colours(SCREEN_NUMBERS)]
    low = min(ratios)
    return (f"== {preset.name} ({preset.title}): every number {low:.2f}:1 or more against the uncovered square "
            f"(the least: {ratios.index(low) + 1}); asked {preset.least_contrast:g}:1")


def shading_report() -> list[str]:
    lines = ["== the probability shading: CIEDE2000 between neighbouring bands, and L* (lightness) of each"]
    for name, steps in (("light to dark (access/colour/bands.py)", bands.STEPPED), ("colours (2.4)", SHADING_2_4)):
        lines.append(f"  {name}: " + " ".join(f"#{c:03X}" for c in steps))
        for vision in Deficiency:
            found = bands.neighbour_distances(vision, steps)
            lights = " ".join(f"{v:5.1f}" for v in bands.lightness(vision, steps))
            lines.append(f"    {vision.value:12} smallest {min(found):5.1f}  neighbours "
                         + " ".join(f"{v:5.1f}" for v in found) + f"  L* {lights}")
    workbench = [RGB[pen] for pen in WORKBENCH2_PENS]
    patterns = (("light to dark, Kickstart 2 (access/colour/bands.py)", bands.FOUR_COLOUR_STEPPED),
                ("patterns of 2.4, Kickstart 2", SHADING_2_4_KICKSTART2))
    for name, steps in patterns:
        lines.append(f"  {name}: " + " ".join(f"{p.base}/{p.over}:{p.sixteenths}" for p in steps))
        for vision in Deficiency:
            found = bands.pattern_distances(vision, workbench, steps)
            lights = " ".join(f"{v:5.1f}" for v in bands.pattern_lightness(vision, workbench, steps))
            lines.append(f"    {vision.value:12} smallest {min(found):5.1f}  neighbours "
                         + " ".join(f"{v:5.1f}" for v in found) + f"  L* {lights}")
    return lines


def cursor_figures() -> dict[str, float]:
    """The bold ring (the Text pen on the Workbench colours) against what it
    lies beside, and 3.1's complement frame (grey turned to the grid's blue)."""
    ring = RGB[Pen.BLACK]
    figures = {name: contrast.ratio(ring, RGB[pen]) for name, pen in CURSOR_SURROUNDINGS.items()}
    figures["complement"] = contrast.ratio(RGB[Pen.BLUE], RGB[Pen.GREY])
    return figures


def cursor_report() -> str:
    f = cursor_figures()
    return (f"== the bold cursor: {f['grey']:.1f}:1 against the squares' grey, {f['shine']:.1f}:1 against the "
            f"shine, {f['grid']:.1f}:1 against the grid; 3.1's complement frame {f['complement']:.1f}:1")


def smallest_on_shapes(preset: Preset, vision: Deficiency) -> list[float]:
    return [measure.minimum(swatch_of(preset), vision, measure.numbers_shown(shape))[0] for shape in Shape]


def manual_figures() -> list[str]:
    """The figures of the manual's Accessibility page, as it prints them
    (each line short enough for the manual's file)."""
    lines = []
    for preset in PRESETS.values():
        for vision in preset.deficiencies:
            low = ", ".join(f"{v:.1f}" for v in smallest_on_shapes(preset, vision))
            lines.append(f"  {preset.title}, seen with {vision.value}: {low};")
        if preset.deficiencies:
            lines.append(f"    normal vision {min(smallest_on_shapes(preset, Deficiency.NORMAL)):.1f} or more.")
    crossed = [(PRESETS["deuteranopia"], Deficiency.PROTANOPIA), (PRESETS["protanopia"], Deficiency.DEUTERANOPIA)]
    for preset, vision in crossed:
        lines.append(f"  {preset.title}, seen with {vision.value}: {min(smallest_on_shapes(preset, vision)):.1f}.")
    for preset in PRESETS.values():
        if preset.least_contrast:
            low = min(contrast.ratio(rgb, SQUARE) for rgb in preset.number_colours(SCREEN_NUMBERS))
            lines.append(f"  {preset.title}: every number {low:.1f}:1 or more.")
            if not preset.deficiencies:
                apart = ", ".join(f"{v:.1f}" for v in smallest_on_shapes(preset, Deficiency.NORMAL))
                lines.append(f"    Apart for normal vision: {apart}.")
    screen = {n: contrast.ratio(rgb, SQUARE) for n, rgb in enumerate(SCREEN_NUMBERS[:8], start=1)}
    under = ", ".join(f"{n} at {v:.1f}:1" for n, v in screen.items() if v < contrast.TEXT)
    lines.append(f"  Workbench 3.1, the numbers under {contrast.TEXT:g}:1:")
    lines.append(f"    {under}.")
    for name, steps in (("Light to dark", bands.STEPPED), ("Colours", SHADING_2_4)):
        lines.append(f"  {name}: " + ", ".join(f"{bands.smallest(v, steps)[0]:.1f}" for v in Deficiency) + ".")
    workbench = [RGB[pen] for pen in WORKBENCH2_PENS]
    for name, patterns in (("Kickstart 2, light to dark", bands.FOUR_COLOUR_STEPPED),
                           ("Kickstart 2, 2.4's patterns", SHADING_2_4_KICKSTART2)):
        lines.append(f"  {name}: " + ", ".join(
            f"{min(bands.pattern_distances(v, workbench, patterns)):.1f}" for v in Deficiency) + ".")
    f = cursor_figures()
    lines.append(f"  Bold ring: {f['grey']:.1f}:1 against the grey, {f['shine']:.1f}:1 against")
    lines.append(f"    the shine, {f['grid']:.1f}:1 against the grid; the complement frame")
    lines.append(f"    {f['complement']:.1f}:1 against the grey.")
    return lines


# ------------------------------------------------------ the bands' search
def grey_ladder(least: float = measure.THRESHOLD, steps: int = bands.STEPS) -> list[float]:
    """L* of greys from white down, each the lightest at least ``least`` from
    the one before in CIEDE2000: where the bands' lightness must fall."""
    greys = [lab(g * 0x010101) for g in range(256)]
    ladder = [255]
    while len(ladder) < steps:
        darker = [g for g in range(ladder[-1] - 1, -1, -1) if delta_e_2000(greys[g], greys[ladder[-1]]) >= least]
        if not darker:
            raise SystemExit(f"no {steps} greys are {least} apart")
        ladder.append(darker[0])
    return [greys[g][0] for g in ladder]


def search_bands(window: float = 3.0, hues: tuple[float, float] = (0.0, 110.0), keep: int = 60) -> tuple[float, list[int]]:
    """Eight 12-bit bands, one from each rung of the grey ladder (their grey
    lightness within ``window`` of it; the last one near black), warm in hue
    (``hues``, degrees of CIELAB hue, or nearly neutral) and apart from the
    covered square's grey for normal vision; the chain whose nearest
    neighbours, under every vision, are furthest apart. Layer by layer,
    keeping the ``keep`` best chains so far."""
    import math

    labs = {v: [lab(rgb12.expand(c), v) for c in range(rgb12.COLOURS)] for v in Deficiency}
    square = lab(SQUARE)

    def warm(c: int) -> bool:
        _, a, b = labs[Deficiency.NORMAL][c]
        return math.hypot(a, b) < 12 or hues[0] <= math.degrees(math.atan2(b, a)) % 360 <= hues[1]

    def apart(a: int, b: int) -> float:
        return min(delta_e_2000(labs[v][a], labs[v][b]) for v in Deficiency)

    ladder, layers = grey_ladder(), []
    for rung, target in enumerate(ladder):
        low, high = (97.0, 101.0) if rung == 0 else (0.0, 10.0) if rung == len(ladder) - 1 else (
            target - window, target + window)
        layers.append([c for c in range(rgb12.COLOURS) if low <= labs[Deficiency.GREY][c][0] <= high
                       and warm(c) and delta_e_2000(labs[Deficiency.NORMAL][c], square) >= measure.THRESHOLD])
    # A chain: (its nearest neighbours' distance, the sum of its neighbours' distances, its bands);
    # between chains as close, the one further apart on the whole wins.
    chains = {c: (99.0, 0.0, [c]) for c in layers[0]}
    for layer in layers[1:]:
        grown = {}
        for c in layer:
            steps = ((apart(chain[-1], c), score, total, chain) for score, total, chain in chains.values())
            grown[c] = max((min(score, d), total + d, chain + [c]) for d, score, total, chain in steps)
        chains = dict(sorted(grown.items(), key=lambda item: item[1][:2], reverse=True)[:keep])
    low, _, found = max(chains.values())
    return low, found


# --------------------------------------------------------------- the search
class Search:
    """Coordinate ascent over the 4096 12-bit colours for one deficiency."""

    def __init__(self, deficiency: Deficiency | tuple[Deficiency, ...], target: float, square_target: float,
                 seed: int, least_contrast: float = 1.0) -> None:
        wanted = deficiency if isinstance(deficiency, tuple) else (deficiency,)
        self.visions = tuple(dict.fromkeys((*wanted, Deficiency.NORMAL)))
        self.target, self.square_target = target, square_target
        self.random = random.Random(seed)
        self.labs = {v: [lab(rgb12.expand(c), v) for c in range(rgb12.COLOURS)] for v in self.visions}
        self.square = {v: lab(SQUARE, v) for v in self.visions}
        self.original = [lab(rgb, Deficiency.NORMAL) for rgb in SCREEN_NUMBERS]
        # Only colours at least this WCAG contrast against the square are candidates.
        self.allowed = [c for c in range(rgb12.COLOURS) if contrast.ratio(rgb12.expand(c), SQUARE) >= least_contrast]
        self.order = [self._nearest_first(i) for i in range(len(SCREEN_NUMBERS))]

    def _nearest_first(self, number: int) -> list[int]:
        normal = self.labs[Deficiency.NORMAL]
        return sorted(self.allowed, key=lambda c: delta_e_2000(normal[c], self.original[number]))

    def _start(self) -> list[int]:
        """Each number's Workbench 3.1 colour in 12 bits, or the nearest allowed one."""
        allowed = set(self.allowed)
        return [rgb12.nearest(rgb) if rgb12.nearest(rgb) in allowed else order[0]
                for rgb, order in zip(SCREEN_NUMBERS, self.order)]

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
        colours = self._start()
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
            colours[loser] = self.random.choice(self.allowed)  # shake the worst loose
        return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", choices=sorted(PRESETS), action="append", help="only these presets")
    parser.add_argument("--vision", choices=[d.value for d in Deficiency], action="append", help="only these visions")
    parser.add_argument("--no-matrix", action="store_true", help="the summary lines only")
    parser.add_argument("--manual", action="store_true", help="the figures the manual gives, as it gives them")
    parser.add_argument("--search-bands", action="store_true",
                        help="search for the shading's eight bands (access/colour/bands.py's STEPPED)")
    parser.add_argument("--search", choices=[d.value for d in Deficiency], action="append",
                        help="search for colours apart under this vision (give it more than once for several)")
    parser.add_argument("--least-contrast", type=float, default=1.0,
                        help="search: only colours at least this WCAG contrast against the uncovered square")
    parser.add_argument("--target", type=float, default=12.0, help="search: distance sought between numbers")
    parser.add_argument("--square-target", type=float, default=20.0, help="search: between a number and the square")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--restarts", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1993)
    args = parser.parse_args(argv)
    if args.search:
        visions = tuple(Deficiency(v) for v in args.search)
        found = Search(visions, args.target, args.square_target, args.seed, args.least_contrast).run(args.rounds, args.restarts)
        print("    numbers=(" + ", ".join(f"0x{c:03X}" for c in found) + "),")
        return 0
    if args.search_bands:
        low, found = search_bands()
        print(f"    smallest {low:.2f}: STEPPED = (" + ", ".join(f"0x{c:03X}" for c in found) + ")")
        return 0
    if args.manual:
        print("\n".join(manual_figures()))
        return 0
    visions = [Deficiency(v) for v in args.vision] if args.vision else list(Deficiency)
    for name in args.preset or PRESETS:
        preset = PRESETS[name]
        if preset.plain_numbers:
            print(f"== {preset.name} ({preset.title}): every number in the text pen, outside the measure")
            continue
        if preset.least_contrast:
            print(contrast_report(preset))
        for vision in visions:
            print("\n".join(report(preset, vision, not args.no_matrix)))
    if not args.preset:
        print("\n".join(shading_report()))
        print(cursor_report())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

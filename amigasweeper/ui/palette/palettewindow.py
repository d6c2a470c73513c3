"""The Palette window, laid out as Workbench 3.1's Prefs/Palette: the pens
in a grid of colour boxes, the chosen pen's red, green and blue (0 to 15,
the Amiga's 4 bits a gun) each with a slider and arrows, a Preset cycle
gadget, and Save, Use and Cancel at the bottom. Two more cycle gadgets
choose the looks for every reader that go with the palette: Cursor
(Complement, 3.1's focus frame; Bold ring) and Shading (Colours; Light to
dark, bands stepped in lightness).

Every change shows on the screen at once. Save keeps the palette with the
settings, Use keeps it for this run, Cancel (or Esc, or the close gadget)
puts back the colours the window opened with. By keys: Tab reaches every
gadget (keyfocus.py), the cursor keys Left and Right choose the pen, Up and
Down the gun, and + and - change it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial

import pyxel

from amigasweeper.access.colour import rgb12

from ..intuition import font
from ..intuition.gfx import bevel
from ..intuition.input import Button, Frame
from ..intuition.palette import Pen
from ..intuition.requester import BUTTON_H, CycleGadget, TextButton
from ..intuition.widgets import PushGadget, Widget
from ..intuition.window import Window
from .pens import CURSOR_TITLES, EDITABLE, PEN_NAMES, PRESET_ORDER, SHADING_TITLES, Palette

PAD = 4
BOX_W, BOX_H, BOX_GAP = 14, 10, 2
BOXES_PER_ROW = 10
LINE_H = 10
GUNS = ("Red", "Green", "Blue")
SLIDER_W = 64  # 16 steps of 4 pixels
GUN_LABEL_W = 6 * 8


class PenBox(PushGadget):
    """A colour box of the grid: selecting it chooses the pen."""

    def __init__(self, window: PaletteWindow, pen: int) -> None:
        super().__init__(0, 0, BOX_W, BOX_H)
        self.window, self.pen = window, pen

    @property
    def label(self) -> str:
        """As the Narrator names it when Tab lights it."""
        return f"{PEN_NAMES[self.pen]}, {rgb12.to_text(self.window.palette.colour12(self.pen))}"

    def activate(self) -> None:
        self.window.choose_pen(self.pen)

    def draw(self) -> None:
        chosen = self.pen == self.window.pen
        pyxel.rect(self.ax, self.ay, self.w, self.h, self.pen)
        pyxel.rectb(self.ax, self.ay, self.w, self.h, Pen.BLACK)
        if chosen:  # Prefs/Palette marks the chosen colour with a frame round it
            pyxel.rectb(self.ax - 2, self.ay - 2, self.w + 4, self.h + 4, Pen.BLACK)
            pyxel.rectb(self.ax - 1, self.ay - 1, self.w + 2, self.h + 2, Pen.WHITE)


class Slider(Widget):
    """A gun's proportional gadget: a click or drag sets the value where it is."""

    def __init__(self, window: PaletteWindow, gun: int) -> None:
        super().__init__(0, 0, SLIDER_W + 4, LINE_H)
        self.window, self.gun = window, gun

    def on_press(self, frame: Frame, button: Button) -> None:
        if button is Button.LEFT:
            self.on_drag(frame)

    def on_drag(self, frame: Frame) -> None:
        self.window.set_gun(self.gun, (frame.x - self.ax - 2) // (SLIDER_W // 16))

    def draw(self) -> None:
        bevel(self.ax, self.ay, self.w, self.h, recessed=True, fill=Pen.GREY)
        value = self.window.gun_value(self.gun)
        knob_x = self.ax + 2 + value * (SLIDER_W // 16)
        bevel(knob_x, self.ay + 1, SLIDER_W // 16, self.h - 2, fill=Pen.BLUE)


class LookGadget(CycleGadget):
    """A cycle gadget over a setting's values, showing their titles; its
    ``values`` say which value each choice is."""

    def __init__(self, label: str, titles: Mapping[str, str], value: str) -> None:
        super().__init__(label, list(titles.values()), list(titles).index(value))
        self.values = list(titles)

    @property
    def chosen(self) -> str:
        """The setting's value the gadget shows."""
        return self.values[self.index]


class GunArrow(TextButton):
    """A < or > button beside a gun's slider; the Narrator says ``spoken``
    (less red, more blue...) where the label alone would say just the arrow."""

    def __init__(self, label: str, action: Callable[[], None], spoken: str) -> None:
        super().__init__(label, action)
        self.spoken = spoken


def gun_of(colour: int, gun: int) -> int:
    return (colour >> (8 - 4 * gun)) & 0xF


def with_gun(colour: int, gun: int, value: int) -> int:
    shift = 8 - 4 * gun
    return (colour & ~(0xF << shift)) | (max(0, min(15, value)) << shift)


class PaletteWindow(Window):
    def __init__(self, palette: Palette, screen_size: tuple[int, int], *, on_change: Callable[[Palette], None],
                 on_save: Callable[[Palette], None], on_use: Callable[[Palette], None],
                 on_cancel: Callable[[], None], on_depth: Callable[[], None]) -> None:
        super().__init__("Palette", 0, 0, 100, 100, on_close=on_cancel, on_depth=on_depth)
        self.palette = palette
        self.on_change = on_change
        self.screen_title = "Palette Preferences"
        self.help_node = "Accessibility"  # what Help (F1) shows: the presets and how they were measured
        self.pen = EDITABLE[0]
        self.gun = 0
        titles = [p.title for p in PRESET_ORDER]
        index = next(i for i, p in enumerate(PRESET_ORDER) if p is palette.preset)
        self.preset_gadget = self.add(CycleGadget("Preset", titles, index))
        self.preset_gadget.on_change = lambda gadget: self.choose_preset(gadget.index)
        self.cursor_gadget = self.add(LookGadget("Cursor", CURSOR_TITLES, palette.cursor))
        self.cursor_gadget.on_change = lambda _: self.change(replace(self.palette, cursor=self.cursor_gadget.chosen))
        self.shading_gadget = self.add(LookGadget("Shading", SHADING_TITLES, palette.shading))
        self.shading_gadget.on_change = lambda _: self.change(replace(self.palette, shading=self.shading_gadget.chosen))
        label_w = max(g.label_w for g in self.look_gadgets)
        for gadget in self.look_gadgets:  # their boxes in one column, as Workbench's prefs line them up
            gadget.w, gadget.label_w = gadget.w + label_w - gadget.label_w, label_w
        self.boxes = [self.add(PenBox(self, pen)) for pen in EDITABLE]
        self.arrows: list[tuple[TextButton, Slider, TextButton]] = []
        for gun, name in enumerate(GUNS):
            less = self.add(GunArrow("<", partial(self.step_gun, gun, -1), f"less {name.lower()}"))
            slider = self.add(Slider(self, gun))
            more = self.add(GunArrow(">", partial(self.step_gun, gun, 1), f"more {name.lower()}"))
            self.arrows.append((less, slider, more))
        self.buttons = [self.add(TextButton(label, action)) for label, action in (
            ("Save", lambda: on_save(self.palette)), ("Use", lambda: on_use(self.palette)), ("Cancel", on_cancel))]
        self.screen_size = screen_size
        self.relayout()

    @property
    def look_gadgets(self) -> list[CycleGadget]:
        """The cycle gadgets at the top, one a line."""
        return [self.preset_gadget, self.cursor_gadget, self.shading_gadget]

    # ---------------------------------------------------------------- state
    def spoken(self) -> str:
        """What the Narrator says of the window, and again as it changes: the
        chosen pen, its three guns (the one + and - change first named), the preset."""
        guns = ", ".join(f"{name.lower()} {self.gun_value(gun)}" for gun, name in enumerate(GUNS))
        preset = self.preset_gadget.value
        return (f"{PEN_NAMES[self.pen]}, pen {self.pen}: {guns}; + and - change "
                f"{GUNS[self.gun].lower()}; preset {preset}")

    def choose_pen(self, pen: int) -> None:
        self.pen = pen

    def gun_value(self, gun: int) -> int:
        return gun_of(self.palette.colour12(self.pen), gun)

    def set_gun(self, gun: int, value: int) -> None:
        colour = with_gun(self.palette.colour12(self.pen), gun, value)
        if colour != self.palette.colour12(self.pen) or self.pen not in self.palette.edited:
            self.change(self.palette.with_pen(self.pen, colour))

    def step_gun(self, gun: int, step: int) -> None:
        self.gun = gun
        self.set_gun(gun, self.gun_value(gun) + step)

    def choose_preset(self, index: int) -> None:
        self.change(self.palette.with_preset(PRESET_ORDER[index]))

    def change(self, palette: Palette) -> None:
        self.palette = palette
        self.on_change(palette)  # shown on the screen at once

    # --------------------------------------------------------------- layout
    def relayout(self) -> None:
        x0, y = self.inner_x + PAD, self.inner_y + PAD
        for gadget in self.look_gadgets:
            gadget.x, gadget.y = x0, y
            y += gadget.h + PAD
        y += 2
        for i, box in enumerate(self.boxes):
            row, col = divmod(i, BOXES_PER_ROW)
            box.x, box.y = x0 + 2 + col * (BOX_W + BOX_GAP), y + 2 + row * (BOX_H + BOX_GAP + 2)
        rows = (len(self.boxes) + BOXES_PER_ROW - 1) // BOXES_PER_ROW
        y += rows * (BOX_H + BOX_GAP + 2) + 2 + LINE_H + PAD  # the chosen pen's name under the grid
        self.name_y = y - LINE_H - PAD // 2
        for less, slider, more in self.arrows:
            less.x, less.y = x0 + GUN_LABEL_W, y
            slider.x, slider.y = less.x + less.w + 2, y + (less.h - slider.h) // 2
            more.x, more.y = slider.x + slider.w + 2, y
            y += less.h + 2
        inner_w = max(BOXES_PER_ROW * (BOX_W + BOX_GAP) + 4, more.x + more.w + 4 * 8 - self.inner_x,
                      *(g.w for g in self.look_gadgets)) + 2 * PAD
        y += PAD
        free = inner_w - 2 * PAD - sum(b.w for b in self.buttons)
        x = self.inner_x + PAD
        for button in self.buttons:
            button.x, button.y = x, y
            x += button.w + free // (len(self.buttons) - 1)
        self.buttons[-1].x = self.inner_x + inner_w - PAD - self.buttons[-1].w
        self.resize_inner(inner_w, y + BUTTON_H + PAD - self.inner_y)
        screen_w, screen_h = self.screen_size
        self.settle((screen_w - self.w) // 2, 16)

    # ---------------------------------------------------------------- input
    def on_key(self, frame: Frame) -> bool:
        if frame.amiga:
            return False
        if frame.key(pyxel.KEY_ESCAPE):
            self.buttons[-1].activate()
            return True
        index = EDITABLE.index(self.pen)
        moves = {pyxel.KEY_LEFT: -1, pyxel.KEY_RIGHT: 1}
        for code in frame.keys:
            if code in moves:
                self.choose_pen(EDITABLE[(index + moves[code]) % len(EDITABLE)])
            elif code in (pyxel.KEY_UP, pyxel.KEY_DOWN):
                self.gun = (self.gun + (1 if code == pyxel.KEY_DOWN else -1)) % len(GUNS)
            elif code in (pyxel.KEY_EQUALS, pyxel.KEY_MINUS):
                self.step_gun(self.gun, 1 if code == pyxel.KEY_EQUALS else -1)
        return True

    # ----------------------------------------------------------------- draw
    def draw_interior(self) -> None:
        x0 = self.ax + self.inner_x + PAD
        colour = self.palette.colour12(self.pen)
        name = f"{PEN_NAMES[self.pen]} (pen {self.pen}) {rgb12.to_text(colour)}"
        font.draw_text(x0, self.ay + self.name_y, name, Pen.BLACK)
        for gun, (less, slider, more) in enumerate(self.arrows):
            y = self.ay + less.y + 3
            label_pen = Pen.WHITE if gun == self.gun else Pen.BLACK  # the gun + and - change
            font.draw_text(x0, y, GUNS[gun], label_pen)
            font.draw_text(self.ax + more.x + more.w + 4, y, f"{self.gun_value(gun):2d}", Pen.BLACK)


"""The colours of Unicorn Arcade, in one place so every screen speaks the same language.

Bold flat colours, one dark ink for outlines and text shadows, and one colour per player seat.
Seat colours come with a letter shape elsewhere so colour-blind players can tell them apart.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from scenes.engine.paths import ASSETS

Color = tuple[int, int, int]

INK: Color = (27, 20, 48)  # outlines, shadows, text on light backgrounds
NIGHT: Color = (44, 30, 86)  # deep background
DUSK: Color = (86, 52, 150)  # lighter background band
PANEL: Color = (58, 42, 108)  # panels and idle buttons
PANEL_LIGHT: Color = (82, 64, 146)
WHITE: Color = (255, 255, 255)
CREAM: Color = (255, 246, 226)
MUTED: Color = (150, 140, 185)  # disabled text: still readable on PANEL
GREY: Color = (112, 104, 140)

PINK: Color = (255, 92, 170)
MAGENTA: Color = (220, 60, 200)
GOLD: Color = (255, 204, 51)
ORANGE: Color = (255, 140, 50)
MINT: Color = (64, 222, 160)
SKY: Color = (80, 180, 255)
VIOLET: Color = (160, 110, 255)
RED: Color = (240, 70, 80)
GREEN: Color = (70, 200, 90)

RAINBOW: tuple[Color, ...] = (RED, ORANGE, GOLD, GREEN, SKY, VIOLET)

# One colour per seat, in seat order (up to six players in Startup Fever).
SEATS: tuple[Color, ...] = (PINK, SKY, GOLD, MINT, ORANGE, VIOLET)

# Controller face buttons, as printed on the pads.
XBOX_A: Color = (96, 190, 60)
XBOX_B: Color = (230, 60, 60)
XBOX_X: Color = (50, 120, 230)
XBOX_Y: Color = (240, 190, 30)
PS_CROSS: Color = (120, 160, 235)
PS_CIRCLE: Color = (240, 90, 100)
PS_SQUARE: Color = (230, 130, 200)
PS_TRIANGLE: Color = (60, 200, 170)


def mix(a: Color, b: Color, t: float) -> Color:
    """Blend from `a` (t=0) to `b` (t=1); used for gradients and highlights."""
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def hex_colour(code: str) -> Color:
    """"#FF5CAA" -> (255, 92, 170)."""
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


def rgb_hex(colour: Sequence[int]) -> str:
    """(255, 92, 170) -> "#ff5caa" (as the phone page takes a seat's colour)."""
    r, g, b = tuple(colour)[:3]
    return f"#{r:02x}{g:02x}{b:02x}"


# The player colours by colour name, as painted into the pawn sprites: the `player_colours`
# of assets/sprites/palette.json (pink, blue, yellow, green, orange, purple).
_SPRITES = json.loads((ASSETS / "sprites" / "palette.json").read_text(encoding="utf-8"))
STANDARD_PLAYER_COLOURS: Mapping[str, Color] = MappingProxyType(
    {name: hex_colour(code) for name, code in _SPRITES["player_colours"].items()})

# The colour-blind-safe player palette (settings: palette "safe"), by colour name. Chosen so
# every pair stays at least ΔE 25 apart under protanopia, deuteranopia and tritanopia
# simulation (scenes/engine/colourblind.py; the standard palette drops to ΔE 16 for
# deuteranopes) while each stays readable on the dark panels.
SAFE_PLAYER_COLOURS: Mapping[str, Color] = MappingProxyType({
    "pink": (204, 121, 167), "blue": (40, 110, 230), "yellow": (240, 228, 66),
    "green": (80, 210, 120), "orange": (213, 94, 0), "purple": (190, 160, 255),
})

# The player palettes by setting name (read only). Which one is in use is part of the
# presentation context: `THEME.players` (scenes/engine/theme.py), with its change signal.
PLAYER_PALETTES: Mapping[str, Mapping[str, Color]] = MappingProxyType(
    {"standard": STANDARD_PLAYER_COLOURS, "safe": SAFE_PLAYER_COLOURS})

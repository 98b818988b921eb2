"""Sprites, player colours and seat shapes both games' screens draw with, loaded once and cached.

Player colours and shape markers come from `assets/sprites/palette.json` so the pawns on
the board, the HUD swatches and the results chart all agree with the generated art. The
colour a seat shows is the theme's (`THEME.player_rgb`, the palette setting): pawns and
markers drawn in one palette are dropped when it changes.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache

import pygame

from scenes.engine.missing import say_once
from scenes.engine.palette import STANDARD_PLAYER_COLOURS, Color, hex_colour
from scenes.engine.paths import ASSETS
from scenes.engine.theme import THEME, Theme

SPRITES = ASSETS / "sprites"
_PALETTE = json.loads((SPRITES / "palette.json").read_text(encoding="utf-8"))

COLOURS: tuple[str, ...] = tuple(_PALETTE["player_colours"])  # pink, blue, yellow, ...
SHAPES: tuple[str, ...] = tuple(_PALETTE["marker_shapes"])  # one shape per colour
PAWN_ANCHOR: tuple[int, int] = tuple(_PALETTE["pawn_anchor"])  # feet, in sprite px
MARKER_CENTRE: tuple[int, int] = tuple(_PALETTE["pawn_marker_centre"])
CARD_TEXT_RECT = pygame.Rect(_PALETTE["card_text_rect"])


STANDARD_RGB = STANDARD_PLAYER_COLOURS  # the colours painted into the pawn sprites
SIGNUPS_GREEN: Color = hex_colour(_PALETTE["colours"]["signups_green"])
CHURN_RED: Color = hex_colour(_PALETTE["colours"]["churn_red"])


def shape_of(colour: str) -> str:
    """The marker shape that goes with a colour (colour-blind players read the shape)."""
    return SHAPES[COLOURS.index(colour) % len(SHAPES)]


def sprite(name: str) -> pygame.Surface:
    """assets/sprites/<name>.png, converted for fast blits (needs a display mode set).
    One that cannot be opened now (no file descriptor left) is drawn empty this time,
    said once, and loaded at a later use."""
    try:
        return _sprite(name)
    except (OSError, pygame.error) as exc:
        say_once(SPRITES / f"{name}.png", exc, "drawing without it for now")
        width, height = _PALETTE.get("sizes", {}).get(name, (32, 32))
        return pygame.Surface((width, height), pygame.SRCALPHA)


@cache
def _sprite(name: str) -> pygame.Surface:
    image = pygame.image.load(str(SPRITES / f"{name}.png"))
    return image.convert_alpha() if pygame.display.get_surface() else image


#: Scaled copies kept. Sizes follow the camera's zoom tween and every squash frame of a
#: hop, so an unbounded cache grew by hundreds of surfaces per game (1,100 pawns after
#: 80,000 frames); a bounded LRU keeps the sizes in use now and lets the others go.
SCALED_CACHE = 256


@lru_cache(maxsize=SCALED_CACHE)
def scaled(name: str, size: tuple[int, int]) -> pygame.Surface:
    """A sprite smooth-scaled to `size` (cached, so scaling happens once per size)."""
    return pygame.transform.smoothscale(sprite(name), size)


def _recolour(theme: Theme) -> None:
    """A new palette (or text size): the pawns and markers are drawn again."""
    for cached in (pawn, pawn_scaled, marker):
        cached.cache_clear()


@cache
def pawn(colour: str, shape: str = "") -> pygame.Surface:
    """The pawn of `colour` (in the active palette) with its shape marker (the seat's
    chosen one, or the colour's) printed on the body."""
    body = sprite(f"pawn_{colour}").copy()
    rgb = THEME.player_rgb(colour)
    if rgb != STANDARD_RGB[colour]:  # the safe palette: repaint the body colour
        pixels = pygame.PixelArray(body)
        pixels.replace(STANDARD_RGB[colour], rgb, distance=0.12)
        pixels.close()
    mark = sprite(f"marker_{shape or shape_of(colour)}_small")
    body.blit(mark, mark.get_rect(center=MARKER_CENTRE))
    return body


@lru_cache(maxsize=SCALED_CACHE)
def pawn_scaled(colour: str, w: int, h: int, shape: str = "") -> pygame.Surface:
    return pygame.transform.smoothscale(pawn(colour, shape), (max(1, w), max(1, h)))


@cache
def marker(colour: str, size: int, shape: str = "") -> pygame.Surface:
    """A round badge in the player's colour with their shape on it (HUD, results, chart)."""
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size // 2
    pygame.draw.circle(out, (27, 20, 48), (r, r), r)
    pygame.draw.circle(out, THEME.player_rgb(colour), (r, r), r - 3)
    mark = pygame.transform.smoothscale(sprite(f"marker_{shape or shape_of(colour)}"),
                                        (round(size * 0.6), round(size * 0.6)))
    out.blit(mark, mark.get_rect(center=(r, r)))
    return out


def money(amount: int) -> str:
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,}"


def signed_money(amount: int) -> str:
    return f"+${amount:,}" if amount >= 0 else f"-${-amount:,}"


def servers(count: int) -> str:
    return f"{count} server" if abs(count) == 1 else f"{count} servers"


THEME.on_change(_recolour)

"""Sprites, colours and small drawn pieces of the Startup Fever table, cached once each.

Seat colours and shapes are the ones of the SERVERMANIA screens (`assets/sprites/
palette.json` through `scenes.table.look`), so a player keeps their colour and shape
in both games. Pieces drawn here (User Markers with their product letter, category chips,
cubes with a count) are rendered once per look and reused every frame.
"""

from __future__ import annotations

from functools import cache

import pygame

from game.startupfever.state import COMMUNICATION, ECOMMERCE, MEDIA, SOCIAL
from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.palette import CREAM, INK, PANEL, Color, mix
from scenes.engine.theme import THEME, Theme
from scenes.table.look import COLOURS, marker, scaled, shape_of, sprite

__all__ = ["COLOURS", "marker", "scaled", "shape_of", "sprite", "CATEGORY_ICONS",
           "user_marker", "chip", "money", "tint", "fonts"]

CATEGORY_ICONS = {SOCIAL: "cat_social", COMMUNICATION: "cat_communication",
                  ECOMMERCE: "cat_ecommerce", MEDIA: "cat_media"}

def fonts() -> Fonts:
    """The one font cache of every screen: the theme's (scenes/engine/theme.py)."""
    return THEME.fonts


def money(amount: int) -> str:
    return f"-${-amount}" if amount < 0 else f"${amount}"


def marker_letter_px(size: int) -> int:
    """The letter's font size on a marker of `size` px: on the table's markers (26 px and
    up) at least 27, so the letter itself stands 18 px tall or more."""
    return max(28, size - 8) if size >= 30 else 27 if size >= 26 else max(20, size - 8)


@cache
def user_marker(colour: str, letter: str, size: int = 30) -> pygame.Surface:
    """A User Marker: a disc in the company colour, thick ink rim, the product letter."""
    out = pygame.Surface((size, size + 3), pygame.SRCALPHA)
    r = size // 2
    pygame.draw.circle(out, INK, (r, r + 3), r)  # hard shadow
    pygame.draw.circle(out, INK, (r, r), r)
    rgb = THEME.player_rgb(colour)
    pygame.draw.circle(out, rgb, (r, r), r - (3 if size >= 30 else 2))  # (a small marker's
    # rim is thinner: its 18 px letter keeps its colour around it)
    pygame.draw.circle(out, mix(rgb, (255, 255, 255), 0.45), (r - r // 3, r - r // 3),
                       max(2, r // 5))
    font = fonts().display(marker_letter_px(size))
    draw.text(out, font, letter, (r, r + 1), INK)
    return out


@cache
def chip(category: str | None, size: int = 34) -> pygame.Surface:
    """A category chip: face down (the "?" sprite) when category is None, else its icon
    on a cream tile with a thick ink rim."""
    if category is None:
        return scaled("chip_back", (size + 4, size + 4))
    out = pygame.Surface((size, size + 3), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, size, size)
    radius = size // 4
    pygame.draw.rect(out, INK, rect.move(0, 3), border_radius=radius)
    pygame.draw.rect(out, INK, rect, border_radius=radius)
    inner = rect.inflate(-6, -6)
    pygame.draw.rect(out, CREAM, inner, border_radius=radius - 2)
    icon = scaled(CATEGORY_ICONS[category], (size - 6, size - 6))
    out.blit(icon, icon.get_rect(center=inner.center))
    return out


def tint(colour: str, amount: float = 0.3) -> Color:
    """A panel fill warmed by a seat colour."""
    return mix(PANEL, THEME.player_rgb(colour), amount)


def _recolour(theme: Theme) -> None:
    """A new palette (or text size): the User Markers are drawn again in its colours."""
    user_marker.cache_clear()


THEME.on_change(_recolour)

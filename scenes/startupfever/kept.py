"""The big surfaces of the Startup Fever table, kept from one game to the next.

Every demo game used to allocate its own full-screen pictures (static table, base
picture, log and prompt-bar layers: ~14 MB); the freed ones left the C heap fragmented
and resident memory grew ~55% over the first games of a soak. One table is
shown at a time, so one set is enough: a new table repaints the kept surfaces.
"""

from __future__ import annotations

import pygame

_KEPT: dict[tuple, pygame.Surface] = {}


def surface(name: str, size: tuple[int, int], alpha: bool = False) -> pygame.Surface:
    """The kept surface called `name`, cleared to transparent (alpha) or black; made on
    first use, converted for the display when there is one."""
    shown = pygame.display.get_surface() is not None
    key = (name, tuple(size), alpha, shown)
    out = _KEPT.get(key)
    if out is None:
        out = pygame.Surface(size, pygame.SRCALPHA if alpha else 0)
        if shown:
            out = out.convert_alpha() if alpha else out.convert()
        for old in [k for k in _KEPT if k[0] == name]:  # one per name, whatever its size
            del _KEPT[old]
        _KEPT[key] = out
    out.fill((0, 0, 0, 0))
    return out


def count() -> int:
    """How many surfaces are kept (the memory test's bound)."""
    return len(_KEPT)

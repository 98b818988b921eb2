"""Draw a join URL's QR code (rows of booleans from game.companion.qr) with pygame.

Whole-pixel modules, dark ink on white with the quiet zone kept light: what phone
cameras read best from across a room.
"""

from __future__ import annotations

import pygame

from game.companion.qr import qr_matrix
from scenes.engine.palette import INK, WHITE


def qr_surface(matrix: list[list[bool]], module: int) -> pygame.Surface:
    """The code as a surface, `module` pixels per module (at least 1)."""
    module = max(1, module)
    side = len(matrix) * module
    surface = pygame.Surface((side, side))
    surface.fill(WHITE)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill(INK, (x * module, y * module, module, module))
    return surface


def qr_for(url: str, max_side: int) -> pygame.Surface:
    """url's QR code (quiet zone included) as large as fits in max_side pixels."""
    matrix = qr_matrix(url)
    return qr_surface(matrix, max_side // len(matrix))

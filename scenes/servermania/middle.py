"""The board's empty middle: where the roll prompt, banners and toasts are shown.

The SERVERMANIA track is a spiral (maps/servermania.tmx): inside its inner ring lies a
hollow that no square covers (`HOLLOW`, in map pixels). A message placed there never hides
the track, and `spot` also keeps it off every pawn (a pawn on the inner ring's bottom row
stands up into the hollow) and off whatever else the caller names (the roll-off's dice,
the roll prompt under a toast). When nothing fits (a close-up that leaves the hollow out
of view, pawns in the way of every place), `spot` says None and the caller falls back to
the edge of the board away from the pawn the message is about.
"""

from __future__ import annotations

import pygame

from scenes.servermania.camera import Lens

#: The hollow inside the spiral's inner ring, in map pixels (cells 2-7 x 3-4 of the
#: 80 px grid of maps/make_servermania_map.py); a test checks that no square touches it.
HOLLOW = pygame.Rect(200, 280, 480, 160)
#: The hollow and the empty corridor left of it, where the decks stand (cell 1 x 3-4): the
#: room a decision prompt takes (it hides the decks for a moment, never a square).
WIDE = pygame.Rect(120, 280, 560, 160)
#: The empty corridors above and below the inner ring (cells 1-9 x 1 and x 6): where a
#: toast goes when the hollow is taken (a prompt there).
CORRIDORS = (pygame.Rect(120, 120, 720, 80), pygame.Rect(120, 520, 720, 80))
MARGIN = 4  # px kept clear inside the hollow's edges


def on_screen(lens: Lens, view: pygame.Rect, hollow: pygame.Rect = HOLLOW) -> pygame.Rect:
    """The hollow (or WIDE) in canvas pixels (clipped to the board's view), its margin
    taken off."""
    left, top = lens.to_screen(hollow.topleft)
    right, bottom = lens.to_screen(hollow.bottomright)
    area = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
    return area.inflate(-2 * MARGIN, -2 * MARGIN).clip(view)


def spot(size: tuple[int, int], area: pygame.Rect, avoid: list[pygame.Rect]
         ) -> pygame.Rect | None:
    """A place for a `size` rectangle inside `area` that touches none of `avoid`: the top
    of the area first (pawns stand up into its bottom), centred, then left or right; then
    the middle and the bottom. None when it does not fit anywhere."""
    w, h = size
    if w > area.w or h > area.h:
        return None
    for y in (area.y, area.centery - h // 2, area.bottom - h):
        for x in (area.centerx - w // 2, area.x, area.right - w):
            rect = pygame.Rect(x, y, w, h)
            if rect.collidelist(avoid) < 0:
                return rect
    return None


def wrap(font: pygame.font.Font, text: str, room: int) -> list[str]:
    """`text` on one line if it fits in `room` px, else on two lines split at the space
    that balances them best (a message in the middle is narrower than the board)."""
    if font.size(text)[0] <= room or " " not in text:
        return [text]
    words = text.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return list(min(splits, key=lambda pair: max(font.size(pair[0])[0], font.size(pair[1])[0])))

"""Where the Startup Fever table says things in words: its banners and the coach's tips.

Both stand in the lower band of the table (the log's place and the counters beside it),
never over the User Track, whose fields and labels stay readable under every message:

- a banner ("J hires nobody: out of money") slides up inside the log's box, the one place
  where the story of the game is told, wrapped to fit it;
- a coach tip takes the log's box too, or, when an open prompt covers that box, the
  part of the lower band beside the prompt, so it never hides a prompt's title (only a
  prompt as big as the table leaves it nothing but the strip above it).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pytweening

from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.palette import CREAM, GOLD, INK, Color
from scenes.table import look

BANNER_TIME = 1.6  # seconds a banner shows (it slides in for 0.3 s and out for 0.3 s)
PAD = 14


def wrap_to(fonts: Fonts, face: str, px: int, text: str, box: pygame.Rect,
            floor: int = 20) -> tuple[pygame.font.Font, list[str]]:
    """The largest `face` font of at most `px` px in which `text`, wrapped to `box`'s
    width, fits its height (at `floor` px it stops shrinking)."""
    size = px
    while True:
        font = fonts.get(face, size)
        lines = draw.wrap(font, text, box.w)
        if size <= floor or len(lines) * font.get_linesize() <= box.h:
            return font, lines
        size -= 1


def draw_banner(canvas: pygame.Surface, fonts: Fonts, area: pygame.Rect, text: str,
                colour: Color, icon: str | None, age: float) -> pygame.Rect:
    """A banner in `area` (the log's box) at `age` seconds: it slides up into the box,
    holds, and slides down out of it; nothing of it leaves the box. Returns its rect."""
    slide = pytweening.easeOutBack(min(1.0, age / 0.3))
    out = pytweening.easeInQuad(max(0.0, (age - BANNER_TIME + 0.3) / 0.3))
    rect = area.inflate(-8, -8)
    rect.y += round(rect.h * (1 - slide) + rect.h * out)
    clip = canvas.get_clip()
    canvas.set_clip(area.clip(clip))
    draw.box(canvas, rect, colour, outline=INK, radius=18, shadow=0, width=4)
    left = rect.x + PAD
    if icon:
        image = look.scaled(icon, (46, 46))
        canvas.blit(image, image.get_rect(midleft=(rect.x + 12, rect.centery)))
        left = rect.x + 66
    room = pygame.Rect(left, rect.y + 8, rect.right - PAD - left, rect.h - 16)
    font, lines = wrap_to(fonts, "display", fonts.scaled(34), text, room, 22)
    y = rect.centery - len(lines) * font.get_linesize() // 2
    for line in lines:
        draw.text(canvas, font, line, (room.x, y), INK, anchor="topleft", volatile=True)
        y += font.get_linesize()
    canvas.set_clip(clip)
    return rect


def tip_area(log_box: pygame.Rect, band: pygame.Rect,
             prompts: Sequence[pygame.Rect]) -> pygame.Rect:
    """Where a coach tip goes: the log's box, unless an open prompt covers it; then the
    widest part of the lower `band` left and right of the prompts (the prompts of the
    table are panels on one side, the middle, or a plate above the log)."""
    covering = [p for p in prompts if p.colliderect(log_box)]
    if not covering:
        return log_box
    left = min(p.left for p in covering)
    right = max(p.right for p in covering)
    parts = [pygame.Rect(band.x, band.y, left - 8 - band.x, band.h),
             pygame.Rect(right + 8, band.y, band.right - right - 8, band.h)]
    best = max(parts, key=lambda r: r.w)
    if best.w >= 220 and not any(best.colliderect(p) for p in prompts):
        return best
    # a prompt as wide and tall as the table (the card beat of six people at big text):
    # the strip above it, the last place left (it covers the track's top for a moment)
    top = min(p.top for p in prompts)
    return pygame.Rect(band.x, 0, band.w, max(40, min(64, top - 6)))


def draw_tip(canvas: pygame.Surface, fonts: Fonts, area: pygame.Rect,
             text: str) -> pygame.Rect:
    """A coach tip in `area`, wrapped to it: gold title, cream words, on ink."""
    inner = area.inflate(-2 * PAD, -16)
    font, lines = wrap_to(fonts, "body", fonts.scaled(24), text, inner, 18)
    h = len(lines) * font.get_linesize() + 16
    rect = pygame.Rect(area.x, area.centery - h // 2, area.w, h)
    rect.clamp_ip(area)
    draw.box(canvas, rect, INK, outline=GOLD, radius=14, shadow=0, width=3)
    y = rect.y + 8
    for line in lines:
        draw.text(canvas, font, line, (rect.x + PAD, y), CREAM, anchor="topleft")
        y += font.get_linesize()
    return rect

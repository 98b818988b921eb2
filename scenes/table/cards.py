"""A SIGN UPS or CHURN! card: lifted off its deck, flipped over to show its text, put away.

Phases (seconds at speed 1): rise from the deck to the middle of the board view while
growing, flip (the back narrows to an edge, the front widens), hold so the text can be
read from the couch, then shrink away. The text is wrapped into the card's text box.
"""

from __future__ import annotations

import pygame
import pytweening

from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.palette import INK
from scenes.table import look

RISE, FLIP, HOLD, AWAY = 0.4, 0.4, 2.4, 0.3
CARD_SIZE = (320, 440)


class CardFlip:
    def __init__(self, deck: str, text: str, start: tuple[float, float],
                 centre: tuple[float, float], fonts: Fonts, scale: float = 1.0,
                 hold: float = HOLD, pace: float = 1.0) -> None:
        self.deck = deck
        self.hold = hold  # seconds the front stays up (shorter for computer players)
        self.pace = pace  # >1: rises, flips and goes faster (computer players)
        self.start = pygame.Vector2(start)
        self.centre = pygame.Vector2(centre)
        self.scale = scale
        self.t = self.prev_t = 0.0
        self.back = look.sprite(f"card_back_{deck}")
        self.front = self._front(deck, text, fonts)

    @property
    def duration(self) -> float:
        return RISE + FLIP + self.hold + AWAY

    @property
    def area(self) -> pygame.Rect:
        """Where the card stands once up (a tip or note keeps clear of it)."""
        rect = pygame.Rect(0, 0, round(CARD_SIZE[0] * self.scale),
                           round(CARD_SIZE[1] * self.scale) + 12)
        rect.center = (round(self.centre.x), round(self.centre.y + 6))
        return rect

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    @property
    def shows_front(self) -> bool:
        return self.t >= RISE + FLIP / 2

    def update(self, dt: float) -> None:
        self.prev_t = self.t
        self.t += dt * self.pace

    def finish(self) -> None:
        self.t = self.prev_t = self.duration

    @staticmethod
    def _front(deck: str, text: str, fonts: Fonts) -> pygame.Surface:
        card = look.sprite(f"card_{deck}_front").copy()
        box = look.CARD_TEXT_RECT.inflate(-16, -16)
        for size in (32, 30, 28, 26, 24):
            font = fonts.body(size)
            lines = draw.wrap(font, text, box.w)
            if len(lines) * font.get_linesize() <= box.h:
                break
        total = len(lines) * font.get_linesize()
        y = box.centery - total // 2
        for line in lines:
            face = font.render(line, True, INK)
            card.blit(face, face.get_rect(midtop=(box.centerx, y)))
            y += font.get_linesize()
        return card

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        t = self.prev_t + (self.t - self.prev_t) * alpha
        if t >= self.duration:
            return
        rise = pytweening.easeOutBack(min(1.0, t / RISE))
        pos = self.start.lerp(self.centre, min(1.0, pytweening.easeOutCubic(min(1.0, t / RISE))))
        size = 0.3 + (self.scale - 0.3) * rise
        width_factor = 1.0
        if RISE <= t < RISE + FLIP:
            width_factor = abs(1 - 2 * (t - RISE) / FLIP)
        face = self.front if self.shows_front else self.back
        if t > RISE + FLIP + self.hold:
            u = pytweening.easeInBack(min(1.0, (t - RISE - FLIP - self.hold) / AWAY))
            size *= max(0.05, 1 - u)
            pos = pos + pygame.Vector2(0, 260 * u)
        w = max(2, round(CARD_SIZE[0] * size * width_factor))
        h = max(2, round(CARD_SIZE[1] * size))
        image = draw.scaled_now("card", face, (w, h))  # a new size every frame
        shadow = pygame.Rect(0, 0, w, h)
        shadow.center = (round(pos.x), round(pos.y + 12))
        pygame.draw.rect(canvas, INK, shadow, border_radius=max(1, round(16 * size)))
        canvas.blit(image, image.get_rect(center=(round(pos.x), round(pos.y))))


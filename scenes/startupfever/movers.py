"""Things that move over the Startup Fever table while the director tells the story:
user markers hopping field by field, a chip flipping over at launch, and the adoption
sum adding up term by term. (Flying coins, cubes and cards are `table.effects.Flyer`s,
the die is `table.die.DieRoll`: both shared with SERVERMANIA.)

Every mover lives in canvas pixels, advances with the scene's scaled time and can be
finished at once (skip). While a marker hops the table view leaves that product's marker
out (`hidden`), so exactly one marker per product is ever on screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame
import pytweening

from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.palette import CREAM, GOLD, INK, WHITE, Color
from scenes.startupfever import look as sf_look
from scenes.table import look
from scenes.table.cards import FLIP, HOLD, RISE, CardFlip
from scenes.table.roll_call import RollCall

HOP_TIME = 0.13  # seconds per field at speed 1 (a long climb still reads as hops)
HOP_HEIGHT = 22.0
MARKER = 34  # px, a hopping marker (the table draws resting ones itself)
FLIP_TIME = 0.7
CARD_SCALE = 1.3  # an Event Card is shown this big: its rules text is long
CARD_PACE = 1.5  # Event Cards play 1.5× SERVERMANIA's card pace: there are many more
READ_SHARE = 0.5  # the table goes on beneath a card once half its hold is over
TERM_TIME = 0.22  # seconds between two terms of the adoption sum
SUM_HOLD = 0.45  # the finished sum stays this long before the marker starts


class MarkerHop:
    """One product's marker hopping through `spots` (canvas points), one field per hop."""

    def __init__(self, slot: str, image: pygame.Surface, spots: list[tuple[float, float]],
                 on_hop: Callable[[int], None] | None = None) -> None:
        self.slot = slot
        self.image = image
        self.spots = [pygame.Vector2(p) for p in spots]
        self.on_hop = on_hop  # called with the index of each landed hop (sounds)
        self.t = 0.0

    @property
    def hops(self) -> int:
        return max(0, len(self.spots) - 1)

    @property
    def done(self) -> bool:
        return self.t >= self.hops * HOP_TIME

    def update(self, dt: float) -> None:
        before = int(self.t / HOP_TIME)
        self.t = min(self.hops * HOP_TIME, self.t + dt)
        after = int(self.t / HOP_TIME)
        if self.on_hop:
            for k in range(before, min(after, self.hops)):
                self.on_hop(k)

    def finish(self) -> None:
        self.t = self.hops * HOP_TIME

    def position(self) -> tuple[pygame.Vector2, float]:
        if self.hops == 0:
            return self.spots[-1], 0.0
        k = min(self.hops - 1, int(self.t / HOP_TIME))
        u = min(1.0, (self.t - k * HOP_TIME) / HOP_TIME)
        p = self.spots[k].lerp(self.spots[k + 1], pytweening.easeInOutSine(u))
        return p, HOP_HEIGHT * math.sin(math.pi * u)

    def draw(self, canvas: pygame.Surface) -> None:
        p, height = self.position()
        shadow = look.scaled("pawn_shadow", (MARKER, 12))
        canvas.blit(shadow, shadow.get_rect(center=(round(p.x), round(p.y + MARKER * 0.45))))
        squash = 1 + 0.12 * math.sin(math.pi * min(1.0, height / HOP_HEIGHT))
        image = self.image
        if squash != 1:
            image = draw.scaled_now("marker", image, (round(MARKER / squash),
                                                      round(MARKER * squash)))
        canvas.blit(image, image.get_rect(center=(round(p.x), round(p.y - height))))


class ChipFlip:
    """A product's category chip lifting, flipping from "?" to its icon and settling."""

    def __init__(self, centre: tuple[float, float], category: str, colour: Color,
                 size: int = 40) -> None:
        self.centre = pygame.Vector2(centre)
        self.category = category
        self.colour = colour
        self.size = size
        self.t = 0.0

    @property
    def done(self) -> bool:
        return self.t >= FLIP_TIME

    def update(self, dt: float) -> None:
        self.t = min(FLIP_TIME, self.t + dt)

    def finish(self) -> None:
        self.t = FLIP_TIME

    def draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        u = self.t / FLIP_TIME
        lift = math.sin(math.pi * u)
        face = sf_look.chip(None if u < 0.5 else self.category, self.size)
        size = round(self.size * (1 + 0.6 * lift))
        width = max(2, round(size * abs(math.cos(math.pi * u))))
        chip = draw.scaled_now("chip", face, (width, size))
        if u > 0.5:  # a ring in the company colour as it lands
            ring = chip.get_rect(center=(round(self.centre.x), round(self.centre.y - 26 * lift)))
            pygame.draw.rect(canvas, self.colour, ring.inflate(10, 10), 4, border_radius=12)
        at = (round(self.centre.x), round(self.centre.y - 26 * lift))
        canvas.blit(chip, chip.get_rect(center=at))


class SumTally:
    """The adoption sum adding up: "die 4 + 3 Nerds + 2 Big Nerd + 3 cards = 12".

    Terms appear one by one (each with a tick), then the total pops in gold.
    """

    def __init__(self, title: str, terms: list[tuple[str, int]], total: int, colour: Color,
                 area: pygame.Rect, note: str = "") -> None:
        self.title, self.terms, self.total, self.colour = title, terms, total, colour
        self.note = note  # "halved (Server Outage)"
        self.area = area  # the box fills it (it sits over the log, beside the die)
        self.t = 0.0

    @property
    def duration(self) -> float:
        return TERM_TIME * (len(self.terms) + 1) + SUM_HOLD

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    @property
    def shown_terms(self) -> int:
        return min(len(self.terms), int(self.t / TERM_TIME) + 1)

    def update(self, dt: float) -> None:
        self.t = min(self.duration, self.t + dt)

    def finish(self) -> None:
        self.t = self.duration

    def draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        font = fonts.body(26)
        big = fonts.display(34)
        parts = [draw.render(font, f"{label} {value}", CREAM) for label, value in
                 self.terms[:self.shown_terms]]
        plus = draw.render(font, "+", GOLD)
        total_shown = self.t >= TERM_TIME * len(self.terms)
        total = draw.render(big, f"= {self.total}", GOLD, 3) if total_shown else None
        width = sum(p.get_width() for p in parts) + (len(parts) - 1) * (plus.get_width() + 16)
        width += (total.get_width() + 20) if total else 0
        title = draw.render(fonts.body(26), self.title, WHITE)
        rect = self.area
        draw.box(canvas, rect, INK, outline=self.colour, radius=18, shadow=0, width=5)
        canvas.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + 12)))
        x, y = rect.centerx - width // 2, rect.centery + (2 if self.note else 10)
        for i, part in enumerate(parts):
            if i:
                canvas.blit(plus, plus.get_rect(midleft=(x + 8, y)))
                x += plus.get_width() + 16
            canvas.blit(part, part.get_rect(midleft=(x, y)))
            x += part.get_width()
        if total:
            pop = pytweening.easeOutBack(min(1.0, (self.t - TERM_TIME * len(self.terms)) / 0.25))
            image = draw.scaled_now("sum", total, max(0.2, pop))
            canvas.blit(image, image.get_rect(midleft=(x + 20, y)))
        if self.note:
            draw.text(canvas, fonts.body(24), self.note, (rect.centerx, rect.bottom - 22), GOLD)


class Movers:
    """Every marker hop, chip flip and sum on the table; the director starts them."""

    def __init__(self) -> None:
        self.hops: list[MarkerHop] = []
        self.flips: list[ChipFlip] = []
        self.tally: SumTally | None = None

    @property
    def hidden(self) -> frozenset[str]:
        """Products whose marker is in the air (the table view leaves them out)."""
        return frozenset(h.slot for h in self.hops)

    def hopping(self, slot: str) -> bool:
        return any(h.slot == slot for h in self.hops)

    def update(self, dt: float) -> None:
        for hop in self.hops:
            hop.update(dt)
        for flip in self.flips:
            flip.update(dt)
        if self.tally is not None:
            self.tally.update(dt)
        self.hops = [h for h in self.hops if not h.done]
        self.flips = [f for f in self.flips if not f.done]

    def finish(self) -> None:
        self.hops.clear()
        self.flips.clear()
        self.tally = None

    def draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        for flip in self.flips:
            flip.draw(canvas, fonts)
        for hop in sorted(self.hops, key=lambda h: h.position()[0].y):
            hop.draw(canvas)
        if self.tally is not None:
            self.tally.draw(canvas, fonts)


class EventCardFlip(CardFlip):
    """An Event Card lifted from a hand, flipped to show its name and text, put away.

    The table's `CardFlip` (timing, flip, text wrapping) with the Event Card art, whose
    back is named `card_event_back` rather than `card_back_<deck>`.
    """

    def __init__(self, name: str, text: str, start: tuple[float, float],
                 centre: tuple[float, float], fonts: Fonts, scale: float = CARD_SCALE) -> None:
        self.deck = "event"
        self.hold, self.pace = HOLD, CARD_PACE  # CardFlip's timing, a little quicker
        self.start = pygame.Vector2(start)
        self.centre = pygame.Vector2(centre)
        self.scale = scale
        self.t = self.prev_t = 0.0
        self.back = look.sprite("card_event_back")
        self.front = self._event_front(name, text, fonts)

    @property
    def read(self) -> bool:
        """The front has been up half its hold: the table may go on beneath the card
        (what its effect does) while it stays up for the rest of its hold."""
        return self.t >= RISE + FLIP + self.hold * READ_SHARE

    @staticmethod
    def _event_front(name: str, text: str, fonts: Fonts) -> pygame.Surface:
        """The card's name in large type over its rules text, fitted into the text box
        at the largest size that fits (18 px at the least on the card's own 320 × 440 px;
        it is shown at CARD_SCALE, so at least 23 px on screen)."""
        card = look.sprite("card_event_front").copy()
        box = look.CARD_TEXT_RECT.inflate(-8, 4)
        title = fonts.display(28)
        lines = draw.wrap(title, name, box.w)
        y = box.y + 4
        for line in lines:
            r = draw.text(card, title, line, (box.centerx, y), INK, anchor="midtop")
            y = r.bottom
        y += 6
        room = box.bottom - y
        for size in (26, 24, 22, 20, 18):
            font = fonts.body(size)
            body = draw.wrap(font, text, box.w)
            if len(body) * font.get_linesize() <= room:
                break
        for line in body:
            face = font.render(line, True, INK)
            card.blit(face, face.get_rect(midtop=(box.centerx, y)))
            y += font.get_linesize()
        return card


class AdoptionRollCall(RollCall):
    """The table's roll call (the die bounces, hold to shake, release to throw) for a
    person's own adoption die, saying what the roll adds up to."""

    def __init__(self, seat: int, name: str, colour: Color, slot: str | None) -> None:
        super().__init__(seat, name, colour, "adoption")
        self.slot = slot

    def _parts(self, fonts: Fonts, style: str, mouse: bool
               ) -> tuple[list[pygame.Surface], pygame.Surface]:
        parts, _hint = super()._parts(fonts, style, mouse)
        hint = f"{self.slot} climbs the user track: die + Nerds + 2 per Big Nerd"
        return parts, draw.render(fonts.body(24), hint, CREAM)

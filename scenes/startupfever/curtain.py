"""Hidden information on one shared screen (RULES.md F13): the hold-to-look curtain.

A human's hand, unplaced chips and sealed marketing are secrets. They are drawn only while
their owner holds the look button — Y on a pad, C on the keyboard, or the left mouse
button pressed on the curtain — and vanish the moment it is let go. While closed the
curtain shows only whose secret it is and what to press, the same for every hand.

`Curtain` is the switch (which devices hold it open); `draw_cover` the closed face;
`HandLook` lets any human seat peek at their own hand when no decision is asked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import pygame

from game.startupfever import cardhelp
from game.startupfever.cards import CARDS
from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.glyphs import glyph
from scenes.engine.input import CLICK, MOUSE, Action
from scenes.engine.palette import CREAM, GOLD, INK, MUTED, PANEL, PANEL_LIGHT, WHITE, Color

if TYPE_CHECKING:
    from scenes.seating import SeatDevices

LOOK = "y"  # the look button (pad Y / triangle, keyboard C)


class Curtain:
    """Which devices hold the curtain open. Open exactly while one of them holds it.

    The mouse opens it by pressing on `area` (the cover) and closes it on release, so a
    mouse-only player can look by pressing and holding, as a pad player holds Y.
    """

    def __init__(self) -> None:
        self.holding: set[str] = set()
        self.area = pygame.Rect(0, 0, 0, 0)  # where a mouse press opens it
        self.opened = 0  # how many times it was opened (tests, and a fresh "look" sound)

    @property
    def open(self) -> bool:
        return bool(self.holding)

    def handle(self, action: Action) -> bool:
        """Open or close on the look button; True when the action was about the curtain.

        A mouse press only counts on the cover; its release always closes (the caller
        decides first whether the release also picked something).
        """
        if action.name == LOOK:
            self._set(action.device, action.pressed)
            return True
        if action.name == CLICK and action.device == MOUSE:
            if action.pressed and action.pos is not None and not self.open \
                    and self.area.collidepoint(action.pos):
                self._set(MOUSE, True)
                return True
            if not action.pressed and MOUSE in self.holding:
                self._set(MOUSE, False)
                return True
        return False

    def close(self) -> None:
        """Shut at once (a choice was made, or the step ended)."""
        self.holding.clear()

    def _set(self, device: str, held: bool) -> None:
        if held:
            if not self.holding:
                self.opened += 1
            self.holding.add(device)
        else:
            self.holding.discard(device)


def draw_cover(canvas: pygame.Surface, fonts: Fonts, rect: pygame.Rect, name: str,
               colour: Color, what: str, style: str, extra: str = "") -> None:
    """The closed curtain: "<name>'s <what>: others look away", and how to look.

    It says the same for every hand and every secret of that kind, so it tells the table
    nothing but whose turn it is.
    """
    draw.box(canvas, rect, PANEL, radius=26, shadow=10, width=5)
    band = pygame.Rect(rect.x, rect.y, rect.w, 78).inflate(-10, -10)
    pygame.draw.rect(canvas, colour, band, border_top_left_radius=22,
                     border_top_right_radius=22)
    title = f"{name}'s {what}"
    font = fonts.display(38)
    while font.size(title)[0] > rect.w - 60 and font.get_height() > 24:
        font = fonts.display(font.get_height() - 4)
    draw.text(canvas, font, title, band.center, INK)
    _stripes(canvas, pygame.Rect(rect.x + 24, band.bottom + 12, rect.w - 48, 44), colour)
    draw.text(canvas, fonts.body(30), "Others look away!", (rect.centerx, band.bottom + 88),
              GOLD, outline=2)
    y = band.bottom + 138
    mouse = style == MOUSE
    hint = "Press and hold here to look" if mouse else "Hold        to look"
    label = draw.text(canvas, fonts.body(28), hint, (rect.centerx, y), CREAM)
    if not mouse:
        icon = glyph(fonts, LOOK, style)
        cap_x = label.x + fonts.body(28).size("Hold ")[0] + 2
        canvas.blit(icon, icon.get_rect(midleft=(cap_x, label.centery)))
    if extra:
        draw.text(canvas, fonts.body(24), extra, (rect.centerx, y + 46), MUTED)


def _stripes(canvas: pygame.Surface, rect: pygame.Rect, colour: Color) -> None:
    """A folded-cloth band: the curtain itself, in the owner's colour."""
    pygame.draw.rect(canvas, INK, rect, border_radius=10)
    folds = 12
    width = rect.w / folds
    for i in range(folds):
        fold = pygame.Rect(round(rect.x + i * width) + 2, rect.y + 3, round(width) - 4,
                           rect.h - 6)
        shade = colour if i % 2 == 0 else tuple(max(0, c - 60) for c in colour)
        pygame.draw.rect(canvas, shade, fold, border_radius=6)


# -- the hand itself ---------------------------------------------------------------------------

CARD_W, CARD_H = 200, 270
HAND_PANEL = (900, 400)  # a hand panel holding four cards and its band


def draw_hand(canvas: pygame.Surface, fonts: Fonts, rect: pygame.Rect, hand: Sequence[str],
              playable: frozenset[str] | None = None, selected: str | None = None,
              why: Mapping[str, str] | None = None) -> None:
    """Card faces in a row inside `rect`: name, what it does (`cards.py`'s short text),
    when it can be played and (when `playable` is given) whether it can be played now;
    `why` says why a card is not playable now (else its timing is shown).

    Only ever called while the owner's curtain is open.
    """
    if not hand:
        draw.text(canvas, fonts.body(28), "No cards in hand", rect.center, CREAM)
        return
    gap = 14
    width = min(CARD_W, (rect.w - gap * (len(hand) - 1)) // len(hand))
    total = width * len(hand) + gap * (len(hand) - 1)
    x = rect.centerx - total // 2
    small, name_font = fonts.body(20), fonts.body(24)
    for card in hand:
        lift = -10 if card == selected else 0
        face = pygame.Rect(x, rect.y + lift, width, min(CARD_H, rect.h))
        dull = playable is not None and card not in playable
        draw.box(canvas, face, (205, 196, 214) if dull else CREAM,
                 outline=GOLD if lift else INK, radius=14, shadow=5, width=5 if lift else 4)
        y = face.y + 12
        for line in draw.wrap(name_font, CARDS[card].name, width - 16)[:2]:
            draw.text(canvas, name_font, line, (face.centerx, y), INK, anchor="midtop")
            y += 26
        y += 4
        for line in draw.wrap(small, CARDS[card].short, width - 18)[:4]:
            draw.text(canvas, small, line, (face.centerx, y), INK, anchor="midtop")
            y += 22
        ok = playable is None or card in playable
        reason = (why or {}).get(card, "") if not ok else ""
        timing = reason or cardhelp.when(card)
        lines = draw.wrap(small, timing, width - 14)[:3]
        bottom = face.bottom - (56 if playable is not None else 12)
        ty = bottom - 22 * len(lines)
        for line in lines:
            draw.text(canvas, small, line, (face.centerx, ty), (84, 70, 120), anchor="midtop")
            ty += 22
        if playable is not None:
            pill = pygame.Rect(0, 0, width - 20, 34)
            pill.midbottom = (face.centerx, face.bottom - 12)
            pygame.draw.rect(canvas, (52, 150, 90) if ok else PANEL_LIGHT, pill,
                             border_radius=16)
            draw.text(canvas, fonts.body(22), "can play" if ok else "not now", pill.center,
                      WHITE)
        x += width + gap


class HandLook:
    """Peek at a human seat's own hand between decisions (F13: only while Y is held).

    The shoulders choose whose hand while the curtain is closed; the curtain then names
    that seat, so the right person knows it is their turn to look. With seats bound to
    devices (the lobby's `SeatDevices`), a bound pad's Y shows its own seat's hand and
    nobody else's; a shared device looks only at the seats no pad is bound to.
    """

    def __init__(self, seats: Sequence[int], names: Sequence[str],
                 colours: Sequence[Color], devices: SeatDevices | None = None) -> None:
        self.seats = list(seats)  # human seats
        self.names, self.colours = list(names), list(colours)
        self.devices = devices
        self.index = 0
        self.curtain = Curtain()
        self.rect = pygame.Rect(0, 0, *HAND_PANEL)

    @property
    def seat(self) -> int | None:
        return self.seats[self.index] if self.seats else None

    def handle(self, action: Action) -> bool:
        if not self.seats:
            return False
        if action.name == LOOK and action.pressed and not self._may_look(action.device):
            return True  # someone else's hand: the press does nothing
        if self.curtain.handle(action):
            return True
        if not self.curtain.open and action.pressed and action.name in ("lshoulder",
                                                                          "rshoulder"):
            step = -1 if action.name == "lshoulder" else 1
            for _ in self.seats:  # to the next seat this device may look at
                self.index = (self.index + step) % len(self.seats)
                if self._may(self.seats[self.index], action.device):
                    break
            return True
        return False

    def _may(self, seat: int, device: str) -> bool:
        return self.devices is None or self.devices.may_answer(seat, device)

    def _may_look(self, device: str) -> bool:
        """Whether `device` may open the curtain now; turns to its own seat's hand first."""
        if self.curtain.open:
            return self._may(self.seats[self.index], device)
        own = self.devices.seat_of(device) if self.devices is not None else None
        if own is not None:
            if own not in self.seats:
                return False
            self.index = self.seats.index(own)
            return True
        if self._may(self.seats[self.index], device):
            return True
        free = [i for i, seat in enumerate(self.seats) if self._may(seat, device)]
        if free:
            self.index = free[0]
        return bool(free)

    def draw(self, canvas: pygame.Surface, fonts: Fonts, hand: Sequence[str],
             centre: tuple[int, int]) -> None:
        """Draw the hand only while open; nothing at all otherwise."""
        if not self.curtain.open or self.seat is None:
            return
        self.rect.center = centre
        hand_panel(canvas, fonts, self.rect, f"{self.names[self.seat]}'s hand",
                   self.colours[self.seat], hand)


def hand_panel(canvas: pygame.Surface, fonts: Fonts, rect: pygame.Rect, title: str,
               colour: Color, hand: Sequence[str],
               playable: frozenset[str] | None = None,
               why: Mapping[str, str] | None = None) -> pygame.Rect:
    """A panel with a band in the owner's colour, `title` and the hand's cards; returns
    the cards' row (callers add buttons below). Only while the curtain is open."""
    draw.box(canvas, rect, PANEL, radius=24, shadow=10, width=5)
    band = pygame.Rect(rect.x, rect.y, rect.w, 70).inflate(-10, -10)
    pygame.draw.rect(canvas, colour, band, border_top_left_radius=20,
                     border_top_right_radius=20)
    font = fonts.display(32)
    while font.size(title)[0] > band.w - 30 and font.get_height() > 22:
        font = fonts.display(font.get_height() - 2)
    draw.text(canvas, font, title, band.center, INK)
    cards = pygame.Rect(rect.x + 20, band.bottom + 20, rect.w - 40, CARD_H)
    draw_hand(canvas, fonts, cards, hand, playable, why=why)
    return cards

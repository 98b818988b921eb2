"""The company panels at the right of the table: one per seat, up to six.

Each panel shows what the table knows of a company: money, VP now, its executives (Big
Nerd / Big Suit, each with its vesting field), its hand as face-down card backs (a count,
never the cards) and its products (letter and users now). The seat whose turn it is glows
in its colour. Geometry (`panel_rect`, `money_spot`, `hand_spot`) is public so movers can
fly coins and cards to the right place.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

import pygame

from game.startupfever import usertrack
from scenes.engine import draw
from scenes.engine.palette import CREAM, GOLD, INK, PANEL, PANEL_LIGHT, WHITE, mix
from scenes.startupfever import look
from scenes.startupfever.model import CompanyShown, TableModel

PANELS = pygame.Rect(908, 0, 372, 664)
GAP = 6
MAX_H = 150
HAND_X = 150  # px from the panel's left: the first card back of the hand


class SeatLike(Protocol):
    name: str
    colour: str
    human: bool
    token: str  # the logo's shape chosen in the lobby ("" = the colour's own)


def panel_rect(seat: int, seats: int) -> pygame.Rect:
    """The panel of `seat` when `seats` companies play (all fit, even six)."""
    h = min(MAX_H, (PANELS.h - 8 - GAP * (seats - 1)) // seats)
    return pygame.Rect(PANELS.x + 6, PANELS.y + 4 + seat * (h + GAP), PANELS.w - 10, h)


def _money_row(rect: pygame.Rect) -> int:
    return rect.y + 57 if rect.h < 130 else rect.y + 60


def money_spot(seat: int, seats: int) -> tuple[int, int]:
    r = panel_rect(seat, seats)
    return (r.x + 24, _money_row(r))


def hand_spot(seat: int, seats: int) -> tuple[int, int]:
    r = panel_rect(seat, seats)
    return (r.x + HAND_X + 20, _money_row(r))


class CompanyPanels:
    """The panel column. `paint` redraws onto a kept surface only the panels whose content
    changed (keyed by what they show); `halo` rings the turn seat's panel every frame."""

    def __init__(self, seats: Sequence[SeatLike]) -> None:
        self.seats = list(seats)
        self._painted: dict[int, tuple] = {}  # seat -> key of what the surface shows

    def paint(self, surface: pygame.Surface, model: TableModel, *,
              turn_seat: int | None = None, highlight: frozenset = frozenset()) -> None:
        """Bring `surface` (kept between frames) up to date with the model."""
        if not self._painted:
            surface.fill(INK, PANELS.inflate(8, 0).move(-2, 0))
            pygame.draw.line(surface, PANEL_LIGHT, (PANELS.x - 3, 0),
                             (PANELS.x - 3, PANELS.bottom), 3)
        count = len(self.seats)
        for company in model.companies:
            seat = company.seat
            active, marked = seat == turn_seat, seat in highlight
            key = (company.money, company.vp, company.hand, tuple(company.execs),
                   tuple((s, model.products[s].field if s in model.products else 0)
                         for s in company.slots), active, marked)
            if self._painted.get(seat) == key:
                continue
            rect = panel_rect(seat, count)
            surface.fill(INK, rect)
            draw_panel(surface, model, company, self.seats[seat], rect, active=active,
                       marked=marked)
            self._painted[seat] = key

    def halo(self, surface: pygame.Surface, seat: int | None, t: float) -> None:
        """Whose turn: a ring pulsing in their colour just outside their panel."""
        if seat is None or not 0 <= seat < len(self.seats):
            return
        glow = 0.5 + 0.5 * math.sin(t * 4)
        colour = look.RGB[self.seats[seat].colour]
        pygame.draw.rect(surface, mix(colour, WHITE, 0.45 * glow),
                         panel_rect(seat, len(self.seats)).inflate(8, 8), 4, border_radius=18)


def draw_panel(surface: pygame.Surface, model: TableModel, company: CompanyShown,
               seat: SeatLike, rect: pygame.Rect, *, active: bool, marked: bool) -> None:
    """One company's panel inside `rect` of `surface`."""
    colour = look.RGB[seat.colour]
    fill = mix(PANEL, colour, 0.34) if active else PANEL
    draw.box(surface, rect, fill, outline=colour if active or marked else INK, radius=14,
             shadow=0, width=4)
    fonts = look.fonts()
    surface.blit(look.marker(seat.colour, 34, seat.token), (rect.x + 8, rect.y + 6))
    name = seat.name + ("" if seat.human else " (CPU)")
    size, room = 26, rect.w - 150
    while fonts.body(size).size(name)[0] > room and size > 20:
        size -= 1
    while fonts.body(size).size(name)[0] > room and len(name) > 2:
        name = name[:-2].rstrip() + "…"  # a very long name loses its end, not the VP
    draw.text(surface, fonts.body(size), name, (rect.x + 50, rect.y + 23), WHITE,
              anchor="midleft")
    draw.text(surface, fonts.display(30), str(company.vp), (rect.right - 46, rect.y + 24),
              GOLD, anchor="midright")
    draw.text(surface, fonts.body(20), "VP", (rect.right - 14, rect.y + 24), CREAM,
              anchor="midright")
    row = _money_row(rect)
    coin = look.scaled("money_token", (28, 28))
    surface.blit(coin, coin.get_rect(center=(rect.x + 24, row)))
    draw.text(surface, fonts.display(28), look.money(company.money), (rect.x + 44, row),
              WHITE, anchor="midleft")
    _draw_hand(surface, company.hand, (rect.x + HAND_X, row))
    bottom = rect.bottom - 18
    tall = rect.h >= 130  # two or three companies: executives get a line of their own
    _draw_execs(surface, company, (rect.right - 12, row + 38 if tall else bottom))
    _draw_products(surface, model, company, seat.colour, (rect.x + 10, bottom))


def _draw_hand(surface: pygame.Surface, cards: int, left_mid: tuple[int, int]) -> None:
    """Card backs fanned a little, with the count beside them (a hand is only a number)."""
    back = look.scaled("card_mini_back", (24, 33))
    x, y = left_mid
    shown = min(cards, 6)
    for i in range(shown):
        surface.blit(back, back.get_rect(midleft=(x + i * 10, y)))
    label = "1 card" if cards == 1 else f"{cards} cards"
    draw.text(surface, look.fonts().body(20), label, (x + 30 + max(0, shown - 1) * 10, y),
              CREAM, anchor="midleft")


def _draw_execs(surface: pygame.Surface, company: CompanyShown,
                right_mid: tuple[int, int]) -> None:
    """Big Nerds and Big Suits, each with its vesting field on a small ink tag."""
    x, y = right_mid
    for kind, vest in reversed(company.execs):
        icon = look.scaled(kind, (32, 32))
        r = icon.get_rect(midright=(x, y - 2))
        surface.blit(icon, r)
        tag = pygame.Rect(0, 0, 18, 20)
        tag.bottomright = (r.right + 4, r.bottom + 4)
        pygame.draw.rect(surface, INK, tag, border_radius=6)
        draw.text(surface, look.fonts().body(20), str(vest), tag.center, CREAM)
        x = r.x - 8


def _draw_products(surface: pygame.Surface, model: TableModel, company: CompanyShown,
                   colour: str, left_mid: tuple[int, int]) -> None:
    """Each product's letter and how many users it has now."""
    x, y = left_mid
    font = look.fonts().body(20)
    for slot in company.slots:
        face = look.user_marker(colour, slot, 26)
        surface.blit(face, face.get_rect(midleft=(x, y)))
        product = model.products.get(slot)
        users = usertrack.label(product.field) if product else "X"
        r = draw.text(surface, font, users, (x + 29, y), CREAM, anchor="midleft")
        x = r.right + 8

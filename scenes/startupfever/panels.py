"""The company panels at the right of the table: one per seat, up to six.

Each panel shows what the table knows of a company: money, VP now, its executives (Big
Nerd / Big Suit with their vesting field), its hand as face-down card backs (a count,
never the cards) and its product letters. The seat whose turn it is glows in its colour.
Geometry (`panel_rect`, `money_spot`, `hand_spot`) is public so movers can fly coins and
cards to the right place.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

import pygame

from scenes.engine import draw
from scenes.engine.palette import CREAM, GOLD, INK, PANEL, PANEL_LIGHT, WHITE, mix
from scenes.startupfever import look
from scenes.startupfever.model import CompanyShown, TableModel

PANELS = pygame.Rect(908, 0, 372, 664)
GAP = 6
MAX_H = 150


class SeatLike(Protocol):
    name: str
    colour: str
    human: bool


def panel_rect(seat: int, seats: int) -> pygame.Rect:
    """The panel of `seat` when `seats` companies play (all fit, even six)."""
    h = min(MAX_H, (PANELS.h - 8 - GAP * (seats - 1)) // seats)
    return pygame.Rect(PANELS.x + 6, PANELS.y + 4 + seat * (h + GAP), PANELS.w - 10, h)


def money_spot(seat: int, seats: int) -> tuple[int, int]:
    r = panel_rect(seat, seats)
    return (r.x + 70, r.y + r.h // 2 + 4)


def hand_spot(seat: int, seats: int) -> tuple[int, int]:
    r = panel_rect(seat, seats)
    return (r.x + 200, r.y + r.h // 2 + 4)


def draw_panels(surface: pygame.Surface, model: TableModel, seats: Sequence[SeatLike], *,
                turn_seat: int | None = None, highlight: frozenset = frozenset(),
                t: float = 0.0) -> None:
    pygame.draw.rect(surface, INK, PANELS.inflate(8, 0).move(-2, 0))
    pygame.draw.line(surface, PANEL_LIGHT, (PANELS.x - 3, 0), (PANELS.x - 3, PANELS.bottom), 3)
    for company in model.companies:
        draw_panel(surface, company, seats[company.seat], len(seats),
                   active=company.seat == turn_seat, marked=company.seat in highlight, t=t)


def draw_panel(surface: pygame.Surface, company: CompanyShown, seat: SeatLike, count: int, *,
               active: bool, marked: bool, t: float) -> None:
    rect = panel_rect(company.seat, count)
    colour = look.RGB[seat.colour]
    fill = mix(PANEL, colour, 0.32) if active else PANEL
    outline = colour if active or marked else INK
    if active:
        glow = 0.5 + 0.5 * math.sin(t * 4)
        pygame.draw.rect(surface, mix(colour, WHITE, 0.3 * glow), rect.inflate(6, 6),
                         border_radius=16)
    draw.box(surface, rect, fill, outline=outline, radius=14, shadow=0, width=4)
    fonts = look.FONTS
    badge = look.marker(seat.colour, 34)
    surface.blit(badge, (rect.x + 8, rect.y + 6))
    name = seat.name + ("" if seat.human else " (CPU)")
    size = 24
    while fonts.body(size).size(name)[0] > rect.w - 150 and size > 20:
        size -= 1
    draw.text(surface, fonts.body(size), name, (rect.x + 50, rect.y + 23), WHITE,
              anchor="midleft")
    draw.text(surface, fonts.display(28), f"{company.vp}", (rect.right - 44, rect.y + 25),
              GOLD, anchor="midright")
    draw.text(surface, fonts.body(20), "VP", (rect.right - 12, rect.y + 25), CREAM,
              anchor="midright")
    mid = rect.y + rect.h // 2 + 4
    if rect.h < 96:  # two-line panel: second line holds money, hand, execs and letters
        mid = rect.bottom - 20
    coin = look.scaled("money_token", (28, 28))
    surface.blit(coin, coin.get_rect(center=(rect.x + 24, mid)))
    draw.text(surface, fonts.display(28), look.money(company.money), (rect.x + 44, mid),
              WHITE, anchor="midleft")
    _draw_hand(surface, company.hand, (rect.x + 130, mid))
    bottom = rect.bottom - 18 if rect.h >= 96 else mid
    _draw_execs(surface, company, (rect.right - 12, mid if rect.h < 96 else bottom))
    if rect.h >= 96:
        _draw_letters(surface, company, seat.colour, (rect.x + 12, bottom))


def _draw_hand(surface: pygame.Surface, cards: int, left_mid: tuple[int, int]) -> None:
    """Card backs fanned a little, with the count beside them (a hand is only a number)."""
    back = look.scaled("card_event_back", (22, 30))
    x, y = left_mid
    shown = min(cards, 6)
    for i in range(shown):
        surface.blit(back, back.get_rect(midleft=(x + i * 9, y)))
    label = f"{cards} card" if cards == 1 else f"{cards} cards"
    draw.text(surface, look.FONTS.body(20), label, (x + 26 + max(0, shown - 1) * 9, y),
              CREAM, anchor="midleft")


def _draw_execs(surface: pygame.Surface, company: CompanyShown,
                right_mid: tuple[int, int]) -> None:
    x, y = right_mid
    for kind, vest in reversed(company.execs):
        icon = look.scaled(kind, (30, 30))
        r = icon.get_rect(midright=(x, y))
        surface.blit(icon, r)
        draw.text(surface, look.FONTS.body(20), str(vest), (r.right - 2, r.bottom + 2), WHITE,
                  anchor="bottomright", outline=2)
        x = r.x - 4


def _draw_letters(surface: pygame.Surface, company: CompanyShown, colour: str,
                  left_mid: tuple[int, int]) -> None:
    x, y = left_mid
    for slot in company.slots:
        face = look.user_marker(colour, slot, 26)
        surface.blit(face, face.get_rect(midleft=(x, y)))
        x += 30

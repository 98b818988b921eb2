"""The company panels at the right of the table: one per seat, up to six.

Each panel shows what the table knows of a company: money, VP now, its executives (Big
Nerd / Big Suit, each with its vesting field), its hand as face-down card backs (a count,
never the cards) and its products (letter and users now). The seat whose turn it is glows
in its colour. Geometry (`panel_rect`, `money_spot`, `hand_spot`) is public so movers can
fly coins and cards to the right place.

The words and pieces grow with the text size setting as far as a panel's height allows
(`panel_scale`: four companies get 150 %, six keep 100 %); what is still too wide shrinks
("5 cards" becomes "5", a long name loses letters), so nothing leaves its panel.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

import pygame

from game.startupfever import usertrack
from scenes.engine import draw
from scenes.engine.palette import CREAM, GOLD, INK, PANEL, PANEL_LIGHT, WHITE, mix
from scenes.engine.theme import THEME, Theme
from scenes.startupfever import look
from scenes.startupfever.model import CompanyShown, TableModel

PANELS = pygame.Rect(908, 0, 372, 664)
GAP = 6
MAX_H = 150
HAND_X = 150  # px from the panel's left: the first card back of the hand
ROWS_H = 96  # px the three rows (name, money, products) take at 100 %, margins aside


class SeatLike(Protocol):
    name: str
    colour: str
    human: bool
    token: str  # the logo's shape chosen in the lobby ("" = the colour's own)


def panel_rect(seat: int, seats: int) -> pygame.Rect:
    """The panel of `seat` when `seats` companies play (all fit, even six); with fewer
    companies, big text makes the panels taller."""
    h = min(round(MAX_H * THEME.text_scale), (PANELS.h - 8 - GAP * (seats - 1)) // seats)
    return pygame.Rect(PANELS.x + 6, PANELS.y + 4 + seat * (h + GAP), PANELS.w - 10, h)


def panel_scale(seats: int) -> float:
    """How much a panel's words and pieces grow: the text size, as far as the panel's
    height leaves room for its three rows (never below 100 %)."""
    h = panel_rect(0, seats).h
    return max(1.0, min(THEME.text_scale, (h - 8) / ROWS_H))


def _money_row(rect: pygame.Rect, k: float = 1.0) -> int:
    return rect.y + 6 + round(17 * k) + round(34 * k) + (3 if rect.h >= 130 else 0)


def _hand_x(rect: pygame.Rect, k: float) -> int:
    return rect.x + round(HAND_X * k)


def money_spot(seat: int, seats: int) -> tuple[int, int]:
    r, k = panel_rect(seat, seats), panel_scale(seats)
    return (r.x + round(24 * k), _money_row(r, k))


def hand_spot(seat: int, seats: int) -> tuple[int, int]:
    r, k = panel_rect(seat, seats), panel_scale(seats)
    return (_hand_x(r, k) + round(20 * k), _money_row(r, k))


class CompanyPanels:
    """The panel column. `paint` redraws onto a kept surface only the panels whose content
    changed (keyed by what they show); `halo` rings the turn seat's panel every frame."""

    def __init__(self, seats: Sequence[SeatLike]) -> None:
        self.seats = list(seats)
        self._painted: dict[int, object] = {}  # seat -> key of what the surface shows
        self.name_gaps: dict[int, pygame.Rect] = {}  # seat -> its name row after the name
        THEME.on_change(self._restyle)

    def _restyle(self, theme: Theme) -> None:
        """A new text size or palette: every panel is painted again."""
        self._painted = {}

    def forget(self) -> None:
        """The surface was cleared: paint every panel again next time."""
        self._painted = {}

    def paint(self, surface: pygame.Surface, model: TableModel, *,
              turn_seat: int | None = None, highlight: frozenset = frozenset()) -> None:
        """Bring `surface` (kept between frames) up to date with the model."""
        if -1 not in self._painted:  # first paint, or a new text size (`_restyle`)
            self._painted = {-1: "background"}
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
            self.name_gaps[seat] = draw_panel(surface, model, company, self.seats[seat],
                                              rect, active=active, marked=marked)
            self._painted[seat] = key

    def halo(self, surface: pygame.Surface, seat: int | None, t: float) -> None:
        """Whose turn: a ring pulsing in their colour just outside their panel."""
        if seat is None or not 0 <= seat < len(self.seats):
            return
        glow = 0.5 + 0.5 * math.sin(t * 4)
        colour = THEME.player_rgb(self.seats[seat].colour)
        pygame.draw.rect(surface, mix(colour, WHITE, 0.45 * glow),
                         panel_rect(seat, len(self.seats)).inflate(8, 8), 4, border_radius=18)


def draw_panel(surface: pygame.Surface, model: TableModel, company: CompanyShown,
               seat: SeatLike, rect: pygame.Rect, *, active: bool, marked: bool,
               k: float | None = None) -> pygame.Rect:
    """One company's panel inside `rect` of `surface`, its words grown `k` times. Returns
    the name row from the end of the bare name to the VP: a computer's "(CPU)" and the
    room after it, where its thought bubble goes."""
    k = panel_scale(len(model.companies)) if k is None else k
    colour = THEME.player_rgb(seat.colour)
    fill = mix(PANEL, colour, 0.34) if active else PANEL
    draw.box(surface, rect, fill, outline=colour if active or marked else INK, radius=14,
             shadow=0, width=4)
    fonts = look.fonts()
    top = rect.y + 6 + round(17 * k)  # the name row's centre line
    badge = look.marker(seat.colour, round(34 * k), seat.token)
    surface.blit(badge, badge.get_rect(midleft=(rect.x + 8, top)))
    vp_label = draw.text(surface, fonts.body(round(20 * k)), "VP", (rect.right - 14, top),
                         CREAM, anchor="midright")
    vp = draw.text(surface, fonts.display(round(30 * k)), str(company.vp),
                   (vp_label.x - round(6 * k), top), GOLD, anchor="midright")
    name = seat.name + ("" if seat.human else " (CPU)")
    left = rect.x + 16 + badge.get_width()
    room = min(rect.w - 150, vp.x - 12 - left) if k == 1.0 else vp.x - 12 - left
    font = fonts.fit("body", round(26 * k), name, room, 20)
    while font.size(name)[0] > room and len(name) > 2:
        name = name[:-2].rstrip() + "…"  # a very long name loses its end, not the VP
    shown = draw.text(surface, font, name, (left, top), WHITE, anchor="midleft")
    row = _money_row(rect, k)
    coin = look.scaled("money_token", (round(28 * k), round(28 * k)))
    surface.blit(coin, coin.get_rect(center=(rect.x + round(24 * k), row)))
    cash = look.money(company.money)
    money_x = rect.x + round(44 * k)
    room = _hand_x(rect, k) - 8 - money_x
    draw.text(surface, fonts.fit("display", round(28 * k), cash, room), cash, (money_x, row),
              WHITE, anchor="midleft")
    _draw_hand(surface, company.hand, (_hand_x(rect, k), row), rect.right - 10, k)
    bottom = rect.bottom - round(18 * k)
    # two or three companies: executives get a line of their own if it fits
    tall = rect.h >= 130 and row + round(38 * k) + round(16 * k) <= bottom - round(15 * k)
    if tall:
        _draw_execs(surface, company, (rect.right - 12, row + round(38 * k)), k,
                    rect.bottom - 5)
    small = k  # the bottom row (products, and executives unless tall) shrinks if crowded
    while small > 0.8 and _bottom_width(model, company, small, not tall) > rect.w - 22:
        small = round(small - 0.05, 2)
    if not tall:
        _draw_execs(surface, company, (rect.right - 12, bottom), small, rect.bottom - 5)
    _draw_products(surface, model, company, seat.colour, (rect.x + 10, bottom), small)
    bare = min(shown.right, left + font.size(seat.name)[0])  # the name without "(CPU)"
    row_h = round(34 * k)
    return pygame.Rect(bare + 3, top - row_h // 2, vp.x - 8 - bare - 3, row_h)


def _bottom_width(model: TableModel, company: CompanyShown, k: float, execs: bool) -> int:
    """Width the products (and the executives) of the bottom row need at scale `k`."""
    font = look.fonts().body(round(20 * k))
    width = sum(round(26 * k) + 3 + font.size(_users(model, slot))[0] + 8
                for slot in company.slots)
    if execs:
        width += sum(max(round(32 * k), font.size(str(vest))[0] + 6) + 8
                     for _kind, vest in company.execs)
    return width


def _users(model: TableModel, slot: str) -> str:
    product = model.products.get(slot)
    return usertrack.label(product.field) if product else "X"


def _draw_hand(surface: pygame.Surface, cards: int, left_mid: tuple[int, int], right: int,
               k: float = 1.0) -> None:
    """Card backs fanned a little, with the count beside them (a hand is only a number);
    where "5 cards" has no room, the number alone."""
    back = look.scaled("card_mini_back", (round(24 * k), round(33 * k)))
    x, y = left_mid
    shown = min(cards, 6)
    fan = round(10 * k)
    for i in range(shown):
        surface.blit(back, back.get_rect(midleft=(x + i * fan, y)))
    label = "1 card" if cards == 1 else f"{cards} cards"
    at = x + back.get_width() + 6 + max(0, shown - 1) * fan
    font = look.fonts().body(round(20 * k))
    if font.size(label)[0] > right - at:
        label = str(cards)
    draw.text(surface, look.fonts().fit("body", round(20 * k), label, right - at), label,
              (at, y), CREAM, anchor="midleft")


def _draw_execs(surface: pygame.Surface, company: CompanyShown,
                right_mid: tuple[int, int], k: float = 1.0, floor: int = 10_000) -> None:
    """Big Nerds and Big Suits, each with its vesting field on a small ink tag."""
    x, y = right_mid
    font = look.fonts().body(round(20 * k))
    for kind, vest in reversed(company.execs):
        icon = look.scaled(kind, (round(32 * k), round(32 * k)))
        r = icon.get_rect(midright=(x, y - 2))
        surface.blit(icon, r)
        tag = pygame.Rect(0, 0, max(round(18 * k), font.size(str(vest))[0] + 6), round(20 * k))
        tag.bottomright = (r.right + 4, min(r.bottom + 4, floor))  # inside the panel's rim
        pygame.draw.rect(surface, INK, tag, border_radius=6)
        draw.text(surface, font, str(vest), tag.center, CREAM)
        x = min(r.x, tag.x) - 8


def _draw_products(surface: pygame.Surface, model: TableModel, company: CompanyShown,
                   colour: str, left_mid: tuple[int, int], k: float = 1.0) -> None:
    """Each product's letter and how many users it has now."""
    x, y = left_mid
    size = round(26 * k)
    font = look.fonts().body(round(20 * k))
    for slot in company.slots:
        face = look.user_marker(colour, slot, size)
        surface.blit(face, face.get_rect(midleft=(x, y)))
        r = draw.text(surface, font, _users(model, slot), (x + size + 3, y), CREAM,
                      anchor="midleft")
        x = r.right + 8

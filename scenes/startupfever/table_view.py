"""The Startup Fever table on screen: the User Track, product areas, bank, supply, deck.

Every place comes from the Tiled map (`game.startupfever.layout`); every number written on
the track (users, revenue, VP, the Launch line, the 100M mark) from the rules'
`usertrack`. What does not change during a game (the track, the frames of the product
areas, the labels of the places) is drawn once into a static surface; a frame blits it and
draws only the pieces of the `TableModel`: markers, cubes, chips, money and counts.

Movers (flow) ask this view where things are (`marker_spot`, `vest_cell`, `money_spot`...)
and draw moving pieces on top; `hidden_markers` leaves a hopping marker out of `draw`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from game.startupfever import usertrack
from game.startupfever.layout import TableLayout
from game.startupfever.state import (
    BIG_NERD,
    BIG_SUIT,
    NERD,
    SLOTS,
    SUIT,
    products_per_player,
)
from scenes.engine import draw
from scenes.engine.palette import CREAM, GOLD, INK, MUTED, NIGHT, PANEL, WHITE, mix
from scenes.startupfever import look, panels
from scenes.startupfever.model import VESTS, ProductShown, TableModel
from scenes.startupfever.panels import SeatLike

TABLE = pygame.Rect(0, 0, 904, 664)
MARKER = 30  # px, a User Marker's diameter
CELL_W, CELL_H, CELL_GAP = 24, 32, 2  # one vesting cell of a product area
CUBE = 22
LAUNCH_GREEN = (52, 211, 102)


class TableView:
    """Positions of every piece on the table, and the drawing of the table and panels."""

    def __init__(self, layout: TableLayout, seats: Sequence[SeatLike]) -> None:
        self.layout = layout
        self.seats = list(seats)
        per = products_per_player(len(self.seats))
        self.used = SLOTS[: per * len(self.seats)]
        self.owner = {slot: i // per for i, slot in enumerate(self.used)}
        self._fields = [pygame.Rect(_ints(r)) for r in layout.field_rects]
        self._static: pygame.Surface | None = None

    # -- geometry --------------------------------------------------------------------------

    def field_center(self, field: int) -> tuple[int, int]:
        x, y = self.layout.fields[usertrack.clamp(field)]
        return (round(x), round(y))

    def field_rect(self, field: int) -> pygame.Rect:
        return self._fields[usertrack.clamp(field)].copy()

    def marker_spot(self, slot: str, field: int, model: TableModel) -> tuple[int, int]:
        """Where `slot`'s marker stands on `field`, beside the other markers on it.

        The markers on one field are spread so every letter stays readable: side by side,
        then two by two, then in a column of pairs that grows up out of the field. The
        tall start field (0) holds two columns of six.
        """
        on = [s for s in model.on_field(field) if s != slot] + [slot]
        on.sort()
        i, n = on.index(slot), len(on)
        rect = self.field_rect(field)
        cx, cy = rect.center
        if field == 0:
            col, row = i % 2, i // 2
            rows = (n + 1) // 2
            step = min(MARKER + 2, (rect.h - 8) // max(1, rows))
            top = cy - (rows - 1) * step / 2
            return (round(cx + (col - 0.5) * (MARKER - 6) if n > 1 else cx),
                    round(top + row * step))
        if n == 1:
            return (cx, cy)
        if n == 2:
            return (cx + (i - 0.5) * 22, cy)
        if n <= 4:
            col, row = i % 2, i // 2
            return (round(cx + (col - 0.5) * 22), round(cy + (row - 0.5) * 22))
        col, row = i % 2, i // 2
        return (round(cx + (col - 0.5) * 22), round(rect.bottom - 14 - row * 20))

    def product_rect(self, slot: str) -> pygame.Rect:
        return pygame.Rect(_ints(self.layout.products[slot]))

    def chip_center(self, slot: str) -> tuple[int, int]:
        r = self.product_rect(slot)
        return (r.x + 61, r.y + 23)

    def letter_center(self, slot: str) -> tuple[int, int]:
        r = self.product_rect(slot)
        return (r.x + 23, r.y + 23)

    def vest_cell(self, slot: str, vest: int, kind: str = NERD) -> tuple[int, int]:
        """Centre of the cell for `kind` ("nerd" top row, "suit" bottom) on vesting `vest`."""
        r = self._vest_rect(slot, vest, kind)
        return r.center

    def _vest_rect(self, slot: str, vest: int, kind: str) -> pygame.Rect:
        area = self.product_rect(slot)
        col = VESTS.index(vest)
        x = area.right - 6 - (5 - col) * CELL_W - (4 - col) * CELL_GAP
        y = area.y + 7 if kind == NERD else area.y + 7 + CELL_H + 2
        return pygame.Rect(x, y, CELL_W, CELL_H)

    def marketing_spot(self, slot: str) -> tuple[int, int]:
        r = self.product_rect(slot)
        return (r.x + 20, r.bottom - 20)

    def panel_rect(self, seat: int) -> pygame.Rect:
        return panels.panel_rect(seat, len(self.seats))

    def money_spot(self, seat: int) -> tuple[int, int]:
        return panels.money_spot(seat, len(self.seats))

    def hand_spot(self, seat: int) -> tuple[int, int]:
        return panels.hand_spot(seat, len(self.seats))

    def place(self, name: str) -> pygame.Rect:
        """A named place of the map: "bank", "supply", "deck", "discard", "die", "year",
        "log" (KeyError for a name the map does not have)."""
        return pygame.Rect(_ints(self.layout.places[name]))

    def supply_spot(self, kind: str) -> tuple[int, int]:
        """Where the supply's pile of `kind` (nerd, suit, big_nerd, big_suit) sits."""
        r = self.place("supply")
        i = (NERD, SUIT, BIG_NERD, BIG_SUIT).index(kind)
        return (r.x + 28 + i * (r.w - 20) // 4, r.y + r.h // 2 + 6)

    def field_at(self, pos: tuple[int, int]) -> int | None:
        for f, rect in enumerate(self._fields):
            if rect.collidepoint(pos):
                return f
        return None

    def product_at(self, pos: tuple[int, int]) -> str | None:
        for slot in self.used:
            if self.product_rect(slot).collidepoint(pos):
                return slot
        return None

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, model: TableModel, *,
             hidden_markers: Iterable[str] = frozenset(), highlight: Iterable = frozenset(),
             turn_seat: int | None = None, t: float = 0.0) -> None:
        """The whole table and the company panels as the model shows them.

        `highlight` holds product slots (their areas glow) and seat numbers (their panels).
        """
        if self._static is None:
            self._static = self._render_static()
        surface.blit(self._static, (0, 0))
        marked = frozenset(highlight)
        for slot in self.used:
            product = model.products.get(slot)
            if product is not None:
                self._draw_product(surface, product, slot in marked, slot == model.current, t)
        self._draw_places(surface, model)
        hidden = frozenset(hidden_markers)
        for slot in sorted(model.products):
            if slot in hidden:
                continue
            p = model.products[slot]
            face = look.user_marker(self.seats[p.owner].colour, slot, MARKER)
            spot = self.marker_spot(slot, p.field, model)
            surface.blit(face, face.get_rect(center=spot))
        panels.draw_panels(surface, model, self.seats, turn_seat=turn_seat,
                           highlight=marked, t=t)

    def draw_field_info(self, surface: pygame.Surface, field: int) -> None:
        """A card beside a field: its users, base revenue and VP (the rules' numbers)."""
        rect = self.field_rect(field)
        pygame.draw.rect(surface, GOLD, rect.inflate(6, 6), 4, border_radius=10)
        fonts = look.FONTS
        lines = [(fonts.display(30), f"{usertrack.label(field)} users"
                  if field else "No users yet"),
                 (fonts.body(24), f"Revenue {look.money(usertrack.base_revenue(field))} a turn"),
                 (fonts.body(24), f"{usertrack.victory_points(field)} VP at the end")]
        width = max(f.size(s)[0] for f, s in lines) + 32
        box = pygame.Rect(0, 0, width, 112)
        box.midtop = (rect.centerx, rect.bottom + 10)
        if box.bottom > TABLE.bottom - 4:
            box.midbottom = (rect.centerx, rect.y - 10)
        box.clamp_ip(TABLE.inflate(-8, -8))
        draw.box(surface, box, CREAM, radius=14, shadow=4)
        y = box.y + 10
        for font, text in lines:
            r = draw.text(surface, font, text, (box.centerx, y), INK, anchor="midtop")
            y = r.bottom + 2

    # -- static layer ----------------------------------------------------------------------

    def _render_static(self) -> pygame.Surface:
        out = pygame.Surface(TABLE.size).convert() if pygame.display.get_surface() \
            else pygame.Surface(TABLE.size)
        out.fill(NIGHT)
        self._draw_track(out)
        for slot in self.used:
            self._draw_product_frame(out, slot)
        for slot in SLOTS[len(self.used):]:
            r = self.product_rect(slot)
            pygame.draw.rect(out, mix(NIGHT, PANEL, 0.5), r, border_radius=14)
        for name in ("bank", "supply", "deck", "discard", "die", "year", "log"):
            draw.box(out, self.place(name), PANEL, radius=14, shadow=4)
        self._draw_place_labels(out)
        return out

    def _draw_track(self, out: pygame.Surface) -> None:
        fonts = look.FONTS
        for f, rect in enumerate(self._fields):
            fill = self._field_fill(f)
            cell = rect.inflate(-4, -4)
            pygame.draw.rect(out, INK, cell.move(0, 3), border_radius=10)
            pygame.draw.rect(out, INK, cell, border_radius=10)
            pygame.draw.rect(out, fill, cell.inflate(-6, -6), border_radius=7)
            if f == 0:
                draw.text(out, fonts.display(28), "X", (cell.centerx, cell.y + 20), INK)
            else:
                draw.text(out, fonts.body(20), str(usertrack.victory_points(f) or ""),
                          (cell.right - 6, cell.bottom - 4), mix(fill, INK, 0.55),
                          anchor="bottomright")
        # decade labels above the first field of each decade
        for f in range(1, usertrack.LAST_FIELD + 1, 5):
            rect = self._fields[f]
            span = rect.unionall([self._fields[min(g, usertrack.LAST_FIELD)]
                                  for g in range(f, min(f + 5, usertrack.LAST_FIELD + 1))])
            label = usertrack.label(f)
            colour = CREAM
            if f == usertrack.LAUNCH_FIELD:
                label, colour = f"LAUNCH  {label}", LAUNCH_GREEN
            elif f == usertrack.MARK_100M:
                colour = GOLD
            draw.text(out, fonts.body(20), label, (span.x + 4, span.y - 3), colour,
                      anchor="bottomleft")
            pygame.draw.line(out, mix(NIGHT, CREAM, 0.35), (span.x + 2, span.y - 2),
                             (span.right - 2, span.y - 2), 2)
        launch = self._fields[usertrack.LAUNCH_FIELD]
        pygame.draw.rect(out, LAUNCH_GREEN, (launch.x - 3, launch.y - 22, 5, launch.h + 24),
                         border_radius=2)
        mark = self._fields[usertrack.MARK_100M]
        pygame.draw.rect(out, GOLD, (mark.x - 3, mark.y - 22, 5, mark.h + 24), border_radius=2)

    def _field_fill(self, f: int) -> tuple[int, int, int]:
        if f == 0:
            return (200, 196, 220)
        if f < usertrack.LAUNCH_FIELD:
            return (214, 208, 236)
        if f < usertrack.MARK_100M:
            return (178, 240, 196)
        return (255, 226, 140)

    def _draw_product_frame(self, out: pygame.Surface, slot: str) -> None:
        seat = self.seats[self.owner[slot]]
        rect = self.product_rect(slot)
        draw.box(out, rect, look.tint(seat.colour, 0.28), outline=INK, radius=14, shadow=4)
        pygame.draw.rect(out, look.RGB[seat.colour], rect.inflate(-4, -4), 3, border_radius=12)
        letter = look.user_marker(seat.colour, slot, 34)
        out.blit(letter, letter.get_rect(center=self.letter_center(slot)))
        for kind in (NERD, SUIT):
            for vest in VESTS:
                cell = self._vest_rect(slot, vest, kind)
                pygame.draw.rect(out, mix(PANEL, INK, 0.35), cell, border_radius=6)
                draw.text(out, look.FONTS.body(20), str(vest), cell.center,
                          mix(PANEL, MUTED, 0.6))

    def _draw_place_labels(self, out: pygame.Surface) -> None:
        font = look.FONTS.body(20)
        for name, title in (("bank", "BANK"), ("supply", "SUPPLY"), ("deck", "DECK"),
                            ("discard", "PLAYED"), ("year", "YEAR")):
            r = self.place(name)
            draw.text(out, font, title, (r.x + 12, r.y + 8), CREAM, anchor="topleft")
        r = self.place("deck")
        back = look.scaled("card_event_back", (40, 55))
        out.blit(back, back.get_rect(midright=(r.right - 10, r.centery)))
        bank = self.place("bank")
        token = look.scaled("money_token", (40, 40))
        out.blit(token, token.get_rect(midleft=(bank.x + 10, bank.bottom - 26)))
        for kind in (NERD, SUIT, BIG_NERD, BIG_SUIT):
            icon = look.scaled(kind, (30, 30))
            out.blit(icon, icon.get_rect(center=self.supply_spot(kind)))

    # -- dynamic pieces --------------------------------------------------------------------

    def _draw_product(self, surface: pygame.Surface, p: ProductShown, marked: bool,
                      current: bool, t: float) -> None:
        rect = self.product_rect(p.slot)
        if marked or current:
            colour = GOLD if marked else WHITE
            pygame.draw.rect(surface, colour, rect.inflate(4, 4), 4, border_radius=16)
        if p.chip:
            face = look.chip(p.category, 34)
            surface.blit(face, face.get_rect(center=self.chip_center(p.slot)))
        coin = look.scaled("money_token", (26, 26))
        mx, my = self.marketing_spot(p.slot)
        surface.blit(coin, coin.get_rect(center=(mx, my)))
        draw.text(surface, look.FONTS.display(24), str(p.marketing), (mx + 16, my + 1), WHITE,
                  anchor="midleft")
        for (kind, vest), n in p.workers.items():
            if n <= 0:
                continue
            cell = self._vest_rect(p.slot, vest, kind)
            icon = look.scaled(kind, (CUBE, CUBE))
            surface.blit(icon, icon.get_rect(center=cell.center))
            if n > 1:
                draw.text(surface, look.FONTS.body(20), str(n), (cell.right, cell.bottom + 2),
                          WHITE, anchor="bottomright", outline=2)

    def _draw_places(self, surface: pygame.Surface, model: TableModel) -> None:
        big = look.FONTS.display(28)
        bank = self.place("bank")
        draw.text(surface, big, look.money(model.bank), (bank.x + 58, bank.bottom - 24), GOLD,
                  anchor="midleft")
        small = look.FONTS.body(20)
        for kind in (NERD, SUIT, BIG_NERD, BIG_SUIT):
            x, y = self.supply_spot(kind)
            draw.text(surface, small, str(model.supply.get(kind, 0)), (x + 16, y + 4), WHITE,
                      anchor="midleft", outline=2)
        deck = self.place("deck")
        draw.text(surface, big, str(model.deck), (deck.x + 12, deck.bottom - 20), WHITE,
                  anchor="midleft")
        discard = self.place("discard")
        draw.text(surface, big, str(model.discard), (discard.x + 12, discard.bottom - 20),
                  WHITE, anchor="midleft")
        year = self.place("year")
        draw.text(surface, look.FONTS.display(36), str(max(model.year, 0)),
                  (year.centerx + 30, year.centery + 4), GOLD)


def _ints(rect: Sequence[float]) -> tuple[int, int, int, int]:
    return tuple(round(v) for v in rect)  # type: ignore[return-value]

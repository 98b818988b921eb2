"""The Startup Fever table on screen: the User Track, product areas, bank, supply, deck.

Every place comes from the Tiled map (`game.startupfever.layout`); every number written on
the track (users, revenue, VP, the Launch line, the 100M mark) from the rules'
`usertrack`. What does not change during a game (the floor, the track, the frames of the
product areas, the labels of the places) is drawn once into a static surface; a frame
blits it and draws only the pieces of the `TableModel`: markers, cubes, chips, money and
counts. Each product area's pieces are cached on a small surface keyed by what it shows,
so a busy table costs a few dozen blits.

Movers (flow) ask this view where things are (`marker_spot`, `vest_cell`, `money_spot`...)
and draw moving pieces on top; `hidden_markers` leaves a hopping marker out of `draw`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame
from pytmx.util_pygame import pygame_image_loader

from game.startupfever import usertrack
from game.startupfever.layout import TableLayout
from game.startupfever.phrases import ordinal
from game.startupfever.state import (
    BIG_NERD,
    BIG_SUIT,
    NERD,
    SLOTS,
    SUIT,
    products_per_player,
)
from game.tiled import MapError, open_tmx
from scenes.engine import draw
from scenes.engine.palette import CREAM, GOLD, INK, NIGHT, PANEL, WHITE, Color, mix
from scenes.engine.theme import THEME, Theme
from scenes.startupfever import kept, look, panels
from scenes.startupfever.model import VESTS, ProductShown, TableModel
from scenes.startupfever.panels import SeatLike

TABLE = pygame.Rect(0, 0, 904, 664)
PANELS_RIGHT = 1280  # the base picture spans the table and the panel column
MARKER = 34  # px, a User Marker's diameter when it stands alone on a field
SHARED = 28  # px, the diameter when markers share a field: letters stay 18 px tall
CORNERS = ((15, 14), (37, 14), (15, 35), (37, 35))  # a shared field's four places (from
# its top-left): inside the field, each letter clear of the others
SHOWN = 3  # markers drawn on a crowded field (5 or more): the 4th place holds "+N"
COUNT_W = 29  # px, the "+N" chip's width (28 tall), in the field's bottom-right corner
LEGEND_H = 32  # px of the log place kept for the vesting legend
CELL_W, CELL_H, CELL_GAP = 24, 32, 2  # one vesting cell of a product area
CUBE = 24
LAUNCH_GREEN: Color = (52, 211, 102)
KIND_TINTS: dict[str, Color] = {NERD: (54, 200, 96), SUIT: (44, 116, 238)}  # cube colours
FIELD_FILLS: tuple[Color, Color, Color] = ((226, 220, 246), (170, 236, 190), (255, 222, 128))
PLACE_TITLES = (("bank", "BANK"), ("supply", "SUPPLY"), ("deck", "DECK"),
                ("discard", "PLAYED"), ("year", "YEAR"))


class TableView:
    """Positions of every piece on the table, and the drawing of the table and panels."""

    def __init__(self, layout: TableLayout, seats: Sequence[SeatLike]) -> None:
        self.layout = layout
        self.seats = list(seats)
        per = products_per_player(len(self.seats))
        self.used = SLOTS[: per * len(self.seats)]
        self.owner = {slot: i // per for i, slot in enumerate(self.used)}
        self._fields = [pygame.Rect(_ints(r)) for r in layout.field_rects]
        self._products = {s: pygame.Rect(_ints(r)) for s, r in layout.products.items()}
        self._static: pygame.Surface | None = None  # the table that never changes
        self._base: pygame.Surface | None = None  # static + areas + places + panels
        self._painted: dict[str, tuple] = {}  # piece of the base -> key of what it shows
        self._areas: dict[str, tuple[tuple, pygame.Surface]] = {}  # slot -> (key, image)
        self._markers: tuple[tuple, list] = ((), [])  # (fields, layout) of the markers
        self._counts: list[tuple[pygame.Rect, int]] = []  # crowded fields' "+N" chips
        self.panels = panels.CompanyPanels(self.seats)
        THEME.on_change(self._restyle)

    def _restyle(self, theme: Theme) -> None:
        """The text size or the palette changed: the base picture is drawn again, and
        the markers are taken afresh (in the new colours)."""
        self._base = None
        self._markers = ((), [])

    # -- geometry --------------------------------------------------------------------------

    def field_center(self, field: int) -> tuple[int, int]:
        x, y = self.layout.fields[usertrack.clamp(field)]
        return (round(x), round(y))

    def field_rect(self, field: int) -> pygame.Rect:
        return self._fields[usertrack.clamp(field)].copy()

    def marker_spot(self, slot: str, field: int, model: TableModel) -> tuple[int, int]:
        """Where `slot`'s marker stands on `field`, beside the other markers on it (on a
        crowded field a marker that is not drawn stands on the "+N" chip)."""
        field = usertrack.clamp(field)
        on = {s for s, p in model.products.items() if usertrack.clamp(p.field) == field}
        order = self.field_order(on | {slot}, model.current, field)
        return self._spot(order.index(slot), len(order), field)

    @staticmethod
    def marker_size(n: int) -> int:
        """The diameter of each of `n` markers that share one field."""
        return MARKER if n == 1 else SHARED

    @staticmethod
    def field_order(slots: Iterable[str], current: str | None, field: int) -> list[str]:
        """The markers on one field in the order of their places: by letter, except that
        on a crowded field the product whose turn it is always gets a drawn place."""
        order = sorted(slots)
        if field and len(order) > len(CORNERS) and current in order[SHOWN:]:
            order.remove(current)
            order.insert(SHOWN - 1, current)
        return order

    @staticmethod
    def shown(n: int, field: int) -> int:
        """How many of `n` markers on `field` are drawn (the rest are counted on a chip)."""
        return n if not field or n <= len(CORNERS) else SHOWN

    def count_rect(self, field: int) -> pygame.Rect:
        """The "+N" chip of a crowded field: its bottom-right place."""
        rect = self._fields[field]
        return pygame.Rect(rect.right - COUNT_W, rect.bottom - 28, COUNT_W, 28)

    def _spot(self, i: int, n: int, field: int) -> tuple[int, int]:
        """The centre of the `i`th of `n` markers on `field`. Every marker stays inside
        its field (never over a neighbour, a label or the strip between rows): alone in
        the middle, 2-4 on the field's corners (two share the top row, so the VP number
        shows), more: three drawn and a "+N" chip (`count_rect`) on the fourth corner.
        The tall start field holds two columns of six."""
        rect = self._fields[field]
        cx, cy = rect.center
        if field == 0:  # the tall start field: one column of up to six, then two
            columns = 1 if n <= 6 else 2
            col, row = i % columns, i // columns
            rows = -(-n // columns)
            step = min(SHARED + 6, (rect.h - 44) // max(1, rows))
            top = rect.y + 40 + step // 2 + (rect.h - 44 - rows * step) // 2
            x = cx if columns == 1 else rect.x + CORNERS[col][0]
            return (x, top + row * step)
        if n == 1:
            return (cx, cy)
        if n == 3 and i == 2:  # the third below the middle of the first two
            return (cx, rect.y + CORNERS[2][1])
        if i >= self.shown(n, field):
            return self.count_rect(field).center
        dx, dy = CORNERS[i]
        return (rect.x + dx, rect.y + dy)

    def product_rect(self, slot: str) -> pygame.Rect:
        return self._products[slot].copy()

    def letter_center(self, slot: str) -> tuple[int, int]:
        r = self._products[slot]
        return (r.x + 24, r.y + 24)

    def chip_center(self, slot: str) -> tuple[int, int]:
        r = self._products[slot]
        return (r.x + 62, r.y + 24)

    def order_center(self, slot: str) -> tuple[int, int]:
        """Where the product's place in this year's turn order is written."""
        r = self._products[slot]
        return (r.x + 24, r.bottom - 20)

    def marketing_spot(self, slot: str) -> tuple[int, int]:
        r = self._products[slot]
        return (r.x + 62, r.bottom - 20)

    def vest_cell(self, slot: str, vest: int, kind: str = NERD) -> tuple[int, int]:
        """Centre of the cell for `kind` ("nerd" top row, "suit" bottom) on vesting `vest`."""
        return self._vest_rect(slot, vest, kind).center

    def _vest_rect(self, slot: str, vest: int, kind: str) -> pygame.Rect:
        area = self._products[slot]
        col = VESTS.index(vest)
        x = area.right - 6 - (5 - col) * CELL_W - (4 - col) * CELL_GAP
        y = area.y + 7 if kind == NERD else area.y + 9 + CELL_H
        return pygame.Rect(x, y, CELL_W, CELL_H)

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

    def log_rect(self) -> pygame.Rect:
        """The log's box: the "log" place below its legend line (`LEGEND_H`)."""
        place = self.place("log")
        return pygame.Rect(place.x, place.y + LEGEND_H, place.w, place.h - LEGEND_H)

    def supply_spot(self, kind: str) -> tuple[int, int]:
        """Where the supply's pile of `kind` (nerd, suit, big_nerd, big_suit) sits."""
        r = self.place("supply")
        i = (NERD, SUIT, BIG_NERD, BIG_SUIT).index(kind)
        return (r.x + 30 + i * (r.w - 16) // 4, r.bottom - 24)

    def field_at(self, pos: tuple[int, int]) -> int | None:
        for f, rect in enumerate(self._fields):
            if rect.collidepoint(pos):
                return f
        return None

    def field_step(self, field: int, direction: str) -> int:
        """The field a cursor moves to from `field` with a d-pad `direction` (pads and keys
        read field info too): left/right walk the track, up/down jump to the nearest field
        of the row above/below as drawn. The track's ends hold the cursor."""
        field = usertrack.clamp(field)
        if direction in ("left", "right"):
            return usertrack.clamp(field + (1 if direction == "right" else -1))
        rows = self._track_rows()
        row = next((i for i, fields in enumerate(rows) if field in fields), None)
        if row is None:  # the tall start field stands beside every row
            return field
        target = row + (1 if direction == "down" else -1)
        if not 0 <= target < len(rows):
            return field
        x = self._fields[field].centerx
        return min(rows[target], key=lambda f: abs(self._fields[f].centerx - x))

    def product_at(self, pos: tuple[int, int]) -> str | None:
        for slot in self.used:
            if self._products[slot].collidepoint(pos):
                return slot
        return None

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, model: TableModel, *,
             hidden_markers: Iterable[str] = frozenset(), highlight: Iterable = frozenset(),
             turn_seat: int | None = None, t: float = 0.0) -> None:
        """The whole table and the company panels as the model shows them.

        `highlight` holds product slots (their areas glow gold) and seat numbers (their
        panels); the product whose turn it is (`model.current`) is ringed in white.
        """
        marked = frozenset(highlight)
        self._compose(model, turn_seat, marked)
        assert self._base is not None
        surface.blit(self._base, (0, 0))
        glow = 0.5 + 0.5 * math.sin(t * 5)
        for slot in self.used:
            if slot in marked:
                pygame.draw.rect(surface, mix(GOLD, WHITE, glow * 0.5),
                                 self._products[slot].inflate(8, 8), 5, border_radius=18)
            elif slot == model.current:
                pygame.draw.rect(surface, WHITE, self._products[slot].inflate(8, 8), 4,
                                 border_radius=18)
        self._draw_markers(surface, model, frozenset(hidden_markers), t)
        self.panels.halo(surface, turn_seat, t)

    def _compose(self, model: TableModel, turn_seat: int | None, marked: frozenset) -> None:
        """Keep the base picture (static table + product areas + places + panels) up to
        date, redrawing only the pieces whose content changed since the last frame."""
        if self._base is None:  # new, or a new text size or palette (`_restyle`)
            self._painted.clear()
            self._areas.clear()
            self.panels.forget()
            self._warm()
            self._static = self._render_static()
            self._base = kept.surface("table base", (PANELS_RIGHT, TABLE.h))
            self._base.blit(self._static, (0, 0))
        base = self._base
        order = {slot: i + 1 for i, slot in enumerate(model.order)}
        for slot in self.used:
            product = model.products.get(slot)
            if product is not None:
                key, image = self._area(product, order.get(slot, 0))
                if self._painted.get(slot) != key:
                    base.blit(image, self._products[slot])
                    self._painted[slot] = key
        current = model.current if model.current in order else None
        places = (model.bank, tuple(sorted(model.supply.items())), model.deck, model.discard,
                  model.year, order.get(current or "", 0), len(model.order),
                  model.unlaunched, model.last_year)
        if self._painted.get("places") != places:
            self._draw_places(base, model)
            self._painted["places"] = places
        self.panels.paint(base, model, turn_seat=turn_seat, highlight=marked)

    def _draw_markers(self, surface: pygame.Surface, model: TableModel,
                      hidden: frozenset[str], t: float) -> None:
        layout = self._marker_layout(model)  # the turn's marker first: its ring goes
        layout = sorted(layout, key=lambda m: m[0] != model.current)  # under the others
        for slot, (x, y), face, topleft in layout:
            if slot in hidden:
                continue
            if slot == model.current:  # the product whose turn it is: in a white ring
                r = face.get_width() // 2
                field = usertrack.clamp(model.products[slot].field)
                alone = face.get_width() == MARKER
                clip = surface.get_clip()
                if alone:  # alone on its field it bobs, its ring around it
                    y -= round(2 + 2 * math.sin(t * 6))
                else:  # on a shared field it keeps still, its ring inside the field
                    surface.set_clip(self._fields[field].clip(clip))
                pygame.draw.circle(surface, INK, (x, y), r + (7 if alone else 5))
                pygame.draw.circle(surface, WHITE, (x, y), r + (4 if alone else 3))
                surface.set_clip(clip)
                surface.blit(face, face.get_rect(center=(x, y + 1)))
            else:
                surface.blit(face, topleft)
        for rect, more in self._counts:
            self._draw_count(surface, rect, more)

    def _warm(self) -> None:
        """Render once, before the first frame, the pieces and numbers a game keeps
        asking for (markers at every size, counts, money, VP), so no later frame pays
        for a first rendering while things move."""
        fonts = look.fonts()
        for slot, seat in self.owner.items():
            for size in (SHARED, MARKER, 36):
                look.user_marker(self.seats[seat].colour, slot, size)
        for n in range(101):
            if n <= 60:
                draw.render(fonts.display(22), str(n), WHITE, 2)  # supply, marketing
                draw.render(fonts.display(30), str(n), GOLD)  # VP on the panels
                draw.render(fonts.display(28), look.money(n), WHITE)  # company money
            if n <= 12:
                draw.render(fonts.display(20), str(n), WHITE, 2)  # cubes on one cell
                draw.render(fonts.body(20), "1 card" if n == 1 else f"{n} cards", CREAM)
            draw.render(fonts.display(28), look.money(n), GOLD)  # the bank

    def _marker_layout(self, model: TableModel) -> list:
        """(slot, spot, image, top-left) of every marker drawn, worked out again only
        when a marker has moved or the turn passed (a frame then costs one blit per
        marker); the "+N" chips of crowded fields are kept in `_counts`."""
        key = (tuple((slot, p.field, p.owner) for slot, p in model.products.items()),
               model.current)
        if key == self._markers[0]:
            return self._markers[1]
        by_field: dict[int, list[str]] = {}
        for slot in sorted(model.products):
            by_field.setdefault(usertrack.clamp(model.products[slot].field), []).append(slot)
        layout = []
        counts = []
        for field, slots in by_field.items():
            n = len(slots)
            size = self.marker_size(n) if field else SHARED
            order = self.field_order(slots, model.current, field)
            shown = self.shown(n, field)
            for i, slot in enumerate(order[:shown]):
                x, y = self._spot(i, n, field)
                face = look.user_marker(self.seats[model.products[slot].owner].colour, slot,
                                        size)
                layout.append((slot, (x, y), face, face.get_rect(center=(x, y + 1)).topleft))
            if shown < n:
                counts.append((self.count_rect(field), n - shown))
        self._markers = (key, layout)
        self._counts = counts
        return layout

    def _draw_count(self, surface: pygame.Surface, rect: pygame.Rect, more: int) -> None:
        """A crowded field's chip: "+N" more markers here (the field cursor lists them)."""
        pygame.draw.rect(surface, INK, rect, border_radius=9)
        pygame.draw.rect(surface, GOLD, rect.inflate(-4, -4), border_radius=7)
        plus = draw.render(look.fonts().display(20), "+", INK)
        digit = draw.render(look.fonts().display(look.marker_letter_px(SHARED)), str(more),
                            INK)
        width = plus.get_width() - 4 + digit.get_width()
        x = rect.centerx - width // 2
        surface.blit(plus, plus.get_rect(midleft=(x, rect.centery)))
        surface.blit(digit, digit.get_rect(midleft=(x + plus.get_width() - 4,
                                                    rect.centery + 1)))

    def draw_field_info(self, surface: pygame.Surface, field: int,
                        model: TableModel | None = None) -> None:
        """A card beside a field: its users, base revenue and VP (the rules' numbers),
        and every product whose marker stands on it (a crowded field draws only three)."""
        field = usertrack.clamp(field)
        rect = self.field_rect(field)
        pygame.draw.rect(surface, GOLD, rect.inflate(6, 6), 4, border_radius=12)
        fonts = look.fonts()
        title = f"{usertrack.label(field)} users" if field else "No users yet"
        lines = [(fonts.display(30), title, INK),
                 (fonts.body(24), f"Revenue {look.money(usertrack.base_revenue(field))} a turn",
                  INK),
                 (fonts.body(24), f"{usertrack.victory_points(field)} VP at the end", INK)]
        if field == usertrack.LAUNCH_FIELD:
            lines.append((fonts.body(24), "Launch: the chip turns over", (20, 120, 60)))
        elif field == usertrack.MARK_100M:
            lines.append((fonts.body(24), "User loss stops here", (150, 90, 0)))
        here = sorted(s for s, p in model.products.items()
                      if usertrack.clamp(p.field) == field) if model else []
        faces = [look.user_marker(self.seats[model.products[s].owner].colour, s, MARKER)
                 for s in here] if model else []
        rows = [faces[i:i + 6] for i in range(0, len(faces), 6)]  # six markers a row
        width = max([f.size(s)[0] for f, s, _c in lines] + [6 * (MARKER + 4) if rows else 0])
        box = pygame.Rect(0, 0, width + 36, 18 + sum(f.get_linesize() for f, _s, _c in lines)
                          + len(rows) * (MARKER + 6) + (6 if rows else 0))
        box.midtop = (rect.centerx, rect.bottom + 12)
        if box.bottom > TABLE.bottom - 8:
            box.midbottom = (rect.centerx, rect.y - 12)
        box.clamp_ip(TABLE.inflate(-12, -12))
        draw.box(surface, box, CREAM, radius=16, shadow=5)
        y = box.y + 9
        for font, text, colour in lines:
            draw.text(surface, font, text, (box.centerx, y), colour, anchor="midtop")
            y += font.get_linesize()
        for row in rows:  # the markers on the field, by letter
            x = box.centerx - (len(row) * (MARKER + 4) - 4) // 2
            for face in row:
                surface.blit(face, (x, y + 6))
                x += MARKER + 4
            y += MARKER + 6

    def draw_product_info(self, surface: pygame.Surface, slot: str, model: TableModel) -> None:
        """A card beside a product area: whose it is, users and VP now, staff, marketing
        and its category (or that it is still face down). Public facts only."""
        p = model.products[slot]
        rect = self.product_rect(slot)
        pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), 5, border_radius=18)
        fonts = look.fonts()
        seat = self.seats[p.owner]
        category = p.category if p.category else "category face down"
        colour = THEME.player_rgb(seat.colour)
        lines = [(fonts.display(30), f"{slot}: {seat.name}'s product", colour),
                 (fonts.body(24), f"{usertrack.label(p.field)} users, "
                  f"{usertrack.victory_points(p.field)} VP", CREAM),
                 (fonts.body(24), f"{p.count(NERD)} Nerds, {p.count(SUIT)} Suits, "
                  f"marketing {look.money(p.marketing)}", CREAM),
                 (fonts.body(24), category, CREAM)]
        width = max(f.size(s)[0] for f, s, _c in lines) + 36
        box = pygame.Rect(0, 0, width, 18 + sum(f.get_linesize() for f, _s, _c in lines))
        box.midbottom = (rect.centerx, rect.y - 12)
        if box.top < TABLE.top + 8:
            box.midtop = (rect.centerx, rect.bottom + 12)
        box.clamp_ip(TABLE.inflate(-12, -12))
        draw.box(surface, box, INK, outline=THEME.player_rgb(seat.colour), radius=16, shadow=5)
        y = box.y + 9
        for font, text, colour in lines:
            draw.text(surface, font, text, (box.centerx, y), colour, anchor="midtop")
            y += font.get_linesize()

    # -- static layer ----------------------------------------------------------------------

    def _render_static(self) -> pygame.Surface:
        out = kept.surface("table static", TABLE.size)
        out.fill(NIGHT)
        self._draw_floor(out)
        self._draw_track(out)
        for slot in self.used:
            self._draw_product_frame(out, slot)
        self._draw_emblem(out)
        for name in ("bank", "supply", "deck", "discard", "die", "year", "log"):
            draw.box(out, self.place(name), PANEL, radius=14, shadow=4)
        self._draw_place_art(out)
        return out

    def _draw_emblem(self, out: pygame.Surface) -> None:
        """Slots nobody owns with this many players: a faint game emblem on the bare floor
        where a row of products would be, so the gap reads as the table, not as missing."""
        spare = [self._products[s] for s in SLOTS if s not in self.owner]
        if not spare:
            return
        area = spare[0].unionall(spare[1:])
        art = pygame.Surface(area.size, pygame.SRCALPHA)
        icon = look.scaled("icon_fever", (64, 64))
        title = draw.render(look.fonts().display(44), "STARTUP FEVER", CREAM, 4)
        width = icon.get_width() + 12 + title.get_width()
        if width > area.w:  # one spare area: the icon alone
            art.blit(icon, icon.get_rect(center=(area.w // 2, area.h // 2)))
        else:
            left = (area.w - width) // 2
            art.blit(icon, icon.get_rect(midleft=(left, area.h // 2)))
            art.blit(title, title.get_rect(midleft=(left + icon.get_width() + 12,
                                                    area.h // 2 + 3)))
        art.set_alpha(70)
        out.blit(art, area)

    def _draw_floor(self, out: pygame.Surface) -> None:
        """The map's tile layers (the SERVERMANIA blueprint floor), when a display exists.
        The floor is decoration: if its art cannot be read the table stays on plain night."""
        if not self.layout.source or pygame.display.get_surface() is None:
            return
        try:
            tmx = open_tmx(self.layout.source, pygame_image_loader)  # checked, like the board
        except MapError:
            return
        for layer in tmx.visible_layers:
            if hasattr(layer, "tiles"):
                for x, y, image in layer.tiles():
                    out.blit(image, (x * tmx.tilewidth, y * tmx.tileheight))

    def _draw_track(self, out: pygame.Surface) -> None:
        fonts = look.fonts()
        rows = self._track_rows()
        for row in rows:  # a dark rail under each row of fields and its decade labels
            rail = self._fields[row[0]].unionall([self._fields[f] for f in row])
            rail = pygame.Rect(rail.x - 4, rail.y - 28, rail.w + 8, rail.h + 34)
            pygame.draw.rect(out, INK, rail, border_radius=14)
        zero = self._fields[0].inflate(8, 8)
        pygame.draw.rect(out, INK, zero, border_radius=14)
        for f, rect in enumerate(self._fields):
            self._draw_field(out, f, rect)
        for first in range(1, usertrack.LAST_FIELD + 1, 5):
            self._draw_decade(out, first)
        launch = self._fields[usertrack.LAUNCH_FIELD]
        pygame.draw.rect(out, LAUNCH_GREEN, (launch.x - 3, launch.y - 26, 6, launch.h + 28),
                         border_radius=3)
        mark = self._fields[usertrack.MARK_100M]
        pygame.draw.rect(out, GOLD, (mark.x - 3, mark.y - 26, 6, mark.h + 28), border_radius=3)
        zero_top = self._fields[0]
        draw.text(out, fonts.display(32), "X", (zero_top.centerx, zero_top.y + 22), INK)
        self._draw_vp_label(out, rows)

    def _draw_vp_label(self, out: pygame.Surface, rows: list[list[int]]) -> None:
        """"VP" on the track: the small numbers from Launch on are victory points (said
        in the last row's strip, between its first user count and the 100M mark)."""
        row = next(r for r in rows if usertrack.MARK_100M in r)
        first = self._fields[row[0]]
        label = look.fonts().display(track_px(22)).size(usertrack.label(row[0]))[0]
        text = "numbers = VP"
        font = look.fonts().display(track_px(20))
        draw.text(out, font, text, (first.x + label + 28, first.y - 13), GOLD,
                  anchor="midleft")

    def _track_rows(self) -> list[list[int]]:
        """Fields 1..46 grouped by the row they lie on (same top), left to right."""
        rows: dict[int, list[int]] = {}
        for f in range(1, usertrack.LAST_FIELD + 1):
            rows.setdefault(self._fields[f].y, []).append(f)
        return [sorted(fs, key=lambda f: self._fields[f].x) for _y, fs in sorted(rows.items())]

    def _draw_field(self, out: pygame.Surface, f: int, rect: pygame.Rect) -> None:
        zone = 0 if f < usertrack.LAUNCH_FIELD else 1 if f < usertrack.MARK_100M else 2
        fill = FIELD_FILLS[zone]
        cell = rect.inflate(-4, -4)
        pygame.draw.rect(out, mix(INK, fill, 0.25), cell.move(0, 3), border_radius=10)
        pygame.draw.rect(out, INK, cell, border_radius=10)
        inner = cell.inflate(-6, -6)
        pygame.draw.rect(out, fill, inner, border_radius=7)
        shine = pygame.Rect(inner.x, inner.y, inner.w, min(inner.h // 3, 16))
        pygame.draw.rect(out, mix(fill, WHITE, 0.45), shine, border_top_left_radius=7,
                         border_top_right_radius=7)
        vp = usertrack.victory_points(f)
        if vp:
            draw.text(out, look.fonts().body(20), str(vp), (inner.right - 3, inner.bottom),
                      mix(fill, INK, 0.7), anchor="bottomright")

    def _draw_decade(self, out: pygame.Surface, first: int) -> None:
        """The user count of a decade above its first field; the Launch and 100M pills."""
        fields = [f for f in range(first, min(first + 5, usertrack.LAST_FIELD + 1))]
        span = self._fields[first].unionall([self._fields[f] for f in fields])
        label = usertrack.label(first) + (" users" if first == 1 else "")
        font = look.fonts().display(track_px(22))
        y = span.y - 13
        if first == usertrack.LAUNCH_FIELD:
            icon = look.scaled("icon_launch", (30, 30))
            pill = self._pill(out, f"LAUNCH {label}", (span.x + 8, y), LAUNCH_GREEN, icon)
            right = self._fields[first + 4].right - 4  # the strip up to the next label
            self._launch_note = pygame.Rect(pill.right + 6, pill.y - 2,
                                            max(0, right - pill.right - 6), pill.h + 4)
        elif first == usertrack.MARK_100M:
            self._pill(out, label, (span.x + 8, y), GOLD, None)
        else:
            draw.text(out, font, label, (span.x + 8, y), CREAM, anchor="midleft")
        pygame.draw.line(out, mix(INK, CREAM, 0.3), (span.x + 4, span.y - 2),
                         (span.right - 4, span.y - 2), 2)

    def _pill(self, out: pygame.Surface, text: str, left_mid: tuple[int, int], colour: Color,
              icon: pygame.Surface | None) -> pygame.Rect:
        font = look.fonts().display(track_px(22))
        w = font.size(text)[0] + 20 + (24 if icon else 0)
        pill = pygame.Rect(0, 0, w, track_px(24))
        pill.midleft = left_mid
        pill.x -= 4
        pygame.draw.rect(out, colour, pill, border_radius=12)
        x = pill.x + 10
        if icon is not None:
            out.blit(icon, icon.get_rect(midleft=(pill.x + 2, pill.centery - 2)))
            x += 22
        draw.text(out, font, text, (x, pill.centery), INK, anchor="midleft")
        return pill

    def _draw_product_frame(self, out: pygame.Surface, slot: str) -> None:
        seat = self.seats[self.owner[slot]]
        rect = self._products[slot]
        colour = THEME.player_rgb(seat.colour)
        draw.box(out, rect, look.tint(seat.colour, 0.22), outline=INK, radius=14, shadow=4)
        pygame.draw.rect(out, colour, rect.inflate(-6, -6), 3, border_radius=11)
        letter = look.user_marker(seat.colour, slot, 36)
        out.blit(letter, letter.get_rect(center=self.letter_center(slot)))
        dark = mix(PANEL, INK, 0.45)
        for kind in (NERD, SUIT):  # the Nerd row is tinted green, the Suit row blue
            well = mix(dark, KIND_TINTS[kind], 0.2)
            for vest in VESTS:
                cell = self._vest_rect(slot, vest, kind)
                pygame.draw.rect(out, well, cell, border_radius=7)
                draw.text(out, look.fonts().body(20), str(vest), cell.center,
                          mix(well, CREAM, 0.62))
        empty = look.scaled("money_token", (30, 30)).copy()
        empty.set_alpha(60)  # no marketing yet: a faint token where it will go
        out.blit(empty, empty.get_rect(center=self.marketing_spot(slot)))

    def _draw_place_art(self, out: pygame.Surface) -> None:
        font = look.fonts().body(20)
        for name, title in PLACE_TITLES:
            r = self.place(name)
            draw.text(out, font, title, (r.x + 12, r.y + 6), CREAM, anchor="topleft")
        deck = self.place("deck")
        back = look.scaled("card_mini_back", (30, 41))
        out.blit(back, back.get_rect(bottomleft=(deck.x + 10, deck.bottom - 4)))
        played = self.place("discard")
        front = look.scaled("card_mini_front", (30, 41))
        out.blit(front, front.get_rect(bottomleft=(played.x + 10, played.bottom - 5)))
        bank = self.place("bank")
        token = look.scaled("money_token", (40, 40))
        out.blit(token, token.get_rect(midleft=(bank.x + 10, bank.bottom - 24)))
        for kind in (NERD, SUIT, BIG_NERD, BIG_SUIT):
            icon = look.scaled(kind, (34, 34))
            out.blit(icon, icon.get_rect(center=self.supply_spot(kind)))
        self._draw_legend(out)
        die = self.place("die")
        ghost = look.scaled("die_5", (48, 48)).copy()
        ghost.set_alpha(70)
        out.blit(ghost, ghost.get_rect(center=die.center))

    def _draw_legend(self, out: pygame.Surface) -> None:
        """Above the log: what the "4 3 2 1 0" fields of every product mean."""
        place = self.place("log")
        band = pygame.Rect(place.x + 6, place.y + 4, place.w - 12, LEGEND_H - 4)
        pygame.draw.rect(out, mix(PANEL, INK, 0.35), band, border_radius=10)
        x = band.x + 8
        font = look.fonts().display(20)
        for vest in VESTS:
            cell = pygame.Rect(x, band.y + 3, 20, band.h - 6)
            pygame.draw.rect(out, mix(PANEL, INK, 0.6), cell, border_radius=5)
            draw.text(out, font, str(vest), cell.center, CREAM)
            x = cell.right + 2
        text = "vesting: years left, hires on 4"
        draw.text(out, look.fonts().fit("body", 20, text, band.right - x - 14), text,
                  (x + 8, band.centery), CREAM, anchor="midleft")

    # -- dynamic pieces --------------------------------------------------------------------

    def _area(self, p: ProductShown, position: int) -> tuple[tuple, pygame.Surface]:
        """One product area with its chip, cubes, marketing and turn position: an opaque
        copy of the static frame with the pieces on it, cached by what it shows."""
        key = (p.chip, p.category, p.marketing, position, tuple(p.workers.items()))
        cached = self._areas.get(p.slot)
        if cached is not None and cached[0] == key:
            return cached
        rect = self._products[p.slot]
        assert self._static is not None
        out = cached[1] if cached is not None else None
        if out is None or out.get_size() != rect.size:
            out = self._static.subsurface(rect).copy()
        else:  # repainted in place: a product changes often, a fresh copy each time churned
            out.blit(self._static, (0, 0), rect)  # the C heap; static is opaque
        dx, dy = -rect.x, -rect.y
        if p.chip:
            face = look.chip(p.category, 36)
            cx, cy = self.chip_center(p.slot)
            out.blit(face, face.get_rect(center=(cx + dx, cy + dy + 1)))
        if position:
            ox, oy = self.order_center(p.slot)
            text = ordinal(position)
            pill = pygame.Rect(0, 0, look.fonts().body(20).size(text)[0] + 8, 24)
            pill.center = (ox + dx - 2, oy + dy)
            pill.left = max(4, pill.left)  # "12th" stays clear of the marketing count
            pygame.draw.rect(out, INK, pill, border_radius=12)
            draw.text(out, look.fonts().body(20), text, pill.center, CREAM)
        if p.marketing:
            mx, my = self.marketing_spot(p.slot)
            coin = look.scaled("money_token", (32, 32))
            out.blit(coin, coin.get_rect(center=(mx + dx, my + dy)))
            draw.text(out, look.fonts().display(22), str(p.marketing), (mx + dx, my + dy + 1),
                      WHITE, outline=2)
        for (kind, vest), n in p.workers.items():
            if n <= 0:
                continue
            cell = self._vest_rect(p.slot, vest, kind).move(dx, dy)
            icon = look.scaled(kind, (CUBE, CUBE))
            if n > 1:  # a second cube peeks out behind: more than one at a glance
                out.blit(icon, icon.get_rect(midtop=(cell.centerx + 2, cell.y)))
            out.blit(icon, icon.get_rect(midtop=(cell.centerx, cell.y + (2 if n > 1 else 4))))
            if n > 1:
                draw.text(out, look.fonts().display(20), str(n),
                          (cell.right + 1, cell.bottom + 3), WHITE, anchor="bottomright",
                          outline=2)
        self._areas[p.slot] = (key, out)
        return key, out

    def _draw_places(self, surface: pygame.Surface, model: TableModel) -> None:
        """The counts of the bank, supply, deck, played pile and year, over clean boxes."""
        assert self._static is not None
        for name in ("bank", "supply", "deck", "discard", "year"):
            r = self.place(name)
            surface.blit(self._static, r, area=r)
        fonts, k = look.fonts(), THEME.text_scale  # the figures grow with the text size

        def figure(text: str, left: int, y: int, right: int, colour: Color, px: int = 28,
                   outline: int = 0) -> None:
            font = fonts.fit("display", round(px * k), text, right - left, px)
            draw.text(surface, font, text, (left, y), colour, anchor="midleft",
                      outline=outline)

        bank = self.place("bank")
        figure(look.money(model.bank), bank.x + 58, bank.bottom - 22, bank.right - 8, GOLD)
        kinds = (NERD, SUIT, BIG_NERD, BIG_SUIT)
        for i, kind in enumerate(kinds):
            x, y = self.supply_spot(kind)
            right = self.supply_spot(kinds[i + 1])[0] - 24 if i < 3 else \
                self.place("supply").right - 8  # clear of the next pile's icon
            figure(str(model.supply.get(kind, 0)), x + 20, y + 2, right, WHITE, 22, 2)
        for name in ("deck", "discard"):
            place = self.place(name)
            count = model.deck if name == "deck" else model.discard
            figure(str(count), place.x + 50, place.bottom - 22, place.right - 8, WHITE)
        self._draw_launch_note(surface, model)
        year = self.place("year")
        draw.text(surface, fonts.display(36), str(max(model.year, 0)),
                  (year.right - 14, year.y + 6), GOLD, anchor="topright")
        if model.current in model.order:
            turn = f"turn {model.order.index(model.current) + 1} of {len(model.order)}"
            font = fonts.fit("body", round(20 * k), turn, year.w - 24)
            draw.text(surface, font, turn, (year.x + 12, year.bottom - 6), CREAM,
                      anchor="bottomleft")


    def _draw_launch_note(self, surface: pygame.Surface, model: TableModel) -> None:
        """Beside the Launch pill: how many products are still to launch, and once none
        is, which year is the last (the game ends with it: RULES.md F12)."""
        rect = getattr(self, "_launch_note", None)
        if rect is None or rect.w < 40 or not model.products:
            return
        assert self._static is not None
        surface.blit(self._static, rect, area=rect)
        if model.last_year is not None:
            text = "LAST YEAR" if model.last_year <= model.year else \
                f"ends yr {model.last_year}"
            colour: Color = GOLD
        else:
            text, colour = f"{model.unlaunched} left", CREAM
        font = look.fonts().fit("display", track_px(20), text, rect.w - 6, 10)
        draw.text(surface, font, text, (rect.x + 2, rect.centery), colour, anchor="midleft")


def track_px(px: int) -> int:
    """A year-track label's size: grown with the text size as far as the 28 px strip
    above each row of fields allows."""
    return min(round(px * THEME.text_scale), px + 4)


def _ints(rect: Sequence[float]) -> tuple[int, int, int, int]:
    return tuple(round(v) for v in rect)  # type: ignore[return-value]

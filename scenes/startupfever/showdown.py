"""One category's year-end showdown as a show (RULES.md F8, Table 1 and Table 2).

The launched products of a category line up in a panel over the table; each one's
strength bar fills from its parts (Nerds, Big Nerds × 4, marketing money, cards such as
Press Coverage), then its die tumbles in and adds to the bar, ranks pop in and Table 2's
arrows show how far each marker moves. The numbers all come from the rules: the base
strength the rules computed (`state.comp_base`) and the `CompetitionResult` event; the
parts are read from the table as shown, the cards' share is what is left over.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
import pytweening

from game.startupfever.events import CompetitionResult
from game.startupfever.state import BIG_NERD, NERD
from game.startupfever.yearend import BIG_NERD_STRENGTH
from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.palette import (
    CREAM,
    GOLD,
    INK,
    MINT,
    PANEL,
    PINK,
    RED,
    SKY,
    WHITE,
    Color,
    mix,
)
from scenes.engine.theme import THEME
from scenes.startupfever import look as sf_look
from scenes.startupfever.model import TableModel
from scenes.table import look

FILL = 0.9  # seconds for the bars to fill from their parts
ROLL = 0.75  # a product's die tumbling in and adding to its bar
RANKS = 1.1  # ranks and Table 2 arrows popping in
CLOSE = 0.35
PART_COLOURS: dict[str, Color] = {"Nerds": MINT, "Big Nerds": SKY, "marketing": GOLD,
                                  "cards": PINK, "die": WHITE}
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
ROW_H = 66
LOSS = mix(RED, WHITE, 0.35)  # a lighter red: >= 4.5:1 on the rows' purple


@dataclass
class Entry:
    slot: str
    seat: int
    parts: list[tuple[str, int]]  # (label, value) without the die
    dice: list[int] = field(default_factory=list)
    rank: int | None = None
    delta: int = 0

    @property
    def base(self) -> int:
        return sum(v for _label, v in self.parts)

    @property
    def total(self) -> int:
        return self.base + (self.dice[0] if self.dice else 0)


def lineup(model: TableModel, slots: list[str], base: dict[str, int]) -> list[Entry]:
    """The products of one showdown with their strength split into parts (from the table)."""
    entries = []
    for slot in slots:
        p = model.products[slot]
        big = sum(1 for kind, _v in model.companies[p.owner].execs if kind == BIG_NERD)
        parts = [("Nerds", p.count(NERD)), ("Big Nerds", BIG_NERD_STRENGTH * big),
                 ("marketing", p.marketing)]
        cards = base[slot] - sum(v for _l, v in parts)
        if cards:
            parts.append(("cards", cards))
        entries.append(Entry(slot, p.owner, parts))
    return entries


class Showdown:
    """The panel of the current showdown; the director calls roll/result/close."""

    def __init__(self, names: list[str], colours: list[str], table: pygame.Rect) -> None:
        self.names, self.colours, self.table = names, colours, table
        self.category = ""
        self.entries: list[Entry] = []
        self.active = False
        self.phase = "idle"  # "fill", "roll", "ranks", "close"
        self.t = 0.0
        self.wait = 0.0  # length of the current phase
        self.rolling: str | None = None  # the product whose die is tumbling
        self.closing = False
        self._kept: tuple[tuple, pygame.Surface] | None = None  # the backdrop, drawn once

    # -- the director's verbs ------------------------------------------------------------

    def open(self, category: str, entries: list[Entry]) -> None:
        self.category, self.entries = category, entries
        self.active, self.closing = True, False
        self._phase("fill", FILL)

    def roll(self, slot: str | None, value: int) -> None:
        entry = self._entry(slot)
        if entry is None:
            return
        entry.dice.append(value)
        self.rolling = slot
        self._phase("roll", ROLL)

    def result(self, event: CompetitionResult) -> None:
        if not self.active:
            return
        for rank, (slot, _strength, delta, _start, _end) in enumerate(event.ranking):
            entry = self._entry(slot)
            if entry is not None:
                entry.rank, entry.delta = rank, delta
        self.entries.sort(key=lambda e: e.rank if e.rank is not None else 99)
        self._phase("ranks", RANKS)

    def close(self) -> None:
        if self.active:
            self.closing = True
            self._phase("close", CLOSE)

    # -- time ----------------------------------------------------------------------------

    @property
    def settled(self) -> bool:
        return not self.active or self.t >= self.wait

    def update(self, dt: float) -> None:
        if not self.active:
            return
        self.t = min(self.wait, self.t + dt)
        if self.closing and self.t >= self.wait:
            self.active = False

    def finish(self) -> None:
        """Skip: the current phase ends (a closing panel disappears)."""
        self.t = self.wait
        if self.closing:
            self.active = False

    def _phase(self, name: str, wait: float) -> None:
        self.phase, self.t, self.wait = name, 0.0, wait

    def _entry(self, slot: str | None) -> Entry | None:
        return next((e for e in self.entries if e.slot == slot), None)

    # -- drawing -------------------------------------------------------------------------

    def rect(self) -> pygame.Rect:
        h = 84 + ROW_H * len(self.entries) + 40
        rect = pygame.Rect(0, 0, self.table.w - 100, h)
        rect.center = (self.table.centerx, self.table.centery - 10)
        return rect

    def draw(self, canvas: pygame.Surface, fonts: Fonts) -> None:
        if not self.active:
            return
        rect = self.rect()
        u = self.t / self.wait if self.wait else 1.0
        if self.closing:
            scale = 1 - pytweening.easeInBack(u)
            if scale <= 0.05:
                return
            rect = rect.inflate(-(rect.w * (1 - scale)), -(rect.h * (1 - scale)))
        if self.closing:
            draw.box(canvas, rect, INK, outline=GOLD, radius=22, shadow=8)
            return
        canvas.blit(self._backdrop(fonts, rect.size), rect.topleft)
        high = max(20, max((e.base + 6 for e in self.entries), default=20))
        bar_x, bar_w = rect.x + 200, rect.w - 500
        y = rect.y + 84
        for entry in self.entries:
            self._draw_row(canvas, fonts, entry, pygame.Rect(rect.x + 16, y, rect.w - 32,
                                                             ROW_H - 8), bar_x, bar_w, high)
            y += ROW_H

    def _backdrop(self, fonts: Fonts, size: tuple[int, int]) -> pygame.Surface:
        """What stays put while the show plays: the panel, its title, each row's frame,
        marker and name (in the current order), the colour key. Drawn once per order."""
        key = (self.category, tuple(e.slot for e in self.entries), size)
        if self._kept is not None and self._kept[0] == key:
            return self._kept[1]
        # carved from one surface kept for every showdown of every game (a fresh 2 MB for
        # each fragmented the C heap); only one showdown shows at a time
        out = draw.scratch("showdown backdrop", (size[0], size[1] + 8))
        out.fill((0, 0, 0, 0))
        rect = pygame.Rect((0, 0), size)
        draw.box(out, rect, INK, outline=GOLD, radius=22, shadow=8)
        icon = sf_look.CATEGORY_ICONS.get(self.category)
        title = draw.render(fonts.display(38), f"SHOWDOWN: {self.category.upper()}", GOLD, 3)
        tr = title.get_rect(midtop=(rect.centerx + (26 if icon else 0), rect.y + 12))
        out.blit(title, tr)
        if icon:
            image = look.scaled(icon, (48, 48))
            out.blit(image, image.get_rect(midright=(tr.x - 8, tr.centery)))
        y = rect.y + 84
        for entry in self.entries:
            row = pygame.Rect(rect.x + 16, y, rect.w - 32, ROW_H - 8)
            pygame.draw.rect(out, PANEL, row, border_radius=14)
            colour = THEME.player_rgb(self.colours[entry.seat])
            pygame.draw.rect(out, colour, row, 3, border_radius=14)
            marker = sf_look.user_marker(self.colours[entry.seat], entry.slot, 40)
            out.blit(marker, marker.get_rect(midleft=(row.x + 10, row.centery)))
            draw.text(out, fonts.body(26), self.names[entry.seat], (row.x + 60, row.centery),
                      WHITE, anchor="midleft")
            y += ROW_H
        self._draw_key(out, fonts, rect)
        self._kept = (key, out)
        return out

    def _draw_row(self, canvas: pygame.Surface, fonts: Fonts, entry: Entry, row: pygame.Rect,
                  bar_x: int, bar_w: int, high: int) -> None:
        fill = 1.0 if self.phase != "fill" else pytweening.easeOutCubic(self.t / self.wait)
        x = bar_x
        unit = bar_w / high
        shown = fill * entry.base
        for label, value in entry.parts:
            part = min(value, max(0.0, shown))
            shown -= value
            if part <= 0:
                continue
            w = round(part * unit)
            pygame.draw.rect(canvas, PART_COLOURS[label], (x, row.y + 12, w, row.h - 24))
            pygame.draw.rect(canvas, INK, (x, row.y + 12, w, row.h - 24), 2)
            x += w
        if entry.dice:
            rolling = self.phase == "roll" and self.rolling == entry.slot
            u = min(1.0, self.t / (self.wait * 0.6)) if rolling else 1.0
            w = round(entry.dice[0] * unit * pytweening.easeOutQuad(u))
            if w > 0:
                pygame.draw.rect(canvas, WHITE, (x, row.y + 12, w, row.h - 24))
                pygame.draw.rect(canvas, INK, (x, row.y + 12, w, row.h - 24), 2)
            x += w
            value = entry.dice[-1]
            if u >= 1.0:
                die = look.scaled(f"die_{value}", (40, 40))
            else:  # tumbling in
                die = pygame.transform.rotate(
                    look.scaled(f"die_tumble_{int(self.t / 0.06) % 3 + 1}", (40, 40)),
                    540 * (1 - u))
            canvas.blit(die, die.get_rect(center=(row.right - 250, row.centery)))
            if len(entry.dice) > 1:
                draw.text(canvas, fonts.body(24), "re-roll", (row.right - 250, row.bottom - 2),
                          GOLD, anchor="midbottom")
        total = entry.total if entry.dice else entry.base
        draw.text(canvas, fonts.display(32), str(round(total * fill)),
                  (row.right - 190, row.centery), CREAM)
        if entry.rank is not None and self.phase in ("ranks", "close"):
            pop = pytweening.easeOutBack(min(1.0, self.t / (self.wait * 0.5)))
            if pop > 0.05:  # rank and Table 2 move pop in (text rendered once, scaled)
                rank = draw.render(fonts.display(30), ORDINALS[entry.rank],
                                   GOLD if entry.rank == 0 else WHITE, 2)
                tint = MINT if entry.delta > 0 else LOSS if entry.delta < 0 else CREAM
                move = draw.render(fonts.display(28), f"{entry.delta:+d}", tint, 2)
                if abs(pop - 1.0) > 0.01:
                    rank = draw.scaled_now("rank", rank, pop)
                    move = draw.scaled_now("move", move, pop)
                canvas.blit(rank, rank.get_rect(center=(row.right - 120, row.centery)))
                spot = move.get_rect(midright=(row.right - 14, row.centery))
                canvas.blit(move, spot)
                if entry.delta:  # Table 2's arrow: up the track or down it
                    x, y, h = spot.x - 16, row.centery, 10 * pop * (1 if entry.delta > 0 else -1)
                    points = [(x, y - h), (x - 9 * pop, y + h * 0.7), (x + 9 * pop, y + h * 0.7)]
                    pygame.draw.polygon(canvas, tint, points)
                    pygame.draw.polygon(canvas, INK, points, 2)

    def _draw_key(self, canvas: pygame.Surface, fonts: Fonts, rect: pygame.Rect) -> None:
        """What the colours of the bars mean, along the bottom of the panel."""
        x = rect.x + 30
        y = rect.bottom - 24
        for label, colour in PART_COLOURS.items():
            pygame.draw.rect(canvas, colour, (x, y - 9, 18, 18))
            pygame.draw.rect(canvas, INK, (x, y - 9, 18, 18), 2)
            r = draw.text(canvas, fonts.body(24), label, (x + 26, y), CREAM, anchor="midleft")
            x = r.right + 28

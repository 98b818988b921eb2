"""Startup Fever results: VP per product and company, the winner, VP over the years.

Everything is the rules' own figures: `state.scores()` (VP = sum of max(0, field - 15)
over a company's products), `state.winners()` (most VP; on a tie more money; still tied,
a shared win) and each product's field. The chart plots each company's VP at the end of
every year, as the table scene recorded it from events. The screen is the table's
results screen (title, confetti, Play again / Back to title) with its own table and chart.
"""

from __future__ import annotations

import math

import pygame
import pytweening

from game.startupfever import usertrack
from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.palette import CREAM, GOLD, INK, MUTED, PANEL, WHITE, mix
from scenes.engine.theme import THEME
from scenes.seating import SeatDevices
from scenes.startupfever import look as sf_look
from scenes.startupfever import watch
from scenes.startupfever.seats import Seat
from scenes.startupfever.showdown import ORDINALS
from scenes.startupfever.why import Story, reasons
from scenes.table import look
from scenes.table.results import CHART, TABLE
from scenes.table.results import ResultsScene as TableResults


class ResultsScene(TableResults):
    """The table's results with victory points, money as the tie-break, and products."""

    GAME = "startupfever"
    TABLE_TITLE = "Victory points"
    CHART_TITLE = "VP over the years"

    @property
    def chart_title(self) -> str:
        """With people at the table the chart's panel says what decided the game."""
        return "What decided it" if self.why else self.CHART_TITLE

    def __init__(self, seats: list[Seat], state, history: list[list[int]],
                 demo: bool = False, pace: float = 1.0,
                 devices: SeatDevices | None = None, story: Story | None = None) -> None:
        super().__init__(seats, state.scores(), state.winners(), history, demo=demo, pace=pace,
                         devices=devices)
        self.money = [p.money for p in state.players]
        self.products = {seat: [(slot, state.products[slot].field)
                                for slot in state.players[seat].slots]
                         for seat in range(len(seats))}
        self.year = state.year
        self.extra_years = state.extra_years  # "Play again" keeps the agreed option
        self.order = sorted(range(len(seats)), key=lambda i: (-self.scores[i], -self.money[i]))
        best = self.scores[self.order[0]]
        self.tie_on_vp = sum(1 for s in self.scores if s == best) > 1
        # each person's one or two lines of why (why.py), from the rules' figures
        names = [s.name for s in seats]
        self.why = [] if demo else [(i, reasons(state, story, i, names=names))
                                    for i, s in enumerate(seats) if s.human]

    @property
    def speed(self) -> float:
        """In the demo the winner stays 8 s at its default pace (watch.py)."""
        if self.demo:
            return watch.results_speed(self.app.settings.anim_speed, self.pace)
        return super().speed

    def place_of(self, seat: int) -> int:
        key = (self.scores[seat], self.money[seat])
        return 1 + sum(1 for i in range(len(self.seats))
                       if (self.scores[i], self.money[i]) > key)

    def replay_options(self) -> dict[str, int]:
        return {"extra_years": self.extra_years}

    def _draw_table(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        top = TABLE.y + 40
        bottom = TABLE.bottom - (34 if self.tie_on_vp else 10)
        row_h = min(92, (bottom - top) // max(1, len(self.order)))
        y = top
        count = pytweening.easeOutCubic(min(1.0, max(0.0, (self.t - 0.3) / 1.4)))
        for seat in self.order:
            s = self.seats[seat]
            place = self.place_of(seat)
            rect = pygame.Rect(TABLE.x + 16, y, TABLE.w - 32, row_h - 6)
            winner = seat in self.winners
            draw.box(canvas, rect, mix(PANEL, THEME.player_rgb(s.colour), 0.3 if winner else 0.12),
                     outline=GOLD if winner else INK, radius=14, shadow=3)
            draw.text(canvas, fonts.display(30), ORDINALS[place - 1],
                      (rect.x + 12, rect.centery), GOLD if place == 1 else CREAM,
                      anchor="midleft", outline=2)
            canvas.blit(look.marker(s.colour, 34, s.token), (rect.x + 72, rect.centery - 17))
            one_line = rect.h < 70  # five or six companies: name and products side by side
            name_at = (rect.x + 116, rect.centery if one_line else rect.y + 20)
            x = rect.x + 300 if one_line else rect.x + 116
            room = (x - 12 if one_line else rect.right - 140) - name_at[0]
            font, words = fit_name(fonts, s.name, f"  ·  ${self.money[seat]}", room)
            draw.text(canvas, font, words, name_at, WHITE, anchor="midleft",
                      volatile=True)  # this game's only
            line = rect.centery if one_line else rect.bottom - 16
            for slot, field in self.products[seat]:  # each product: its marker and its VP
                marker = sf_look.user_marker(s.colour, slot, 24)
                canvas.blit(marker, marker.get_rect(midleft=(x, line)))
                r = draw.text(canvas, fonts.body(24), f"{usertrack.victory_points(field)}",
                              (x + 28, line), CREAM, anchor="midleft")
                x = r.right + 14
            total = round(self.scores[seat] * count)
            draw.text(canvas, fonts.display(34), f"{total} VP", (rect.right - 14, rect.centery),
                      GOLD if winner else WHITE, anchor="midright", outline=2,
                      volatile=True)  # counting up
            y += row_h
        if self.tie_on_vp:
            draw.text(canvas, fonts.body(24), "Tied on VP: more money wins", (TABLE.centerx,
                      TABLE.bottom - 20), GOLD)

    def winner_image(self, seat: int) -> pygame.Surface:
        """The winning company's logo (a Startup Fever table has no pawns)."""
        s = self.seats[seat]
        return look.marker(s.colour, 72, s.token)

    def _draw_chart(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        if self.why:  # people at the table: what decided it, in the chart's place
            self._draw_why(canvas, pygame.Rect(CHART.x + 18, CHART.y + 44, CHART.w - 36,
                                               CHART.h - 58))
            return
        area = pygame.Rect(CHART.x + 70, CHART.y + 50, CHART.w - 110, CHART.h - 110)
        top = max(max(row) for row in self.history)
        most = max(2, min(6, area.h // 30))  # grid labels 30 px apart at least
        step = next((s for s in (5, 10, 20, 25, 50) if top / s <= most), 100)
        top = step * max(1, math.ceil(top / step))
        small = fonts.body(24)
        self._draw_axes(canvas, area, top, step, str)
        years = len(self.history) - 1
        for i in range(years + 1):
            x = area.x + area.w * i / max(1, years)
            draw.text(canvas, small, str(i), (x, area.bottom + 8), MUTED, anchor="midtop")
        draw.text(canvas, small, "end of year", (area.centerx, area.bottom + 34), MUTED,
                  anchor="midtop")
        self._draw_lines(canvas, area, top)

    def _draw_why(self, canvas: pygame.Surface, rect: pygame.Rect) -> None:
        """Each person: their logo and one or two lines of why (the logo says whose)."""
        fonts = self.app.fonts
        pygame.draw.rect(canvas, mix(PANEL, INK, 0.35), rect.inflate(8, 8), border_radius=12)
        per = max(1, min(2 * WHY_LINE + 6, rect.h // max(1, len(self.why))))
        y = rect.y
        for seat, lines in self.why:
            s = self.seats[seat]
            canvas.blit(look.marker(s.colour, 24, s.token), (rect.x + 2, y + 2))
            line_h = min(WHY_LINE, per)
            shown = lines[: max(1, (per - 4) // line_h)]
            for k, line in enumerate(shown):
                font = fonts.fit("body", 22, line, rect.w - 36, 15)
                draw.text(canvas, font, draw.clip(font, line, rect.w - 36),
                          (rect.x + 32, y + k * line_h + line_h // 2), CREAM,
                          anchor="midleft",
                          volatile=True)
            y += per


WHY_LINE = 27


def fit_name(fonts: Fonts, name: str, tail: str, room: int) -> tuple[pygame.font.Font, str]:
    """`name + tail` in a body font of 26 px shrunk to fit `room` (not below 20 px); a name
    still too long loses its end, never the tail (the money)."""
    font = fonts.fit("body", 26, name + tail, room)
    if font.size(name + tail)[0] > room:
        name = draw.clip(font, name, room - font.size(tail)[0])
    return font, name + tail

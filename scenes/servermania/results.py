"""SERVERMANIA's results: final money broken down, the winner celebrated, money over the turns.

Final money is the rules' own figure (`state.scores()`, cash + servers × $20,000); the
breakdown comes from the FinalTally events. The chart plots each player's money (cash +
servers at their end value) after every turn, as recorded by the board scene from events.
The screen itself (title, confetti, Play again / Back to title) is the table's
(`scenes.table.results`).
"""

from __future__ import annotations

import math

import pygame
import pytweening

from game.servermania.events import FinalTally
from game.servermania.rules import SERVER_VALUE
from scenes.engine import draw
from scenes.engine.palette import CREAM, GOLD, INK, MUTED, PANEL, WHITE, mix
from scenes.engine.theme import THEME
from scenes.seating import SeatDevices
from scenes.servermania.hud import ORDINALS
from scenes.servermania.seats import Seat
from scenes.table import look
from scenes.table.results import CHART, TABLE
from scenes.table.results import ResultsScene as TableResults


class ResultsScene(TableResults):
    """tallies: each seat's end-of-game sum (cash + servers), None where not told."""

    GAME = "servermania"
    TABLE_TITLE = "Final money"
    CHART_TITLE = "Money over the turns"

    def __init__(self, seats: list[Seat], scores: list[int], winners: list[int],
                 history: list[list[int]], tallies: list[FinalTally | None], demo: bool = False,
                 pace: float = 1.0, devices: SeatDevices | None = None) -> None:
        super().__init__(seats, scores, winners, history, demo=demo, pace=pace,
                         devices=devices)
        self.tallies = tallies

    def _draw_table(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        y = TABLE.y + 44
        row_h = min(96, (TABLE.h - 60) // max(1, len(self.order)))
        count = pytweening.easeOutCubic(min(1.0, max(0.0, (self.t - 0.3) / 1.4)))
        for seat in self.order:
            s = self.seats[seat]
            place = self.place_of(seat)
            rect = pygame.Rect(TABLE.x + 20, y, TABLE.w - 40, row_h - 10)
            winner = seat in self.winners
            draw.box(canvas, rect, mix(PANEL, THEME.player_rgb(s.colour), 0.3 if winner else 0.12),
                     outline=GOLD if winner else INK, radius=16, shadow=4)
            draw.text(canvas, fonts.display(34), ORDINALS.get(place, str(place)),
                      (rect.x + 16, rect.y + 10), GOLD if place == 1 else CREAM, anchor="topleft",
                      outline=2)
            canvas.blit(look.marker(s.colour, 40, s.token), (rect.x + 82, rect.y + 8))
            draw.text(canvas, fonts.body(28), s.name, (rect.x + 132, rect.y + 10), WHITE,
                      anchor="topleft")
            total = round(self.scores[seat] * count)
            draw.text(canvas, fonts.display(34), look.money(total), (rect.right - 16, rect.y + 10),
                      GOLD if winner else WHITE, anchor="topright", outline=2, volatile=True)
            tally = self.tallies[seat] if seat < len(self.tallies) else None
            if tally is not None:
                detail = f"{look.money(tally.cash)} cash + {look.servers(tally.servers)} × " \
                         f"{look.money(SERVER_VALUE)}"
            else:
                detail = f"cash + servers × {look.money(SERVER_VALUE)}"
            draw.text(canvas, fonts.body(24), detail, (rect.x + 82, rect.bottom - 8), CREAM,
                      anchor="bottomleft", volatile=True)  # this game's figures only
            y += row_h

    def _draw_chart(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        area = pygame.Rect(CHART.x + 96, CHART.y + 50, CHART.w - 130, CHART.h - 110)
        top = max(max(row) for row in self.history)
        step = _nice_step(top, most=max(2, area.h // 30))  # labels 30 px apart at least
        top = step * math.ceil(top / step) if top else step
        small = fonts.body(24)
        self._draw_axes(canvas, area, top, step, _short)
        turns = len(self.history) - 1
        draw.text(canvas, small, "turns", (area.centerx, area.bottom + 10), MUTED,
                  anchor="midtop")
        draw.text(canvas, small, "0", (area.x, area.bottom + 10), MUTED, anchor="midtop")
        draw.text(canvas, small, str(turns), (area.right, area.bottom + 10), MUTED,
                  anchor="midtop")
        self._draw_lines(canvas, area, top)


def _nice_step(top: float, most: int = 6) -> int:
    """The grid's step: at most `most` of them up to `top`."""
    for step in (50_000, 100_000, 200_000, 250_000, 500_000, 1_000_000, 2_000_000):
        if top / step <= most:
            return step
    return 5_000_000


def _short(value: int) -> str:
    if value == 0:
        return "$0"
    if value >= 1_000_000:
        return f"${value / 1_000_000:g}M"
    return f"${value // 1000}k"

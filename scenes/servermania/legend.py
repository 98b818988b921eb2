"""The legend: what every kind of square does, with the tile and icon it has on the board.

An overlay (the game underneath stays frozen and dimmed), reached from the pause menu
and the new-game screen (`scenes.servermania.legend:LegendScene`). The amounts are the
rules' own constants, so the page cannot drift from the game. Any press closes it.
"""

from __future__ import annotations

import pygame

from game.servermania.rules import (
    FIRST_FINISH_BONUS,
    MAINTENANCE_FEE,
    PAYDAY_PER_SERVER,
    SERVER_VALUE,
    STARTING_CASH,
    STARTING_SERVERS,
    STUCK_FEE,
    STUCK_FREE_MAX,
)
from scenes.engine import draw
from scenes.engine.input import CLICK, Action
from scenes.engine.palette import CREAM, INK
from scenes.engine.scene import Scene
from scenes.engine.widgets import PromptBar, panel
from scenes.overlays import dim
from scenes.servermania.board_view import KIND_LOOKS, KIND_TITLES
from scenes.table import look

_money = look.money
#: (kind, what it does), in the order a player meets them.
ENTRIES: tuple[tuple[str, str], ...] = (
    ("start", f"Everyone starts here with {_money(STARTING_CASH)} and "
              f"{STARTING_SERVERS} servers."),
    ("payday", f"Pass it: {_money(PAYDAY_PER_SERVER)} per server. "
               f"Land on it: {_money(2 * PAYDAY_PER_SERVER)} per server."),
    ("customer_service", f"Within 6 squares, pay {_money(MAINTENANCE_FEE)} or skip. "
                         "Land: paid doubles your servers, skipped loses half."),
    ("techpad", "Land: roll again and gain that many servers."),
    ("stuck", f"Land: turn over. Later: pay {_money(STUCK_FEE)}, or roll "
              f"1-{STUCK_FREE_MAX} to go on."),
    ("ceo_bonus", "Land: take the whole pot. Every fee and penalty goes into it."),
    ("signups", "Land: draw a SIGN UPS card. Gain money or servers."),
    ("churn", "Land: draw a CHURN! card. Lose money (into the pot) or servers."),
    ("finish", f"Your move stops here. First to finish: +{FIRST_FINISH_BONUS} servers."),
    ("plain", "Nothing happens. Arrows show the way round the track."),
)
FOOTER = (f"Worth = cash + {_money(SERVER_VALUE)} per server. "
          "The game ends when everyone has finished; the richest wins.")
RECT = pygame.Rect(24, 44, 1232, 600)
TILE = 64


class LegendScene(Scene):
    """Every square kind: its tile, its name and what it does. Closes on any press."""

    opaque = False

    def __init__(self) -> None:
        super().__init__()
        self.prompts = PromptBar([("back", "Close"), ("confirm", "Close")])

    def handle(self, action: Action) -> bool:
        if action.pressed and action.name in ("back", "confirm", "pause", CLICK):
            self.app.audio.play("back")
            self.app.stack.pop()
        return True  # modal: nothing reaches the game underneath

    def entry_rect(self, index: int) -> pygame.Rect:
        """Row `index`: two columns of five."""
        column, row = divmod(index, 5)
        return pygame.Rect(RECT.x + 24 + column * 600, RECT.y + 50 + row * 98, 584, 92)

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        dim(canvas, 170)
        fonts = self.app.fonts
        panel(canvas, fonts, RECT, "Board legend")
        body = fonts.body(24)
        for index, (kind, text) in enumerate(ENTRIES):
            rect = self.entry_rect(index)
            self._draw_tile(canvas, kind, pygame.Rect(rect.x, rect.y + 8, TILE, TILE))
            title = KIND_TITLES.get(kind) or "Plain square"
            draw.text(canvas, fonts.display(26), title, (rect.x + TILE + 14, rect.y + 2),
                      CREAM, anchor="topleft")
            y = rect.y + 34
            for line in draw.wrap(body, text, rect.w - TILE - 20)[:2]:
                draw.text(canvas, body, line, (rect.x + TILE + 14, y), CREAM, anchor="topleft")
                y += 27
        draw.text(canvas, body, FOOTER, (RECT.centerx, RECT.bottom - 26), CREAM)
        self.prompts.draw(canvas, fonts, self.app.input.style)

    @staticmethod
    def _draw_tile(canvas: pygame.Surface, kind: str, rect: pygame.Rect) -> None:
        """A small copy of the board's square: its colour and icon (a number if plain)."""
        kind_look = KIND_LOOKS[kind]
        pygame.draw.rect(canvas, INK, rect.move(0, 3), border_radius=12)
        pygame.draw.rect(canvas, INK, rect, border_radius=12)
        pygame.draw.rect(canvas, kind_look.fill, rect.inflate(-6, -6), border_radius=10)
        if kind_look.icon:
            icon = look.scaled(kind_look.icon, (TILE - 14, TILE - 14))
            canvas.blit(icon, icon.get_rect(center=rect.center))

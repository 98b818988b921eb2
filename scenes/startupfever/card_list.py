"""The Event Card list (Startup Fever's pause menu): every kind of card, how many the deck
holds, when it is played and what it does, paged with a pad.

The words are the rules' own (`game.startupfever.cards.CARD_TYPES`), never rewritten here,
so the list can never disagree with what a card does.
"""

from __future__ import annotations

import pygame

from game.startupfever.cards import CARD_TYPES, DECK_SIZE, WINDOW_TITLES, CardType
from scenes.engine import draw
from scenes.engine.input import CLICK, Action
from scenes.engine.palette import CREAM, DUSK, GOLD, MUTED, NIGHT, PANEL_LIGHT
from scenes.engine.scene import Scene
from scenes.engine.widgets import PromptBar, panel, turn_page
from scenes.table import look

PANEL_RECT = pygame.Rect(60, 80, 1160, 540)
TEXT_W = 960
ICON = 72
GAP = 22  # between two cards


class CardListScene(Scene):
    """Opaque screen: left/right (or a click on either half) turn pages; Back closes."""

    def __init__(self) -> None:
        self.page = 0
        self.pages: list[list[tuple[CardType, list[str]]]] = []

    def enter(self) -> None:
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self.prompts = PromptBar([("leftright", "Page"), ("back", "Back")])
        self.pages = self._paginate()

    def _paginate(self) -> list[list[tuple[CardType, list[str]]]]:
        """Cards with their wrapped text, as many per page as fit the panel."""
        font = self.app.fonts.body(24)
        line = font.get_linesize()
        room = PANEL_RECT.h - 90  # below the title tab, above the page number
        pages: list[list[tuple[CardType, list[str]]]] = [[]]
        used = 0
        for card in CARD_TYPES:
            lines = draw.wrap(font, card.text, TEXT_W)
            height = 40 + line * len(lines) + GAP
            if pages[-1] and used + height > room:
                pages.append([])
                used = 0
            pages[-1].append((card, lines))
            used += height
        return pages

    def handle(self, action: Action) -> bool:
        if not action.pressed:
            return False
        name = action.name
        if name == CLICK and action.pos is not None:
            name = "left" if action.pos[0] < 640 else "right"
        if name == "back":
            self.app.audio.play("back")
            self.app.stack.pop()
        elif name in ("left", "right", "up", "down", "confirm"):
            step = -1 if name in ("left", "up") else 1
            self.page = turn_page(self.app, self.page, step, len(self.pages))
        else:
            return False
        return True

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        canvas.blit(self.background, (0, 0))
        panel(canvas, fonts, PANEL_RECT, f"Event Cards · {DECK_SIZE} in the deck")
        font = fonts.body(24)
        line = font.get_linesize()
        y = PANEL_RECT.y + 50
        icon = look.scaled("icon_event", (ICON, ICON))
        for card, lines in self.pages[self.page]:
            canvas.blit(icon, (PANEL_RECT.x + 30, y + 4))
            x = PANEL_RECT.x + 40 + ICON + 20
            title = draw.text(canvas, fonts.display(30), f"{card.name} ×{card.count}", (x, y),
                              GOLD, anchor="topleft", outline=2)
            when = " / ".join(WINDOW_TITLES[w] for w in card.windows) or "as a reaction"
            draw.text(canvas, fonts.body(20), when, (title.right + 16, title.centery), MUTED,
                      anchor="midleft")
            y += 40
            for text in lines:
                draw.text(canvas, font, text, (x, y), CREAM, anchor="topleft")
                y += line
            y += GAP
            pygame.draw.line(canvas, PANEL_LIGHT, (x, y - GAP // 2),
                             (PANEL_RECT.right - 30, y - GAP // 2), 2)
        draw.text(canvas, fonts.body(24), f"{self.page + 1} / {len(self.pages)}",
                  (PANEL_RECT.right - 30, PANEL_RECT.bottom - 28), CREAM, anchor="midright")
        self.prompts.draw(canvas, fonts, self.app.input.style)

"""How to play: a few short, illustrated rules pages per game, paged with a pad.

Left/right (or a click on the arrows) turns pages; the shoulders switch between the two
games; Back closes. Every row carries one of the game's own sprites so the page looks like
the board it explains. The text is a summary of each game's RULES.md (game/*/RULES.md): the
rules themselves are decided in `game/`, never here.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.engine import draw
from scenes.engine.glyphs import with_keys
from scenes.engine.input import CLICK, Action
from scenes.engine.palette import CREAM, DUSK, GOLD, INK, MUTED, NIGHT, PANEL_LIGHT, WHITE
from scenes.engine.scene import Scene
from scenes.engine.widgets import PromptBar, panel, turn_page
from scenes.table import look


@dataclass(frozen=True)
class Page:
    title: str
    rows: tuple[tuple[str, str], ...]  # (sprite name, one or two sentences)


GAMES = {"servermania": "SERVERMANIA", "startupfever": "Startup Fever"}

PAGES: dict[str, tuple[Page, ...]] = {
    "servermania": (
        Page("The race", (
            ("pawn_pink", "Roll the die and hop along one track from START UP to FINISH."),
            ("icon_server", "Everyone starts with $50,000 and 2 servers."),
            ("icon_coin", "At the end, each server is worth $20,000. The richest company "
                          "wins."),
        )),
        Page("Money squares", (
            ("icon_payday", "PAYDAY! pays $10,000 per server as you pass it, $20,000 per "
                            "server if you land on it."),
            ("icon_ceo_bonus", "Fees and penalties fill the CEO BONUS pot. Land on CEO "
                               "BONUS to take it all."),
            ("icon_techpad", "TechPad Agency: roll once more and gain that many servers."),
        )),
        Page("Customer Service", (
            ("icon_customer_service", "Before a roll with CUSTOMER SERVICE 1 to 6 squares "
                                      "ahead, choose: pay $50,000 maintenance, or skip."),
            ("icon_server", "Land on it after paying: your servers double. After skipping: "
                            "you lose half of them."),
        )),
        Page("Cards and STUCK", (
            ("icon_signups", "SIGN UPS cards bring money or servers."),
            ("icon_churn", "CHURN! cards cost money or servers."),
            ("icon_stuck", "STUCK ends your turn. Later: pay $50,000 to leave, or roll 1 to "
                           "3 to break free."),
        )),
        Page("The finish", (
            ("icon_finish", "The first to reach FINISH gains 10 servers."),
            ("die_6", "Finished players wait; the game ends when everyone is home."),
            ("user_marker", "Your controller answers your prompts. {pause} pauses; hold "
                            "{rshoulder} to play fast."),
        )),
    ),
    "startupfever": (
        Page("Your company", (
            ("cat_social", "You run 2 to 4 Products, each secretly one of four categories."),
            ("nerd", "Nerds bring users to the Product they work on (1 money)."),
            ("suit", "Suits bring revenue from their Product (1 money)."),
        )),
        Page("Executives", (
            ("big_nerd", "A Big Nerd (6 money) adds users to every Product of your "
                         "company."),
            ("big_suit", "A Big Suit (6 money) adds revenue to every Product."),
            ("money_token", "Only 100 money tokens exist. When the bank runs dry it pays "
                            "what it has."),
        )),
        Page("Users and launch", (
            ("user_marker", "Each Product climbs a User Track where every step is bigger "
                            "than the last."),
            ("icon_fever", "Reaching 10K users launches the Product and reveals its "
                           "category."),
        )),
        Page("Year end", (
            ("cat_media", "Launched Products of one category compete: Nerds + marketing + "
                          "a die."),
            ("die_5", "The strongest steal users from the weakest. Employees vest; money "
                      "for marketing is sealed."),
        )),
        Page("Cards and winning", (
            ("card_event_front", "Play Event cards in their windows: Leak, Audit, Defense "
                                 "and more. Hold your button to see your hand."),
            ("icon_finish", "The game ends the year the last Product launches. Most "
                            "victory points wins; ties go to money."),
        )),
    ),
}

PANEL_RECT = pygame.Rect(90, 86, 1100, 520)
ICON = 96
ARROWS = {"left": pygame.Rect(20, 310, 56, 80), "right": pygame.Rect(1204, 310, 56, 80)}


class HowToPlayScene(Scene):
    """Opaque screen opened from the title (both games) or a game's pause menu."""

    def __init__(self, game: str = "servermania") -> None:
        self.game = game
        self.page = 0
        self.rows: list[tuple[pygame.Surface, list[str]]] = []

    def enter(self) -> None:
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self.prompts = PromptBar([("leftright", "Page"), ("lshoulder", "Other game"),
                                  ("back", "Back")])
        self._layout()

    @property
    def pages(self) -> tuple[Page, ...]:
        return PAGES[self.game]

    def _layout(self) -> None:
        """Wrap this page's text once (it changes only when the page does)."""
        font = self.app.fonts.body(30)
        self.rows = [(look.scaled(sprite, _fit(sprite)), draw.wrap(font, with_keys(text), 860))
                     for sprite, text in self.pages[self.page].rows]

    def handle(self, action: Action) -> bool:
        if not action.pressed:
            return False
        name = action.name
        if name == CLICK and action.pos is not None:
            name = next((side for side, r in ARROWS.items() if r.collidepoint(action.pos)), "")
        if name == "back":
            self.app.audio.play("back")
            self.app.stack.pop()
        elif name in ("left", "right", "confirm"):
            page = turn_page(self.app, self.page, -1 if name == "left" else 1, len(self.pages))
            if page != self.page:
                self.page = page
                self._layout()
            elif name == "confirm":  # past the last page: done reading
                self.app.stack.pop()
        elif name in ("lshoulder", "rshoulder"):
            games = list(GAMES)
            self.game = games[(games.index(self.game) + 1) % len(games)]
            self.page = 0
            self.app.audio.play("whoosh")
            self._layout()
        else:
            return False
        return True

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        canvas.blit(self.background, (0, 0))
        draw.text(canvas, fonts.display(34), f"How to play {GAMES[self.game]}", (640, 36),
                  GOLD, outline=3)
        page = self.pages[self.page]
        panel(canvas, fonts, PANEL_RECT, page.title)
        y = PANEL_RECT.y + 64
        line_h = fonts.body(30).get_linesize()
        for image, lines in self.rows:
            height = max(ICON, len(lines) * line_h)
            canvas.blit(image, image.get_rect(center=(PANEL_RECT.x + 90, y + height // 2)))
            top = y + (height - len(lines) * line_h) // 2
            for k, line in enumerate(lines):
                draw.text(canvas, fonts.body(30), line, (PANEL_RECT.x + 170, top + k * line_h),
                          CREAM, anchor="topleft")
            y += height + 28
        self._draw_dots(canvas)
        for side, rect in ARROWS.items():
            enabled = (self.page > 0) if side == "left" else (self.page < len(self.pages) - 1)
            tip = (rect.left, rect.centery) if side == "left" else (rect.right, rect.centery)
            back = rect.right if side == "left" else rect.left
            points = [tip, (back, rect.top), (back, rect.bottom)]
            pygame.draw.polygon(canvas, GOLD if enabled else PANEL_LIGHT, points)
            pygame.draw.polygon(canvas, INK, points, 4)
        self.prompts.draw(canvas, fonts, self.app.input.style)

    def _draw_dots(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        count = len(self.pages)
        x0 = 640 - (count - 1) * 18
        for i in range(count):
            colour = GOLD if i == self.page else MUTED
            pygame.draw.circle(canvas, INK, (x0 + 36 * i, PANEL_RECT.bottom - 30), 11)
            pygame.draw.circle(canvas, colour, (x0 + 36 * i, PANEL_RECT.bottom - 30), 8)
        draw.text(canvas, fonts.body(24), f"{self.page + 1} / {count}",
                  (PANEL_RECT.right - 30, PANEL_RECT.bottom - 30), WHITE, anchor="midright")


def _fit(sprite: str) -> tuple[int, int]:
    """The sprite's size scaled to fit an ICON square, keeping its proportions."""
    w, h = look.sprite(sprite).get_size()
    k = ICON / max(w, h)
    return (max(1, round(w * k)), max(1, round(h * k)))

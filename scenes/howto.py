"""How to play: a few short, illustrated rules pages per game, paged with a pad.

Left/right (or a click on the arrows) turns pages; the shoulders switch between the two
games; Back closes. Every row carries one of the game's own sprites so the page looks like
the board it explains. The text is a summary of each game's RULES.md (game/*/RULES.md): the
rules themselves are decided in `game/`, never here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from scenes.engine import draw
from scenes.engine.glyphs import with_keys
from scenes.engine.input import CLICK, Action
from scenes.engine.missing import say_once
from scenes.engine.palette import CREAM, DUSK, GOLD, INK, MUTED, NIGHT, PANEL_LIGHT, WHITE
from scenes.engine.scene import Scene
from scenes.engine.widgets import PromptBar, panel, turn_page
from scenes.table import look


@dataclass(frozen=True)
class Page:
    title: str
    rows: tuple[tuple[str, str], ...]  # (sprite name, one or two sentences)
    picture: str = ""  # a picture of the real table beside the rows (assets/howto/)


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
        Page("How you win", (
            ("user_marker", "Each of your products has a marker on the User Track. Users "
                            "bring money; from Launch on they also bring victory points."),
            ("icon_launch", "Past the Launch line every field shows its victory points "
                            "(VP): the small numbers, 1 to 31."),
            ("icon_finish", "At the end, add the VP under all your markers. Most VP wins; "
                            "a tie goes to the most money."),
        ), picture="track"),
        Page("Your product turn at a glance", (
            ("die_5", "1  Adoption: die + 1 per Nerd + 2 per Big Nerd. The marker climbs "
                      "that many fields."),
            ("money_token", "2  Revenue: the big number of your field + 1 per Suit + 2 per "
                            "Big Suit."),
            ("nerd", "3  Manage employees: hire (2 a turn), poach, retain. Then End."),
            ("icon_churn", "4  User loss (launched only): roll, and push products above "
                           "100M users back, 2 fields each at most."),
        ), picture="manage"),
        Page("Employees", (
            ("nerd", "Nerd, $1: +1 adoption on its product every turn and +1 strength in "
                     "the showdown."),
            ("suit", "Suit, $1: +1 revenue on its product every turn. A Suit also lets "
                     "you play Defense."),
            ("big_nerd", "Big Nerd (the CTO), $6: +2 adoption on every product of your "
                         "company, and adds 4 strength to each in the showdown."),
            ("big_suit", "Big Suit (the CEO), $6: +2 revenue on every product. One Big "
                         "Nerd and one Big Suit per company."),
        )),
        Page("Vesting", (
            ("nerd", "New hires stand on field 4 of their product: the 4 3 2 1 0 rows."),
            ("die_4", "Each year end every employee moves one field towards 0: fully "
                      "vested."),
            ("icon_coin", "The further towards 0, the cheaper a rival can poach it."),
        ), picture="products"),
        Page("Poaching and retaining", (
            ("icon_coin", "Poach a rival's employee in your Manage step: offer at least its "
                          "price + its field (a vested Nerd: $1). Up to 2 per product."),
            ("suit", "Counter-offer: the owner may pay your offer + $1 to keep it. The "
                     "employee stays and moves back towards 4."),
            ("money_token", "Retain your own: $1 a field back towards 4, so rivals pay "
                            "more to poach it."),
            ("big_nerd", "Executives can be poached too, if you don't have one of that "
                         "kind. Poaching money goes to the bank."),
        )),
        Page("The showdown", (
            ("cat_social", "At year end, launched products of one category compete."),
            ("nerd", "Strength = Nerds + 4 per Big Nerd + marketing + a die."),
            ("die_6", "The strongest take users from the others: the markers move."),
        ), picture="showdown"),
        Page("Year end at a glance", (
            ("cat_media", "1  Showdown in each category.  2  Vest: everyone moves one "
                          "field towards 0."),
            ("nerd", "3  Reassign: move workers between your own products, keeping "
                     "their field."),
            ("card_event_front", "4  Played cards and marketing money go (old cards may be "
                                 "thrown away).  5  Hands refill to 4 cards."),
            ("money_token", "6  Marketing for next year (sealed).  7  Next year's turn "
                            "order."),
        )),
        Page("Marketing and turn order", (
            ("money_token", "6  Marketing: put money on your products for next year's "
                            "showdown: each $1 adds 1 strength."),
            ("icon_event", "Marketing is sealed: nobody sees anyone's choice until "
                           "everyone has chosen."),
            ("user_marker", "7  Turn order: the product with the fewest users picks its "
                            "place in next year's order first, then the next fewest."),
            ("die_3", "In the first year the order is random."),
        )),
        Page("Event Cards", (
            ("card_event_front", "You hold up to 4 cards. Each says when it can be played: "
                                 "before adoption, revenue, managing, user loss or the "
                                 "showdown."),
            ("icon_event", "Hold Y (C on the keyboard) to look at your hand: each card "
                           "says what it does, and why it can't be played now."),
            ("suit", "Defense cancels a card played on you, if your company has a Suit."),
            ("icon_churn", "Pause > Event Cards lists every card and its full text."),
        )),
        Page("The end", (
            ("icon_fever", "The game ends at the end of the year in which the last "
                           "product launches."),
            ("icon_launch", "A Leak card launches a product at once, wherever its marker "
                            "stands: leaked counts as launched."),
            ("icon_finish", "Then the VP are added up: most VP wins, money breaks a tie. "
                            "(Year 15 is the latest end.)"),
        )),
    ),
}

PANEL_RECT = pygame.Rect(90, 86, 1100, 520)
ICON = 96
GAP = 24  # between two rows
PICTURE = pygame.Rect(PANEL_RECT.right - 470, PANEL_RECT.y + 70, 440, PANEL_RECT.h - 140)
HOWTO = Path(__file__).resolve().parents[1] / "assets" / "howto"
ARROWS = {"left": pygame.Rect(20, 310, 56, 80), "right": pygame.Rect(1204, 310, 56, 80)}


class HowToPlayScene(Scene):
    """Opaque screen opened from the title (both games) or a game's pause menu."""

    def __init__(self, game: str = "servermania") -> None:
        self.game = game
        self.page = 0
        self.rows: list[tuple[pygame.Surface, list[str]]] = []
        self.picture: pygame.Surface | None = None
        self.text_px, self.icon = 30, ICON

    def enter(self) -> None:
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self.prompts = PromptBar([("leftright", "Page"), ("lshoulder", "Other game"),
                                  ("back", "Back")])
        self._layout()

    @property
    def pages(self) -> tuple[Page, ...]:
        return PAGES[self.game]

    def _layout(self) -> None:
        """Wrap this page's text once (it changes only when the page does): the largest
        text and icons that fit the panel, beside the page's picture if it has one."""
        page = self.pages[self.page]
        self.picture = None
        width = 860
        if page.picture:
            self.picture = _picture(page.picture, PICTURE.size)
            width = PICTURE.x - (PANEL_RECT.x + 170) - 24
        room = PANEL_RECT.h - 64 - 56  # below the title tab, above the page dots
        for size, icon in ((30, 96), (28, 84), (26, 72), (24, 64), (22, 56)):
            font = self.app.fonts.body(size)
            rows = [(sprite, draw.wrap(font, with_keys(text), width)) for sprite, text in page.rows]
            height = sum(max(icon, len(lines) * font.get_linesize()) + GAP
                         for _sprite, lines in rows) - GAP
            if height <= room:
                break
        self.text_px, self.icon = size, icon
        self.rows = [(look.scaled(sprite, _fit(sprite, icon)), lines) for sprite, lines in rows]

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
        font = fonts.body(self.text_px)
        line_h = font.get_linesize()
        total = sum(max(self.icon, len(lines) * line_h) + GAP for _i, lines in self.rows) - GAP
        y = PANEL_RECT.y + 64 + max(0, (PANEL_RECT.h - 64 - 56 - total) // 2)
        for image, lines in self.rows:
            height = max(self.icon, len(lines) * line_h)
            canvas.blit(image, image.get_rect(center=(PANEL_RECT.x + 90, y + height // 2)))
            top = y + (height - len(lines) * line_h) // 2
            for k, line in enumerate(lines):
                draw.text(canvas, font, line, (PANEL_RECT.x + 170, top + k * line_h),
                          CREAM, anchor="topleft")
            y += height + GAP
        if self.picture is not None:
            frame = self.picture.get_rect(center=PICTURE.center)
            pygame.draw.rect(canvas, INK, frame.inflate(10, 10), border_radius=10)
            canvas.blit(self.picture, frame)
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


def _fit(sprite: str, icon: int = ICON) -> tuple[int, int]:
    """The sprite's size scaled to fit an `icon` square, keeping its proportions."""
    w, h = look.sprite(sprite).get_size()
    k = icon / max(w, h)
    return (max(1, round(w * k)), max(1, round(h * k)))


def _picture(name: str, box: tuple[int, int]) -> pygame.Surface:
    """A picture of the real table (assets/howto/, made by assets/make_howto.py),
    scaled to fit `box`."""
    path = HOWTO / f"{name}.png"
    try:
        image = pygame.image.load(str(path)).convert()
    except (OSError, pygame.error) as exc:  # nothing left to open it with: a blank page
        say_once(path, exc, "showing the page without it")
        return pygame.Surface(box, pygame.SRCALPHA)
    w, h = image.get_size()
    k = min(box[0] / w, box[1] / h)
    return pygame.transform.smoothscale(image, (round(w * k), round(h * k)))

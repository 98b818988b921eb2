"""How to play: a few short, illustrated rules pages per game, paged with a pad.

Left/right (or a click on the arrows) turns pages; the shoulders switch between the
games; Back closes. Every row carries one of the game's own sprites so the page looks like
the board it explains. Each game's pages are its own (`GameScreens.howto`, e.g.
scenes/startupfever/howto.py), a summary of its RULES.md.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from scenes import registry
from scenes.engine import draw
from scenes.engine.glyphs import with_keys
from scenes.engine.input import CLICK, Action
from scenes.engine.missing import say_once
from scenes.engine.palette import CREAM, DUSK, GOLD, INK, MUTED, NIGHT, PANEL_LIGHT, WHITE
from scenes.engine.scene import Scene
from scenes.engine.widgets import PromptBar, panel, turn_page
from scenes.registry import Page
from scenes.table import look

PANEL_RECT = pygame.Rect(90, 86, 1100, 520)
ICON = 96
GAP = 24  # between two rows
PICTURE = pygame.Rect(PANEL_RECT.right - 470, PANEL_RECT.y + 70, 440, PANEL_RECT.h - 140)
HOWTO = Path(__file__).resolve().parents[1] / "assets" / "howto"
ARROWS = {"left": pygame.Rect(20, 310, 56, 80), "right": pygame.Rect(1204, 310, 56, 80)}


class HowToPlayScene(Scene):
    """Opaque screen opened from the title (both games) or a game's pause menu."""

    def __init__(self, game: str | None = None) -> None:
        """game: whose pages open first (the first game by default)."""
        self.game = game if game is not None else registry.ids()[0]
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
        return registry.get(self.game).pages()

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
            games = list(registry.ids())
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
        draw.text(canvas, fonts.display(34), f"How to play {registry.get(self.game).title}",
                  (640, 36), GOLD, outline=3)
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

"""The SERVERMANIA board drawn from its Tiled map: tile layers plus one tile per square.

The map (`maps/servermania.tmx`) is read with pytmx's pygame loader; its tile layers and
the "squares" objects (kind, label, rectangle) are drawn once per zoom level into a
static surface, so a frame costs one blit. Squares get a colour, an icon and a label per
kind so every square reads at couch distance: titles are at least 20 px tall on the
full-board view, on one or two lines of the board's short forms (`BOARD_TITLES`: "PAY /
DAY!", "CUST. / SERV." beside their icons) so that no word is narrowed below 85% of its
width; plain squares show their number large (the log names them "Load balancer (33)")
and their flavour text when a pawn lands there (the scene floats it over the square),
and arrows between the squares show which way the track runs.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import pygame
from pytmx.util_pygame import pygame_image_loader

from game.servermania.board import DEFAULT_MAP, KIND_NAMES, Board
from game.tiled import open_tmx
from scenes.engine.fonts import Fonts
from scenes.engine.palette import CREAM, GOLD, INK, MINT, ORANGE, SKY, VIOLET, Color, mix
from scenes.table import look


@dataclass(frozen=True)
class KindLook:
    fill: Color
    icon: str | None
    label: str


KIND_LOOKS: dict[str, KindLook] = {
    "start": KindLook(MINT, "icon_start", "START UP"),
    "plain": KindLook(CREAM, None, ""),
    "payday": KindLook(GOLD, "icon_payday", "PAYDAY!"),
    "customer_service": KindLook(SKY, "icon_customer_service", "CUSTOMER SERVICE"),
    "techpad": KindLook(VIOLET, "icon_techpad", "TECHPAD"),
    "stuck": KindLook((150, 150, 170), "icon_stuck", "STUCK"),
    "ceo_bonus": KindLook(ORANGE, "icon_ceo_bonus", "CEO BONUS"),
    "churn": KindLook(look.CHURN_RED, "icon_churn", "CHURN!"),
    "signups": KindLook(look.SIGNUPS_GREEN, "icon_signups", "SIGN UPS"),
    "finish": KindLook((245, 245, 255), "icon_finish", "FINISH"),
}

#: Long names used in banners and prompts: the rules' own names for the square kinds.
KIND_TITLES = KIND_NAMES
TITLE_PX = 20  # smallest title size on the board (couch floor for labels)
TITLE_FONT = 21  # the title font's size on the full board (its letters are 20 px tall)
NARROWEST = 0.85  # a title line may be narrowed to fit, never below this share of its width
#: the titles as the board writes them, a line each: short forms where a word is too wide
#: for a square (the icon says the rest; banners, log and legend use the full names)
BOARD_TITLES: dict[str, tuple[str, ...]] = {
    "start": ("START", "UP"), "payday": ("PAY", "DAY!"),
    "customer_service": ("CUST.", "SERV."), "techpad": ("TECH", "PAD"),
    "stuck": ("STUCK",), "ceo_bonus": ("CEO", "BONUS"), "churn": ("CHURN",),
    "signups": ("SIGN", "UPS"), "finish": ("FINISH",),
}
TITLE_INK = INK  # titles on every square colour: >= 4.5:1 (tested)
NUMBER_INK = (88, 76, 128)  # a plain square's number on cream: >= 4.5:1 (tested)
ARROW = CREAM


class BoardView:
    """Static board art in world (map pixel) coordinates, pre-rendered per zoom level."""

    def __init__(self, board: Board, fonts: Fonts, path: str = DEFAULT_MAP) -> None:
        self.board = board
        self.fonts = fonts
        self.tmx = open_tmx(path, pygame_image_loader)  # checked first: sizes, numbers
        self.size = (self.tmx.width * self.tmx.tilewidth, self.tmx.height * self.tmx.tileheight)
        self.base = pygame.Surface(self.size).convert()
        for layer in self.tmx.visible_layers:
            if hasattr(layer, "tiles"):
                for x, y, image in layer.tiles():
                    self.base.blit(image, (x * self.tmx.tilewidth, y * self.tmx.tileheight))
        self._levels: dict[float, pygame.Surface] = {}
        self.ground = self.base.get_at((self.base.get_width() - 1, self.base.get_height() - 1))

    # -- geometry --------------------------------------------------------------------------

    def center(self, index: int) -> tuple[float, float]:
        return self.board[index].center

    def square_rect(self, index: int) -> pygame.Rect:
        x, y, w, h = self.board[index].rect
        return pygame.Rect(round(x), round(y), round(w), round(h))

    def track_bounds(self) -> pygame.Rect:
        rects = [self.square_rect(s.index) for s in self.board]
        return rects[0].unionall(rects[1:])

    # -- rendering -------------------------------------------------------------------------

    def at_zoom(self, zoom: float) -> pygame.Surface:
        """The whole board at `zoom` (cached: each level is drawn once)."""
        key = round(zoom, 3)
        if key not in self._levels:
            self._levels[key] = self._render(key)
        return self._levels[key]

    def _render(self, zoom: float) -> pygame.Surface:
        size = (round(self.size[0] * zoom), round(self.size[1] * zoom))
        out = pygame.transform.smoothscale(self.base, size)
        for square in self.board:
            self._draw_square(out, square.index, zoom)
        for square in self.board:
            if square.index < len(self.board) - 1:
                self._draw_arrow(out, square.index, zoom)
        return out

    def arrow_points(self, index: int, zoom: float) -> list[tuple[float, float]]:
        """The arrowhead between square `index` and the next, pointing the way to go."""
        a = pygame.Vector2(self.center(index)) * zoom
        b = pygame.Vector2(self.center(index + 1)) * zoom
        if a == b:
            return []
        d = (b - a).normalize()
        n = pygame.Vector2(-d.y, d.x)
        mid = (a + b) / 2
        size = 9 * zoom
        return [tuple(mid + d * size), tuple(mid - d * size * 0.6 + n * size),
                tuple(mid - d * size * 0.6 - n * size)]

    def _draw_arrow(self, out: pygame.Surface, index: int, zoom: float) -> None:
        points = self.arrow_points(index, zoom)
        if points:
            pygame.draw.polygon(out, ARROW, points)
            pygame.draw.polygon(out, INK, points, max(2, round(2.5 * zoom)))

    def _draw_square(self, out: pygame.Surface, index: int, zoom: float) -> None:
        square = self.board[index]
        kind = KIND_LOOKS.get(square.kind, KIND_LOOKS["plain"])
        x, y, w, h = square.rect
        rect = pygame.Rect(round(x * zoom), round(y * zoom), round(w * zoom), round(h * zoom))
        rect = rect.inflate(-round(6 * zoom), -round(6 * zoom))
        radius = round(12 * zoom)
        pygame.draw.rect(out, INK, rect.move(0, round(4 * zoom)), border_radius=radius)
        pygame.draw.rect(out, INK, rect, border_radius=radius)
        inner = rect.inflate(-round(6 * zoom), -round(6 * zoom))
        pygame.draw.rect(out, kind.fill, inner, border_radius=max(1, radius - 3))
        shine = pygame.Rect(inner.x, inner.y, inner.w, inner.h // 3)
        pygame.draw.rect(out, mix(kind.fill, (255, 255, 255), 0.35), shine,
                         border_top_left_radius=max(1, radius - 3),
                         border_top_right_radius=max(1, radius - 3))
        if square.kind == "finish":
            self._checker(out, inner, zoom)
        if kind.icon:
            self._draw_icon_and_title(out, inner, kind.icon, square.kind, zoom)
        else:
            self._draw_flavour(out, inner, index, kind.label or square.label, zoom)

    def title_font(self, zoom: float) -> pygame.font.Font:
        return self.fonts.display(max(TITLE_FONT, round(TITLE_FONT / 0.95 * zoom)))

    def title_room(self, index: int, zoom: float) -> int:
        """The width a title line has in square `index` at `zoom` (inside its rim)."""
        x, y, w, h = self.board[index].rect
        return round(w * zoom) - 2 * round(6 * zoom) - 2

    def title_lines(self, kind: str, width: int, zoom: float) -> list[pygame.Surface]:
        """The board title of a square `kind` (`BOARD_TITLES`), a surface per line, each
        narrowed to fit `width` if it must (the titles are chosen so that it never takes
        more than 1 - NARROWEST of a line's width at the full-board zoom)."""
        font = self.title_font(zoom)
        lines = [font.render(line, True, TITLE_INK) for line in BOARD_TITLES[kind]]
        return [line if line.get_width() <= width else
                pygame.transform.smoothscale(line, (width, line.get_height()))
                for line in lines]

    def _draw_icon_and_title(self, out: pygame.Surface, inner: pygame.Rect, icon_name: str,
                             kind: str, zoom: float) -> None:
        """A special square: its icon, and its title underneath (one or two lines)."""
        lines = self.title_lines(kind, inner.w - 2, zoom)
        step = lines[0].get_height() - round(3 * zoom)
        text_h = step * len(lines)
        icon_size = max(12, min(round(44 * zoom), inner.h - text_h - round(2 * zoom)))
        icon = look.scaled(icon_name, (icon_size, icon_size))
        out.blit(icon, icon.get_rect(midtop=(inner.centerx, inner.y + round(1 * zoom))))
        bottom = inner.bottom + round(2 * zoom)
        for face in reversed(lines):
            r = face.get_rect(midbottom=(inner.centerx, bottom))
            out.blit(face, r)
            bottom -= step

    def _draw_flavour(self, out: pygame.Surface, inner: pygame.Rect, index: int, label: str,
                      zoom: float) -> None:
        """A plain square: its number, large. (Its flavour text is too long to read from
        the couch at this size; the scene shows it when a pawn lands there.)"""
        num = self.fonts.display(max(TITLE_PX + 4, round(26 * zoom))).render(
            str(index), True, NUMBER_INK)
        out.blit(num, num.get_rect(center=(inner.centerx, inner.centery + round(3 * zoom))))

    def _checker(self, out: pygame.Surface, inner: pygame.Rect, zoom: float) -> None:
        cell = max(2, round(8 * zoom))
        strip = pygame.Rect(inner.x + 4, inner.bottom - 2 * cell - 2, inner.w - 8, 2 * cell)
        for i in range(strip.w // cell):
            for j in range(2):
                if (i + j) % 2 == 0:
                    pygame.draw.rect(out, (200, 200, 215),
                                     (strip.x + i * cell, strip.y + j * cell, cell, cell))



_SHARED: dict[tuple[object, ...], BoardView] = {}  # at most one entry: the last board drawn


def shared_view(board: Board, fonts: Fonts, path: str = DEFAULT_MAP) -> BoardView:
    """The board art for `board`, reused from the previous game when nothing changed.

    Every game of a long demo used to build a new BoardView (about 14 MB of surfaces);
    freeing and re-allocating them each game fragmented the C heap, so the resident size
    grew by that much per game. The map file's size and time are part of the key, so an
    edited map is drawn afresh; only the latest view is kept.
    """
    info = os.stat(path)
    key = (os.path.abspath(path), info.st_mtime_ns, info.st_size, board, id(fonts))
    view = _SHARED.get(key)
    if view is None:
        _SHARED.clear()  # drop the old view before drawing the new one
        view = _SHARED[key] = BoardView(board, fonts, path)
    return view

"""Past games and records, from the title: every kept replay (game/replays.py), newest
first, with its date, game, seats and winner (confirm watches it, `scenes.replay_view`);
the shoulders (or left/right) turn to the records across evenings (game/records.py):
per game, each name's games, wins, best score and the day last played. Back: the title.

A replay file that cannot be read is set aside by the shelf and named here in one line.
"""

from __future__ import annotations

import time

import pygame

from game.replays import Replay, ReplayProblem
from scenes import registry
from scenes.engine import draw
from scenes.engine.input import CLICK, POINT, Action
from scenes.engine.palette import CREAM, DUSK, GOLD, INK, MUTED, NIGHT, PANEL_LIGHT
from scenes.engine.scene import Scene
from scenes.engine.widgets import PromptBar, panel

PAGES = ("Past games", "Records")
AREA = pygame.Rect(60, 96, 1160, 540)
ROW_H = 54
ROWS = (AREA.h - 40) // ROW_H  # rows shown at once
RECORDS_SHOWN = 9  # names per game on the records page


class PastGamesScene(Scene):
    """The kept games (and, a page on, the records)."""

    def __init__(self, page: int = 0) -> None:
        self.page = page
        self.selected = 0
        self.top = 0
        self.games: list[Replay] = []
        self.problems: list[str] = []
        self.load_ms = 0.0  # how long reading the kept replays took (figures)

    def enter(self) -> None:
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        started = time.perf_counter()
        try:
            self.games = self.app.replays.all()
        except ReplayProblem as exc:
            self.games, self.problems = [], [str(exc)]
        self.load_ms = (time.perf_counter() - started) * 1000
        self.problems += self.app.replays.problems
        self.app.replays.problems = []
        self.rows: list[tuple[pygame.Rect, int]] = []

    # -- input ---------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        name = action.name
        if name == POINT and action.pos is not None and self.page == 0:
            hit = next((i for rect, i in self.rows if rect.collidepoint(action.pos)), None)
            if hit is not None:
                self.selected = hit
            return True
        if not action.pressed:
            return True
        if name == "back":
            from scenes.overlays import back_to_title

            self.app.audio.play("back")
            back_to_title(self.app)
        elif name in ("lshoulder", "rshoulder", "left", "right"):
            self.page = (self.page + 1) % len(PAGES)
            self.app.audio.play("move")
        elif name in ("up", "down") and self.page == 0 and self.games:
            self.selected = (self.selected + (1 if name == "down" else -1)) % len(self.games)
            self.top = min(max(self.top, self.selected - ROWS + 1), self.selected)
            self.app.audio.play("move")
        elif name in ("confirm", CLICK) and self.page == 0 and self.games:
            from scenes.table.watching import watch

            self.app.audio.play("confirm")
            watch(self.app, self.games[self.selected].id, back="past")
        return True

    # -- drawing -------------------------------------------------------------------------

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        canvas.blit(self.background, (0, 0))
        fonts = self.app.fonts
        tabs = "   ·   ".join(f"[{p}]" if i == self.page else p for i, p in enumerate(PAGES))
        draw.text(canvas, fonts.display(40), PAGES[self.page], (640, 44), GOLD, outline=3)
        draw.text(canvas, fonts.body(22), tabs, (1220, 44), MUTED, anchor="midright")
        panel(canvas, fonts, AREA)
        if self.page == 0:
            self._draw_games(canvas)
        else:
            self._draw_records(canvas)
        if self.problems:
            line = draw.clip(fonts.body(22), self.problems[0], 1160)
            draw.text(canvas, fonts.body(22), line, (640, AREA.bottom + 16), GOLD)
        items = [("lshoulder", PAGES[1 - self.page]), ("back", "Title")]
        if self.page == 0 and self.games:
            items[:0] = [("updown", "Choose"), ("confirm", "Watch")]
        PromptBar(items).draw(canvas, fonts, self.app.input.style)

    def _draw_games(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        self.rows = []
        if not self.games:
            draw.text(canvas, fonts.body(28), "No games yet: every finished game is kept here "
                      "to watch again.", AREA.center, CREAM)
            return
        body, small = fonts.body(24), fonts.body(20)
        y = AREA.y + 20
        for i in range(self.top, min(len(self.games), self.top + ROWS)):
            replay = self.games[i]
            rect = pygame.Rect(AREA.x + 16, y, AREA.w - 32, ROW_H - 6)
            chosen = i == self.selected
            draw.box(canvas, rect, PANEL_LIGHT if chosen else INK, outline=GOLD if chosen
                     else INK, radius=12, shadow=0, width=3)
            self.rows.append((rect, i))
            mid = rect.centery
            draw.text(canvas, small, replay.finished, (rect.x + 14, mid), MUTED, anchor="midleft")
            draw.text(canvas, body, replay.title, (rect.x + 190, mid), GOLD,
                      anchor="midleft")
            seats = ", ".join(s.name + ("" if s.human else " (CPU)") for s in replay.seats)
            draw.text(canvas, small, draw.clip(small, seats, 500), (rect.x + 380, mid), CREAM,
                      anchor="midleft")
            won = "won by " + " & ".join(replay.winner_names())
            draw.text(canvas, body, draw.clip(body, won, 250), (rect.right - 14, mid), CREAM,
                      anchor="midright")
            y += ROW_H
        if len(self.games) > ROWS:
            draw.text(canvas, small, f"{self.selected + 1} of {len(self.games)}",
                      (AREA.right - 20, AREA.bottom - 14), MUTED, anchor="midright")

    def _draw_records(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        body, small = fonts.body(24), fonts.body(20)
        games = registry.games()
        half = AREA.w // max(1, len(games))  # a column per game
        for k, (game, title) in enumerate((g.id, g.title) for g in games):
            x = AREA.x + k * half + 24
            draw.text(canvas, fonts.display(28), title, (x + half // 2 - 24, AREA.y + 34), GOLD)
            head = AREA.y + 74
            for label, dx in (("Name", 0), ("Games", 170), ("Wins", 250), ("Best", 320),
                              ("Last played", 420)):
                draw.text(canvas, small, label, (x + dx, head), MUTED, anchor="midleft")
            rows = self.app.records.of(game)[:RECORDS_SHOWN]
            if not rows:
                draw.text(canvas, body, "No records yet", (x + half // 2 - 24, head + 60),
                          CREAM)
            for i, record in enumerate(rows):
                y = head + 44 + i * 44
                for text, dx, font in ((draw.clip(body, record.name, 160), 0, body),
                                       (str(record.games), 170, body),
                                       (str(record.wins), 250, body),
                                       (short(record.best), 320, body),
                                       (record.last, 420, small)):
                    draw.text(canvas, font, text, (x + dx, y), CREAM if dx else GOLD,
                              anchor="midleft")


def short(value: int) -> str:
    """A best score in a column: 62, 1,250, 710k (SERVERMANIA's final money)."""
    return f"{value // 1000}k" if value >= 100_000 else f"{value:,}"

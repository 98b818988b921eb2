"""New Startup Fever game: 2-6 companies, each a person or the computer, a name, a colour,
and the number of extra years the players agree on (rulebook option, RULINGS F12).

The same grid as SERVERMANIA's set-up: rows are seats (then the extra-years row and the
Start button), columns are player type, name and colour. Up/down/left/right move, confirm
changes the cell; the mouse points and clicks the same cells. Seats 3-6 can be switched
off. On the extra-years row left/right (or confirm) change the value.
"""

from __future__ import annotations

import math

import pygame
import pytweening

from scenes.engine import draw
from scenes.engine.input import CLICK, POINT, Action
from scenes.engine.palette import CREAM, DUSK, GOLD, INK, MUTED, NIGHT, PANEL, PANEL_LIGHT, WHITE
from scenes.engine.scene import Scene
from scenes.engine.widgets import PromptBar
from scenes.servermania import look
from scenes.servermania.seats import NAMES
from scenes.servermania.setup import _next_free
from scenes.startupfever.seats import MAX_EXTRA_YEARS, MAX_SEATS, MIN_SEATS, Seat

ROW_TOP, ROW_H, ROW_GAP = 118, 60, 7
COLUMNS = (pygame.Rect(300, 0, 250, 50), pygame.Rect(570, 0, 250, 50),
           pygame.Rect(840, 0, 300, 50))
YEARS_ROW, START_ROW = MAX_SEATS, MAX_SEATS + 1
YEARS = pygame.Rect(130, 522, 1020, 56)
START = pygame.Rect(440, 590, 400, 56)
TYPES = ("Human", "Computer", "Off")
YEARS_TEXT = ("The game ends with the year the last product launches",
              "One more year after the last product launches",
              "Two more years after the last product launches")


class NewGameScene(Scene):
    def __init__(self) -> None:
        self.types = ["Human", "Computer"] + ["Off"] * (MAX_SEATS - 2)
        self.names = list(NAMES[:MAX_SEATS])
        self.colours = list(look.COLOURS[:MAX_SEATS])
        self.extra_years = 0
        self.row, self.col = START_ROW, 0  # start on the Start button: one press plays
        self.t = 0.0
        self.pops: dict[tuple[int, int], float] = {}

    def enter(self) -> None:
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self.prompts = PromptBar([("dpad", "Move"), ("confirm", "Change / Start"),
                                  ("back", "Title")])

    # -- model -------------------------------------------------------------------------------

    def seats(self) -> list[Seat]:
        return [Seat(self.names[i], self.colours[i], self.types[i] == "Human")
                for i in range(MAX_SEATS) if self.types[i] != "Off"]

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        if row == START_ROW:
            return START
        if row == YEARS_ROW:
            return YEARS
        return COLUMNS[col].move(0, ROW_TOP + row * (ROW_H + ROW_GAP) + 5)

    def change(self, row: int, col: int, step: int = 1) -> None:
        """Cycle the value of a cell; names and colours skip those other seats use."""
        if row == YEARS_ROW:
            self.extra_years = (self.extra_years + step) % (MAX_EXTRA_YEARS + 1)
        elif col == 0:
            options = TYPES if row >= MIN_SEATS else TYPES[:2]
            self.types[row] = options[(options.index(self.types[row]) + 1) % len(options)]
        elif self.types[row] == "Off":
            self.types[row] = "Computer"
        elif col == 1:
            taken = {n for i, n in enumerate(self.names) if i != row}
            self.names[row] = _next_free(NAMES, self.names[row], taken)
        else:
            taken = {c for i, c in enumerate(self.colours) if i != row and
                     self.types[i] != "Off"}
            self.colours[row] = _next_free(look.COLOURS, self.colours[row], taken)
        self._fix_colours()
        self.pops[(row, col)] = 0.0

    def _fix_colours(self) -> None:
        """A seat switched back on may share a colour: give it the first free one."""
        used: set[str] = set()
        for i in range(MAX_SEATS):
            if self.types[i] == "Off":
                continue
            if self.colours[i] in used:
                self.colours[i] = next(c for c in look.COLOURS if c not in used)
            used.add(self.colours[i])

    def start(self) -> None:
        from scenes.startupfever.table_scene import TableScene

        self.app.audio.play("fanfare")
        self.app.stack.replace(TableScene(self.seats(), extra_years=self.extra_years))

    # -- input -------------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        name = action.name
        if name in (POINT, CLICK):
            if action.pos is None or (name == CLICK and not action.pressed):
                return True
            hit = self._hit(action.pos)
            if hit is not None:
                if hit != (self.row, self.col) and name == POINT:
                    self.app.audio.play("move")
                self.row, self.col = hit
                if name == CLICK:
                    self._activate()
            return True
        if not action.pressed:
            return False
        if name == "back":
            self.app.audio.play("back")
            self.app.stack.pop()
        elif name in ("up", "down"):
            self.row = (self.row + (1 if name == "down" else -1)) % (START_ROW + 1)
            self.app.audio.play("move")
        elif name in ("left", "right") and self.row == YEARS_ROW:
            self.app.audio.play("click")
            self.change(YEARS_ROW, 0, 1 if name == "right" else -1)
        elif name in ("left", "right") and self.row < YEARS_ROW:
            self.col = (self.col + (1 if name == "right" else -1)) % len(COLUMNS)
            self.app.audio.play("move")
        elif name == "confirm":
            self._activate()
        else:
            return False
        return True

    def _activate(self) -> None:
        if self.row == START_ROW:
            self.start()
            return
        self.app.audio.play("click")
        self.change(self.row, self.col)

    def _hit(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if START.collidepoint(pos):
            return (START_ROW, self.col)
        if YEARS.collidepoint(pos):
            return (YEARS_ROW, self.col)
        for row in range(MAX_SEATS):
            for col in range(len(COLUMNS)):
                if self.cell_rect(row, col).collidepoint(pos):
                    return (row, col)
        return None

    # -- time and drawing --------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.t += dt
        for key in list(self.pops):
            self.pops[key] += dt
            if self.pops[key] > 0.3:
                del self.pops[key]

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        canvas.blit(self.background, (0, 0))
        draw.text(canvas, fonts.display(56), "STARTUP FEVER", (640, 48), GOLD, outline=5,
                  shadow=6)
        draw.text(canvas, fonts.body(26), "New game: 2 to 6 companies, each a person or the "
                  "computer", (640, 94), CREAM)
        for row in range(MAX_SEATS):
            self._draw_seat(canvas, row)
        self._draw_years(canvas)
        selected = self.row == START_ROW
        rect = START.inflate(16, 6) if selected else START
        draw.box(canvas, rect, GOLD if selected else PANEL_LIGHT,
                 outline=WHITE if selected else INK, radius=24)
        players = len(self.seats())
        draw.text(canvas, fonts.display(36), f"START  ·  {players} companies", rect.center,
                  INK if selected else WHITE)
        self.prompts.draw(canvas, fonts, self.app.input.style)

    def _draw_years(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        selected = self.row == YEARS_ROW
        pop = self.pops.get((YEARS_ROW, 0))
        rect = YEARS
        if pop is not None:
            rect = rect.inflate(*(round(10 * (1 - pytweening.easeOutQuad(pop / 0.3))),) * 2)
        draw.box(canvas, rect, GOLD if selected else PANEL_LIGHT,
                 outline=WHITE if selected else INK, radius=18, shadow=4)
        ink = INK if selected else WHITE
        draw.text(canvas, fonts.body(26), "Extra years", (rect.x + 24, rect.centery), ink,
                  anchor="midleft")
        mid = rect.x + 224
        for side in (-1, 1):  # the value sits between two arrows: left/right change it
            tip = (mid + side * 40, rect.centery)
            pygame.draw.polygon(canvas, ink, [tip, (tip[0] - side * 14, tip[1] - 12),
                                              (tip[0] - side * 14, tip[1] + 12)])
        draw.text(canvas, fonts.display(32), str(self.extra_years), (mid, rect.centery), ink)
        draw.text(canvas, fonts.body(26), YEARS_TEXT[self.extra_years],
                  (rect.x + 290, rect.centery), ink, anchor="midleft")

    def _draw_seat(self, canvas: pygame.Surface, row: int) -> None:
        fonts = self.app.fonts
        off = self.types[row] == "Off"
        top = ROW_TOP + row * (ROW_H + ROW_GAP)
        band = pygame.Rect(130, top, 1020, ROW_H)
        colour = look.RGB[self.colours[row]]
        draw.box(canvas, band, PANEL, outline=INK if off else colour, radius=18, shadow=4,
                 width=4)
        draw.text(canvas, fonts.display(28), f"P{row + 1}", (170, band.centery), MUTED if off
                  else CREAM)
        if not off:
            hop = abs(math.sin(self.t * 3 + row)) * 4 if row == self.row else 0
            marker = look.scaled(f"user_marker_{self.colours[row]}", (44, 44))
            canvas.blit(marker, marker.get_rect(center=(245, band.centery - hop)))
        values = (self.types[row], self.names[row], self.colours[row].capitalize())
        for col, value in enumerate(values):
            rect = self.cell_rect(row, col)
            selected = (row, col) == (self.row, self.col)
            pop = self.pops.get((row, col))
            if pop is not None:
                rect = rect.inflate(*(round(12 * (1 - pytweening.easeOutQuad(pop / 0.3))),) * 2)
            faded = off and col > 0
            fill = GOLD if selected else (PANEL if faded else PANEL_LIGHT)
            ink = INK if selected else (MUTED if faded else WHITE)
            draw.box(canvas, rect, fill, outline=WHITE if selected else INK, radius=14,
                     shadow=4)
            label = "—" if faded else value
            if col == 2 and not faded:
                canvas.blit(look.marker(self.colours[row], 36),
                            (rect.x + 12, rect.centery - 18))
                draw.text(canvas, fonts.body(28), label, (rect.x + 60, rect.centery), ink,
                          anchor="midleft")
            elif col == 0 and not off:
                icon = "user_marker" if value == "Human" else "icon_server"
                image = look.scaled(icon, (36, 36))
                canvas.blit(image, (rect.x + 12, rect.centery - 18))
                draw.text(canvas, fonts.body(28), label, (rect.x + 60, rect.centery), ink,
                          anchor="midleft")
            else:
                draw.text(canvas, fonts.body(28), label, rect.center, ink)

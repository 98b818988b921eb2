"""The join-in lobby both games start from: one device per seat, like a console party game.

Each person presses A on their pad, Enter on the keyboard, or clicks an empty seat to take
the next seat; that device is then bound to the seat and moves its own cursor in its own
card: name (an on-screen keyboard for pads, real typing on a keyboard), colour and
pawn/logo. Below the cards, any joined player (or the mouse) sets how many computer players
fill the empty seats and their level, how many shared pass-and-play seats there are (human
seats no device is bound to: any device answers them), the game's own options, and
starts. Start (the pause button) starts too. Back leaves your seat; once nobody is seated,
Back returns to the title (a passer-by's B never throws everyone out).

The lobby is generic: a `LobbyConfig` says how many seats, which colours, tokens and
default names, how to draw a seat's pawn, and what to start with the seats chosen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.input import CLICK, KEYBOARD, POINT, TEXT, Action, DeviceId
from scenes.engine.palette import (
    CREAM,
    DUSK,
    GOLD,
    INK,
    MUTED,
    NIGHT,
    PANEL,
    PANEL_LIGHT,
    WHITE,
    Color,
)
from scenes.engine.scene import Scene
from scenes.engine.widgets import PromptBar
from scenes.seating import device_label, person

if TYPE_CHECKING:
    from scenes.engine.app import App

LEVELS = ("easy", "normal", "hard")
NAME_MAX = 10
OSK_KEYS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + ("-", "Del", "OK")
OSK_LABELS = {"Del": "←"}  # fits a key of six seats' narrow cards
CARD_TOP, CARD_H = 118, 408
PAWN_H, ROW_TOP, OSK_TOP = 100, 176, 116  # inside a card: pawn, rows, on-screen keyboard
FOOTER = pygame.Rect(40, 544, 1200, 80)
ROWS = ("name", "colour", "token")  # the rows of a joined player's card
ARROW_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)
HINT: Color = (196, 186, 230)  # hints: quieter than CREAM, 7:1 on PANEL (MUTED is 3.9:1)


@dataclass(frozen=True)
class LobbySeat:
    """One seat as the lobby hands it to the game. device None + human: pass-and-play."""

    name: str
    colour: str
    token: str
    human: bool = True
    level: str = "normal"
    device: DeviceId | None = None


@dataclass(frozen=True)
class LobbyOption:
    """A game option set below the seats, e.g. Startup Fever's extra years (F12)."""

    key: str
    label: str  # "Extra years"
    values: tuple[str, ...]  # shown as "Extra years: 1"; the first is the default


@dataclass(frozen=True)
class LobbyConfig:
    """What differs between the games' lobbies.

    portrait(colour, token, height) draws a seat's pawn or logo. start(app, seats, options)
    begins the game (replacing the lobby on the stack); options maps each LobbyOption's
    key to the value chosen.
    """

    game: str
    title: str
    min_seats: int
    max_seats: int
    colours: Sequence[str]
    rgb: Callable[[str], Color]
    names: Sequence[str]
    tokens: Sequence[str]
    token_label: str
    portrait: Callable[[str, str, int], pygame.Surface]
    start: Callable[[App, list[LobbySeat], dict[str, str]], None]
    default_token: Callable[[str], str] = lambda colour: ""
    options: tuple[LobbyOption, ...] = ()


@dataclass
class Cursor:
    """Where one joined device is: a card row (0-2) or a footer button (3-6)."""

    row: int = 0
    editing: bool = False  # typing the name
    key: int = 0  # the on-screen keyboard's selected key
    before: str = ""  # the name before editing (Esc gives it back)


class LobbyScene(Scene):
    def __init__(self, config: LobbyConfig) -> None:
        self.config = config
        self.joined: list[LobbySeat] = []  # seats with a device, in join order
        self.cursors: dict[DeviceId, Cursor] = {}
        self.computers = config.min_seats - 1  # one person joining makes a game
        self.shared = 0
        self.level = "normal"
        self.options = {o.key: o.values[0] for o in config.options}
        self.buttons = ("computers", "level", "shared", *self.options, "start")  # the footer
        self.rows = ROWS if config.tokens else ROWS[:2]  # no tokens to pick: no token row
        self.mouse_row: int | None = None  # the footer button the mouse points at
        self.t = 0.0
        self.flash: dict[int, float] = {}  # seat index -> seconds since it changed

    def enter(self) -> None:
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self.prompts = PromptBar([("confirm", "Join / choose"), ("leftright", "Change"),
                                  ("pause", "Start"), ("back", "Leave")])
        n = self.config.max_seats
        gap = 20 if n <= 4 else 12
        width = (1200 - gap * (n - 1)) // n
        self.cards = [pygame.Rect(40 + i * (width + gap), CARD_TOP, width, CARD_H)
                      for i in range(n)]
        n = len(self.buttons)
        w = (FOOTER.w - (n - 1) * 16) // n
        self.footer = [pygame.Rect(FOOTER.x + i * (w + 16), FOOTER.y, w, FOOTER.h)
                       for i in range(n)]

    # -- the seats ---------------------------------------------------------------------------

    def seats(self) -> list[LobbySeat]:
        """Joined players, then shared seats, then computers, each with a free name/colour."""
        out = list(self.joined)
        used_names = {s.name for s in out}
        used_colours = {s.colour for s in out}
        for k in range(self.shared + self.computers):
            name = next(n for n in self.config.names if n not in used_names)
            colour = next(c for c in self.config.colours if c not in used_colours)
            used_names.add(name)
            used_colours.add(colour)
            human = k < self.shared
            out.append(LobbySeat(name, colour, self.config.default_token(colour), human,
                                 self.level))
        return out

    def can_start(self) -> bool:
        return self.config.min_seats <= len(self.seats()) <= self.config.max_seats

    def _free_seats(self) -> int:
        return self.config.max_seats - len(self.joined) - self.shared - self.computers

    def join(self, device: DeviceId) -> bool:
        """`device` takes the next seat; a computer seat gives way if the table is full."""
        device = person(device)
        if device in self.cursors:
            return False
        if len(self.joined) + self.shared >= self.config.max_seats:
            return False
        if self._free_seats() <= 0:
            if self.computers > 0:
                self.computers -= 1
            else:
                self.shared -= 1
        taken_names = {s.name for s in self.joined}
        taken_colours = {s.colour for s in self.joined}
        name = next(n for n in self.config.names if n not in taken_names)
        colour = next(c for c in self.config.colours if c not in taken_colours)
        self.joined.append(LobbySeat(name, colour, self.config.default_token(colour),
                                     device=device))
        self.cursors[device] = Cursor()
        self.flash[len(self.joined) - 1] = 0.0
        self._fix_others()
        return True

    def leave(self, device: DeviceId) -> None:
        device = person(device)
        index = self._seat_of(device)
        if index is None:
            return
        del self.joined[index]
        del self.cursors[device]

    def _seat_of(self, device: DeviceId) -> int | None:
        device = person(device)
        return next((i for i, s in enumerate(self.joined) if s.device == device), None)

    def _fix_others(self) -> None:
        """Keep the computers/shared counts inside the table (min and max seats)."""
        room = self.config.max_seats - len(self.joined)
        self.shared = max(0, min(self.shared, room))
        self.computers = max(0, min(self.computers, room - self.shared))

    def _cycle(self, seat: int, what: str, step: int) -> None:
        """Next free colour, or next token, for a joined seat."""
        s = self.joined[seat]
        if what == "colour":
            taken = {o.colour for i, o in enumerate(self.joined) if i != seat}
            options = [c for c in self.config.colours if c not in taken or c == s.colour]
            colour = options[(options.index(s.colour) + step) % len(options)]
            token = s.token
            if s.token == self.config.default_token(s.colour):
                token = self.config.default_token(colour)  # untouched token follows colour
            self.joined[seat] = replace(s, colour=colour, token=token)
        elif what == "token" and self.config.tokens:
            tokens = list(self.config.tokens)
            current = tokens.index(s.token) if s.token in tokens else 0
            self.joined[seat] = replace(s, token=tokens[(current + step) % len(tokens)])
        self.flash[seat] = 0.0

    def _footer(self, which: str, step: int) -> None:
        if which == "computers":
            room = self.config.max_seats - len(self.joined) - self.shared
            self.computers = (self.computers + step) % (room + 1)
        elif which == "level":
            self.level = LEVELS[(LEVELS.index(self.level) + step) % len(LEVELS)]
        elif which == "shared":
            room = self.config.max_seats - len(self.joined)
            self.shared = (self.shared + step) % (room + 1)
            self.computers = min(self.computers, room - self.shared)
        elif which in self.options:
            values = next(o.values for o in self.config.options if o.key == which)
            self.options[which] = values[(values.index(self.options[which]) + step)
                                         % len(values)]

    def start(self) -> None:
        if not self.can_start():
            self.app.audio.play("error")
            return
        self.app.audio.play("fanfare")
        self.config.start(self.app, self.seats(), dict(self.options))

    # -- input -------------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        if action.name in (POINT, CLICK):
            return self._mouse(action)
        if not action.pressed:
            return False
        device = person(action.device)
        cursor = self.cursors.get(device)
        if cursor is not None and cursor.editing:
            self._edit(device, cursor, action)
            return True
        if action.name == TEXT:
            return True
        if cursor is None:
            return self._unjoined(device, action)
        return self._joined(device, cursor, action)

    def _unjoined(self, device: DeviceId, action: Action) -> bool:
        if action.name == "confirm":
            if self.join(device):
                self.app.audio.play("confirm")
            else:
                self.app.audio.play("error")
        elif action.name == "back" and self.joined:
            self.app.audio.play("error")  # people have joined: each leaves with their own B
        elif action.name == "back":
            self.app.audio.play("back")
            self.app.stack.pop()
        else:
            return False
        return True

    def _joined(self, device: DeviceId, cursor: Cursor, action: Action) -> bool:
        seat = self._seat_of(device)
        assert seat is not None
        name = action.name
        in_card = cursor.row < len(self.rows)
        if name == "pause":
            self.start()
        elif name == "back":
            self.leave(device)
            self.app.audio.play("back")
        elif name == "up" and cursor.row > 0:
            cursor.row = min(cursor.row - 1, len(self.rows) - 1) if not in_card else cursor.row - 1
            self.app.audio.play("move")
        elif name == "down" and in_card:
            cursor.row = cursor.row + 1 if cursor.row + 1 < len(self.rows) else len(self.rows)
            self.app.audio.play("move")
        elif name in ("left", "right") and in_card:
            step = -1 if name == "left" else 1
            if self.rows[cursor.row] != "name":
                self._cycle(seat, self.rows[cursor.row], step)
                self.app.audio.play("click")
        elif name in ("left", "right"):
            last = len(self.rows) + len(self.buttons) - 1
            cursor.row = max(len(self.rows), min(last, cursor.row + (1 if name == "right" else -1)))
            self.app.audio.play("move")
        elif name == "confirm":
            self._activate(device, seat, cursor)
        else:
            return False
        return True

    def _activate(self, device: DeviceId, seat: int, cursor: Cursor) -> None:
        if cursor.row < len(self.rows):
            row = self.rows[cursor.row]
            if row == "name":
                cursor.editing, cursor.before, cursor.key = True, self.joined[seat].name, 0
                self.app.audio.play("confirm")
            else:
                self._cycle(seat, row, +1)
                self.app.audio.play("click")
            return
        which = self.buttons[cursor.row - len(self.rows)]
        if which == "start":
            self.start()
        else:
            self._footer(which, +1)
            self.app.audio.play("click")

    def _edit(self, device: DeviceId, cursor: Cursor, action: Action) -> None:
        """Typing a name: real keys on a keyboard, the on-screen keyboard on a pad."""
        seat = self._seat_of(device)
        assert seat is not None
        name = self.joined[seat].name
        typing = device == KEYBOARD and action.key not in (0, *ARROW_KEYS)
        if action.name == TEXT:
            self._set_name(seat, name + action.text)
        elif typing and action.key == pygame.K_BACKSPACE:
            self._set_name(seat, name[:-1])
        elif typing and action.key == pygame.K_ESCAPE:
            self._set_name(seat, cursor.before)
            cursor.editing = False
        elif typing and action.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._done(seat, cursor)
        elif typing:
            return  # a letter key that also maps to an action: its TEXT types it
        elif action.name in ("left", "right", "up", "down"):
            cols = self._osk_cols()
            dx = {"left": -1, "right": 1}.get(action.name, 0)
            dy = {"up": -cols, "down": cols}.get(action.name, 0)
            cursor.key = (cursor.key + dx + dy) % len(OSK_KEYS)
            self.app.audio.play("move")
        elif action.name == "confirm":
            self._press_key(seat, cursor, OSK_KEYS[cursor.key])
        elif action.name == "back":
            self._set_name(seat, name[:-1])
        elif action.name == "pause":
            self._done(seat, cursor)

    def _press_key(self, seat: int, cursor: Cursor, key: str) -> None:
        name = self.joined[seat].name
        if key == "OK":
            self._done(seat, cursor)
        elif key == "Del":
            self._set_name(seat, name[:-1])
        else:
            self._set_name(seat, name + (key if not name else key.lower()))

    def _set_name(self, seat: int, name: str) -> None:
        name = "".join(ch for ch in name if ch.isprintable())[:NAME_MAX]
        self.joined[seat] = replace(self.joined[seat], name=name)
        self.app.audio.play("click")

    def _done(self, seat: int, cursor: Cursor) -> None:
        """Leave name entry; an empty or already taken name goes back to what it was."""
        name = self.joined[seat].name.strip()
        others = {s.name for i, s in enumerate(self.seats()) if i != seat}
        if not name or name in others:
            name = cursor.before
        self.joined[seat] = replace(self.joined[seat], name=name)
        cursor.editing = False
        self.app.audio.play("confirm")

    def _mouse(self, action: Action) -> bool:
        if action.pos is None:
            return True
        self.mouse_row = next((i for i, r in enumerate(self.footer)
                               if r.collidepoint(action.pos)), None)
        if action.name != CLICK or not action.pressed:
            return True
        if self.mouse_row is not None:
            which = self.buttons[self.mouse_row]
            if which == "start":
                self.start()
            else:
                self._footer(which, +1)
                self.app.audio.play("click")
            return True
        card = next((i for i, r in enumerate(self.cards) if r.collidepoint(action.pos)), None)
        if card is None:
            return True
        cursor = self.cursors.get(KEYBOARD)
        if cursor is not None and cursor.editing:
            self._osk_click(action.pos, cursor)
        elif card >= len(self.joined):
            if not self.join(KEYBOARD):  # the keyboard has a seat: add a shared one
                self._footer("shared", +1)
            self.app.audio.play("confirm")
        elif self.joined[card].device == KEYBOARD:
            self._card_click(card, action.pos)
        return True

    def _card_click(self, seat: int, pos: tuple[int, int]) -> None:
        """A click on one of the keyboard player's own rows: as confirm on that row."""
        cursor = self.cursors[KEYBOARD]
        for row in range(len(self.rows)):
            if self._row_rect(seat, row).collidepoint(pos):
                cursor.row = row
                self._activate(KEYBOARD, seat, cursor)

    def _osk_click(self, pos: tuple[int, int], cursor: Cursor) -> None:
        seat = self._seat_of(KEYBOARD)
        assert seat is not None
        for i, rect in enumerate(self._osk_rects(seat)):
            if rect.collidepoint(pos):
                cursor.key = i
                self._press_key(seat, cursor, OSK_KEYS[i])

    # -- hot-plug ----------------------------------------------------------------------------

    def on_device_removed(self, device: DeviceId) -> None:
        """A pad unplugged in the lobby gives its seat up (nothing is lost yet)."""
        self.leave(device)

    # -- layout ------------------------------------------------------------------------------

    def _osk_cols(self) -> int:
        """The fewest columns (keys as big as they can be) whose rows fit the card."""
        room = CARD_H - OSK_TOP - 52  # the hint line sits below
        width = self.cards[0].w - 20
        for cols in range(4, 12):
            size = min(44, width // cols)
            if -(-len(OSK_KEYS) // cols) * size <= room:
                return cols
        return 12

    def _osk_rects(self, seat: int) -> list[pygame.Rect]:
        card = self.cards[seat]
        cols = self._osk_cols()
        size = min(44, (card.w - 20) // cols)
        x0 = card.x + (card.w - cols * size) // 2
        rects = [pygame.Rect(x0 + (i % cols) * size, card.y + OSK_TOP + (i // cols) * size,
                             size - 4, size - 4) for i in range(len(OSK_KEYS))]
        rects[-1].w += (cols - 1 - (len(OSK_KEYS) - 1) % cols) * size  # OK fills its row
        return rects

    def _row_rect(self, seat: int, row: int) -> pygame.Rect:
        card = self.cards[seat]
        return pygame.Rect(card.x + 10, card.y + ROW_TOP + row * 62, card.w - 20, 54)

    # -- time and drawing --------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.t += dt
        for seat in list(self.flash):
            self.flash[seat] += dt
            if self.flash[seat] > 0.3:
                del self.flash[seat]

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        canvas.blit(self.background, (0, 0))
        draw.text(canvas, fonts.display(52), self.config.title, (640, 44), GOLD, outline=4,
                  shadow=5)
        lo, hi = self.config.min_seats, self.config.max_seats
        draw.text(canvas, fonts.body(26), f"{lo} to {hi} players: press A or Enter, or click "
                  "a seat, to join", (640, 94), CREAM)
        seats = self.seats()
        for i, card in enumerate(self.cards):
            self._draw_card(canvas, i, card, seats[i] if i < len(seats) else None)
        self._draw_footer(canvas)
        self.prompts.draw(canvas, fonts, self.app.input.style)

    def _draw_card(self, canvas: pygame.Surface, i: int, card: pygame.Rect,
                   seat: LobbySeat | None) -> None:
        fonts = self.app.fonts
        small = fonts.body(24)
        if seat is None:
            draw.box(canvas, card, PANEL, outline=INK, radius=22, shadow=5)
            pulse = 0.5 + 0.5 * math.sin(self.t * 4 + i)
            ring = card.inflate(-16, -16)
            pygame.draw.rect(canvas, PANEL_LIGHT, ring, 3, border_radius=18)
            draw.text(canvas, fonts.display(40), f"P{i + 1}", (card.centerx, card.y + 60),
                      MUTED)
            for k, line in enumerate(("Press A", "or Enter", "to join")):
                colour = GOLD if pulse > 0.5 and k == 0 else CREAM
                draw.text(canvas, fonts.body(28), line, (card.centerx, card.y + 170 + 40 * k),
                          colour)
            draw.text(canvas, small, "Empty seat", (card.centerx, card.bottom - 36), HINT)
            return
        colour = self.config.rgb(seat.colour)
        grow = 6 * (1 - self.flash[i] / 0.3) if i in self.flash else 0
        box = card.inflate(grow, grow)
        draw.box(canvas, box, PANEL, outline=colour, radius=22, shadow=5, width=5)
        who = device_label(seat.device) if seat.human else "Computer"
        head = pygame.Rect(card.x + 5, card.y + 5, card.w - 10, 44)
        pygame.draw.rect(canvas, colour, head, border_top_left_radius=18,
                         border_top_right_radius=18)
        draw.text(canvas, small, f"P{i + 1} · {who}", head.center, INK)
        cursor = self.cursors.get(seat.device) if seat.device else None
        if cursor is not None and cursor.editing:
            self._draw_osk(canvas, i, seat, cursor)
            return
        hop = abs(math.sin(self.t * 3 + i)) * 6
        image = self.config.portrait(seat.colour, seat.token, PAWN_H)
        canvas.blit(image, image.get_rect(midbottom=(card.centerx, card.y + 164 - hop)))
        if i >= len(self.joined):
            draw.text(canvas, fonts.body(30), seat.name, (card.centerx, card.y + ROW_TOP + 27),
                      WHITE)
            detail = f"Level: {seat.level.capitalize()}" if not seat.human else "Any device"
            draw.text(canvas, small, detail, (card.centerx, card.y + 290), CREAM)
            note = "Computer player" if not seat.human else "Pass-and-play"
            draw.text(canvas, fitted(fonts, "body", 24, note, card.w - 16), note,
                      (card.centerx, card.bottom - 36), HINT)
            return
        values = {"name": seat.name, "colour": seat.colour.capitalize(),
                  "token": (seat.token or "—").capitalize()}
        for row, key in enumerate(self.rows):
            rect = self._row_rect(i, row)
            selected = cursor is not None and cursor.row == row
            draw.box(canvas, rect, GOLD if selected else PANEL_LIGHT,
                     outline=WHITE if selected else INK, radius=14, shadow=3)
            ink = INK if selected else WHITE
            text = values[key] if key == "name" else f"‹ {values[key]} ›"
            font = fonts.body(28)
            if font.size(text)[0] > rect.w - 16:
                font = small
            draw.text(canvas, font, text, rect.center, ink)
        hint = "A / Enter: edit name" if cursor and cursor.row == 0 else "Down: game options"
        if font.size(hint)[0] > card.w - 12:
            hint = "Edit name" if cursor and cursor.row == 0 else "Down: options"
        draw.text(canvas, small, hint, (card.centerx, card.bottom - 26), HINT)

    def _draw_osk(self, canvas: pygame.Surface, i: int, seat: LobbySeat,
                  cursor: Cursor) -> None:
        fonts = self.app.fonts
        card = self.cards[i]
        field = pygame.Rect(card.x + 10, card.y + 60, card.w - 20, 46)
        draw.box(canvas, field, CREAM, radius=12)
        caret = "|" if int(self.t * 2) % 2 == 0 else " "
        draw.text(canvas, fonts.body(28), seat.name + caret, field.center, INK)
        for k, rect in enumerate(self._osk_rects(i)):
            selected = k == cursor.key
            draw.box(canvas, rect, GOLD if selected else PANEL_LIGHT,
                     outline=WHITE if selected else INK, radius=8)
            label = OSK_LABELS.get(OSK_KEYS[k], OSK_KEYS[k])  # small keys: labels shrink
            inner = rect.h - 10  # inside the key's rim
            font = fonts.fit("body", min(24 if len(label) == 1 else 20, inner), label,
                             rect.w - 12, 12)
            draw.text(canvas, font, label, rect.center, INK if selected else WHITE)
        hints = (("Type, Enter: done", "Enter: done") if seat.device == KEYBOARD else
                 ("B: delete  Start: done", "Start: done"))
        font = fonts.body(22)
        hint = next((h for h in hints if font.size(h)[0] <= card.w - 16), hints[-1])
        draw.text(canvas, font, hint, (card.centerx, card.bottom - 26), CREAM)

    def _draw_footer(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        labels = {"computers": f"Computers: {self.computers}",
                  "level": f"Level: {self.level.capitalize()}",
                  "shared": f"Shared seats: {self.shared}",
                  "start": f"START · {_players(len(self.seats()))}",
                  **{o.key: f"{o.label}: {self.options[o.key]}" for o in self.config.options}}
        here: dict[int, list[Color]] = {}  # footer button -> colours of cursors on it
        for seat in self.joined:
            cursor = self.cursors.get(seat.device or "")
            if cursor is not None and cursor.row >= len(self.rows):
                colours = here.setdefault(cursor.row - len(self.rows), [])
                colours.append(self.config.rgb(seat.colour))
        for k, (which, rect) in enumerate(zip(self.buttons, self.footer, strict=True)):
            start = which == "start"
            lit = bool(here.get(k)) or self.mouse_row == k
            ok = not start or self.can_start()
            fill = GOLD if lit and ok else (PANEL_LIGHT if ok else PANEL)
            draw.box(canvas, rect, fill, outline=WHITE if lit else INK, radius=20, shadow=5)
            for n, colour in enumerate(here.get(k, [])):  # whose cursor is on it
                pygame.draw.circle(canvas, INK, (rect.x + 18 + 22 * n, rect.y + 14), 10)
                pygame.draw.circle(canvas, colour, (rect.x + 18 + 22 * n, rect.y + 14), 7)
            ink = INK if lit and ok else (WHITE if ok else MUTED)
            face, size = ("display", 30) if start else ("body", 28)
            font = fitted(fonts, face, size, labels[which], rect.w - 24)  # five buttons
            draw.text(canvas, font, labels[which], rect.center, ink)


def fitted(fonts: Fonts, face: str, size: int, text: str, width: int) -> pygame.font.Font:
    """The font of `face` at `size`, shrunk (not below 20 px) until `text` fits `width`:
    narrow cards (six seats) and full footers shrink rather than overflow."""
    font = fonts.get(face, size)
    while font.size(text)[0] > width and size > 20:
        size -= 2
        font = fonts.get(face, size)
    return font


def _players(count: int) -> str:
    """"1 player", "3 players"."""
    return f"{count} player" if count == 1 else f"{count} players"

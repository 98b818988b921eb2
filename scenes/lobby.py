"""The join-in lobby both games start from: one device per seat, like a console party game.

Each person presses A on their pad, Confirm on the keyboard, or clicks an empty seat to
take the next seat; that device is then bound to the seat and moves its own cursor in its
own card: name (an on-screen keyboard for pads, real typing on a keyboard), colour and
pawn/logo. The keyboard and the mouse are one person until a second click on an empty
seat seats the mouse as a person of its own. Below the cards, any joined player (or the
mouse) sets how many computer players fill the empty seats, their level (all at once),
how many shared pass-and-play seats there are (human seats no device is bound to: any
device answers them), the game's own options, and starts. The shoulder buttons (or a
click) visit the shared and computer seats' cards: a shared seat picks its name, colour
and pawn; a computer seat its own level, colour and pawn. A name and colour, once shown,
stay what they are until someone changes them. Start (the pause button) starts too. Back
leaves your seat; once nobody is seated, Back returns to the title (a passer-by's B never
throws everyone out).

The lobby is generic: a `LobbyConfig` says how many seats, which colours, tokens and
default names, how to draw a seat's pawn, and what to start with the seats chosen.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from dataclasses import field as dc_field
from typing import Any

import pygame

from game.names import JOINERS, NAME_MAX, clean_name, graphemes, name_problem, same_name
from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.glyphs import button_word, key_label
from scenes.engine.input import CLICK, KEYBOARD, MOUSE, POINT, TEXT, Action, DeviceId
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
from scenes.engine.scene import Host, Scene
from scenes.engine.widgets import PromptBar
from scenes.lobby_phones import LobbyPhones, is_phone
from scenes.seating import device_label

LEVELS = ("easy", "normal", "hard")
OSK_KEYS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + ("-", "Del", "OK")
OSK_LABELS = {"Del": "←"}  # fits a key of six seats' narrow cards
CARD_TOP, CARD_H = 118, 408
PAWN_H, ROW_TOP, OSK_TOP = 100, 176, 116  # inside a card: pawn, rows, on-screen keyboard
FOOTER = pygame.Rect(40, 544, 1200, 80)
HINT_Y = 640  # the game's hint line, between the footer (624) and the prompt bar (656)
PHONE_W = 214  # the phones' column beside the cards: the QR code and the short link
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

    portrait(colour, token, height) draws a seat's pawn or logo. start(app, seats, options,
    hub) begins the game (replacing the lobby on the stack); options maps each LobbyOption's
    key to the value chosen; hub is the phone server when phones hold seats (their devices
    are `phone:<slot>`), else None.
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
    start: Callable[[Host, list[LobbySeat], dict[str, str], Any], None]
    default_token: Callable[[str], str] = lambda colour: ""
    options: tuple[LobbyOption, ...] = ()
    #: level -> one line saying what a computer of that level does (shown while a
    #: cursor is on a level)
    level_notes: Mapping[str, str] = dc_field(default_factory=dict)
    first_level: str = "normal"  # the computers' level until this machine starts a game
    # one line under the footer, from (people at the TV, phones on?): e.g. Startup Fever
    # suggests phones to a table of several people ("" says nothing)
    hint: Callable[[int, bool], str] = lambda people, phones: ""


@dataclass
class Cursor:
    """Where one joined device is: a card row, or past the card's rows a footer button.
    `other`: the shared or computer seat (an index of `LobbyScene.others`) whose card it
    edits; None for its own card."""

    row: int = 0
    other: int | None = None
    editing: bool = False  # typing the name
    key: int = 0  # the on-screen keyboard's selected key
    before: str = ""  # the name before editing (Esc gives it back)
    swallow: str = ""  # the character of the key that opened editing (its TEXT follows)


class LobbyScene(Scene):
    """level: the computers' level to start with (None: the level last started here, or
    the config's `first_level` on this machine's first game)."""

    def __init__(self, config: LobbyConfig, level: str | None = None) -> None:
        self.config = config
        self.asked_level = level
        self.joined: list[LobbySeat] = []  # seats with a device, in join order
        self.others: list[LobbySeat] = []  # shared seats, then computers: named once
        self.cursors: dict[DeviceId, Cursor] = {}
        self.level = level or config.first_level  # new computers' level (Level sets them
        # all); the level of the last game started here replaces it on entering
        self.computers = config.min_seats - 1  # one person joining makes a game
        self.options = {o.key: o.values[0] for o in config.options}
        self.buttons = ("computers", "level", "shared", *self.options, "start")  # the footer
        self.rows = ROWS if config.tokens else ROWS[:2]  # no tokens to pick: no token row
        self.mouse_row: int | None = None  # the footer button the mouse points at
        self.t = 0.0
        self.flash: dict[int, float] = {}  # seat index -> seconds since it changed
        self._key = 0
        self.phones: LobbyPhones | None = None  # phones join by QR code (the setting)
        self.phone_note = ""  # why phones could not start, shown where the code would be

    def enter(self) -> None:
        last = self.app.settings.levels.get(self.config.game)
        if self.asked_level is None and last in LEVELS and last != self.level:
            self.level = last
            self.others = [s if s.human else replace(s, level=last) for s in self.others]
        opened = LobbyPhones.open(self.app.settings, self)
        if isinstance(opened, str):
            self.phone_note = opened
        else:
            self.phones = opened
        self.background = draw.vertical_gradient((1280, 720), NIGHT, DUSK)
        self.prompts = PromptBar([("confirm", "Join / choose"), ("leftright", "Change"),
                                  ("rshoulder", "Other seats"), ("pause", "Start"),
                                  ("back", "Leave")])
        n = self.config.max_seats
        gap = 20 if n <= 4 else 12
        room = 1200 - (PHONE_W + gap if self.phones or self.phone_note else 0)
        width = (room - gap * (n - 1)) // n
        self.cards = [pygame.Rect(40 + i * (width + gap), CARD_TOP, width, CARD_H)
                      for i in range(n)]
        self.phone_box = pygame.Rect(1240 - PHONE_W, CARD_TOP, PHONE_W, CARD_H)
        n = len(self.buttons)
        w = (FOOTER.w - (n - 1) * 16) // n
        self.footer = [pygame.Rect(FOOTER.x + i * (w + 16), FOOTER.y, w, FOOTER.h)
                       for i in range(n)]

    def exit(self) -> None:
        if self.phones is not None:
            self.phones.close()  # stops the server unless the game took it

    # -- the seats ---------------------------------------------------------------------------

    def seats(self) -> list[LobbySeat]:
        """Joined players, then shared seats, then computers."""
        return [*self.joined, *self.others]

    @property
    def shared(self) -> int:
        return sum(1 for s in self.others if s.human)

    @shared.setter
    def shared(self, count: int) -> None:
        self._set_count(True, count)

    @property
    def computers(self) -> int:
        return sum(1 for s in self.others if not s.human)

    @computers.setter
    def computers(self, count: int) -> None:
        self._set_count(False, count)

    def _set_count(self, human: bool, count: int) -> None:
        """Add or remove shared (human) or computer seats: the last ones go, new ones get
        a name and colour nobody shown has; the others keep theirs."""
        mine = [i for i, s in enumerate(self.others) if s.human == human]
        for i in reversed(mine[max(0, count):]):
            del self.others[i]
        for _ in range(count - len(mine)):
            seat = self._fresh(human)
            at = self.shared if human else len(self.others)  # shared seats come first
            self.others.insert(at, seat)
        for cursor in self.cursors.values():
            if cursor.other is not None and cursor.other >= len(self.others):
                cursor.other, cursor.row = None, 0

    def _fresh(self, human: bool, device: DeviceId | None = None) -> LobbySeat:
        """A new seat with the first name and colour no seat on show has."""
        seats = self.seats()
        names, colours = {s.name for s in seats}, {s.colour for s in seats}
        name = next((n for n in self.config.names if n not in names), f"P{len(seats) + 1}")
        colour = next((c for c in self.config.colours if c not in colours),
                      self.config.colours[0])
        return LobbySeat(name, colour, self.config.default_token(colour), human, self.level,
                         device)

    def can_start(self) -> bool:
        return self.config.min_seats <= len(self.seats()) <= self.config.max_seats

    def _free_seats(self) -> int:
        return self.config.max_seats - len(self.seats())

    def _who(self, device: DeviceId) -> DeviceId:
        """The person behind `device`: the mouse is the keyboard's until it has a seat."""
        if device == MOUSE and MOUSE not in self.cursors:
            return KEYBOARD
        return device

    def join(self, device: DeviceId, cursor: bool = True) -> bool:
        """`device` takes the next seat. The computer card next in line becomes theirs
        (its name, colour and pawn: the cards on show keep theirs) and a new computer
        takes the place behind, unless the table is full. A phone joins without a cursor
        (it edits nothing on the TV)."""
        if device in self.cursors:
            return False
        if len(self.joined) + self.shared >= self.config.max_seats:
            return False
        free = self._free_seats()
        add_computer = False
        if self.others and not self.others[0].human:
            seat = replace(self.others.pop(0), human=True, level="normal", device=device)
            add_computer = free > 0  # the table keeps its computers while there is room
        else:
            if free <= 0:  # full, shared seats first: the last computer (or shared) goes
                human = self.computers == 0
                last = max(i for i, s in enumerate(self.others) if s.human == human)
                del self.others[last]
            seat = self._fresh(True, device)
        self.joined.append(seat)
        if add_computer:
            self.computers += 1
        if cursor:
            self.cursors[device] = Cursor()
        self.flash[len(self.joined) - 1] = 0.0
        self._fix_others()
        return True

    def leave(self, device: DeviceId) -> bool:
        """`device`'s person leaves their seat (False: they had none)."""
        index = self._seat_of(device)
        if index is None:
            return False
        del self.joined[index]
        self.cursors.pop(device, None)
        return True

    def recolour(self, index: int) -> None:
        """The seat at `index` takes the first colour no other seat has (a phone took
        its colour)."""
        taken = {s.colour for i, s in enumerate(self.seats()) if i != index}
        seat = self._get(index)
        colour = next((c for c in self.config.colours if c not in taken), seat.colour)
        token = seat.token
        if token == self.config.default_token(seat.colour):
            token = self.config.default_token(colour)
        self._put(index, replace(seat, colour=colour, token=token))

    def _seat_of(self, device: DeviceId) -> int | None:
        return next((i for i, s in enumerate(self.joined) if s.device == device), None)

    def _fix_others(self) -> None:
        """Keep the computers/shared counts inside the table (min and max seats)."""
        room = self.config.max_seats - len(self.joined)
        self.shared = max(0, min(self.shared, room))
        self.computers = max(0, min(self.computers, room - self.shared))

    # -- a cursor's card ---------------------------------------------------------------------

    def _index(self, device: DeviceId, cursor: Cursor) -> int:
        """The index in `seats()` of the card `cursor` edits."""
        if cursor.other is not None:
            return len(self.joined) + cursor.other
        seat = self._seat_of(device)
        assert seat is not None
        return seat

    def level_note(self) -> str | None:
        """What the level a cursor rests on does (the Level button, or a computer card's
        level row): the latest joined device's cursor first; None when no cursor is on
        a level or the game has no notes."""
        notes = self.config.level_notes
        for seat in reversed(self.joined):
            cursor = self.cursors.get(seat.device or "")
            if cursor is None or cursor.editing:
                continue
            index = self._index(seat.device or "", cursor)
            rows = self.rows_of(index)
            if cursor.row < len(rows):
                level = self._get(index).level if rows[cursor.row] == "level" else None
            else:
                button = self.buttons[cursor.row - len(rows)]
                level = self.level if button == "level" else None
            if level is not None and level in notes:
                return notes[level]
        return None

    def rows_of(self, index: int) -> tuple[str, ...]:
        """A card's rows: a person's or shared seat's name, colour and pawn; a computer's
        level, colour and pawn."""
        seat = self.seats()[index]
        return self.rows if seat.human else ("level", *self.rows[1:])

    def _get(self, index: int) -> LobbySeat:
        return self.seats()[index]

    def _put(self, index: int, seat: LobbySeat) -> None:
        if index < len(self.joined):
            self.joined[index] = seat
        else:
            self.others[index - len(self.joined)] = seat

    def _cycle(self, index: int, what: str, step: int) -> None:
        """Next free colour, next token or next level of the seat at `index`."""
        s = self._get(index)
        if what == "colour":
            taken = {o.colour for i, o in enumerate(self.seats()) if i != index}
            options = [c for c in self.config.colours if c not in taken or c == s.colour]
            colour = options[(options.index(s.colour) + step) % len(options)]
            token = s.token
            if s.token == self.config.default_token(s.colour):
                token = self.config.default_token(colour)  # untouched token follows colour
            self._put(index, replace(s, colour=colour, token=token))
        elif what == "token" and self.config.tokens:
            tokens = list(self.config.tokens)
            current = tokens.index(s.token) if s.token in tokens else 0
            self._put(index, replace(s, token=tokens[(current + step) % len(tokens)]))
        elif what == "level":
            level = LEVELS[(LEVELS.index(s.level) + step) % len(LEVELS)]
            self._put(index, replace(s, level=level))
        self.flash[index] = 0.0

    def _visit(self, cursor: Cursor, step: int) -> None:
        """The shoulder buttons: the cursor goes to the next shared or computer card (and
        back to its own)."""
        stops: list[int | None] = [None, *range(len(self.others))]
        at = stops.index(cursor.other) if cursor.other in stops else 0
        cursor.other = stops[(at + step) % len(stops)]
        cursor.row = 0
        self.app.audio.play("move")

    def _footer(self, which: str, step: int) -> None:
        if which == "computers":
            room = self.config.max_seats - len(self.joined) - self.shared
            self.computers = (self.computers + step) % (room + 1)
        elif which == "level":
            self.level = LEVELS[(LEVELS.index(self.level) + step) % len(LEVELS)]
            self.others = [s if s.human else replace(s, level=self.level)
                           for s in self.others]
        elif which == "shared":
            room = self.config.max_seats - len(self.joined)
            shared = (self.shared + step) % (room + 1)
            self.computers = min(self.computers, room - shared)
            self.shared = shared
        elif which in self.options:
            values = next(o.values for o in self.config.options if o.key == which)
            self.options[which] = values[(values.index(self.options[which]) + step)
                                         % len(values)]

    def start(self) -> None:
        if not self.can_start():
            self.app.audio.play("error")
            return
        self.app.audio.play("fanfare")
        settings = self.app.settings
        if settings.levels.get(self.config.game) != self.level:
            settings.levels[self.config.game] = self.level  # the next lobby starts there
            settings.save()
        hub = None
        if self.phones is not None and self.phones.handed_over():
            hub = self.phones.hub
        self.config.start(self.app, self.seats(), dict(self.options), hub)

    # -- input -------------------------------------------------------------------------------

    def handle(self, action: Action) -> bool:
        self._key = action.key  # the key behind this action (0: not a key)
        if action.name in (POINT, CLICK):
            return self._mouse(action)
        if not action.pressed:
            return False
        device = self._who(action.device)
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
        if action.name == "pause" and any(is_phone(s.device) for s in self.joined):
            self.start()  # everyone is on a phone: any device at the TV may start
        elif action.name == "confirm":
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
        index = self._index(device, cursor)
        rows = self.rows_of(index)
        name = action.name
        in_card = cursor.row < len(rows)
        if name == "pause":
            self.start()
        elif name == "back" and cursor.other is not None:
            cursor.other, cursor.row = None, 0  # back to one's own card
            self.app.audio.play("back")
        elif name == "back":
            self.leave(device)
            self.app.audio.play("back")
        elif name in ("lshoulder", "rshoulder"):
            self._visit(cursor, -1 if name == "lshoulder" else 1)
        elif name == "up" and cursor.row > 0:
            cursor.row = min(cursor.row - 1, len(rows) - 1) if not in_card else cursor.row - 1
            self.app.audio.play("move")
        elif name == "down" and in_card:
            cursor.row += 1
            self.app.audio.play("move")
        elif name in ("left", "right") and in_card:
            step = -1 if name == "left" else 1
            if rows[cursor.row] != "name":
                self._cycle(index, rows[cursor.row], step)
                self.app.audio.play("click")
        elif name in ("left", "right"):
            last = len(rows) + len(self.buttons) - 1
            cursor.row = max(len(rows), min(last, cursor.row + (1 if name == "right" else -1)))
            self.app.audio.play("move")
        elif name == "confirm":
            self._activate(device, index, cursor)
        else:
            return False
        return True

    def _activate(self, device: DeviceId, index: int, cursor: Cursor) -> None:
        rows = self.rows_of(index)
        if cursor.row < len(rows):
            row = rows[cursor.row]
            if row == "name":
                cursor.editing, cursor.before, cursor.key = True, self._get(index).name, 0
                cursor.swallow = _typed(self._key) if device == KEYBOARD else ""
                self.app.audio.play("confirm")
            else:
                self._cycle(index, row, +1)
                self.app.audio.play("click")
            return
        which = self.buttons[cursor.row - len(rows)]
        if which == "start":
            self.start()
        else:
            self._footer(which, +1)
            self.app.audio.play("click")

    def _edit(self, device: DeviceId, cursor: Cursor, action: Action) -> None:
        """Typing a name: real keys on a keyboard, the on-screen keyboard on a pad."""
        index = self._index(device, cursor)
        name = self._get(index).name
        typing = device == KEYBOARD and action.key not in (0, *ARROW_KEYS)
        swallow, cursor.swallow = cursor.swallow, ""
        if action.name == TEXT:
            if swallow and action.text.lower() == swallow:
                return  # the letter of the Confirm key that opened editing
            self._set_name(index, name + action.text)
        elif typing and action.key == pygame.K_BACKSPACE:
            self._set_name(index, name[:-1])
        elif typing and action.key == pygame.K_ESCAPE:
            self._set_name(index, cursor.before)
            cursor.editing = False
        elif typing and (action.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                         or self._finishes(action)):
            self._done(index, cursor)
        elif typing:
            return  # a letter key that also maps to an action: its TEXT types it
        elif action.name in ("left", "right", "up", "down"):
            cols = self._osk_cols()
            dx = {"left": -1, "right": 1}.get(action.name, 0)
            dy = {"up": -cols, "down": cols}.get(action.name, 0)
            cursor.key = (cursor.key + dx + dy) % len(OSK_KEYS)
            self.app.audio.play("move")
        elif action.name == "confirm":
            self._press_key(index, cursor, OSK_KEYS[cursor.key])
        elif action.name == "back":
            self._set_name(index, name[:-1])
        elif action.name == "pause":
            self._done(index, cursor)

    def _finishes(self, action: Action) -> bool:
        """A keyboard Confirm key ends name entry, whatever key it is; Space types a
        space as long as Confirm has another key to finish with."""
        if action.name != "confirm":
            return False
        others = [c for c, a in self.app.input.keymap.items()
                  if a == "confirm" and c != pygame.K_SPACE]
        return action.key != pygame.K_SPACE or not others

    def _press_key(self, index: int, cursor: Cursor, key: str) -> None:
        name = self._get(index).name
        if key == "OK":
            self._done(index, cursor)
        elif key == "Del":
            self._set_name(index, name[:-1])
        else:
            self._set_name(index, name + (key if not name else key.lower()))

    def _set_name(self, index: int, name: str) -> None:
        kept = "".join(ch for ch in name if ch.isprintable() or ch in JOINERS)
        name = "".join(graphemes(kept)[:NAME_MAX])  # characters as a person counts them
        self._put(index, replace(self._get(index), name=name))
        self.app.audio.play("click")

    def _done(self, index: int, cursor: Cursor) -> None:
        """Leave name entry; an empty or already taken name goes back to what it was."""
        name = clean_name(self._get(index).name)
        others = [s.name for i, s in enumerate(self.seats()) if i != index]
        if name_problem(name) or any(same_name(name, other) for other in others):
            name = cursor.before
        self._put(index, replace(self._get(index), name=name))
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
        who = self._who(MOUSE)
        cursor = self.cursors.get(who)
        if cursor is not None and cursor.editing:
            self._osk_click(action.pos, who, cursor)
        elif card is None:
            return True
        elif card >= len(self.seats()) or (
                not self.seats()[card].human and not self._on_row(card, action.pos)):
            # an empty seat, or a computer's away from its rows: join. The keyboard's
            # person joins first; a second click seats the mouse as a person of its own.
            if not self.join(KEYBOARD) and not self.join(MOUSE):
                self.app.audio.play("error")
                return True
            self.app.audio.play("confirm")
        elif card < len(self.joined) and self.joined[card].device == who:
            if cursor is not None:
                cursor.other = None
            self._card_click(card, action.pos)
        elif card >= len(self.joined):
            if cursor is not None:
                cursor.other = card - len(self.joined)
            self._card_click(card, action.pos)
        else:
            self.app.audio.play("error")  # another person's card
        return True

    def _on_row(self, index: int, pos: tuple[int, int]) -> bool:
        return any(self._row_rect(index, row).collidepoint(pos)
                   for row in range(len(self.rows_of(index))))

    def _card_click(self, index: int, pos: tuple[int, int]) -> None:
        """A click on a row of a card the mouse may edit: as confirm on that row (a name
        row needs the mouse's person to have a seat: its cursor types)."""
        who = self._who(MOUSE)
        cursor = self.cursors.get(who)
        for row, what in enumerate(self.rows_of(index)):
            if not self._row_rect(index, row).collidepoint(pos):
                continue
            if cursor is not None:
                cursor.row = row
                self._activate(who, index, cursor)
            elif what != "name":
                self._cycle(index, what, +1)
                self.app.audio.play("click")

    def _osk_click(self, pos: tuple[int, int], who: DeviceId, cursor: Cursor) -> None:
        index = self._index(who, cursor)
        for i, rect in enumerate(self._osk_rects(index)):
            if rect.collidepoint(pos):
                cursor.key = i
                self._press_key(index, cursor, OSK_KEYS[i])

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
        if self.phones is not None:
            self.phones.update()
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
        how = (f"{lo} to {hi} players: press {button_word('confirm', 'xbox')} or "
               f"{key_label('confirm')}, or click a seat, to join")
        if self.phones is not None:
            how = (f"{lo} to {hi} players: press {button_word('confirm', 'xbox')} or "
                   f"{key_label('confirm')}, click a seat, or scan with a phone")
        note = self.level_note()
        if note is not None:  # what the level under a cursor does, in place of how to join
            draw.text(canvas, fitted(fonts, "body", 26, note, 1200), note, (640, 94), GOLD)
        else:
            draw.text(canvas, fitted(fonts, "body", 26, how, 1200), how, (640, 94), CREAM)
        seats = self.seats()
        for i, card in enumerate(self.cards):
            self._draw_card(canvas, i, card, seats[i] if i < len(seats) else None)
        if self.phones is not None or self.phone_note:
            self._draw_phones(canvas)
        self._draw_footer(canvas)
        hint = self.hint()
        if hint:
            draw.text(canvas, fitted(fonts, "body", 20, hint, 1200), hint, (640, HINT_Y), HINT)
        self.prompts.draw(canvas, fonts, self.app.input.style)

    def hint(self) -> str:
        """The game's one line for this table (LobbyConfig.hint), from its people at the
        TV (phones not counted) and whether phones are on."""
        people = sum(1 for s in self.seats() if s.human and not is_phone(s.device))
        return self.config.hint(people, self.phones is not None)

    def _draw_phones(self, canvas: pygame.Surface) -> None:
        """The phones' column: scan to join, the short link, how many phones are on."""
        fonts, box = self.app.fonts, self.phone_box
        draw.box(canvas, box, PANEL, outline=GOLD, radius=22, shadow=5, width=4)
        draw.text(canvas, fonts.display(28), "Phones", (box.centerx, box.y + 30), GOLD,
                  outline=2)
        if self.phones is None:
            for k, line in enumerate(_wrap(fonts.body(20), self.phone_note, box.w - 24)):
                draw.text(canvas, fonts.body(20), line, (box.centerx, box.y + 90 + 26 * k),
                          CREAM)
            return
        draw.text(canvas, fonts.body(20), "Scan to join", (box.centerx, box.y + 62), CREAM)
        code = self.phones.code
        canvas.blit(code, code.get_rect(midtop=(box.centerx, box.y + 80)))
        link = self.phones.address
        host, _, path = link.partition("/")
        for k, line in enumerate((host, "/" + path)):
            font = fitted(fonts, "body", 22, line, box.w - 16)
            draw.text(canvas, font, line, (box.centerx, box.y + 284 + 26 * k), WHITE)
        seated = sum(1 for s in self.joined if is_phone(s.device))
        text = "same Wi-Fi as the TV" if not seated else _phones(seated)
        if self.phones.local_only and not seated:  # a phone cannot reach 127.0.0.1
            text = "no network for phones"
        draw.text(canvas, fitted(fonts, "body", 20, text, box.w - 12), text,
                  (box.centerx, box.bottom - 28), HINT)

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
            lines = (f"Press {button_word('confirm', 'xbox')}",
                     f"or {key_label('confirm')}", "to join")
            for k, line in enumerate(lines):
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
        phone = is_phone(seat.device)
        offline = phone and self.phones is not None and \
            int(str(seat.device).partition(":")[2]) not in self.phones.connected
        head = pygame.Rect(card.x + 5, card.y + 5, card.w - 10, 44)
        pygame.draw.rect(canvas, colour, head, border_top_left_radius=18,
                         border_top_right_radius=18)
        head_text = f"P{i + 1} · {who}"
        draw.text(canvas, fitted(fonts, "body", 24, head_text, head.w - 8), head_text,
                  head.center, INK)
        editor = self._editor(i)
        if editor is not None and editor[1].editing:
            self._draw_osk(canvas, i, seat, editor[0], editor[1])
            return
        hop = abs(math.sin(self.t * 3 + i)) * 6
        image = self.config.portrait(seat.colour, seat.token, PAWN_H)
        canvas.blit(image, image.get_rect(midbottom=(card.centerx, card.y + 164 - hop)))
        values = {"name": seat.name, "colour": seat.colour.capitalize(),
                  "token": (seat.token or "—").capitalize(), "level": seat.level.capitalize()}
        here = self._cursors_on(i)
        font = fonts.body(28)
        for row, key in enumerate(self.rows_of(i)):
            rect = self._row_rect(i, row)
            on = [colour for r, colour in here if r == row]
            selected = bool(on)
            draw.box(canvas, rect, GOLD if selected else PANEL_LIGHT,
                     outline=WHITE if selected else INK, radius=14, shadow=3)
            ink = INK if selected else WHITE
            text = values[key] if key == "name" or phone else f"‹ {values[key]} ›"
            font = fonts.body(28)
            if font.size(text)[0] > rect.w - 16:
                font = small
            draw.text(canvas, font, text, rect.center, ink)
            if i >= len(self.joined):  # whose cursors visit a card not their own
                for n, colour in enumerate(on[:3]):
                    dot = (rect.x + 14 + 16 * n, rect.y + 12)
                    pygame.draw.circle(canvas, INK, dot, 8)
                    pygame.draw.circle(canvas, colour, dot, 5)
        cursor = self.cursors.get(seat.device) if seat.device else None
        if i >= len(self.joined):
            visitor = next((d for d, c in self.cursors.items()
                            if c.other is not None and self._index(d, c) == i), None)
            hints = (("Computer · click to play", "Click to play", "Computer")
                     if not seat.human else ("Pass-and-play", "Shared"))
            if visitor is not None:
                hints = (f"{self._words(visitor, 'back')}: your card", "Back: your card")
        elif phone:  # chosen on the phone; a phone that lost Wi-Fi comes back by itself
            hints = (("Phone offline", "Offline") if offline else
                     ("Plays on the phone", "On the phone", "Phone"))
        else:
            ok, down = self._words(seat.device, "confirm"), self._words(seat.device, "down")
            hints = ((f"{ok}: edit name", "Edit name") if cursor and cursor.row == 0 else
                     (f"{down}: options", "Options"))
        hint = next((h for h in hints if small.size(h)[0] <= card.w - 12), hints[-1])
        draw.text(canvas, fitted(fonts, "body", 24, hint, card.w - 12), hint,
                  (card.centerx, card.bottom - 26), HINT)

    def _editor(self, index: int) -> tuple[DeviceId, Cursor] | None:
        """The device whose cursor edits the card at `index` (its own, or a visit)."""
        for device, cursor in self.cursors.items():
            if cursor.editing and self._index(device, cursor) == index:
                return device, cursor
        if index < len(self.joined):
            device = self.joined[index].device
            cursor = self.cursors.get(device) if device else None
            return (device, cursor) if device and cursor else None
        return None

    def _cursors_on(self, index: int) -> list[tuple[int, Color]]:
        """(row, cursor's seat colour) of every cursor on a row of the card at `index`."""
        out = []
        for seat in self.joined:
            cursor = self.cursors.get(seat.device or "")
            if cursor is None or self._index(seat.device or "", cursor) != index:
                continue
            if cursor.row < len(self.rows_of(index)):
                out.append((cursor.row, self.config.rgb(seat.colour)))
        return out

    def _words(self, device: DeviceId | None, action: str) -> str:
        """`action`'s button on `device` as a word: its pad's, or the current key."""
        if device is None:
            return f"{button_word(action, 'xbox')} / {key_label(action)}"
        if device == MOUSE:
            return "Click" if action == "confirm" else button_word(action, "keyboard")
        if device.startswith("pad:"):
            style = self.app.input.style_of(device)
            return button_word(action, "xbox" if style == "keyboard" else style)
        return button_word(action, "keyboard")

    def _draw_osk(self, canvas: pygame.Surface, i: int, seat: LobbySeat, device: DeviceId,
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
        done = self._words(device, "confirm" if device == KEYBOARD else "pause")
        hints = ((f"Type, {done}: done", f"{done}: done") if device == KEYBOARD else
                 (f"{self._words(device, 'back')}: delete  {done}: done", f"{done}: done"))
        font = fonts.body(22)
        hint = next((h for h in hints if font.size(h)[0] <= card.w - 16), hints[-1])
        draw.text(canvas, font, hint, (card.centerx, card.bottom - 26), CREAM)

    def _draw_footer(self, canvas: pygame.Surface) -> None:
        fonts = self.app.fonts
        levels = {s.level for s in self.others if not s.human}
        level = "Mixed" if len(levels) > 1 else self.level.capitalize()
        labels = {"computers": f"Computers: {self.computers}",
                  "level": f"Level: {level}",
                  "shared": f"Shared seats: {self.shared}",
                  "start": f"START · {_players(len(self.seats()))}",
                  **{o.key: f"{o.label}: {self.options[o.key]}" for o in self.config.options}}
        here: dict[int, list[Color]] = {}  # footer button -> colours of cursors on it
        for seat in self.joined:
            cursor = self.cursors.get(seat.device or "")
            if cursor is None:
                continue
            rows = len(self.rows_of(self._index(seat.device or "", cursor)))
            if cursor.row >= rows:
                colours = here.setdefault(cursor.row - rows, [])
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


def _typed(key: int) -> str:
    """The character a key types (its TEXT event follows the press), or ""."""
    if key == pygame.K_SPACE:
        return " "
    name = pygame.key.name(key) if key else ""
    return name if len(name) == 1 else ""


def fitted(fonts: Fonts, face: str, size: int, text: str, width: int) -> pygame.font.Font:
    """The font of `face` at `size`, shrunk (not below 20 px) until `text` fits `width`:
    narrow cards (six seats) and full footers shrink rather than overflow."""
    font = fonts.get(face, size)
    while font.size(text)[0] > width and size > 20:
        size -= 2
        font = fonts.get(face, size)
    return font


def _wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` in lines that fit `width` (words kept whole)."""
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _phones(count: int) -> str:
    return f"{count} phone seated" if count == 1 else f"{count} phones seated"


def _players(count: int) -> str:
    """"1 player", "3 players"."""
    return f"{count} player" if count == 1 else f"{count} players"

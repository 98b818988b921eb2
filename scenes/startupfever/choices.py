"""What every Startup Fever decision shares: its context, its options and its panel.

A decision is a list of options, each naming its cost and effect (worked out by the rules
on a clone of the state), some opening a sub-list (which employee, which card) and some
with a value to raise or lower (an offer, fields to retain). It answers every device
alike: up/down choose, left/right change a value, confirm picks, back steps out of a
sub-list; the mouse points, clicks, and clicks the − / + buttons; the wheel scrolls.

A secret decision (chips, card play, marketing) draws its options only while its curtain
is held open (F13); closed, it shows only whose secret it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.undo import TAKE_BACK
from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.input import CLICK, KEYBOARD, MOUSE, POINT, Action
from scenes.engine.palette import (
    CREAM,
    GOLD,
    INK,
    MINT,
    MUTED,
    PANEL,
    PANEL_LIGHT,
    SEATS,
    WHITE,
    Color,
)
from scenes.engine.settings import Settings
from scenes.engine.theme import THEME, Theme
from scenes.engine.widgets import PromptBar
from scenes.startupfever.curtain import HAND_PANEL, LOOK, Curtain, draw_cover, hand_panel


def after(state: Any, *actions: object) -> tuple[Any, list]:
    """Play `actions` on a clone: what the rules say they cost and do (never a copy of
    a rule in the scenes). The state itself is untouched."""
    clone = state.clone()
    events: list = []
    for action in actions:
        events += clone.apply(action)
    return clone, events


def cell(view: Any, slot: str, vest: int, kind: str) -> pygame.Rect:
    """The vesting cell of `kind` on product `slot` as a rect to ring on the table."""
    rect = pygame.Rect(0, 0, 28, 36)
    rect.center = view.vest_cell(slot, vest, "suit" if kind == "suit" else "nerd")
    return rect


TABLE = pygame.Rect(0, 0, 904, 664)  # decisions float over the table, never the panels
PANEL_W = 440  # half the table: the other half (the product talked about) shows
ROW_H = 80
ROWS = 5  # visible option rows; more scroll
HEADER = 78


@dataclass
class Ctx:
    """What a decision may read besides the state: who sits where, the table as drawn.

    plan: answers given in a beat before the rules ask ("window"/"defense", seat) ->
        wants to play / to defend, or "picked" (a passive window's row: see beat.py).
        queue: actions already chosen for a seat's later steps (a sealed marketing
        allocation), applied one by one.
        memory: where each seat's cursor was, so it survives from one step to the next.
        budgets: each seat's marketing budget as placed (it comes back when taken back).
    """

    seats: list[Any]  # seats.Seat: name, colour, human
    view: Any  # table_view.TableView: where things are on the table
    model: Any  # model.TableModel: what the table shows
    settings: Settings
    fonts: Fonts = field(default_factory=lambda: THEME.fonts)  # the one font cache
    plan: dict[tuple[str, int], bool | str] = field(default_factory=dict)
    queue: list[tuple[int, str, object]] = field(default_factory=list)
    memory: dict[tuple[str, int], tuple[str, ...]] = field(default_factory=dict)
    budgets: dict[int, dict[str, int]] = field(default_factory=dict)  # marketing, per seat
    style_of: Callable[[str], str] | None = None  # app.input.style_of: PlayStation glyphs
    devices: Any = None  # seating.SeatDevices from the lobby: a bound pad answers its seat
    phones: frozenset[int] = frozenset()  # seats played on a phone: no TV device answers them
    computers: frozenset[int] = frozenset()  # people's seats the computer plays for now
    away: Callable[[int], bool] = lambda seat: False  # a phone seat whose phone is gone

    def style(self, device: str) -> str:
        """Glyph style for `device`: the app's answer when given, else keys or Xbox."""
        if device == MOUSE:
            return MOUSE
        if self.style_of is not None:
            return self.style_of(device)
        return "keyboard" if device == KEYBOARD else "xbox"

    def name(self, seat: int | None) -> str:
        return "the bank" if seat is None else self.seats[seat].name

    def colour(self, seat: int) -> Color:
        return THEME.players.get(self.seats[seat].colour, SEATS[seat % len(SEATS)])


@dataclass
class Adjust:
    """A value changed with left/right (or − / +): `build(value)` gives the option's
    label, detail and rules action for that value."""

    values: list[int]
    index: int
    build: Callable[[int], tuple[str, str, object]]

    @property
    def value(self) -> int:
        return self.values[self.index]


@dataclass
class Option:
    """One row. `action` is applied on confirm; `then` opens a sub-list instead."""

    label: str
    detail: str = ""
    action: object | None = None
    then: Callable[[], list[Option]] | None = None
    title: str = ""  # sub-list heading when `then` opens one
    how: str = ""  # ... and its "how this step works" line
    enabled: bool = True
    slots: frozenset[str | int] = frozenset()  # products (and seats' panels) to light up
    spots: tuple[pygame.Rect, ...] = ()  # table places to ring (a vesting cell, a panel)
    adjust: Adjust | None = None
    key: str = ""  # stable name, to find the cursor again next step
    back: bool = False  # the "Back" row a sub-list ends with (for the mouse)
    icon: pygame.Surface | None = None  # drawn at the row's right end (a chip, a hire)

    def __post_init__(self) -> None:
        if self.adjust is not None:
            self.set_value(self.adjust.index)
        if not self.key:
            self.key = self.label

    def set_value(self, index: int) -> None:
        adjust = self.adjust
        adjust.index = max(0, min(len(adjust.values) - 1, index))
        self.label, self.detail, self.action = adjust.build(adjust.value)


@dataclass
class _Level:
    title: str
    options: list[Option]
    how: str = ""
    selected: int = 0
    top: int = 0  # first visible row

    def __post_init__(self) -> None:
        self.selected = next((i for i, o in enumerate(self.options) if o.enabled), 0)


class Choices:
    """A list of options with sub-lists, answering pad, keyboard and mouse alike."""

    def __init__(self, options: list[Option], title: str = "") -> None:
        self.levels = [_Level(title, options)]
        self.rows: list[tuple[pygame.Rect, int]] = []  # drawn rows: (rect, option index)
        self._row_h: tuple[object, int] = (None, 0)
        self.minus: dict[int, pygame.Rect] = {}
        self.plus: dict[int, pygame.Rect] = {}
        THEME.on_change(self._restyle)

    def _restyle(self, theme: Theme) -> None:
        """A new text size: the row height is measured again."""
        self._row_h = (None, 0)

    @property
    def level(self) -> _Level:
        return self.levels[-1]

    @property
    def current(self) -> Option:
        return self.level.options[self.level.selected]

    def path(self) -> tuple[str, ...]:
        return tuple(lv.options[lv.selected].key for lv in self.levels)

    def restore(self, path: tuple[str, ...]) -> None:
        """Put the cursor back where `path` says, as far as the options still exist."""
        for depth, key in enumerate(path):
            level = self.level
            hit = next((i for i, o in enumerate(level.options) if o.key == key), None)
            if hit is None:
                return
            level.selected = hit
            option = level.options[hit]
            if depth < len(path) - 1:
                if option.then is None or not option.enabled:
                    return
                self.open_sub(option)

    def open_sub(self, option: Option) -> None:
        subs = option.then()
        subs.append(Option("Back", "to the previous list", back=True, key="back"))
        self.levels.append(_Level(option.title or option.label, subs, option.how))

    def move(self, step: int) -> None:
        level = self.level
        level.selected = (level.selected + step) % len(level.options)

    def nudge(self, step: int) -> bool:
        option = self.current
        if option.adjust is None:
            return False
        before = option.adjust.index
        option.set_value(before + step)
        return option.adjust.index != before

    def back(self) -> bool:
        if len(self.levels) == 1:
            return False
        self.levels.pop()
        return True

    def pick(self, index: int | None = None) -> object | None:
        """Confirm the selected (or `index`) option: its action, or open its sub-list."""
        level = self.level
        if index is not None:
            level.selected = index
        option = level.options[level.selected]
        if option.back:
            self.back()
            return None
        if not option.enabled:
            return None
        if option.then is not None:
            self.open_sub(option)
            return None
        if option.action is None and option.adjust is not None:
            self.nudge(1)  # a row that only holds a value: confirm adds one
        return option.action

    def shift(self, offset: tuple[int, int]) -> None:
        """Move the recorded rects by `offset` (they were drawn on an off-screen panel)."""
        self.rows = [(r.move(offset), i) for r, i in self.rows]
        self.minus = {i: r.move(offset) for i, r in self.minus.items()}
        self.plus = {i: r.move(offset) for i, r in self.plus.items()}

    def at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """What the pointer is on: ("row"|"minus"|"plus", option index)."""
        for index, rect in self.minus.items():
            if rect.collidepoint(pos):
                return ("minus", index)
        for index, rect in self.plus.items():
            if rect.collidepoint(pos):
                return ("plus", index)
        for rect, index in self.rows:
            if rect.collidepoint(pos):
                return ("row", index)
        return None

    def handle(self, action: Action) -> object | None:
        """The rules action chosen, or None. Releases only matter to the mouse."""
        name = action.name
        if name in (POINT, CLICK):
            return self._pointer(action)
        if not action.pressed:
            return None
        if name in ("up", "down"):
            self.move(-1 if name == "up" else 1)
        elif name in ("left", "right"):
            self.nudge(-1 if name == "left" else 1)
        elif name == "confirm":
            return self.pick()
        elif name == "back":
            self.back()
        return None

    def _pointer(self, action: Action) -> object | None:
        if action.pos is None:
            return None
        hit = self.at(action.pos)
        if hit is None:
            return None
        what, index = hit
        if action.name == POINT:
            if what == "row":
                self.level.selected = index
            return None
        if not action.pressed:
            return None
        self.level.selected = index
        if what == "minus":
            self.nudge(-1)
            return None
        if what == "plus":
            self.nudge(1)
            return None
        return self.pick(index)

    # -- drawing ------------------------------------------------------------------------------

    def exit_pinned(self, shown: int) -> bool:
        """Whether the way out (the last row: Back, End, Seal, Pass, Done, Stop) is pinned
        below a scrolling list, so it stays visible however long the list."""
        level = self.level
        return len(level.options) > shown and is_exit(level.options[-1])

    def row_h(self, fonts: Fonts, width: int) -> int:
        """The height of this list's rows at `width`: every row of a list alike, tall
        enough for the longest label (up to two lines) and detail (up to three)."""
        level = self.level
        key = (id(level), width,
               tuple((o.label, o.detail, o.adjust is not None, o.icon is not None)
                     for o in level.options))
        if self._row_h[0] != key:
            labels, details = 1, 1
            for option in level.options:
                lab, det = _row_text(fonts, option, width)
                labels, details = max(labels, len(lab)), max(details, len(det))
            self._row_h = (key, row_height(fonts) + fonts.scaled(LABEL_LINE) * (labels - 1)
                           + fonts.scaled(DETAIL_LINE) * (details - 1))
        return self._row_h[1]

    def draw(self, canvas: pygame.Surface, fonts: Fonts, rect: pygame.Rect,
             shown: int = ROWS) -> None:
        """`shown` rows inside `rect`, a window that follows the cursor; rows grow with
        the text size and wrap long texts (`row_h`). When the list scrolls, its way out
        is pinned as the last row."""
        row_h = self.row_h(fonts, rect.w)
        level = self.level
        count = len(level.options)
        pinned = self.exit_pinned(shown)
        window = shown - 1 if pinned else shown  # rows that scroll
        scrolled = count - 1 if pinned else count
        if level.selected < scrolled:
            if level.selected < level.top:
                level.top = level.selected
            elif level.selected >= level.top + window:
                level.top = level.selected - window + 1
        level.top = max(0, min(level.top, scrolled - window)) if scrolled > window else 0
        self.rows, self.minus, self.plus = [], {}, {}
        indices = list(range(level.top, min(scrolled, level.top + window)))
        if pinned:
            indices.append(count - 1)
        for row, index in enumerate(indices):
            box = pygame.Rect(rect.x, rect.y + row * row_h, rect.w, row_h - 8)
            self._row(canvas, fonts, box, index, level.options[index],
                      index == level.selected)
            self.rows.append((box, index))
        if level.top > 0:
            _arrow(canvas, (rect.right - 14, rect.y - 10), up=True)
        if level.top + window < scrolled:
            _arrow(canvas, (rect.right - 14, rect.y + window * row_h - 2), up=False)

    def _row(self, canvas: pygame.Surface, fonts: Fonts, box: pygame.Rect, index: int,
             option: Option, selected: bool) -> None:
        if not option.enabled:
            fill, ink, sub = PANEL, MUTED, MUTED
        elif selected:
            fill, ink, sub = GOLD, INK, INK
        else:
            fill, ink, sub = PANEL_LIGHT, WHITE, CREAM
        draw.box(canvas, box, fill, outline=WHITE if selected else INK, radius=16, shadow=4)
        right = box.right - 10
        top = pygame.Rect(box.x, box.y + 4, box.w, fonts.scaled(38))  # the label's line
        if option.adjust is not None:
            plus = pygame.Rect(0, 0, fonts.scaled(44), fonts.scaled(36))
            plus.midright = (right, top.centery)
            minus = plus.move(-plus.w - 8, 0)
            for r, sign, ok in ((minus, "−", option.adjust.index > 0),
                                (plus, "+", option.adjust.index < len(option.adjust.values)
                                 - 1)):
                draw.box(canvas, r, CREAM if ok else PANEL, radius=10, shadow=3, width=3)
                draw.text(canvas, fonts.ui(30, "display"), sign, r.center, INK if ok else MUTED)
            self.minus[index], self.plus[index] = minus, plus
        if option.icon is not None:
            icon = option.icon.get_rect(midright=(right, box.centery))
            canvas.blit(option.icon, icon)
        labels, details = _row_text(fonts, option, box.w)
        label_font, y = fonts.ui(26), top.centery
        for line in labels:
            draw.text(canvas, label_font, line, (box.x + 16, y), ink, anchor="midleft")
            y += fonts.scaled(LABEL_LINE)
        y = box.y + fonts.scaled(37) + fonts.scaled(LABEL_LINE) * (len(labels) - 1) \
            + (5 if option.adjust is not None else 0)  # clear of the − / + buttons
        for line in details:
            draw.text(canvas, fonts.ui(24), line, (box.x + 16, y), sub, anchor="topleft")
            y += fonts.scaled(DETAIL_LINE)


LABEL_LINE, DETAIL_LINE = 32, 28  # the extra height of a second label or detail line
EXITS = ("back", "end", "seal", "pass")


def is_exit(option: Option) -> bool:
    """The row that leaves the step (Back, End ..., Seal the budget, Play no more cards)."""
    return option.back or option.key in EXITS


def _row_text(fonts: Fonts, option: Option, width: int) -> tuple[list[str], list[str]]:
    """An option row's label (up to two lines) and detail (up to three) at `width`,
    wrapped; only a text longer than that is cut with "…"."""
    room = width - 24
    label_room = room
    if option.adjust is not None:
        label_room -= 2 * fonts.scaled(44) + 16
    if option.icon is not None:
        label_room -= option.icon.get_width() + 8
        room -= option.icon.get_width() + 8
    label_font, detail_font = fonts.ui(26), fonts.ui(24)
    labels = _lines(label_font, option.label, label_room, 2)
    details = _lines(detail_font, option.detail, room, 3) if option.detail else []
    return labels, details


def _lines(font: pygame.font.Font, text: str, width: int, most: int) -> list[str]:
    lines = draw.wrap(font, text, width) or [""]
    if len(lines) > most:
        lines = lines[:most - 1] + [_fit(font, " ".join(lines[most - 1:]), width)]
    return [_fit(font, line, width) for line in lines]


class Painted:
    """A panel painted once on its own surface and blitted each frame until `key`
    changes (text rendering and rounded boxes cost more than a frame can spare), or the
    text size or palette does (the theme says so)."""

    MARGIN = 14  # room for the outline and the drop shadow

    def __init__(self) -> None:
        self.key: object = None
        self.surface: pygame.Surface | None = None
        self.offset = (0, 0)  # panel-surface coordinates -> canvas coordinates
        THEME.on_change(self._restyle)

    def _restyle(self, theme: Theme) -> None:
        """A new text size or palette: painted again at the next blit."""
        self.key = None

    def blit(self, canvas: pygame.Surface, key: object, rect: pygame.Rect,
             paint: Callable[[pygame.Surface, pygame.Rect], None]) -> bool:
        """Blit the panel for `key` at `rect`; True when it was painted afresh."""
        fresh = key != self.key or self.surface is None
        m = self.MARGIN
        if fresh:
            size = (rect.w + 2 * m, rect.h + 2 * m)
            if self.surface is None or self.surface.get_size() != size:
                self.surface = pygame.Surface(size, pygame.SRCALPHA)
            else:  # repainted in place: a fresh panel per cursor move churned the C heap
                self.surface.fill((0, 0, 0, 0))
            paint(self.surface, pygame.Rect(m, m, rect.w, rect.h))
            self.key = key
        self.offset = (rect.x - m, rect.y - m)
        canvas.blit(self.surface, self.offset)
        return fresh


def row_height(fonts: Fonts) -> int:
    """An option row's height (label and detail lines) at the text size."""
    return fonts.scaled(ROW_H)


def panel_width() -> int:
    """The decision panel's width: it grows with the text size, a little slower than the
    text (which wraps more), so the product it talks about mostly stays in sight."""
    return round(PANEL_W * (1 + (THEME.text_scale - 1) * 0.8))


def _fit(font: pygame.font.Font, text: str, width: int) -> str:
    """`text` cut with "…" to fit `width` px (the full text is in the how-line)."""
    return draw.clip(font, text, width)


def _arrow(canvas: pygame.Surface, tip: tuple[int, int], up: bool) -> None:
    x, y = tip
    d = -1 if up else 1
    points = [(x, y + 12 * d), (x - 12, y - 2 * d), (x + 12, y - 2 * d)]
    pygame.draw.polygon(canvas, GOLD, points)
    pygame.draw.polygon(canvas, INK, points, 3)


class Decision:
    """One human seat's answer to the rules: a panel of options over the table.

    ready: an answer already given (in a beat, or queued by an earlier step): the scene
        applies it at once and shows nothing. highlight: products to light on the table.
    """

    secret = False  # True: options only behind the held curtain (F13)
    what = "choice"  # the curtain's word for the secret ("hand", "chips", ...)
    stage = ""
    queued = False  # `ready` was queued by the answer before (one answer, several steps)
    take_back: str | None = None  # "Take back: hire Nerd for B" (X), when the seat may
    next: Decision | None = None  # the panel this one hands over to without a rules action

    def __init__(self, ctx: Ctx, seat: int, title: str, how: str, options: list[Option],
                 facts: list[str] | None = None) -> None:
        self.ctx, self.seat = ctx, seat
        self.title, self.how = title, how
        self.facts = facts or []
        self.choices = Choices(options, title)
        self.choices.restore(ctx.memory.get((self.stage, seat), ()))
        self.curtain = Curtain()
        self.ready: object | None = None
        self.focus: frozenset[str | int] = frozenset()  # what the panel must not cover
        self.device = KEYBOARD  # the device used last: its bar and glyphs
        self.t = 0.0
        self.rect = pygame.Rect(0, 0, PANEL_W, 0)
        self.cache = Painted()
        self.hand: list[str] | None = None  # the seat's own hand, shown while Y is held
        self.note = ""  # in place of the how-line: what a tutorial asks for here
        self.note_colour: Color = MINT
        self._wrapped: tuple[str | None, list[str]] = (None, [])  # how-line -> its lines
        THEME.on_change(self._restyle)

    def _restyle(self, theme: Theme) -> None:
        """A new text size: the how-line is wrapped again (the panel repaints itself)."""
        self._wrapped = (None, [])

    # -- what the scene reads ----------------------------------------------------------------

    @property
    def highlight(self) -> frozenset[str | int]:
        if self.secret and not self.curtain.open:
            return frozenset()
        return self.choices.current.slots

    @property
    def bar(self) -> PromptBar:
        mouse = self.device == MOUSE
        if self.secret and not self.curtain.open:
            return PromptBar([("Press and hold", "Look (others look away)")] if mouse
                             else [("y", "Hold to look (others look away)")])
        if mouse:
            items = [("Click", "Choose"), ("− / +", "Change"), ("Right-click", "Back")]
        else:
            items = [("updown", "Choose"), ("confirm", "Select")]
            if any(o.adjust for o in self.choices.level.options):
                items.insert(1, ("leftright", "Change"))
            if len(self.choices.levels) > 1:
                items.append(("back", "Back"))
            if self.hand is not None and not self.secret:
                items.append(("y", "Hold: your hand"))
            if self.secret:
                items.insert(0, ("y", "Keep holding"))
                if self.device not in (KEYBOARD, MOUSE):
                    items[-1 if len(self.choices.levels) == 1 else -2] = \
                        ("rshoulder", "Select")
        if self.take_back:  # (behind a curtain only while it is held open)
            items.append(("x", self.take_back))
        return PromptBar(items)

    # -- input -------------------------------------------------------------------------------

    def handle(self, action: Action) -> object | None:
        """The rules action chosen, or None."""
        if action.device:
            self.device = action.device
        if action.name == "x" and action.pressed and self.take_back \
                and (self.curtain.open or not self.secret):
            self.curtain.close()
            return TAKE_BACK
        if self.secret:
            return self._handle_secret(action)
        if action.name == LOOK and self.hand is not None:
            self.curtain.handle(action)  # hold Y: one's own hand, over the panel (F13)
            return None
        if self.curtain.open:
            return None  # nothing is chosen while the hand is shown
        if action.name == CLICK and action.pressed and action.pos is not None \
                and TABLE.collidepoint(action.pos) and not self.rect.collidepoint(action.pos):
            self._pick_on_table(action.pos)
            return None
        return self._choose(self.choices.handle(action))

    def _pick_on_table(self, pos: tuple[int, int]) -> None:
        """A click on a product of the table selects the first option about it."""
        slot = self.ctx.view.product_at(pos)
        level = self.choices.level
        hit = next((i for i, o in enumerate(level.options) if slot in o.slots), None)
        if slot is not None and hit is not None:
            level.selected = hit

    def _handle_secret(self, action: Action) -> object | None:
        """Behind the curtain: nothing moves unless it is held open.

        Pad players hold Y with the right thumb, so a shoulder button also selects; a
        mouse player presses on the cover, slides to an option and lets go on it.
        """
        if action.name == CLICK and action.device == MOUSE and not action.pressed \
                and self.curtain.open and action.pos is not None:
            hit = self.choices.at(action.pos)
            self.curtain.handle(action)
            if hit is not None:
                what, index = hit
                self.choices.level.selected = index
                if what in ("minus", "plus"):
                    self.choices.nudge(-1 if what == "minus" else 1)
                    return None
                return self._choose(self.choices.pick(index))
            return None
        if self.curtain.handle(action):
            return None
        if not self.curtain.open:
            return None
        if action.name in ("rshoulder", "lshoulder") and action.pressed:
            return self._choose(self.choices.pick())
        if action.name == CLICK:
            return None  # the mouse chooses by releasing, above
        return self._choose(self.choices.handle(action))

    def _choose(self, chosen: object | None) -> object | None:
        self.ctx.memory[(self.stage, self.seat)] = self.choices.path()
        if chosen is not None:
            chosen = self.chosen(chosen)
        if chosen is not None:
            self.curtain.close()
        return chosen

    def chosen(self, action: object) -> object | None:
        """Hook: a decision may turn a pick into several steps (queue the rest)."""
        return action

    def update(self, dt: float) -> None:
        self.t += dt

    # -- drawing -----------------------------------------------------------------------------

    def place(self) -> pygame.Rect:
        """The panel, on the side of the table away from what it talks about."""
        fonts = self.ctx.fonts
        height = fonts.scaled(HEADER) + 14 + fonts.scaled(34) * len(self._how()) \
            + fonts.scaled(32) * len(self.facts) + 12 + self._shown() * self._row_h() + 10
        self.rect.size = (panel_width(), height)
        spots = [self.ctx.view.product_rect(s) if isinstance(s, str) else
                 self.ctx.view.panel_rect(s) for s in self.highlight | self.focus]
        spots += list(self.choices.current.spots)
        left = True
        on_table = [r for r in spots if r.colliderect(TABLE)]
        if on_table:
            middle = sum(r.centerx for r in on_table) / len(on_table)
            left = middle > TABLE.centerx
        self.rect.x = TABLE.x + 16 if left else TABLE.right - self.rect.w - 16
        self.rect.centery = TABLE.centery
        return self.rect

    def _how(self) -> list[str]:
        """The "how this step works" line of the list shown, wrapped."""
        how = self.note or self.choices.level.how or self.how
        fonts = self.ctx.fonts
        if self._wrapped[0] != how:
            lines = draw.wrap(fonts.ui(24), how, panel_width() - 40)
            room = TABLE.h - 24 - (fonts.scaled(HEADER) + 36 + fonts.scaled(32) *
                                   len(self.facts) + 2 * self._row_h())
            most = max(1, room // fonts.scaled(34))  # two option rows always fit below
            if len(lines) > most:
                lines = lines[:most - 1] + [_fit(fonts.ui(24), " ".join(lines[most - 1:]),
                                                 panel_width() - 40)]
            self._wrapped = (how, lines)
        return self._wrapped[1]

    def _shown(self) -> int:
        """Option rows that fit: up to ROWS, fewer when the text above is long."""
        fonts = self.ctx.fonts
        room = TABLE.h - 24 - (fonts.scaled(HEADER) + 36 + fonts.scaled(34) * len(self._how())
                               + fonts.scaled(32) * len(self.facts))
        count = len(self.choices.level.options)
        return min(count, max(2, min(ROWS, room // self._row_h())))

    def _row_h(self) -> int:
        return self.choices.row_h(self.ctx.fonts, panel_width() - 32)

    def draw(self, canvas: pygame.Surface) -> None:
        """The panel (or the closed curtain), repainted only when something in it changed:
        a frame is then one blit and the pulsing ring."""
        if self.secret and not self.curtain.open:
            cover = pygame.Rect(0, 0, *COVER)
            cover.center = TABLE.center
            self.curtain.area = cover
            style = self.ctx.style(self.device)
            self.cache.blit(canvas, ("cover", style), cover, lambda surface, r: draw_cover(
                surface, self.ctx.fonts, r, self.ctx.name(self.seat),
                self.ctx.colour(self.seat), self.what, style))
            return
        rect = self.place()
        self.curtain.area = rect
        if self.curtain.open and self.hand is not None and not self.secret:
            peek = pygame.Rect(0, 0, *HAND_PANEL)
            peek.center = TABLE.center
            self.cache.blit(canvas, ("hand", tuple(self.hand)), peek, self._paint_hand)
            return
        self._draw_marks(canvas)
        level = self.choices.level
        key = ("panel", rect.topleft, rect.size, len(self.choices.levels), level.selected,
               level.top, tuple(self.facts), self.note, self.note_colour,
               tuple((o.label, o.detail, o.enabled) for o in level.options))
        if self.cache.blit(canvas, key, rect, self._paint):
            self.choices.shift(self.cache.offset)
        self.draw_extra(canvas)

    def _paint_hand(self, canvas: pygame.Surface, rect: pygame.Rect) -> None:
        hand_panel(canvas, self.ctx.fonts, rect, f"{self.ctx.name(self.seat)}'s hand",
                   self.ctx.colour(self.seat), self.hand or [])

    def _paint(self, canvas: pygame.Surface, rect: pygame.Rect) -> None:
        fonts = self.ctx.fonts
        draw.box(canvas, rect, PANEL, radius=24, shadow=10, width=5)
        band = pygame.Rect(rect.x, rect.y, rect.w, fonts.scaled(HEADER)).inflate(-10, -10)
        pygame.draw.rect(canvas, self.ctx.colour(self.seat), band, border_top_left_radius=20,
                         border_top_right_radius=20)
        title = self.choices.level.title if len(self.choices.levels) > 1 else self.title
        font = fonts.fit("display", fonts.scaled(30), title, band.w - 30, 22)
        draw.text(canvas, font, title, band.center, INK)
        y = band.bottom + 14
        for line in self._how():
            draw.text(canvas, fonts.ui(24), line, (rect.x + 20, y),
                      self.note_colour if self.note else CREAM, anchor="topleft")
            y += fonts.scaled(34)
        for fact in self.facts:
            draw.text(canvas, fonts.fit("body", fonts.scaled(24), fact, rect.w - 40), fact,
                      (rect.x + 20, y), GOLD, anchor="topleft")
            y += fonts.scaled(32)
        shown = self._shown()
        self.choices.draw(canvas, fonts, pygame.Rect(rect.x + 16, y + 12, rect.w - 32,
                                                     shown * self._row_h()), shown)

    def draw_extra(self, canvas: pygame.Surface) -> None:
        """Hook: a decision may add to its panel (the hand behind the curtain)."""

    def _draw_marks(self, canvas: pygame.Surface) -> None:
        """Ring the cell the selected option talks about (the table view lights its
    products and panels from `highlight`)."""
        pulse = 3 + round(2 * abs(((self.t * 2) % 2) - 1))
        for spot in self.choices.current.spots:
            pygame.draw.rect(canvas, WHITE, spot.inflate(8, 8), pulse, border_radius=10)


COVER = (600, 270)

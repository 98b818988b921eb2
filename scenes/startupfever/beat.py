"""The neutral "any cards?" beat (RULES.md F11, F13): windows that never tell a hand.

The rules ask every seat holding any card at a card window (`state.window_seats`, in the
window's order), and the target of a card for Defense whenever it holds any card: who
is asked depends on hand sizes alone. A seat with nothing playable can only pass, and a
person must not be seen answering only when they could play. So, with two or more people
at the table, the scene holds one beat for the people the rules ask, the same whatever
the hands hold, and then answers the rules' questions from it (`answered`):

- `WindowBeat`, on a rules `WindowOpened` event: every human seat the rules ask there
  (`asked`: the people holding any card) gets a row and one short countdown runs. A seat answers
  "pass" (confirm, or a click on Pass) or looks at its hand behind the curtain (hold
  Y / C / press and hold) and says "I'll play". The beat ends at once when every human
  seat has answered (X: "all pass", one press for the table), or when the countdown
  runs out (no answer = pass). The countdown waits while a curtain is open. Rows show
  only "answered", never which answer.
- A phone seat's row (`ctx.phones`) is answered on its phone alone (`PhoneLink`): no
  device at the TV selects it, answers it or opens its curtain, and "all pass" skips it.
  Until the phone answers, the row says "on the phone", whatever the hand holds.
- One question per product turn: the beat at a product turn's first window (adoption)
  asks about the whole turn. A seat that passes there passes silently in the turn's
  later windows (revenue, manage, user loss); only the seats that said "I'll play" get
  a row at those windows. Whether a later beat opens, and whose rows it has, depends
  on the answers alone, never on a hand. Year-end windows each hold their own beat.
- `DefenseBeat`, on a `CardPlayed` when the rules ask a human target for Defense and it
  has a Suit (public facts): the target's row alone, with the same countdown; behind its
  curtain it sees whether it holds Defense and answers. Without a Suit its only answer
  is "no Defense", given at once.
- `ResumeBeat`: a continued game (the title's Continue) opens with one beat for every
  person holding a card, wherever the save stood, so whether the game resumes in a
  card window (someone may play) shows in nothing; it counts as the turn's question.

Afterwards the rules ask each seat of the window in turn and `answered` (read by
`decisions.decision_for` for the TV and by the phones' source) answers from the beat: a
question with one legal answer (nothing playable: `Pass()`; no Defense: `Defend(False)`)
at once, a seat that passed passes again, a seat that wants to play gets its card
decision (behind the curtain), a Defense is applied as answered. None of it costs a frame.
Computers decide silently and never appear in a beat.

A passive table (`passive_table`: two or more people at the TV, no phone seat) holds the
same beats without asking anyone: a window waits a short fixed time (`PASSIVE_SECONDS`,
riding on the animation already playing) for a card button. A bound pad's card button
says its seat will play; a shared device's shows the rows, where a person picks their
own row ("I'll play", no curtain there). The rows nobody picks pass a moment later. A
seat that picked gets its card decision behind the curtain once, whatever its hand
holds (it may pass there). Asked again in a window where they played a card (they hold
a card still: public), a person gets `AgainBeat`, the same short wait for them alone.

With ONE person at the table (everyone else a computer) no beat is held: the computers
read only their own observation, so the person's prompts tell nobody anything: the
person sees a card decision only when they hold a card playable there, at once.
`settings.ask_only_when_playable` (off by default) does the same with several people:
faster, and it leaks a little (a prompt means a card).

Hand sizes are public (RULES.md: observations and the table show every hand's size), so
skipping a beat when no person holds any card at all tells nothing new.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.startupfever import cardhelp
from game.startupfever import events as ev
from game.startupfever.actions import Defend, Pass
from game.startupfever.cards import (
    ADOPTION,
    CARDS,
    MANAGE,
    PLAYABLE_IN,
    REVENUE,
    USER_LOSS,
)
from game.startupfever.stages import Stage
from scenes.engine import draw
from scenes.engine.input import CLICK, KEYBOARD, MOUSE, POINT, Action
from scenes.engine.palette import CREAM, GOLD, INK, MINT, MUTED, PANEL, PANEL_LIGHT, WHITE
from scenes.engine.theme import THEME
from scenes.engine.widgets import PromptBar
from scenes.startupfever.choices import TABLE, Ctx, Painted
from scenes.startupfever.curtain import HAND_PANEL, Curtain, hand_panel

BEAT_SECONDS = 2.5  # the countdown, the same for every window and every hand
PASSIVE_SECONDS = 0.7  # a passive window: how long it waits for a card button (Y / C),
# at the animation's pace (it rides on what is playing)
DEFENSE_SECONDS = 1.6  # ... and for the target of a card to reach for Defense
STRIP_H = 34  # the passive window's strip over the log's legend line
MUTED_TEXT = (196, 186, 230)  # the how-line: quieter than CREAM, still 7:1 on PANEL
ROW = 62
WIDTH = 640
FOREIGN = -1  # a device bound to a seat that is not asked in this beat
PHONE_WAIT = "on the phone…"  # a phone seat's row until its phone answers
PHONE_AWAY = "phone away…"  # its phone has gone (the computer steps in after a while)


PASS = Pass()
PICKED = "picked"  # `ctx.plan`: a seat that picked its row in a passive window (`pick`)
OPENED = "opened"  # `ctx.plan`: (OPENED, hand size) for a seat whose card decision in
# this window has opened; asked again with fewer cards (one played): "another card?"

#: The windows of a product turn: the first one's beat asks about the whole turn.
TURN_WINDOWS = (ADOPTION, REVENUE, MANAGE, USER_LOSS)


def people(ctx: Ctx) -> list[int]:
    """The seats people play now (not those the computer stands in for)."""
    return [i for i, s in enumerate(ctx.seats) if s.human and i not in ctx.computers]


def passive_table(ctx: Ctx) -> bool:
    """Card windows that cost nothing: two or more people at the TV and no phone seat.
    A window then waits a short fixed time (`PASSIVE_SECONDS`, riding on the animation
    already playing) for a person to press the card button; nobody has to answer."""
    return len(people(ctx)) >= 2 and not ctx.phones and not ask_only_when_playable(ctx)


def ask_only_when_playable(ctx: Ctx) -> bool:
    """No beats: the setting, or a table with one person only (nothing to hide)."""
    return bool(getattr(ctx.settings, "ask_only_when_playable", False)) or \
        len(people(ctx)) <= 1


class Beat:
    """A countdown with one row per asked human seat and a curtain per row."""

    rule = "Every person is asked, whatever they hold."
    HOLD_WORDS = "Hold: play a card"  # a passive beat's bar: the card button, and X
    NONE_WORDS = "Nobody plays"

    def __init__(self, ctx: Ctx, seats: list[int], title: str, how: str) -> None:
        self.ctx, self.seats, self.title, self.how = ctx, seats, title, how
        self.answers: dict[int, bool] = {}  # seat -> wants to play / to defend
        self.left = BEAT_SECONDS
        tv = [i for i, seat in enumerate(seats) if not self.on_phone(seat)]
        self.selected = tv[0] if tv else 0  # a row the TV answers, when there is one
        self.choice = 0  # behind the curtain: 0 = play / defend, 1 = pass / let it be
        self.curtain = Curtain()
        self.device = KEYBOARD
        self.rect = pygame.Rect(0, 0, WIDTH, 0)
        self.shown = pygame.Rect(0, 0, 0, 0)  # what the last frame drew: rows or the hand
        self.rows: list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]] = []  # row, look, pass
        self.buttons: list[pygame.Rect] = []  # behind the curtain: the two answers
        self.cache = Painted()
        self.passive = False  # a passive window (`passive_table`): nobody must answer
        self.opened = True  # a passive window shows its rows once a card button is pressed
        self.picks = False  # its rows say only who will play (no curtain): `pick`

    def make_passive(self, seconds: float = 0.0) -> None:
        """Wait `seconds` (`PASSIVE_SECONDS`) for a card button, the rows hidden until it
        is pressed."""
        if self.seats:
            self.passive, self.opened = True, False
            self.left = self.passive_seconds = seconds or PASSIVE_SECONDS

    def open_rows(self) -> None:
        """A card button in a passive window: its rows show, with time enough to look
        and answer (the whole countdown)."""
        self.opened = True
        self.left = max(self.left, BEAT_SECONDS)
        self.cache = Painted()

    def pick(self, seat: int) -> None:
        """A passive window's row picked (`picks`): `seat` will play; its card decision,
        behind the curtain, follows (it may still pass there). The rows nobody picked
        wait a passive window's time more, then pass: nobody else must press."""
        self.answer(seat, True)
        self.left = min(self.left, self.passive_seconds)
        self.cache = Painted()

    # -- state ---------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return not self.seats or self.left <= 0 or len(self.answers) == len(self.seats)

    @property
    def seat(self) -> int:
        return self.seats[self.selected]

    def on_phone(self, seat: int) -> bool:
        """A phone seat: its phone answers its row, never a device at the TV."""
        return seat in self.ctx.phones

    def answer(self, seat: int, play: bool) -> None:
        self.answers[seat] = play
        self.record(seat, play)
        self.curtain.close()
        undecided = [i for i, s in enumerate(self.seats)
                     if s not in self.answers and not self.on_phone(s)]
        if undecided:
            self.selected = undecided[0]

    def record(self, seat: int, play: bool) -> None:
        """Write the answer where `decision_for` reads it."""

    def finish(self) -> None:
        """Time is up: every seat that did not answer passes."""
        for seat in self.seats:
            if seat not in self.answers:
                self.answer(seat, False)

    def all_pass(self) -> None:
        """X at the TV: every row the TV answers passes; phone seats answer on their phones."""
        for seat in self.seats:
            if seat not in self.answers and not self.on_phone(seat):
                self.answer(seat, False)

    def can_play(self, seat: int) -> bool:
        """Behind the curtain only: may this seat answer "play"?"""
        return False

    def hand_marks(self, seat: int) -> frozenset[str]:
        return frozenset()

    # -- input -----------------------------------------------------------------------------

    def wants(self, action: Action) -> bool:
        """Whether this beat takes `action`: a passive window with its rows hidden takes
        only the card button (Y / C, or a click on its strip) and X; every other press
        goes to the table (fast, skip, the field cursor) as if no beat were open."""
        if not self.passive or self.opened:
            return True
        if action.name == CLICK:
            return action.pos is not None and self.shown.collidepoint(action.pos)
        return action.name in ("y", "x")

    def handle(self, action: Action) -> None:
        if self.done:
            return
        if self.passive and not self.opened:
            if not action.pressed:
                return
            if action.name == "x":
                if self._own_row(action.device) is None:  # as "all pass" with rows
                    self.all_pass()
                return
            if action.name not in ("y", CLICK):
                return
            own = self._own_row(action.device)
            if self.picks and own is not None:
                if own != FOREIGN and self.seats[own] not in self.answers:
                    self.pick(self.seats[own])  # a pad bound to an asked seat: it plays
                return
            self.open_rows()
            if action.name == CLICK or self.picks:
                return
        own = self._own_row(action.device)
        if own == FOREIGN:
            return  # a pad bound to a seat not asked here answers nothing
        if self.picks:
            self._pick_rows(action, own)
            return
        if self.curtain.open:
            if self._holder(action.device):
                self._behind(action)
            return
        if action.device:
            self.device = action.device
        if own is not None:
            self.selected = own  # a bound device answers its own seat's row only
        elif not self._may(self.seat, action.device):
            free = [i for i, seat in enumerate(self.seats) if seat not in self.answers
                    and self._may(seat, action.device)]
            if not free:
                return  # every row left is someone else's pad's
            self.selected = free[0]
        if action.name == CLICK and action.pos is not None and action.pressed:
            for i, (_row, look, skip) in enumerate(self.rows):
                if (own is not None and i != own) or not self._may(self.seats[i],
                                                                   action.device):
                    continue
                if skip.collidepoint(action.pos) and self.seats[i] not in self.answers:
                    self.answer(self.seats[i], False)
                    return
                if look.collidepoint(action.pos) and self.seats[i] not in self.answers:
                    self.selected = i
                    self.choice = 0
                    self.curtain.area = look
                    self.curtain.handle(action)
                    return
            return
        if action.name == POINT and action.pos is not None:
            for i, (row, _look, _skip) in enumerate(self.rows):
                if row.collidepoint(action.pos) and own is None and \
                        self._may(self.seats[i], action.device):
                    self.selected = i
            return
        if not action.pressed and action.name != "y":
            return
        if action.name in ("up", "down") and len(self.seats) > 1 and own is None:
            step = 1 if action.name == "down" else -1
            for _ in self.seats:  # to the next row this device may answer
                self.selected = (self.selected + step) % len(self.seats)
                if self._may(self.seat, action.device):
                    break
        elif action.name == "confirm" and self.seat not in self.answers:
            self.answer(self.seat, False)
        elif action.name == "x" and action.pressed and own is None:
            self.all_pass()  # the table agrees out loud: one press, the phones still asked
        elif action.name == "y" and action.pressed and self.seat not in self.answers:
            self.choice = 0 if self.can_play(self.seat) else 1
            self.curtain.handle(action)

    def _pick_rows(self, action: Action, own: int | None) -> None:
        """A passive window's rows, opened by a shared device's card button: up / down
        choose the row, confirm (or Y, or a click on Play) says that seat plays, Pass or
        X pass; a row nobody picks passes when the time is up."""
        if action.device:
            self.device = action.device
        if own is not None:
            self.selected = own
        if action.name == CLICK and action.pos is not None and action.pressed:
            for i, (_row, play, skip) in enumerate(self.rows):
                seat = self.seats[i]
                if (own is not None and i != own) or seat in self.answers or \
                        not self._may(seat, action.device):
                    continue
                if play.collidepoint(action.pos):
                    self.pick(seat)
                elif skip.collidepoint(action.pos):
                    self.answer(seat, False)
            return
        if action.name == POINT and action.pos is not None:
            for i, (row, _play, _skip) in enumerate(self.rows):
                if row.collidepoint(action.pos) and own is None and \
                        self._may(self.seats[i], action.device):
                    self.selected = i
            return
        if not action.pressed:
            return
        if action.name in ("up", "down") and len(self.seats) > 1 and own is None:
            step = 1 if action.name == "down" else -1
            for _ in self.seats:
                self.selected = (self.selected + step) % len(self.seats)
                if self._may(self.seat, action.device):
                    break
        elif action.name in ("confirm", "y") and self.seat not in self.answers and \
                self._may(self.seat, action.device):
            self.pick(self.seat)
        elif action.name == "back" and self.seat not in self.answers:
            self.answer(self.seat, False)
        elif action.name == "x" and own is None:
            self.all_pass()

    def _own_row(self, device: str) -> int | None:
        """With seats bound to devices (the lobby, `ctx.devices`): the row of the seat
        `device` plays, FOREIGN for a seat not asked here; None for a shared device."""
        devices = self.ctx.devices
        seat = devices.seat_of(device) if devices is not None and device else None
        if seat is None:
            return None
        return self.seats.index(seat) if seat in self.seats else FOREIGN

    def _may(self, seat: int, device: str) -> bool:
        """A shared device answers the seats no pad is bound to; no device at the TV
        answers a phone seat."""
        if self.on_phone(seat):
            return False
        devices = self.ctx.devices
        return devices is None or devices.may_answer(seat, device)

    def _holder(self, device: str) -> bool:
        """Only the hands that opened the curtain work behind it (keyboard and mouse are
        one person's)."""
        hands = {KEYBOARD if d == MOUSE else d for d in self.curtain.holding}
        return (KEYBOARD if device == MOUSE else device) in hands

    def _behind(self, action: Action) -> None:
        """The curtain is held: choose between the two answers; release closes."""
        if action.name == CLICK and not action.pressed and action.device == MOUSE:
            hit = next((i for i, b in enumerate(self.buttons)
                        if action.pos is not None and b.collidepoint(action.pos)), None)
            self.curtain.handle(action)
            if hit is not None and (hit == 1 or self.can_play(self.seat)):
                self.answer(self.seat, hit == 0)
            return
        if self.curtain.handle(action):
            return
        if action.name == POINT and action.pos is not None:
            for i, b in enumerate(self.buttons):
                if b.collidepoint(action.pos):
                    self.choice = i
            return
        if not action.pressed:
            return
        if action.name in ("up", "down", "left", "right") and self.can_play(self.seat):
            self.choice = 1 - self.choice
        elif action.name in ("confirm", "rshoulder", "lshoulder") and \
                (self.choice == 1 or self.can_play(self.seat)):
            self.answer(self.seat, self.choice == 0)

    def update(self, dt: float) -> None:
        if self.done or self.curtain.open:
            return
        self.left -= dt * self.ctx.settings.anim_speed
        if self.left <= 0:
            self.finish()

    # -- drawing -----------------------------------------------------------------------------

    @property
    def bar(self) -> PromptBar:
        if self.passive and not self.opened:
            return PromptBar([("y", "Play a card" if self.picks else self.HOLD_WORDS),
                              ("x", self.NONE_WORDS), ("rshoulder", "Hold: fast ×4")])
        if self.picks:
            if self.device == MOUSE:
                return PromptBar([("Click", "Play or Pass")])
            items = [("confirm", "I'll play"), ("back", "Pass"), ("x", "Nobody else")]
            if len(self.seats) > 1 and self._own_row(self.device) is None:
                items[:0] = [("updown", "Who")]
            return PromptBar(items)
        if self.device == MOUSE:
            return PromptBar([("Click", "Pass"), ("Press and hold", "Look at your hand")])
        if self.curtain.open:
            return PromptBar([("y", "Keep holding"), ("updown", "Choose"),
                              ("confirm" if self.device == KEYBOARD else "rshoulder",
                               "Answer")])
        tv = [seat for seat in self.seats if not self.on_phone(seat)]
        if not tv:  # every row is answered on a phone
            return PromptBar([("pause", "Pause")])
        items = [("confirm", "Pass"), ("y", "Hold: look at your hand")]
        if len(tv) > 1:
            items[:0] = [("updown", "Who")]
        if len(self.seats) > 1 and self._own_row(self.device) is None:
            items.append(("x", "All pass"))  # only a device with no seat may
        return PromptBar(items)

    def draw(self, canvas: pygame.Surface) -> None:
        """Painted once per change (answers, selection, curtain); the countdown live."""
        if self.done:
            return
        if self.passive and not self.opened:
            self._draw_strip(canvas)
            return
        if self.curtain.open:
            rect = pygame.Rect(0, 0, HAND_PANEL[0], HAND_PANEL[1] + 110)
            rect.center = TABLE.center
            self.shown = rect
            key = ("hand", self.seat, self.choice, tuple(self.hand(self.seat)))
            if self.cache.blit(canvas, key, rect, self._paint_hand):
                self.buttons = [b.move(self.cache.offset) for b in self.buttons]
            return
        rect, px = self.rect, self.ctx.fonts.scaled
        rect.size = (round(WIDTH * (1 + (THEME.text_scale - 1) / 2)),
                     px(182) + px(ROW) * len(self.seats))
        rect.midtop = (TABLE.centerx, TABLE.y + 70)
        rect.bottom = min(rect.bottom, TABLE.bottom - 8)  # six people at big text: a bit higher
        self.shown = rect.copy()
        key = ("rows", self.selected, tuple(sorted(self.answers)), rect.size)
        if self.cache.blit(canvas, key, rect, self._paint):
            self.rows = [tuple(r.move(self.cache.offset) for r in row) for row in self.rows]
        bar = pygame.Rect(rect.x + 24, rect.y + px(132), rect.w - 48, 16)
        pygame.draw.rect(canvas, INK, bar, border_radius=8)
        fill = bar.inflate(-4, -4)
        fill.w = round(fill.w * max(0.0, self.left) / BEAT_SECONDS)
        pygame.draw.rect(canvas, MINT, fill, border_radius=6)

    def _draw_strip(self, canvas: pygame.Surface) -> None:
        """A passive window: one slim strip over the log's legend line (the table and
        the animation playing stay in view), the same whatever anyone holds."""
        fonts = self.ctx.fonts
        log = self.ctx.view.place("log")
        rect = pygame.Rect(log.x, log.y, log.w, STRIP_H)
        self.shown = rect
        draw.box(canvas, rect, INK, outline=GOLD, radius=12, shadow=0, width=2)
        text = self.strip_words()
        font = fonts.fit("body", 22, text, rect.w - 24, 15)
        draw.text(canvas, font, text, (rect.x + 12, rect.centery - 2), GOLD,
                  anchor="midleft")
        bar = pygame.Rect(rect.x + 8, rect.bottom - 6, rect.w - 16, 4)
        bar.w = round(bar.w * max(0.0, self.left) / self.passive_seconds)
        pygame.draw.rect(canvas, MINT, bar, border_radius=2)

    def strip_words(self) -> str:
        press = "Press" if self.picks else "Hold"  # picking a row needs no curtain
        return f"{self.title} {press} Y (C) to play one"

    def _paint(self, canvas: pygame.Surface, rect: pygame.Rect) -> None:
        fonts, px, room = self.ctx.fonts, self.ctx.fonts.scaled, rect.w - 40
        draw.box(canvas, rect, PANEL, radius=24, shadow=10, width=5)
        draw.text(canvas, fonts.fit("display", px(34), self.title, room, 28), self.title,
                  (rect.centerx, rect.y + px(34)), GOLD, outline=2)
        for text, y, colour in ((self.how, 72, CREAM), (self.rule, 104, MUTED_TEXT)):
            draw.text(canvas, fonts.fit("body", px(24), text, room), text,
                      (rect.centerx, rect.y + px(y)), colour)
        self.rows = []
        for i, seat in enumerate(self.seats):
            row = pygame.Rect(rect.x + 20, rect.y + px(162) + px(ROW) * i, rect.w - 40,
                              px(ROW) - 8)
            self._draw_row(canvas, i, seat, row)

    def _draw_row(self, canvas: pygame.Surface, i: int, seat: int, row: pygame.Rect) -> None:
        fonts, px = self.ctx.fonts, self.ctx.fonts.scaled
        phone = self.on_phone(seat)
        selected = i == self.selected and seat not in self.answers and not phone
        draw.box(canvas, row, PANEL_LIGHT if not selected else (110, 92, 176),
                 outline=WHITE if selected else INK, radius=14, shadow=3)
        pygame.draw.circle(canvas, INK, (row.x + 26, row.centery), 14)
        pygame.draw.circle(canvas, self.ctx.colour(seat), (row.x + 26, row.centery), 11)
        look = pygame.Rect(0, 0, px(170), row.h - 12)
        skip = pygame.Rect(0, 0, px(110), row.h - 12)
        skip.midright = (row.right - 8, row.centery)
        look.midright = (skip.x - 10, row.centery)
        name = self.ctx.name(seat)
        draw.text(canvas, fonts.fit("body", px(28), name, look.x - 12 - (row.x + 50)), name,
                  (row.x + 50, row.centery), WHITE, anchor="midleft")
        self.rows.append((row, look, skip))
        if seat in self.answers:
            draw.text(canvas, fonts.ui(26), "answered", (row.right - 20, row.centery),
                      MINT, anchor="midright")
            return
        if phone:  # answered on the phone alone; the same words whatever it holds
            wait = PHONE_AWAY if self.ctx.away(seat) else PHONE_WAIT
            draw.text(canvas, fonts.fit("body", px(24), wait, skip.right - look.x),
                      wait, (row.right - 20, row.centery), CREAM, anchor="midright")
            return
        for r, label in ((look, "Play" if self.picks else "Hold: look"), (skip, "Pass")):
            draw.box(canvas, r, CREAM, radius=12, shadow=3)
            draw.text(canvas, fonts.fit("body", px(24), label, r.w - 16), label, r.center, INK)

    def _paint_hand(self, canvas: pygame.Surface, rect: pygame.Rect) -> None:
        """Behind the held curtain: the seat's hand and its two answers."""
        fonts = self.ctx.fonts
        seat = self.seat
        hand_panel(canvas, fonts, rect, f"{self.ctx.name(seat)}'s hand: {self.title}",
                   self.ctx.colour(seat), self.hand(seat), self.hand_marks(seat),
                   {card: self.why(seat, card) for card in self.hand(seat)})
        labels = self.answer_labels(seat)
        self.buttons = []
        for i, (label, enabled) in enumerate(labels):
            b = pygame.Rect(0, 0, 330, 70)
            b.midtop = (rect.centerx + (i * 2 - 1) * 175, rect.bottom - 110)
            lit = i == self.choice and enabled
            draw.box(canvas, b, GOLD if lit else (PANEL_LIGHT if enabled else PANEL),
                     outline=WHITE if lit else INK, radius=16, shadow=4)
            draw.text(canvas, fonts.body(26), label, b.center,
                      INK if lit else (WHITE if enabled else MUTED))
            self.buttons.append(b)

    def hand(self, seat: int) -> list[str]:
        return []

    def why(self, seat: int, card: str) -> str:
        """Why `card` cannot be played here (behind the curtain only)."""
        return ""

    def answer_labels(self, seat: int) -> list[tuple[str, bool]]:
        return [("Play a card", self.can_play(seat)), ("Pass", True)]


class WindowBeat(Beat):
    """Started on a `WindowOpened`; asks the human seats alike (module docstring)."""

    def __init__(self, event: Any, state: Any, ctx: Ctx, only: list[int] | None = None
                 ) -> None:
        self.event, self.state = event, state
        for seat in people(ctx) if only is None else only:
            ctx.plan.pop((Stage.WINDOW, seat), None)
        humans = asked(state, ctx) if only is None else only
        if ask_only_when_playable(ctx):
            humans = []  # the rules ask who can play; their decision opens at once
        window = event.window
        passive = passive_table(ctx)
        again = only is not None  # "another card?" (`AgainBeat`): this window once more
        self.whole_turn = window == ADOPTION and not passive and not again
        if self.whole_turn:
            for seat in people(ctx):
                ctx.plan.pop(("turn", seat), None)
        elif window in TURN_WINDOWS and not again:  # later in the turn: who said "I'll play"
            for seat in list(humans):
                if ctx.plan.get(("turn", seat)) is False:
                    ctx.plan[(Stage.WINDOW, seat)] = False
                    humans.remove(seat)
        slot = getattr(event, "slot", None)
        if self.whole_turn:
            turn = f" · {slot}'s turn" if slot else ""
            title, how = "Any cards this turn?", f"Cards for this product turn{turn}"
        else:
            title, how = "Any cards?", f"Cards {cardhelp.window_words(window, slot)}"
        if passive:
            title = "Any cards?"
        super().__init__(ctx, humans, title, how)
        if self.whole_turn:
            self.rule = "Every person is asked, whatever they hold. Pass: the whole turn."
        if passive:
            self.make_passive()
            self.picks = bool(self.seats)  # the rows say who plays; the hand shows next
            self.how = "Pick your row: your card, behind the curtain, comes next"
            self.rule = "Rows nobody picks pass in a moment: nobody else must press."

    def record(self, seat: int, play: bool) -> None:
        self.ctx.plan[(Stage.WINDOW, seat)] = PICKED if play and self.picks else play
        if self.whole_turn:
            self.ctx.plan[("turn", seat)] = play

    def _live(self) -> bool:
        """Is the state still at this window (else nobody can play in it any more)?"""
        s = self.state
        return s.stage == Stage.WINDOW and s.window == self.event.window and \
            s.current_slot == self.event.slot

    def hand(self, seat: int) -> list[str]:
        return list(self.state.players[seat].hand)

    def hand_marks(self, seat: int) -> frozenset[str]:
        hand = set(self.state.players[seat].hand)
        if self.whole_turn:  # any card of this turn's windows (behind the curtain only)
            return frozenset(c for c in hand
                             if any(c in PLAYABLE_IN[w] for w in TURN_WINDOWS))
        if not self._live():
            return frozenset()
        return frozenset(c for c in hand & PLAYABLE_IN[self.event.window]
                         if self.state.card_plays(seat, c))

    def can_play(self, seat: int) -> bool:
        return bool(self.hand_marks(seat))

    def why(self, seat: int, card: str) -> str:
        if not self._live():
            return "this card window has closed"
        return cardhelp.not_now(self.state, seat, card)


class AgainBeat(WindowBeat):
    """A person played a card in a window and the rules ask them again (they hold a card
    still, public; they may play another): whatever the hand holds, a beat for that person
    alone, riding on the card still up. At a passive table a short wait (the card button
    picks their row again, else they pass); at a table with rows (phone seats there) a row
    like the window's, answered at the TV or on the phone."""

    def __init__(self, seat: int, state: Any, ctx: Ctx) -> None:
        super().__init__(ev.WindowOpened(state.window, state.current_slot), state, ctx,
                         only=[seat])
        self.title = "Another card?"


class ResumeBeat(WindowBeat):
    """A continued game opens with one neutral beat, wherever the save stood."""

    rule = "Every person is asked, whatever they hold."

    def __init__(self, state: Any, ctx: Ctx) -> None:
        self.event, self.state = None, state
        humans = people(ctx)
        for seat in humans:
            ctx.plan.pop(("window", seat), None)
            ctx.plan.pop(("turn", seat), None)
        humans = [i for i in humans if state.players[i].hand]
        if ask_only_when_playable(ctx):
            humans = []
        self.whole_turn = True
        Beat.__init__(self, ctx, humans, "Welcome back: any cards?",
                      "Pass, or look at your hand before play goes on")

    def _live(self) -> bool:
        return self.state.stage == "window"

    def hand_marks(self, seat: int) -> frozenset[str]:
        s = self.state
        hand = set(s.players[seat].hand)
        if s.window is None:
            return frozenset(c for c in hand
                             if any(c in PLAYABLE_IN[w] for w in TURN_WINDOWS))
        return frozenset(c for c in hand & PLAYABLE_IN[s.window] if s.card_plays(seat, c))


class DefenseBeat(Beat):
    """Started on a `CardPlayed` on a human company with a Suit: its owner alone."""

    rule = "Asked whenever a card hits you, whatever you hold."
    HOLD_WORDS = "Hold: look"  # as the strip says ("Hold Y (C) to look")
    NONE_WORDS = "Let it happen"

    def __init__(self, event: Any, state: Any, ctx: Ctx) -> None:
        self.event, self.state = event, state
        target = event.target_seat
        ctx.plan.pop((Stage.DEFENSE, target), None)
        card = CARDS[event.card].name
        super().__init__(ctx, [target], f"{ctx.name(target)}: Defense?",
                         f"{ctx.name(event.seat)} plays {card} on you")
        if passive_table(ctx):
            self.make_passive(DEFENSE_SECONDS)

    def strip_words(self) -> str:
        return f"{self.title} Hold Y (C) to look"

    def record(self, seat: int, play: bool) -> None:
        self.ctx.plan[(Stage.DEFENSE, seat)] = play

    def hand(self, seat: int) -> list[str]:
        return list(self.state.players[seat].hand)

    def hand_marks(self, seat: int) -> frozenset[str]:
        return frozenset({"defense"}) & frozenset(self.hand(seat))

    def can_play(self, seat: int) -> bool:
        return "defense" in self.hand(seat)

    def why(self, seat: int, card: str) -> str:
        return "only Defense can answer a card played on you"

    def answer_labels(self, seat: int) -> list[tuple[str, bool]]:
        return [("Play Defense", self.can_play(seat)), ("Let it happen", True)]


class Resumed:
    """A continued game's first moment (no rules event): `beat_for` holds a ResumeBeat."""


def answered(state: Any, ctx: Ctx, legal: list) -> object | None:
    """The answer the table already has for the rules' card-window or Defense question to
    `state.current_player` (a person at the TV or a phone), or None: ask them.

    A question with one legal answer (a window's `Pass()` when nothing is playable there,
    `Defend(False)` without Defense or a Suit) is answered at once: the beat before it
    took the same time whatever the hand held, and this costs no frame. Otherwise the
    seat's answer in the beat counts: a pass passes, a Defense is played as answered."""
    stage, seat = state.stage, state.current_player
    if stage == Stage.DEFENSE:
        planned = ctx.plan.pop((Stage.DEFENSE, seat), None)
        if len(legal) == 1:
            return legal[0]
        return None if planned is None else Defend(bool(planned))
    if stage != Stage.WINDOW:
        return None
    planned = ctx.plan.get((Stage.WINDOW, seat))
    opened = (OPENED, len(state.players[seat].hand))  # (hand sizes are public)
    if planned == PICKED:  # picked its row in a passive window: its card decision opens
        ctx.plan[(Stage.WINDOW, seat)] = opened  # once, whatever the hand holds now
        return None
    if len(legal) == 1 or planned is False:
        return PASS
    if planned is True or planned is None:  # said "I'll play" (or no beat asked it)
        ctx.plan[(Stage.WINDOW, seat)] = opened
    return None


def beat_for(event: Any, state: Any, ctx: Ctx) -> Beat | None:
    """The beat the scene holds for `event` before going on, or None."""
    if isinstance(event, Resumed):
        return ResumeBeat(state, ctx)
    if isinstance(event, ev.WindowOpened):
        return WindowBeat(event, state, ctx)
    if isinstance(event, ev.CardPlayed) and not ask_only_when_playable(ctx):
        target = state.current_player
        # the rules ask the target about this card whenever it holds any card; without a
        # Suit its one answer is "no Defense" (public), given at once (`answered`)
        if state.stage == Stage.DEFENSE and target == event.target_seat \
                and state.pending_card["card"] == event.card and ctx.seats[target].human \
                and state.has_suit(target):
            return DefenseBeat(event, state, ctx)
        seat = event.seat
        # a person's card at a passive table: the rules will ask them again (they hold a
        # card still, public) once the card has played out: "another card?" now
        if ctx.seats[seat].human and passive_table(ctx) and state.window is not None and \
                state.window_seats[:1] == [seat] and state.players[seat].hand:
            return AgainBeat(seat, state, ctx)  # (elsewhere `again_for`, before asking)
    return None


def again_for(state: Any, ctx: Ctx) -> Beat | None:
    """The rules ask a person again in a window where their card decision has opened (a
    card played; they hold a card still, hand sizes are public): the "another card?"
    beat, at any table with beats, so what follows never depends on what else they hold."""
    seat = state.current_player
    if state.stage != Stage.WINDOW or ask_only_when_playable(ctx):
        return None
    planned = ctx.plan.get((Stage.WINDOW, seat))
    if isinstance(planned, tuple) and planned[0] == OPENED and \
            len(state.players[seat].hand) < planned[1]:  # a card played since it opened
        return AgainBeat(seat, state, ctx)
    return None


def asked(state: Any, ctx: Ctx) -> list[int]:
    """The people the rules ask in the window just opened: the human seats among
    `state.window_seats` (every seat holding any card, public); none when the window
    closed at once (nobody held a card)."""
    if state.stage != Stage.WINDOW:
        return []
    return [seat for seat in state.window_seats if ctx.seats[seat].human]

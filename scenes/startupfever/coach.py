"""The coach: a bubble that explains each step of Startup Fever the first time it happens.

`Coach` is an observer. The table scene hands it every event it shows (`saw`, from the
scene's log call) and lets it look at what the table is asking for each update
(`watch`: a decision, a die to throw, a card beat, a showdown). The first time a topic
comes up, the coach says one thing about it, pointing at what it talks about.

- Guided (the "Learn to play" game, `guided.py`): a bubble with an arrow; the game waits
  until one confirm dismisses it (Back leaves the game). The first year shows most steps;
  the coach stays on into the next years until the steps a first year cannot show
  (`LATER`: a counter-offer, user loss) have happened and been explained, then says
  goodbye; after that bubble `finished` is set and the game goes on without the coach.
- Tips (the "coach" setting, any other game): the same words on one line at the top for a
  few seconds; nothing waits, nothing is consumed. Topics already explained on this
  machine (`Settings.coach_seen`) are not explained again.

The coach only reads the table: it decides nothing and never sees a hidden hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.startupfever import events as ev
from game.startupfever import usertrack
from scenes.engine import draw
from scenes.engine.fonts import Fonts
from scenes.engine.input import CLICK, Action
from scenes.engine.palette import CREAM, GOLD, INK, PANEL, WHITE
from scenes.startupfever import notice

# topic -> (short title, what the coach says)
TIPS: dict[str, tuple[str, str]] = {
    "chips": ("Your products", "Each of your products is secretly one of four categories. "
              "Pick one for each: nobody else sees it until the product launches."),
    "turn": ("A product's turn", "Every product takes one turn a year, in the order on the "
             "clock: 1 adoption, 2 revenue, 3 manage employees, 4 user loss (only once "
             "launched)."),
    "roll": ("Adoption roll", "Throw the die (hold confirm, let go): die + 1 per Nerd + 2 per "
             "Big Nerd is how many fields your marker climbs."),
    "adoption": ("Adoption", "The marker climbs the User Track: die + 1 per Nerd + 2 per "
                 "Big Nerd. At 10K users the product launches."),
    "revenue": ("Revenue", "Then the product earns money: the big number of its field on "
                "the track + 1 per Suit + 2 per Big Suit."),
    "manage": ("Manage employees", "Spend money on staff: hire from the supply (2 a turn), "
               "poach a rival's employee, or retain your own. End when done."),
    "hire": ("Hiring", "Nerds ($1) bring users, Suits ($1) bring money. Big ones ($6) help "
             "every product, and a Big Nerd adds 4 strength in showdowns."),
    "vesting": ("Vesting", "New hires stand on field 4 of the rows 4 3 2 1 0. Each year end "
                "they move one field towards 0: the nearer 0, the cheaper to poach."),
    "poach": ("Poaching", "Anyone may poach your staff: price + vesting field. You may "
              "counter with their offer + $1 to keep them, and they move back towards 4."),
    "counter": ("Counter-offer", "A rival offers for an employee. Its owner may pay one "
                "more than the offer to keep it (it moves back towards 4), or let it go."),
    "cards": ("Event Cards", "Before each step, anyone may play an Event Card. Hold Y (C on "
              "the keyboard) to look at your hand: each card says what it does."),
    "user_loss": ("User loss", "After a launched product's turn its owner rolls the die "
                  "and may push products above 100M users back: 1 field a pip, 2 fields "
                  "each at most."),
    "year_end": ("Year end", "Every product has had its turn. Now: showdowns, vesting, "
                 "reassigning, new cards, marketing and next year's turn order."),
    "showdown": ("Showdown", "Launched products of one category compete: Nerds + 4 per "
                 "Big Nerd + marketing + a die. The strongest take users from the rest."),
    "reassign": ("Reassign", "You may move workers between your own products; each keeps "
                 "its vesting field."),
    "marketing": ("Marketing", "Put money on products for next year's showdown: $1 = +1 "
                  "strength. It is sealed: nobody sees it until everyone has chosen."),
    "order": ("Turn order", "The product with the fewest users picks its place in next "
              "year's order first. Being early lets you react to the others."),
    "vp": ("How you win", "From the Launch line the small numbers on the track are victory "
           "points. At the end, the most VP under your markers wins."),
    "done": ("You know every step!", "You have seen every step. Keep playing this game to the "
             "end (the year the last product launches), or press Back to leave."),
}

# topic -> the tip's one line (the "coach" setting outside the guided game)
LINES: dict[str, str] = {
    "chips": "pick each product's secret category",
    "turn": "adoption, revenue, manage employees, user loss",
    "roll": "die + Nerds + 2 per Big Nerd = fields climbed",
    "adoption": "die + Nerds + 2 per Big Nerd; launch at 10K users",
    "revenue": "big number of the field + Suits + 2 per Big Suit",
    "manage": "hire (2 a turn), poach a rival's staff, or retain yours",
    "hire": "Nerds bring users, Suits money; Big ones help every product",
    "vesting": "hires start on 4 and move one field to 0 each year",
    "poach": "price + vesting field; the owner may counter with $1 more",
    "counter": "pay $1 more than the offer to keep your employee",
    "cards": "hold Y (C) to see your hand and what each card does",
    "user_loss": "push products above 100M users back, 2 fields at most",
    "year_end": "showdowns, vesting, reassigning, cards, marketing, order",
    "showdown": "Nerds + 4 per Big Nerd + marketing + die; best take users",
    "reassign": "move workers between your products; they keep their field",
    "marketing": "$1 = +1 strength in next year's showdown; sealed",
    "order": "fewest users picks its place in next year's order first",
    "vp": "small numbers from Launch on are victory points",
    "done": "keep playing, or Back to leave",
}
LATER = ("counter", "user_loss")  # steps a first year cannot show (nothing launched)
TIP_SECONDS = 6.0  # a one-line tip stays this long
BUBBLE_W = 470


@dataclass
class Bubble:
    topic: str
    title: str
    text: str
    target: pygame.Rect | None  # what it points at (None: nothing in particular)
    age: float = 0.0


class Coach:
    """Says each topic once (module docstring). `scene` is the table scene it watches."""

    def __init__(self, guided: bool, seen: set[str] | None = None,
                 remember: Callable[[str], None] | None = None) -> None:
        self.guided = guided
        self.seen: set[str] = set(seen or ())
        self.remember = remember  # called with each topic explained (machine memory)
        self.queue: list[Bubble] = []
        self.bubble: Bubble | None = None
        self.finished = False  # guided: the last bubble was dismissed
        self.leave = False  # guided: Back on a bubble asks to leave the game
        self.explained: list[str] = []  # topics in the order they were explained
        self._asked: object = None  # the decision / beat / roll call seen last
        self._year_over = False  # guided: the first year has ended

    # -- what the table shows --------------------------------------------------------------

    def saw(self, event: object, scene: Any) -> None:
        """One event the table is showing now."""
        view = scene.view
        slot = getattr(event, "slot", None)
        if isinstance(event, ev.TurnStarted):
            self.say("turn", view.product_rect(slot))
        elif isinstance(event, ev.UsersAdopted):
            self.say("adoption", view.field_rect(event.to_field))
        elif isinstance(event, ev.ProductLaunched):
            self.say("vp", view.field_rect(usertrack.LAUNCH_FIELD))
        elif isinstance(event, ev.RevenueEarned):
            self.say("revenue", view.panel_rect(event.seat))
        elif isinstance(event, ev.Hired) and not event.failed:
            self.say("hire", view.product_rect(slot))
            self.say("vesting", pygame.Rect(view.vest_cell(slot, 4), (0, 0)).inflate(30, 40))
        elif isinstance(event, ev.PoachOffered | ev.Poached):
            self.say("poach", view.product_rect(slot))
        elif isinstance(event, ev.CounterOffered):
            self.say("counter", view.product_rect(slot) if slot else
                     view.panel_rect(event.seat))
        elif (isinstance(event, ev.DieRolled) and event.purpose == "user loss") or (
                isinstance(event, ev.UsersLost) and event.reason == "user loss"):
            self.say("user_loss", view.field_rect(usertrack.MARK_100M))
        elif isinstance(event, ev.WindowOpened) and event.window == "competition":
            self.say("year_end", None)
            self.say("vp", view.field_rect(usertrack.LAUNCH_FIELD))
            self.say("showdown", None)
        elif isinstance(event, ev.WindowOpened):
            self.say("cards", view.place("deck"))
        elif isinstance(event, ev.YearEndStep) and event.step.startswith("vest"):
            self.say("vesting", None)
        elif isinstance(event, ev.YearStarted) and event.year >= 2 and self.guided:
            self._year_over = True
            self._goodbye()

    def watch(self, scene: Any) -> None:
        """Each update: what the table is asking a person for."""
        asked = scene.decision or scene.beat or scene.roll_call
        if asked is self._asked:
            return
        self._asked = asked
        view = scene.view
        if scene.roll_call is not None:
            slot = scene.state.current_slot
            self.say("roll", view.field_rect(scene.state.products[slot].field)
                     if slot else None)
        if scene.beat is not None:
            self.say("cards", view.place("deck"))
        decision = scene.decision
        if decision is None:
            return
        stage = decision.stage
        slot = scene.state.current_slot
        where = view.product_rect(slot) if slot else None
        if stage == "counter" and scene.state.pending_poach is not None:
            offer = scene.state.pending_poach  # point at the employee's product (or panel)
            where = view.product_rect(offer["slot"]) if offer["slot"] else \
                view.panel_rect(offer["seat"])
        topic = {"chips": "chips", "manage": "manage", "counter": "counter", "loss":
                 "user_loss", "reassign": "reassign", "marketing": "marketing",
                 "order_choose": "order", "window": "cards", "defense": "cards"}.get(stage)
        if topic == "manage":
            self.say("manage", where)
            self.say("poach", where)
        elif topic is not None:
            self.say(topic, where if topic != "order" else None)

    def say(self, topic: str, target: pygame.Rect | None) -> None:
        """Explain `topic` unless it was explained already."""
        if topic in self.seen or topic not in TIPS:
            return
        self.seen.add(topic)
        self.explained.append(topic)
        if self.remember is not None:
            self.remember(topic)
        title, text = TIPS[topic]
        self.queue.append(Bubble(topic, title, text, target))
        if self.bubble is None:
            self._next()
        if topic in LATER:
            self._goodbye()

    def _goodbye(self) -> None:
        """Guided: the last bubble, once the first year is over and `LATER` explained."""
        if self.guided and self._year_over and all(t in self.seen for t in LATER):
            self.say("done", None)

    def _next(self) -> None:
        self.bubble = self.queue.pop(0) if self.queue else None

    # -- time and input ----------------------------------------------------------------------

    @property
    def holding(self) -> bool:
        """Guided: the game waits while a bubble is up (one confirm dismisses it)."""
        return self.guided and self.bubble is not None

    def update(self, dt: float) -> None:
        if self.bubble is None:
            return
        self.bubble.age += dt
        if not self.guided and self.bubble.age >= TIP_SECONDS:
            self._next()

    def handle(self, action: Action) -> bool:
        """Guided, a bubble up: confirm (or a click) dismisses it, Back asks to leave.
        Everything else, and every action when no bubble waits, goes to the table."""
        if not self.holding or not action.pressed:
            return self.holding and action.name in ("confirm", CLICK, "back")
        if action.name in ("confirm", CLICK):
            done = self.bubble.topic == "done"
            self._next()
            if done:
                self.finished = True
                self.guided = False  # the rest of the game: nobody waits for the coach
                self.queue.clear()
                self.bubble = None
            return True
        if action.name == "back":
            self.leave = True
            return True
        return False

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, canvas: pygame.Surface, fonts: Fonts, table: pygame.Rect,
             tip_area: pygame.Rect | None = None) -> None:
        """The bubble (guided), or the tip in `tip_area` (the table's free place beside
        any open prompt: notice.tip_area) or, without one, across the table's foot."""
        bubble = self.bubble
        if bubble is None:
            return
        if not self.guided:
            self._draw_line(canvas, fonts, bubble, tip_area or pygame.Rect(
                table.x + 8, table.bottom - 70, table.w - 16, 64))
            return
        body = fonts.ui(24)
        lines = draw.wrap(body, bubble.text, BUBBLE_W - 40)
        line_h = body.get_linesize()
        rect = pygame.Rect(0, 0, BUBBLE_W, 64 + line_h * len(lines) + fonts.scaled(44))
        target = bubble.target
        if target is None:
            rect.center = table.center
        elif target.left >= table.right:  # a company panel: beside it, level with it
            rect.midright = (table.right - 30, target.centery)
            rect.clamp_ip(table.inflate(-12, -12))
            self._draw_pointer(canvas, rect, target)
            pygame.draw.rect(canvas, WHITE, target.inflate(6, 6), 4, border_radius=10)
        else:  # beside what it talks about, on the side with more room, inside the table
            below = target.bottom + 24 + rect.h <= table.bottom
            rect.midtop = (target.centerx, target.bottom + 24) if below else \
                (target.centerx, target.top - 24 - rect.h)
            rect.clamp_ip(table.inflate(-12, -12))
            if rect.colliderect(target):
                rect.centery = table.centery if target.centery > table.centery + 120 \
                    else table.bottom - rect.h // 2 - 12
            self._draw_pointer(canvas, rect, target)
            pygame.draw.rect(canvas, WHITE, target.inflate(10, 10), 4, border_radius=10)
        draw.box(canvas, rect, PANEL, outline=GOLD, radius=20, shadow=8, width=5)
        draw.text(canvas, fonts.fit("display", fonts.scaled(28), bubble.title, rect.w - 40,
                                    20), bubble.title, (rect.x + 20, rect.y + 30), GOLD,
                  anchor="midleft")
        y = rect.y + 56
        for line in lines:
            draw.text(canvas, body, line, (rect.x + 20, y), CREAM, anchor="topleft")
            y += line_h
        hint = "Confirm: got it   ·   Back: leave" if bubble.topic != "done" else \
            "Confirm: keep playing   ·   Back: leave"
        draw.text(canvas, fonts.fit("body", fonts.scaled(22), hint, rect.w - 40), hint,
                  (rect.centerx, rect.bottom - fonts.scaled(22)), WHITE)

    @staticmethod
    def _draw_pointer(canvas: pygame.Surface, rect: pygame.Rect,
                      target: pygame.Rect) -> None:
        """A gold wedge from the bubble's side nearest `target` to its edge."""
        side = 14
        if target.left > rect.right or target.right < rect.left:  # beside: a level wedge
            x = rect.right if target.left > rect.right else rect.left
            y = min(max(target.centery, rect.top + 30), rect.bottom - 30)
            base = [(x, y - side), (x, y + side)]
            aim = (target.left if x == rect.right else target.right, target.centery)
        else:  # above or below
            x = min(max(target.centerx, rect.left + 30), rect.right - 30)
            y = rect.top if target.centery < rect.top else rect.bottom
            base = [(x - side, y), (x + side, y)]
            aim = (target.centerx, target.bottom if target.centery < rect.top
                   else target.top)
        pygame.draw.polygon(canvas, INK, [*base, aim], 0)
        pygame.draw.lines(canvas, INK, False, [base[0], aim, base[1]], 6)
        pygame.draw.polygon(canvas, GOLD, [*base, aim])

    def _draw_line(self, canvas: pygame.Surface, fonts: Fonts, bubble: Bubble,
                   area: pygame.Rect) -> None:
        """A tip for a few seconds, wrapped into `area` (never over the track)."""
        notice.draw_tip(canvas, fonts, area, f"{bubble.title}: "
                        f"{LINES.get(bubble.topic, bubble.text)}")


def tips_coach(settings: Any) -> Coach:
    """The one-line tips of the "coach" setting: topics explained on this machine before
    (`settings.coach_seen`) are not explained again, and each new one is remembered."""

    def remember(topic: str) -> None:
        if topic not in settings.coach_seen:
            settings.coach_seen.append(topic)
            settings.save()

    return Coach(guided=False, seen=set(settings.coach_seen), remember=remember)

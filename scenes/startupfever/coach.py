"""The coach: a bubble that explains each step of Startup Fever the first time it happens.

`Coach` is an observer. The table scene hands it every event it shows (`saw`, from the
director) and lets it look at what the table is asking for each update (`watch`: a
decision, a die to throw, a card beat). The first time a topic comes up, the coach says
one thing about it, pointing at what it talks about.

- Guided (the "Learn to play" game, `guided.py`): a bubble with an arrow; the game waits
  until one confirm (or Back: a console player closes a dialog with B) dismisses it.
  The table shows no options while a bubble is up (it explains them first); a
  hands-on step (`task`: "hire a Nerd for A") is said inside the options' own panel
  (guided.py). Bubbles are placed where they cover neither an open prompt, the log nor
  a company panel (`place_bubble`), whatever the text size.
- Tips (the "coach" setting, any other game): the same words on one line in the log's
  box, above its newest line, for a few seconds; nothing waits, nothing is consumed.
  Topics already explained on this machine (`Settings.coach_seen`) are not explained
  again.

The coach only reads the table: it decides nothing and never sees a hidden hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
    "intro": ("Learn to play", "You run a young tech company against Ada. This practice "
              "game starts a few years in, so two years show every rule. Read each "
              "bubble, then press confirm (or Back) to go on."),
    "chips": ("Your products", "Each of your products is secretly one of four categories. "
              "Pick one for each: nobody else sees it until the product launches."),
    "turn": ("A product's turn", "Every product takes one turn a year, in the order on the "
             "cards: 1 adoption, 2 revenue, 3 manage employees, 4 user loss (only once "
             "launched)."),
    "roll": ("Adoption roll", "Throw the die (hold confirm, let go): die + 1 per Nerd + 2 per "
             "Big Nerd is how many fields your marker climbs."),
    "adoption": ("Adoption", "The marker climbs the User Track: die + 1 per Nerd + 2 per "
                 "Big Nerd. At 10K users the product launches."),
    "launch": ("Launch!", "At 10K users a product launches: its category is shown and "
               "from now on it fights in the year-end showdowns."),
    "revenue": ("Revenue", "Then the product earns money: the big number of its field on "
                "the track + 1 per Suit + 2 per Big Suit."),
    "manage": ("Manage employees", "Spend money on staff: hire from the supply (2 a turn), "
               "poach a rival's employee, or retain your own. End when done."),
    "hire": ("Hiring", "Nerds ($1) bring users, Suits ($1) bring money. Big ones ($6) help "
             "every product, and a Big Nerd adds 4 strength in showdowns."),
    "executives": ("Executives", "A Big Nerd (CTO) or Big Suit (CEO) costs $6 and helps "
                   "every product of its company: +2 users or +2 money each turn. One "
                   "of each per company."),
    "vesting": ("Vesting", "New hires stand on field 4 of the rows 4 3 2 1 0. Each year end "
                "they move one field towards 0: the nearer 0, the cheaper to poach."),
    "poach": ("Poaching", "Anyone may poach your staff: price + vesting field. You may "
              "counter with their offer + $1 to keep them, and they move back towards 4."),
    "counter": ("Counter-offer", "A rival offers for an employee. Its owner may pay one "
                "more than the offer to keep it (it moves back towards 4), or let it go."),
    "retain": ("Retaining", "$1 a field moves one of your employees back towards 4: "
               "dearer for rivals to poach."),
    "cards": ("Event Cards", "Before each step, anyone may play an Event Card. Hold Y (C on "
              "the keyboard) to look at your hand: each card says what it does."),
    "defense": ("Defense", "A card played on your company can be cancelled with a Defense "
                "card, if you have a Suit: both cards are discarded, nothing happens."),
    "user_loss": ("User loss", "After a launched product's turn its owner rolls the die "
                  "and may push products above 100M users back: 1 field a pip, 2 fields "
                  "each at most."),
    "year_end": ("Year end", "Every product has had its turn. Now: showdowns, vesting, "
                 "reassigning, new cards, marketing and next year's turn order."),
    "showdown": ("Showdown", "Launched products of one category compete: Nerds + 4 per "
                 "Big Nerd + marketing + a die. The strongest take users from the rest."),
    "showdown_result": ("Gains and losses", "With two products the winner climbs 5 "
                        "fields and the loser drops 5; more products, bigger swings."),
    "reassign": ("Reassign", "You may move workers between your own products; each keeps "
                 "its vesting field."),
    "marketing": ("Marketing", "Put money on products for next year's showdown: $1 = +1 "
                  "strength. It is sealed: nobody sees it until everyone has chosen."),
    "order": ("Turn order", "The product with the fewest users picks its place in next "
              "year's order first. Being early lets you react to the others."),
    "vp": ("How you win", "From the Launch line the small numbers on the track are victory "
           "points. At the end, the most VP under your markers wins."),
    "leak": ("Leak", "A Leak launches any unlaunched product at once, wherever it stands: "
             "it shows its category and joins the showdowns."),
    "last_year": ("The last year", "Every product has launched: the game ends when this "
                  "year ends. The banner and the year card say so."),
    "end": ("The end", "The year the last product launched is over: the most VP wins. "
            "Next: what each rule did in this game."),
}

# topic -> the tip's one line (the "coach" setting outside the guided game)
LINES: dict[str, str] = {
    "intro": "two years show every rule",
    "chips": "pick each product's secret category",
    "turn": "adoption, revenue, manage employees, user loss",
    "roll": "die + Nerds + 2 per Big Nerd = fields climbed",
    "adoption": "die + Nerds + 2 per Big Nerd; launch at 10K users",
    "launch": "at 10K users: the category shows, showdowns begin",
    "revenue": "big number of the field + Suits + 2 per Big Suit",
    "manage": "hire (2 a turn), poach a rival's staff, or retain yours",
    "hire": "Nerds bring users, Suits money; Big ones help every product",
    "executives": "$6: +2 users or +2 money for every product",
    "vesting": "hires start on 4 and move one field to 0 each year",
    "poach": "price + vesting field; the owner may counter with $1 more",
    "counter": "pay $1 more than the offer to keep your employee",
    "retain": "$1 a field: your employee moves back towards 4",
    "cards": "hold Y (C) to see your hand and what each card does",
    "defense": "cancels a card played on you (needs a Suit)",
    "user_loss": "push products above 100M users back, 2 fields at most",
    "year_end": "showdowns, vesting, reassigning, cards, marketing, order",
    "showdown": "Nerds + 4 per Big Nerd + marketing + die; best take users",
    "showdown_result": "winners climb, losers drop",
    "reassign": "move workers between your products; they keep their field",
    "marketing": "$1 = +1 strength in next year's showdown; sealed",
    "order": "fewest users picks its place in next year's order first",
    "vp": "small numbers from Launch on are victory points",
    "leak": "launches any unlaunched product at once",
    "last_year": "every product launched: the game ends with this year",
    "end": "the most VP wins",
}
TIP_SECONDS = 6.0  # a one-line tip stays this long
BUBBLE_WS = (420, 350)  # a bubble's widths, tried in turn where room is short
GAP = 24  # between a bubble and what it points at


@dataclass
class Bubble:
    topic: str
    title: str
    text: str
    target: pygame.Rect | None  # what it points at (None: nothing in particular)
    age: float = 0.0


def place_bubble(size: tuple[int, int] | Sequence[tuple[int, int]],
                 target: pygame.Rect | None, avoid: Sequence[pygame.Rect],
                 table: pygame.Rect) -> pygame.Rect:
    """Where a bubble goes: beside `target` (below, above, left, right), else anywhere
    in `table`, never over `target` or a rect of `avoid` (the open options, the log, the
    company panels); `size` may list several shapes of the bubble, tried in turn (wide
    first); when nothing is free, the place that covers the least of them."""
    sizes = [size] if isinstance(size[0], int) else list(size)  # type: ignore[list-item]
    spots = [s for shape in sizes for s in _spots(shape, target, table)]
    blocked = [*avoid, *([target] if target is not None else [])]

    def cover(spot: pygame.Rect) -> int:
        return sum(spot.clip(r).w * spot.clip(r).h for r in blocked)

    free = next((s for s in spots if not any(s.colliderect(r) for r in blocked)), None)
    return free if free is not None else min(spots, key=cover)


def _spots(size: tuple[int, int], target: pygame.Rect | None, table: pygame.Rect
           ) -> list[pygame.Rect]:
    """A bubble's candidate places, best first: beside the target, then a grid."""
    w, h = size
    area = table.inflate(-12, -12)
    spots: list[pygame.Rect] = []
    if target is not None:
        for pos in ((target.centerx - w // 2, target.bottom + GAP),
                    (target.centerx - w // 2, target.top - GAP - h),
                    (target.left - GAP - w, target.centery - h // 2),
                    (target.right + GAP, target.centery - h // 2)):
            spot = pygame.Rect(pos, size)
            spot.clamp_ip(area)
            spots.append(spot)
    step = 24
    for y in range(area.top, max(area.top, area.bottom - h) + 1, step):
        for x in range(area.left, max(area.left, area.right - w) + 1, step):
            spots.append(pygame.Rect(x, y, w, h))
    return spots


class Coach:
    """Says each topic once (module docstring). `scene` is the table scene it watches."""

    def __init__(self, guided: bool, seen: set[str] | None = None,
                 remember: Callable[[str], None] | None = None) -> None:
        self.guided = guided
        self.seen: set[str] = set(seen or ())
        self.remember = remember  # called with each topic explained (machine memory)
        self.queue: list[Bubble] = []
        self.bubble: Bubble | None = None
        self.explained: list[str] = []  # topics in the order they were explained
        self.task: str | None = None  # guided: the hands-on step asked for now
        self.wrong = 0  # guided: wrong picks at this task (its hint shows after one)
        self.tasks_done: list[str] = []  # guided: hands-on steps done, in order
        self._asked: object = None  # the decision / beat / roll call seen last
        self._rects: tuple[pygame.Rect | None, pygame.Rect | None] = (None, None)

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
            self.say("leak" if event.leaked else "launch", view.product_rect(slot))
            self.say("vp", view.field_rect(usertrack.LAUNCH_FIELD))
            model = getattr(scene, "model", None)
            if model is not None and all(p.launched or s == slot
                                         for s, p in model.products.items()):
                self.say("last_year", None)  # (the table shows this launch next)
        elif isinstance(event, ev.RevenueEarned):
            self.say("revenue", view.panel_rect(event.seat))
        elif isinstance(event, ev.Hired) and not event.failed:
            if event.kind.startswith("big_"):
                self.say("executives", view.panel_rect(event.seat))
            else:
                self.say("hire", view.product_rect(slot))
                self.say("vesting", pygame.Rect(view.vest_cell(slot, 4), (0, 0))
                         .inflate(30, 40))
        elif isinstance(event, ev.PoachOffered | ev.Poached):
            self.say("poach", view.product_rect(slot))
        elif isinstance(event, ev.CounterOffered):
            self.say("counter", view.product_rect(slot) if slot else
                     view.panel_rect(event.seat))
        elif isinstance(event, ev.Retained):
            self.say("retain", view.product_rect(slot) if slot else
                     view.panel_rect(event.seat))
        elif isinstance(event, ev.CardCancelled):
            self.say("defense", view.panel_rect(event.seat))
        elif isinstance(event, ev.CardPlayed):
            self.say("cards", view.place("deck"))
        elif (isinstance(event, ev.DieRolled) and event.purpose == "user loss") or (
                isinstance(event, ev.UsersLost) and event.reason == "user loss"):
            self.say("user_loss", view.field_rect(usertrack.MARK_100M))
        elif isinstance(event, ev.WindowOpened) and event.window == "competition":
            self.say("year_end", None)
            self.say("vp", view.field_rect(usertrack.LAUNCH_FIELD))
            self.say("showdown", None)
        elif isinstance(event, ev.CompetitionResult):
            self.say("showdown_result", None)
        elif isinstance(event, ev.WindowOpened):
            self.say("cards", view.place("deck"))
        elif isinstance(event, ev.YearEndStep) and event.step.startswith("vest"):
            self.say("vesting", None)
        elif isinstance(event, ev.GameEnded) and self.guided:
            self.say("end", None)

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
                 "order_choose": "order", "window": "cards", "defense": "defense"}.get(stage)
        if topic == "manage":
            self.say("manage", where)
            self.say("poach", where)
        elif topic is not None:
            self.say(topic, where if topic != "order" else None)

    def say(self, topic: str, target: pygame.Rect | None) -> None:
        """Explain `topic` unless it was explained already."""
        if topic in self.seen or topic not in TIPS:
            return
        if not self.guided and topic in ("intro", "end", "last_year"):
            return  # the guided game's own words (a real game's banner says the last year)
        self.seen.add(topic)
        self.explained.append(topic)
        if self.remember is not None:
            self.remember(topic)
        title, text = TIPS[topic]
        self.queue.append(Bubble(topic, title, text, target))
        if self.bubble is None:
            self._next()

    def set_task(self, step: str | None) -> None:
        """Guided: the hands-on step the person is asked for now (None: none)."""
        if step != self.task:
            if self.task is not None:
                self.tasks_done.append(self.task)
            self.task, self.wrong = step, 0

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
        """Guided, a bubble up: confirm, a click or Back dismisses it (Back closes a
        dialog on a console; leaving the game is the pause menu's, asked first).
        Everything else, and every action when no bubble waits, goes to the table."""
        if not self.holding:
            return False
        if action.name not in ("confirm", CLICK, "back"):
            return False
        if action.pressed and self.bubble.age > 0.15:  # a held confirm does not skip two
            self._next()
        return True

    # -- drawing -----------------------------------------------------------------------------

    def bubble_rect(self, fonts: Fonts, table: pygame.Rect,
                    avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
        """Where the guided bubble is drawn now (None: none shows)."""
        if self.bubble is None or not self.guided:
            return None
        sizes = [self._size(fonts, self.bubble.text, w, hint=True) for w in BUBBLE_WS]
        return place_bubble(sizes, self.bubble.target, avoid, table)

    @staticmethod
    def _size(fonts: Fonts, text: str, width: int, hint: bool) -> tuple[int, int]:
        body = fonts.ui(24)
        lines = draw.wrap(body, text, width - 40)
        extra = fonts.scaled(44) if hint else 8
        return width, fonts.scaled(56) + body.get_linesize() * len(lines) + extra

    def draw(self, canvas: pygame.Surface, fonts: Fonts, table: pygame.Rect,
             tip_area: pygame.Rect | None = None,
             avoid: Sequence[pygame.Rect] = ()) -> None:
        """The bubbles (guided), never over `avoid` (the open options, the log); or the
        tip in `tip_area` (the log's box above its newest line, or the free place beside
        any open prompt: notice.tip_area) or, without one, across the table's foot."""
        bubble = self.bubble
        if not self.guided:
            if bubble is not None:
                notice.draw_tip(canvas, fonts, tip_area or pygame.Rect(
                    table.x + 8, table.bottom - 70, table.w - 16, 64),
                    f"{bubble.title}: {LINES.get(bubble.topic, bubble.text)}")
            return
        rect = self.bubble_rect(fonts, table, avoid)
        if bubble is None or rect is None:
            return
        target = bubble.target
        if target is not None:
            self._draw_pointer(canvas, rect, target)
            pygame.draw.rect(canvas, WHITE, target.inflate(10, 10), 4, border_radius=10)
        self._box(canvas, fonts, rect, bubble.title, bubble.text,
                  "Confirm or Back: got it", GOLD)

    @staticmethod
    def _box(canvas: pygame.Surface, fonts: Fonts, rect: pygame.Rect, title: str,
             text: str, hint: str | None, colour: tuple[int, int, int]) -> None:
        body = fonts.ui(24)
        draw.box(canvas, rect, PANEL, outline=colour, radius=20, shadow=8, width=5)
        draw.text(canvas, fonts.fit("display", fonts.scaled(28), title, rect.w - 40, 20),
                  title, (rect.x + 20, rect.y + fonts.scaled(30)), colour, anchor="midleft")
        y = rect.y + fonts.scaled(54)
        for line in draw.wrap(body, text, rect.w - 40):
            draw.text(canvas, body, line, (rect.x + 20, y), CREAM, anchor="topleft")
            y += body.get_linesize()
        if hint:
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
        elif target.bottom < rect.top or target.top > rect.bottom:  # above or below
            x = min(max(target.centerx, rect.left + 30), rect.right - 30)
            y = rect.top if target.centery < rect.top else rect.bottom
            base = [(x - side, y), (x + side, y)]
            aim = (target.centerx, target.bottom if target.centery < rect.top
                   else target.top)
        else:
            return  # the bubble had to overlap its target: no arrow
        pygame.draw.polygon(canvas, INK, [*base, aim], 0)
        pygame.draw.lines(canvas, INK, False, [base[0], aim, base[1]], 6)
        pygame.draw.polygon(canvas, GOLD, [*base, aim])


def tips_coach(settings: Any) -> Coach:
    """The one-line tips of the "coach" setting: topics explained on this machine before
    (`settings.coach_seen`) are not explained again, and each new one is remembered."""

    def remember(topic: str) -> None:
        if topic not in settings.coach_seen:
            settings.coach_seen.append(topic)
            settings.save()

    return Coach(guided=False, seen=set(settings.coach_seen), remember=remember)

"""The Startup Fever director: rules events in, animation steps out, in the rules' order.

The table's step queue (`scenes.table.director`): each event becomes `Step`s
that start something (`begin`) and last `duration` seconds and/or `until` a condition
holds. Each step also moves the scene's `TableModel` on (money, fields, cubes, cards in
hand), so the table shows what the events said so far and nothing more. A step may be
a *gate* (the neutral "any cards?" beat human seats share): `skip()` runs everything up to
a gate but never through it. With the queue empty, `skip()` re-syncs the model with
`TableModel.from_state`. Nothing about the rules is decided here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from game.startupfever import events as ev
from game.startupfever.actions import KIND_NAMES
from game.startupfever.state import EXEC_KINDS, NEW_HIRE_FIELD
from scenes.engine.palette import GOLD, MINT, RED, WHITE
from scenes.startupfever.look import CATEGORY_ICONS
from scenes.startupfever.movers import ChipFlip, EventCardFlip, MarkerHop, SumTally
from scenes.table import look
from scenes.table.die import FLIGHT, HOLD, DieRoll
from scenes.table.director import Director as QueueDirector
from scenes.table.director import Step as QueueStep
from scenes.table.director import event_handlers
from scenes.table.effects import Flyer

if TYPE_CHECKING:  # none of these imports this module
    import pygame

    from scenes.engine.palette import Color
    from scenes.engine.scene import Host
    from scenes.startupfever.coach import Coach
    from scenes.startupfever.model import TableModel
    from scenes.startupfever.movers import Movers
    from scenes.startupfever.showdown import Showdown
    from scenes.startupfever.table_view import TableView
    from scenes.table.cards import CardFlip
    from scenes.table.effects import Effects


class Table(Protocol):
    """What the director needs of the table it plays on (`TableScene`, which imports this
    module): what the table shows (`model`), where things are (`view`), the pieces it
    moves and the words and beats it shows."""

    app: Host
    model: TableModel
    view: TableView
    movers: Movers
    effects: Effects
    showdown: Showdown
    coach: Coach | None
    die: DieRoll | None
    card: CardFlip | None
    beat: Any
    active: int | None
    table_rect: pygame.Rect

    def name(self, seat: int) -> str: ...

    def colour(self, seat: int) -> Color: ...

    def is_human(self, seat: int) -> bool: ...

    def sound(self, name: str) -> None: ...

    def banner(self, text: str, colour: Color, icon: str | None = None) -> None: ...

    def title_card(self, title: str, subtitle: str = "") -> None: ...

    def flash_product(self, slot: str) -> None: ...

    def log_event(self, event: object) -> None: ...

    def marker_image(self, slot: str, size: int = 34) -> pygame.Surface: ...

    def chip_back(self, size: int) -> pygame.Surface: ...

    def tally_area(self) -> pygame.Rect: ...

    def card_spot(self) -> tuple[int, int]: ...

    def shares_beat(self) -> bool: ...

    def open_beat(self, event: object) -> None: ...

    def record_history(self) -> None: ...

    def finish_motion(self) -> None: ...

WORKER_SIZE = 30  # px, a cube flying over the table
COIN = 26


@dataclass
class Step(QueueStep):
    gate: bool = False  # waits for people (the card-window beat): skip stops here


OWN_CARD_HOLD = 0.9  # s: a card shown to nobody but the person who just chose it


class Director(QueueDirector):
    """Plays SF events; `steps_for` finds the method `on_<EventName>` of the event's class
    (`scenes.table.director.event_handlers`)."""

    def __init__(self, stage: Table) -> None:
        super().__init__(stage)
        self.stage: Table = stage
        self.offer: ev.PoachOffered | None = None  # the offer a Poached event completes
        self.allocating: set[int] = set()  # seats already announced as allocating
        self.year_end_shown = 0  # the year whose "YEAR n ENDS" card was shown
        self.early: set[int] = set()  # windows whose beat opened with the steps before

    def push(self, events: list) -> None:
        """The events the rules just gave: the story (why.py) hears them all first. A
        card window they end on rides on their animation: with a passive table
        (beat.passive_table) its wait starts with their first step, not after the last,
        so a window nobody uses costs (almost) no time of its own."""
        heard = getattr(self.stage, "heard", None)
        if heard is not None:
            heard(events)
        start = len(self.queue)
        super().push(events)
        last = events[-1] if events else None
        if not isinstance(last, ev.WindowOpened) and self.stage.shares_beat() and \
                any(isinstance(e, ev.CardPlayed) for e in events):
            # a card's beat (Defense, "another card?") opened with the card ("card beat"):
            # the table waits for it after the card's effect has played, not before
            s = self.stage
            self.queue.append(Step("beat", 0.0, until=lambda: s.beat is None, gate=True))
        if isinstance(last, ev.WindowOpened) and self._rides(last) and len(self.queue) > start:
            self.early.add(id(last))
            s = self.stage
            self.queue.insert(start, Step("window rides", 0.0, lambda: s.open_beat(last)))

    def _rides(self, e: ev.WindowOpened) -> bool:
        from scenes.startupfever.beat import passive_table

        s = self.stage
        return s.shares_beat() and passive_table(s.context())

    def steps_for(self, event: object) -> list[Step]:
        name = _handlers().get(type(event))
        handler = getattr(self, name) if name is not None else None
        if handler is None:  # an event this screen has no picture for: still log it
            steps = [Step(type(event).__name__, 0.3, lambda: self.stage.log_event(event))]
        else:
            steps = handler(event)
        coach = self.stage.coach
        if coach is not None:  # the coach hears of the event as the table shows it
            steps.insert(0, Step("coach", 0.0, lambda: coach.saw(event, self.stage)))
        return steps

    def skip(self) -> None:
        """Finish every step up to the next gate (a human beat is never skipped)."""
        s = self.stage
        while self.queue:
            step = self.queue[0]
            if not step.started:
                step.started = True
                step.begin()
            if getattr(step, "gate", False):
                break
            self.queue.popleft()
            self.played += 1
            s.finish_motion()
        s.finish_motion()

    # -- helpers ------------------------------------------------------------------------

    def _log(self, event: object) -> None:
        self.stage.log_event(event)

    def _coins(self, start: tuple[float, float], end: tuple[float, float], count: int,
               time: float = 0.5) -> None:
        coin = look.scaled("icon_coin", (COIN, COIN))
        for i in range(max(0, min(count, 8))):
            self.stage.effects.fly(Flyer(coin, start, end, delay=0.05 * i, time=time, arc=-90))

    def _pay_bank(self, seat: int, amount: int) -> None:
        """Coins fly from a company to the bank (the counters show the event's figures)."""
        s = self.stage
        self._coins(s.view.money_spot(seat), s.view.place("bank").center, amount)

    def _from_bank(self, seat: int, amount: int) -> None:
        s = self.stage
        self._coins(s.view.place("bank").center, s.view.money_spot(seat), amount)

    def money_back(self, seat: int, amount: int) -> None:
        """A step taken back: its money flies from the bank back to the company."""
        self._from_bank(seat, amount)

    def _employee_spot(self, seat: int, slot: str | None, kind: str, vest: int
                       ) -> tuple[int, int]:
        """Where an employee stands: a vesting cell of a product, or the company panel."""
        s = self.stage
        if kind in EXEC_KINDS or slot is None:
            return s.view.panel_rect(seat).center
        return s.view.vest_cell(slot, vest, kind)

    def _fly_employee(self, kind: str, start: tuple[float, float], end: tuple[float, float],
                      time: float = 0.55, arc: float = -100, fall: bool = False) -> None:
        icon = look.scaled(kind, (WORKER_SIZE + 8, WORKER_SIZE + 8) if kind in EXEC_KINDS
                           else (WORKER_SIZE, WORKER_SIZE))
        self.stage.effects.fly(Flyer(icon, start, end, time=time, arc=arc, fall=fall))

    def _hop_steps(self, slot: str, start: int, end: int, label: str) -> list[Step]:
        """The marker hops field by field from `start` to `end`; the model follows."""
        s = self.stage

        def begin() -> None:
            model = s.model
            step = 1 if end >= start else -1
            spots = [s.view.marker_spot(slot, start, model)]
            spots += [s.view.field_center(f) for f in range(start + step, end, step)]
            model.products[slot].field = end
            model.rescore()
            spots.append(s.view.marker_spot(slot, end, model))
            if end == start:
                return
            sharing = len(model.on_field(end)) if end > 0 else 2  # (start: shared size)
            size = s.view.marker_size(sharing)  # it hops at the size it lands at
            s.movers.hops.append(MarkerHop(slot, s.marker_image(slot, size), spots,
                                           on_hop=lambda k: s.sound("hop")))
        return [Step(label, 0.0, begin, until=lambda: not s.movers.hopping(slot))]

    def _card_to_hand(self, seat: int, delay: float = 0.0) -> None:
        s = self.stage
        back = look.scaled("card_event_back", (34, 47))
        s.effects.fly(Flyer(back, s.view.place("deck").center, s.view.hand_spot(seat),
                            delay=delay, time=0.45, arc=-70))

    def year_end_card(self) -> list[Step]:
        """"YEAR 2 ENDS", once per year, before the first year-end event is shown."""
        s = self.stage
        year = s.model.year
        if self.year_end_shown >= year:
            return []
        self.year_end_shown = year

        last = s.model.last_year is not None and year >= s.model.last_year
        subtitle = "Showdowns, then the final score" if last else \
            "Showdowns, vesting, new cards, marketing"

        def begin() -> None:
            s.title_card(f"YEAR {year} ENDS", subtitle)
            s.sound("fanfare")
        return [Step("year ends", 1.6, begin)]

    # -- set-up and years ---------------------------------------------------------------

    def on_ChipPlaced(self, e: ev.ChipPlaced) -> list[Step]:
        s = self.stage

        def begin() -> None:  # face down: where it goes, never what it is (F13)
            s.model.products[e.slot].chip = True  # (table: the area shows the face-down chip)
            chip = s.chip_back(26)
            s.effects.fly(Flyer(chip, s.view.panel_rect(e.seat).center, s.view.chip_center(e.slot),
                                time=0.4, arc=-60))
            s.sound("card_flip")
            self._log(e)
        return [Step("chip", 0.3, begin)]

    def on_CardDrawn(self, e: ev.CardDrawn) -> list[Step]:
        s = self.stage

        def begin() -> None:  # face down: never which card (F13)
            s.model.deck = max(0, s.model.deck - 1)
            s.model.companies[e.seat].hand += 1
            self._card_to_hand(e.seat)
            s.sound("card_flip")
            self._log(e)
        return [Step("card dealt", 0.16, begin)]

    def on_DeckReshuffled(self, e: ev.DeckReshuffled) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.model.deck += e.cards
            s.model.discard = max(0, s.model.discard - e.cards)
            s.banner("Discard pile shuffled into a new deck", WHITE, "icon_event")
            s.sound("card_flip")
            self._log(e)
        return [Step("reshuffle", 0.8, begin)]

    def on_ProductPicked(self, e: ev.ProductPicked) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.flash_product(e.slot)
            s.sound("click")
            self._log(e)
        return [Step("picked", 0.3, begin)]

    def on_PositionChosen(self, e: ev.PositionChosen) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.flash_product(e.slot)
            s.effects.text(f"#{e.position + 1}", s.view.product_rect(e.slot).center,
                           s.colour(e.seat), 34, 1.0)
            s.sound("click")
            self._log(e)
        return [Step("position", 0.35, begin)]

    def on_TurnOrderSet(self, e: ev.TurnOrderSet) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.model.order = list(e.order)
            s.sound("whoosh")
            self._log(e)
        return [Step("order", 0.6, begin)]

    def on_YearStarted(self, e: ev.YearStarted) -> list[Step]:
        s = self.stage

        def begin() -> None:
            if e.year > 1:
                s.record_history()  # VP at the end of the year before
            s.model.year = e.year
            s.model.current = None
            if s.model.last_year == e.year:
                s.title_card("LAST YEAR", f"Year {e.year}: the game ends with it")
            else:
                s.title_card(f"YEAR {e.year}", "Every product takes its turn")
            s.sound("turn")
            self._log(e)
        return [Step("year", 1.4, begin)]

    def on_TurnStarted(self, e: ev.TurnStarted) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.model.current = e.slot
            s.active = e.seat
            if s.is_human(e.seat):
                s.banner(f"{s.name(e.seat)}'s product {e.slot}", s.colour(e.seat),
                         "user_marker")
            s.flash_product(e.slot)
            s.sound("whoosh")
            self._log(e)
        return [Step("turn start", 0.45, begin)]

    def beat_step(self, e: object) -> list[Step]:
        """The neutral beat human seats share (beat.py), a gate skip never passes."""
        s = self.stage
        if not s.shares_beat():
            return []
        def begin() -> None:
            if id(e) in self.early:  # opened with the animation before it (push)
                self.early.discard(id(e))
                return
            s.open_beat(e)
        return [Step("beat", 0.0, begin, until=lambda: s.beat is None, gate=True)]

    def on_WindowOpened(self, e: ev.WindowOpened) -> list[Step]:
        steps = self.year_end_card() if e.window == "competition" else []
        return steps + self.beat_step(e)

    # -- a product turn -----------------------------------------------------------------

    def on_DieRolled(self, e: ev.DieRolled) -> list[Step]:
        s = self.stage
        if e.purpose in ("competition", "tie re-roll"):
            return self.year_end_card() + [
                Step("showdown die", 0.0, lambda: s.showdown.roll(e.slot, e.value),
                     until=lambda: s.showdown.settled)]
        seat = s.model.products[e.slot].owner if e.slot else None
        caption = f"{e.slot}: {e.purpose}" if e.slot else e.purpose

        def throw() -> None:
            colour = s.colour(seat) if seat is not None else GOLD
            s.die = DieRoll(e.value, caption, colour)
            s.sound("dice_roll")

        def land() -> None:
            s.sound("dice_land")
            self._log(e)
        return [Step("die thrown", FLIGHT * 0.82, throw),
                Step("die settles", FLIGHT * 0.18 + HOLD * 0.5, land,
                     until=lambda: s.die is None or s.die.settled)]

    def on_UsersAdopted(self, e: ev.UsersAdopted) -> list[Step]:
        s = self.stage
        seat = s.model.products[e.slot].owner
        terms = [("die", e.roll)]
        if e.nerds:
            terms.append(("Nerds", e.nerds))
        if e.big_nerd_bonus:
            terms.append(("Big Nerd", e.big_nerd_bonus))
        if e.card_bonus:
            terms.append(("cards", e.card_bonus))
        note = "halved by Server Outage (rounded up)" if e.halved else ""

        def begin() -> None:
            s.movers.tally = SumTally(f"{s.name(seat)}'s {e.slot} gains users", terms, e.total,
                                      s.colour(seat), s.tally_area(), note)
            s.sound("tick")

        def clear() -> None:
            s.movers.tally = None
            self._log(e)
        return [Step("adoption sum", 0.0, begin,
                     until=lambda: s.movers.tally is None or s.movers.tally.done),
                Step("sum read", 0.0, clear),
                *self._hop_steps(e.slot, e.from_field, e.to_field, "adoption hops")]

    def on_ProductLaunched(self, e: ev.ProductLaunched) -> list[Step]:
        s = self.stage

        def begin() -> None:
            product = s.model.products[e.slot]
            product.launched = True
            product.category = e.category
            centre = s.view.chip_center(e.slot)
            s.movers.flips.append(ChipFlip(centre, e.category, s.colour(e.seat)))
            s.effects.confetti(centre, 40, 700)
            s.effects.sparks(centre, 12)
            how = "LEAKS" if e.leaked else "LAUNCHES"
            s.banner(f"{e.slot} {how}: {e.category}!", s.colour(e.seat),
                     CATEGORY_ICONS.get(e.category))
            s.sound("fanfare")
            self._log(e)
        steps = [Step("launch", 1.3, begin)]
        model = s.model
        if model.last_year is None and all(p.launched or slot == e.slot
                                           for slot, p in model.products.items()):
            steps.append(self._last_call())
        return steps

    def _last_call(self) -> Step:
        """The last product launched: this year (or the agreed extra years) ends the
        game (F12), said at once with a banner and its own sound."""
        s = self.stage
        extra = s.state.extra_years

        def begin() -> None:
            s.model.last_year = s.model.year + extra
            text = "LAST YEAR! Every product has launched" if not extra else \
                f"Every product launched: {extra + 1} years to go, counting this one"
            s.banner(text, GOLD, "icon_launch")
            s.sound("last_call")
        return Step("last year", 1.8, begin)

    def on_RevenueEarned(self, e: ev.RevenueEarned) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.model.show(e.shown)
            self._from_bank(e.seat, e.paid)
            parts = [f"{e.base} users"]
            if e.suits:
                parts.append(f"{e.suits} Suits")
            if e.big_suit_bonus:
                parts.append(f"{e.big_suit_bonus} Big Suit")
            at = s.view.money_spot(e.seat)
            s.effects.text(f"+{e.paid}", (at[0] - 60, at[1]), MINT, 34, 1.1)
            if e.paid < e.due:
                s.banner(f"Recession: the bank pays {e.paid} of {e.due}", RED, "icon_cash")
            s.sound("coin")
            self._log(e)
        return [Step("revenue", 0.6, begin)]

    def on_Hired(self, e: ev.Hired) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.model.show(e.shown)
            self._pay_bank(e.seat, e.cost)
            start = s.view.supply_spot(e.kind)
            end = self._employee_spot(e.seat, e.slot, e.kind, NEW_HIRE_FIELD)
            if e.failed:
                self._fly_employee(e.kind, start, (start[0] + 40, start[1] + 90), fall=True)
                s.effects.text("HIRING FAILURE", start, RED, 30, 1.2)
                s.sound("error")
            else:
                self._fly_employee(e.kind, start, end)
                s.sound("server_up")
            self._log(e)
        return [Step("hire", 0.5, begin)]

    def on_PoachOffered(self, e: ev.PoachOffered) -> list[Step]:
        s = self.stage
        self.offer = e

        def begin() -> None:
            at = self._employee_spot(e.from_seat, e.from_slot, e.kind, e.vest)
            s.effects.text(f"offer {e.offer}", at, GOLD, 30, 1.2)
            if e.from_slot:
                s.flash_product(e.from_slot)
            s.sound("whoosh")
            self._log(e)
        return [Step("offer", 0.8, begin)]

    def on_CounterOffered(self, e: ev.CounterOffered) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.model.show(e.shown)
            self._pay_bank(e.seat, e.amount)
            at = self._employee_spot(e.seat, e.slot, e.kind, e.to_vest)
            s.effects.text(f"KEPT for {e.amount}", at, MINT, 30, 1.3)
            s.banner(f"{s.name(e.seat)} counters: the {KIND_NAMES[e.kind]} stays",
                     s.colour(e.seat), e.kind)
            s.sound("confirm")
            self._log(e)
        return [Step("counter", 1.0, begin)]

    def on_Poached(self, e: ev.Poached) -> list[Step]:
        s = self.stage
        offer = self.offer
        vest = offer.vest if offer is not None and offer.kind == e.kind else 0
        self.offer = None

        def begin() -> None:
            s.model.show(e.shown)
            self._pay_bank(e.seat, e.cost)
            start = self._employee_spot(e.from_seat, e.from_slot, e.kind, vest)
            end = self._employee_spot(e.seat, e.slot, e.kind, NEW_HIRE_FIELD)
            self._fly_employee(e.kind, start, end, time=0.8, arc=-180)
            s.effects.text("POACHED!", start, RED, 32, 1.2)
            s.sound("server_down")
            self._log(e)
        return [Step("poached", 0.95, begin)]

    def on_Retained(self, e: ev.Retained) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.model.show(e.shown)
            self._pay_bank(e.seat, e.cost)
            start = self._employee_spot(e.seat, e.slot, e.kind, e.from_vest)
            end = self._employee_spot(e.seat, e.slot, e.kind, e.to_vest)
            self._fly_employee(e.kind, start, end, time=0.4, arc=-40)
            s.sound("tick")
            self._log(e)
        return [Step("retain", 0.55, begin)]

    def on_ManageSkipped(self, e: ev.ManageSkipped) -> list[Step]:
        s = self.stage

        def begin() -> None:
            owner = s.model.products[e.slot].owner
            s.banner(f"{e.slot} hires nobody: {e.reason}", s.colour(owner), "icon_stuck")
            s.sound("click")
            self._log(e)
        return [Step("manage skipped", 0.5, begin)]

    def on_UsersLost(self, e: ev.UsersLost) -> list[Step]:
        s = self.stage

        def begin() -> None:
            at = s.view.field_center(e.from_field)
            s.effects.text(f"-{e.from_field - e.to_field}", at, RED, 30, 0.9)
            s.sound("server_down")
            self._log(e)
        return [Step("users lost", 0.2, begin),
                *self._hop_steps(e.slot, e.from_field, e.to_field, "loss hops")]

    # -- cards --------------------------------------------------------------------------

    def on_CardPlayed(self, e: ev.CardPlayed) -> list[Step]:
        s = self.stage
        company = s.model.companies[e.seat]

        def begin() -> None:
            company.hand = max(0, company.hand - 1)
            s.model.discard += 1
            start = s.view.hand_spot(e.seat)
            self._log(e)
            if e.slot is None and e.target_seat is None:  # dumped without effect
                back = look.scaled("card_event_back", (34, 47))
                s.effects.fly(Flyer(back, start, s.view.place("discard").center, time=0.4))
                s.sound("card_flip")
                return
            s.card = EventCardFlip(e.name, e.text, start, s.card_spot(), s.app.fonts)
            if s.is_human(e.seat) and sum(1 for x in s.seats if x.human) == 1:
                s.card.hold = OWN_CARD_HOLD  # alone at the table: its player has read it
            target = e.slot if e.slot else s.name(e.target_seat)
            s.banner(f"{s.name(e.seat)} plays {e.name} on {target}", s.colour(e.seat))
            if e.slot:
                s.flash_product(e.slot)
            s.sound("card_flip")
        # a card is read to its end before the next one rises; the table goes on beneath
        # it once it has been up a while (its effect plays while it is still up), and
        # the next question waits for it (TableScene.update)
        steps = [Step("card before", 0.0, until=lambda: s.card is None or s.card.done),
                 Step("card", 0.0, begin, until=lambda: s.card is None or s.card.read)]
        if self._batch and isinstance(self._batch[-1], ev.WindowOpened):
            return steps  # the play closed its window: the next window's beat rides on it
        # the target may be asked about Defense, the player about another card: that beat
        # opens now, riding on the card and its effect (`push` adds the wait for it)
        return steps + [Step("card beat", 0.0,
                             lambda: s.open_beat(e) if s.shares_beat() else None)]

    def on_CardCancelled(self, e: ev.CardCancelled) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.model.companies[e.seat].hand = max(0, s.model.companies[e.seat].hand - 1)
            s.model.discard += 1
            s.banner(f"DEFENSE! {s.name(e.seat)}'s lawyers stop it", s.colour(e.seat),
                     "icon_event")
            s.sound("confirm")
            self._log(e)
        return [Step("defense", 1.1, begin)]

    def on_MoneyMoved(self, e: ev.MoneyMoved) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.model.show(e.shown)
            if e.amount >= 0:
                self._from_bank(e.seat, e.amount)
            else:
                self._pay_bank(e.seat, -e.amount)
            at = s.view.money_spot(e.seat)
            s.effects.text(f"{e.amount:+d}", (at[0] - 60, at[1]), MINT if e.amount >= 0
                           else RED, 32, 1.0)
            s.sound("coin" if e.amount >= 0 else "back")
            self._log(e)
        return [Step("money", 0.7, begin)]

    def on_CardEffect(self, e: ev.CardEffect) -> list[Step]:
        s = self.stage

        def begin() -> None:
            if e.slot:
                s.flash_product(e.slot)
            self._log(e)
        return [Step("card effect", 0.3, begin)]

    def on_EmployeeMoved(self, e: ev.EmployeeMoved) -> list[Step]:
        s = self.stage

        def spot(slot: str | None, vest: int) -> tuple[int, int]:
            if slot is None:
                return s.view.supply_spot(e.kind)
            return s.view.vest_cell(slot, vest, e.kind)

        def begin() -> None:
            s.model.show(e.shown)
            self._fly_employee(e.kind, spot(e.from_slot, e.from_vest),
                               spot(e.to_slot, e.to_vest), time=0.45, arc=-80)
            s.sound("move")
            self._log(e)
        return [Step("employee moved", 0.4, begin)]

    # -- year end -----------------------------------------------------------------------

    def on_CompetitionResult(self, e: ev.CompetitionResult) -> list[Step]:
        s = self.stage
        steps = self.year_end_card()

        def ranks() -> None:
            s.showdown.result(e)
            s.sound("fanfare")
            self._log(e)
        steps.append(Step("ranks", 0.0, ranks, until=lambda: s.showdown.settled))
        steps.append(Step("ranks read", 0.5))
        steps.append(Step("showdown closes", 0.0, s.showdown.close,
                          until=lambda: not s.showdown.active))
        for slot, _strength, _delta, start, end in e.ranking:  # Table 2 moves the markers
            steps += self._hop_steps(slot, start, end, "table 2 move")
            steps[-1].until = None  # all markers move together; the next step waits
        steps.append(Step("markers land", 0.0, until=lambda: not s.movers.hops))
        return steps

    def on_YearEndStep(self, e: ev.YearEndStep) -> list[Step]:
        s = self.stage
        steps = self.year_end_card()
        if e.step.startswith("vest"):
            def vest() -> None:
                for slot, product in s.model.products.items():  # each cube ticks one field
                    for kind, v in product.workers:
                        if v >= 1:
                            self._fly_employee(kind, s.view.vest_cell(slot, v, kind),
                                               s.view.vest_cell(slot, v - 1, kind), time=0.4,
                                               arc=-24)
                s.model.show(e.shown)
                s.banner("Vesting: every employee moves up one field", MINT, "nerd")
                s.sound("tick")
                self._log(e)
            return steps + [Step("vesting", 1.2, vest)]
        if e.step == "discard":
            def discard() -> None:
                bank = s.view.place("bank").center
                for slot, product in s.model.products.items():
                    if product.marketing:
                        self._coins(s.view.marketing_spot(slot), bank, product.marketing)
                s.model.show(e.shown)
                s.sound("coin")
                self._log(e)
            return steps + [Step("discard", 0.7, discard)]
        return steps + [Step(e.step, 0.4, lambda: self._log(e))]

    def on_MarketingPlaced(self, e: ev.MarketingPlaced) -> list[Step]:
        """Sealed marketing (F14): a private event; the table shows nothing of it (every
        seat's turn is announced alike, `announce_allocating`)."""
        return []

    def announce_allocating(self, seat: int) -> bool:
        """The rules ask `seat` for its sealed marketing (F14): "X is allocating…" once,
        the same for every seat whatever it will seal (nothing, too). True when queued."""
        if seat in self.allocating:
            return False
        self.allocating.add(seat)
        s = self.stage

        def begin() -> None:
            s.banner(f"{s.name(seat)} is allocating marketing…", s.colour(seat),
                     "money_token")
            s.sound("click")
        self.queue.append(Step("allocating", 0.6, begin))
        return True

    def on_MarketingRevealed(self, e: ev.MarketingRevealed) -> list[Step]:
        """F14: every product's new marketing at once, money flying from each company."""
        s = self.stage
        self.allocating.clear()

        def begin() -> None:
            for slot, owner, tokens in e.marketing:
                delta = tokens - s.model.products[slot].marketing
                if delta <= 0:
                    continue
                coin = look.scaled("money_token", (COIN, COIN))
                for i in range(min(delta, 6)):
                    s.effects.fly(Flyer(coin, s.view.money_spot(owner),
                                        s.view.marketing_spot(slot), delay=0.06 * i, time=0.5))
            s.model.show(e.shown)
            s.banner(f"Marketing for year {e.year} revealed", GOLD, "money_token")
            s.sound("coin")
            self._log(e)
        return [Step("marketing revealed", 1.2, begin)]

    def on_GameEnded(self, e: ev.GameEnded) -> list[Step]:
        s = self.stage

        def begin() -> None:
            s.record_history()
            winners = " & ".join(s.name(w) for w in e.winners)
            s.banner(f"GAME OVER! {winners} win{'s' if len(e.winners) == 1 else ''}", GOLD,
                     "icon_finish")
            s.effects.confetti(s.table_rect.center, 80, 1000)
            s.sound("fanfare")
            self._log(e)
        return [Step("game over", 2.2, begin)]


@cache
def _handlers() -> dict[type, str]:
    return event_handlers(Director, ev, "on_")

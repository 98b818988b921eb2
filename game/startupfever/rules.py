"""The Startup Fever state machine: set-up, product turns, year end and scoring.

`State.stage` names where the game stands. Decision stages wait for `current_player`;
chance stages wait for a die roll, a card draw or a random pick; every other stage is
automatic and is run through by `_advance()` until the next decision or chance step.
Employee management lives in `employees.py`, Event Cards in `effects.py`, save files and
observations in `persist.py`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import events as ev
from . import usertrack
from .actions import (
    ChoosePosition,
    Counter,
    Defend,
    Draw,
    EndManage,
    EndMarketing,
    EndReassign,
    EndUserLoss,
    Hire,
    LosePip,
    Market,
    MoveResigned,
    Pass,
    PickProduct,
    PlaceChip,
    PlayCard,
    Poach,
    Reassign,
    Retain,
    Roll,
)
from .cards import ADOPTION, COMPETITION, DISCARD, HAND_SIZE, MANAGE, REVENUE, USER_LOSS, full_deck
from .effects import CardsMixin
from .employees import EmployeesMixin
from .persist import PersistMixin
from .state import (
    BIG_NERD,
    BIG_SUIT,
    HIRES_PER_TURN,
    LAST_YEAR,
    NERD,
    SLOTS,
    START_MONEY,
    SUIT,
    SUPPLY_WORKERS,
    TOTAL_MONEY,
    Player,
    Product,
    categories_for,
    products_per_player,
)

CHANCE = -1
TERMINAL = -2

# Table 2 (user adjustments by rank), completed by RULINGS F8: zero-sum in every column.
TABLE2: dict[int, tuple[int, ...]] = {
    2: (5, -5),
    3: (8, -3, -5),
    4: (9, 1, -4, -6),
    5: (12, 3, -3, -5, -7),
    6: (12, 3, -1, -2, -5, -7),
}

CHANCE_STAGES = frozenset({"deal", "first_order", "adoption_roll", "loss_roll", "comp_roll",
                           "order_tie"})
DECISION_STAGES = frozenset({"chips", "window", "defense", "attrition", "manage", "counter",
                             "loss", "reassign", "marketing", "order_choose"})
ROLLS = tuple(Roll(v) for v in range(1, 7))


class IllegalAction(ValueError):
    """Raised by `apply` for an action that is not legal now; the state is unchanged."""


class State(EmployeesMixin, CardsMixin, PersistMixin):
    """A whole game of Startup Fever as plain data plus the rules that move it on."""

    def __init__(self, names: list[str], seed: int | None = None, extra_years: int = 0):
        n = len(names)
        if not 2 <= n <= 6:
            raise ValueError(f"Startup Fever needs 2-6 players, not {n}")
        if not 0 <= extra_years <= 2:
            raise ValueError("extra_years must be 0, 1 or 2 (F12)")
        per = products_per_player(n)
        self.seed = seed
        self.rng = random.Random(seed)
        self.extra_years = extra_years
        self.players = [Player(name) for name in names]
        self.products: dict[str, Product] = {}
        for i, slot in enumerate(SLOTS[: n * per]):
            self.products[slot] = Product(slot, i // per)
            self.players[i // per].slots.append(slot)
        self.categories = categories_for(n)
        self.bank = TOTAL_MONEY - START_MONEY * n
        self.supply = {NERD: SUPPLY_WORKERS, SUIT: SUPPLY_WORKERS, BIG_NERD: n - 1,
                       BIG_SUIT: n - 1}
        self.deck = full_deck()
        self.discard: list[str] = []
        self.played: list[str] = []  # cards played this year (discarded at year end)
        self.year = 0
        self.turn_order: list[str] = []
        self.turn_index = 0
        self.turn_seat = 0
        self.in_turn = False  # True from TurnStarted to the end of that product turn
        self.actor = 0  # the deciding seat in decision stages
        self.stage = "chips_check"
        self.all_launched_year: int | None = None
        self.end_reason: str | None = None
        # set-up, dealing and random picks
        self.deal_queue: list[int] = []
        self.deal_after = ""
        self.order_pool: list[str] = []
        # card windows and card effects
        self.window: str | None = None
        self.window_seats: list[int] = []
        self.after_window = ""
        self.pending_card: dict | None = None
        self.attrition: dict | None = None
        self.exec_power: list[int] = []  # companies under Executive Power this year
        self.press: dict[str, int] = {}  # Press Coverage strength bonus this year
        # the current product turn
        self.adopt_bonus = 0
        self.adopt_halved = False
        self.hire_fails: list[str] = []
        self.hire_limit = HIRES_PER_TURN
        self.hires = 0
        self.manage_blocked = False
        self.poach_counts: dict[str, int] = {}
        self.protected: dict[str, int] = {}
        self.pending_poach: dict | None = None
        self.loss_left = 0
        self.loss_taken: dict[str, int] = {}
        # year end
        self.comp_queue: list[str] = []
        self.comp_category = ""
        self.comp_base: dict[str, list[int]] = {}  # slot -> [strength without die, nerds]
        self.comp_rolls: dict[str, list[int]] = {}
        self.comp_pending: list[str] = []
        self.seat_queue: list[int] = []  # seats still to reassign / allocate marketing
        self.order_groups: list[list[str]] = []
        self.new_order: list[str | None] = []
        self._events: list = []
        self._legal: list | None = None
        self._advance()

    # ------------------------------------------------------------------ public API
    @property
    def current_player(self) -> int:
        if self.stage in CHANCE_STAGES:
            return CHANCE
        if self.stage == "over":
            return TERMINAL
        return self.actor

    @property
    def current_slot(self) -> str | None:
        """The product whose turn it is (None outside product turns)."""
        if self.turn_order and self.turn_index < len(self.turn_order) and self.in_turn:
            return self.turn_order[self.turn_index]
        return None

    def is_terminal(self) -> bool:
        return self.stage == "over"

    def legal_actions(self) -> list:
        """Legal actions now; at a chance step, the possible outcomes."""
        stage = self.stage
        if stage in CHANCE_STAGES:
            acts = [a for a, _p in self.chance_outcomes()]
        elif stage == "over":
            acts = []
        else:
            acts = self._LEGAL[stage](self)
        self._legal = acts
        return acts

    def chance_outcomes(self) -> list[tuple]:
        """[(outcome, probability)] at a chance step, else []."""
        stage = self.stage
        if stage in ("adoption_roll", "loss_roll", "comp_roll"):
            return [(r, 1 / 6) for r in ROLLS]
        if stage == "deal":
            total = sum(self.deck.values())
            return [(Draw(c), k / total) for c, k in self.deck.items() if k]
        if stage == "first_order":
            pool = self.order_pool
            return [(PickProduct(s), 1 / len(pool)) for s in pool]
        if stage == "order_tie":
            group = self.order_groups[0]
            return [(PickProduct(s), 1 / len(group)) for s in group]
        return []

    def sample_chance(self):
        """Sample the outcome of the current chance step with the state's seeded RNG."""
        stage = self.stage
        rng = self.rng
        if stage in ("adoption_roll", "loss_roll", "comp_roll"):
            return ROLLS[rng.randrange(6)]
        if stage == "deal":
            pick = rng.randrange(sum(self.deck.values()))
            for card, k in self.deck.items():
                if pick < k:
                    return Draw(card)
                pick -= k
        if stage == "first_order":
            return PickProduct(self.order_pool[rng.randrange(len(self.order_pool))])
        if stage == "order_tie":
            group = self.order_groups[0]
            return PickProduct(group[rng.randrange(len(group))])
        raise IllegalAction(f"no chance step now (stage {stage})")

    def apply(self, action) -> list:
        """Apply a legal action or chance outcome; return the events it caused."""
        stage = self.stage
        if stage == "over":
            raise IllegalAction("the game is over")
        if stage in CHANCE_STAGES:
            self._check_chance(action)
        else:
            legal = self._legal
            if legal is None or not any(a is action for a in legal):
                legal = self._LEGAL[stage](self)
                if action not in legal and not (stage == "manage"
                                                 and self._is_legal_manage(action)):
                    raise IllegalAction(f"illegal action now ({stage}): {action}")
        self._legal = None
        self._events = events = []
        self._APPLY[type(action)](self, action)
        self._advance()
        return events

    def scores(self) -> list[int]:
        """Victory points per seat: the small numbers under each product's marker."""
        vp = [0] * len(self.players)
        for p in self.products.values():
            vp[p.owner] += usertrack.victory_points(p.field)
        return vp

    def winners(self) -> list[int]:
        """Most VP; on a tie more money; still tied: a shared win."""
        vp = self.scores()
        best = max((vp[i], pl.money) for i, pl in enumerate(self.players))
        return [i for i, pl in enumerate(self.players) if (vp[i], pl.money) == best]

    def clone(self) -> State:
        """A fast explicit copy (no deepcopy): containers copied, dataclasses copied."""
        new = State.__new__(State)
        d = new.__dict__
        for key, value in self.__dict__.items():
            d[key] = _copy(value)
        new._legal = None
        new._events = []
        return new

    # ------------------------------------------------------------------ helpers
    def _emit(self, event) -> None:
        self._events.append(event)

    def _check_chance(self, action) -> None:
        stage = self.stage
        if stage in ("adoption_roll", "loss_roll", "comp_roll"):
            ok = type(action) is Roll and 1 <= action.value <= 6
        elif stage == "deal":
            ok = type(action) is Draw and self.deck.get(action.card, 0) > 0
        elif stage == "first_order":
            ok = type(action) is PickProduct and action.slot in self.order_pool
        else:  # order_tie
            ok = type(action) is PickProduct and action.slot in self.order_groups[0]
        if not ok:
            raise IllegalAction(f"not a possible outcome now ({stage}): {action}")

    def _advance(self) -> None:
        """Run automatic stages until a decision, a chance step or the end."""
        steps = self._STEPS
        while True:
            step = steps.get(self.stage)
            if step is None:
                return
            step(self)

    def _pay_to_bank(self, seat: int, amount: int) -> None:
        self.players[seat].money -= amount
        self.bank += amount

    def _from_bank(self, seat: int, amount: int) -> int:
        """Pay up to `amount` from the bank (recession: what it has); return the paid sum."""
        paid = min(amount, self.bank)
        self.bank -= paid
        self.players[seat].money += paid
        return paid

    def _launch(self, slot: str, leaked: bool) -> None:
        p = self.products[slot]
        p.launched = True
        self._emit(ev.ProductLaunched(slot, p.owner, p.category, leaked))
        if self.all_launched_year is None and all(q.launched for q in self.products.values()):
            self.all_launched_year = self.year

    def _seats_from(self, seat: int) -> list[int]:
        n = len(self.players)
        return [(seat + i) % n for i in range(n)]

    def _open_window(self, window: str, then: str) -> None:
        self.window = window
        self.window_seats = self._seats_from(self.turn_seat)
        self.after_window = then
        self.stage = "window_check"

    # ------------------------------------------------------------------ set-up
    def _step_chips_check(self) -> None:
        for seat, pl in enumerate(self.players):
            unplaced = [s for s in pl.slots if self.products[s].category is None]
            if not unplaced:
                continue
            free = self._free_categories(seat)
            if len(unplaced) == 1:  # the last chip has only one place to go
                self._place_chip(unplaced[0], free[0])
                continue
            self.actor = self.turn_seat = seat
            self.stage = "chips"
            return
        self.deal_queue = [seat for _ in range(HAND_SIZE) for seat in range(len(self.players))]
        self.deal_after = "first_order_begin"
        self.stage = "deal_check"

    def _free_categories(self, seat: int) -> list[str]:
        used = {self.products[s].category for s in self.players[seat].slots}
        return [c for c in self.categories if c not in used]

    def _legal_chips(self) -> list:
        seat = self.actor
        slot = next(s for s in self.players[seat].slots if self.products[s].category is None)
        return [PlaceChip(slot, c) for c in self._free_categories(seat)]

    def _place_chip(self, slot: str, category: str) -> None:
        p = self.products[slot]
        p.category = category
        self._emit(ev.ChipPlaced(p.owner, slot, category))

    def _apply_place_chip(self, action: PlaceChip) -> None:
        self._place_chip(action.slot, action.category)
        self.stage = "chips_check"

    def _step_deal_check(self) -> None:
        if not self.deal_queue:
            self.stage = self.deal_after
            return
        if not any(self.deck.values()):
            if not self.discard:  # every card is in a hand: nothing left to draw
                self.deal_queue = []
                return
            for card in self.discard:
                self.deck[card] += 1
            self._emit(ev.DeckReshuffled(len(self.discard)))
            self.discard = []
        self.turn_seat = self.deal_queue[0]
        self.stage = "deal"

    def _apply_draw(self, action: Draw) -> None:
        seat = self.deal_queue.pop(0)
        self.deck[action.card] -= 1
        self.players[seat].hand.append(action.card)
        self._emit(ev.CardDrawn(seat, action.card))
        self.stage = "deal_check"

    def _step_first_order_begin(self) -> None:
        self.order_pool = list(self.products)
        self.turn_order = []
        self.stage = "first_order_check"

    def _step_first_order_check(self) -> None:
        if len(self.order_pool) == 1:
            self.turn_order.append(self.order_pool.pop())
        if not self.order_pool:
            self._emit(ev.TurnOrderSet(1, tuple(self.turn_order)))
            self.stage = "year_begin"
        else:
            self.stage = "first_order"

    def _apply_pick(self, action: PickProduct) -> None:
        if self.stage == "first_order":
            self.order_pool.remove(action.slot)
            self.turn_order.append(action.slot)
            self._emit(ev.ProductPicked(action.slot, "first-year order"))
            self.stage = "first_order_check"
        else:  # tie break: the picked product selects its position first
            group = self.order_groups[0]
            group.remove(action.slot)
            self.order_groups.insert(0, [action.slot])
            self._emit(ev.ProductPicked(action.slot, "tie break"))
            self.stage = "order_check"

    # ------------------------------------------------------------------ product turns
    def _step_year_begin(self) -> None:
        self.year += 1
        self.turn_index = 0
        self._emit(ev.YearStarted(self.year))
        self.stage = "turn_begin"

    def _step_turn_begin(self) -> None:
        slot = self.turn_order[self.turn_index]
        owner = self.products[slot].owner
        self.in_turn = True
        self.turn_seat = owner
        self.adopt_bonus = 0
        self.adopt_halved = False
        self.hire_fails = []
        self.hire_limit = HIRES_PER_TURN
        self.hires = 0
        self.manage_blocked = False
        self.poach_counts = {}
        self.protected = {}
        self._emit(ev.TurnStarted(self.year, slot, owner))
        self._open_window(ADOPTION, "adoption_roll")

    def _apply_roll(self, action: Roll) -> None:
        stage = self.stage
        if stage == "adoption_roll":
            self._adopt(action.value)
        elif stage == "loss_roll":
            self._emit(ev.DieRolled("user loss", action.value, self.current_slot))
            self.loss_left = action.value
            self.loss_taken = {}
            self.stage = "loss_check"
        else:
            self._competition_roll(action.value)

    def _adopt(self, roll: int) -> None:
        """Step 1: die + Nerds + 2 per Big Nerd (+ cards); launch on reaching the line."""
        slot = self.current_slot
        p = self.products[slot]
        pl = self.players[p.owner]
        nerds = p.nerd_count
        big = 2 * len(pl.big_nerds)
        total = roll + nerds + big + self.adopt_bonus
        if self.adopt_halved:
            total = (total + 1) // 2  # rounded in favour of the target company
        before = p.field
        p.field = min(usertrack.LAST_FIELD, before + total)
        self._emit(ev.DieRolled("adoption", roll, slot))
        self._emit(ev.UsersAdopted(slot, roll, nerds, big, self.adopt_bonus, self.adopt_halved,
                                   total, before, p.field))
        if not p.launched and p.field >= usertrack.LAUNCH_FIELD:
            self._launch(slot, leaked=False)
        self._open_window(REVENUE, "revenue")

    def _step_revenue(self) -> None:
        """Step 2: base revenue + Suits + 2 per Big Suit, paid by the bank as it can."""
        slot = self.current_slot
        p = self.products[slot]
        pl = self.players[p.owner]
        base = usertrack.base_revenue(p.field)
        suits = p.suit_count
        big = 2 * len(pl.big_suits)
        due = base + suits + big
        paid = self._from_bank(p.owner, due)
        self._emit(ev.RevenueEarned(slot, p.owner, base, suits, big, due, paid))
        self._open_window(MANAGE, "manage_begin")

    def _step_manage_begin(self) -> None:
        slot = self.current_slot
        owner = self.products[slot].owner
        if self.manage_blocked:
            self._emit(ev.ManageSkipped(slot, "antitrust investigation"))
            self.stage = "after_manage"
        elif self.players[owner].money == 0:
            self._emit(ev.ManageSkipped(slot, "no money"))
            self.stage = "after_manage"
        else:
            self.actor = owner
            self.stage = "manage"

    def _step_after_manage(self) -> None:
        if self.products[self.current_slot].launched:
            self._open_window(USER_LOSS, "loss_begin")
        else:
            self.stage = "turn_end"

    def _loss_targets(self) -> list[str]:
        taken = self.loss_taken
        return [s for s, p in self.products.items()
                if p.launched and p.field > usertrack.MARK_100M and taken.get(s, 0) < 2]

    def _step_loss_begin(self) -> None:
        """Step 4 (F7): rolling is free, since every pip is optional, so the die is rolled
        whenever some launched product stands above the 100M mark."""
        self.loss_taken = {}
        self.stage = "loss_roll" if self._loss_targets() else "turn_end"

    def _step_loss_check(self) -> None:
        if self.loss_left > 0 and self._loss_targets():
            self.actor = self.turn_seat
            self.stage = "loss"
        else:
            self.loss_left = 0
            self.stage = "turn_end"

    def _legal_loss(self) -> list:
        return [LosePip(s) for s in self._loss_targets()] + [EndUserLoss()]

    def _apply_lose_pip(self, action: LosePip) -> None:
        p = self.products[action.slot]
        p.field -= 1
        self.loss_taken[action.slot] = self.loss_taken.get(action.slot, 0) + 1
        self.loss_left -= 1
        self._emit(ev.UsersLost(action.slot, p.field + 1, p.field, "user loss"))
        self.stage = "loss_check"

    def _apply_end_loss(self, action: EndUserLoss) -> None:
        self.loss_left = 0
        self.stage = "loss_check"

    def _step_turn_end(self) -> None:
        self.in_turn = False
        self.turn_index += 1
        self.stage = "turn_begin" if self.turn_index < len(self.turn_order) else "year_end"

    # ------------------------------------------------------------------ year end
    def _step_year_end(self) -> None:
        self.turn_seat = self.products[self.turn_order[0]].owner
        self._open_window(COMPETITION, "comp_begin")

    def _step_comp_begin(self) -> None:
        self.comp_queue = list(self.categories)
        self.stage = "comp_next"

    def _step_comp_next(self) -> None:
        """F8: a showdown per category between at least two launched products."""
        while self.comp_queue:
            category = self.comp_queue.pop(0)
            entries = [s for s, p in self.products.items()
                       if p.launched and p.category == category]
            if len(entries) < 2:
                continue
            self.comp_category = category
            self.comp_base = {s: [self._strength(s), self.products[s].nerd_count]
                              for s in entries}
            self.comp_rolls = {s: [] for s in entries}
            self.comp_pending = entries
            self.turn_seat = self.products[entries[0]].owner
            self.stage = "comp_roll"
            return
        self.stage = "comp_done"

    def _strength(self, slot: str) -> int:
        """Table 1: Nerds on the product + 4 per Big Nerd + marketing (+ Press Coverage)."""
        p = self.products[slot]
        return (p.nerd_count + 4 * len(self.players[p.owner].big_nerds) + p.marketing
                + self.press.get(slot, 0))

    def _comp_key(self, slot: str) -> tuple[int, ...]:
        strength, nerds = self.comp_base[slot]
        rolls = self.comp_rolls[slot]
        return (strength + rolls[0], nerds, *rolls)

    def _competition_roll(self, value: int) -> None:
        slot = self.comp_pending.pop(0)
        rerolled = len(self.comp_rolls[slot]) > 0
        self.comp_rolls[slot].append(value)
        self._emit(ev.DieRolled("tie re-roll" if rerolled else "competition", value, slot))
        if self.comp_pending:
            self.turn_seat = self.products[self.comp_pending[0]].owner
            return
        keys = {s: self._comp_key(s) for s in self.comp_rolls}
        tied = [s for s in keys if list(keys.values()).count(keys[s]) > 1]
        if tied:  # equal strength, Nerds and dice: the tied products roll again
            self.comp_pending = tied
            self.turn_seat = self.products[tied[0]].owner
            return
        ranking = sorted(keys, key=keys.__getitem__, reverse=True)
        deltas = TABLE2[len(ranking)]
        rows = []
        for slot_, delta in zip(ranking, deltas, strict=True):
            p = self.products[slot_]
            before = p.field
            p.field = usertrack.clamp(before + delta)
            rows.append((slot_, keys[slot_][0], delta, before, p.field))
        self._emit(ev.CompetitionResult(self.comp_category, tuple(rows)))
        self.stage = "comp_next"

    def _step_comp_done(self) -> None:
        """F12: the game ends at the end of the year the last product launched (plus the
        agreed extra years), or after year 15."""
        done = self.all_launched_year is not None and \
            self.year >= self.all_launched_year + self.extra_years
        if done or self.year >= LAST_YEAR:
            self.end_reason = "all products launched" if done else "safety stop after year 15"
            self._discard_year()
            self.stage = "over"
            self._emit(ev.GameEnded(self.year, tuple(self.scores()), tuple(self.winners()),
                                    self.end_reason))
            return
        self.stage = "vest"

    def _step_vest(self) -> None:
        """Year end 2: every employee not fully vested moves up one field."""
        for p in self.products.values():
            for arr in (p.nerds, p.suits):
                arr[0] += arr[1]
                arr[1], arr[2], arr[3], arr[4] = arr[2], arr[3], arr[4], 0
        for pl in self.players:
            pl.big_nerds = [v - 1 if v else 0 for v in pl.big_nerds]
            pl.big_suits = [v - 1 if v else 0 for v in pl.big_suits]
        self._emit(ev.YearEndStep("vest employees"))
        self.seat_queue = [seat for seat, pl in enumerate(self.players)
                           if any(self.products[s].nerd_count or self.products[s].suit_count
                                  for s in pl.slots)]
        self.stage = "reassign_check"

    def _step_reassign_check(self) -> None:
        if self.seat_queue:
            self.actor = self.turn_seat = self.seat_queue[0]
            self.stage = "reassign"
        else:
            self.turn_seat = self.products[self.turn_order[0]].owner
            self._open_window(DISCARD, "discard")

    def _legal_reassign(self) -> list:
        slots = self.players[self.actor].slots
        acts: list = []
        for src in slots:
            p = self.products[src]
            for kind, arr in ((NERD, p.nerds), (SUIT, p.suits)):
                for v in range(5):
                    if arr[v]:
                        acts.extend(Reassign(src, dest, kind, v) for dest in slots if dest != src)
        acts.append(EndReassign())
        return acts

    def _apply_reassign(self, action: Reassign) -> None:
        self.products[action.src].workers(action.kind)[action.vest] -= 1
        self.products[action.dest].workers(action.kind)[action.vest] += 1
        self._emit(ev.EmployeeMoved(action.kind, action.src, action.dest, action.vest,
                                    action.vest, "reassign"))

    def _apply_end_reassign(self, action: EndReassign) -> None:
        self.seat_queue.pop(0)
        self.stage = "reassign_check"

    def _discard_year(self) -> None:
        """Year end 4: played cards to the discard pile, marketing money to the bank."""
        marketing = sum(p.marketing for p in self.products.values())
        for p in self.products.values():
            p.marketing = 0
        self.bank += marketing
        self.discard.extend(self.played)
        self._emit(ev.YearEndStep("discard", f"{len(self.played)} cards, {marketing} marketing"))
        self.played = []
        self.exec_power = []
        self.press = {}

    def _step_discard(self) -> None:
        self._discard_year()
        n = len(self.players)
        need = [HAND_SIZE - len(pl.hand) for pl in self.players]
        self.deal_queue = [seat for r in range(HAND_SIZE) for seat in range(n) if need[seat] > r]
        self.deal_after = "marketing_begin"
        self.stage = "deal_check"

    def _step_marketing_begin(self) -> None:
        self.seat_queue = list(range(len(self.players)))
        self.stage = "marketing_check"

    def _step_marketing_check(self) -> None:
        while self.seat_queue and self.players[self.seat_queue[0]].money == 0:
            self.seat_queue.pop(0)
        if self.seat_queue:
            self.actor = self.turn_seat = self.seat_queue[0]
            self.stage = "marketing"
        else:
            self.stage = "order_begin"

    def _legal_marketing(self) -> list:
        return [Market(s) for s in self.players[self.actor].slots] + [EndMarketing()]

    def _apply_market(self, action: Market) -> None:
        p = self.products[action.slot]
        self.players[p.owner].money -= 1
        p.marketing += 1
        self._emit(ev.MarketingPlaced(p.owner, action.slot, p.marketing))
        self.stage = "marketing_check"

    def _apply_end_marketing(self, action: EndMarketing) -> None:
        self.seat_queue.pop(0)
        self.stage = "marketing_check"

    def _step_order_begin(self) -> None:
        """Year end 7: fewest users selects its position first; ties picked at random."""
        by_field: dict[int, list[str]] = {}
        for s, p in self.products.items():
            by_field.setdefault(p.field, []).append(s)
        self.order_groups = [by_field[f] for f in sorted(by_field)]
        self.new_order = [None] * len(self.products)
        self.stage = "order_check"

    def _step_order_check(self) -> None:
        groups = self.order_groups
        while groups and not groups[0]:
            groups.pop(0)
        if not groups:
            self.turn_order = list(self.new_order)
            self._emit(ev.TurnOrderSet(self.year + 1, tuple(self.turn_order)))
            self.stage = "year_begin"
            return
        if len(groups[0]) > 1:
            self.turn_seat = self.products[groups[0][0]].owner
            self.stage = "order_tie"
            return
        free = [i for i, s in enumerate(self.new_order) if s is None]
        if len(free) == 1:
            self._take_position(free[0])
            return
        self.actor = self.turn_seat = self.products[groups[0][0]].owner
        self.stage = "order_choose"

    def _legal_order(self) -> list:
        return [ChoosePosition(i) for i, s in enumerate(self.new_order) if s is None]

    def _take_position(self, position: int) -> None:
        slot = self.order_groups[0].pop(0)
        self.new_order[position] = slot
        self._emit(ev.PositionChosen(slot, self.products[slot].owner, position))
        self.stage = "order_check"

    def _apply_choose(self, action: ChoosePosition) -> None:
        self._take_position(action.position)

    # ------------------------------------------------------------------ tables
    _STEPS: dict[str, Callable] = {
        "chips_check": _step_chips_check,
        "deal_check": _step_deal_check,
        "first_order_begin": _step_first_order_begin,
        "first_order_check": _step_first_order_check,
        "year_begin": _step_year_begin,
        "turn_begin": _step_turn_begin,
        "revenue": _step_revenue,
        "manage_begin": _step_manage_begin,
        "after_manage": _step_after_manage,
        "loss_begin": _step_loss_begin,
        "loss_check": _step_loss_check,
        "turn_end": _step_turn_end,
        "year_end": _step_year_end,
        "comp_begin": _step_comp_begin,
        "comp_next": _step_comp_next,
        "comp_done": _step_comp_done,
        "vest": _step_vest,
        "reassign_check": _step_reassign_check,
        "discard": _step_discard,
        "marketing_begin": _step_marketing_begin,
        "marketing_check": _step_marketing_check,
        "order_begin": _step_order_begin,
        "order_check": _step_order_check,
        "window_check": CardsMixin._step_window_check,
        "manage_check": EmployeesMixin._step_manage_check,
    }
    _LEGAL: dict[str, Callable] = {
        "chips": _legal_chips,
        "window": CardsMixin._legal_window,
        "defense": CardsMixin._legal_defense,
        "attrition": CardsMixin._legal_attrition,
        "manage": EmployeesMixin._legal_manage,
        "counter": EmployeesMixin._legal_counter,
        "loss": _legal_loss,
        "reassign": _legal_reassign,
        "marketing": _legal_marketing,
        "order_choose": _legal_order,
    }
    _APPLY: dict[type, Callable] = {
        Roll: _apply_roll,
        Draw: _apply_draw,
        PickProduct: _apply_pick,
        PlaceChip: _apply_place_chip,
        PlayCard: CardsMixin._apply_play_card,
        Pass: CardsMixin._apply_pass,
        Defend: CardsMixin._apply_defend,
        MoveResigned: CardsMixin._apply_move_resigned,
        Hire: EmployeesMixin._apply_hire,
        Poach: EmployeesMixin._apply_poach,
        Counter: EmployeesMixin._apply_counter,
        Retain: EmployeesMixin._apply_retain,
        EndManage: EmployeesMixin._apply_end_manage,
        LosePip: _apply_lose_pip,
        EndUserLoss: _apply_end_loss,
        Reassign: _apply_reassign,
        EndReassign: _apply_end_reassign,
        Market: _apply_market,
        EndMarketing: _apply_end_marketing,
        ChoosePosition: _apply_choose,
    }


def _copy(value):
    """Copy one attribute of a State for `clone`: lists, dicts, products, players, RNG."""
    t = type(value)
    if t is list:
        if value and type(value[0]) in (list, Player):
            return [_copy(x) for x in value]
        return value[:]
    if t is dict:
        return {k: _copy(v) for k, v in value.items()}
    if t is Product or t is Player:
        return value.copy()
    if t is random.Random:
        rng = random.Random()
        rng.setstate(value.getstate())
        return rng
    return value


def new_game(players: list[str] | int = 4, seed: int | None = None,
             extra_years: int = 0) -> State:
    """Start a game: players as names or a count (2-6)."""
    names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) \
        else list(players)
    return State(names, seed=seed, extra_years=extra_years)

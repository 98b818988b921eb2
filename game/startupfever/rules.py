"""The Startup Fever state machine: the public API, set-up, product turns and scoring.

`State.stage` names where the game stands. Decision stages wait for `current_player`;
chance stages wait for a die roll, a card draw or a random pick; every other stage is
automatic and is run through by `_advance()` until the next decision or chance step.
Employee management lives in `employees.py`, Event Cards in `effects.py`, the year end in
`yearend.py`, save files in `persist.py`, what a seat may see in `observe.py`: one line of
classes from `fields.StateFields` up to `State` (see fields.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from operator import is_
from typing import Any, Final, cast

from . import events as ev
from . import usertrack
from .actions import (
    FIELD_TYPES,
    Action,
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
    describe,
    malformed,
    shared,
)
from .cards import ADOPTION, HAND_SIZE, MANAGE, PLAYABLE_IN, REVENUE, USER_LOSS, full_deck
from .fields import CHANCE, TERMINAL  # noqa: F401 (the API names them here)
from .observe import ObservedRules
from .persist import FIELDS, load
from .stages import AUTO_STAGES, CHANCE_STAGES, DECISION_STAGES
from .state import (
    BIG_NERD,
    BIG_SUIT,
    HIRES_PER_TURN,
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

ROLLS: Final = tuple(Roll(v) for v in range(1, 7))

# Shared outcome and action objects (frozen: the same object may be listed again and
# again; building a frozen dataclass costs several look-ups of a cache)
_draw: Final = shared(Draw)
_pick: Final = shared(PickProduct)
_lose_pip: Final = shared(LosePip)
_chip: Final = shared(PlaceChip)
END_USER_LOSS: Final = EndUserLoss()


def below(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` for n >= 1, the very same number from the same generator state
    (CPython's `Random._randbelow`: the bits of n, drawn again while too large), without
    randrange's two Python frames: a chance step is a sixth of the simulator's steps.
    `tests/startupfever/test_fast_paths.py` keeps the two equal."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


class IllegalAction(ValueError):
    """Raised by `apply` for an action that is not legal now; the state is unchanged."""


class State(ObservedRules):
    """A whole game of Startup Fever as plain data plus the rules that move it on."""

    def __init__(self, names: list[str] | None = None, seed: int | None = None,
                 extra_years: int = 0) -> None:
        if names is None:  # a blank State, for `clone` and `from_json` to fill in (compiled
            return  # by mypyc, `State.__new__(State)` would run this __init__)
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
        self.products = {}
        for i, slot in enumerate(SLOTS[: n * per]):
            self.products[slot] = Product(slot, i // per)
            self.players[i // per].slots.append(slot)
        self.categories = categories_for(n)
        self.bank = TOTAL_MONEY - START_MONEY * n
        self.supply = {NERD: SUPPLY_WORKERS, SUIT: SUPPLY_WORKERS, BIG_NERD: n - 1,
                       BIG_SUIT: n - 1}
        self.deck = full_deck()
        self.discard = []
        self.played = []  # cards played this year (discarded at year end)
        self.year = 0
        self.turn_order = []
        self.turn_index = 0
        self.turn_seat = 0
        self.in_turn = False  # True from TurnStarted to the end of that product turn
        self.actor = 0  # the deciding seat in decision stages
        self.stage = "chips_check"
        self.all_launched_year = None
        self.end_reason = None
        # set-up, dealing and random picks
        self.deal_queue = []
        self.deal_after = ""
        self.order_pool = []
        # card windows and card effects
        self.window = None
        self.window_seats = []
        self.after_window = ""
        self.pending_card = None
        self.attrition = None
        self.exec_power = []  # companies under Executive Power this year
        self.press = {}  # Press Coverage strength bonus this year
        # the current product turn
        self.adopt_bonus = 0
        self.adopt_halved = False
        self.hire_fails = []  # products whose first hire this turn fails (F15)
        self.hire_limit = HIRES_PER_TURN
        self.hires = 0
        self.manage_blocked = False
        self.poach_counts = {}
        self.protected = {}
        self.pending_poach = None
        self.loss_left = 0
        self.loss_taken = {}
        # year end
        self.comp_queue = []
        self.comp_category = ""
        self.comp_base = {}  # slot -> [strength without die, nerds]
        self.comp_rolls = {}
        self.comp_pending = []
        self.seat_queue = []  # seats still to reassign / allocate marketing
        self.marketing_pending = {}  # sealed tokens per product (F14)
        self.order_groups = []
        self.new_order = []
        self._events = []
        self._advance()

    # ------------------------------------------------------------------ public API
    def legal_actions(self) -> list[Action]:
        """Legal actions now; at a chance step, the possible outcomes.

        A new list every call, computed from the current state and remembered nowhere:
        editing it changes nothing, and `apply` checks every action afresh.
        """
        stage = self.stage  # the decision stages first, most frequent first (compiled,
        # each branch is a direct call; `_LEGAL` lists the same generators)
        if stage == "window":
            return self._legal_window()
        if stage == "manage":
            return self._legal_manage()
        if stage == "reassign":
            return self._legal_reassign()
        if stage == "order_choose":
            return self._legal_order()
        if stage == "loss":
            return self._legal_loss()
        if stage == "marketing":
            return self._legal_marketing()
        if stage in CHANCE_STAGES:
            return [a for a, _p in self.chance_outcomes()]
        if stage == "over":
            return []
        return _LEGAL[stage](self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """[(outcome, probability)] at a chance step, else []."""
        stage = self.stage
        if stage in ("adoption_roll", "loss_roll", "comp_roll"):
            return [(r, 1 / 6) for r in ROLLS]
        if stage == "deal":
            total = sum(self.deck.values())
            return [(_draw(c), k / total) for c, k in self.deck.items() if k]
        if stage == "first_order":
            pool = self.order_pool
            return [(_pick(s), 1 / len(pool)) for s in pool]
        if stage == "order_tie":
            group = self.order_groups[0]
            return [(_pick(s), 1 / len(group)) for s in group]
        return []

    def sample_chance(self) -> Action:
        """Sample the outcome of the current chance step with the state's seeded RNG."""
        stage = self.stage
        rng = self.rng
        if stage in ("adoption_roll", "loss_roll", "comp_roll"):
            return ROLLS[below(rng, 6)]
        if stage == "deal":
            pick = below(rng, sum(self.deck.values()))
            for card, k in self.deck.items():
                if pick < k:
                    return _draw(card)
                pick -= k
        if stage == "first_order":
            return _pick(self.order_pool[below(rng, len(self.order_pool))])
        if stage == "order_tie":
            group = self.order_groups[0]
            return _pick(group[below(rng, len(group))])
        raise IllegalAction(f"no chance step now (stage {stage})")

    def apply(self, action: Any) -> list:  # any object: refused with IllegalAction
        """Apply a legal action or chance outcome; return the events it caused.

        Always checked against the current state (tests may have changed it directly):
        anything else raises IllegalAction, a ValueError, and leaves the state unchanged.
        """
        self._validate(action)
        events: list[Any] = []
        self._events = events
        _APPLY[type(action)](self, action)
        self._advance()
        return events

    def apply_quiet(self, action: Action) -> None:
        """`apply` without the legality check and without building events: the same
        rules, for the hot loops of the simulator and the search (they never read events;
        building them costs a tenth of their time).

        Only for an object just taken from `legal_actions()` (or `sample_chance()`) of
        this very state, with nothing changed in between; anything else must go through
        `apply`. An unchecked illegal action would corrupt the state.
        """
        self._events = None
        a: Any = action  # its kind is known below, by its type
        t = type(a)  # the frequent kinds first, each a direct call (compiled: no
        if t is _ROLL:  # Python-level call, a fifth of a step); the rest through `_APPLY`
            self._apply_roll(a)
        elif t is _PASS:
            self._apply_pass(a)
        elif t is _REASSIGN:
            self._apply_reassign(a)
        elif t is _HIRE:
            self._apply_hire(a)
        elif t is _DRAW:
            self._apply_draw(a)
        elif t is _PLAY_CARD:
            self._apply_play_card(a)
        else:
            _APPLY[t](self, a)
        steps = _STEPS  # `_advance` written out: plain Python, a call per step is 1% of it
        while (step := steps.get(self.stage)) is not None:
            step(self)

    def pass_forced(self) -> int:
        """Apply the card-window Passes that are their seat's only choice, one after
        another, exactly as `apply_quiet(Pass())` would: while a window asks a seat that
        holds no card of this window. Stops at a seat holding one (it may have a
        choice), at any other stage, or once the product turn or the year moves on.
        Returns how many Passes.

        The simulator's way through the windows nobody can play in (a third of all
        steps), without a list of one action and a dispatch per Pass. (The Hard player's
        look-ahead meets few such runs: tried there, it changed nothing measurable.)"""
        if self.stage != "window":
            return 0
        self._events = None
        players = self.players
        turn = self.turn_index
        year = self.year
        passes = 0
        while True:
            window = self.window
            assert window is not None
            playable = PLAYABLE_IN[window]
            seats = self.window_seats  # seats[0] is the seat asked (`actor`)
            asked = self.actor
            while seats:  # `_apply_pass` and `_step_window_check`, written out
                seat = seats[0]
                hand = players[seat].hand
                if hand:  # (a hand emptied during the window is not asked)
                    for card in hand:
                        if card in playable:  # maybe a choice: `legal_actions` says
                            self.actor = seat
                            return passes
                    asked = seat
                    passes += 1
                seats.pop(0)
            self.actor = asked  # the window closed (the last seat asked stays `actor`)
            self.window = None
            self.stage = self.after_window
            self._advance()
            if self.stage != "window" or self.turn_index != turn or self.year != year:
                return passes

    def _validate(self, action: Any) -> None:
        """Raise IllegalAction (saying why) unless `action` is legal now."""
        stage = self.stage
        if stage == "over":
            raise IllegalAction("the game is over")
        problem = malformed(action)
        if problem is not None:
            raise IllegalAction(f"malformed action: {problem}")
        if stage in CHANCE_STAGES:
            self._check_chance(action)
            return
        named = self._named_slot(action)
        if named is not None and named != self._required_slot(action):
            raise IllegalAction(f"illegal action now ({stage}): {describe(action)} "
                                f"(it is {self.current_slot}'s turn)")
        legal = _LEGAL[stage](self)
        if any(map(partial(is_, action), legal)) or action in legal:  # identity: quick
            return
        if stage == "manage" and self._is_legal_manage(action):
            return
        raise IllegalAction(f"illegal action now ({stage}): {describe(action)}")

    @staticmethod
    def _named_slot(action: Action) -> str | None:
        """The product a Hire, Retain or Poach names as the current one (None: none)."""
        if type(action) is Hire or type(action) is Retain:
            return action.slot
        if type(action) is Poach:
            return action.to
        return None

    def _required_slot(self, action: Action) -> str | None:
        """The product a Hire/Retain/Poach must name: the current one; None for retained
        executives (they belong to the whole company)."""
        if type(action) is Retain and action.kind not in (NERD, SUIT):
            return None
        return self.current_slot

    def clone(self, seed: int | None = None) -> State:
        """A fast explicit copy (no deepcopy): containers copied, dataclasses copied. The
        fields are copied one by one by name (compiled, each is a native slot); a field
        not named here (a new one) is copied by the generic loop after them. `seed`: the
        copy gets a new RNG seeded with it instead of a copy of this one's (the search
        reseeds every copy it plays on: copying the RNG's state first was a third of
        the copy)."""
        new = State()
        try:  # noqa: SIM105 (quicker than contextlib.suppress in this hot path)
            new.seed = self.seed
        except AttributeError:  # a determinization has no seed
            pass
        new.rng = _copy(self.rng) if seed is None else random.Random(seed)
        new.extra_years = self.extra_years
        new.players = [pl.copy() for pl in self.players]
        new.products = {s: p.copy() for s, p in self.products.items()}
        new.categories = self.categories
        new.bank = self.bank
        new.supply = self.supply.copy()
        new.deck = self.deck.copy()
        new.discard = self.discard[:]
        new.played = self.played[:]
        new.year = self.year
        new.turn_order = self.turn_order[:]
        new.turn_index = self.turn_index
        new.turn_seat = self.turn_seat
        new.in_turn = self.in_turn
        new.actor = self.actor
        new.stage = self.stage
        new.all_launched_year = self.all_launched_year
        new.end_reason = self.end_reason
        new.deal_queue = self.deal_queue[:]
        new.deal_after = self.deal_after
        new.order_pool = self.order_pool[:]
        new.window = self.window
        new.window_seats = self.window_seats[:]
        new.after_window = self.after_window
        new.pending_card = None if self.pending_card is None else _copy(self.pending_card)
        new.attrition = None if self.attrition is None else _copy(self.attrition)
        new.exec_power = self.exec_power[:]
        new.press = self.press.copy()
        new.adopt_bonus = self.adopt_bonus
        new.adopt_halved = self.adopt_halved
        new.hire_fails = self.hire_fails[:]
        new.hire_limit = self.hire_limit
        new.hires = self.hires
        new.manage_blocked = self.manage_blocked
        new.poach_counts = self.poach_counts.copy()
        new.protected = self.protected.copy()
        new.pending_poach = None if self.pending_poach is None else self.pending_poach.copy()
        new.loss_left = self.loss_left
        new.loss_taken = self.loss_taken.copy()
        new.comp_queue = self.comp_queue[:]
        new.comp_category = self.comp_category
        new.comp_base = {k: v[:] for k, v in self.comp_base.items()}
        new.comp_rolls = {k: v[:] for k, v in self.comp_rolls.items()}
        new.comp_pending = self.comp_pending[:]
        new.seat_queue = self.seat_queue[:]
        new.marketing_pending = self.marketing_pending.copy()
        new.order_groups = [g[:] for g in self.order_groups]
        new.new_order = self.new_order[:]
        for key in _CLONE_LATER:
            try:
                value = getattr(self, key)
            except AttributeError:
                continue
            setattr(new, key, value if type(value) in _IMMUTABLE else _copy(value))
        new._events = []
        return new

    # ------------------------------------------------------------------ helpers
    def _check_chance(self, action) -> None:
        """A chance outcome must be possible now: a die shows an int 1-6 (not True, not
        2.5), a drawn card is a known id left in the pile, a pick a listed product. The
        field types were checked by `malformed` before this."""
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
            raise IllegalAction(f"not a possible outcome now ({stage}): {describe(action)}")

    def _advance(self) -> None:
        """Run automatic stages until a decision, a chance step or the end."""
        steps = _STEPS
        while True:
            step = steps.get(self.stage)
            if step is None:
                return
            step(self)

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
        return [_chip(slot, c) for c in self._free_categories(seat)]

    def _place_chip(self, slot: str, category: str) -> None:
        p = self.products[slot]
        p.category = category
        self._emit(ev.ChipPlaced, p.owner, slot, category)

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
            self._emit(ev.DeckReshuffled, len(self.discard))
            self.discard = []
        self.turn_seat = self.deal_queue[0]
        self.stage = "deal"

    def _apply_draw(self, action: Draw) -> None:
        seat = self.deal_queue.pop(0)
        self.deck[action.card] -= 1
        self.players[seat].hand.append(action.card)
        if self._events is not None:  # hot: not even the fields packed
            self._emit(ev.CardDrawn, seat, action.card)
        self.stage = "deal_check"

    def _step_first_order_begin(self) -> None:
        self.order_pool = list(self.products)
        self.turn_order = []
        self.stage = "first_order_check"

    def _step_first_order_check(self) -> None:
        if len(self.order_pool) == 1:
            self.turn_order.append(self.order_pool.pop())
        if not self.order_pool:
            self._emit(ev.TurnOrderSet, 1, tuple(self.turn_order))
            self.stage = "year_begin"
        else:
            self.stage = "first_order"

    def _apply_pick(self, action: PickProduct) -> None:
        if self.stage == "first_order":
            self.order_pool.remove(action.slot)
            self.turn_order.append(action.slot)
            self._emit(ev.ProductPicked, action.slot, "first-year order")
            self.stage = "first_order_check"
        else:  # tie break: the picked product selects its position first
            group = self.order_groups[0]
            group.remove(action.slot)
            self.order_groups.insert(0, [action.slot])
            self._emit(ev.ProductPicked, action.slot, "tie break")
            self.stage = "order_check"

    # ------------------------------------------------------------------ product turns
    def _step_year_begin(self) -> None:
        self.year += 1
        self.turn_index = 0
        self._emit(ev.YearStarted, self.year)
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
        if self._events is not None:  # hot: not even the fields packed
            self._emit(ev.TurnStarted, self.year, slot, owner)
        self._open_window(ADOPTION, "adoption_roll")

    def _apply_roll(self, action: Roll) -> None:
        stage = self.stage
        if stage == "adoption_roll":
            self._adopt(action.value)
        elif stage == "loss_roll":
            self._emit(ev.DieRolled, "user loss", action.value, self.current_slot)
            self.loss_left = action.value
            self.loss_taken = {}
            self.stage = "loss_check"
        else:
            self._competition_roll(action.value)

    def _adopt(self, roll: int) -> None:
        """Step 1: die + Nerds + 2 per Big Nerd (+ cards); launch on reaching the line."""
        slot = self.current_slot
        assert slot is not None
        p = self.products[slot]
        pl = self.players[p.owner]
        nerds = p.nerd_count
        big = 2 * len(pl.big_nerds)
        total = roll + nerds + big + self.adopt_bonus
        if self.adopt_halved:
            total = (total + 1) // 2  # rounded in favour of the target company
        before = p.field
        p.field = min(usertrack.LAST_FIELD, before + total)
        if self._events is not None:  # hot: not even the fields packed
            self._emit(ev.DieRolled, "adoption", roll, slot)
            self._emit(ev.UsersAdopted, slot, roll, nerds, big, self.adopt_bonus,
                       self.adopt_halved, total, before, p.field)
        if not p.launched and p.field >= usertrack.LAUNCH_FIELD:
            self._launch(slot, leaked=False)
        self._open_window(REVENUE, "revenue")

    def _step_revenue(self) -> None:
        """Step 2: base revenue + Suits + 2 per Big Suit, paid by the bank as it can."""
        slot = self.current_slot
        assert slot is not None
        p = self.products[slot]
        pl = self.players[p.owner]
        base = usertrack.base_revenue(p.field)
        suits = p.suit_count
        big = 2 * len(pl.big_suits)
        due = base + suits + big
        paid = self._from_bank(p.owner, due)
        if self._events is not None:  # hot: not even the fields packed
            self._emit_shown((p.owner,), (), ev.RevenueEarned, slot, p.owner, base, suits, big,
                             due, paid)
        self._open_window(MANAGE, "manage_begin")

    def _step_manage_begin(self) -> None:
        slot = self.current_slot
        assert slot is not None
        owner = self.products[slot].owner
        if self.manage_blocked:
            self._emit(ev.ManageSkipped, slot, "antitrust investigation")
            self.stage = "after_manage"
        elif self.players[owner].money == 0:
            self._emit(ev.ManageSkipped, slot, "no money")
            self.stage = "after_manage"
        else:
            self.actor = owner
            self.stage = "manage"

    def _step_after_manage(self) -> None:
        slot = self.current_slot
        assert slot is not None
        if self.products[slot].launched:
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
        return [_lose_pip(s) for s in self._loss_targets()] + [END_USER_LOSS]

    def _apply_lose_pip(self, action: LosePip) -> None:
        p = self.products[action.slot]
        p.field -= 1
        self.loss_taken[action.slot] = self.loss_taken.get(action.slot, 0) + 1
        self.loss_left -= 1
        self._emit(ev.UsersLost, action.slot, p.field + 1, p.field, "user loss")
        self.stage = "loss_check"

    def _apply_end_loss(self, action: EndUserLoss) -> None:
        self.loss_left = 0
        self.stage = "loss_check"

    def _step_turn_end(self) -> None:
        self.in_turn = False
        self.hire_fails = []  # F15 lasts this turn only (manage may have been skipped)
        self.turn_index += 1
        self.stage = "turn_begin" if self.turn_index < len(self.turn_order) else "year_end"


_IMMUTABLE: Final = frozenset({int, str, bool, float, type(None)})  # shared, not copied, by clone
#: Saved fields `clone` does not name one by one (none today; a field added later is still
#: copied, by the generic loop)
_CLONE_LATER: Final = tuple(key for key in FIELDS if key not in frozenset({
    "seed", "rng", "extra_years", "players", "products", "categories", "bank", "supply",
    "deck", "discard", "played", "year", "turn_order", "turn_index", "turn_seat", "in_turn",
    "actor", "stage", "all_launched_year", "end_reason", "deal_queue", "deal_after",
    "order_pool", "window", "window_seats", "after_window", "pending_card", "attrition",
    "exec_power", "press", "adopt_bonus", "adopt_halved", "hire_fails", "hire_limit",
    "hires", "manage_blocked", "poach_counts", "protected", "pending_poach", "loss_left",
    "loss_taken", "comp_queue", "comp_category", "comp_base", "comp_rolls", "comp_pending",
    "seat_queue", "marketing_pending", "order_groups", "new_order"}))


def _copy(value: Any) -> Any:
    """Copy one attribute of a State for `clone`: lists, dicts, products, players, RNG."""
    t = type(value)
    if t is list:
        if value and type(value[0]) in (list, Player):
            return [_copy(x) for x in value]
        return value[:]
    if t is dict:
        new = value.copy()
        for k, v in value.items():
            if type(v) not in _IMMUTABLE:  # most values (counts, the deck) are ints
                new[k] = _copy(v)
        return new
    if t is Product or t is Player:
        return value.copy()
    if t is random.Random:
        rng = random.Random.__new__(random.Random)  # skips seeding from the OS
        rng.setstate(value.getstate())
        return rng
    return value


# Dispatch tables, built from method names: automatic steps, legal-action generators per
# decision stage, and one handler per action type.
_STEPS: Final[dict[str, Callable[[State], None]]] = {
    name: getattr(State, f"_step_{name}") for name in AUTO_STAGES}
_LEGAL: Final[dict[str, Callable[[State], list[Any]]]] = {
    "chips": State._legal_chips,
    "window": State._legal_window,
    "defense": State._legal_defense,
    "attrition": State._legal_attrition,
    "manage": State._legal_manage,
    "counter": State._legal_counter,
    "loss": State._legal_loss,
    "reassign": State._legal_reassign,
    "marketing": State._legal_marketing,
    "order_choose": State._legal_order,
}
# the action classes `State.apply_quiet` tests first (Final: compiled, C constants)
_ROLL: Final[type] = Roll
_PASS: Final[type] = Pass
_REASSIGN: Final[type] = Reassign
_HIRE: Final[type] = Hire
_DRAW: Final[type] = Draw
_PLAY_CARD: Final[type] = PlayCard
_APPLY: Final[dict[type, Callable[[State, Any], None]]] = {
    Roll: State._apply_roll,
    Draw: State._apply_draw,
    PickProduct: State._apply_pick,
    PlaceChip: State._apply_place_chip,
    PlayCard: State._apply_play_card,
    Pass: State._apply_pass,
    Defend: State._apply_defend,
    MoveResigned: State._apply_move_resigned,
    Hire: State._apply_hire,
    Poach: State._apply_poach,
    Counter: State._apply_counter,
    Retain: State._apply_retain,
    EndManage: State._apply_end_manage,
    LosePip: State._apply_lose_pip,
    EndUserLoss: State._apply_end_loss,
    Reassign: State._apply_reassign,
    EndReassign: State._apply_end_reassign,
    Market: State._apply_market,
    EndMarketing: State._apply_end_marketing,
    ChoosePosition: State._apply_choose,
}
assert set(_APPLY) == set(FIELD_TYPES)  # every action has a handler and a shape
assert set(_LEGAL) == DECISION_STAGES  # every decision stage lists its actions


def new_game(players: list[str] | int = 4, seed: int | None = None,
             extra_years: int = 0) -> State:
    """Start a game: players as names or a count (2-6)."""
    names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) \
        else list(players)
    return State(names, seed=seed, extra_years=extra_years)


def from_json(text: Any) -> State:  # untrusted: any object gives a SaveError
    """Rebuild a State saved by `to_json`; a broken save raises `SaveError` saying why."""
    return cast(State, load(text, State))

"""Simple Startup Fever players for the simulator and the demo: one `decide` method each.

Players see the game only through a seat's view (views.py, RULES.md F13). `decide`
accepts either a live `State` or the dict from `state.observation(seat)`; both become a
`SeatView` (of the live state, or of a State rebuilt from the observation), so a player
cannot tell them apart and cannot peek.

`RulePlayer` follows the rulebook's strategy notes:

* Hiring: a Nerd/Suit mix early (Suits pay for the next hires), mostly Nerds later, and
  the executives as soon as they are affordable (a Big Suit pays back in a year, a Big
  Nerd adds 2 fields to every product every year and 4 strength in every showdown).
  Under a Hiring Failure (F15, the product's first hire this turn fails) it weighs
  hiring anyway against waiting: it sacrifices a 1-token worker hire when a second hire
  is left and the money still pays for the hire it wanted, and otherwise waits for the
  next turn (poaching, which is not hiring, goes on).
* Poaching: cheap, nearly vested Nerds of *direct competitors* (launched products in the
  category of the current product) whose owners cannot afford a counter-offer: the Nerd
  costs about what a hire costs, does not use a hire, and weakens a rival.
* Protection: spare money retains vested executives and vested Nerds of launched
  products, and counters offers that are cheaper than replacing the employee.
* Marketing: surplus money goes onto launched products whose showdown is close (a rival
  within a die's reach), just enough to get ahead of it (the allocation is sealed, F14:
  rivals' new marketing is unknown until the reveal).
* Cards: good cards on its own products, bad ones on rivals (the VP leader first),
  Defense against harmful cards, user-loss pips on rivals, Leaks when it leads.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final, Protocol

try:  # only mypyc reads it (compiled, interpreted subclasses such as NormalPlayer need it)
    from mypy_extensions import mypyc_attr
except ImportError:  # plain Python: not installed, and not needed
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls

from .actions import (
    Action,
    ChoosePosition,
    Hire,
    LosePip,
    Market,
    MoveResigned,
    PlayCard,
    Poach,
    Reassign,
    Retain,
)
from .effects import DEFENSE_CHOICES, NO_DEFENSE, PASS, TALENT_FAIR_MAX_HIRES
from .employees import COUNTER_CHOICES, END_MANAGE
from .rules import END_USER_LOSS
from .stages import DECISION_STAGES
from .state import BIG_NERD, BIG_SUIT, COST, NERD, SUIT, Player, Product
from .usertrack import LAST_FIELD, LAUNCH_FIELD
from .views import MaskedPlayer, MaskedProduct, SeatView, view_of
from .yearend import END_MARKETING, END_REASSIGN, table1_strength


class Agent(Protocol):
    kind: str

    def decide(self, state_or_observation, legal: list) -> Any: ...


class RandomPlayer:
    """Picks uniformly among the legal actions, from its own seeded RNG."""

    kind: ClassVar[str] = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, state_or_observation, legal: list) -> Any:
        return legal[int(self.rng.random() * len(legal))]


#: Cards that hurt the company they are played on (worth a Defense).
HARMFUL: Final = frozenset({"antitrust", "attrition", "audit_half", "audit_third",
                            "hiring_failure", "server_outage", "patent_troll",
                            "security_breach"})
#: Cards a player plays on its own product or company.
SELF_CARDS: Final = frozenset({"viral_growth", "funding_round", "talent_fair", "acqui_hire",
                               "executive_power", "press_coverage"})
MAX_MARKETING: Final = 6  # tokens on one product: beyond a die's reach it buys nothing more
DIE_REACH: Final = 5  # two dice differ by at most 5: a rival further away is out of reach
LEAD: Final = 3  # marketing aims for this lead over a close rival: then it wins 5 times in 6


def same(legal: list[Action], action: Action) -> Action:
    """The object in `legal` equal to `action`. Returning the listed object itself gives
    the readable listed text ("hire Nerd for B") and lets the simulator skip the second
    legality check (`sim.play_game` recognises listed objects by identity)."""
    for a in reversed(legal):
        if a == action:
            return a
    return action


def listed_hire(hires: list[Hire], kind: str) -> Hire:
    """The listed hire of `kind` (as `same(hires, Hire(kind))`, without building one)."""
    for a in hires:
        if a.kind == kind:
            return a
    return Hire(kind)


def after(me: int, seat: int, players: int) -> int:
    """Seats clockwise from `me` to `seat` (0: me). Ties between rivals are broken by it,
    nearest first, never by seat number: with the rule player in every seat a fixed
    "lowest seat first" made seat 0 everyone's target (a seat bias)."""
    return (seat - me) % players


def vp(view: SeatView) -> list[int]:
    """Victory points per seat from the public User Markers."""
    return view.scores()


@mypyc_attr(allow_interpreted_subclasses=True)
class RulePlayer:
    """A sensible rule-based player (see the module notes); deterministic. A stage it
    has no rule for (set-up chips) gets the first legal action."""

    kind: ClassVar[str] = "rules"

    def __init__(self, seed: int | None = None) -> None:  # seed: same signature as others
        self._state: Any = None  # it needs no randomness: equal views give equal decisions
        self._view: Any = None
        self._seat = -1  # the view's seat (a typed copy: compiled, a native read)

    # ------------------------------------------------------------------ entry
    def decide(self, state_or_observation, legal: list) -> Any:
        if len(legal) == 1:  # no choice (a card window's Pass): nothing to think about
            return legal[0]
        view = self._view
        if state_or_observation is not self._state \
                or self._seat != state_or_observation.actor:  # (a decision: the actor)
            self._view = view = view_of(state_or_observation)
            self._seat = view.seat
            # a live state's view reads through it; an observation's view is a snapshot
            self._state = None if isinstance(state_or_observation, dict) \
                else state_or_observation
        action = self._choose(view, legal)
        return legal[0] if action is None else action

    def _choose(self, view: SeatView, legal: list) -> Any:
        """The stage's chooser (`_<stage>`; None: no rule for it, the first action). An
        if-chain, not a name looked up: compiled, each branch is a direct method call."""
        stage = view.stage
        if stage == "window":
            return self._window(view, legal)
        if stage == "manage":
            return self._manage(view, legal)
        if stage == "reassign":
            return self._reassign(view, legal)
        if stage == "marketing":
            return self._marketing(view, legal)
        if stage == "order_choose":
            return self._order_choose(view, legal)
        if stage == "loss":
            return self._loss(view, legal)
        if stage == "counter":
            return self._counter(view, legal)
        if stage == "defense":
            return self._defense(view, legal)
        if stage == "attrition":
            return self._attrition(view, legal)
        return None  # set-up chips

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _strength(view: SeatView, p: Product | MaskedProduct) -> int:
        """Table 1 strength without the die (as far as the seat can see it)."""
        return table1_strength(p, len(view.players[p.owner].big_nerds), view.press)

    @staticmethod
    def _rivals(view: SeatView, p: Product | MaskedProduct) -> list[Product | MaskedProduct]:
        """Launched products of other companies in the category of my product `p`."""
        return view.launched_rivals(p.category, p.owner)

    @staticmethod
    def _leader(view: SeatView, me: int, scores: list[int] | None = None) -> int:
        """The rival seat with the most VP (then the most money, then the nearest
        clockwise); `scores`: vp(view)."""
        scores = scores or vp(view)
        players = view.players
        n = len(players)
        best = -1
        best_key: tuple[int, ...] = ()
        for s in range(n):  # the first seat with the greatest key, as max() would pick
            if s != me:
                key = (scores[s], players[s].money, -after(me, s, n))
                if best < 0 or key > best_key:
                    best, best_key = s, key
        return best

    @staticmethod
    def _end_near(view: SeatView) -> bool:
        """True when at most one product is still unlaunched: the game may end this year."""
        unlaunched = 0
        for p in view.products.values():
            if not p.launched:
                unlaunched += 1
                if unlaunched > 1:  # early in the game: known after two products
                    return False
        return True

    # ------------------------------------------------------------------ card windows
    def _window(self, view: SeatView, legal: list) -> Any:
        me = view.seat
        if view.window == "discard":
            return self._discard(view, legal)
        leader = -1
        leading = False
        best = None
        best_key = (0, 0)
        n = len(view.players)
        products = view.products
        play_card = PlayCard  # a local: compiled, a global of a plain module is a dict look-up
        self_cards = SELF_CARDS
        for a in legal:
            if type(a) is not play_card:
                continue
            slot = a.slot
            target: int = a.seat if slot is None else products[slot].owner  # type: ignore[assignment]
            if a.card in self_cards:
                if target != me:
                    continue  # worth 0 (to every subclass too): a good card on a rival
            elif leader < 0:  # only bad cards need the leader
                scores = vp(view)
                leading = scores[me] > max(s for i, s in enumerate(scores) if i != me)
                leader = self._leader(view, me, scores)
            score = self._card_value(view, a, me, leader, leading)
            if score >= best_key[0] and score > 0:  # ties: the nearest target clockwise
                key = (score, -after(me, target, n))
                if key > best_key:
                    best, best_key = a, key
        return best if best is not None else same(legal, PASS)

    def _card_value(self, view: SeatView, a: PlayCard, me: int, leader: int, leading: bool) -> int:
        """How much playing `a` now is worth (0: keep the card)."""
        card = a.card
        products = view.products
        slot = a.slot
        target: int = a.seat if slot is None else products[slot].owner  # type: ignore[assignment]
        mine = target == me
        if card in SELF_CARDS:
            if not mine:
                return 0
            if card == "talent_fair":  # wasted once the turn may already hire four
                return 3 if view.players[me].money >= 4 and view.supply[NERD] > 2 \
                    and view.hire_limit < TALENT_FAIR_MAX_HIRES else 0
            if card == "acqui_hire":
                return 3 if view.players[me].money >= 4 else 0
            if card == "executive_power":
                pl = view.players[me]
                want = (pl.big_nerds and view.supply[BIG_NERD]) or \
                    (pl.big_suits and view.supply[BIG_SUIT])
                return 2 if want and pl.money >= 8 else 0
            if card == "press_coverage":
                assert slot is not None  # a product card
                return 4 if self._close_showdown(view, products[slot]) else 0
            return 4  # viral growth, funding round
        if mine:
            return 0  # never a bad card on myself
        if card == "leak":  # first: a hand often holds one, playable on many products
            assert slot is not None
            return 2 if leading and products[slot].owner != me else 0
        weight = 2 if target == leader else 1
        money = view.players[target].money
        if card in ("audit_half", "audit_third"):
            return weight * (money // (2 if card == "audit_half" else 3))
        if card == "patent_troll":
            launched = len([s for s in view.players[target].slots if products[s].launched])
            return weight * min(money, 2 * launched)
        if card == "antitrust":
            return 3 * weight if money >= 2 else 0
        if card == "hiring_failure":  # F15: costs them their first hire's price
            return weight * (2 if money >= 7 else 1) if money >= 2 else 0
        if card == "server_outage":
            assert slot is not None
            p = products[slot]
            return 2 * weight if sum(p.nerds) + 3 >= 5 else 0
        if card == "security_breach":
            return 3 * weight
        if card == "attrition":
            assert slot is not None
            p = products[slot]
            return weight * ((sum(p.nerds) + sum(p.suits)) // 4) if p.launched else 0
        return 0

    def _close_showdown(self, view: SeatView, p: Product | MaskedProduct) -> bool:
        """A rival's strength lies within a die's reach of mine."""
        mine = self._strength(view, p)
        return any(abs(self._strength(view, q) - mine) <= DIE_REACH
                   for q in self._rivals(view, p))

    def _discard(self, view: SeatView, legal: list) -> Any:
        """Dump cards that will rarely be useful, to draw better ones."""
        launched_rival = any(p.launched and p.owner != view.seat
                             for p in view.products.values())
        for a in legal:
            if type(a) is not PlayCard:
                continue
            if a.card in ("hiring_failure", "executive_power") or (
                    a.card == "antitrust" and not any(
                        p.field > 33 and p.owner != view.seat for p in view.products.values())
            ) or (a.card == "security_breach" and not launched_rival):
                return a
        return same(legal, PASS)

    def _defense(self, view: SeatView, legal: list) -> Any:
        pending = view.pending_card
        assert pending is not None  # a Defense answers a card being played
        return same(legal, DEFENSE_CHOICES[0] if pending["card"] in HARMFUL else NO_DEFENSE)

    def _attrition(self, view: SeatView, legal: list) -> Any:
        """Resigning workers: Nerds first, to my own products, else to the weakest seat."""
        me = view.seat
        scores = vp(view)
        products = view.products

        def rank(a: MoveResigned) -> tuple:
            if a.dest is None:
                where: tuple[int, ...] = (1, 0, 0)
            else:
                owner = products[a.dest].owner
                where = (0, 0 if owner == me else 1, scores[owner],
                         after(me, owner, len(scores)))
            return (a.kind != NERD, where)

        return min(legal, key=rank)

    # ------------------------------------------------------------------ manage
    def _manage(self, view: SeatView, legal: list) -> Any:
        me = view.seat
        pl = view.players[me]
        money = pl.money
        slot = view.current_slot
        assert slot is not None  # manage is a product's turn
        product = view.products[slot]
        hire = Hire  # a local (see _window)
        hires = [a for a in legal if type(a) is hire]
        kinds = {a.kind for a in hires}
        late = view.year >= 5 or self._end_near(view)
        failing = slot in view.hire_fails  # F15: this product's first hire fails
        # 1. executives as soon as affordable
        want = self._wanted_executive(view, pl, kinds, money, late)
        if want is None:
            # 2. poach a cheap Nerd of a direct competitor (poaching is not hiring)
            poach = self._pick_poach(view, legal, product, money)
            if poach is not None:
                return poach
            # 3. hire a Nerd/Suit mix
            want = self._wanted_worker(view, pl, kinds, money, late)
        if want is not None:
            if not failing:
                return listed_hire(hires, want)
            sacrifice = self._absorb_failure(view, kinds, want, money)
            if sacrifice is not None:
                return listed_hire(hires, sacrifice)
            # else wait: no hire into the failure this turn
        # 4. protect vested staff with the money left
        retain = self._pick_retain(view, legal, product, money)
        if retain is not None:
            return retain
        return same(legal, END_MANAGE)

    @staticmethod
    def _wanted_executive(view: SeatView, pl: Player | MaskedPlayer, kinds: set[str],
                          money: int, late: bool) -> str | None:
        """The executive to hire now, if any: the Big Suit first in years 1-2, else the
        Big Nerd, else a Big Suit while the game is young."""
        if money < COST[BIG_NERD]:
            return None
        if BIG_SUIT in kinds and not pl.big_suits and not late and view.year <= 2:
            return BIG_SUIT
        if BIG_NERD in kinds:
            return BIG_NERD
        if BIG_SUIT in kinds and not late:
            return BIG_SUIT
        return None

    def _wanted_worker(self, view: SeatView, pl: Player | MaskedPlayer, kinds: set[str],
                       money: int, late: bool
                       ) -> str | None:
        """The worker to hire now, if any: a Nerd/Suit mix, unless saving up (from year 2
        a company without a Big Nerd keeps 4-5 tokens, so that the next revenue buys one
        from the supply). A method, not a static one: Hard overrides it, and compiled
        code calls a static method directly, past any override."""
        saving = (not late and view.year >= 2 and not pl.big_nerds
                  and view.supply[BIG_NERD] > 0 and 4 <= money < 6)
        if saving or not kinds & {NERD, SUIT}:
            return None
        products = view.products
        my_nerds = sum(sum(products[s].nerds) for s in pl.slots)
        my_suits = sum(sum(products[s].suits) for s in pl.slots)
        if late:  # a Suit hired now will hardly pay for itself
            want_suit = False
        elif view.year <= 2:  # alternate, Suit first: Suits fund the next hires
            want_suit = my_suits <= my_nerds
        else:  # then one Suit per two Nerds
            want_suit = 2 * my_suits < my_nerds
        return SUIT if want_suit and SUIT in kinds else NERD if NERD in kinds else SUIT

    @staticmethod
    def _absorb_failure(view: SeatView, kinds: set[str], want: str, money: int) -> str | None:
        """Under a Hiring Failure: the 1-token worker to sacrifice so that the hire it
        wants comes next, or None to wait (no second hire left this turn, or the money
        would not pay for both: the failure ends with the turn, so waiting costs only
        this turn's hire)."""
        if view.hire_limit - view.hires < 2 or money < 1 + COST[want]:
            return None
        if want in (NERD, SUIT):
            return want
        return NERD if NERD in kinds else SUIT if SUIT in kinds else None

    def _pick_poach(self, view: SeatView, legal: list, product: Product | MaskedProduct,
                    money: int) -> Poach | None:
        """A Nerd of a direct competitor (a launched rival product in the current
        product's category) for at most 2 tokens, offered so that its owner cannot
        counter; with the Nerd supply nearly gone, any rival's Nerd at any listed offer
        up to 2 will do."""
        me = view.seat
        direct: set | None = None  # found at the first candidate: most lists have none
        scarce = view.supply[NERD] < 4
        players = view.players
        best = None
        best_key: tuple = ()
        poach = Poach  # a local (see _window)
        for a in legal:
            if type(a) is not poach:
                continue
            offer = a.offer  # first: four listed offers in five cost more than 2
            if offer > 2 or offer > money or a.kind != NERD or a.slot is None:
                continue
            if direct is None:
                direct = {q.slot for q in self._rivals(view, product)} \
                    if product.category else set()
            if a.slot not in direct and not scarce:
                continue
            can_counter = players[a.seat].money >= offer + 1
            if can_counter and not scarce:
                continue
            key = (a.slot in direct, not can_counter, -offer,
                   -after(me, a.seat, len(players)))
            if best is None or key > best_key:
                best, best_key = a, key
        return best

    def _pick_retain(self, view: SeatView, legal: list, product: Product | MaskedProduct,
                     money: int) -> Retain | None:
        """Spare money first moves vested executives back to 4, then vested Nerds of a
        launched product one field (enough that a 1-token poach is no longer possible)."""
        if money < 3:
            return None
        best = None
        retain = Retain  # a local (see _window)
        for a in legal:
            if type(a) is not retain:
                continue
            if a.kind in (BIG_NERD, BIG_SUIT) and a.vest <= 1 and a.steps == 4 - a.vest \
                    and money - a.steps >= 1:
                return a
            if a.kind == NERD and a.vest == 0 and a.steps == 1 and product.launched \
                    and money >= 4 and best is None:
                best = a
        return best

    def _counter(self, view: SeatView, legal: list) -> Any:
        """Counter when it costs no more than replacing the employee would."""
        pp = view.pending_poach
        assert pp is not None  # a counter answers an offer
        me = view.seat
        money = view.players[me].money
        amount = pp["offer"] + 1
        kind = pp["kind"]
        if kind in (BIG_NERD, BIG_SUIT):
            worth = 7 if view.supply[kind] else 10
        else:
            worth = 2 if view.supply[kind] else 4
            if kind == SUIT and self._end_near(view):
                worth = 0
        return same(legal, COUNTER_CHOICES[0 if amount <= worth and amount <= money else 1])

    # ------------------------------------------------------------------ user loss
    def _loss(self, view: SeatView, legal: list) -> Any:
        """Spend pips on rivals' products, the VP leader's first; never on my own."""
        me = view.seat
        scores = vp(view)
        best = None
        best_key: tuple = ()
        for a in legal:
            if type(a) is LosePip:
                owner = view.products[a.slot].owner
                if owner == me:
                    continue
                key = (scores[owner], view.products[a.slot].field,
                       -after(me, owner, len(scores)))
                if best is None or key > best_key:
                    best, best_key = a, key
        return best if best is not None else same(legal, END_USER_LOSS)

    # ------------------------------------------------------------------ year end
    def _reassign(self, view: SeatView, legal: list) -> Any:
        """Move Nerds off products at the top of the track, where they add nothing."""
        products = view.products
        pl = view.players[view.seat]
        top = LAST_FIELD - 2
        low = min(pl.slots, key=lambda s: products[s].field)
        if products[low].field >= top:
            return same(legal, END_REASSIGN)
        for a in legal:
            if type(a) is Reassign and a.dest == low and a.kind == NERD and \
                    products[a.src].field >= top:
                return a
        return same(legal, END_REASSIGN)

    def _marketing(self, view: SeatView, legal: list) -> Any:
        """Surplus money onto launched (or nearly launched) products in close showdowns.
        The allocation is sealed (F14): rivals' marketing for next year is unknown, so
        the lead is aimed over their strength without it."""
        me = view.seat
        pl = view.players[me]
        reserve = 0 if self._end_near(view) else 3
        if pl.money <= reserve:
            return same(legal, END_MARKETING)
        sealed = view.marketing_pending  # my own tokens so far
        best = None
        best_gap = 99
        for s in pl.slots:
            p = view.products[s]
            if not p.launched and p.field < LAUNCH_FIELD - 6:
                continue
            rivals = self._rivals(view, p)
            if not rivals:
                continue
            base = self._strength(view, p) - p.marketing
            placed = p.marketing + sealed.get(s, 0)
            need = 0
            for q in rivals:  # tokens for a lead of LEAD over each rival still in reach
                gap = self._strength(view, q) - base + LEAD
                if gap <= MAX_MARKETING:
                    need = max(need, gap)
            if placed < need and need - placed < best_gap:
                best, best_gap = s, need - placed
        return same(legal, Market(best) if best is not None else END_MARKETING)

    def _order_choose(self, view: SeatView, legal: list) -> Any:
        return min((a for a in legal if type(a) is ChoosePosition),
                   key=lambda a: a.position, default=legal[0])


PLAYER_TYPES: Final = {RandomPlayer.kind: RandomPlayer, RulePlayer.kind: RulePlayer}


#: stage -> the name of the method deciding in it (a player without one takes the first
#: legal action)
#: the decision stages `_choose` has a rule for (set-up chips take the first action)
CHOOSERS: Final = frozenset({"window", "manage", "reassign", "marketing", "order_choose", "loss",
                      "counter", "defense", "attrition"})
assert CHOOSERS | {"chips"} == DECISION_STAGES  # a new decision stage needs its chooser

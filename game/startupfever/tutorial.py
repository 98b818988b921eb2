"""The "Learn to play" scenario: a short fixed game of Startup Fever in which every rule
happens (headless: the coaching that explains it lives in scenes/startupfever/).

Two companies: the person's (seat 0, products A-D) and Ada's (seat 1, E-H), a few years
into their business, so that two years show everything: adoption, revenue, launches,
hiring and executives, vesting, a poach and a counter-offer, retaining, Event Cards in a
window and Defense, user loss, the year-end showdowns (with gains and losses),
marketing, next year's turn order, a Leak that launches the last product, the
"last year" that follows and the end (RULES.md F12).

What is fixed here, and only here:
* `tutorial_state(name)`: the set-up played through the rules (chips, deal, first turn
  order), then the head start: fields, staff, money and hands. Everything else is the
  real game.
* `outcome(state)`: the chance outcome the scenario wants now (a die, a card drawn, a
  tie broken), or None to let the state's own seeded RNG draw it.
* `RivalPlayer`: Ada, who plays her part (a poach, an Audit, a Big Nerd, pushing a
  product back) and otherwise takes the plain way out. She reads only her observation.
* `lesson(state)`: what the scenario asks the person to do at the decision open now
  (a `Lesson` naming a step and a test of the action), or None where the person is free.

The scenario never breaks a rule: every action goes through `State.apply`, and the state
after the head start passes the save file's checks (`from_json(to_json())`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
    Pass,
    PickProduct,
    PlaceChip,
    PlayCard,
    Poach,
    Retain,
    Roll,
)
from .cards import full_deck
from .rules import CHANCE, State, new_game
from .state import BIG_SUIT, COMMUNICATION, ECOMMERCE, MEDIA, NERD, SOCIAL, SUIT

PERSON, RIVAL = 0, 1
RIVAL_NAME = "Ada"
SEED = 2024  # whatever the scenario leaves to chance is drawn from this seed
YEARS = 2  # the game ends at the end of year 2 (the Leak launches the last product)

CHIPS = {"A": SOCIAL, "B": ECOMMERCE, "C": COMMUNICATION, "D": MEDIA,
         "E": SOCIAL, "F": COMMUNICATION, "G": ECOMMERCE, "H": MEDIA}
# slot -> (field, {vest: Nerds}, {vest: Suits}); launched when at or past 10K users
START: dict[str, tuple[int, dict[int, int], dict[int, int]]] = {
    "A": (13, {2: 1}, {}),
    "B": (39, {1: 2}, {2: 1}),
    "C": (11, {}, {}),
    "D": (3, {}, {}),
    "E": (20, {1: 1}, {}),
    "F": (38, {2: 1}, {1: 1}),
    "G": (22, {2: 1}, {3: 1}),
    "H": (11, {3: 1}, {}),
}
MONEY = (6, 12)  # the person's, Ada's; the bank holds the rest of the 100
HANDS = (("funding_round", "defense"),
         ("audit_half", "security_breach", "talent_fair", "server_outage"))
FIRST_ORDER = "AFBHCGDE"  # year 1's turn order

# What the dice show: (year, product) -> die, for adoption, user loss and showdowns.
ADOPTION_DIE = {(1, "A"): 2, (1, "F"): 3, (1, "B"): 3, (1, "H"): 4, (1, "C"): 6,
                (1, "G"): 2, (1, "D"): 1, (1, "E"): 3,
                (2, "A"): 4, (2, "B"): 2, (2, "C"): 5, (2, "D"): 3, (2, "E"): 2,
                (2, "F"): 1, (2, "G"): 4, (2, "H"): 3}
LOSS_DIE = {1: 4, 2: 3}  # every user-loss roll of a year
SHOWDOWN_DIE = {(1, "A"): 6, (1, "E"): 1, (1, "C"): 2, (1, "F"): 5, (1, "B"): 5,
                (1, "G"): 1,
                (2, "A"): 5, (2, "E"): 1, (2, "C"): 6, (2, "F"): 1, (2, "B"): 4,
                (2, "G"): 3, (2, "D"): 1, (2, "H"): 4}
# The cards each company draws at the year end, in the order it receives them.
DRAWS = (("leak", "press_coverage", "attrition", "press_coverage"),
         ("viral_growth", "funding_round", "talent_fair", "acqui_hire"))


def tutorial_state(name: str = "You") -> State:
    """The scenario's game at its first step of year 1 (module notes)."""
    state = new_game([name, RIVAL_NAME], seed=SEED)
    while state.stage == "chips":
        slot = next(s for s in state.players[state.actor].slots
                    if state.products[s].category is None)
        state.apply(PlaceChip(slot, CHIPS[slot]))
    while state.stage == "deal":
        state.apply(state.sample_chance())
    _head_start(state)
    for slot in FIRST_ORDER[:-1]:
        if state.current_player != CHANCE or state.stage != "first_order":
            break
        state.apply(PickProduct(slot))
    return state


def _head_start(state: State) -> None:
    """A few years into the business: fields, staff, money and hands (module notes)."""
    deck = full_deck()
    for seat, hand in enumerate(HANDS):
        player = state.players[seat]
        player.hand = list(hand)
        player.money = MONEY[seat]
        for card in hand:
            deck[card] -= 1
    state.deck = deck
    for slot, (field, nerds, suits) in START.items():
        product = state.products[slot]
        product.field = field
        product.launched = field >= 16
        for vest, count in nerds.items():
            product.nerds[vest] = count
            state.supply[NERD] -= count
        for vest, count in suits.items():
            product.suits[vest] = count
            state.supply[SUIT] -= count
    state.bank = 100 - sum(MONEY)


def outcome(state: State) -> Any:
    """The chance outcome the scenario fixes now, or None (the state's RNG draws it)."""
    stage, year, slot = state.stage, state.year, state.current_slot
    die: int | None = None
    if stage == "adoption_roll" and slot is not None:
        die = ADOPTION_DIE.get((year, slot))
    elif stage == "loss_roll":
        die = LOSS_DIE.get(year)
    elif stage == "comp_roll" and state.comp_pending:
        pending = state.comp_pending[0]
        if not state.comp_rolls.get(pending):  # a tie's re-roll is left to chance
            die = SHOWDOWN_DIE.get((year, pending))
    elif stage == "deal" and state.year >= 1:
        card = _next_draw(state, state.deal_queue[0])
        if card is not None:
            return Draw(card)
    return Roll(die) if die is not None else None


def _next_draw(state: State, seat: int) -> str | None:
    """The first card of `DRAWS[seat]` the seat's hand does not hold yet (counting
    copies), if the pile still has one."""
    missing = list(DRAWS[seat]) if seat < len(DRAWS) else []
    for card in state.players[seat].hand:
        if card in missing:
            missing.remove(card)
    return next((c for c in missing if state.deck.get(c, 0) > 0), None)


# -- Ada ------------------------------------------------------------------------------------

class RivalPlayer:
    """Ada: her part of the scenario, else the plain way out (pass, end, first place).
    Decides from `legal` and her own observation only."""

    kind = "tutorial"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def decide(self, state_or_observation: Any, legal: list) -> Any:
        view = state_or_observation
        obs = view.observation(RIVAL) if hasattr(view, "observation") else view
        stage, year, slot = obs["stage"], obs["year"], obs["current_slot"]
        for wanted in _rival_wants(stage, year, slot, obs):
            hit = next((a for a in legal if wanted(a)), None)
            if hit is not None:
                return hit
        for plain in (Pass(), EndManage(), EndUserLoss(), EndReassign(), EndMarketing(),
                      Defend(False), Counter(False)):
            if plain in legal:
                return plain
        return legal[0]


def _rival_wants(stage: str, year: int, slot: str | None, obs: dict
                 ) -> list[Callable[[Any], bool]]:
    """Ada's scripted moves at this step, best first."""
    products = obs["products"]
    mine = obs["players"][RIVAL]
    if stage == "window" and year == 1 and slot == "B" and obs["window"] == "manage":
        return [lambda a: type(a) is PlayCard and a.card == "audit_half"]
    if stage == "manage" and year == 1 and slot == "F" and not obs["poach_counts"]:
        return [lambda a: type(a) is Poach and a.slot == "B" and a.kind == NERD]
    if stage == "manage" and year == 1 and slot == "G" and not mine["big_suits"]:
        return [lambda a: type(a) is Hire and a.kind == BIG_SUIT]
    if stage == "manage" and year == 1 and slot in ("H", "E") and obs["hires"] == 0:
        return [lambda a: type(a) is Hire and a.kind == NERD]
    if stage == "loss" and year == 1 and slot == "F":
        return [lambda a: type(a) is LosePip and products[a.slot]["owner"] == PERSON]
    if stage == "marketing" and not obs["marketing_pending"] and mine["money"] > 2:
        return [lambda a: type(a) is Market and a.slot == "E"]
    if stage == "order_choose":
        return [lambda a: type(a) is ChoosePosition]
    return []


# -- the person ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Lesson:
    """A hands-on step: `step` names it (the coach's words for it live in the scenes);
    `wants(action)` says whether an action is the one asked for."""

    step: str
    wants: Callable[[Any], bool]


def _is(cls: type, **fields: Any) -> Callable[[Any], bool]:
    return lambda a: type(a) is cls and all(getattr(a, k) == v for k, v in fields.items())


def lesson(state: State) -> Lesson | None:
    """What the scenario asks the person to do now, or None (any legal action goes)."""
    if state.current_player != PERSON:
        return None
    stage, year, slot = state.stage, state.year, state.current_slot
    me = state.players[PERSON]
    if year == 1:
        if stage == "window" and state.window == "revenue" and slot == "A":
            if "funding_round" in me.hand:
                return Lesson("play_card", _is(PlayCard, card="funding_round"))
            return Lesson("pass", _is(Pass))
        if stage == "manage":
            return _manage_lesson(state, slot)
        if stage == "loss" and slot == "A":
            if state.products["F"].field > 36 and state.loss_left:
                return Lesson("push_back", _is(LosePip, slot="F"))
            return Lesson("end_loss", _is(EndUserLoss))
        if stage == "counter":
            return Lesson("counter", _is(Counter, accept=True))
        if stage == "defense":
            return Lesson("defend", _is(Defend, use=True))
        if stage == "reassign":
            return Lesson("end_reassign", _is(EndReassign))
        if stage == "marketing":
            placed = state.marketing_pending.get("A", 0)
            if placed < 2:
                return Lesson("market", _is(Market, slot="A"))
            return Lesson("seal", _is(EndMarketing))
        if stage == "order_choose" and state.order_groups[0][:1] == ["D"]:
            return Lesson("first_place", _is(ChoosePosition, position=0))
        return None
    if stage == "window" and state.window == "adoption" and "leak" in me.hand \
            and not state.products["D"].launched:
        return Lesson("leak", _is(PlayCard, card="leak", slot="D"))
    return None


def _manage_lesson(state: State, slot: str | None) -> Lesson | None:
    """Year 1's manage steps: one thing each, then End."""
    done = state.hires > 0
    if slot == "A" and not done:
        return Lesson("hire_nerd", _is(Hire, kind=NERD))
    if slot == "B" and state.products["B"].nerds[1]:
        return Lesson("retain", lambda a: type(a) is Retain and a.kind == NERD)
    if slot == "C" and not done:
        return Lesson("hire_suit", _is(Hire, kind=SUIT))
    return Lesson("end_manage", _is(EndManage))

"""Save files: versioned JSON, an exact round trip (what a seat may see is `observe.py`).

Loading checks a save as untrusted input: every field's type, then the rules' invariants
(money 100, employees and the 84 cards conserved, known ids, seats and slots in range)
and that the saved decision or chance step can go on. Anything wrong raises `SaveError`
(a `ValueError`) saying what; no other exception escapes `from_json`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, cast

from game.names import LABEL_MAX, text_problem

from . import usertrack
from .cards import CARD_IDS, CARDS, HAND_SIZE, WINDOWS
from .effects import TALENT_FAIR_MAX_HIRES
from .stages import AUTO_STAGES, CHANCE_STAGES, DECISION_STAGES
from .state import (
    BIG_NERD,
    BIG_SUIT,
    EXEC_KINDS,
    HIRES_PER_TURN,
    KINDS,
    LAST_YEAR,
    NERD,
    NEW_HIRE_FIELD,
    SLOTS,
    SUIT,
    SUPPLY_WORKERS,
    TOTAL_MONEY,
    Player,
    Product,
    categories_for,
    products_per_player,
)
from .yearend import TABLE2, YearEndRules

FORMAT = "startupfever"
VERSION = 2  # 2: sealed marketing (F14), Hiring Failure on any hire (F15)
OLD_VERSIONS = (1,)  # still loaded: `_upgrade` brings them to VERSION
MESSAGE_CHARS = 300


class SaveError(ValueError):
    """A save that cannot be loaded; the message says what is wrong with it (in at most
    MESSAGE_CHARS: a bad value of megabytes is never echoed whole)."""

    def __init__(self, message: str) -> None:
        if len(message) > MESSAGE_CHARS:
            message = message[:MESSAGE_CHARS - 3] + "..."
        super().__init__(message)


class SaveRules(YearEndRules):
    """to_json for the State; `load` is the heart of `from_json`."""

    def to_dict(self, rng: bool = True) -> dict[str, Any]:
        """The state as plain data (`to_json` writes it); rng=False leaves the RNG out."""
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        for key in FIELDS:  # every field but `_events`, in the order `State` sets them
            if key == "rng" and not rng:
                continue
            try:
                value = getattr(self, key)
            except AttributeError:  # a determinization has no seed and no RNG
                continue
            if key == "rng":
                version, internal, gauss = value.getstate()
                value = [version, list(internal), gauss]
            elif key == "players":
                value = [{k: getattr(p, k) for k in PLAYER} for p in value]
            elif key == "products":
                value = {s: {k: getattr(p, k) for k in PRODUCT} for s, p in value.items()}
            data[key] = value
        return data

    def to_json(self) -> str:
        """The whole state, including RNG state and the deck, as versioned JSON."""
        return json.dumps(self.to_dict(), separators=(",", ":"))


def load(text: Any, blank: Callable[[], SaveRules]) -> SaveRules:  # untrusted input
    """Rebuild a game saved by `to_json` into `blank()` (a State with no fields set; see
    `rules.from_json`); a broken save raises `SaveError` saying why."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveError(f"not a Startup Fever save: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a Startup Fever save (format tag missing)")
    version = data.get("version")
    if type(version) is not int or version not in (VERSION,) + OLD_VERSIONS:
        raise SaveError(f"unsupported save version {version!r} (expected {VERSION})")
    try:
        if version != VERSION:
            _upgrade(data)
        _check_types(data)
        state = _build(data, blank)
        _check(state)
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001 - last resort: the checks above come first
        raise SaveError(f"corrupt Startup Fever save: {type(exc).__name__}: {exc}") from None
    return state


def _upgrade(data: dict[str, Any]) -> None:
    """Bring a version 1 save up to date. Version 1 put marketing tokens straight onto
    the products (nothing sealed), and its Hiring Failure named a kind: pending there, it
    now makes the current product's first hire fail (F15)."""
    data.setdefault("marketing_pending", {})
    fails = data.get("hire_fails")
    if isinstance(fails, list) and fails:
        order, index = data.get("turn_order"), data.get("turn_index")
        if not (isinstance(order, list) and type(index) is int and 0 <= index < len(order)):
            raise SaveError("corrupt Startup Fever save: Hiring Failure outside a turn")
        data["hire_fails"] = [order[index]]
    data["version"] = VERSION
    known = {key: data.pop(key) for key in FIELDS if key in data}  # the fields' own order
    data.update(known)


def _build(data: dict[str, Any], blank: Callable[[], SaveRules]) -> SaveRules:
    state = blank()
    for key, value in data.items():
        if key in ("format", "version"):
            continue
        if key == "rng":
            rng = random.Random()
            try:
                rng.setstate((value[0], tuple(value[1]), value[2]))
            except (TypeError, ValueError, OverflowError) as exc:
                raise SaveError(f"corrupt Startup Fever save: bad RNG state ({exc})") from None
            value = rng
        elif key == "players":
            value = [Player(**p) for p in value]
        elif key == "products":
            value = {s: Product(**p) for s, p in value.items()}
        elif key == "categories":
            value = tuple(value)
        setattr(state, key, value)
    state._events = []
    return state


# ------------------------------------------------------------------ field types
# A small type language for the saved fields: int / str / bool are exact JSON types (a
# bool is not an int, 3.0 is not 3); ("opt", t) allows null; ("list", t) and ("map", t)
# (string keys) hold items of type t; a dict is a record with exactly those keys.
def _opt(t: Any) -> tuple:
    return ("opt", t)


def _list(t: Any) -> tuple:
    return ("list", t)


def _map(t: Any) -> tuple:
    return ("map", t)


PLAYER = {"name": str, "money": int, "hand": _list(str), "slots": _list(str),
          "big_nerds": _list(int), "big_suits": _list(int)}
PRODUCT = {"slot": str, "owner": int, "category": _opt(str), "launched": bool, "field": int,
           "marketing": int, "nerds": _list(int), "suits": _list(int)}
FIELDS: dict[str, Any] = {
    "seed": _opt(int), "rng": "rng", "extra_years": int,
    "players": _list(PLAYER), "products": _map(PRODUCT), "categories": _list(str),
    "bank": int, "supply": _map(int), "deck": _map(int), "discard": _list(str),
    "played": _list(str), "year": int, "turn_order": _list(str), "turn_index": int,
    "turn_seat": int, "in_turn": bool, "actor": int, "stage": str,
    "all_launched_year": _opt(int), "end_reason": _opt(str),
    "deal_queue": _list(int), "deal_after": str, "order_pool": _list(str),
    "window": _opt(str), "window_seats": _list(int), "after_window": str,
    "pending_card": _opt({"seat": int, "card": str, "slot": _opt(str), "target": _opt(int),
                          "kind": _opt(str)}),
    "attrition": _opt({"seat": int, "slot": str, "left": int, "used": _list(str)}),
    "exec_power": _list(int), "press": _map(int),
    "adopt_bonus": int, "adopt_halved": bool, "hire_fails": _list(str), "hire_limit": int,
    "hires": int, "manage_blocked": bool, "poach_counts": _map(int), "protected": _map(int),
    "pending_poach": _opt({"seat": int, "slot": _opt(str), "kind": str, "vest": int,
                           "offer": int}),
    "loss_left": int, "loss_taken": _map(int),
    "comp_queue": _list(str), "comp_category": str, "comp_base": _map(_list(int)),
    "comp_rolls": _map(_list(int)), "comp_pending": _list(str),
    "seat_queue": _list(int), "marketing_pending": _map(int),
    "order_groups": _list(_list(str)), "new_order": _list(_opt(str)),
}


def _bad(where: str, problem: str) -> SaveError:
    return SaveError(f"corrupt Startup Fever save: {where} {problem}")


def _show(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _expect(value: Any, spec: Any, where: str) -> None:
    """Raise SaveError unless `value` has the type `spec` describes."""
    if spec in (int, str, bool):
        if type(value) is not spec:
            raise _bad(where, f"is {_show(value)}, expected {spec.__name__}")
    elif spec == "rng":
        ok = (type(value) is list and len(value) == 3 and type(value[0]) is int
              and type(value[1]) is list and all(type(x) is int for x in value[1])
              and (value[2] is None or type(value[2]) is float))
        if not ok:
            raise _bad(where, "is not a random generator state")
    elif isinstance(spec, dict):
        if type(value) is not dict:
            raise _bad(where, f"is {_show(value)}, expected an object")
        if set(value) != set(spec):
            missing, extra = sorted(set(spec) - set(value)), sorted(set(value) - set(spec))
            raise _bad(where, f"has missing fields {missing} / unknown fields {extra}")
        for key, sub in spec.items():
            _expect(value[key], sub, f"{where}.{key}")
    elif spec[0] == "opt":
        if value is not None:
            _expect(value, spec[1], where)
    elif spec[0] == "list":
        if type(value) is not list:
            raise _bad(where, f"is {_show(value)}, expected a list")
        for i, item in enumerate(value):
            _expect(item, spec[1], f"{where}[{i}]")
    else:  # map
        if type(value) is not dict:
            raise _bad(where, f"is {_show(value)}, expected an object")
        for key, item in value.items():
            _expect(item, spec[1], f"{where}[{key!r}]")


def _check_types(data: dict[str, Any]) -> None:
    fields = set(data) - {"format", "version"}
    missing, extra = sorted(set(FIELDS) - fields), sorted(fields - set(FIELDS))
    if missing:
        raise SaveError(f"corrupt Startup Fever save: missing fields {missing}")
    if extra:
        raise SaveError(f"corrupt Startup Fever save: unknown fields {extra}")
    for key, spec in FIELDS.items():
        _expect(data[key], spec, key)


# ------------------------------------------------------------------ consistency
def _need(ok: bool, problem: str) -> None:
    if not ok:
        raise SaveError(f"corrupt Startup Fever save: {problem}")


def _check(state: SaveRules) -> None:
    """The rules' invariants and a resumable stage; SaveError names the first problem."""
    n = len(state.players)
    _need(2 <= n <= 6, f"{n} players (2-6 play)")
    slots = list(SLOTS[: n * products_per_player(n)])
    _check_table(state, slots)
    _check_money_and_employees(state)
    _check_cards(state)
    _check_flow(state, slots)
    _check_stage(state, range(n), set(slots))


def _check_table(state: SaveRules, slots: list[str]) -> None:
    """Seats, products, chips, User Markers and workers (F1, F2, F4-F6)."""
    players, products = state.players, state.products
    n = len(players)
    per = products_per_player(n)
    _need(0 <= state.extra_years <= 2, f"extra_years {state.extra_years} (0-2)")
    _need(list(products) == slots, f"products {list(products)}, expected {slots}")
    _need(list(state.categories) == list(categories_for(n)),
          f"categories {state.categories} do not fit {n} players")
    for seat, pl in enumerate(players):
        _need(pl.slots == slots[seat * per:(seat + 1) * per], f"seat {seat} owns {pl.slots}")
        problem = text_problem(pl.name, LABEL_MAX)
        _need(problem is None, f"seat {seat}'s name {problem}")
    # products: chips, markers, workers (F4, F5, F6)
    for slot, p in products.items():
        _need(p.slot == slot and p.owner == slots.index(slot) // per,
              f"product {slot} has slot {p.slot!r} / owner {p.owner}")
        _need(p.category is None or p.category in state.categories,
              f"product {slot} has unknown category {p.category!r}")
        _need(0 <= p.field <= usertrack.LAST_FIELD, f"product {slot} on field {p.field}")
        _need(p.launched or p.field < usertrack.LAUNCH_FIELD,
              f"product {slot} past the Launch line but not launched")
        _need(not p.launched or p.category is not None, f"product {slot} launched without chip")
        _need(p.marketing >= 0, f"product {slot} has marketing {p.marketing}")
        for name, arr in (("Nerds", p.nerds), ("Suits", p.suits)):
            _need(len(arr) == 5 and min(arr) >= 0, f"bad {name} on product {slot}: {arr}")
    for seat, pl in enumerate(players):
        chips = [products[s].category for s in pl.slots if products[s].category is not None]
        _need(len(chips) == len(set(chips)), f"seat {seat} has two chips of one category")


def _check_money_and_employees(state: SaveRules) -> None:
    """F3: 100 tokens, nobody below 0; F4: supply + on products + executives."""
    players, products = state.players, state.products
    n = len(players)
    _need(state.bank >= 0 and all(pl.money >= 0 for pl in players), "negative money")
    money = state.bank + sum(pl.money for pl in players) + \
        sum(p.marketing for p in products.values()) + sum(state.marketing_pending.values())
    _need(money == TOTAL_MONEY, f"money adds up to {money}, not {TOTAL_MONEY}")
    supply = state.supply
    _need(set(supply) == set(KINDS), f"supply kinds {sorted(supply)}")
    _need(min(supply.values()) >= 0, f"negative supply {supply}")
    for seat, pl in enumerate(players):
        for kind, fields in ((BIG_NERD, pl.big_nerds), (BIG_SUIT, pl.big_suits)):
            _need(len(fields) <= 2 and all(0 <= v <= NEW_HIRE_FIELD for v in fields),
                  f"seat {seat} has executives {kind} on fields {fields}")
        _need(len(pl.big_nerds) + len(pl.big_suits) <= 3,
              f"seat {seat} has two Big Nerds and two Big Suits (F16: one extra at most)")
    held = {
        NERD: supply[NERD] + sum(p.nerd_count for p in products.values()),
        SUIT: supply[SUIT] + sum(p.suit_count for p in products.values()),
        BIG_NERD: supply[BIG_NERD] + sum(len(pl.big_nerds) for pl in players),
        BIG_SUIT: supply[BIG_SUIT] + sum(len(pl.big_suits) for pl in players),
    }
    want = {NERD: SUPPLY_WORKERS, SUIT: SUPPLY_WORKERS, BIG_NERD: n - 1, BIG_SUIT: n - 1}
    for kind in KINDS:
        _need(held[kind] == want[kind],
              f"{held[kind]} employees of kind {kind}, expected {want[kind]}")


def _check_cards(state: SaveRules) -> None:
    """F10: 84 cards, the right copies of each known card; hands of at most four."""
    players = state.players
    _need(set(state.deck) == set(CARD_IDS), "the draw pile lists unknown or missing card ids")
    _need(min(state.deck.values()) >= 0, "negative card count in the draw pile")
    counts = dict(state.deck)
    for where, cards in [("discard pile", state.discard), ("played cards", state.played)] + \
            [(f"hand of seat {i}", pl.hand) for i, pl in enumerate(players)]:
        for card in cards:
            _need(card in CARDS, f"unknown card {card!r} in the {where}")
            counts[card] += 1
    for card, k in counts.items():
        _need(k == CARDS[card].count, f"{k} copies of {card}, expected {CARDS[card].count}")
    _need(all(len(pl.hand) <= HAND_SIZE for pl in players), "a hand of more than four cards")
    _need(all(len(pl.hand) + state.deal_queue.count(seat) <= HAND_SIZE
              for seat, pl in enumerate(players)), "cards to deal past a hand of four")


def _check_flow(state: SaveRules, slots: list[str]) -> None:
    """The year, the turn, the queues and the per-turn and year-end bookkeeping."""
    seats = range(len(state.players))
    _need(0 <= state.year <= LAST_YEAR, f"year {state.year}")
    order = state.turn_order
    _need(len(set(order)) == len(order) and set(order) <= set(slots),
          f"turn order {order}")
    _need(state.year == 0 or len(order) == len(slots), f"turn order {order} is incomplete")
    _need(0 <= state.turn_index <= len(order), f"turn index {state.turn_index}")
    _need(state.in_turn is False or state.turn_index < len(order), "a turn past the order")
    _need(state.turn_seat in seats and state.actor in seats, "turn seat or actor out of range")
    for name in ("deal_queue", "window_seats", "exec_power", "seat_queue"):
        _need(all(s in seats for s in getattr(state, name)), f"{name} names an unknown seat")
    slot_set = set(slots)
    for name in ("order_pool", "comp_pending"):
        _need(set(getattr(state, name)) <= slot_set, f"{name} names an unknown product")
    for name in ("press", "loss_taken", "comp_base", "comp_rolls", "poach_counts"):
        keys = {k for k in getattr(state, name) if not (name == "poach_counts"
                                                       and k.startswith("@"))}
        _need(keys <= slot_set, f"{name} names an unknown product")
    _need(all(0 <= k <= 2 for k in state.loss_taken.values()), "more than 2 user-loss pips")
    _need(0 <= state.loss_left <= 6, f"{state.loss_left} user-loss pips left")
    _need(set(state.comp_queue) <= set(state.categories), "comp_queue names an unknown category")
    _need(state.comp_category in ("",) + tuple(state.categories), "unknown competition category")
    _need(all(len(v) == 2 for v in state.comp_base.values()), "bad competition strengths")
    _need(all(1 <= r <= 6 for v in state.comp_rolls.values() for r in v), "bad competition die")
    _need(not state.hire_fails or state.in_turn and state.hire_fails == [state.current_slot],
          "Hiring Failure pending on a product whose turn it is not")
    _need(HIRES_PER_TURN <= state.hire_limit <= TALENT_FAIR_MAX_HIRES
          and 0 <= state.hires <= state.hire_limit, f"{state.hires} hires of {state.hire_limit}")
    _need(state.window is None or state.window in WINDOWS, f"unknown window {state.window!r}")
    resumes = set(AUTO_STAGES) | CHANCE_STAGES
    _need(state.after_window in resumes | {""} and state.deal_after in resumes | {""},
          "a window or deal resumes at an unknown stage")
    placed = [s for s in state.new_order if s is not None]
    grouped = [s for group in state.order_groups for s in group]
    _need(state.new_order == [] and grouped == []
          or sorted(placed + grouped) == slots and len(state.new_order) == len(slots),
          "the new turn order and its groups do not hold every product once")


def _check_setup_and_competition(state: SaveRules, stage: str, slot_set: set[str]) -> None:
    """What play relies on later: every chip placed once set-up is over, the first
    turn order's pool holding exactly the products not yet picked, and a competition's
    dice owed by exactly the products in it (saves breaking these loaded and
    then crashed, or played into states this check refuses)."""
    products = state.products
    if stage != "chips":  # F2: chips are placed first, before anything else happens
        _need(all(p.category is not None for p in products.values()),
              "a product without its category chip after set-up")
    if stage == "first_order":
        pool = state.order_pool
        _need(len(pool) >= 2 and len(set(pool)) == len(pool) and not set(pool) &
              set(state.turn_order) and set(pool) | set(state.turn_order) == slot_set,
              "the first turn order's pool does not hold every product not yet picked")
    else:
        _need(not state.order_pool, f"a turn order pool at {stage}")
    pending, rolls = state.comp_pending, state.comp_rolls
    if stage != "comp_roll":
        _need(not pending, f"competition dice owed at {stage}")
        return
    category = state.comp_category
    _need(bool(pending) and len(set(pending)) == len(pending) and set(pending) <= set(rolls)
          and set(rolls) == set(state.comp_base) and len(rolls) in TABLE2,
          "a competition die roll for a product not in the competition")
    _need(all(products[s].launched and products[s].category == category for s in rolls),
          f"a product in the {category} competition that is not a launched {category}")
    _need(all(s in pending for s, r in rolls.items() if not r),
          "a product in the competition owes its die but is not asked for it")
    _need(state.turn_seat == products[pending[0]].owner, "the competition asks the wrong seat")


def _check_stage(state: SaveRules, seats: range, slot_set: set[str]) -> None:
    """A save is made between two `apply` calls, so it rests at a decision, a chance step
    or the end; the data that stage works on must be there."""
    stage = state.stage
    _need(stage in CHANCE_STAGES or stage in DECISION_STAGES or stage == "over",
          f"stage {stage!r} is not a decision, a chance step or the end")
    in_turn_stages = ("adoption_roll", "loss_roll", "manage", "counter", "loss")
    if stage in in_turn_stages or (stage in ("window", "defense") and state.window not in
                                   (None, "competition", "discard")):
        slot = state.current_slot
        _need(state.in_turn and slot is not None, f"{stage} outside a turn")
        owner = state.products[cast(str, slot)].owner
        _need(state.turn_seat == owner, "the turn seat does not own the current product")
    if stage in ("window", "defense", "attrition"):
        _need(state.window is not None and bool(state.window_seats),
              f"{stage} without an open window")
    if stage == "window":
        _need(state.actor == state.window_seats[0], "the window asks the wrong seat")
    if stage in ("manage", "loss"):
        _need(state.actor == state.turn_seat, f"{stage} asks the wrong seat")
    pc = state.pending_card
    if stage == "defense":
        _need(pc is not None and bool(state.players[state.actor].hand),
              "defense without a card to answer or a card in hand")
        target = pc["target"] if pc["slot"] is None else state.products[pc["slot"]].owner  # type: ignore[index]
        _need(state.actor == target, "Defense asked of a company the card does not target")
    if pc is not None:
        _need(pc["card"] in CARDS and pc["seat"] in seats
              and (pc["slot"] is None or pc["slot"] in slot_set)
              and (pc["target"] is None or pc["target"] in seats)
              and (pc["kind"] is None or pc["kind"] in KINDS), f"bad pending card {pc}")
    at = state.attrition
    if stage == "attrition":
        _need(at is not None and state.actor == at["seat"], "attrition without its card")
    if at is not None:
        _need(at["seat"] in seats and at["slot"] in slot_set and at["left"] >= 1
              and set(at["used"]) <= slot_set, f"bad attrition {at}")
    pp = state.pending_poach
    if stage == "counter":
        _need(pp is not None and state.actor == pp["seat"], "counter-offer without an offer")
    if pp is not None:
        _need(pp["seat"] in seats and pp["seat"] != state.turn_seat and pp["kind"] in KINDS
              and 0 <= pp["vest"] <= NEW_HIRE_FIELD and pp["offer"] >= 1, f"bad offer {pp}")
        if pp["slot"] is None:
            _need(pp["kind"] in EXEC_KINDS and
                  pp["vest"] in state.players[pp["seat"]].executives(pp["kind"]),
                  f"offer to a missing executive {pp}")
        else:
            _need(pp["kind"] in (NERD, SUIT) and pp["slot"] in state.players[pp["seat"]].slots
                  and state.products[pp["slot"]].workers(pp["kind"])[pp["vest"]] > 0,
                  f"offer to a missing worker {pp}")
    if stage in ("reassign", "marketing"):
        _need(bool(state.seat_queue) and state.actor == state.seat_queue[0],
              f"{stage} asks the wrong seat")
    pending = state.marketing_pending
    if pending:  # F14: sealed tokens exist only while the seats allocate
        _need(stage == "marketing" and set(pending) <= slot_set
              and min(pending.values()) >= 1, f"bad sealed marketing {pending}")
        waiting = set(state.seat_queue[1:])
        _need(all(state.products[s].owner not in waiting for s in pending),
              "sealed marketing of a seat not yet asked")
    _check_setup_and_competition(state, stage, slot_set)
    if stage in ("order_tie", "order_choose"):
        _need(bool(state.order_groups) and bool(state.order_groups[0])
              and len(state.new_order) == len(slot_set), "turn order without products")
    if stage == "order_choose":
        _need(state.actor == state.products[state.order_groups[0][0]].owner,
              "the turn order asks the wrong seat")
    if stage == "deal":
        _need(bool(state.deal_queue) and any(state.deck.values()), "a deal without cards")
    # last: the saved step must be able to go on
    rules: Any = state  # a State (rules.py) built by `load`
    if stage in CHANCE_STAGES:
        _need(bool(rules.chance_outcomes()), f"no possible outcome at {stage}")
    elif stage != "over":
        _need(bool(rules.legal_actions()), f"no legal action at {stage}")

"""Regression tests for the audit's departures (test_audit.py): malformed actions, exact
chance outcomes, checking against the current state, readable hire texts and corrupt
saves. Every bad input must raise a clear ValueError and leave the state unchanged."""

from __future__ import annotations

import json
import random
from typing import get_type_hints

import pytest

from game import startupfever as sf
from game.startupfever import sim
from game.startupfever.actions import (
    ChoosePosition,
    Counter,
    Defend,
    Draw,
    Hire,
    LosePip,
    MoveResigned,
    PickProduct,
    PlaceChip,
    PlayCard,
    Poach,
    Retain,
    Roll,
    describe,
    malformed,
)
from game.startupfever.fields import StateFields
from game.startupfever.persist import FIELDS, SaveError
from game.startupfever.players import RulePlayer
from game.startupfever.sim import invariant_violations

from .helpers import random_game, roll, start, total_money


def give_money(state: sf.State, seat: int, amount: int) -> None:
    state.bank -= amount - state.players[seat].money
    state.players[seat].money = amount


def at_manage(money: int = 20) -> sf.State:
    """Seat 0 at Manage Employees of product A; seat 1's product D has a vested Nerd."""
    state = start()
    give_money(state, 0, money)
    state.supply["nerd"] -= 1
    state.products["D"].nerds[0] += 1
    roll(state, 1)
    assert state.stage == "manage" and state.current_slot == "A"
    return state


def at_stage(stage: str) -> sf.State:
    state = sf.new_game(4, seed=3)
    while state.stage != stage:
        acts = state.legal_actions()
        state.apply(state.sample_chance() if state.current_player == sf.CHANCE else acts[0])
    return state


def refused(state: sf.State, action) -> str:
    """Apply `action`, expect IllegalAction and an unchanged state; return the message."""
    before = state.to_json()
    with pytest.raises(sf.IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before
    return str(info.value)


class Sneaky:
    """Neither str() nor repr() works: a message must still be built."""

    def __str__(self) -> str:
        raise RuntimeError("no str")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


# ------------------------------------------------------------------ chance outcomes
@pytest.mark.parametrize("bad", [Roll(True), Roll(False), Roll(2.5), Roll(3.0), Roll("3"),
                                 Roll(None), Roll([1]), Roll(0), Roll(7), Roll(-1)])
def test_die_outcome_must_be_an_int_from_1_to_6(bad):
    state = start()
    assert state.stage == "adoption_roll"
    refused(state, bad)
    state.apply(Roll(6))  # a real die still works


@pytest.mark.parametrize("bad", [Draw("bogus"), Draw(""), Draw(1), Draw(["leak"]), Draw(None)])
def test_drawn_card_must_be_a_known_id_left_in_the_pile(bad):
    state = at_stage("deal")
    refused(state, bad)
    state.deck["leak"] = 0
    state.deck["viral_growth"] += 6  # keep 84 cards
    refused(state, Draw("leak"))  # known, but none left
    state.apply(Draw("viral_growth"))


@pytest.mark.parametrize("bad", [PickProduct("Z"), PickProduct("a"), PickProduct(0),
                                 PickProduct(None), PickProduct(["A"])])
def test_picked_product_must_be_an_exact_listed_slot(bad):
    state = at_stage("first_order")
    refused(state, bad)
    state.apply(PickProduct("A"))
    refused(state, PickProduct("A"))  # already placed in the order


# ------------------------------------------------------------------ malformed decisions
MALFORMED_AT_MANAGE = [
    Hire("ceo"), Hire(["nerd"]), Hire(None), Hire("nerd", 1),
    Poach(1, "D", "nerd", "x", 3), Poach(1, "D", "nerd", 0, 2.5), Poach(True, "D", "nerd", 0, 1),
    Poach(1, "D", "nerd", 0.0, 1), Poach(1, 3, "nerd", 0, 1), Poach(1, "D", {"k": 1}, 0, 1),
    Poach(1, "D", "wizard", 0, 1), Poach(1, "D", "nerd", -1, 1), Poach(1, "D", "nerd", 0, 999),
    Retain("nerd", "0", 1), Retain("nerd", 0, True), Retain("big_nerd", 0, 1),
    Counter(1), Defend(0), ChoosePosition(True), LosePip(5), PlaceChip("A", 3),
    PlayCard(["leak"]), MoveResigned("nerd", 0, 7),
    "hire Nerd", None, 3, Roll(1), Sneaky(),
]


@pytest.mark.parametrize("bad", MALFORMED_AT_MANAGE, ids=lambda a: type(a).__name__)
def test_malformed_or_illegal_actions_raise_IllegalAction_with_a_clear_message(bad):
    state = at_manage()
    message = refused(state, bad)
    assert message and "Traceback" not in message


def test_messages_name_the_bad_field():
    state = at_manage()
    assert "Roll.value must be int, not True" in refused(start(), Roll(True))
    assert "Poach.vest must be int, not 'x'" in refused(state, Poach(1, "D", "nerd", "x", 3))
    assert "hire 'ceo'" in refused(state, Hire("ceo"))
    assert "not a Startup Fever action" in refused(state, "roll")
    assert "<Sneaky>" in refused(state, Sneaky())


def test_describe_and_str_never_raise():
    assert str(Hire("ceo")) == "hire 'ceo'"
    assert str(Retain(["x"], 0, 1)) == "retain ['x'] (vest 0) by 1"
    assert str(ChoosePosition("x")) == "take position 'x'"
    assert str(PlayCard("hiring_failure", "A", kind="wizard")).endswith("naming 'wizard'")
    assert describe(Sneaky()) == "<Sneaky>"
    assert malformed(Hire("nerd", "A")) is None and malformed(Hire("nerd")) is None
    assert malformed(Counter(True)) is None and malformed(Counter(1)) is not None


def test_poach_offers_between_minimum_and_money_stay_legal():
    """The check of unlisted offers (any amount the rulebook allows) still works."""
    state = at_manage(money=9)
    money = state.players[0].money
    assert Poach(1, "D", "nerd", 0, money - 1) not in state.legal_actions()
    refused(state, Poach(1, "D", "nerd", 0, money + 1))  # more than the poacher has
    state.apply(Poach(1, "D", "nerd", 0, money - 1))  # unlisted, but legal
    assert state.players[0].money == 1 and state.products["A"].nerds[4] == 1


# ------------------------------------------------------------------ always checked
def test_stale_listed_action_after_a_direct_edit_is_refused():
    state = at_manage(money=10)
    hire = next(a for a in state.legal_actions() if a == Hire("big_nerd"))
    give_money(state, 0, 5)
    refused(state, hire)
    assert total_money(state) == 100 and state.players[0].money == 5
    poach = next(a for a in state.legal_actions() if type(a) is Poach)
    state.products["D"].nerds[0] -= 1  # the Nerd leaves (back to the supply)
    state.supply["nerd"] += 1
    refused(state, poach)


def test_edited_hand_makes_a_listed_card_play_illegal():
    state = start(hands={0: ["viral_growth"]})
    assert state.stage == "window"
    play = next(a for a in state.legal_actions() if type(a) is PlayCard)
    state.deck["viral_growth"] += 1
    state.players[0].hand = []
    refused(state, play)


class Cheater(RulePlayer):
    """A simulator seat that returns an illegal action it built itself (a rule player
    otherwise: the simulator's seats are rule or random players)."""

    def decide(self, state, legal):
        return Hire("big_nerd") if state.stage == "manage" else legal[-1]


def test_simulator_checks_actions_that_were_not_listed(monkeypatch):
    """The simulator's private shortcut covers only the very objects the state listed;
    anything a player builds itself goes through the checked `apply`."""
    monkeypatch.setattr(sim, "TYPES", (Cheater,))
    with pytest.raises(sf.IllegalAction):
        sim.play_game(4, 1, 0)


def test_simulator_replay_is_unchanged_by_the_shortcut():
    """Applying listed decisions unchecked gives the same game as the public apply."""
    steps, years, winners, _kinds, bad = sim.play_game(4, 5, 0)
    gs = sim.game_seed(5, 0)
    state = sf.new_game(4, seed=gs)
    agents = [cls(gs * 8 + seat) for seat, cls in enumerate(sim.seat_types(4, 0))]
    count = 0
    while not state.is_terminal():
        cp = state.current_player
        legal = [] if cp == sf.CHANCE else state.legal_actions()
        state.apply(state.sample_chance() if cp == sf.CHANCE
                    else legal[0] if len(legal) == 1  # the simulator asks nobody then
                    else agents[cp].decide(state, legal))
        count += 1
    assert bad == [] and (count, state.year, state.winners()) == (steps, years, winners)


# ------------------------------------------------------------------ hire texts
def test_listed_hires_and_retains_name_the_current_product():
    state = at_manage()
    hires = [a for a in state.legal_actions() if type(a) is Hire]
    assert [str(a) for a in hires] == ["hire Nerd for A", "hire Suit for A",
                                       "hire Big Nerd for A", "hire Big Suit for A"]
    assert Hire("nerd") in hires and Hire("nerd", "A") in hires  # equality ignores slot
    state.products["A"].nerds[2] += 1
    state.supply["nerd"] -= 1
    state.players[0].big_suits.append(3)
    state.supply["big_suit"] -= 1
    texts = [str(a) for a in state.legal_actions() if type(a) is Retain]
    assert "retain Nerd on A (vest 2) by 1" in texts
    assert "retain Big Suit (vest 3) by 1" in texts  # an executive: the whole company


def test_listed_poach_offers_name_the_product_the_employee_joins():
    state = at_manage()
    offers = [a for a in state.legal_actions() if type(a) is Poach]
    assert str(offers[0]) == "poach Nerd (vest 0) from D to A for 1"
    assert str(Poach(1, "D", "nerd", 0, 1)) == "poach Nerd (vest 0) from D for 1"
    assert Poach(1, "D", "nerd", 0, 1) == offers[0]
    assert "A's turn" in refused(state, Poach(1, "D", "nerd", 0, 1, "B"))
    state.apply(Poach(1, "D", "nerd", 0, 3, "A"))  # an unlisted amount, naming A
    assert state.products["A"].nerds[4] == 1


def test_hire_naming_another_product_is_refused():
    state = at_manage()
    assert "A's turn" in refused(state, Hire("nerd", "B"))
    refused(state, Hire("nerd", "D"))
    state.products["A"].nerds[2] += 1
    state.supply["nerd"] -= 1
    refused(state, Retain("nerd", 2, 1, "B"))
    refused(state, Retain("big_suit", 2, 1, "A"))  # nobody to retain; slot no help
    state.apply(Retain("nerd", 2, 1, "A"))
    state.apply(Hire("nerd", "A"))
    assert state.products["A"].nerds == [0, 0, 0, 1, 1]



# ------------------------------------------------------------------ saves
def saved(players: int = 4) -> dict:
    state = start(players, hands={1: ["leak"]})
    return json.loads(state.to_json())


def corrupt(data: dict, message: str) -> None:
    """Loading `data` raises SaveError (a ValueError) whose text contains `message`."""
    with pytest.raises(SaveError) as info:
        sf.from_json(json.dumps(data))
    assert message in str(info.value)


def test_save_fields_match_the_state():
    """A new State field must be added to the save checks (persist.FIELDS) too, and to
    the typed list of fields (fields.StateFields) that the compiled engine needs."""
    state = sf.new_game(2)
    assert all(hasattr(state, name) for name in FIELDS)
    if hasattr(state, "__dict__"):  # plain Python (a compiled class keeps no annotations)
        declared = set(get_type_hints(StateFields)) - {"_events"}
        assert set(FIELDS) == declared == set(vars(state)) - {"_events"}


def test_valid_saves_load_at_every_step_for_every_player_count():
    for players in range(2, 7):
        def check(state):
            text = state.to_json()
            assert sf.from_json(text).to_json() == text

        random_game(players, seed=players, check=check)


def test_unknown_card_ids_and_wrong_copies_are_refused():
    data = saved()
    data["players"][1]["hand"] = ["bogus"]
    corrupt(data, "unknown card 'bogus' in the hand of seat 1")
    data = saved()
    data["discard"] = ["leak"]  # one Leak too many
    corrupt(data, "7 copies of leak, expected 6")
    data = saved()
    data["deck"]["leak"] += 1
    data["deck"]["viral_growth"] -= 1
    corrupt(data, "copies of")
    data = saved()
    data["deck"]["bogus"] = 0
    corrupt(data, "the draw pile lists unknown or missing card ids")
    data = saved()
    data["players"][0]["hand"] = ["leak"] * 5
    data["deck"]["leak"] -= 5  # the copies add up, but nobody holds five cards
    corrupt(data, "a hand of more than four cards")


def test_employees_must_be_conserved():
    data = saved()
    data["supply"]["nerd"] = 51
    corrupt(data, "51 employees of kind nerd, expected 50")
    data = saved()
    data["products"]["A"]["suits"][4] = 1
    corrupt(data, "51 employees of kind suit")
    data = saved()
    data["players"][0]["big_nerds"] = [4]
    corrupt(data, "4 employees of kind big_nerd, expected 3")
    data = saved()
    data["supply"]["wizard"] = 0
    corrupt(data, "supply kinds")


def test_money_and_types_are_checked():
    data = saved()
    data["bank"] += 1
    corrupt(data, "money adds up to 101")
    for key, value, message in [
        ("bank", 90.0, "bank is 90.0, expected int"),
        ("year", True, "year is true, expected int"),
        ("stage", None, "stage is null, expected str"),
        ("players", {}, "players is {}, expected a list"),
        ("deck", [], "deck is [], expected an object"),
        ("pending_poach", {"seat": 1}, "pending_poach has missing fields"),
        ("turn_order", ["A", 1], "turn_order[1] is 1, expected str"),
    ]:
        data = saved()
        data[key] = value
        corrupt(data, message)
    data = saved()
    data["players"][0]["money"] = "2"
    corrupt(data, "players[0].money is \"2\", expected int")
    data = saved()
    data["products"]["A"]["launched"] = 1
    corrupt(data, "products['A'].launched is 1, expected bool")


def test_fields_missing_or_unknown_are_refused():
    data = saved()
    del data["hires"]
    corrupt(data, "missing fields ['hires']")
    data = saved()
    data["apply"] = 1  # would shadow a method
    corrupt(data, "unknown fields ['apply']")
    data = saved()
    data["version"] = True
    corrupt(data, "unsupported save version True")


def test_inconsistent_game_data_is_refused():
    cases = [
        (lambda d: d["products"]["A"].update(field=20), "past the Launch line"),
        (lambda d: d["products"]["A"].update(owner=2), "owner 2"),
        (lambda d: d.update(stage="turn_end"), "not a decision, a chance step or the end"),
        (lambda d: d.update(stage="nowhere"), "not a decision"),
        (lambda d: d.update(turn_order=["A", "A"]), "turn order"),
        (lambda d: d.update(actor=9), "out of range"),
        (lambda d: d.update(hire_limit=6), "hires of 6"),
        (lambda d: d.update(players=d["players"][:1]), "1 players"),
        (lambda d: d.update(after_window="nowhere"), "unknown stage"),
        (lambda d: d.update(window="lunch"), "unknown window"),
    ]
    for edit, message in cases:
        data = saved()
        edit(data)
        corrupt(data, message)


@pytest.mark.parametrize("text", ["", "{", "null", "[]", "42", '"save"', "[" * 100_000,
                                  '{"format": "startupfever"}', b"\xff\xfe", None, 3])
def test_malformed_json_gives_a_save_error(text):
    with pytest.raises(SaveError):
        sf.from_json(text)


def test_damaged_rng_state_gives_a_save_error():
    for rng in ([3, [1, 2], None], [3, [-1] * 625, None], [3, [0] * 624 + [99999], None],
                [3, [0] * 625, "x"], [3, [0] * 625]):
        data = saved()
        data["rng"] = rng
        with pytest.raises(SaveError):
            sf.from_json(json.dumps(data))


def test_random_damage_never_escapes_as_another_error():
    """Replace one value of a real save by junk of any type: loading either works (the
    game then plays on within the invariants) or raises SaveError, nothing else."""
    base = sf.new_game(4, seed=2)
    rng = random.Random(2)
    texts = []
    for step in range(400):
        if step % 40 == 0:
            texts.append(base.to_json())
        base.apply(base.sample_chance() if base.current_player == sf.CHANCE
                   else rng.choice(base.legal_actions()))
    junk = [None, True, 0, -1, 7, 2.5, "", "A", "nerd", "bogus", [], [1], {}, {"x": 1}]
    loaded = 0
    for trial in range(400):
        data = json.loads(rng.choice(texts))
        path, holder = _random_leaf(data, rng)
        holder[path] = rng.choice(junk)
        try:
            state = sf.from_json(json.dumps(data))
        except SaveError:
            continue
        loaded += 1
        for _ in range(60):
            if state.is_terminal():
                break
            state.apply(state.sample_chance() if state.current_player == sf.CHANCE
                        else rng.choice(state.legal_actions()))
            assert invariant_violations(state) == [], (trial, path)
    assert loaded > 0  # some damage is harmless (e.g. a player's name)


def _random_leaf(data, rng):
    """A random (key, container) pair anywhere in the save except the RNG state."""
    holder, key = data, rng.choice([k for k in data if k not in ("rng", "format")])
    while isinstance(holder[key], (dict, list)) and holder[key] and rng.random() < 0.8:
        holder = holder[key]
        key = rng.choice(list(holder) if isinstance(holder, dict) else range(len(holder)))
    return key, holder

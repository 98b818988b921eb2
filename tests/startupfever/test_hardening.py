"""Regression tests for the audit's departures (test_audit.py): malformed actions, exact
chance outcomes, checking against the current state, readable hire texts and corrupt
saves. Every bad input must raise a clear ValueError and leave the state unchanged."""

from __future__ import annotations

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

from .helpers import roll, start, total_money


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


class Cheater:
    """A simulator seat that returns an illegal action it built itself."""

    kind = "rules"

    def __init__(self, seed: int) -> None:
        pass

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
    state = sf.new_game(4, seed=5)
    agents = [cls(5 * 8 + seat) for seat, cls in enumerate(sim.seat_types(4, 0))]
    count = 0
    while not state.is_terminal():
        cp = state.current_player
        state.apply(state.sample_chance() if cp == sf.CHANCE
                    else agents[cp].decide(state, state.legal_actions()))
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


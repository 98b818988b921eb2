"""Product turns: adoption, revenue, manage employees, user loss (rulebook, F3-F7, F9)."""

import pytest

from game import startupfever as sf
from game.startupfever import events as ev
from game.startupfever.actions import (
    Counter,
    EndManage,
    EndUserLoss,
    Hire,
    LosePip,
    Poach,
    Retain,
)

from .helpers import employees, roll, start, total_money, until


def at_manage(state, money=20, value=1):
    """Roll `value` for the current product and reach its Manage Employees step."""
    state.players[state.turn_seat].money = money
    state.bank = 100 - total_money(state) + state.bank
    roll(state, value)
    assert state.stage == "manage", state.stage
    return state


def test_rulebook_example_adoption_4_plus_3_plus_2_is_9():
    state = start()
    a = state.products["A"]
    a.nerds[4] = 3
    a.suits[4] = 3
    state.supply["nerd"] -= 3
    state.supply["suit"] -= 3
    state.players[0].big_nerds = [4]
    state.supply["big_nerd"] -= 1
    events = roll(state, 4)
    adopted = next(e for e in events if isinstance(e, ev.UsersAdopted))
    assert adopted.total == 9 and a.field == 9
    assert str(adopted) == "A adopts 4+3+2 = 9: field 0->9"


def test_F6_reaching_the_launch_line_launches_and_reveals():
    state = start()
    a = state.products["A"]
    a.field = 12
    events = roll(state, 4)
    assert a.field == 16 and a.launched
    launch = next(e for e in events if isinstance(e, ev.ProductLaunched))
    assert launch.category == a.category and not launch.leaked
    assert state.observation(1)["products"]["A"]["category"] == a.category


def test_F6_below_the_line_stays_unlaunched():
    state = start()
    state.products["A"].field = 12
    roll(state, 3)
    assert state.products["A"].field == 15 and not state.products["A"].launched


def test_adoption_caps_at_the_last_field():
    state = start()
    a = state.products["A"]
    a.field, a.launched = 44, True
    roll(state, 6)
    assert a.field == 46


def test_F9_second_big_nerd_adds_again():
    state = start()
    state.players[0].big_nerds = [4, 4]
    state.supply["big_nerd"] -= 2
    roll(state, 1)
    assert state.products["A"].field == 5


def test_rulebook_example_revenue_4_plus_3_is_7():
    state = start()
    a = state.products["A"]
    a.field, a.launched = 25, True  # the roll of 1 brings it to 26: base revenue 4 (1M)
    a.suits[0] = 3
    state.supply["suit"] -= 3
    state.players[0].money = 0
    state.bank += 2
    events = roll(state, 1)
    rev = next(e for e in events if isinstance(e, ev.RevenueEarned))
    assert (rev.base, rev.suits, rev.big_suit_bonus, rev.due, rev.paid) == (4, 3, 0, 7, 7)
    assert state.players[0].money == 7


def test_F9_big_suit_adds_two_revenue():
    state = start()
    state.players[0].big_suits = [4]
    state.supply["big_suit"] -= 1
    events = roll(state, 1)
    rev = next(e for e in events if isinstance(e, ev.RevenueEarned))
    assert rev.due == 1 + 2


def test_F3_recession_bank_pays_what_it_has():
    state = start()
    state.players[1].money += state.bank - 1
    state.bank = 1
    state.products["A"].suits[4] = 3
    state.supply["suit"] -= 3
    events = roll(state, 1)
    rev = next(e for e in events if isinstance(e, ev.RevenueEarned))
    assert rev.due == 4 and rev.paid == 1 and state.bank == 0
    assert "recession" in str(rev)
    assert total_money(state) == 100


def test_hire_costs_and_goes_to_field_4():
    state = at_manage(start())
    state.apply(Hire("nerd"))
    state.apply(Hire("big_suit"))
    a = state.products["A"]
    assert a.nerds == [0, 0, 0, 0, 1]
    assert state.players[0].big_suits == [4]
    assert state.players[0].money == 20 + 1 - 1 - 6  # +1 revenue
    assert state.supply["nerd"] == 49 and state.supply["big_suit"] == 2


def test_at_most_two_hires_per_product_turn():
    state = at_manage(start())
    state.apply(Hire("nerd"))
    state.apply(Hire("suit"))
    assert not [a for a in state.legal_actions() if isinstance(a, Hire)]
    with pytest.raises(sf.IllegalAction):
        state.apply(Hire("nerd"))


def test_only_one_big_nerd_per_company():
    state = at_manage(start())
    state.players[0].big_nerds = [0]
    state.supply["big_nerd"] -= 1
    assert Hire("big_nerd") not in state.legal_actions()
    assert Hire("big_suit") in state.legal_actions()


def test_F4_hires_only_from_the_supply():
    state = at_manage(start())
    state.supply["nerd"] = 0
    state.products["D"].nerds[0] = 50
    legal = state.legal_actions()
    assert Hire("nerd") not in legal and Hire("suit") in legal
    assert any(isinstance(a, Poach) and a.kind == "nerd" for a in legal)  # poach instead


def test_hire_needs_the_money():
    state = at_manage(start(), money=4)
    legal = state.legal_actions()
    assert Hire("nerd") in legal and Hire("big_nerd") not in legal


def test_manage_ends_when_money_runs_out():
    state = start()
    state.players[0].money = 0
    state.bank += 2
    roll(state, 1)  # revenue 1
    assert state.stage == "manage" and state.players[0].money == 1
    events = state.apply(Hire("nerd"))
    assert any(isinstance(e, ev.ManageSkipped) for e in events)
    assert state.current_slot == "B"


def test_manage_skipped_without_money():
    state = start()
    state.players[1].money += state.bank + state.players[0].money
    state.players[0].money = 0
    state.bank = 0  # recession: no revenue either
    events = roll(state, 1)
    skipped = next(e for e in events if isinstance(e, ev.ManageSkipped))
    assert skipped.slot == "A" and skipped.reason == "no money"


def poach_setup(vest=2, owner_money=0):
    state = at_manage(start())
    d = state.products["D"]
    d.nerds[vest] = 2
    state.supply["nerd"] -= 2
    state.players[1].money = owner_money
    state.bank = 100 - total_money(state) + state.bank
    return state


def test_poach_minimum_offer_is_cost_plus_vesting_left():
    state = poach_setup(vest=2)
    offers = [a.offer for a in state.legal_actions()
              if isinstance(a, Poach) and a.slot == "D" and a.kind == "nerd"]
    assert min(offers) == 1 + 2
    with pytest.raises(sf.IllegalAction):
        state.apply(Poach(1, "D", "nerd", 2, 2))


def test_poach_without_counter_pays_the_bank_and_starts_on_4():
    state = poach_setup(vest=2)
    bank = state.bank
    events = state.apply(Poach(1, "D", "nerd", 2, 3))
    assert state.products["D"].nerds[2] == 1
    assert state.products["A"].nerds[4] == 1
    assert state.bank == bank + 3 and state.players[1].money == 0
    assert any(isinstance(e, ev.Poached) for e in events)
    assert state.current_player == 0


def test_poach_offer_above_the_listed_range_is_accepted():
    state = poach_setup(vest=0)
    state.apply(Poach(1, "D", "nerd", 0, 15))
    assert state.players[0].money == 21 - 15


def test_counter_offer_is_the_target_owners_decision():
    state = poach_setup(vest=1, owner_money=10)
    state.apply(Poach(1, "D", "nerd", 1, 2))
    assert state.stage == "counter" and state.current_player == 1
    assert state.turn_seat == 0
    assert state.legal_actions() == [Counter(True), Counter(False)]
    events = state.apply(Counter(True))
    counter = next(e for e in events if isinstance(e, ev.CounterOffered))
    assert counter.amount == 3 and (counter.from_vest, counter.to_vest) == (1, 4)
    assert state.players[1].money == 7
    assert state.products["D"].nerds == [0, 1, 0, 0, 1]
    assert state.current_player == 0 and state.stage == "manage"


def test_countered_employee_cannot_be_poached_again_this_turn():
    state = poach_setup(vest=3, owner_money=10)
    state.products["D"].nerds[3] = 1
    state.products["D"].nerds[4] = 0
    state.supply["nerd"] += 1
    state.apply(Poach(1, "D", "nerd", 3, 4))
    state.apply(Counter(True))  # moves 3 -> 4 (not beyond 4)
    assert state.products["D"].nerds[4] == 1
    assert not [a for a in state.legal_actions() if isinstance(a, Poach) and a.slot == "D"]


def test_counter_refused_means_the_poach_succeeds():
    state = poach_setup(vest=1, owner_money=10)
    state.apply(Poach(1, "D", "nerd", 1, 2))
    state.apply(Counter(False))
    assert state.products["A"].nerds[4] == 1 and state.players[1].money == 10


def test_at_most_two_offers_per_target_product_per_turn():
    state = poach_setup(vest=0)
    state.products["D"].nerds[0] = 5
    state.supply["nerd"] -= 3
    state.products["E"].nerds[0] = 1
    state.supply["nerd"] -= 1
    state.apply(Poach(1, "D", "nerd", 0, 1))
    state.apply(Poach(1, "D", "nerd", 0, 1))
    legal = state.legal_actions()
    assert not [a for a in legal if isinstance(a, Poach) and a.slot == "D"]
    assert [a for a in legal if isinstance(a, Poach) and a.slot == "E"]


def test_executive_poached_only_if_poacher_lacks_that_kind():
    state = at_manage(start())
    state.players[1].big_nerds = [2]
    state.players[1].big_suits = [0]
    state.supply["big_nerd"] -= 1
    state.supply["big_suit"] -= 1
    state.players[0].big_nerds = [4]
    state.supply["big_nerd"] -= 1
    legal = [a for a in state.legal_actions() if isinstance(a, Poach) and a.seat == 1]
    assert {a.kind for a in legal if a.slot is None} == {"big_suit"}
    assert min(a.offer for a in legal if a.kind == "big_suit") == 6
    state.apply(Poach(1, None, "big_suit", 0, 6))
    assert state.players[0].big_suits == [4] and state.players[1].big_suits == []


def test_cannot_poach_from_own_company():
    state = at_manage(start())
    state.products["B"].nerds[0] = 1
    state.supply["nerd"] -= 1
    assert not [a for a in state.legal_actions() if isinstance(a, Poach) and a.seat == 0]


def test_retain_costs_one_per_field_up_to_4():
    state = at_manage(start())
    a = state.products["A"]
    a.suits[1] = 1
    state.supply["suit"] -= 1
    steps = [r.steps for r in state.legal_actions() if isinstance(r, Retain)]
    assert steps == [1, 2, 3]
    money = state.players[0].money
    state.apply(Retain("suit", 1, 2))
    assert a.suits == [0, 0, 0, 1, 0] and state.players[0].money == money - 2


def test_retain_executive():
    state = at_manage(start())
    state.players[0].big_nerds = [0]
    state.supply["big_nerd"] -= 1
    state.apply(Retain("big_nerd", 0, 4))
    assert state.players[0].big_nerds == [4]


def test_end_manage_moves_on():
    state = at_manage(start())
    state.apply(EndManage())
    assert state.current_slot == "B"


def loss_setup():
    state = start()
    a = state.products["A"]
    a.field, a.launched = 40, True
    for slot, field in (("D", 38), ("G", 37), ("J", 36), ("E", 45)):
        state.products[slot].field = field
        state.products[slot].launched = True
    state.products["K"].field = 44  # not launched: never loses users
    return state


def end_manage(state):
    if state.stage == "manage":
        state.apply(EndManage())


def test_F7_user_loss_spread_a_roll_of_4():
    state = loss_setup()
    roll(state, 1)  # adoption 1 -> A at 41
    end_manage(state)
    assert state.stage == "loss_roll"
    roll(state, 4)
    assert state.stage == "loss" and state.current_player == 0
    targets = {a.slot for a in state.legal_actions() if isinstance(a, LosePip)}
    assert targets == {"A", "D", "G", "E"}  # launched and above 36: not J, not K
    state.apply(LosePip("D"))
    state.apply(LosePip("D"))
    assert LosePip("D") not in state.legal_actions()  # at most 2 per product
    state.apply(LosePip("G"))  # 37 -> 36
    assert LosePip("G") not in state.legal_actions()  # never below the 100M mark
    state.apply(LosePip("E"))
    assert state.stage != "loss"
    assert (state.products["D"].field, state.products["G"].field,
            state.products["E"].field) == (36, 36, 44)


def test_F7_user_loss_can_stop_early():
    state = loss_setup()
    roll(state, 1)
    end_manage(state)
    roll(state, 6)
    state.apply(LosePip("E"))
    state.apply(EndUserLoss())
    assert state.products["E"].field == 44 and state.current_slot == "B"


def test_F7_no_user_loss_step_for_unlaunched_products():
    state = loss_setup()
    state.products["A"].launched = False
    state.products["A"].field = 0
    roll(state, 1)
    end_manage(state)
    assert state.current_slot == "B"


def test_F7_no_roll_when_nothing_is_above_the_mark():
    state = start()
    state.products["A"].field, state.products["A"].launched = 20, True
    roll(state, 1)
    end_manage(state)
    assert state.current_slot == "B" and state.stage == "adoption_roll"


def test_employees_and_money_conserved_through_a_turn():
    state = poach_setup(vest=0, owner_money=5)
    state.apply(Hire("suit"))
    state.apply(Poach(1, "D", "nerd", 0, 2))
    state.apply(Counter(True))
    state.apply(Poach(1, "D", "nerd", 0, 1))
    state.apply(Counter(False))
    until(state, "adoption_roll")
    assert total_money(state) == 100
    assert employees(state) == {"nerd": 50, "suit": 50, "big_nerd": 3, "big_suit": 3}


def test_listed_offers_are_the_minimum_and_the_one_that_cannot_be_countered():
    state = poach_setup(vest=1, owner_money=6)
    offers = sorted(a.offer for a in state.legal_actions()
                    if isinstance(a, Poach) and a.slot == "D")
    assert offers == [2, 6]  # 6: a counter would cost 7, more than the owner has
    state.apply(Poach(1, "D", "nerd", 1, 6))
    assert state.stage == "manage" and state.products["A"].nerds[4] == 1


def test_rulebook_example_user_loss_4_as_two_products_back_two_each():
    state = loss_setup()
    roll(state, 1)
    end_manage(state)
    roll(state, 4)
    for slot in ("D", "D", "E", "E"):
        state.apply(LosePip(slot))
    assert state.products["D"].field == 36 and state.products["E"].field == 43
    assert state.current_slot == "B"  # all four pips spent: the turn is over

"""Human decisions: every stage answered by keyboard, pad or mouse alone; the poach with
a counter-offer; Defense asked of the right seat; what each option says comes from the
rules (a clone), never from a copy of a rule."""

from __future__ import annotations

import pygame
import pytest

from game.startupfever.actions import Counter, EndMarketing, Market, Poach
from game.startupfever.events import CounterOffered, PoachOffered
from scenes.engine.input import Action
from scenes.startupfever.decisions import BUILDERS, decision_for
from tests.scenes_startupfever.decision_states import (
    DEVICES,
    STAGES,
    answer,
    at_stage,
    context,
    manage_with_rival_staff,
)


@pytest.fixture(scope="module")
def canvas():
    pygame.init()
    pygame.display.set_mode((1280, 720))
    return pygame.Surface((1280, 720))


def test_every_decision_stage_of_the_rules_has_a_decision():
    from game.startupfever.rules import DECISION_STAGES

    assert set(BUILDERS) == set(DECISION_STAGES) == set(STAGES)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("stage", STAGES)
def test_each_stage_is_answered_with_one_device_alone(stage, device, canvas):
    state = at_stage(stage)
    ctx = context(state)
    decision = decision_for(state, ctx)
    assert decision.ready is None
    action = answer(decision, device, canvas)
    events = state.apply(action)  # legal, or the rules raise IllegalAction
    assert isinstance(events, list)
    while ctx.queue:  # a placed marketing budget goes on by itself
        follow = decision_for(state, ctx)
        assert follow.ready is not None
        state.apply(follow.ready)
    if stage == "marketing" and state.stage == "marketing" \
            and state.current_player == decision.seat:  # tokens placed: then sealed
        seal = decision_for(state, ctx)
        assert type(seal).__name__ == "SealDecision"
        state.apply(answer(seal, device, canvas))


def test_manage_poach_raises_the_offer_and_the_owner_counters(canvas):
    state = manage_with_rival_staff()
    ctx = context(state)
    decision = decision_for(state, ctx)
    keys = [o.key for o in decision.choices.level.options]
    decision.choices.level.selected = keys.index("poach")
    assert decision.handle(Action("confirm")) is None  # opens the list of rivals' staff
    rival_slot = state.players[1].slots[0]
    level = decision.choices.level
    level.selected = next(i for i, o in enumerate(level.options)
                          if o.key == f"poach:1:{rival_slot}:nerd:0")
    option = decision.choices.current
    assert rival_slot in decision.highlight  # the employee's product lights on the table
    assert option.spots, "its vesting cell is ringed"
    assert "Offer $1 (lowest)" in option.detail and "can match" in option.detail
    decision.handle(Action("right"))
    decision.handle(Action("right"))
    assert "Offer $3 ·" in decision.choices.current.detail
    action = decision.handle(Action("confirm"))
    assert action == Poach(1, rival_slot, "nerd", 0, 3)
    events = state.apply(action)
    assert any(isinstance(e, PoachOffered) and e.offer == 3 for e in events)
    # the poached company's owner is asked, and only them
    assert state.stage == "counter" and state.current_player == 1
    counter = decision_for(state, ctx)
    assert counter.seat == 1
    assert counter.title == f"Keep {ctx.name(1)}'s Nerd for $4?"
    money = state.players[1].money
    assert counter.choices.current.action == Counter(True)
    assert f"Money ${money} → ${money - 4}" in counter.choices.current.detail
    events = state.apply(answer(counter, "pad:0", canvas))
    kept = [e for e in events if isinstance(e, CounterOffered)]
    assert kept and kept[0].amount == 4 and state.players[1].money == money - 4


def test_a_hire_shows_its_cost_from_the_rules(canvas):
    state = at_stage("manage")
    decision = decision_for(state, context(state))
    decision.handle(Action("confirm"))  # "Hire from the supply"
    for option in decision.choices.level.options:
        if option.back:
            continue
        clone = state.clone()
        before = clone.players[0].money
        clone.apply(option.action)
        assert f"${before - clone.players[0].money}" in option.label


def test_a_hire_row_that_is_off_says_why(canvas):
    """Two hires made: the row says so; hires left but nothing affordable in the supply:
    the row says that (it once said "no money, no room or nobody left" for both)."""
    from game.startupfever.actions import Hire
    from game.startupfever.state import BIG_NERD, BIG_SUIT, NERD, SUIT

    used = at_stage("manage").clone()
    used.hires = used.hire_limit
    empty = at_stage("manage").clone()
    empty.supply.update({NERD: 0, SUIT: 0, BIG_NERD: 0, BIG_SUIT: 0})
    for state, why in ((used, f"all {used.hire_limit} hires used this turn"),
                       (empty, "nobody left you can pay for")):
        assert not any(type(a) is Hire for a in state.legal_actions())
        row = decision_for(state, context(state)).choices.level.options[0]
        assert row.key == "hire" and not row.enabled and row.detail == why


def test_defense_is_asked_of_the_targeted_seat_only(canvas):
    state = at_stage("defense")
    ctx = context(state)
    decision = decision_for(state, ctx)
    assert decision.seat == 1 == state.pending_card["target"]
    assert decision.secret  # answering shows the hand: behind the curtain
    assert answer(decision, "keyboard", canvas) in state.legal_actions()


def test_marketing_is_placed_as_a_whole_and_queued_then_sealed(canvas):
    state = at_stage("marketing")
    state.players[0].money = max(3, state.players[0].money)
    ctx = context(state)
    decision = decision_for(state, ctx)
    first = state.players[0].slots[0]
    decision.curtain.holding.add("keyboard")
    decision.handle(Action("right"))
    decision.handle(Action("right"))  # $2 on the first product
    decision.choices.level.selected = len(decision.choices.level.options) - 1
    assert "spend $2" in decision.choices.current.detail
    assert decision.handle(Action("confirm")) == Market(first)
    assert [a for _s, _st, a in ctx.queue] == [Market(first)]
    assert not decision.curtain.open  # a choice closes the curtain at once
    state.apply(Market(first))
    state.apply(decision_for(state, ctx).ready)
    seal = decision_for(state, ctx)
    assert seal.ready is None and f"{first} $2" in seal.facts[0]
    seal.curtain.holding.add("keyboard")
    assert seal.handle(Action("confirm")) == EndMarketing()


def test_a_budget_of_nothing_shows_the_same_seal_panel(canvas):
    """$0 placed: the seal panel opens all the same (the TV shows nothing of a budget's
    size, F14), and "Change the budget" comes back to the budget panel."""
    state = at_stage("marketing")
    ctx = context(state)
    decision = decision_for(state, ctx)
    decision.curtain.holding.add("keyboard")
    decision.choices.level.selected = len(decision.choices.level.options) - 1
    assert decision.handle(Action("confirm")) is None
    seal = decision.next
    assert type(seal).__name__ == "SealDecision" and "nothing" in seal.facts[0]
    seal.curtain.holding.add("keyboard")
    assert ("back", "Change it") in seal.bar.items
    assert seal.handle(Action("back")) is None  # Back: change it
    assert type(seal.next).__name__ == "MarketingDecision"


def test_the_cursor_is_where_it_was_at_the_next_step(canvas):
    state = at_stage("manage")
    ctx = context(state)
    decision = decision_for(state, ctx)
    decision.handle(Action("down"))
    decision.handle(Action("down"))
    again = decision_for(state, ctx)
    assert again.choices.path() == decision.choices.path()


def test_a_click_on_a_product_of_the_table_picks_out_its_employee(canvas):
    state = manage_with_rival_staff()
    ctx = context(state)
    decision = decision_for(state, ctx)
    decision.choices.level.selected = [o.key for o in decision.choices.level.options] \
        .index("poach")
    decision.handle(Action("confirm"))
    decision.draw(canvas)
    first = decision.choices.current
    later = [o for o in decision.choices.level.options
             if any(isinstance(s, str) for s in o.slots) and o.slots != first.slots]
    assert later, "staff on two rival products"
    target = next(s for s in later[-1].slots if isinstance(s, str))
    wanted = [o for o in decision.choices.level.options if target in o.slots]
    spot = ctx.view.product_rect(target).center
    assert not decision.rect.collidepoint(spot)  # the panel keeps off the table's products
    assert decision.handle(Action("click", "mouse", True, pos=spot)) is None
    assert decision.choices.current is wanted[0]

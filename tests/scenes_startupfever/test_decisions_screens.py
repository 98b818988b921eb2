"""Decisions on the real table: screenshots of the hand curtain (closed and held open),
the manage prompt and its poach list, each checked not blank and saved to shots/."""

from __future__ import annotations

import pytest

from game.startupfever.actions import Poach
from scenes.engine.input import Action
from scenes.startupfever.prompt_cards import AttritionDecision, WindowDecision
from scenes.startupfever.prompt_manage import CounterDecision, ManageDecision
from scenes.startupfever.prompt_year import (
    ChipsDecision,
    LossDecision,
    MarketingDecision,
    OrderDecision,
    ReassignDecision,
)
from scenes.startupfever.seats import default_seats
from tests.scenes_startupfever.decision_states import at_stage, manage_with_rival_staff
from tests.scenes_startupfever.helpers import assert_not_blank, run_until, shoot, step, table


def open_decision(state, kind, humans: int = 1):
    app, scene = table(default_seats(len(state.players), humans=humans), state=state,
                       pace=1.0)
    run_until(app, lambda: isinstance(scene.decision, kind), 600)
    step(app, 30)  # the panel has settled
    return app, scene


def test_hand_curtain_closed_then_held_open(tmp_path):
    app, scene = open_decision(at_stage("window"), WindowDecision)
    closed = shoot(app, "sf_hand_curtain_closed", tmp_path)
    assert_not_blank(closed)
    assert not scene.decision.curtain.open
    app.stack.dispatch(Action("y", "keyboard", True))
    step(app, 2)
    held = shoot(app, "sf_hand_curtain", tmp_path)
    assert_not_blank(held)
    assert scene.decision.curtain.open
    app.stack.dispatch(Action("y", "keyboard", False))
    step(app, 2)
    assert not scene.decision.curtain.open


def test_manage_prompt_and_its_poach_list(tmp_path):
    app, scene = open_decision(manage_with_rival_staff(), ManageDecision)
    assert_not_blank(shoot(app, "sf_manage_prompt", tmp_path))
    decision = scene.decision
    decision.choices.level.selected = [o.key for o in decision.choices.level.options] \
        .index("poach")
    app.stack.dispatch(Action("confirm"))
    app.stack.dispatch(Action("right"))
    step(app, 10)
    assert_not_blank(shoot(app, "sf_manage_poach", tmp_path))
    assert isinstance(decision.choices.current.action, Poach)
    assert decision.highlight, "the employee's product is lit on the table"


@pytest.mark.parametrize("stage, kind", [("marketing", MarketingDecision),
                                         ("reassign", ReassignDecision),
                                         ("loss", LossDecision),
                                         ("chips", ChipsDecision),
                                         ("order_choose", OrderDecision),
                                         ("counter", CounterDecision),
                                         ("attrition", AttritionDecision)])
def test_more_prompts_on_the_table(stage, kind, tmp_path):
    app, scene = open_decision(at_stage(stage), kind, humans=2)
    if scene.decision.secret:
        app.stack.dispatch(Action("y", "keyboard", True))
        step(app, 2)
    assert_not_blank(shoot(app, f"sf_decision_{stage}", tmp_path))

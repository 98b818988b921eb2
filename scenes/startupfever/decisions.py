"""A human seat's answer to the rules: `decision_for(state, ctx)` for every decision stage.

The scene calls it whenever `state.current_player` is a human seat, shows the Decision
(or applies `decision.ready` at once, when the answer was already given), feeds it every
action and applies what `handle` returns. Decisions never decide a rule: their options
are the rules' legal actions, their costs and effects the rules' own results on a clone.

Stages: chips, window, defense, attrition, manage, counter, loss, reassign, marketing,
order_choose (see game/startupfever/RULES.md). With one person at the table (`alone`)
no decision is secret: there is nobody to hide the hand from, so no curtain. Answers
given earlier count:
- a queued step (`ctx.queue`, a sealed marketing budget) is `ready` when its turn comes;
- at a card window or a Defense question, `beat.answered`: one legal answer is given at
  once, a seat that passed in the "any cards?" beat passes again here silently, and a
  Defense answered in its beat is applied as given (F11, F13).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.startupfever.stages import Stage
from scenes.startupfever.beat import answered
from scenes.startupfever.choices import Ctx, Decision, Option
from scenes.startupfever.prompt_cards import attrition_decision, defense_decision, window_decision
from scenes.startupfever.prompt_manage import counter_decision, manage_decision
from scenes.startupfever.prompt_year import (
    chips_decision,
    loss_decision,
    marketing_decision,
    order_decision,
    reassign_decision,
)

__all__ = ["Ctx", "Decision", "Option", "decision_for", "BUILDERS"]

BUILDERS: dict[str, Callable[[Any, Ctx], Decision]] = {
    Stage.CHIPS: chips_decision,
    Stage.WINDOW: window_decision,
    Stage.DEFENSE: defense_decision,
    Stage.ATTRITION: attrition_decision,
    Stage.MANAGE: manage_decision,
    Stage.COUNTER: counter_decision,
    Stage.LOSS: loss_decision,
    Stage.REASSIGN: reassign_decision,
    Stage.MARKETING: marketing_decision,
    Stage.ORDER_CHOOSE: order_decision,
}


def decision_for(state: Any, ctx: Ctx) -> Decision:
    """The decision `state.current_player` (a human seat) faces now."""
    stage, seat = state.stage, state.current_player
    if stage not in BUILDERS:
        raise ValueError(f"no human decision at stage {stage!r}")
    decision = BUILDERS[stage](state, ctx)
    decision.ready, decision.queued = _ready(state, ctx, stage, seat)
    if alone(ctx):  # nobody at the table to hide a hand from: no curtain at all (F11)
        decision.secret = False
    if not decision.secret:
        decision.hand = list(state.players[seat].hand)  # Y held: one's own hand
    if state.current_slot is not None:
        decision.focus = frozenset({state.current_slot})
    return decision


def alone(ctx: Ctx) -> bool:
    """One person at the table, every other seat a computer: the hand, the chips and
    the budget are simply shown and chosen with the ordinary buttons (the computers
    read only their own observation, so nothing on screen tells them anything)."""
    return sum(1 for s in ctx.seats if s.human) == 1


def _ready(state: Any, ctx: Ctx, stage: str, seat: int) -> tuple[object | None, bool]:
    """An answer already given for this step, if it is still legal, and whether it was
    queued by the answer before (one answer given as several steps)."""
    legal = state.legal_actions()
    while ctx.queue:
        q_seat, q_stage, action = ctx.queue[0]
        if q_seat != seat or q_stage != stage:
            ctx.queue.clear()  # the game moved on: an old plan no longer applies
            break
        ctx.queue.pop(0)
        if action in legal:
            return action, True
    return answered(state, ctx, legal), False

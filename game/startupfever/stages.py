"""Where a Startup Fever game stands: every value of `State.stage`, named once.

`Stage` is a `str` Enum, so a member equals (and hashes as) its plain text: a save file
holds `"manage"`, `state.stage == Stage.MANAGE` holds whether the state was built by the
rules or loaded from a save, and nothing is converted on the way. The rules themselves
store and compare the plain texts (an Enum member costs an attribute look-up in their hot
loops); the three groups below are sets of those plain texts.

Decision stages wait for `current_player`; chance stages wait for a die roll, a card
draw or a random pick; automatic stages are run through by the rules and never rest in a
state between two `apply` calls. See game/API.md and game/startupfever/RULES.md.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Stage(StrEnum):
    """Every stage of a Startup Fever game (the text is what a save file holds)."""

    # decisions: the seat `current_player` chooses
    CHIPS = "chips"                      # place a category chip on a product
    WINDOW = "window"                    # an Event Card window: play a card or pass
    DEFENSE = "defense"                  # answer a card played against you
    ATTRITION = "attrition"              # choose the worker an attrition card takes
    MANAGE = "manage"                    # hire, poach, retain, or end management
    COUNTER = "counter"                  # answer a poaching offer
    LOSS = "loss"                        # take user-loss pips
    REASSIGN = "reassign"                # move executives between products
    MARKETING = "marketing"              # sealed marketing bids
    ORDER_CHOOSE = "order_choose"        # choose a place in the new turn order
    # chance steps: the driver samples an outcome
    DEAL = "deal"
    FIRST_ORDER = "first_order"
    ADOPTION_ROLL = "adoption_roll"
    LOSS_ROLL = "loss_roll"
    COMP_ROLL = "comp_roll"
    ORDER_TIE = "order_tie"
    # the end
    OVER = "over"
    # automatic steps (never seen between two `apply` calls)
    CHIPS_CHECK = "chips_check"
    DEAL_CHECK = "deal_check"
    FIRST_ORDER_BEGIN = "first_order_begin"
    FIRST_ORDER_CHECK = "first_order_check"
    YEAR_BEGIN = "year_begin"
    TURN_BEGIN = "turn_begin"
    REVENUE = "revenue"
    MANAGE_BEGIN = "manage_begin"
    MANAGE_CHECK = "manage_check"
    AFTER_MANAGE = "after_manage"
    LOSS_BEGIN = "loss_begin"
    LOSS_CHECK = "loss_check"
    TURN_END = "turn_end"
    WINDOW_CHECK = "window_check"
    YEAR_END = "year_end"
    COMP_BEGIN = "comp_begin"
    COMP_NEXT = "comp_next"
    COMP_DONE = "comp_done"
    VEST = "vest"
    REASSIGN_CHECK = "reassign_check"
    DISCARD = "discard"
    MARKETING_BEGIN = "marketing_begin"
    MARKETING_CHECK = "marketing_check"
    ORDER_BEGIN = "order_begin"
    ORDER_CHECK = "order_check"


#: the stages that wait for a player's decision
DECISION_STAGES: Final = frozenset(s.value for s in (
    Stage.CHIPS, Stage.WINDOW, Stage.DEFENSE, Stage.ATTRITION, Stage.MANAGE, Stage.COUNTER,
    Stage.LOSS, Stage.REASSIGN, Stage.MARKETING, Stage.ORDER_CHOOSE))
#: the stages that wait for a chance outcome
CHANCE_STAGES: Final = frozenset(s.value for s in (
    Stage.DEAL, Stage.FIRST_ORDER, Stage.ADOPTION_ROLL, Stage.LOSS_ROLL, Stage.COMP_ROLL,
    Stage.ORDER_TIE))
#: the automatic steps, in the order their handlers are listed (`State._step_<name>`)
AUTO_STAGES: Final = tuple(s.value for s in (
    Stage.CHIPS_CHECK, Stage.DEAL_CHECK, Stage.FIRST_ORDER_BEGIN, Stage.FIRST_ORDER_CHECK,
    Stage.YEAR_BEGIN, Stage.TURN_BEGIN, Stage.REVENUE, Stage.MANAGE_BEGIN, Stage.MANAGE_CHECK,
    Stage.AFTER_MANAGE, Stage.LOSS_BEGIN, Stage.LOSS_CHECK, Stage.TURN_END, Stage.WINDOW_CHECK,
    Stage.YEAR_END, Stage.COMP_BEGIN, Stage.COMP_NEXT, Stage.COMP_DONE, Stage.VEST,
    Stage.REASSIGN_CHECK, Stage.DISCARD, Stage.MARKETING_BEGIN, Stage.MARKETING_CHECK,
    Stage.ORDER_BEGIN, Stage.ORDER_CHECK))

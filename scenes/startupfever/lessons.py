"""The tutorial's hands-on steps on screen: their words, and options dimmed to the one asked.

The scenario (game/startupfever/tutorial.py) says which action it asks for at a decision
(`lesson(state)`: a step name and a test of the action). Here each step gets its words
(`TASKS`: title, what to do, the hint after a wrong pick) and `steer` dims every option
of the decision that does not lead to an action the step accepts, in its sub-lists too
(they are built when opened). "Back" rows stay: the person may always step out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scenes.startupfever.choices import Option

# step -> (title, what to do, the hint after a wrong pick)
TASKS: dict[str, tuple[str, str, str]] = {
    "play_card": ("Your move", "Play your Funding Round on your own company: +$5 now. "
                  "Hold Y (C) to look, pick it, then your company.",
                  "Pick Funding Round, then your own company."),
    "pass": ("Your move", "Nothing more to play here: pick Pass.",
             "Pick Pass: your other card is Defense, kept for later."),
    "hire_nerd": ("Your move", "Hire a Nerd for A: pick Hire from the supply, then Nerd. "
                  "Each Nerd adds 1 to A's adoption roll.",
                  "Pick Hire from the supply, then Nerd."),
    "hire_suit": ("Your move", "Hire a Suit for C: Suits add $1 to C's revenue every "
                  "turn. Pick Hire from the supply, then Suit.",
                  "Pick Hire from the supply, then Suit."),
    "retain": ("Your move", "Retain B's other Nerd (it stands on 1, cheap to poach): pick "
               "Retain, then that Nerd.", "Pick Retain, then the Nerd on B."),
    "end_manage": ("Your move", "That will do for this product: pick End.",
                   "Pick End: keep the rest of your money."),
    "push_back": ("Your move", "Ada's F is above 100M users: spend a pip on F to push it "
                  "back one field.", "Pick F: push Ada's product back, not your own."),
    "end_loss": ("Your move", "F cannot go lower than 100M: keep the other pips (End).",
                 "Pick End: the other pips would push your own B back."),
    "counter": ("Your move", "Ada wants your Nerd. Keep it: pay one more than her offer.",
                "Pick Keep: a Nerd on 1 is cheap to poach, and you have the money."),
    "defend": ("Your move", "Ada plays Audit on you: half your money! Defend with your "
               "Defense card (you have a Suit).", "Pick Defend: the Audit is cancelled."),
    "end_reassign": ("Your move", "Your workers are where they should be: pick Done.",
                     "Pick Done."),
    "market": ("Your move", "Put $2 on A for next year's Social showdown (right or + "
               "adds $1), then seal the budget.",
               "Put at least $1 on A, then seal."),
    "seal": ("Your move", "Seal the budget: nobody sees it until everyone has chosen.",
             "Pick Seal the budget."),
    "first_place": ("Your move", "D has the fewest users, so it picks first: take 1st "
                    "place and D plays first next year.", "Keep 1st place and confirm."),
    "leak": ("Your move", "You lead. Play Leak on D: every product will have launched, "
             "so this year is the last. Hold Y (C) to look.",
             "Pick Leak, then D."),
}


def steer(options: list[Option], wants: Callable[[Any], bool], budget: bool = False
          ) -> list[Option]:
    """Dim the options that lead to no action `wants` accepts (in place; returns them).
    budget: a sealed marketing budget, whose rows hold values and whose seal plays them
    (every row stays; the seal is checked when chosen, see guided.py)."""
    if budget:
        return options
    for option in options:
        if option.back:
            continue
        option.enabled = option.enabled and _leads(option, wants)
        if option.then is not None and option.enabled:
            option.then = _steered(option.then, wants)
    return options


def _steered(then: Callable[[], list[Option]], wants: Callable[[Any], bool]
             ) -> Callable[[], list[Option]]:
    return lambda: steer(then(), wants)


def _leads(option: Option, wants: Callable[[Any], bool]) -> bool:
    if option.then is not None:
        return any(_leads(o, wants) for o in option.then() if not o.back)
    if option.adjust is not None:
        index = option.adjust.index
        hits = [i for i, v in enumerate(option.adjust.values)
                if wants(option.adjust.build(v)[2])]
        option.set_value(hits[0] if hits and index not in hits else index)
        return bool(hits)
    return option.action is not None and wants(option.action)


def first_enabled(options: list[Option]) -> int:
    """The row a steered list's cursor starts on: the first one still lit."""
    return next((i for i, o in enumerate(options) if o.enabled and not o.back), 0)

"""The Hard player's look-ahead: every seat plays its rules on a determinization until the
product turn (or the year) moves on, then the fitted evaluation scores the position.

Compiled with the rules (info.COMPILED): the search spends most of its time here, and
compiled, the rules' and the players' methods are called directly.
"""

from __future__ import annotations

import time

from .evaluate import evaluate
from .players import RulePlayer
from .rules import CHANCE, TERMINAL, State


def play_on(s: State, seat: int, year: int, turn_index: int, depth: int,
            policy: list[RulePlayer], deadline: float | None = None) -> float | None:
    """Every seat plays its `policy` player until the product turn (or year) moves on, at
    most `depth` steps (a step with a single legal action, such as a card window's Pass,
    does not count); then the evaluation's value for `seat` (None: out of time)."""
    step = 0
    while step < depth:
        if deadline is not None and step % 8 == 7 and time.perf_counter() >= deadline:
            return None
        cp = s.current_player
        if cp == TERMINAL or s.year != year or s.turn_index != turn_index:
            break
        if cp == CHANCE:
            s.apply_quiet(s.sample_chance())
            step += 1
            continue
        legal = s.legal_actions()
        if len(legal) == 1:
            s.apply_quiet(legal[0])
            continue
        step += 1
        action = policy[cp].decide(s, legal)
        if _listed(action, legal):
            s.apply_quiet(action)  # listed by this very state a moment ago
        else:
            s.apply(action)
    return evaluate(s, seat)


def _listed(action: object, legal: list) -> bool:
    """Is `action` one of the listed objects themselves (identity, not equality)?"""
    return any(a is action for a in legal)

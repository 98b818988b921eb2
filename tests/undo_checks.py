"""The take-back invariants, checked on a random game of either game (tests of both).

Every seat is a person who now and then takes back what the log offers. Checked at each
take-back: the game is exactly the one before the undone step (its save text and every
seat's observation), playing the same step again gives the same game again, and nothing
between the step and now was a chance outcome or another seat's decision.
"""

from __future__ import annotations

import random
from typing import Any

from game import registry
from game.undo import UndoLog


def observations(state: Any) -> list[dict]:
    return [state.observation(seat) for seat in range(len(state.players))]


def play_with_take_backs(game: str, state: Any, seed: int, limit: int = 1500,
                         chance_of_undo: float = 0.35) -> int:
    """Play `state` on with random choices and random take-backs; return how many steps
    were taken back (each one checked as the module docstring says). At a chance step the
    seat whose turn it is may take back (their own die waits for them)."""
    rng = random.Random(seed)
    info = registry.get(game)
    rules = info.rules_module()
    log = UndoLog(info.may_take_back)  # the rule as the tables find it
    history: list[tuple[int, Any, str, list[dict], str]] = []  # seat, action, before, after
    undone = 0
    for _ in range(limit):
        if state.is_terminal():
            break
        seat = state.current_player
        step = log.last(seat if seat >= 0 else state.turn_seat)
        for kept in log.steps:  # nothing but the seat's own decisions since each step
            assert all(s == kept.seat for s, *_ in history[kept.mark:])
        if step is not None and rng.random() < chance_of_undo:
            assert step.mark == len(history) - 1
            _seat, action, text, seen, after = history[step.mark]
            state = log.take_back()
            assert state.to_json() == text
            assert observations(state) == seen
            del history[step.mark:]
            again = state.clone()
            again.apply(action)  # redo: the same step gives the same game as before
            assert again.to_json() == after
            undone += 1
            continue
        if seat == rules.CHANCE:
            action = state.sample_chance()
        else:
            action = rng.choice(state.legal_actions())
        before, seen = state.to_json(), observations(state)
        log.play(state, action, person=seat >= 0)
        history.append((seat, action, before, seen, state.to_json()))
        if seat == rules.CHANCE:
            assert log.steps == [], "a chance step ends every take-back"
        assert log.played == len(history)
    return undone

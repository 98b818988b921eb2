"""Twin worlds: two games that differ only in what one seat may not know (F11, F13).

A test plays a seeded game to some point, copies it and changes, in the copy, only facts
hidden from one seat (`me`): other hands' contents, face-down chips, sealed marketing, the
deck order or the RNG. `play_twins` then plays both worlds on side by side with the same
public decisions and asserts, before every step, that `me`'s observation and every phone
message `me` would get (its view, and its question when it decides) are identical. It
stops when the worlds' public histories part: a step whose public events differ, a
decision of another seat that is not legal in the other world, a chance outcome `me`
sees that differs. Until then the rules may not tell `me` apart the two worlds.

Each game supplies a `TwinGame`: how its players decide, how a chance outcome of one
world maps to the other, what of an event is public, and the phone messages.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass
class TwinGame:
    """The game-specific parts of a twin-world run."""

    chance: int  # the rules' CHANCE value of `current_player`
    decide: Callable[[Any], Any]  # the current seat's decision in this world
    #: (world a, world b, a's outcome, b's own sample, me) -> the outcome b plays, or None:
    #: the worlds part here (an outcome `me` sees, or a public one, differs)
    outcome: Callable[[Any, Any, Any, Any, int], Any]
    public: Callable[[list], list]  # the public part of a step's events
    log: Callable[[list], list[str]]  # the public log lines a phone shows for events
    view: Callable[[dict, list[str], bool], dict]  # a phone's view: (obs, log, over)
    question: Callable[[Any], dict]  # the phone's question to the current seat


def _listed(action: Any, legal: list) -> Any:
    """The object in `legal` equal to `action` (None if it is not legal there)."""
    return next((a for a in legal if a == action), None)


def play_twins(game: TwinGame, a: Any, b: Any, me: int, limit: int) -> int:
    """Play worlds `a` and `b` on together for at most `limit` steps (module doc), checking
    `me`'s observation and phone messages before each; returns the steps played alike
    (the observations compared: one more)."""
    log_a: list[str] = []
    log_b: list[str] = []
    for step in range(limit):
        obs_a, obs_b = a.observation(me), b.observation(me)
        assert obs_a == obs_b, f"step {step}: seat {me}'s observations differ"
        over = a.is_terminal()
        view_a, view_b = game.view(obs_a, log_a, over), game.view(obs_b, log_b, over)
        assert view_a == view_b, f"step {step}: seat {me}'s phone views differ"
        if over:
            return step
        seat = a.current_player
        if seat == game.chance:
            out_a = a.sample_chance()
            out_b = game.outcome(a, b, out_a, b.sample_chance(), me)
            if out_b is None:
                return step
        else:
            if seat == me:
                legal_a, legal_b = a.legal_actions(), b.legal_actions()
                assert legal_a == legal_b, f"step {step}: seat {me}'s choices differ"
                assert game.question(a) == game.question(b), \
                    f"step {step}: seat {me}'s phone questions differ"
            out_a = game.decide(a)
            out_b = _listed(out_a, b.legal_actions())
            if out_b is None:  # another seat does what it cannot do in the other world
                return step
        events_a, events_b = a.apply(out_a), b.apply(out_b)
        if game.public(events_a) != game.public(events_b):
            return step + 1
        log_a += game.log(events_a)
        log_b += game.log(events_b)
    return limit

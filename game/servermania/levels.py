"""SERVERMANIA's computer players by level: the names scenes and `main.py sim --ai` use.

A player decides only twice a turn at most (S6 maintenance, S8 STUCK); the rest is luck.

* easy: never pays maintenance (S6), so CUSTOMER SERVICE halves its servers where the
  others' double; STUCK (S8) as the rule player. A choice a newcomer can see is weaker
  (it won 19.7 % of 3,000 games against three Normals, fair 25 %; see RULES.md);
* normal: the rule player (players.py: expected servers against the fee, STUCK by race);
* hard: weighs both options by the chance of winning, not by money. For each option it
  plays simulated futures to the end of the game (every seat playing the rule player's
  way; dice and cards from its own seeded RNG, cards from what is left in each deck, so
  the deck order and the game's RNG are never read), the same futures for both options
  (common random numbers: the difference is sharp even with few of them), and leaves the
  rule player's choice only when the other option wins clearly more often. A budget of
  futures (and, on a screen, of time) bounds each decision.

How much a decision can give is measured, not assumed (`main.py sim servermania --ai
hard,normal,normal,normal`): see game/servermania/RULES.md, "Computer levels".
"""

from __future__ import annotations

import math
import random
import time

from game.servermania.actions import SKIP_MAINTENANCE, Action
from game.servermania.players import RandomPlayer, RulePlayer
from game.servermania.rules import CHANCE, TERMINAL
from game.servermania.state import State

#: Pairs of simulated futures (one per option, same dice and cards) per decision, at most.
PAIRS = 96
#: Pairs played before the first look at the difference (then again every CHECK pairs).
CHECK = 24
#: The other option must win more often by this many standard errors of the difference.
CLEAR = 2.0
#: Wall seconds a decision may take on a screen (None: the budget of futures alone).
TIME_BUDGET = 0.25


class EasyPlayer(RulePlayer):
    """The rule player that never pays maintenance (see the module notes)."""

    kind = "easy"

    def __init__(self, seed: int | None = None) -> None:  # seed: same signature as others
        super().__init__(seed)

    def decide(self, state: State, legal: list[Action]) -> Action:
        if SKIP_MAINTENANCE in legal:
            return SKIP_MAINTENANCE
        return super().decide(state, legal)


class NormalPlayer(RulePlayer):
    """The rule player, under its level name."""

    kind = "normal"


class HardPlayer:
    """The option that wins more often in simulated futures (see the module notes)."""

    kind = "hard"

    def __init__(self, seed: int | None = None, pairs: int = PAIRS,
                 time_budget: float | None = TIME_BUDGET) -> None:
        self.rng = random.Random(seed)
        self.pairs = pairs
        self.time_budget = time_budget
        self.rule = RulePlayer()

    def decide(self, state: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        base = self.rule.decide(state, legal)
        other = next(a for a in legal if a != base)
        return other if self.gain(state, base, other) > 0 else base

    def gain(self, state: State, base: Action, other: Action) -> float:
        """How much more often `other` wins than `base` (0 unless that is clear)."""
        seat = state.current_player
        start = time.perf_counter()
        diffs: list[float] = []
        while len(diffs) < self.pairs:
            seed = self.rng.getrandbits(64)
            diffs.append(future(state, other, seat, seed) - future(state, base, seat, seed))
            if len(diffs) % CHECK == 0 or len(diffs) == self.pairs:
                if not any(diffs):  # the same futures either way: it does not matter
                    return 0.0
                mean, spread = _mean_and_error(diffs)
                if abs(mean) > CLEAR * spread or len(diffs) == self.pairs:
                    return mean if mean > CLEAR * spread else 0.0
            if self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                break
        mean, spread = _mean_and_error(diffs)
        return mean if mean > CLEAR * spread else 0.0


def _mean_and_error(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n) if var else (0.0 if mean else math.inf)


_RULE = RulePlayer()


def future(state: State, action: Action, seat: int, seed: int) -> float:
    """`seat`'s share of the win in one simulated future after `action`: every seat plays
    the rule player's way; dice and cards come from `seed` and what is left in each deck
    (sorted, so the hidden order of the real deck plays no part)."""
    s = state.clone()
    s.rng = random.Random(seed)
    s.decks = {deck: sorted(cards) for deck, cards in s.decks.items()}
    s.apply_quiet(action)
    decide = _RULE.decide
    while True:
        cp = s.current_player
        if cp == CHANCE:
            s.apply_quiet(s.sample_chance())
        elif cp == TERMINAL:
            winners = s.winners()
            return 1 / len(winners) if seat in winners else 0.0
        else:
            s.apply_quiet(decide(s, s.legal_actions()))


#: What each level does, in one line for the lobby (read while a cursor is on a level).
LEVEL_NOTES = {
    "easy": "Easy never pays maintenance: Customer Service halves its servers. Beatable!",
    "normal": "Normal pays maintenance when the servers are worth the fee, and races out "
              "of STUCK",
    "hard": "Hard plays both choices out in simulated futures and keeps the one that wins "
            "more often",
}

LEVELS: dict[str, type] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}

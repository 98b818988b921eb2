"""Startup Fever's Hard computer player: a search over determinizations (F13-safe).

Information-set Monte Carlo search, one level deep, with a heuristic cut-off:

1. The player reads only `state.observation(seat)` (never the live State's hidden
   parts). Each iteration samples one determinization from it (determinize.py): a whole
   game consistent with what the seat sees.
2. On that same sample and with the same dice (common random numbers, so the candidates
   are compared fairly) each candidate action is applied, then every seat plays on for a
   few steps, the rivals as the Normal player and the seat by its own rules (HardRules,
   hard_rules.py): to the end of the current product turn (or into next year for year-end
   decisions), at most `depth` steps. No full playouts.
3. The position there is scored by the fitted evaluation (evaluate.py: a win chance per
   seat, a softmax over features weighted by evalfit.py from self-play games). The
   candidate with the best mean over the samples is played if it beats the HardRules
   choice by more than CONFIDENCE standard errors of the paired differences; otherwise
   that choice stands. A close call (a gain above CLOSE errors but not CONFIDENCE) gets
   CLOSER times the samples before the verdict.

What is searched: card windows (but the discard), Defense, counter-offers and user-loss
pips. Manage Employees, marketing, the discard and the turn position stay HardRules' (so
do the chips, reassigning and attrition, where search buys little): their gains show
only years later (an executive saved for, a turn position away from the year's first
cards), beyond the look-ahead, and the evaluation, fitted to who wins, cannot tell a
Nerd's worth from the money's it cost (rich companies are winning companies). Measured
against three Normals (400 games, seed 7, the same games each time): the hand-set
evaluation 48.5 %, the fitted one 48.8 %; with hires and marketing searched too 44.8 %;
24 samples instead of 12, 50.5 %. Earlier figures (seeds 11 and 12, the rules alone 45.0 /
40.3 %): every stage searched gave 25 %, manage with Nerd poaches 40.4 / 38.0 %.
CONFIDENCE is 2.5: card windows alone searched at 1.0 gave 43.3 % on seed 11, at 2.5
44.0 / 44.8 %. Once HardRules poached direct competitors' Nerds with its spare money
(hard_rules.py), the search of Manage Employees (stop, retain, a Big Nerd poach instead
of the rules' choice) undid it, stopping where the rules poach (the evaluation, fitted
to who wins, prizes the money): lab loop against three Normals, seed 101, 500 games: the
rules alone 52.1 %, searched with Manage 41.7 %; with Manage left to the rules (and the
rules' later turn position and direct poaches), seeds 107 and 108, 800 games: the rules
alone 57.9 %, searched 65.4 %, card windows alone searched 65.4 %. (The candidates of a
Manage step are still listed by `candidates`, for a search of it with a better
evaluation.)

Budget: at most `samples` determinizations and, as a safety cap, `time_budget` seconds
(None: no clock, so a decision depends only on the observation and the seed; tests use
that). Single-choice steps and stages not searched are decided by HardRules at once.
`last` holds the figures of the latest decision (samples, candidates, seconds) for the
budget report and tests.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from .actions import (
    EndManage,
    EndUserLoss,
    Hire,
    LosePip,
    Pass,
    PlayCard,
    Poach,
    Retain,
)
from .determinize import Sampler
from .hard_rules import HardRules
from .lookahead import play_on
from .normal import NormalPlayer
from .players import RulePlayer
from .rules import IllegalAction, State
from .state import BIG_NERD, BIG_SUIT

#: Stages decided by HardRules without search (see the module notes).
NO_SEARCH = frozenset({"chips", "reassign", "attrition", "marketing", "order_choose",
                       "manage"})
#: Card windows decided by HardRules without search: the year end's discard, where
#: HardRules dumps every card for a fresh hand (hard_rules.discard_all) and the search,
#: whose look-ahead cannot tell a kept card from the one drawn instead, only kept some
#: (lab loop, six players, seeds 201-204, 4,000 games: searched 41.5 %, the rules 43.8 %).
NO_SEARCH_WINDOWS = frozenset({"discard"})
SAMPLES = 16  # determinizations per decision (each tries every candidate)
CLOSER = 3  # a close call (a gain above CLOSE errors, not yet CONFIDENCE) gets this many
CLOSE = 1.0  # times the samples
TIME_BUDGET = 0.08  # seconds: a safety cap under the 100 ms budget (a loaded machine)
DEPTH = 40  # steps played on after a candidate, at most
MAX_CANDIDATES = 8
#: Two seats are left to HardRules: searched, Hard won 76.2 % (71.8-80.2) of 400 games
#: against Normal (seed 7), where HardRules alone wins 86.7 % (1,000 games, seed 21)
SEARCH_FROM_SEATS = 3
SEARCH_HIRES = False  # hires among the manage candidates (measured weaker: see the notes)
CONFIDENCE = 2.5  # standard errors by which a candidate must beat the default


@dataclass
class DecisionStats:
    """Figures of one decision: how much was searched and how long it took."""

    samples: int = 0
    candidates: int = 0
    seconds: float = 0.0


class HardPlayer:
    """Searches determinizations of its own observation (see the module notes)."""

    kind = "hard"

    def __init__(self, seed: int | None = None, *, samples: int = SAMPLES,
                 max_samples: int | None = None,
                 time_budget: float | None = TIME_BUDGET, depth: int = DEPTH) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.max_samples = max(samples, CLOSER * samples if max_samples is None else max_samples)
        self.time_budget = time_budget
        self.depth = depth
        self.normal = HardRules()
        self.policy: list[RulePlayer] = []  # every seat's play after a candidate
        self.last = DecisionStats()

    def decide(self, state_or_observation: State | dict[str, Any], legal: list) -> Any:
        start = time.perf_counter()
        self.last = DecisionStats()
        if len(legal) == 1:
            return legal[0]
        default = self.normal.decide(state_or_observation, legal)
        if isinstance(state_or_observation, dict):
            obs = state_or_observation
            stage, seats, window = obs["stage"], len(obs["players"]), obs["window"]
        else:  # public facts first: the observation only when the stage is searched
            stage, seats = state_or_observation.stage, len(state_or_observation.players)
            window = state_or_observation.window
        if stage in NO_SEARCH or seats < SEARCH_FROM_SEATS or (
                stage == "window" and window in NO_SEARCH_WINDOWS):
            return default
        if not isinstance(state_or_observation, dict):
            obs = state_or_observation.observation(state_or_observation.current_player)
        candidates = self.candidates(obs, legal, default)
        if obs["stage"] == "window" and obs["window"] != "discard":  # only sensible plays
            sensible = self.normal.sensible_cards(self.normal._view, legal)
            candidates = [a for a in candidates if type(a) is not PlayCard or a in sensible]
        if len(candidates) == 1:
            return candidates[0]
        choice = self.search(obs, candidates, default, start)
        self.last.seconds = time.perf_counter() - start
        return choice

    def decide_at_once(self, state_or_observation: State | dict[str, Any], legal: list) -> Any:
        """The rules' choice (HardRules), no search: a screen uses it where a computer must
        not be seen thinking, at card windows and Defense questions (F11, F13): every
        card holder is asked there, and searching only when a seat could play would make
        the seats holding a playable card look busy; so Hard searches no window on the
        screen."""
        return self.normal.decide(state_or_observation, legal)

    # ------------------------------------------------------------------ candidates
    @staticmethod
    def candidates(obs: dict[str, Any], legal: list, default: Any) -> list:
        """The actions worth comparing: the default (HardRules) choice first, then the stage's main
        alternatives (capped at MAX_CANDIDATES, so each gets enough samples)."""
        stage = obs["stage"]
        pool: list[Any]
        if stage == "manage":  # hires stay the rules' unless SEARCH_HIRES (see the notes)
            money = obs["players"][obs["seat"]]["money"]
            ends = [a for a in legal if type(a) is EndManage]
            hires = [a for a in legal if type(a) is Hire] if SEARCH_HIRES else []
            retains = [a for a in legal if type(a) is Retain]
            execs = [a for a in retains if a.kind in (BIG_NERD, BIG_SUIT)
                     and a.steps == 4 - a.vest]
            big = sorted((a for a in legal if type(a) is Poach and a.offer <= money
                          and a.kind == BIG_NERD), key=lambda a: a.offer)
            pool = ends + hires + (execs or retains)[:1] + big[:1] + big[-1:]  # the
            # cheapest and the costliest offer (that no counter can stop)
        elif stage == "loss":
            pips = sorted((a for a in legal if type(a) is LosePip),
                          key=lambda a: -obs["products"][a.slot]["field"])
            pool = [a for a in legal if type(a) is EndUserLoss] + pips[:4]
        elif stage == "window":
            pool = [a for a in legal if type(a) is Pass] + [a for a in legal if a != Pass()]
        else:
            pool = list(legal)
        out = [default]
        for a in pool:
            if a not in out:
                out.append(a)
        return out[:MAX_CANDIDATES]

    # ------------------------------------------------------------------ search
    def search(self, obs: dict[str, Any], candidates: list, default: Any,
               start: float) -> Any:
        seat = obs["seat"]
        rng = self.rng
        values: list[list[float]] = [[] for _ in candidates]
        deadline = None if self.time_budget is None else start + self.time_budget
        clock = time.perf_counter
        n = 0
        limit = self.samples
        sampler = Sampler(obs)
        while n < limit:
            det = sampler.sample(rng)
            dice = rng.getrandbits(32)
            row = []
            for action in candidates:
                s = det.clone(seed=dice)
                try:
                    s.apply(action)
                except IllegalAction:  # cannot happen for listed actions; never pick it
                    row.append(-1.0)
                    continue
                value = self.play_on(s, seat, obs["year"], obs["turn_index"], deadline)
                if value is None:
                    break
                row.append(value)
            if len(row) < len(candidates):
                break  # out of time mid-sample: that sample is not compared
            for i, v in enumerate(row):
                values[i].append(v)
            n += 1
            if deadline is not None and clock() >= deadline:
                break
            if n == limit and limit < self.max_samples and self.close_call(values):
                limit = self.max_samples  # a close call: look closer
        self.last.samples = n
        self.last.candidates = len(candidates)
        return candidates[self.pick(values)]

    @staticmethod
    def close_call(values: list[list[float]]) -> bool:
        """Whether no candidate beats the default by CONFIDENCE standard errors yet but
        one beats it by more than CLOSE: more samples may settle it."""
        return any(CLOSE < z <= CONFIDENCE for z in HardPlayer.gains(values))

    @staticmethod
    def gains(values: list[list[float]]) -> list[float]:
        """Per candidate after the default, its mean paired gain over the default in
        standard errors (0 when it does not gain)."""
        n = len(values[0])
        base = values[0]
        out = []
        for row in values[1:]:
            diffs = [a - b for a, b in zip(row, base, strict=True)]
            mean = sum(diffs) / n
            if mean <= 0 or n < 2:
                out.append(0.0)
                continue
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            out.append(mean / (var / n) ** 0.5 if var > 0 else float("inf"))
        return out

    @staticmethod
    def pick(values: list[list[float]]) -> int:
        """The candidate with the best mean, but only if it beats the default (index 0)
        by more than CONFIDENCE standard errors of the paired differences: a noisy
        evaluation must not make the player worse than the rule it improves on."""
        n = len(values[0])
        if n < 2:
            return 0
        base = values[0]
        best, best_mean = 0, 0.0
        for i in range(1, len(values)):
            diffs = [a - b for a, b in zip(values[i], base, strict=True)]
            mean = sum(diffs) / n
            if mean <= best_mean:
                continue
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean > CONFIDENCE * (var / n) ** 0.5:
                best, best_mean = i, mean
        return best

    def play_on(self, s: State, seat: int, year: int, turn_index: int,
                deadline: float | None = None) -> float | None:
        """Every seat plays its rules (rivals Normal, the seat HardRules) until the product
        turn (or year) moves on, at most `depth` steps; then the heuristic value for
        `seat` (None: out of time). (lookahead.py, compiled.)"""
        policy = self.policy
        while len(policy) < len(s.players):
            policy.append(HardRules() if len(policy) == seat else NormalPlayer())
        return play_on(s, seat, year, turn_index, self.depth, policy, deadline)

"""SERVERMANIA's computer players by level: the names scenes and `main.py sim --ai` use.

A player decides only twice a turn at most (S6 maintenance, S8 STUCK); the rest is luck.

* easy: the rule player, but about one decision in three is a coin flip;
* normal: the rule player (players.py: expected servers against the fee, STUCK by race);
* hard: expectimax over the die. For each option it averages over the six faces of the
  coming roll (and of a following roll of the same turn: the STUCK release move, a
  TechPad roll), stopping at a card draw (the deck order is never read) or when the turn
  ends, and scores the position by its win chance: a logistic of the seat's projected
  final money lead over the best rival. Projected money = cash + servers x ($20,000 +
  $10,000 per PAYDAY! still ahead) + the 10-server FINISH bonus shared by how close each
  pawn is (a pawn on STUCK is a turn further back) + its share of the CEO BONUS pot.
  Unlike the rule player it weighs the standings: a leader plays safe, a trailer gambles.
"""

from __future__ import annotations

import functools
import math
import random

from game.servermania.actions import DIE_FACES, Action
from game.servermania.board import CEO_BONUS, STUCK
from game.servermania.players import RandomPlayer, RulePlayer, paydays_after
from game.servermania.rules import (
    CHANCE,
    DIE_PHASES,
    FIRST_FINISH_BONUS,
    PAYDAY_PER_SERVER,
    SERVER_VALUE,
)
from game.servermania.state import State

EASY_MISTAKES = 0.35
#: Dice averaged over after a decision (the roll it precedes and one more of that turn).
DICE_DEPTH = 2
#: A lead of this much final money makes a win about 73% likely (the logistic's scale).
LEAD_SCALE = 80_000
#: The FINISH race: a pawn this many squares closer is e times as likely to win it.
RACE_SCALE = 7.0
MEAN_MOVE = 3.5


class EasyPlayer(RulePlayer):
    """The rule player with mistakes: about one decision in three is random."""

    kind = "easy"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)

    def decide(self, state: State, legal: list[Action]) -> Action:
        if len(legal) > 1 and self.rng.random() < EASY_MISTAKES:
            return legal[int(self.rng.random() * len(legal))]
        return super().decide(state, legal)


class NormalPlayer(RulePlayer):
    """The rule player, under its level name."""

    kind = "normal"


class HardPlayer:
    """Expectimax over the die with a win-chance evaluation (see the module notes)."""

    kind = "hard"

    def __init__(self, seed: int | None = None, dice_depth: int = DICE_DEPTH) -> None:
        self.dice_depth = dice_depth
        self.fallback = RulePlayer()

    def decide(self, state: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        best = self.fallback.decide(state, legal)  # ties keep the rule player's choice
        best_value = self.value_of(state, best, seat)
        for action in legal:
            if action != best:
                value = self.value_of(state, action, seat)
                if value > best_value + 1e-12:
                    best, best_value = action, value
        return best

    def value_of(self, state: State, action: Action, seat: int) -> float:
        s = state.clone()
        s.apply_quiet(action)
        return self.expect(s, seat, state.turn, self.dice_depth)

    def expect(self, s: State, seat: int, turn: int, dice: int) -> float:
        """Mean value over the faces of the die due now, while it is this turn's."""
        if dice and s.current_player == CHANCE and s.phase in DIE_PHASES \
                and s.turn == turn and s.turn_seat == seat:
            total = 0.0
            for face in DIE_FACES:
                c = s.clone()
                c.apply_quiet(face)
                total += self.expect(c, seat, turn, dice - 1)
            return total / len(DIE_FACES)
        return win_chance(s, seat)


@functools.cache
def ceo_bonus_after(kinds: tuple[str, ...]) -> tuple[int, ...]:
    """ceo_bonus_after(kinds)[i]: CEO BONUS squares beyond square i."""
    return tuple(kinds[i + 1:].count(CEO_BONUS) for i in range(len(kinds)))


def projected_money(s: State) -> list[float]:
    """Each seat's expected final money from public facts only (no deck order)."""
    board = s.board
    kinds = board.kinds
    last = len(kinds) - 1
    ahead = paydays_after(kinds)
    race = []
    for p in s.players:
        distance = last - p.position
        if kinds[p.position] == STUCK and not p.finished:
            distance += MEAN_MOVE  # about one turn lost
        race.append(0.0 if p.finished or s.finish_order else math.exp(-distance / RACE_SCALE))
    race_total = sum(race)
    ceo_ahead = ceo_bonus_after(kinds)
    out = []
    for i, p in enumerate(s.players):
        paydays = 0 if p.finished else ahead[p.position]
        money = p.cash + p.servers * (SERVER_VALUE + PAYDAY_PER_SERVER * paydays)
        if race_total:
            money += FIRST_FINISH_BONUS * SERVER_VALUE * race[i] / race_total
        if not p.finished and ceo_ahead[p.position]:
            money += s.pot / (6 * len(s.players))  # a small share: landing there is luck
        out.append(money)
    return out


def win_chance(s: State, seat: int) -> float:
    """Logistic of the seat's projected lead over its best rival (exact when over)."""
    if s.is_terminal():
        winners = s.winners()
        return 1 / len(winners) if seat in winners else 0.0
    money = projected_money(s)
    rival = max(m for i, m in enumerate(money) if i != seat)
    lead = (money[seat] - rival) / LEAD_SCALE
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, lead))))


LEVELS: dict[str, type] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}

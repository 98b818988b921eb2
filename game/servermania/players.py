"""Simple SERVERMANIA players for the simulator and the demo: one `decide` method each.

A player only decides at player steps (maintenance, STUCK); chance steps are sampled by
the driver. `RulePlayer` weighs the two decisions the rules leave open:

* maintenance (S6): landing on CUSTOMER SERVICE is a 1-in-6 shot. Paying turns the
  outcome from max(1, s // 2) servers into 2s, a gain of d = 2s - max(1, s // 2)
  servers, each worth $20,000 at the end plus $10,000 per PAYDAY! still ahead. Pay
  when d * value / 6 beats the $50,000 fee.
* STUCK (S8): waiting costs no income (every PAYDAY! is still ahead) but loses about
  one turn on average, which only matters in the race for the 10-server FINISH bonus.
  Pay when nobody has finished and the pawn is still in that race.
"""

from __future__ import annotations

import functools
import random
from typing import Protocol

from game.servermania.actions import (
    PAY_MAINTENANCE,
    PAY_TO_LEAVE_STUCK,
    ROLL_TO_LEAVE_STUCK,
    SKIP_MAINTENANCE,
    Action,
)
from game.servermania.board import PAYDAY
from game.servermania.rules import (
    MAINTENANCE_FEE,
    PAYDAY_PER_SERVER,
    SERVER_VALUE,
    STUCK_FEE,
)
from game.servermania.state import State

#: How far behind the leading pawn a STUCK pawn may be and still pay to race on.
RACE_GAP = 12


class Agent(Protocol):
    kind: str

    def decide(self, state: State, legal: list[Action]) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal actions, from its own seeded RNG."""

    kind = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, state: State, legal: list[Action]) -> Action:
        return legal[int(self.rng.random() * len(legal))]


class RulePlayer:
    """Pays maintenance when the expected servers are worth it; pays out of STUCK to race."""

    kind = "rules"

    def __init__(self, seed: int | None = None) -> None:   # seed: same signature as others
        pass

    def decide(self, state: State, legal: list[Action]) -> Action:
        if PAY_MAINTENANCE in legal:
            return PAY_MAINTENANCE if self.maintenance_worth_it(state) else SKIP_MAINTENANCE
        if PAY_TO_LEAVE_STUCK in legal:
            return PAY_TO_LEAVE_STUCK if self.should_leave_stuck(state) else ROLL_TO_LEAVE_STUCK
        return legal[0]

    def maintenance_worth_it(self, state: State) -> bool:
        p = state.players[state.turn_seat]
        cs = state.board.cs_ahead[p.position]
        if cs < 0 or p.cash < MAINTENANCE_FEE:
            return False
        servers = p.servers
        gain = 2 * servers - max(1, servers // 2)
        value = SERVER_VALUE + PAYDAY_PER_SERVER * paydays_after(state.board.kinds)[cs]
        return gain * value / 6 > MAINTENANCE_FEE

    def should_leave_stuck(self, state: State) -> bool:
        p = state.players[state.turn_seat]
        if p.cash < STUCK_FEE or state.finish_order:
            return False
        leader = max(q.position for q in state.players)
        return leader - p.position <= RACE_GAP


@functools.cache
def paydays_after(kinds: tuple[str, ...]) -> tuple[int, ...]:
    """paydays_after(kinds)[i]: PAYDAY! squares beyond square i (once per track)."""
    return tuple(kinds[i + 1:].count(PAYDAY) for i in range(len(kinds)))


PLAYER_TYPES = {RandomPlayer.kind: RandomPlayer, RulePlayer.kind: RulePlayer}

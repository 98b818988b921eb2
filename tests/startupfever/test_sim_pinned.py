"""Pinned outcomes of a few seeded simulator games.

The engine's hot path is tuned for speed; these fixed-seed games must come out exactly
as they did before any tuning: the same number of applied actions, years, winners, VP
and money per seat. A change to a rule or to a player's decisions moves these numbers
(then re-pin them, knowingly); a speed-up must never move them.
"""

from __future__ import annotations

import pytest

from game.startupfever import sim

# (players, game g of run seed 1, steps, years, winners, VP per seat, money per seat)
# Re-pinned when every card holder came to answer each card window (F11): the steps
# count those answers, and the simulator no longer asks a player about a decision with
# one legal action, so a random seat draws its numbers at other moments (games 4-0, 4-1,
# 2-0, 2-1, 6-0, 6-1 differ there). Games of rule players alone end exactly as before.
PINNED = [
    (4, 0, 1047, 4, [0], [35, 16, 19, 3], [2, 0, 7, 0]),
    (4, 1, 1223, 5, [1], [0, 86, 17, 62], [0, 13, 0, 17]),
    (4, 2, 1347, 5, [2], [50, 0, 93, 0], [1, 3, 28, 1]),
    (4, 3, 1364, 5, [3], [0, 66, 6, 87], [0, 10, 0, 49]),
    (4, 4, 1246, 5, [0], [92, 0, 59, 0], [44, 0, 10, 0]),
    (4, 5, 1181, 5, [1], [0, 74, 7, 62], [0, 9, 0, 5]),
    (2, 0, 493, 4, [1], [17, 54], [18, 5]),
    (2, 1, 662, 5, [1], [5, 89], [0, 38]),
    (6, 0, 1384, 4, [2], [3, 0, 50, 0, 47, 0], [0, 1, 9, 0, 13, 0]),
    (6, 1, 1768, 5, [3], [0, 50, 7, 58, 4, 42], [0, 12, 0, 0, 0, 5]),
]


@pytest.mark.parametrize("players,g,steps,years,winners,vp,money", PINNED)
def test_seeded_game_outcome_is_pinned(players, g, steps, years, winners, vp, money):
    final: list = []
    assert sim.play_game(players, seed=1, g=g, final=final) == (
        steps, years, winners, [cls.kind for cls in sim.seat_types(players, g)], [])
    assert final == [(vp, money)]


def test_seeded_rule_only_game_outcome_is_pinned():
    final: list = []
    assert sim.play_game(5, seed=3, g=0, rule_only=True, final=final)[:3] == (1037, 4, [1])
    assert final == [([5, 36, 3, 34, 21], [0, 4, 0, 6, 15])]

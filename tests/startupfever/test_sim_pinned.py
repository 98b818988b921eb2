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
PINNED = [
    (4, 0, 769, 5, [2], [24, 47, 74, 1], [1, 1, 13, 3]),
    (4, 1, 660, 5, [1], [4, 90, 14, 49], [1, 10, 0, 8]),
    (4, 2, 711, 5, [2], [50, 0, 93, 0], [1, 3, 28, 1]),
    (4, 3, 733, 5, [3], [0, 66, 6, 87], [0, 10, 0, 49]),
    (4, 4, 680, 5, [0], [92, 0, 59, 0], [44, 0, 10, 0]),
    (4, 5, 706, 5, [1], [0, 74, 7, 62], [0, 9, 0, 5]),
    (2, 0, 424, 5, [0], [57, 45], [28, 0]),
    (2, 1, 462, 5, [1], [0, 119], [0, 41]),
    (6, 0, 651, 4, [2], [39, 0, 55, 0, 24, 0], [11, 0, 11, 0, 9, 0]),
    (6, 1, 864, 5, [5], [0, 39, 6, 43, 3, 52], [0, 2, 0, 3, 0, 8]),
]


@pytest.mark.parametrize("players,g,steps,years,winners,vp,money", PINNED)
def test_seeded_game_outcome_is_pinned(players, g, steps, years, winners, vp, money):
    final: list = []
    assert sim.play_game(players, seed=1, g=g, final=final) == (
        steps, years, winners, [cls.kind for cls in sim.seat_types(players, g)], [])
    assert final == [(vp, money)]


def test_seeded_rule_only_game_outcome_is_pinned():
    final: list = []
    assert sim.play_game(5, seed=3, g=0, rule_only=True, final=final)[:3] == (625, 4, [1])
    assert final == [([5, 36, 3, 34, 21], [0, 4, 0, 6, 15])]

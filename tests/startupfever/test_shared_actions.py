"""The engine's shared action objects stay bounded: a demo left running all night lists
new poach offers (a price, the product left, the product joined) every game, and an
unbounded cache of them grew game after game (seen in the demo soak)."""

from __future__ import annotations

from game.startupfever import employees
from game.startupfever.actions import Poach, shared
from game.startupfever.state import NERD


def test_poach_offers_are_shared_but_only_the_most_recent_ones_are_kept():
    made = employees._poach
    first = made(1, "A1", NERD, 0, 3, "B1")
    assert made(1, "A1", NERD, 0, 3, "B1") is first  # listed twice: one object
    for price in range(3 * employees.POACH_OFFERS_KEPT):  # many games' worth of offers
        made(2, "C1", NERD, 1, price, "D1")
    assert made.cache_info().currsize <= employees.POACH_OFFERS_KEPT
    again = made(1, "A1", NERD, 0, 3, "B1")
    assert again == first and again is not first  # the oldest one was let go


def test_a_bounded_maker_still_makes_equal_actions():
    make = shared(Poach, most=2)
    offers = [make(0, "A1", NERD, v, 4 + v, "B1") for v in range(4)]
    assert offers == [Poach(0, "A1", NERD, v, 4 + v, "B1") for v in range(4)]
    assert make.cache_info().currsize == 2

"""A loaded save always plays on.

Startup Fever's `from_json` accepted 6 of 20,000 mutated saves that then broke: a
competition die owed by a product not asked for it (IndexError at the roll, on every
Continue), a chip set to null after set-up, a product missing from the first turn
order's pool (both played into states the save check itself refuses). The examples
below are those mutations of real saves; the property mutates real saves of both games
(hypothesis, derandomized under CI) and plays every accepted one 400 random steps.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import registry
from tests.save_mutations import accepted, mutate, plays_on, real_saves


def first_save(game: str, where) -> dict:
    """The first real save (as data) for which `where(data)` holds."""
    return next(d for d in map(json.loads, real_saves(game)) if where(d))


def test_a_competition_die_owed_by_a_product_not_asked_for_it_is_refused():
    data = first_save("startupfever", lambda d: d["stage"] == "comp_roll"
                      and len(d["comp_pending"]) >= 2)
    data["comp_pending"] = data["comp_pending"][:1]  # the other products never roll
    text = json.dumps(data)
    assert plays_on("startupfever", text, random.Random(1)) is None  # was IndexError
    assert not accepted("startupfever", text)


def test_a_competition_die_asked_twice_of_one_product_is_refused():
    data = first_save("startupfever", lambda d: d["stage"] == "comp_roll"
                      and len(d["comp_pending"]) >= 2)
    data["comp_pending"] = [data["comp_pending"][0]] * len(data["comp_pending"])
    assert not accepted("startupfever", json.dumps(data))


def test_a_chip_set_to_null_after_set_up_is_refused():
    data = first_save("startupfever", lambda d: d["year"] >= 2)
    slot = next(s for s, p in data["products"].items() if not p["launched"])
    data["products"][slot]["category"] = None
    text = json.dumps(data)
    assert plays_on("startupfever", text, random.Random(1)) is None
    assert not accepted("startupfever", text)


def test_a_product_missing_from_the_first_turn_orders_pool_is_refused():
    data = first_save("startupfever", lambda d: d["stage"] == "first_order"
                      and len(d["order_pool"]) >= 3)
    data["order_pool"] = data["order_pool"][1:]
    text = json.dumps(data)
    assert plays_on("startupfever", text, random.Random(1), steps=2000) is None
    assert not accepted("startupfever", text)


def test_every_real_save_is_accepted_and_plays_on():
    for game in registry.ids():
        texts = real_saves(game)
        assert texts and all(accepted(game, t) for t in texts)
        for i, text in enumerate(texts[::40]):
            assert plays_on(game, text, random.Random(i)) is None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(list(registry.ids())), seed=st.integers(0, 2**32))
def test_any_mutated_save_is_refused_or_plays_on(game, seed):
    rng = random.Random(seed)
    data = json.loads(rng.choice(real_saves(game)))
    text = json.dumps(mutate(data, rng))
    assert plays_on(game, text, rng) is None


def test_cards_owed_past_a_hand_of_four_are_refused():
    """Found by the property run: a deal queue naming a seat once too often."""
    data = first_save("startupfever", lambda d: d["stage"] == "deal" and d["deal_queue"])
    seat = data["deal_queue"][0]
    data["deal_queue"] += [seat] * 4
    text = json.dumps(data)
    assert plays_on("startupfever", text, random.Random(1)) is None
    assert not accepted("startupfever", text)

"""`observation` copies the state's plain data directly (observe.plain_copy) instead of a
JSON round trip; what each seat gets must be exactly what the round trip gave: the same
values, the same types (lists, text keys, plain `str`) and a copy of its own."""

from __future__ import annotations

import json
import random
from enum import StrEnum

from hypothesis import given, settings
from hypothesis import strategies as st

from game import startupfever as sf
from game.startupfever.normal import NormalPlayer
from game.startupfever.observe import plain_copy
from game.startupfever.rules import from_json


def _round_trip(state: sf.State, seat: int) -> dict:
    """The observation as the JSON round trip built it (the reference)."""
    data = state.to_dict(rng=False)
    for key in ("rng", "seed", "format", "version"):
        data.pop(key, None)
    shared = {"deck": sum(state.deck.values()), "current_player": state.current_player,
              "current_slot": state.current_slot}
    sealed = [state.sealed_marketing(i) for i in range(len(state.players))]
    return state._observed(json.loads(json.dumps(data)), seat, shared, sealed)


def _same(a, b) -> bool:
    """Equal and of the same types all the way down (True is not 1, a tuple not a list)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if type(a) is list:
        return len(a) == len(b) and all(map(_same, a, b))
    return a == b


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), steps=st.integers(0, 1500))
def test_an_observation_is_the_json_round_trip_of_the_state(players, seed, steps):
    state = sf.new_game(players, seed=seed)
    agents = [NormalPlayer(seed + s) for s in range(players)]
    rng = random.Random(seed)
    for _ in range(steps):
        cp = state.current_player
        if cp == sf.TERMINAL:
            break
        state.apply(state.sample_chance() if cp == sf.CHANCE
                    else agents[cp].decide(state, state.legal_actions()))
        if rng.random() < 0.02:  # now and then through a save, as a loaded game is
            state = from_json(state.to_json())
    everyone = state.observations(list(range(players)))
    for seat in range(players):
        assert _same(state.observation(seat), _round_trip(state, seat))
        assert _same(everyone[seat], _round_trip(state, seat))


def test_each_observation_is_a_copy_of_its_own():
    state = sf.new_game(4, seed=3)
    first, second = state.observations([0, 1])
    first["players"][1]["slots"].append("Z")
    first["products"]["A"]["nerds"][0] = 99
    assert state.players[1].slots[-1] != "Z" and second["players"][1]["slots"][-1] != "Z"
    assert state.products["A"].nerds[0] != 99 and second["products"]["A"]["nerds"][0] != 99


class _Stage(StrEnum):
    MANAGE = "manage"


def test_plain_copy_gives_what_json_gives():
    value = {"a": (1, 2.5, True, None), 3: [_Stage.MANAGE], True: {"x": []}, None: "n",
             _Stage.MANAGE: 1}
    copied = plain_copy(value)
    assert _same(copied, json.loads(json.dumps(value)))
    assert type(copied["a"]) is list and type(copied["3"][0]) is str
